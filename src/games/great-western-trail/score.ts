/**
 * Final scoring (RULES.md §4.3): the 11 categories of the score pad, per seat, and the objective
 * evaluation they need (§3.5, D19): which cards of an objective area are complete when every task
 * item may count for one card only, choosing the assignment that maximises the category. At the
 * end the objective cards still in a deck are added to the area or dropped, whichever scores best
 * (D20: the engine chooses, `finalScore`); the sheet lists the cards added.
 *
 * Everything here is a pure function of the state; it reads a player's whole deck (hand, draw pile,
 * discard pile), so it is for the end of the game (result.ts) and for a seat's own preview (view.ts).
 */
import type { Seat } from '../engine';
import { cattle, isCattle, isObjective } from './cards';
import { OBJECTIVE_CARDS } from './data/objectives';
import { DISCS, WORKER_SLOT_VP } from './data/player-board';
import { playerBuilding } from './data/player-buildings';
import { CITIES, CITY_LINKS, STATIONS, stationMaster } from './data/railroad';
import {
  DOLLARS_PER_VP,
  JOB_MARKET_TOKEN_VP,
  SCORING_CATEGORIES,
  type ScoringCategory,
} from './data/scoring';
import {
  OBJECTIVE_TASKS,
  WORKER_KINDS,
  type ObjectiveCard,
  type ObjectiveTask,
  type PlayerBuildingId,
  type StationMasterId,
  type StationMasterScoringUnit,
  type WorkerSlot,
} from './data/types';
import type { CardId, GwtState } from './state';

/** The 11 categories, in score-pad order (data/scoring.ts; SCORING_RULES says what each scores). */
export const SCORE_CATEGORIES = SCORING_CATEGORIES;
export type ScoreCategory = ScoringCategory;
export { DOLLARS_PER_VP, JOB_MARKET_TOKEN_VP };

/** What one objective card in the area scores. */
export interface ObjectiveResult {
  card: CardId;
  complete: boolean;
  /** +VP when complete, −penalty otherwise (0 for an incomplete starting objective). */
  points: number;
}

export interface ObjectiveEvaluation {
  /** Category 7. */
  total: number;
  /** In the order of the area. */
  cards: ObjectiveResult[];
  /** Task items available and how many of them the complete cards use. */
  items: Record<ObjectiveTask, number>;
  used: Record<ObjectiveTask, number>;
}

/** One seat's score sheet. */
export type ScoreBreakdown = { seat: Seat; total: number } & Record<ScoreCategory, number> & {
    /** Every card of the objective area (the added ones last) and what it scored. */
    objectiveCards: ObjectiveResult[];
    /** Objective cards from the deck added to the area for scoring (D20); the others are dropped. */
    objectivesAdded: CardId[];
  };

// ---------------------------------------------------------------------------------------------
// Counting what a player has

const OBJECTIVES = new Map<string, ObjectiveCard>(OBJECTIVE_CARDS.map((c) => [c.id, c]));

/** The printed facts of an objective card id (null: not an objective card). */
export function objectiveOf(card: CardId): ObjectiveCard | null {
  return OBJECTIVES.get(card) ?? null;
}

/** The whole deck: hand, draw pile and discard pile. */
export function deckOf(state: GwtState, seat: Seat): CardId[] {
  const p = state.players[seat];
  return [...p.hand, ...p.drawPile, ...p.discard];
}

export function buildingsOf(state: GwtState, seat: Seat): PlayerBuildingId[] {
  const out: PlayerBuildingId[] = [];
  for (const location in state.trail) {
    const o = state.trail[location];
    if (o?.kind === 'PLAYER' && o.owner === seat) out.push(o.building as PlayerBuildingId);
  }
  return out;
}

export function stationsOf(state: GwtState, seat: Seat): string[] {
  const out: string[] = [];
  for (const station in state.stationDiscs) if (state.stationDiscs[station].includes(seat)) out.push(station);
  return out;
}

export function cityDiscCount(state: GwtState, seat: Seat, city: string): number {
  return count(state.cityDiscs[city] ?? [], seat);
}

/** How many items of `list` are `x`. */
function count<T>(list: readonly T[], x: T): number {
  let n = 0;
  for (const y of list) if (y === x) n++;
  return n;
}

/** Permanent certificates on the seat's station-master tiles (never spent). */
export function permanentCertificates(state: GwtState, seat: Seat): number {
  return state.players[seat].stationMasters.reduce((n, id) => {
    const top = stationMaster(id as StationMasterId).top;
    return n + (top.kind === 'PERMANENT_CERTIFICATES' ? top.amount : 0);
  }, 0);
}

/** Task items the seat has now (RULES.md §3.5 "Tasks"). Simmentals meet no cattle task (§5.1). */
export function objectiveItems(state: GwtState, seat: Seat): Record<ObjectiveTask, number> {
  return itemsOf(state, seat, buildingsOf(state, seat).length, stationsOf(state, seat).length);
}

