/**
 * The automatic steps between prompts (RULES.md §2, §4): setup, Rounds and their Events, the
 * reveal and the Bust, the Shootout, Clean Up and the end; plus the three non-turn prompts
 * (opening discard, Event 5, the Dial).
 */
import type { GameResult, Seat } from '../engine';
import type { Rng } from '../random';
import type { ColomaCommand } from './commands';
import { BUILDING_IDS } from './data/buildings';
import { PIONEER_IDS } from './data/pioneers';
import { draw, emit, fail, grant, newCtx, paid, pickBarrel, type Ctx } from './ctx';
import type { ColomaEvent } from './events';
import { evolve } from './evolve';
import { effectiveData, type ColomaOptions } from './options';
import type { Handler } from './protocol';
import { bustSite, fromSheriff, gunmenOf, muleDuel, scoreOf } from './rules';
import type { ColomaState } from './state';

type Of<T extends ColomaCommand['type']> = Extract<ColomaCommand, { type: T }>;

export function setup(options: ColomaOptions, seatCount: number, rng: Rng): ColomaEvent[] {
  const sheriff = options.sheriff ?? rng.int(0, seatCount - 1);
  const printed = effectiveData(options.printed);
  const bridgeTypes = rng.shuffle(printed.bridgeTypes.map((b) => b.id)).slice(0, 6);
  const shootoutCards = rng.shuffle([0, 1, 2, 3]).slice(0, 2);
  const pool: Record<string, number> = Object.fromEntries(printed.barrels.map((b) => [b.id, b.count]));
  const hideout: string[] = [];
  for (let i = 0; i < 4; i++) {
    const b = pickBarrel(pool, rng)!;
    pool[b]--;
    hideout.push(b);
  }
  // Hotel module: 2 Hotels per player face up (RB L620), in a seeded order.
  const hotels = options.modules.includes('HOTELS')
    ? rng.shuffle(printed.hotels.map((_, i) => i)).slice(0, 2 * seatCount)
    : [];
  const pioneers = options.modules.includes('SPECIALIZED_PIONEERS')
    ? (options.pioneers ?? rng.shuffle(PIONEER_IDS).slice(0, seatCount))
    : [];
  const first: ColomaEvent = {
    type: 'GAME_STARTED',
    seatCount,
    options,
    sheriff,
    bridgeTypes,
    shootoutCards,
    hideout,
    hotels,
    pioneers,
  };
  const ctx = newCtx(evolve(null, first), rng);
  ctx.events.push(first);
  for (let seat = 0; seat < seatCount; seat++) {
    const order = options.decks?.[seat] ?? rng.shuffle(BUILDING_IDS);
    emit(ctx, {
      type: 'DECK_DEALT',
      seat,
      deck: order.slice(6),
      hand: order.slice(0, 6),
      deckCount: order.length - 6,
    });
  }
  return ctx.events;
}

/** Events 1-4 give their benefit, twice with a Tent there (RULES.md §2.4). */
function eventBenefit(ctx: Ctx, seat: Seat, event: number): void {
  const times = ctx.state.players[seat].eventTents.includes(event) ? 2 : 1;
  const reason = `EVENT_${event}`;
  if (event === 1) grant(ctx, seat, { dudes: 2 * times }, reason);
  if (event === 2) grant(ctx, seat, { gold: times }, reason);
  if (event === 3) grant(ctx, seat, { cards: 2 * times }, reason);
  if (event === 4) grant(ctx, seat, { bucks: 2 * times }, reason);
}

/** The Barker's Event; Event 5 prompts instead (ROUND_STARTED opens it; D5, D6). */
function resolveEvent(ctx: Ctx): void {
  for (const seat of fromSheriff(ctx.state)) eventBenefit(ctx, seat, ctx.state.round);
}

function startRound(ctx: Ctx): void {
  const s = ctx.state;
  emit(ctx, { type: 'ROUND_STARTED', year: s.year, round: s.round + 1 });
  if (!muleDuel(ctx.state)) resolveEvent(ctx);
  if (ctx.state.buster) {
    const cards = ctx.rng.shuffle([1, 2, 3, 4, 5]);
    emit(ctx, { type: 'BUSTER_EXCLUDED', sites: cards.slice(0, 2).sort() });
  }
}

