/**
 * HEURISTIC: a fast rule-based player. It scores every legal command from its seat's view with
 * hand-written preferences and plays the best, explaining why:
 * - phase A: stop where the location lets it do something worth its money now (buy cattle when it
 *   can afford a value-3+ card, hire when a useful worker is affordable, build when a tile is,
 *   engine moves, bounties), avoid fees, and go to Kansas City when the hand (breeding value plus
 *   certificates) reaches a city it has not delivered to; Kansas City's own -6 VP disc is a last
 *   resort;
 * - phase B: use the local actions, then end the turn; elsewhere, the most useful single auxiliary
 *   action;
 * - decisions: discard duplicates for money (keep distinct breeds in hand), buy the cattle that add
 *   breeding value and VP for the price, hire towards 4-6 workers of a kind (slots 5-6 are 4 VP each),
 *   build the tile with the most VP it can pay, upgrade stations, push the engine to turnouts,
 *   spend just the certificates that reach the next city, deliver to the deepest new city (never
 *   Kansas City unless nothing else), give up hand-limit discs early and auxiliary discs otherwise,
 *   take hazards and bandits in foresight rather than workers (the workers end the game).
 */
import type { GameBot } from '../../bots';
import { cattle, isCattle } from '../cards';
import { BUYING_OPTIONS, handBreedingValue } from '../data/cattle';
import { neutralBuilding } from '../data/neutral-buildings';
import { playerBuilding } from '../data/player-buildings';
import { CITIES, CITY_LINKS, city, STATIONS } from '../data/railroad';
import { JOB_MARKET_ROW_COSTS } from '../data/tiles';
import { feeFor } from '../data/trail';
import type { CityId, NeutralBuildingId, PlayerBuildingId, WorkerKind } from '../data/types';
import type { GwtCommand } from '../protocol';
import type { GwtPlayerView, GwtView } from '../view';
import { createRng, type Rng } from '../../random';
import { determinize } from './determinize';
import { engine, step } from './sim';
import { evaluatePlayerObjectives, scorePlayer } from '../score';
import type { GwtState } from '../state';

const value = (cards: readonly string[]) => handBreedingValue(cards.filter(isCattle).map(cattle));