/** `objectiveItems` with the seat's building and station counts already known. */
function itemsOf(
  state: GwtState,
  seat: Seat,
  buildings: number,
  stations: number,
): Record<ObjectiveTask, number> {
  const p = state.players[seat];
  let value3 = 0;
  let shorthorn = 0;
  let hereford = 0;
  for (const pile of [p.hand, p.drawPile, p.discard])
    for (const id of pile) {
      if (!isCattle(id)) continue;
      const c = cattle(id);
      if (c.breed !== 'simmental' && c.breedingValue === 3) value3++;
      if (c.breed === 'shorthorn') shorthorn++;
      else if (c.breed === 'hereford') hereford++;
    }
  return {
    building: buildings,
    green_bandit: count(p.bandits, 'green'),
    orange_bandit: count(p.bandits, 'orange'),
    hazard: p.hazards.length,
    station: stations,
    value3_cattle: value3,
    shorthorn,
    hereford,
    new_york_delivery: cityDiscCount(state, seat, 'NEW_YORK'),
  };
}

const ZERO_TASKS = Object.fromEntries(OBJECTIVE_TASKS.map((t) => [t, 0])) as Record<ObjectiveTask, number>;
const zeroTasks = (): Record<ObjectiveTask, number> => ({ ...ZERO_TASKS });

// ---------------------------------------------------------------------------------------------
// Objective evaluation (D19)

/** Entries from which `solve` memoises (below, the search is at most a few hundred steps). */
const SOLVE_MEMO_FROM = 5;

/** Per task (OBJECTIVE_TASKS order), how many items an objective card asks for (all 0: not one). */
const DEMANDS = new Map<CardId, readonly number[]>(
  OBJECTIVE_CARDS.map((c) => [c.id, OBJECTIVE_TASKS.map((t) => c.tasks.filter((x) => x === t).length)]),
);
const NO_DEMAND: readonly number[] = OBJECTIVE_TASKS.map(() => 0);
const demandOf = (id: CardId): readonly number[] => DEMANDS.get(id) ?? NO_DEMAND;

/** Whether a card's demand fits the task items left. */
function fits(demand: readonly number[], left: readonly number[]): boolean {
  for (let j = 0; j < demand.length; j++) if (demand[j] > left[j]) return false;
  return true;
}

function minus(left: readonly number[], demand: readonly number[]): number[] {
  const out = left.slice();
  for (let j = 0; j < demand.length; j++) out[j] -= demand[j];
  return out;
}

interface Solution {
  /** Cards of the area (by index) that are complete. */
  complete: Set<number>;
  /** Optional cards (by index) added to the area. */
  added: number[];
}

/**
 * The exact optimum (D19, D20): each card of `area` scores +VP when complete or −penalty; each card
 * of `optional` may also be left out (0) or added like an area card; the complete cards' task
 * demands together must fit `items`, and `perPair` VP are scored per 2 cards in the final area
 * (SM-OBJECTIVES). A depth-first search over the cards, memoised on (card, items left, area size).
 * Ties: complete rather than fail, leave out rather than add. Ids that are not objective cards
 * score 0 (and count for the area size if in `area`).
 */
function solve(
  area: readonly CardId[],
  optional: readonly CardId[],
  items: Readonly<Record<ObjectiveTask, number>>,
  perPair: number,
): Solution {
  type Entry = { card: ObjectiveCard | null; optional: boolean; demand: readonly number[] };
  const entry = (id: CardId, opt: boolean): Entry => ({
    card: objectiveOf(id),
    optional: opt,
    demand: demandOf(id),
  });
  const entries = [...area.map((id) => entry(id, false)), ...optional.map((id) => entry(id, true))];

  // The memo pays for its keys only on long lists; a short search is cheaper without it.
  const memo = entries.length > SOLVE_MEMO_FROM ? new Map<string, number>() : null;
  const best = (k: number, left: number[], size: number): number => {
    if (k === entries.length) return perPair * Math.floor(size / 2);
    const key = memo ? `${k}|${size}|${left.join(',')}` : '';
    const hit = memo?.get(key);
    if (hit !== undefined) return hit;
    const { card, optional: opt, demand } = entries[k];
    let value: number;
    if (!card) value = best(k + 1, left, size);
    else {
      const grow = opt ? 1 : 0;
      value = -card.penalty + best(k + 1, left, size + grow);
      if (fits(demand, left))
        value = Math.max(value, card.vp + best(k + 1, minus(left, demand), size + grow));
      if (opt) value = Math.max(value, best(k + 1, left, size));
    }
    memo?.set(key, value);
    return value;
  };

  // Walk the optimum.
  const out: Solution = { complete: new Set(), added: [] };
  let left = OBJECTIVE_TASKS.map((t) => items[t]);
  let size = area.length;
  for (let k = 0; k < entries.length; k++) {
    const { card, optional: opt, demand } = entries[k];
    if (!card) continue;
    const target = best(k, left, size);
    if (opt && best(k + 1, left, size) === target) continue;
    const grow = opt ? 1 : 0;
    const complete = fits(demand, left) && card.vp + best(k + 1, minus(left, demand), size + grow) === target;
    if (opt) out.added.push(k - area.length);
    if (complete) {
      left = minus(left, demand);
      if (!opt) out.complete.add(k);
    }
    size += grow;
  }
  return out;
}

