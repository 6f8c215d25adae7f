/**
 * HEURISTIC: a fast rule-based player. It scores every legal command from its seat's view with
 * hand-written preferences (what a sensible beginner does) and plays the best, explaining why:
 * - phase A: go where it can act (neutral buildings, its own buildings), avoid fees, and head for
 *   Kansas City when the hand's breeding value is worth a delivery;
 * - phase B: use every local action the location offers, then end the turn; elsewhere, the most
 *   useful single auxiliary action;
 * - decisions: hire engineers and cowboys early, buy the most valuable cattle it can afford, push
 *   the engine far, upgrade stations with the discs that unlock auxiliary actions first, deliver to
 *   the deepest city it reaches (never Kansas City unless nothing else), keep distinct breeds in hand.
 */
import type { GameBot } from '../../bots';
import { cattle, isCattle } from '../cards';
import { handBreedingValue } from '../data/cattle';
import { playerBuilding } from '../data/player-buildings';
import { city } from '../data/railroad';
import { feeFor } from '../data/trail';
import type { CityId, PlayerBuildingId } from '../data/types';
import type { GwtCommand } from '../protocol';
import type { GwtView } from '../view';

const value = (cards: readonly string[]) => handBreedingValue(cards.filter(isCattle).map(cattle));

function minus(hand: readonly string[], cards: readonly string[]): string[] {
  const rest = [...hand];
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/** Which disc to give up first: auxiliary-action discs, then certificate and step discs, hand discs last ($5). */
function discPreference(disc: unknown): number {
  if (typeof disc !== 'string') return -3;
  if (/^AUX[345]-/.test(disc)) return 3;
  if (/^AUX[12]-/.test(disc)) return 2.5;
  if (disc.startsWith('CERT-')) return 2;
  if (disc === 'STEP-DOLLARS') return 2.2;
  if (disc === 'STEP-VP') return 1.5;
  if (disc.startsWith('HAND-')) return 1;
  return -2; // a station id: moving a disc back off a station
}

const NEUTRAL_VALUE: Record<string, number> = { A: 6, B: 5, C: 5, D: 5, E: 4.5, F: 4.5, G: 5 };

function destinationValue(view: GwtView, seat: number, dest: string): number {
  const me = view.players[seat];
  if (dest === 'KANSAS_CITY') {
    const income = value(me.hand ?? []) + me.certificates + me.permanentCertificates;
    return income * 1.2 - 4;
  }
  const o = view.trail[dest];
  if (o?.kind === 'NEUTRAL') return NEUTRAL_VALUE[o.building] ?? 4;
  if (o?.kind === 'PLAYER' && o.owner === seat) return 4.5;
  return 1;
}

function fees(view: GwtView, seat: number, path: readonly string[]): number {
  const players = view.seatCount as 2 | 3 | 4;
  let total = 0;
  for (const id of path) {
    const o = view.trail[id];
    if (!o) continue;
    if (o.kind === 'HAZARD' || o.kind === 'BANDIT') total += feeFor(o.tile.hand, players);
    if (o.kind === 'PLAYER' && o.owner !== seat) total += feeFor(playerBuilding(o.building as PlayerBuildingId).hand, players);
  }
  return Math.min(total, view.players[seat].money);
}

function pathScore(view: GwtView, seat: number, path: readonly string[]): number {
  const dest = path[path.length - 1];
  return destinationValue(view, seat, dest) - 1.5 * fees(view, seat, path) + 0.15 * path.length;
}

export function scoreCommand(view: GwtView, seat: number, c: GwtCommand, legal: readonly GwtCommand[]): number {
  const me = view.players[seat];
  const hand = me.hand ?? [];
  switch (c.type) {
    case 'START_AT':
      return destinationValue(view, seat, c.location as string);
    case 'MOVE_HERDER':
    case 'MOVE_HERDER_FORWARD':
      return pathScore(view, seat, c.path as string[]);
    case 'USE_ACTION':
      return 5 - 0.01 * (c.index as number);
    case 'END_TURN':
      return 0;
    case 'USE_AUXILIARY': {
      const base: Record<string, number> = { AUX1: 2, AUX2: 1.2, AUX3: 1.5, AUX4: 2.5, AUX5: 1.8 };
      const s = (base[c.action as string] ?? 1) + (c.double ? 1 : 0);
      return legal.some((x) => x.type === 'USE_ACTION') ? s - 10 : s;
    }
    case 'USE_EXCHANGE_TOKEN':
    case 'PLAY_OBJECTIVE':
      return -5;
    case 'SKIP':
      return 0.1;
    case 'DISCARD':
      return value(minus(hand, c.cards as string[])) + 0.5 * (c.cards as string[]).filter((x) => !isCattle(x)).length;
    case 'DISCARD_FOR_REWARD':
      return 3 + 0.2 * value(minus(hand, c.cards as string[]));
    case 'CHOOSE_ONE':
      return 2 - 0.01 * (c.option as number);
    case 'DRAW_CARDS':
      return c.count as number;
    case 'REMOVE_CARDS':
      return (c.cards as string[]).reduce((n, x) => n + (x.startsWith('criollo') ? 1 : isCattle(x) ? -2 : 0.5), 0);
    case 'TAKE_OBJECTIVE':
      return c.card === null ? 1 : 1.5;
    case 'OBJECTIVE_ACTION':
      return 2;
    case 'HIRE_WORKER': {
      const kind = view.jobMarket[c.row as number]?.[c.col as number];
      const base = kind === 'engineer' ? 4 : kind === 'cowboy' ? 3.8 : 3;
      const have = kind ? me.workers[kind] : 6;
      return base - (have >= 4 ? 2 : 0) - 0.05 * (c.row as number);
    }
    case 'BUY_CATTLE': {
      const cards = c.cards as string[];
      const worth = cards.reduce((n, x) => n + cattle(x).breedingValue + 0.5 * cattle(x).vp, 0);
      return 2 + worth * 0.8;
    }
    case 'DRAW_MARKET_CARDS':
      return 0.5;
    case 'PLACE_BUILDING': {
      const b = playerBuilding(c.building as PlayerBuildingId);
      return 4 + 0.3 * b.vp - 0.1 * b.costDollars;
    }
    case 'USE_ADJACENT_BUILDING':
      return 2;
    case 'USE_ADJACENT_ACTION':
      return 3;
    case 'COLLECT_BOUNTY':
      return 3 + Number((c.location as string).replace('BANDIT-', '')) * 0.1;
    case 'REMOVE_HAZARD': {
      const o = view.trail[c.location as string];
      return 2 + (o?.kind === 'HAZARD' ? o.tile.vp * 0.5 : 0);
    }
    case 'MOVE_TRAIN':
      return 2 + 0.1 * (c.to as number);
    case 'UPGRADE_STATION':
      return 4 + discPreference(c.disc);
    case 'TAKE_STATION_MASTER':
      return 3 + 0.1 * me.workers[c.worker as 'cowboy' | 'craftsman' | 'engineer'];
    case 'FORESIGHT': {
      const col = (view.prompt?.detail as { column?: number } | undefined)?.column ?? 0;
      const tile = view.foresight[col]?.[c.index as number];
      return tile?.kind === 'worker' ? 2 : tile?.kind === 'hazard' ? 1.5 : 1;
    }
    case 'SPEND_CERTIFICATES':
      return c.count as number;
    case 'UPGRADE_SIMMENTAL':
      return (c.fromLevel1 as number) + (c.fromLevel2 as number);
    case 'DELIVER': {
      const target = city(c.city as CityId);
      const cost = Math.max(0, target.value - Math.ceil(me.train)) * 0.3;
      return target.value * 0.8 + target.vpPerDisc - cost + discPreference(c.disc) * 0.3;
    }
    default:
      return 1;
  }
}

export const gwtHeuristicBot: GameBot<GwtView, GwtCommand> = {
  level: 'HEURISTIC',
  choose({ seat, view, legal, rng }) {
    let best: GwtCommand[] = [];
    let bestScore = -Infinity;
    for (const c of legal) {
      const s = scoreCommand(view, seat, c, legal);
      if (s > bestScore + 1e-9) {
        best = [c];
        bestScore = s;
      } else if (Math.abs(s - bestScore) <= 1e-9) best.push(c);
    }
    const command = best.length === 1 ? best[0] : rng.pick(best);
    return { command, explanation: `${command.type}: the best of ${legal.length} by the rule-based score (${bestScore.toFixed(1)})` };
  },
};
