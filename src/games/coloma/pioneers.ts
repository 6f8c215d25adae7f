/** The Specialized Pioneer module (RULES.md §5.4, D24-D27): four active abilities as commands. */
import type { RuleViolation, Seat } from '../engine';
import type { ColomaCommand } from './commands';
import { BUILDING_IDS } from './data/buildings';
import type { PioneerId } from './data/pioneers';
import { emit, fail, grant, paid, payment } from './ctx';
import { siteAction } from './actions';
import type { Handler } from './protocol';
import { commonOf } from './rules';
import type { ColomaState } from './state';

type Of<T extends ColomaCommand['type']> = Extract<ColomaCommand, { type: T }>;

function mine(s: ColomaState, seat: Seat, pioneer: PioneerId): RuleViolation | null {
  if (s.players[seat].pioneer !== pioneer) return fail('NOT_AVAILABLE', `you are not the ${pioneer}`);
  return s.turn!.used.includes('PIONEER')
    ? fail('LIMIT', 'your Pioneer ability is used once per turn (D24)')
    : null;
}

const rob: Handler<Of<'ROB'>> = {
  type: 'ROB',
  answers: ['TURN'],
  check: (s, seat) =>
    s.players[seat].pioneer !== 'ROBBER'
      ? fail('NOT_AVAILABLE', 'you are not the Robber')
      : s.turn!.wagons <= 0
        ? fail('NOT_AVAILABLE', 'the Robber spends a Wagon action')
        : null,
  decide: (ctx, seat) => {
    const s = ctx.state;
    siteAction(ctx, seat, commonOf(s, s.turn!.site) === 4 && !s.turn!.commonUsed ? 'COMMON' : 'BOOM', 'ROB');
    emit(ctx, { type: 'MINE_CART_ROBBED', seat, gold: Math.min(3, ctx.state.mineCart) }); // D25
  },
  legal: () => [{ type: 'ROB' }],
};

const sawOf = (s: ColomaState, card: Of<'HOMESTEAD'>['card']) => ({
  ...s.data.buildings[card].saw,
  tents: 1,
});

const homestead: Handler<Of<'HOMESTEAD'>> = {
  type: 'HOMESTEAD',
  answers: ['TURN'],
  check: (s, seat, c) => {
    const bad = mine(s, seat, 'HOMESTEADER');
    if (bad) return bad;
    if (!s.players[seat].hand.includes(c.card))
      return fail('ILLEGAL_TARGET', 'that card is not in your hand');
    const r = payment(s, s.players[seat], sawOf(s, c.card), 0);
    return 'violation' in r ? r : null;
  },
  decide: (ctx, seat, c) => {
    const amounts = payment(ctx.state, ctx.state.players[seat], sawOf(ctx.state, c.card), 0);
    emit(ctx, { type: 'PIONEER_ABILITY_USED', seat, pioneer: 'HOMESTEADER' });
    paid(ctx, seat, amounts as object, 'HOMESTEADER');
    emit(ctx, { type: 'BUILDING_BUILT', seat, card: c.card, tool: 'SAW' });
  },
  legal: () => BUILDING_IDS.map((card) => ({ type: 'HOMESTEAD', card })),
};

const maverick: Handler<Of<'MAVERICK'>> = {
  type: 'MAVERICK',
  answers: ['TURN'],
  check: (s, seat, c) =>
    mine(s, seat, 'MAVERICK') ??
    (s.players[seat].hand.includes(c.discard)
      ? null
      : fail('ILLEGAL_TARGET', 'that card is not in your hand')),
  decide: (ctx, seat, c) => {
    emit(ctx, { type: 'PIONEER_ABILITY_USED', seat, pioneer: 'MAVERICK' });
    emit(ctx, { type: 'CARDS_RETURNED', seat, cards: [c.discard], to: [c.to], reason: 'MAVERICK' });
    grant(ctx, seat, c.gain === 'BUCKS' ? { bucks: 1 } : { dudes: 1 }, 'MAVERICK');
  },
  legal: (s, seat) =>
    s.players[seat].hand.flatMap((discard) =>
      (['TOP', 'BOTTOM'] as const).flatMap((to) =>
        (['BUCKS', 'DUDES'] as const).map((gain) => ({ type: 'MAVERICK' as const, discard, to, gain })),
      ),
    ),
};

/** Vigilante: the usual Gunmen rules (one whole row, one row a turn) without being at Site 5. */
function vigilanteCheck(s: ColomaState, seat: Seat, c: Of<'VIGILANTE'>): RuleViolation | null {
  const bad = mine(s, seat, 'VIGILANTE');
  if (bad) return bad;
  if (!s.players[seat].barrels.some((b) => b.used)) return fail('INSUFFICIENT', 'no used Barrel to discard');
  if (s.turn!.gunmen) return fail('LIMIT', 'one row of Gunmen per turn (RB L542)');
  if (c.row >= s.rows.length || s.rows[c.row] !== null)
    return fail('ILLEGAL_TARGET', 'that row is not empty');
  return s.players[seat].dudes < s.data.shootout.rows[c.row]
    ? fail('INSUFFICIENT', 'fill the whole row from your Lodge')
    : null;
}

const vigilante: Handler<Of<'VIGILANTE'>> = {
  type: 'VIGILANTE',
  answers: ['TURN'],
  check: vigilanteCheck,
  decide: (ctx, seat, c) => {
    const index = ctx.state.players[seat].barrels.findIndex((b) => b.used);
    emit(ctx, { type: 'PIONEER_ABILITY_USED', seat, pioneer: 'VIGILANTE' });
    emit(ctx, { type: 'BARREL_DISCARDED', seat, index });
    emit(ctx, { type: 'GUNMEN_PLACED', seat, row: c.row, dudes: ctx.state.data.shootout.rows[c.row] });
  },
  legal: (s) => s.rows.map((_, row) => ({ type: 'VIGILANTE', row })),
};

export const PIONEER_HANDLERS = { ROB: rob, HOMESTEAD: homestead, MAVERICK: maverick, VIGILANTE: vigilante };