/**
 * Score the objective cards `area` with the task items `items` (D19): the cards to complete are
 * chosen (their demands summed must fit the items) to maximise Σ VP of complete − Σ penalty of the
 * rest. Exact. Ids that are not objective cards score 0.
 */
export function evaluateObjectives(
  area: readonly CardId[],
  items: Readonly<Record<ObjectiveTask, number>>,
): ObjectiveEvaluation {
  const { complete } = solve(area, [], items, 0);
  const results = area.map((card, i): ObjectiveResult => {
    const c = objectiveOf(card);
    if (!c) return { card, complete: false, points: 0 };
    return complete.has(i)
      ? { card, complete: true, points: c.vp }
      : { card, complete: false, points: 0 - c.penalty };
  });
  const used = zeroTasks();
  for (const i of complete) for (const t of objectiveOf(area[i])!.tasks) used[t] += 1;
  return {
    total: results.reduce((n, r) => n + r.points, 0),
    cards: results,
    items: { ...items },
    used,
  };
}

/** Category 7 for a seat, with `area` standing in for its objective area (default: the area now). */
export function evaluatePlayerObjectives(
  state: GwtState,
  seat: Seat,
  area: readonly CardId[] = state.players[seat].objectives,
): ObjectiveEvaluation {
  return evaluateObjectives(area, objectiveItems(state, seat));
}

// ---------------------------------------------------------------------------------------------
// The 11 categories

/** Category 3: city discs and the links between two cities both holding a disc of the seat. */
export function cityScore(state: GwtState, seat: Seat): number {
  const discs = new Map<string, number>();
  let vp = 0;
  for (const c of CITIES) {
    const n = cityDiscCount(state, seat, c.id);
    discs.set(c.id, n);
    vp += c.vpPerDisc * n;
  }
  const has = (city: string) => (discs.get(city) ?? cityDiscCount(state, seat, city)) > 0;
  for (const l of CITY_LINKS) if (has(l.between[0]) && has(l.between[1])) vp += l.vp;
  return vp;
}

/** Category 8: the bottom halves of the seat's station masters; `objectiveCards` = cards in the area. */
export function stationMasterScore(
  state: GwtState,
  seat: Seat,
  objectiveCards = state.players[seat].objectives.length,
): number {
  const p = state.players[seat];
  if (p.stationMasters.length === 0) return 0;
  const units: Record<StationMasterScoringUnit, () => number> = {
    WORKER: () => WORKER_KINDS.reduce((n, k) => n + p.workers[k], 0),
    TWO_OBJECTIVE_CARDS: () => Math.floor(objectiveCards / 2),
    TWO_HAZARDS: () => Math.floor(p.hazards.length / 2),
    BANDIT_PAIR: () =>
      Math.min(p.bandits.filter((b) => b === 'green').length, p.bandits.filter((b) => b === 'orange').length),
    TWO_CERTIFICATES: () => Math.floor((p.certificates + permanentCertificates(state, seat)) / 2),
    TWO_STATIONS: () => Math.floor(stationsOf(state, seat).length / 2),
    BUILDING: () => buildingsOf(state, seat).length,
  };
  return p.stationMasters.reduce((n, id) => {
    const bottom = stationMaster(id as StationMasterId).bottom;
    return n + (bottom ? bottom.vp * units[bottom.per]() : 0);
  }, 0);
}

/**
 * Category 9: workers on slots 5 and 6. A row fills from the left and a station master takes the
 * rightmost worker, so a row of n workers occupies slots 1..n.
 */
export function workerScore(state: GwtState, seat: Seat): number {
  const p = state.players[seat];
  return WORKER_KINDS.reduce((n, k) => {
    let vp = 0;
    for (let slot = 1; slot <= p.workers[k]; slot++) vp += WORKER_SLOT_VP[slot as WorkerSlot] ?? 0;
    return n + vp;
  }, 0);
}