function minus(hand: readonly string[], cards: readonly string[]): string[] {
  const rest = [...hand];
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/** Which disc to give up first: hand-limit discs while money allows, then the unlocks that pay. */
function discPreference(disc: unknown, money: number): number {
  if (typeof disc !== 'string') return -3;
  if (disc.startsWith('HAND-')) return money >= 9 ? 3.2 : money >= 5 ? 1.5 : -3;
  if (disc === 'CERT-4') return 2.7;
  if (disc === 'STEP-DOLLARS') return 2.6;
  if (/^AUX[34]-/.test(disc)) return 2.4;
  if (/^AUX[5]-/.test(disc)) return 2.2;
  if (/^AUX[12]-/.test(disc)) return 2;
  if (disc === 'CERT-6') return 1.8;
  if (disc === 'STEP-VP') return 1.7;
  return -2; // a station id: moving a disc back off a station
}

/** The best city a hand of total value `t` reaches that the seat may still use (not Kansas City). */
function bestCity(view: GwtView, seat: number, t: number): number {
  let best = -1;
  for (const c of CITIES) {
    if (c.id === 'KANSAS_CITY' || c.value > t) continue;
    const mine = (view.cityDiscs[c.id] ?? []).includes(seat);
    if (mine && !c.repeatable) continue;
    best = Math.max(best, c.value);
  }
  return best;
}

function handTotal(view: GwtView, seat: number): number {
  const me = view.players[seat];
  return value(me.hand ?? []) + me.certificates + me.permanentCertificates;
}

/** Dollars to hire at (row, col) with the modifier of the action. */
function hireCost(row: number, modifier: number): number {
  return (JOB_MARKET_ROW_COSTS[row] ?? 8) + modifier;
}

/** Cheapest hireable worker of a useful kind, or null. */
function cheapestHire(view: GwtView, me: GwtPlayerView, modifier: number): number | null {
  const token = view.jobMarketTokenRow ?? view.jobMarket.length;
  let best: number | null = null;
  for (let r = 0; r < token; r++)
    for (const w of view.jobMarket[r] ?? []) {
      if (!w || me.workers[w] >= 6) continue;
      const c = hireCost(r, modifier);
      if (best === null || c < best) best = c;
    }
  return best;
}

function workerValue(kind: WorkerKind, have: number): number {
  if (have >= 6) return -10;
  const next = have + 1;
  let v = kind === 'cowboy' ? 3.2 : kind === 'engineer' ? 3 : 2.6;
  if (next >= 5) v += 2.5; // slots 5 and 6: 4 VP each at the end
  if (next === 4 && kind !== 'engineer') v += 0.8; // slot 4 actions: free hazard, cheap building
  if (have >= 4 && next < 5) v -= 1;
  return v;
}

/** What stopping at `loc` is worth now (before fees). */
function locationValue(view: GwtView, seat: number, loc: string): number {
  const me = view.players[seat];
  const hand = me.hand ?? [];
  if (loc === 'KANSAS_CITY') {
    const t = handTotal(view, seat);
    const c = bestCity(view, seat, t);
    if (c < 0) return -4;
    const vp = city(CITIES.find((x) => x.value === c)!.id).vpPerDisc;
    return 2.5 + 0.45 * t + vp * 0.5 + (c >= 6 ? 1 : 0);
  }
  const o = view.trail[loc];
  if (!o) return -5;
  if (o.kind === 'PLAYER' && o.owner === seat) {
    const b = playerBuilding(o.building as PlayerBuildingId);
    return 3.5 + 0.15 * b.vp;
  }
  if (o.kind !== 'NEUTRAL') return 1.2;
  const has = (breed: string) => hand.some((c) => c.startsWith(`${breed}:`));
  const dupes = hand.length - new Set(hand).size;
  switch (o.building as NeutralBuildingId) {
    case 'A': {
      const c = cheapestHire(view, me, 0);
      return (
        (c !== null && c <= me.money + (has('galloway') ? 2 : 0) ? 7.2 : 1.5) + (has('galloway') ? 0.8 : 0)
      );
    }
    case 'B': {
      const rate = 2;
      const ok = me.buildingsInSupply.some((b) => {
        const pb = playerBuilding(b as PlayerBuildingId);
        return (
          pb.craftsmen <= me.workers.craftsman &&
          pb.craftsmen * rate <= me.money + (has('santa_gertrudis') ? 2 : 0)
        );
      });
      return (ok ? 6.2 : 1.5) + (has('santa_gertrudis') ? 0.8 : 0);
    }
    case 'C':
      return 3.2 + 0.4 * me.workers.engineer + (me.certificates < me.limits.certificate ? 0.8 : 0);
    case 'D':
      return 4;
    case 'E': {
      const money = me.money + (has('pineywoods') ? 2 : 0);
      const good = view.cattleMarket.some((c) => isCattle(c) && cattle(c).breedingValue >= 3);
      const canBuy = good && (money >= 6 || (me.workers.cowboy >= 2 && money >= 3));
      return (canBuy ? 6.8 + 0.3 * me.workers.cowboy : 1.5) + (has('pineywoods') ? 0.8 : 0);
    }
    case 'F':
      return (
        (dupes > 0 ? 4 : 1) +
        (me.money >= 9 && Object.values(view.trail).some((x) => x?.kind === 'HAZARD') ? 2 : 0)
      );
    case 'G':
      return 3.5 + 0.4 * me.workers.engineer;
    default:
      return 3;
  }
}

function fees(view: GwtView, seat: number, path: readonly string[]): number {
  const players = view.seatCount as 2 | 3 | 4;
  let total = 0;
  for (const id of path) {
    const o = view.trail[id];
    if (!o) continue;
    if (o.kind === 'HAZARD' || o.kind === 'BANDIT') total += feeFor(o.tile.hand, players);
    if (o.kind === 'PLAYER' && o.owner !== seat)
      total += feeFor(playerBuilding(o.building as PlayerBuildingId).hand, players);
  }
  return Math.min(total, view.players[seat].money);
}

function pathScore(view: GwtView, seat: number, path: readonly string[]): number {
  const dest = path[path.length - 1];
  return locationValue(view, seat, dest) - 0.6 * fees(view, seat, path) - 0.05 * path.length;
}

/** The action spec behind USE_ACTION index `i` at the current location (null if unknown). */
function actionAt(view: GwtView, seat: number, index: number): { type: string } | null {
  const loc = view.turn.location;
  const o = loc ? view.trail[loc] : null;
  if (o?.kind === 'NEUTRAL') return neutralBuilding(o.building as NeutralBuildingId).actions[index] ?? null;
  if (o?.kind === 'PLAYER' && o.owner === seat)
    return playerBuilding(o.building as PlayerBuildingId).actions[index] ?? null;
  return null;
}

function cityScore(view: GwtView, seat: number, id: CityId): number {
  const target = city(id);
  if (id === 'KANSAS_CITY') return -8;
  const me = view.players[seat];
  const transport = Math.max(0, target.xMarksFromStart - Math.floor(me.train / 2.5));
  let links = 0;
  for (const l of CITY_LINKS) {
    const other = l.between[0] === id ? l.between[1] : l.between[1] === id ? l.between[0] : null;
    if (other && (view.cityDiscs[other] ?? []).includes(seat)) links += l.vp;
  }
  return 2 + 0.5 * target.value + target.vpPerDisc + links - 0.2 * transport;
}

const sampled = new WeakMap<GwtView, GwtState>();

/** A state sampled from the view (exact for the seat's own deck, which its view shows). */
function sampleOf(view: GwtView, seat: number): GwtState {
  let s = sampled.get(view);
  if (!s) {
    s = determinize(view, seat, createRng('heuristic-lookahead'));
    sampled.set(view, s);
  }
  return s;
}

/**
 * The end-of-game choice of the deck's objective cards (D20): the seat's exact total with them
 * added (only its own deck and board count), fewer cards on a tie, so the best choice wins.
 */
function finalObjectivesValue(view: GwtView, seat: number, add: readonly string[]): number {
  return scorePlayer(sampleOf(view, seat), seat, add).total - 0.001 * add.length;
}

/**
 * What adding objective `card` to the seat's objective area is worth with the task items it has
 * now (the area is scored as a whole, D19): its VP when it is already fulfilled next to the cards
 * there, minus its penalty when it is not.
 */
function objectiveGain(view: GwtView, seat: number, card: string): number {
  const s = sampleOf(view, seat);
  const area = s.players[seat].objectives;
  return (
    evaluatePlayerObjectives(s, seat, [...area, card]).total - evaluatePlayerObjectives(s, seat, area).total
  );
}

/**
 * Play an objective card from hand only once it is fulfilled (a card left in the deck costs
 * nothing at the end, D20): then at once, before anything else, since it scores, does its
 * immediate action and leaves the hand for a cattle card at the next refill.
 */
function playObjectiveValue(view: GwtView, seat: number, card: string): number {
  const gain = objectiveGain(view, seat, card);
  return gain > 0 ? 50 + gain : -5;
}

/**
 * The command type the heuristic would answer after `c` (a local action that opens a decision), on
 * a state sampled from the view (the answer depends on public facts and the own hand only); null
 * when `c` opens nothing.
 */
function followUp(view: GwtView, seat: number, c: GwtCommand): string | null {
  const next = step(sampleOf(view, seat), seat, c, createRng('heuristic-lookahead'));
  if (!next || next.turn.seat !== seat || next.turn.stack.length === 0) return null;
  const legal = engine.legalCommands(next, seat);
  if (legal.length === 0) return null;
  const v = engine.view(next, seat);
  let best: GwtCommand = legal[0];
  let bestScore = -Infinity;
  for (const x of legal) {
    const sc = scoreCommand(v, seat, x, legal);
    if (sc > bestScore) {
      best = x;
      bestScore = sc;
    }
  }
  return best.type;
}

export function scoreCommand(
  view: GwtView,
  seat: number,
  c: GwtCommand,
  legal: readonly GwtCommand[],
): number {
  const me = view.players[seat];
  const hand = me.hand ?? [];
  const detail = (view.prompt?.detail ?? {}) as Record<string, unknown>;
  switch (c.type) {
    case 'CHOOSE_FINAL_OBJECTIVES':
      return finalObjectivesValue(view, seat, c.add as string[]);
    case 'START_AT':
      return locationValue(view, seat, c.location as string);
    case 'MOVE_HERDER':
    case 'MOVE_HERDER_FORWARD':
      return pathScore(view, seat, c.path as string[]);
    case 'USE_ACTION': {
      // Opening an action only to decline what it asks would be offered again: look one step ahead.
      if (followUp(view, seat, c) === 'SKIP') return -1;
      const a = actionAt(view, seat, c.index as number);
      // Discards for money first (the money pays for what follows), then the rest in order.
      return (a?.type === 'DISCARD_CARDS' ? 5.5 : 5) - 0.01 * (c.index as number);
    }
    case 'END_TURN':
      return 0;
    case 'USE_AUXILIARY': {
      const base: Record<string, number> = { AUX1: 2, AUX2: 1.4, AUX3: 1.6, AUX4: 2.3, AUX5: 1.8 };
      let s = (base[c.action as string] ?? 1) + (c.double ? 1 : 0);
      if (c.action === 'AUX3' && me.certificates >= me.limits.certificate) s -= 2;
      if ((c.action === 'AUX3' || c.action === 'AUX5') && me.train < (c.double ? 2 : 1)) s -= 3;
      return legal.some((x) => x.type === 'USE_ACTION') ? s - 10 : s;
    }
    case 'USE_EXCHANGE_TOKEN':
      return -5;
    case 'PLAY_OBJECTIVE':
      return playObjectiveValue(view, seat, c.card as string);
    case 'SKIP':
      return 0.1;
    case 'DISCARD': {
      const rest = minus(hand, c.cards as string[]);
      return value(rest) + 0.5 * (c.cards as string[]).filter((x) => !isCattle(x)).length;
    }
    case 'DISCARD_FOR_REWARD': {
      const lost = value(hand) - value(minus(hand, c.cards as string[]));
      const gain = (detail.gain ?? {}) as { dollars?: number; certificates?: number };
      return 1 + 0.6 * (gain.dollars ?? 0) + 1.2 * (gain.certificates ?? 0) - 0.8 * lost;
    }
    case 'CHOOSE_ONE': {
      const opts = (detail.options ?? []) as { type: string; payDollars?: number }[];
      const o = opts[c.option as number];
      switch (o?.type) {
        case 'GAIN_CERTIFICATES':
          return me.certificates < me.limits.certificate ? 2.5 : 0.5;
        case 'TAKE_OBJECTIVE_CARD':
          return 1.5;
        case 'COLLECT_BOUNTY':
          return Object.values(view.trail).some((x) => x?.kind === 'BANDIT') ? 3 : 0;
        case 'PAY_THEN_MOVE_ENGINE_FORWARD':
          return me.money >= (o.payDollars ?? 2) + 2 ? 2.2 : 0;
        default:
          return 1.5;
      }
    }
    case 'DRAW_CARDS':
      return 0.5 + 0.4 * (c.count as number);
    case 'REMOVE_CARDS':
      return (c.cards as string[]).reduce((n, x) => {
        if (!isCattle(x)) return n - 1;
        const card = cattle(x);
        if (card.breed === 'criollo') return n + 1.5;
        if (card.vp > 0 || card.breedingValue >= 3) return n - 3;
        return n + (hand.filter((h) => h === x).length >= 2 ? 0.4 : -0.5);
      }, 0);
    case 'TAKE_OBJECTIVE':
      return c.card === null ? 1 : 1.5 + 0.5 * Math.max(0, objectiveGain(view, seat, c.card as string));
    case 'OBJECTIVE_ACTION':
      return 2;
    case 'HIRE_WORKER': {
      const kind = view.jobMarket[c.row as number]?.[c.col as number];
      if (!kind) return -1;
      const cost = hireCost(c.row as number, Number(detail.costModifier ?? 0));
      return workerValue(kind, me.workers[kind]) - 0.3 * cost - 0.01 * (c.row as number);
    }
    case 'BUY_CATTLE': {
      const opt = BUYING_OPTIONS[c.option as number];
      const cards = c.cards as string[];
      const deckBreeds = new Set(
        [...hand, ...(me.drawPileCards ?? []), ...me.discard].filter(isCattle).map((x) => cattle(x).breed),
      );
      const worth = cards.reduce((n, x) => {
        const k = cattle(x);
        return n + (k.breedingValue - 2) * 1.3 + 0.8 * k.vp + (deckBreeds.has(k.breed) ? 0 : 1);
      }, 0);
      return 1.5 + worth - 0.3 * (opt?.dollars ?? 6) - 0.2 * (opt?.cowboys ?? 1);
    }
    case 'DRAW_MARKET_CARDS':
      return 0.5;
    case 'PLACE_BUILDING': {
      const b = playerBuilding(c.building as PlayerBuildingId);
      const rate = Number(detail.costPerCraftsman ?? 2);
      const at = view.trail[c.location as string];
      const old = at?.kind === 'PLAYER' ? playerBuilding(at.building as PlayerBuildingId) : null;
      const cost = rate * (b.craftsmen - (old?.craftsmen ?? 0));
      const risk = (c.location as string).startsWith('R-') ? 0.4 : 0;
      const fee = b.hand !== 'none' ? 0.4 : 0;
      return 2 + 0.9 * (b.vp - (old?.vp ?? 0)) - 0.3 * cost + risk + fee - (old ? 1 : 0);
    }
    case 'USE_ADJACENT_BUILDING':
      return 2;
    case 'USE_ADJACENT_ACTION':
      return 3;
    case 'COLLECT_BOUNTY':
      return 3 + Number((c.location as string).replace('BANDIT-', '')) * 0.3;
    case 'REMOVE_HAZARD': {
      const o = view.trail[c.location as string];
      return 0.5 + (o?.kind === 'HAZARD' ? o.tile.vp * 0.8 : 0) - 0.25 * Number(detail.payDollars ?? 0);
    }
    case 'MOVE_TRAIN': {
      const to = c.to as number;
      const station = STATIONS.find((s) => s.position === to);
      const canUpgrade =
        station &&
        !(view.stationDiscs[station.id] ?? []).includes(seat) &&
        me.money >= station.upgradeCostDollars;
      return 2 + 0.15 * to + (canUpgrade ? 1.5 + 0.2 * station.vp : 0);
    }
    case 'UPGRADE_STATION': {
      const station = STATIONS.find((s) => s.id === detail.station);
      return (
        1 +
        (station ? 0.8 * station.vp - 0.25 * station.upgradeCostDollars : 0) +
        discPreference(c.disc, me.money - (station?.upgradeCostDollars ?? 0))
      );
    }
    case 'TAKE_STATION_MASTER': {
      const k = c.worker as WorkerKind;
      const n = me.workers[k];
      return 3 - (n >= 5 ? 4 : 0) - (k === 'cowboy' ? 0.3 : 0) + 0.1 * n;
    }
    case 'FORESIGHT': {
      const col = (detail as { column?: number }).column ?? 0;
      const tile = view.foresight[col]?.[c.index as number];
      return tile?.kind === 'worker' ? 1.5 : tile?.kind === 'hazard' ? 2 : 1.8;
    }
    case 'SPEND_CERTIFICATES': {
      const k = c.count as number;
      const base = value(hand) + me.permanentCertificates;
      const target = bestCity(view, seat, base + k);
      const reach = target < 0 ? -8 : cityScore(view, seat, CITIES.find((x) => x.value === target)!.id);
      return reach + 0.25 * k - 0.5 * k;
    }
    case 'UPGRADE_SIMMENTAL':
      return (c.fromLevel1 as number) + (c.fromLevel2 as number);
    case 'DELIVER':
      return cityScore(view, seat, c.city as CityId) + 0.6 * discPreference(c.disc, me.money);
    default:
      return 1;
  }
}

/** The legal commands with their rule-based scores, best first (ties keep the legal order). */
export function rankCommands(
  view: GwtView,
  seat: number,
  legal: readonly GwtCommand[],
): { command: GwtCommand; score: number }[] {
  return legal
    .map((command, i) => ({ command, score: scoreCommand(view, seat, command, legal), i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ command, score }) => ({ command, score }));
}

/** A short human description of a command (for explanations). */
export function describe(c: GwtCommand): string {
  switch (c.type) {
    case 'MOVE_HERDER':
    case 'MOVE_HERDER_FORWARD': {
      const path = c.path as string[];
      return `move ${path.length} to ${path[path.length - 1]}`;
    }
    case 'START_AT':
      return `start at ${String(c.location)}`;
    case 'DELIVER':
      return `deliver to ${String(c.city)} with disc ${String(c.disc)}`;
    case 'BUY_CATTLE':
      return `buy ${(c.cards as string[]).join(', ')}`;
    case 'HIRE_WORKER':
      return `hire the worker at row ${Number(c.row) + 1}, column ${Number(c.col) + 1}`;
    case 'PLACE_BUILDING':
      return `build ${String(c.building)} on ${String(c.location)}`;
    case 'UPGRADE_STATION':
      return `upgrade the station with disc ${String(c.disc)}`;
    case 'MOVE_TRAIN':
      return `engine to ${String(c.to)}`;
    case 'SPEND_CERTIFICATES':
      return `spend ${String(c.count)} certificates`;
    case 'USE_ACTION':
      return `local action ${String(c.index)}`;
    case 'USE_AUXILIARY':
      return `auxiliary ${String(c.action)}${c.double ? ' (double)' : ''}`;
    default:
      return c.type;
  }
}

/**
 * The HEURISTIC on a full state (search playouts): the same choice as from the seat's view, with
 * the one-step look-ahead made on `s` itself instead of a state sampled from the view.
 */
export function heuristicOnState(s: GwtState, seat: number, legal: GwtCommand[], rng: Rng): GwtCommand {
  const view = engine.view(s, seat);
  sampled.set(view, s);
  return gwtHeuristicBot.choose({ seat, view, legal, rng }).command;
}

export const gwtHeuristicBot: GameBot<GwtView, GwtCommand> = {
  level: 'HEURISTIC',
  choose({ seat, view, legal, rng }) {
    let best: GwtCommand[] = [];
    let bestScore = -Infinity;
    let second = -Infinity;
    for (const c of legal) {
      const s = scoreCommand(view, seat, c, legal);
      if (s > bestScore + 1e-9) {
        second = bestScore;
        best = [c];
        bestScore = s;
      } else if (Math.abs(s - bestScore) <= 1e-9) best.push(c);
      else second = Math.max(second, s);
    }
    const command = best.length === 1 ? best[0] : rng.pick(best);
    const next = Number.isFinite(second) ? `, next best ${second.toFixed(1)}` : '';
    return {
      command,
      explanation: `${describe(command)}: the best of ${legal.length} by the rule-based score (${bestScore.toFixed(1)}${next})`,
    };
  },
};
