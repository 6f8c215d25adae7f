/**
 * Kansas City (RULES.md §2.4, §4.1): foresight 1-3, income (certificates), the Simmental upgrade,
 * delivery, then the reset (herder to START, foresight refilled). flow.ts calls `beginKansasCity`
 * on arrival and `endKansasCity` once the last owed decision is answered.
 *
 * The sub-phases are asked one at a time (a decision is pushed only when the previous one is
 * answered), so a column emptied or made worker-only by a game-end trigger in foresight 2 is
 * skipped correctly in foresight 3.
 *
 * Decisions: `FORESIGHT {column}` → command `FORESIGHT {index}`; `INCOME` → `SPEND_CERTIFICATES
 * {count}`; `SIMMENTAL_UPGRADE {value}` → `UPGRADE_SIMMENTAL {fromLevel1, fromLevel2}` (0/0 declines);
 * `DELIVER {value, transport}` → `DELIVER {city, disc}` (also used by building 9a with
 * `transport: false`).
 */
import { violation, type Seat } from '../engine';
import { finalRoundStarted, foresightOptions, kansasCityStep, simmentalUpgradable } from './agenda';
import { runAction, type ExecutorMap } from './actions/registry';
import { cattle, isCattle, SIMMENTAL_IDS } from './cards';
import type { Ctx } from './ctx';
import { handBreedingValue, marketSize } from './data/cattle';
import { CITIES, city as cityData, CITY_LINKS, transportCost } from './data/railroad';
import { JOB_MARKET_ARROWS } from './data/tiles';
import { CITY_IDS, type CityId, type PlayerCount } from './data/types';
import {
  canSpendCertificates,
  checkDiscChoice,
  discChoices,
  isBoardDisc,
  permanentCertificates,
  placeDisc,
  type DiscChoice,
} from './discs';
import { trailSlotFor } from './placement';
import { isInt, isStr, type CommandHandler } from './protocol';
import type { Decision, GwtState } from './state';

const bad = (message: string) => violation('INVALID_COMMAND', message);

export type ForesightDecision = Decision & { kind: 'FORESIGHT'; column: number };
export type DeliverDecision = Decision & { kind: 'DELIVER'; value: number; transport: boolean };
export type SimmentalDecision = Decision & { kind: 'SIMMENTAL_UPGRADE'; value: number };

const top = (state: GwtState) => state.turn.stack[state.turn.stack.length - 1];

// ---------------------------------------------------------------------------------------------
// Sequencing

/**
 * Kansas City starts: the first foresight column that offers a choice (or income). That first
 * decision is marked `arrival`: before it is answered nothing of Kansas City has been done, and
 * objective cards may still be played (D4, objectives.ts).
 */
export function beginKansasCity(ctx: Ctx, _seat: Seat): void {
  continueFrom(ctx, 0);
  ctx.top()!.arrival = true;
}

export { foresightOptions };

/** Push the next sub-phase from foresight `column` on (columns without a choice are skipped). */
function continueFrom(ctx: Ctx, column: number): void {
  ctx.push(kansasCityStep(ctx.state, column));
}