/** Category 10: end VP of the step disc(s) no longer on the board (STEP-VP: 3). */
export function stepDiscScore(state: GwtState, seat: Seat): number {
  const onBoard = new Set(state.players[seat].discs);
  return DISCS.reduce(
    (n, d) => n + (d.unlocks.kind === 'STEP_LIMIT' && !onBoard.has(d.id) ? d.unlocks.endVp : 0),
    0,
  );
}

/**
 * The seat's score sheet with the objective area as it is plus the deck's objective cards `added`
 * (D20; none by default). `finalScore` picks `added`.
 */
export function scorePlayer(state: GwtState, seat: Seat, added: readonly CardId[] = []): ScoreBreakdown {
  const buildings = buildingsOf(state, seat);
  const stations = stationsOf(state, seat);
  return sheetOf(
    state,
    seat,
    added,
    buildings,
    stations,
    itemsOf(state, seat, buildings.length, stations.length),
  );
}

const STATION_VP = new Map<string, number>(STATIONS.map((s) => [s.id, s.vp]));

/** `scorePlayer` with what it counts already gathered (`finalScore` gathers it once for both steps). */
function sheetOf(
  state: GwtState,
  seat: Seat,
  added: readonly CardId[],
  buildings: readonly PlayerBuildingId[],
  stations: readonly string[],
  items: Readonly<Record<ObjectiveTask, number>>,
): ScoreBreakdown {
  const p = state.players[seat];
  const area = [...p.objectives, ...added];
  const objectives = evaluateObjectives(area, items);
  let cattleVp = 0;
  for (const pile of [p.hand, p.drawPile, p.discard])
    for (const c of pile) if (isCattle(c)) cattleVp += cattle(c).vp;
  const sheet: Record<ScoreCategory, number> = {
    money: Math.floor(Math.max(0, p.money) / DOLLARS_PER_VP),
    buildings: buildings.reduce((n, b) => n + playerBuilding(b).vp, 0),
    cities: cityScore(state, seat),
    stations: stations.reduce((n, s) => n + (STATION_VP.get(s) ?? 0), 0),
    hazards: p.hazards.reduce((n, h) => n + h.vp, 0),
    cattle_cards: cattleVp,
    objective_cards: objectives.total,
    station_masters: stationMasterScore(state, seat, area.length),
    workers: workerScore(state, seat),
    step_disc_vp: stepDiscScore(state, seat),
    job_market_token: p.jobMarketToken ? JOB_MARKET_TOKEN_VP : 0,
  };
  const total = SCORE_CATEGORIES.reduce((n, c) => n + sheet[c], 0);
  return { seat, ...sheet, total, objectiveCards: objectives.cards, objectivesAdded: [...added] };
}

/**
 * The final score sheet (§4.3): the objective cards still in the deck are added to the area or
 * dropped, whichever gives the best total (D20: the engine chooses; no command).
 */
export function finalScore(state: GwtState, seat: Seat): ScoreBreakdown {
  const buildings = buildingsOf(state, seat);
  const stations = stationsOf(state, seat);
  const items = itemsOf(state, seat, buildings.length, stations.length);
  return sheetOf(state, seat, bestAdded(state, seat, items), buildings, stations, items);
}

export function scoreGame(state: GwtState): ScoreBreakdown[] {
  return state.players.map((_, seat) => finalScore(state, seat));
}

// ---------------------------------------------------------------------------------------------
// Objective cards left in the deck at the end (D20)

/** The objective cards in the seat's deck (hand, draw pile, discard pile), sorted. */
export function objectivesInDeck(state: GwtState, seat: Seat): CardId[] {
  const p = state.players[seat];
  const out: CardId[] = [];
  for (const pile of [p.hand, p.drawPile, p.discard]) for (const c of pile) if (isObjective(c)) out.push(c);
  return out.sort();
}

/**
 * The objective cards of the seat's deck to add to the area so that the total is best (D20). Only
 * categories 7 (objectives) and 8 (SM-OBJECTIVES counts the cards in the area) depend on it; an
 * exact search. Ties: a card is left out when adding it gains nothing.
 */
export function bestFinalObjectives(state: GwtState, seat: Seat): CardId[] {
  return bestAdded(state, seat, null);
}

/** `bestFinalObjectives`, with the seat's task items if already counted. */
function bestAdded(
  state: GwtState,
  seat: Seat,
  items: Readonly<Record<ObjectiveTask, number>> | null,
): CardId[] {
  const candidates = objectivesInDeck(state, seat);
  if (candidates.length === 0) return [];
  const perPair = state.players[seat].stationMasters.reduce((n, id) => {
    const bottom = stationMaster(id as StationMasterId).bottom;
    return n + (bottom?.per === 'TWO_OBJECTIVE_CARDS' ? bottom.vp : 0);
  }, 0);
  const have = items ?? objectiveItems(state, seat);
  const { added } = solve(state.players[seat].objectives, candidates, have, perPair);
  return added.map((i) => candidates[i]);
}