function reveal(ctx: Ctx): void {
  const s = ctx.state;
  const sites = s.players.map((p) => p.dial!);
  const buster = s.buster
    ? ctx.rng.pick([1, 2, 3, 4, 5].filter((x) => !s.buster!.excluded.includes(x)))
    : null;
  const mules = muleDuel(s) ? s.players.map((p) => p.muleDial!) : [];
  const bust = bustSite(s, [...sites, ...mules, ...(buster === null ? [] : [buster])]);
  emit(ctx, { type: 'DIALS_REVEALED', sites, buster, mules, bust });
  for (const seat of fromSheriff(ctx.state)) {
    const m = mules[seat];
    if (m === undefined || !ctx.state.players[seat].carrots.includes(m)) continue;
    emit(ctx, { type: 'CARROT_EATEN', seat, event: m });
    if (m < 5) eventBenefit(ctx, seat, m); // Event 5's choice is a prompt (evolve opens it)
  }
}

/** RULES.md §4 steps 1-5. */
function shootout(ctx: Ctx): void {
  const s = ctx.state;
  const holders: (number | 'NEUTRAL')[] = [
    ...s.players.map((p) => p.seat),
    ...(s.seatCount === 2 ? (['NEUTRAL'] as const) : []),
  ];
  const firstRow = (h: number | 'NEUTRAL') => s.rows.indexOf(h);
  const ranked = holders
    .filter((h) => gunmenOf(s, h) > 0)
    .sort((a, b) => gunmenOf(s, b) - gunmenOf(s, a) || firstRow(a) - firstRow(b));
  const gunmen = ranked.reduce<number>((n, h) => n + gunmenOf(s, h), 0);
  const won = gunmen > s.outlaws;
  const tiers = ranked.map((seat, i) => ({ seat, tier: Math.min(i + 1, 3) }));
  const top = ranked.find((h) => h !== 'NEUTRAL') as number | undefined;
  emit(ctx, { type: 'SHOOTOUT_RESOLVED', won, gunmen, outlaws: s.outlaws, tiers, sheriff: top ?? s.sheriff });
  const card = s.year < 3 ? s.data.shootout.cards[s.shootoutCards[s.year - 1]] : s.data.shootout.printed;
  for (const t of tiers)
    if (t.seat !== 'NEUTRAL') grant(ctx, t.seat, (won ? card.won : card.lost)[t.tier - 1], 'SHOOTOUT');
  for (const p of ctx.state.players) {
    if (ranked.includes(p.seat)) continue;
    const dead = won ? card.deadWon : card.deadLost;
    const fromSupply = Math.min(dead, p.supplyDudes);
    const fromLodge = Math.min(dead - fromSupply, p.dudes);
    if (fromSupply + fromLodge === 0) continue;
    emit(ctx, { type: 'DUDES_BURIED', seat: p.seat, fromSupply, fromLodge });
    if (p.pioneer === 'RENEGADE') draw(ctx, p.seat, 3 * (fromSupply + fromLodge)); // 3 cards a Dude
  }
}

export function resultOf(s: ColomaState): GameResult {
  const rows = s.players.map((p) => {
    const { total, parts } = scoreOf(s, p);
    return { seat: p.seat, total, parts, key: [total, p.gold, p.bucks + p.dudes + p.tents + p.horses] };
  });
  const better = (a: number[], b: number[]) => {
    const i = a.findIndex((x, k) => x !== b[k]);
    return i >= 0 && a[i] > b[i];
  };
  const seats = rows.map((r) => {
    const rank = 1 + rows.filter((o) => better(o.key, r.key)).length;
    return {
      seat: r.seat,
      rank,
      winner: rank === 1,
      score: r.total,
      detail: { ...r.parts, tieBreak: r.key.slice(1) },
    };
  });
  return { winners: seats.filter((x) => x.winner).map((x) => x.seat), seats, reason: 'FINAL_SCORING' };
}