/** After the last decision: the herder goes back to START and empty foresight spaces are refilled. */
export function endKansasCity(ctx: Ctx, seat: Seat): void {
  ctx.emit({ type: 'HERDER_RESET', seat });
  for (let column = 0; column < 3; column++) {
    for (let index = 0; index < ctx.state.foresight[column].length; index++) {
      if (ctx.state.foresight[column][index] !== null) continue;
      const [tile] = ctx.pickFrom([...ctx.state.bags[column]], 1);
      if (tile) ctx.emit({ type: 'FORESIGHT_REFILLED', column, index, tile });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Foresight placement

/** A worker onto the job market: the next free space of the token's row; the token moves on at the row's end. */
function placeWorker(ctx: Ctx, seat: Seat, worker: 'cowboy' | 'craftsman' | 'engineer'): void {
  const s = ctx.state;
  const row = s.jobMarketTokenRow;
  if (row === null) return;
  const col = s.jobMarket[row].findIndex((x) => x === null);
  if (col < 0) return;
  const last = col === s.jobMarket[row].length - 1;
  const tokenRow = last ? (row + 1 < s.jobMarket.length ? row + 1 : null) : row;
  ctx.emit({
    type: 'JOB_MARKET_FILLED',
    row,
    col,
    worker,
    tokenRow,
    tokenTo: last && tokenRow === null ? seat : null,
  });
  if (!last) return;
  for (const arrow of JOB_MARKET_ARROWS) if (arrow.afterRow === row + 1) runAction(ctx, seat, arrow.action);
}

export type ForesightCmd = { type: 'FORESIGHT'; index: number };
export const foresightCmd: CommandHandler<ForesightCmd> = {
  type: 'FORESIGHT',
  answers: ['FORESIGHT'],
  parse: (raw) =>
    isInt(raw.index) ? { type: 'FORESIGHT', index: raw.index } : bad('FORESIGHT needs index: 0 or 1'),
  decide(ctx, seat, cmd) {
    const d = ctx.top() as ForesightDecision;
    const tile = ctx.state.foresight[d.column]?.[cmd.index];
    if (!foresightOptions(ctx.state, d.column).includes(cmd.index))
      return tile?.kind === 'worker'
        ? violation(
            'NO_WORKERS_AFTER_END',
            'After the game end is triggered, worker tiles may not be chosen.',
          )
        : violation('NO_SUCH_TILE', 'Choose a tile of this foresight column.');
    // Answers this sub-phase and asks the next one (agenda.ts foresightTaken).
    ctx.emit({ type: 'FORESIGHT_TAKEN', seat, column: d.column, index: cmd.index });
    if (tile!.kind === 'worker') placeWorker(ctx, seat, tile!.worker);
    else ctx.emit({ type: 'TRAIL_TILE_PLACED', location: trailSlotFor(ctx.state, tile!), tile: tile! });
  },
  legal: (state) => {
    const d = top(state) as ForesightDecision;
    return foresightOptions(state, d.column).map((index) => ({ type: 'FORESIGHT', index }));
  },
};

// ---------------------------------------------------------------------------------------------
// Income

/** The breeding value of a hand: each distinct breed once (all Simmental levels one breed, the highest). */
export function breedingValue(hand: readonly string[]): number {
  return handBreedingValue(hand.filter(isCattle).map(cattle));
}

export type SpendCmd = { type: 'SPEND_CERTIFICATES'; count: number };
export const spendCertificates: CommandHandler<SpendCmd> = {
  type: 'SPEND_CERTIFICATES',
  answers: ['INCOME'],
  parse: (raw) =>
    isInt(raw.count)
      ? { type: 'SPEND_CERTIFICATES', count: raw.count }
      : bad('SPEND_CERTIFICATES needs count: integer'),
  decide(ctx, seat, cmd) {
    const p = ctx.state.players[seat];
    if (!canSpendCertificates(p.certificates, cmd.count))
      return violation(
        'ILLEGAL_CERTIFICATE_COUNT',
        `With the marker on ${p.certificates} you may spend ${spendable(p.certificates).join(', ')}.`,
      );
    const value = breedingValue(p.hand) + permanentCertificates(ctx.state, seat) + cmd.count;
    if (cmd.count > 0) ctx.emit({ type: 'CERTIFICATES', seat, delta: -cmd.count });
    // The income (even $0) answers INCOME and asks the delivery (agenda.ts incomeReceived).
    ctx.emit({ type: 'MONEY', seat, delta: value, reason: 'INCOME' });
    if (!(ctx.state.options.simmental && simmentalUpgradable(ctx.state, seat))) discardHand(ctx, seat);
  },
  legal: (state, seat) =>
    spendable(state.players[seat].certificates).map((count) => ({ type: 'SPEND_CERTIFICATES', count })),
};

function spendable(current: number): number[] {
  return Array.from({ length: current + 1 }, (_, k) => k).filter((k) => canSpendCertificates(current, k));
}

function discardHand(ctx: Ctx, seat: Seat): void {
  const hand = ctx.state.players[seat].hand;
  if (hand.length > 0) ctx.emit({ type: 'CARDS_DISCARDED', seat, cards: [...hand] });
}

// ---------------------------------------------------------------------------------------------
// Simmental (variant): level 1 → 2, then level 2 (held in hand) → 3, from the supply

const countIn = (hand: readonly string[], card: string) => hand.filter((c) => c === card).length;

export type SimmentalCmd = { type: 'UPGRADE_SIMMENTAL'; fromLevel1: number; fromLevel2: number };
export const upgradeSimmental: CommandHandler<SimmentalCmd> = {
  type: 'UPGRADE_SIMMENTAL',
  answers: ['SIMMENTAL_UPGRADE'],
  parse: (raw) =>
    isInt(raw.fromLevel1) && isInt(raw.fromLevel2) && raw.fromLevel1 >= 0 && raw.fromLevel2 >= 0
      ? { type: 'UPGRADE_SIMMENTAL', fromLevel1: raw.fromLevel1, fromLevel2: raw.fromLevel2 }
      : bad('UPGRADE_SIMMENTAL needs fromLevel1, fromLevel2: integers ≥ 0'),
  decide(ctx, seat, cmd) {
    const s = ctx.state;
    const hand = s.players[seat].hand;
    if (cmd.fromLevel1 > Math.min(countIn(hand, SIMMENTAL_IDS[1]), s.simmentalSupply[2]))
      return violation(
        'TOO_MANY_SIMMENTALS',
        'Not that many level-1 Simmentals in hand (or level-2 cards in the supply).',
      );
    if (cmd.fromLevel2 > Math.min(countIn(hand, SIMMENTAL_IDS[2]), s.simmentalSupply[3]))
      return violation(
        'TOO_MANY_SIMMENTALS',
        'Not that many level-2 Simmentals in hand (or level-3 cards in the supply).',
      );
    // The first upgrade answers SIMMENTAL_UPGRADE (agenda.ts); none at all declines it.
    if (cmd.fromLevel1 + cmd.fromLevel2 === 0)
      ctx.emit({ type: 'DECISION_DECLINED', seat, kind: 'SIMMENTAL_UPGRADE' });
    if (cmd.fromLevel1 > 0) ctx.emit({ type: 'SIMMENTAL_UPGRADED', seat, from: 1, count: cmd.fromLevel1 });
    if (cmd.fromLevel2 > 0) ctx.emit({ type: 'SIMMENTAL_UPGRADED', seat, from: 2, count: cmd.fromLevel2 });
    discardHand(ctx, seat);
  },
  legal(state, seat) {
    const hand = state.players[seat].hand;
    const max1 = Math.min(countIn(hand, SIMMENTAL_IDS[1]), state.simmentalSupply[2]);
    const max2 = Math.min(countIn(hand, SIMMENTAL_IDS[2]), state.simmentalSupply[3]);
    const out: SimmentalCmd[] = [];
    for (let a = 0; a <= max1; a++)
      for (let b = 0; b <= max2; b++) out.push({ type: 'UPGRADE_SIMMENTAL', fromLevel1: a, fromLevel2: b });
    return out;
  },
};

// ---------------------------------------------------------------------------------------------
// Delivery

/** Cities `seat` may deliver to with breeding value `value` (KC and New York repeatable). */
export function deliverableCities(state: GwtState, seat: Seat, value: number): CityId[] {
  return CITIES.filter(
    (c) => c.value <= value && (c.repeatable || !(state.cityDiscs[c.id] ?? []).includes(seat)),
  ).map((c) => c.id);
}

/** The transport cost `seat` pays to deliver to `city` (0 for an extraordinary delivery). */
export function deliveryCost(state: GwtState, seat: Seat, city: CityId, transport = true): number {
  return transport ? transportCost(state.players[seat].train, cityData(city).value) : 0;
}

/** Deliver to `city` with `disc` (checked): disc, city effect, link actions, transport cost. */
export function deliver(
  ctx: Ctx,
  seat: Seat,
  city: CityId,
  disc: DiscChoice,
  transport: boolean,
  value: number,
): void {
  const cost = deliveryCost(ctx.state, seat, city, transport);
  const fromBoard = disc !== null && isBoardDisc(disc);
  ctx.emit({
    type: 'DELIVERED',
    seat,
    city,
    value: transport ? value : null,
    transport,
    cost,
    disc: fromBoard ? disc : null,
    fromStation: disc !== null && !fromBoard ? disc : null,
  });
  const hadDisc = (id: CityId) => (ctx.state.cityDiscs[id] ?? []).includes(seat);
  const links =
    disc === null
      ? []
      : CITY_LINKS.filter(
          (l) =>
            l.onCompletion &&
            l.between.includes(city) &&
            hadDisc(l.between[0] === city ? l.between[1] : l.between[0]),
        );
  if (disc !== null) placeDisc(ctx, seat, disc, { city });
  const c = cityData(city);
  // With no disc to place (D3) the delivery has no city effect and no link actions.
  if (disc !== null && c.onDelivery?.type === 'GAIN_DOLLARS' && !c.onDelivery.per)
    ctx.money(seat, c.onDelivery.amount, 'DELIVERY');
  else if (disc !== null && c.onDelivery) runAction(ctx, seat, c.onDelivery, 'derived');
  // DELIVERED answered DELIVER and opened what these ask (agenda.ts `delivered`, the first link
  // asked first); here their immediate effects, right to left as they were opened.
  for (const l of [...links].reverse()) runAction(ctx, seat, l.onCompletion!, 'derived');
  ctx.money(seat, -cost, 'TRANSPORT');
}

export type DeliverCmd = { type: 'DELIVER'; city: CityId; disc: DiscChoice };
export const deliverCmd: CommandHandler<DeliverCmd> = {
  type: 'DELIVER',
  answers: ['DELIVER'],
  parse: (raw) =>
    isStr(raw.city) &&
    (CITY_IDS as readonly string[]).includes(raw.city) &&
    (raw.disc === null || raw.disc === undefined || isStr(raw.disc))
      ? { type: 'DELIVER', city: raw.city as CityId, disc: (raw.disc ?? null) as DiscChoice }
      : bad('DELIVER needs city: a city id and disc: a disc id, a station id or null'),
  decide(ctx, seat, cmd) {
    const d = ctx.top() as DeliverDecision;
    const s = ctx.state;
    const c = cityData(cmd.city);
    if (c.value > d.value)
      return violation(
        'VALUE_TOO_LOW',
        `${cmd.city} needs a breeding value of ${c.value}; you have ${d.value}.`,
      );
    if (!c.repeatable && (s.cityDiscs[cmd.city] ?? []).includes(seat))
      return violation('CITY_ALREADY_DELIVERED', `You already have a disc on ${cmd.city}.`);
    const cost = deliveryCost(s, seat, cmd.city, d.transport);
    const wrong = checkDiscChoice(s, seat, { city: cmd.city }, cmd.disc, cost);
    if (wrong) return wrong;
    deliver(ctx, seat, cmd.city, cmd.disc, d.transport, d.value);
  },
  legal(state, seat) {
    const d = top(state) as DeliverDecision;
    return deliverableCities(state, seat, d.value).flatMap((city) =>
      discChoices(state, seat, { city }, deliveryCost(state, seat, city, d.transport)).map((disc) => ({
        type: 'DELIVER' as const,
        city,
        disc,
      })),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Job-market arrows

export const KANSAS_CITY_EXECUTORS: ExecutorMap = {
  /** Yellow arrow: the cattle market up to its size from the deck (never above; stops when the deck is empty). */
  REFILL_CATTLE_MARKET(ctx) {
    const s = ctx.state;
    const missing = marketSize(s.seatCount as PlayerCount, s.options.simmental) - s.cattleMarket.length;
    if (missing <= 0) return;
    const cards = ctx.pickFrom([...s.cattleDeck], missing);
    if (cards.length > 0) ctx.emit({ type: 'MARKET_CARDS_ADDED', cards });
  },
  /** Green arrow: the game end; every other seat has one more turn, in seat order after `seat`. */
  TRIGGER_GAME_END(ctx, seat) {
    finalRoundStarted(ctx.state, seat);
  },
};

export const KANSAS_CITY_HANDLERS: CommandHandler[] = [
  foresightCmd,
  spendCertificates,
  upgradeSimmental,
  deliverCmd,
] as CommandHandler[];
