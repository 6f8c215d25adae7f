/**
 * Town Building abilities (RULES.md §3.5; data/buildings.ts): each is read from the card's data
 * where it fires. An ability fires on its owner's turn, with the Pioneer on the card's Site, its
 * trigger active, not in the turn the card was built, once per turn unless UNLIMITED.
 */
import type { RuleViolation, Seat } from '../engine';
import type { ColomaCommand } from './commands';
import { BUILDINGS, type Ability } from './data/buildings';
import { emit, fail, goldChoices, grant, draw, paid, payment, takeBarrel, type Cost, type Ctx } from './ctx';
import type { DeckEnd } from './events';
import { tentCheck, tentTargets } from './actions';
import type { Handler } from './protocol';
import { cardOnSite, gunmenOf, triggerActive } from './rules';
import type { ColomaState } from './state';

type AbilityCmd = Extract<ColomaCommand, { type: 'ABILITY' }>;

const costOf = (a: Ability): Cost => ({
  bucks: a.cost.bucks,
  dudes: a.cost.dudes,
  tents: a.cost.tents,
  horses: a.cost.horses,
});
const usedBarrel = (s: ColomaState, seat: Seat): number => s.players[seat].barrels.findIndex((b) => b.used);

function targetCheck(s: ColomaState, seat: Seat, a: Ability, c: AbilityCmd): RuleViolation | null {
  const kind = a.effect.kind;
  if (kind === 'PLACE_TENT_ANYWHERE') {
    if (c.event === null && c.land === null)
      return fail('ILLEGAL_TARGET', 'say where the Tent goes (event or land)');
    return tentCheck(s, seat, c.event, c.land, true);
  }
  if (c.event !== null || c.land !== null) return fail('ILLEGAL_TARGET', 'this ability places no Tent');
  if (kind === 'TAKE_BARREL') {
    if (c.from === null) return fail('ILLEGAL_TARGET', 'say which Hideout space (from)');
    if (c.from > 0 && s.hideout[c.from - 1] === null)
      return fail('ILLEGAL_TARGET', 'that Hideout space is empty');
  } else if (c.from !== null) return fail('ILLEGAL_TARGET', 'this ability takes no Barrel');
  return null;
}

function abilityCheck(s: ColomaState, seat: Seat, c: AbilityCmd): RuleViolation | null {
  const p = s.players[seat];
  if (!p.tableau.includes(c.card)) return fail('ILLEGAL_TARGET', 'that building is not in your tableau');
  const a = BUILDINGS[c.card].abilities[c.index];
  if (!cardOnSite(s, c.card, a.trigger) || !triggerActive(s, a.trigger))
    return fail(
      'NOT_AVAILABLE',
      `${BUILDINGS[c.card].name}'s ability ${c.index + 1} does not fire now (RB L444, L448)`,
    );
  if (a.limit === 'ONCE' && s.turn!.used.includes(`${c.card}#${c.index}`))
    return fail('LIMIT', 'already used this turn');
  const needsDiscard = (a.cost.discardCards ?? 0) > 0;
  if (needsDiscard !== (c.discard !== null))
    return fail(
      'ILLEGAL_TARGET',
      needsDiscard ? 'name the card to discard' : 'this ability discards no card',
    );
  if (c.discard !== null && !p.hand.includes(c.discard))
    return fail('ILLEGAL_TARGET', 'that card is not in your hand');
  if ((a.cost.usedBarrels ?? 0) > 0 && usedBarrel(s, seat) < 0)
    return fail('INSUFFICIENT', 'no used Barrel to discard');
  if (a.effect.kind === 'PLACE_TENT_ANYWHERE' && p.tents - (a.cost.tents ?? 0) < 1)
    return fail('INSUFFICIENT', 'no Tent in your Lodge');
  const r = payment(s, p, costOf(a), c.gold);
  return 'violation' in r ? r : targetCheck(s, seat, a, c);
}

function effect(ctx: Ctx, seat: Seat, a: Ability, c: AbilityCmd): void {
  const p = ctx.state.players[seat];
  const reason = `${c.card}#${c.index}`;
  const e = a.effect;
  switch (e.kind) {
    case 'GAIN':
      return grant(ctx, seat, e, reason);
    case 'DRAW':
      return draw(ctx, seat, e.cards);
    case 'PLACE_TENT_ANYWHERE':
      return emit(ctx, { type: 'TENT_PLACED', seat, event: c.event, land: c.land });
    case 'TAKE_BARREL':
      return takeBarrel(ctx, seat, c.from!);
    case 'GOLD_PER_DEAD_DUDE':
      return grant(ctx, seat, { gold: p.dead }, reason);
    case 'BUCKS_PER_2_GUNMEN':
      return grant(ctx, seat, { bucks: Math.floor(gunmenOf(ctx.state, seat) / 2) }, reason);
    case 'DUDES_PER_BARREL':
      return grant(ctx, seat, { dudes: p.barrels.length }, reason);
    case 'BUCKS_PER_BARREL':
      return grant(ctx, seat, { bucks: p.barrels.length }, reason);
    case 'EXTRA_WAGON_ACTION':
    case 'ALL_WHEELBARROWS':
      return; // evolve opens them on ABILITY_USED
  }
}

export const abilityHandler: Handler<AbilityCmd> = {
  type: 'ABILITY',
  answers: ['TURN'],
  check: abilityCheck,
  decide: (ctx, seat, c) => {
    const a = BUILDINGS[c.card].abilities[c.index];
    const amounts = payment(ctx.state, ctx.state.players[seat], costOf(a), c.gold);
    paid(ctx, seat, amounts as object, `${c.card}#${c.index}`);
    if (c.discard !== null)
      emit(ctx, { type: 'CARDS_RETURNED', seat, cards: [c.discard], to: [c.to], reason: 'ABILITY' });
    if ((a.cost.usedBarrels ?? 0) > 0)
      emit(ctx, { type: 'BARREL_DISCARDED', seat, index: usedBarrel(ctx.state, seat) });
    emit(ctx, { type: 'ABILITY_USED', seat, card: c.card, index: c.index });
    effect(ctx, seat, a, c);
  },
  legal: (s, seat) => {
    const p = s.players[seat];
    const out: AbilityCmd[] = [];
    for (const card of p.tableau)
      BUILDINGS[card].abilities.forEach((a, index) => {
        const discards: ((typeof p.hand)[number] | null)[] =
          (a.cost.discardCards ?? 0) > 0 ? [...new Set(p.hand)] : [null];
        const ends: DeckEnd[] = (a.cost.discardCards ?? 0) > 0 ? ['TOP', 'BOTTOM'] : ['BOTTOM'];
        const targets =
          a.effect.kind === 'PLACE_TENT_ANYWHERE'
            ? tentTargets(s).map((t) => ({ ...t, from: null }))
            : a.effect.kind === 'TAKE_BARREL'
              ? [0, 1, 2, 3, 4].map((from) => ({ event: null, land: null, from }))
              : [{ event: null, land: null, from: null }];
        for (const gold of goldChoices(s, p, costOf(a)))
          for (const discard of discards)
            for (const to of ends)
              for (const t of targets) out.push({ type: 'ABILITY', card, index, gold, discard, to, ...t });
      });
    return out;
  },
};