function endRound(ctx: Ctx): void {
  if (ctx.state.round < 5) return startRound(ctx);
  shootout(ctx);
  const s = ctx.state;
  emit(ctx, {
    type: 'YEAR_ENDED',
    year: s.year,
    outlaws: s.year < 3 ? s.data.shootout.yearOutlaws[s.year] : 0,
  });
  if (ctx.state.year > 3) emit(ctx, { type: 'GAME_ENDED', result: resultOf(ctx.state) });
  else startRound(ctx);
}

/** Run every automatic step until some seat must decide or the game is over. */
export function advance(ctx: Ctx): void {
  for (let guard = 0; guard < 100; guard++) {
    const s = ctx.state;
    if (s.phase === 'OVER' || s.phase === 'OPENING' || s.phase === 'EVENT_5') return;
    if (s.phase === 'DIAL') {
      if (s.round === 0) startRound(ctx);
      else if (s.players.some((p) => p.dial === null)) return;
      else reveal(ctx);
    } else if (s.queue.length > 0) return;
    else endRound(ctx);
  }
}

const returnOpening: Handler<Of<'RETURN_OPENING'>> = {
  type: 'RETURN_OPENING',
  answers: ['OPENING_DISCARD'],
  check: (s, seat, c) =>
    c.cards[0] === c.cards[1] || !c.cards.every((x) => s.players[seat].hand.includes(x))
      ? fail('ILLEGAL_TARGET', 'return 2 different cards of your 6')
      : null,
  decide: (ctx, seat, c) =>
    emit(ctx, { type: 'CARDS_RETURNED', seat, cards: [...c.cards], to: [...c.to], reason: 'OPENING' }),
  legal: (s, seat) => {
    const hand = s.players[seat].hand;
    const out: Of<'RETURN_OPENING'>[] = [];
    const ends = ['TOP', 'BOTTOM'] as const;
    for (const a of hand)
      for (const b of hand)
        if (a !== b)
          for (const x of ends)
            for (const y of ends) out.push({ type: 'RETURN_OPENING', cards: [a, b], to: [x, y] });
    return out;
  },
};

const maxSpend = (s: ColomaState, seat: Seat) =>
  Math.min(s.players[seat].gold, s.players[seat].eventTents.includes(5) ? 2 : 1);

const spendGold: Handler<Of<'SPEND_GOLD'>> = {
  type: 'SPEND_GOLD',
  answers: ['EVENT_5'],
  check: (s, seat, c) =>
    c.gold > maxSpend(s, seat) ? fail('LIMIT', `you may spend at most ${maxSpend(s, seat)} Gold here`) : null,
  decide: (ctx, seat, c) => {
    if (c.gold > 0) {
      paid(ctx, seat, { gold: c.gold }, 'EVENT_5');
      grant(ctx, seat, { vp: 3 * c.gold }, 'EVENT_5');
    }
    emit(ctx, { type: 'EVENT_5_ANSWERED', seat, gold: c.gold });
  },
  legal: (s, seat) =>
    Array.from({ length: maxSpend(s, seat) + 1 }, (_, gold) => ({ type: 'SPEND_GOLD', gold })),
};

const dial: Handler<Of<'DIAL'>> = {
  type: 'DIAL',
  answers: ['DIAL'],
  check: (s, _seat, c) =>
    muleDuel(s) === (c.mule === null)
      ? fail(
          'ILLEGAL_TARGET',
          muleDuel(s) ? 'dial a Site for your Mule too (RB L653)' : 'no Mule in this game',
        )
      : null,
  decide: (ctx, seat, c) => emit(ctx, { type: 'DIAL_SET', seat, site: c.site, mule: c.mule }),
  legal: (s) =>
    [1, 2, 3, 4, 5].flatMap((site) =>
      (muleDuel(s) ? [1, 2, 3, 4, 5] : [null]).map((mule) => ({ type: 'DIAL' as const, site, mule })),
    ),
};

export const FLOW_HANDLERS = { RETURN_OPENING: returnOpening, SPEND_GOLD: spendGold, DIAL: dial };
