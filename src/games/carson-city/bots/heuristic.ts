/**
 * HEURISTIC level: a fast hand-written Carson City strategy. It rebuilds the state from the view
 * (`determinize`), then:
 * - placements: every target is valued (money, VP, buildings' income for the rounds left, parcels,
 *   attacks on rivals' income, defence) and weighted by the odds of holding it (duel dice +
 *   firepower, with the risk of later challengers); passes when nothing is worth a cowboy;
 * - personalities: immediate effect (one-ply) plus each tile's standing value and turn order;
 * - purchases, building sites, Houses, consents, options, cash spending: the command whose
 *   outcome evaluates best (`evaluate.ts`), or a dedicated rule where a one-ply look is blind.
 */
import type { BotDecision, BotInput, GameBot } from '../../bots';
import type { Seat } from '../../engine';
import type { Rng } from '../../random';
import { NORMAL_START_SHEET } from '../modules/anb/anb';
import { BUY_VP_PRICE, buildSquare, STEPS, type ActionId } from '../data/actions';
import { edgeId, n8, parcelIndex, type ParcelRef } from '../data/board';
import { BUILDINGS, SQUARE_PRICES, type BuildingType } from '../data/buildings';
import { MERCENARY, PERSONALITIES } from '../data/personalities';
import { buildTargets, houseSpots } from '../build';
import type { CarsonCommand } from '../commands';
import { createRng } from '../../random';
import {
  buildingPrice,
  firepower,
  holds,
  incomeLevel,
  isBuilding,
  isConnected,
  legalRoadEdges,
  newlyConnectedBy,
  ownedBuildings,
  ownedParcels,
  parcelPrice,
} from '../rules';
import type { CarsonState, PromptState } from '../state';
import { isOutlawLoc, outlawVp } from '../modules/outlaws/outlaws';
import type { CarsonView } from '../view';
import { determinize } from './determinize';
import {
  buildingValue,
  dollarValue,
  estatesLeft,
  evaluateSeat,
  incomeIf,
  incomes,
  margin,
  moneyValue,
  parcelValue,
  step,
} from './evaluate';

export type Decision = BotDecision<CarsonCommand>;
const P = (r: ParcelRef): number => parcelIndex(r.c, r.r);

// ---------------------------------------------------------------- duel odds

const DIE1 = [1, 2, 3, 4, 5, 6].map((x) => [x]);
const DIE2: number[][] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) DIE2.push([a, b]);
const distCache = new Map<number, number[]>();
function sumDist(dice: number): number[] {
  const c = distCache.get(dice);
  if (c) return c;
  const dist = new Array<number>(13).fill(0);
  const rolls = dice === 2 ? DIE2 : DIE1;
  for (const r of rolls) dist[r.reduce((a, b) => a + b, 0)] += 1 / rolls.length;
  distCache.set(dice, dist);
  return dist;
}

/** P(me beats one rival): die + firepower, ties split. */
const beatCache = new Map<number, number>();
export function pBeat(fMe: number, fOther: number, myDice = 1, otherDice = 1): number {
  const diffKey = Math.max(-20, Math.min(20, Math.round(fMe - fOther)));
  const key = (diffKey + 32) * 16 + myDice * 4 + otherDice;
  const hit = beatCache.get(key);
  if (hit !== undefined) return hit;
  const v = pBeatRaw(diffKey, 0, myDice, otherDice);
  beatCache.set(key, v);
  return v;
}
function pBeatRaw(fMe: number, fOther: number, myDice: number, otherDice: number): number {
  const a = sumDist(myDice);
  const b = sumDist(otherDice);
  let p = 0;
  for (let x = 0; x < 13; x++) {
    if (!a[x]) continue;
    for (let y = 0; y < 13; y++) {
      if (!b[y]) continue;
      const diff = x + fMe - (y + fOther);
      p += a[x] * b[y] * (diff > 0 ? 1 : diff === 0 ? 0.5 : 0);
    }
  }
  return p;
}

/** Firepower a seat will likely have when duels are fought (its reserve shrinks as it places). */
export function fpEstimate(s: CarsonState, x: Seat, placingNow = false): number {
  const p = s.players[x];
  const f = firepower(s, x);
  if (s.flow.phase !== 'PLACEMENT' || s.passed.includes(x)) return f;
  const r = p.reserve - (placingNow ? 1 : 0);
  return f - (placingNow ? 1 : 0) - Math.ceil(Math.max(0, r) * 0.6);
}

function activeRivals(s: CarsonState, seat: Seat): Seat[] {
  const out: Seat[] = [];
  for (let x = 0; x < s.seatCount; x++) {
    if (x === seat || s.passed.includes(x)) continue;
    if (s.players[x].reserve > 0 || s.players[x].white === 'RESERVE') out.push(x);
  }
  return out;
}

// ---------------------------------------------------------------- placement values

export function committedMoney(s: CarsonState, seat: Seat, beforeStep: number): number {
  let m = 0;
  for (const pl of s.placements) {
    if (pl.seat !== seat) continue;
    if (pl.loc.startsWith('A:')) {
      const a = pl.loc.slice(2) as ActionId;
      const sq = buildSquare(a);
      if (sq >= 0 && STEPS.indexOf(a) < beforeStep && s.track[sq]) m += buildingPrice(s, seat, sq);
    } else if (pl.loc.startsWith('P:') && !isOutlawLoc(s, pl.loc))
      m += parcelPrice(s, Number(pl.loc.slice(2)), seat);
  }
  return m;
}

/** P(two dice sum >= need). */
function twoDiceAtLeast(need: number): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= need) n++;
  return n / 36;
}

export function wagesCount(s: CarsonState, seat: Seat): number {
  return s.placements.filter((p) => p.seat === seat && p.loc === 'A:WAGES').length;
}

/** Value (VP) for `seat` of performing `action` at its step. */
export function actionGain(s: CarsonState, seat: Seat, action: ActionId, singerExtra = false): number {
  const p = s.players[seat];
  const d = dollarValue(s);
  const stepIdx = STEPS.indexOf(action);
  const money = p.money + 4 * wagesCount(s, seat) - committedMoney(s, seat, stepIdx);
  const late = s.round >= 4;
  const roadVal = () =>
    late ? 0.05 : p.pending.length > 0 || ownedParcels(s, seat).some((q) => !isConnected(s, q)) ? 0.45 : 0.2;
  const fp = fpEstimate(s, seat, true);
  const sq = buildSquare(action);
  if (sq >= 0) {
    const b = s.track[sq];
    if (!b) return 0;
    const price = buildingPrice(s, seat, sq);
    if (money < price) return -0.2;
    return buildingValue(s, seat, b, estatesLeft(s)) - price * d * 1.05;
  }
  const vpPrice = BUY_VP_PRICE[action];
  if (vpPrice !== undefined) {
    const count = Math.floor(Math.max(0, money) / vpPrice);
    if (count === 0) return -0.2;
    const best = bestVpCount(s, seat, vpPrice, Math.max(0, money));
    return best.gain;
  }
  switch (action) {
    case 'WAGES': {
      // Horses: the first Wages cowboy may buy a horse instead ($4, $2 back from stable 4); a
      // horse is worth 1 VP per marker + 1 at the end, and a chance at the rodeos left.
      const h = s.horses;
      if (!h || h.supply === 0 || wagesCount(s, seat) > 0 || p.money < 4) return 4 * d;
      const horse = 1 + h.players[seat].markers + 0.3 * Math.min(h.markersLeft, 5 - s.round);
      return Math.max(4 * d, horse - 2 * d);
    }
    case 'AMMUNITION': {
      const duels = s.placements.filter((x) => x.seat === seat && !x.loc.startsWith('A:WAGES')).length;
      return 0.4 + 0.25 * duels + (late ? 0 : 0.2);
    }
    case 'ROADS':
      return 3 * roadVal();
    case 'ROAD':
      return roadVal();
    case 'PARCEL_INCOME':
      return 2 * ownedParcels(s, seat).length * d;
    case 'COWBOY_INCOME':
      return 2 * Math.max(0, fp) * d;
    case 'GAMBLING':
      return (singerExtra ? 12.25 : 7) * d;
    case 'VP_PARCELS':
      return Math.floor(ownedParcels(s, seat).length / 2);
    case 'VP_COWBOYS':
      return Math.floor(Math.max(0, fp) / 2);
    case 'VP_BUILDINGS':
      return ownedBuildings(s, seat).length + 0.5 * p.pending.length;
    default:
      return 0;
  }
}

/** How many VP to buy at `price` with `money`, and the gain over buying none. */
export function bestVpCount(
  s: CarsonState,
  seat: Seat,
  price: number,
  money: number,
): { count: number; gain: number } {
  const base = moneyValue(s, seat, money);
  let best = { count: 0, gain: 0 };
  for (let k = 1; k * price <= money; k++) {
    const g = k + moneyValue(s, seat, money - k * price) - base;
    if (g > best.gain) best = { count: k, gain: g };
  }
  return best;
}

/** How much rivals would like an action square (a cheap proxy: who can use it). */
function othersValue(s: CarsonState, seat: Seat, action: ActionId): number {
  const sq = buildSquare(action);
  if (sq >= 0) {
    const b = s.track[sq];
    if (!b) return 0;
    const price = SQUARE_PRICES[sq];
    return s.players.some((q, x) => x !== seat && q.money >= price) ? Math.min(3, 1 + price / 6) : 0;
  }
  if (BUY_VP_PRICE[action] !== undefined) return s.round >= 3 ? 2 : 1;
  if (action.startsWith('VP_')) return 1.5;
  if (action === 'AMMUNITION') return 1.5;
  return 1;
}

export interface Scored {
  command: CarsonCommand;
  score: number;
  why: string;
  /** Placements: value if held, location key, lure for rivals. */
  gain?: number;
  loc?: string;
  lure?: number;
}

/** Probability of holding a location: beat everyone there now, and later challengers. */
export function holdOdds(
  s: CarsonState,
  seat: Seat,
  loc: string,
  dynamite: boolean,
  valueToOthers: number,
): number {
  const here = s.placements.filter((x) => x.loc === loc && x.seat !== seat && !x.noDuel);
  const fMe = fpEstimate(s, seat, true);
  const myDice = dynamite ? 2 : 1;
  let p = 1;
  for (const h of here) {
    if (h.white) return 0;
    p *= pBeat(fMe, fpEstimate(s, h.seat), myDice, h.dynamite ? 2 : 1);
  }
  // Later challengers: more likely on valuable spots, less likely against a strong gun.
  for (const x of activeRivals(s, seat)) {
    if (here.some((h) => h.seat === x)) continue;
    const lure = Math.min(0.35, 0.06 + 0.08 * Math.max(0, valueToOthers));
    p *= 1 - lure * (1 - pBeat(fMe, fpEstimate(s, x), myDice, 1));
  }
  return p;
}

/** A cowboy on a building: the Town Hall's steps, defending my own, or raiding a rival's. */
function buildingSpotGain(s: CarsonState, seat: Seat, q: number, loc: string, d: number) {
  const cell = s.parcels[q];
  const left = estatesLeft(s) > 0 ? 1 : 0;
  if (cell.content === 'TOWN_HALL') {
    const mine = ownedParcels(s, seat).filter((x) => isBuilding(s.parcels[x].content));
    const steps = mine.reduce((a, x) => a + BUILDINGS[s.parcels[x].content as BuildingType].townHallStep, 0);
    return { gain: (steps * d + 0.2) * left, why: `occupy the Town Hall (+$${steps})` };
  }
  if (cell.owner === seat) {
    const inc = incomeLevel(s, q);
    const attackers = s.placements.filter((x) => x.loc === loc && x.seat !== seat);
    const gain = attackers.length > 0 ? (inc / 2) * d * 1.3 * left : 0.05 * inc * d * left;
    return { gain, why: `defend my ${cell.content} ($${inc})` };
  }
  const inc = incomeLevel(s, q);
  const defended = s.placements.some((x) => x.loc === loc && x.seat === cell.owner);
  return {
    gain: (Math.floor(inc / 2) * d + (inc / 2) * d * 0.35) * left - (defended ? 0.1 : 0),
    why: `raid ${cell.content} of seat ${cell.owner} ($${Math.floor(inc / 2)})`,
  };
}

/** Outlaws (§10.5): the odds of beating the outlaw on `q` times its VP (and my building's income). */
function outlawGain(s: CarsonState, seat: Seat, q: number, dyn: boolean, d: number) {
  const fp = firepower(s, seat) - 1;
  const need = (s.outlaws!.strength ?? 99) - fp;
  const pw = dyn ? twoDiceAtLeast(need) : Math.min(1, Math.max(0, (7 - need) / 6));
  const own =
    s.parcels[q].owner === seat && isBuilding(s.parcels[q].content)
      ? (incomeLevel(s, q) / 2) * d * (estatesLeft(s) > 0 ? 1 : 0)
      : 0;
  return {
    gain: pw * (outlawVp(s) + own) - 0.1,
    why: `fight the outlaw (${Math.round(pw * 100)}% to win ${outlawVp(s)} VP)`,
  };
}

export function placementScores(s: CarsonState, seat: Seat, legal: CarsonCommand[]): Scored[] {
  const out: Scored[] = [];
  const p = s.players[seat];
  const d = dollarValue(s);
  const reserveAfter = p.reserve - 1;
  // A cowboy kept in reserve adds firepower for every duel and the cowboy squares.
  const keepCost = 0.25 + (reserveAfter <= 1 ? 0.15 : 0);
  const valueCache = new Map<string, number>();
  const othersCache = new Map<string, number>();
  const oddsCache = new Map<string, number>();
  const parcelCache = new Map<number, number>();
  const owned = ownedParcels(s, seat).length;
  const parcelMoney = p.money + 4 * wagesCount(s, seat) - committedMoney(s, seat, STEPS.indexOf('PARCELS'));
  for (const c of legal) {
    if (c.type === 'PASS' || c.type === 'LOCK') {
      // Kit Carson: locking early also earns the end bonus (+1 VP per player behind, §8 item 6)
      // on the final round's track; bots lock once no placement is worth a cowboy.
      const bonus = c.type === 'LOCK' && s.round >= 4 ? 0.3 : 0;
      out.push({
        command: c,
        score: bonus,
        why: c.type === 'LOCK' ? 'done: lock' : 'nothing left worth a cowboy',
      });
      continue;
    }
    if (c.type !== 'PLACE_COWBOY') continue;
    const t = c.target;
    const dyn = c.dynamite === true;
    const special = c.white === true || c.noDuel === true || c.extra === true;
    let gain: number;
    let why: string;
    let loc: string;
    let valueToOthers = 0;
    if (t.kind === 'ACTION') {
      loc = `A:${t.action}`;
      const key = `${loc}:${c.extra === true}`;
      gain = valueCache.get(key) ?? actionGain(s, seat, t.action, c.extra === true);
      valueCache.set(key, gain);
      why = `${t.action} worth ${gain.toFixed(1)} VP`;
      const vo = othersCache.get(loc) ?? othersValue(s, seat, t.action);
      othersCache.set(loc, vo);
      valueToOthers = vo;
    } else if (t.kind === 'PARCEL') {
      const q = P(t.parcel);
      loc = `P:${q}`;
      const price = parcelPrice(s, q, seat);
      const cached = parcelCache.get(q);
      if (cached !== undefined) gain = cached;
      else if (parcelMoney < price || owned >= 12) gain = -1;
      else gain = parcelValue(s, seat, q) - price * d;
      parcelCache.set(q, gain);
      why = `parcel ${t.parcel.c},${t.parcel.r} worth ${gain.toFixed(1)} VP`;
      valueToOthers = 0.8;
    } else if (t.kind === 'STABLE') {
      // Horses: a cowboy in a stable only doubles its rodeo points; worth it with horses there.
      loc = `S:${t.stable}`;
      const h = s.horses;
      const points = h ? h.players[seat].stables[t.stable - 1] * [1, 2, 2, 3, 5][t.stable - 1] : 0;
      gain = points * 0.12;
      why = `stable ${t.stable} doubles ${points} rodeo points`;
    } else {
      const q = P(t.parcel);
      loc = `B:${q}`;
      ({ gain, why } = buildingSpotGain(s, seat, q, loc, d));
      valueToOthers = 0.5;
    }
    // Outlaws (§10.5): fighting one pays its VP (and frees my own building's full income) when
    // my firepower plus the die reaches its strength; rival fighters are ignored.
    const outlaw = t.kind !== 'ACTION' && t.kind !== 'STABLE' && isOutlawLoc(s, loc);
    if (outlaw) ({ gain, why } = outlawGain(s, seat, P((t as { parcel: ParcelRef }).parcel), dyn, d));
    let odds: number;
    if (outlaw) odds = 1;
    else if (c.white === true) odds = 1;
    else if (c.noDuel === true || c.extra === true) odds = 1;
    else if (t.kind === 'ACTION' && (t.action === 'WAGES' || t.action === 'ROAD')) odds = 1;
    else if (t.kind === 'STABLE') odds = 1;
    else {
      const ok = `${loc}:${dyn}`;
      odds = oddsCache.get(ok) ?? holdOdds(s, seat, loc, dyn, valueToOthers);
      oddsCache.set(ok, odds);
    }
    let score = gain * odds - (c.extra === true ? 0 : keepCost);
    // Losing a duel still returns the cowboy, but it is gone for this round's placements.
    if (dyn) score -= 0.35;
    if (special) score += 0.15; // special cowboys and markers are use-it-or-lose-it
    if (c.white === true && odds === 1) score += 0.1 * gain;
    out.push({
      command: c,
      score,
      why: `${why}, hold odds ${(odds * 100).toFixed(0)}%`,
      gain,
      loc,
      lure: valueToOthers,
    });
  }
  return out;
}

// ---------------------------------------------------------------- personalities

/** Standing value (VP) of holding a tile this round, beyond its one-off effect. */
function tileValue(s: CarsonState, seat: Seat, id: number, side: string): number {
  const order = (20 - id) * 0.06;
  const p = s.players[seat];
  const d = dollarValue(s);
  switch (`${id}${side[0]}`) {
    case '1Y':
      return order + 1.6; // white cowboy: an unchallengeable extra figure
    case '1R':
      return order + 0.6;
    case '2Y':
      return order + 0.3 + Math.max(0, p.money - 40) * 0.02;
    case '3Y':
      return order + 0.3 + Math.max(0, Math.max(...incomesByType(s, seat)) - 8) * d;
    case '4Y': {
      const cheap = s.track.reduce((a, b, k) => a + (b ? [3, 4, 5, 6, 8, 10, 12][k] : 0), 0);
      return order + 0.4 + Math.min(cheap, 25) * 0.03 * (s.round < 4 ? 1 : 0.4);
    }
    case '5Y':
      return order + 0.2;
    case '6Y':
      return order + 0.2 + (p.money >= 4 ? 0.8 : 0);
    case '7Y':
      return order + 1.2 + (holds(s, seat, MERCENARY) ? 0 : 0);
    case '7R':
      return order + 0.9;
    case '16Y':
      return order + 0.3 + ownedBuildings(s, seat).length * 0.3;
    case '19Y':
      return order;
    default:
      return order + 0.4;
  }
}

function incomesByType(s: CarsonState, seat: Seat): number[] {
  const by = new Map<string, number>();
  for (const q of ownedBuildings(s, seat)) {
    const t = String(s.parcels[q].content);
    by.set(t, (by.get(t) ?? 0) + incomeLevel(s, q));
  }
  return [0, ...by.values()];
}

// ---------------------------------------------------------------- helpers for other prompts

function houseDelta(s: CarsonState, seat: Seat, q: number, town: boolean): number {
  const cell = s.parcels[q];
  const before = incomes(s);
  const old = cell.content;
  cell.content = town ? 'TOWN_HOUSE' : 'HOUSE';
  const after = incomes(s);
  cell.content = old;
  const left = Math.max(1, estatesLeft(s));
  const d = dollarValue(s);
  let v = (after[seat] - before[seat]) * d * left * 0.9;
  let worst = 0;
  for (let x = 0; x < s.seatCount; x++) if (x !== seat) worst = Math.max(worst, after[x] - before[x]);
  v -= worst * d * left * 0.4;
  if (cell.owner === seat && !town) v += 2;
  if (cell.owner !== null && cell.owner !== seat && !town) v -= 1.5;
  // Covering an empty parcel next to my Ranch lowers its income (already in incomes) and
  // uses a potential building spot of mine.
  if (cell.owner === seat && !town && s.round < 4) v -= 0.5;
  return v;
}

function townHallDelta(s: CarsonState, seat: Seat, q: number): number {
  const cell = s.parcels[q];
  const before = incomes(s);
  const old = cell.content;
  cell.content = 'TOWN_HALL';
  const after = incomes(s);
  cell.content = old;
  let worst = 0;
  for (let x = 0; x < s.seatCount; x++) if (x !== seat) worst = Math.max(worst, after[x] - before[x]);
  return after[seat] - before[seat] - worst * 0.5;
}

function startScore(s: CarsonState, q: number): number {
  const nb = n8(q);
  const mountains = nb.filter(
    (x) => s.parcels[x].content === 'MOUNTAIN' && s.parcels[x].owner === null,
  ).length;
  // River parcels stay free for a Ranch (§10.2).
  const empty = nb.filter(
    (x) => (s.parcels[x].content === null && s.parcels[x].owner === null) || s.parcels[x].content === 'RIVER',
  ).length;
  const rivals = nb.filter((x) => s.parcels[x].owner !== null).length;
  const c = (q % 8) - (s.centre % 8);
  const r = Math.floor(q / 8) - Math.floor(s.centre / 8);
  const dist = Math.max(Math.abs(c), Math.abs(r));
  const cell = s.parcels[q];
  if (cell.content !== null) return cell.content === 'MOUNTAIN' ? 1.5 + mountains * 0.5 : 0.5;
  return mountains * 2.2 + empty * 0.3 + (isConnected(s, q) ? 1.5 : 0) - dist * 0.35 - rivals * 0.4;
}

function roadChoice(s: CarsonState, seat: Seat, legal: CarsonCommand[]): Scored | null {
  const p = s.players[seat];
  if (p.roads === 0 || !legal.some((c) => c.type === 'PLACE_ROAD')) return null;
  const prompt = s.flow.prompt;
  const needy = p.pending.filter((b) => BUILDINGS[b].needsRoad && buildTargets(s, seat, b).length === 0);
  // Build-enabling roads at a building prompt; otherwise roads to own unconnected parcels late on.
  const useful =
    (prompt?.kind === 'PLACE_BUILDING' && needy.length > 0) ||
    (s.round === 4 && s.flow.phase === 'END_OF_ROUND');
  if (!useful) return null;
  let best: Scored | null = null;
  for (const e of legalRoadEdges(s)) {
    const newly = newlyConnectedBy(s, e);
    const mine = newly.filter((q) => s.parcels[q].owner === seat && s.parcels[q].content === null);
    if (mine.length === 0) continue;
    const score = mine.length;
    if (!best || score > best.score) {
      const cmd = legal.find((c) => c.type === 'PLACE_ROAD' && edgeId(c.edge) === e);
      if (cmd)
        best = {
          command: cmd,
          score,
          why: `road connects ${mine.length} of my parcels for a pending building`,
        };
    }
  }
  return best;
}

/**
 * Might is Right (§10.3): the cheapest tile(s) expected to win the duel, else the lowest (keep the
 * good tiles). Rivals' sealed tiles are unknown (the state is a sample), so each counts 2.5 per
 * tile; once revealed (the red Gunsmith chooses last) they are known exactly. Ties go to pass order.
 */
function duelTileScores(s: CarsonState, seat: Seat, cands: CarsonCommand[]): Scored[] {
  const prompt = s.flow.prompt;
  if (!prompt || prompt.kind !== 'CHOOSE_DUEL_TILE') return [];
  const m = s.might!;
  const duel = prompt.duel;
  const rank = (x: Seat) => duel.seats.indexOf(x);
  const rivals = duel.seats
    .filter((x) => x !== seat)
    .map((x) => {
      const placed = s.placements.find((p) => p.seat === x && p.loc === duel.loc);
      const known = duel.revealed && prompt.late && !prompt.waiting.includes(x);
      const tiles = known ? m.chosen[x].reduce((a, b) => a + b, 0) : (placed?.dynamite ? 2 : 1) * 2.5;
      return { x, strength: firepower(s, x) + tiles };
    });
  const mine = firepower(s, seat) + m.chosen[seat].reduce((a, b) => a + b, 0);
  return cands.map((c) => {
    if (c.type !== 'CHOOSE_DUEL_TILE') return { command: c, score: -99, why: '' };
    const sum = c.tiles.reduce((a, b) => a + b, 0);
    const total = mine + sum;
    // Outlaws: the outlaw plays no tile; its strength must be reached too (§10.5, §13 #34).
    const outlaw = duel.then.kind === 'OUTLAW' ? duel.then.strength : 0;
    const wins =
      total >= outlaw &&
      rivals.every((r) => total > r.strength || (total === r.strength && rank(seat) < rank(r.x)));
    return {
      command: c,
      score: (wins ? 3 : 0) - 0.4 * sum,
      why: wins
        ? `tile ${c.tiles.join('+')} should win the duel`
        : `tile ${c.tiles.join('+')}: saving the better tiles`,
    };
  });
}

/** One-ply: the command whose outcome evaluates best for `seat` (common random numbers). */
function onePly(s: CarsonState, seat: Seat, cands: CarsonCommand[], rng: Rng): Scored[] {
  const seed = `${rng.int(0, 1_000_000)}`;
  const out: Scored[] = [];
  for (const c of cands) {
    const next = step(s, seat, c, createRng(seed));
    if (!next) continue;
    out.push({ command: c, score: margin(next, seat), why: 'best outcome one move ahead' });
  }
  return out;
}

function best(list: Scored[]): Scored {
  return list.reduce((a, b) => (b.score > a.score ? b : a), list[0]);
}

// ---------------------------------------------------------------- the policy

/**
 * A New Beginning sheets (§10.1): a fixed repertoire, one per seat (mod 4) so that every power
 * gets played: the normal start ($35, T22) plus Marksman, Influential connections or Great
 * service done paid by selling 5 VP, or plus a $5 first-player bid. Other sheets score below.
 */
const SHEET_REPERTOIRE: Partial<Record<string, number | boolean>>[] = [
  { marksman: true, vp: -5 },
  { influential: true, vp: -5 },
  { greatService: true, vp: -5 },
  { bid: 5 },
];

function sheetScore(seat: Seat, c: Extract<CarsonCommand, { type: 'FILL_SHEET' }>): number {
  const want = { ...NORMAL_START_SHEET, ...SHEET_REPERTOIRE[seat % SHEET_REPERTOIRE.length] };
  const same = (Object.keys(want) as (keyof typeof want)[]).every((k) => c[k] === want[k]);
  if (same) return 2;
  const normal = (Object.keys(NORMAL_START_SHEET) as (keyof typeof NORMAL_START_SHEET)[]).every(
    (k) => c[k] === NORMAL_START_SHEET[k],
  );
  return normal ? 1 : 0;
}

type PromptOf<K extends PromptState['kind']> = Extract<PromptState, { kind: K }>;

function pickScores(s: CarsonState, seat: Seat, main: CarsonCommand[]): Scored[] {
  const base = margin(s, seat);
  return main.map((c) => {
    // Great service done (once per game): worth a second tile clearly ahead of nothing; in
    // round 4 it is now or never.
    if (c.type === 'DECLINE_ACTION')
      return { command: c, score: s.round < 4 ? 2.5 : -50, why: 'keep Great service for later' };
    if (c.type !== 'PICK_CHARACTER') return { command: c, score: -99, why: '' };
    const tile = s.tiles.find((t) => t.id === c.personality)!;
    const side = c.side ?? (tile.side === 'EITHER' ? 'YELLOW' : tile.side);
    const next = step(s, seat, c, createRng(`pick${c.personality}`));
    const now = next ? margin(next, seat) - base : 0;
    const v = now + tileValue(s, seat, c.personality, side);
    return {
      command: c,
      score: v,
      why: `${PERSONALITIES[c.personality].name} (${side}) worth ${v.toFixed(1)} VP`,
    };
  });
}

function buyBuildingScores(
  s: CarsonState,
  seat: Seat,
  main: CarsonCommand[],
  prompt: PromptOf<'BUY_BUILDING'>,
) {
  const v = buildingValue(s, seat, prompt.building, estatesLeft(s)) - prompt.price * dollarValue(s);
  return main.map((c) => ({
    command: c,
    score: c.type === 'BUY_BUILDING' ? v : 0,
    why:
      c.type === 'BUY_BUILDING'
        ? `${prompt.building} worth ${v.toFixed(1)} VP after its price`
        : 'not worth its price',
  }));
}

function buyParcelScores(s: CarsonState, seat: Seat, main: CarsonCommand[], prompt: PromptOf<'BUY_PARCEL'>) {
  const v = parcelValue(s, seat, prompt.parcel) - prompt.price * dollarValue(s);
  return main.map((c) => ({
    command: c,
    score: c.type === 'BUY_PARCEL' ? v + 0.2 : 0,
    why: c.type === 'BUY_PARCEL' ? `parcel worth ${v.toFixed(1)} VP` : 'parcel not worth it',
  }));
}

function buyVpScores(
  s: CarsonState,
  seat: Seat,
  main: CarsonCommand[],
  prompt: PromptOf<'BUY_VP'>,
): Scored[] {
  const b = bestVpCount(s, seat, prompt.price, s.players[seat].money);
  return main.map((c) => ({
    command: c,
    score: c.type === 'BUY_VP' ? (c.count === b.count ? 1 : 0) : b.count === 0 ? 1 : 0,
    why: b.count > 0 ? `buy ${b.count} VP at $${prompt.price}` : 'money is worth more than these VP',
  }));
}

function spendCashScores(s: CarsonState, seat: Seat, main: CarsonCommand[]): Scored[] {
  const end = s.round >= 4;
  const me = s.players[seat];
  return main.map((c) => {
    if (c.type !== 'SPEND_CASH') return { command: c, score: -99, why: '' };
    const m = me.money - c.amount;
    const keep = end ? Math.floor(m / 6) : moneyValue(s, seat, Math.min(m, 9999));
    return {
      command: c,
      score: Math.floor(c.amount / 10) + keep - c.amount * 1e-4,
      why: `spend $${c.amount} for ${Math.floor(c.amount / 10)} VP`,
    };
  });
}

function placeBuildingScores(s: CarsonState, seat: Seat, main: CarsonCommand[]): Scored[] {
  const d = dollarValue(s);
  return main.map((c) => {
    if (c.type !== 'BUILD_PENDING') return { command: c, score: 0, why: 'nowhere worth building yet' };
    const q = P(c.parcel);
    const inc = incomeIf(s, seat, c.building, q);
    // Only start a building whose Houses fit without anyone's consent: a refusal cannot be
    // seen in the view, and asking again and again would never end.
    const needed = BUILDINGS[c.building].houses;
    const spots = houseSpots(s, {
      building: c.building,
      parcel: q,
      needed,
      houses: [],
      refused: [],
      mode: 'WINDOW',
    });
    const free = spots.filter(
      (h) => s.parcels[h.parcel].owner === null || s.parcels[h.parcel].owner === seat,
    ).length;
    if (free < needed) return { command: c, score: -1, why: 'its Houses would need a rival consent' };
    return {
      command: c,
      score: 2 + inc * d * Math.max(1, estatesLeft(s)) + 0.01 * inc,
      why: `build ${c.building} for $${inc} a round`,
    };
  });
}

function placeHouseScores(s: CarsonState, seat: Seat, main: CarsonCommand[]): Scored[] {
  return main.map((c) => {
    if (c.type !== 'PLACE_HOUSE') return { command: c, score: -50, why: 'cancel' };
    const owner = s.parcels[P(c.parcel)].owner;
    if (owner !== null && owner !== seat)
      return { command: c, score: -40, why: 'House on a rival parcel needs consent' };
    return {
      command: c,
      score: houseDelta(s, seat, P(c.parcel), c.townHouse),
      why: 'House where it helps my income most',
    };
  });
}

function consentScores(
  s: CarsonState,
  seat: Seat,
  main: CarsonCommand[],
  prompt: PromptOf<'CONSENT'>,
): Scored[] {
  const d = dollarValue(s);
  const mine = houseDelta(s, seat, prompt.house.parcel, prompt.house.town);
  const theirs =
    2 + incomeIf(s, prompt.requester, prompt.build.building, prompt.build.parcel) * d * estatesLeft(s);
  const ok = mine + 0.5 >= 0.25 * theirs;
  return main.map((c) => ({
    command: c,
    score: c.type === 'ANSWER_CONSENT' && c.accept === ok ? 1 : 0,
    why: ok
      ? 'a House on my parcel is worth more to me than it helps them'
      : 'their building would help them more than the House helps me',
  }));
}

function chooseParcelScores(
  s: CarsonState,
  seat: Seat,
  main: CarsonCommand[],
  prompt: PromptOf<'CHOOSE_PARCEL'>,
): Scored[] {
  const d = dollarValue(s);
  const purpose = prompt.purpose;
  return main.map((c) => {
    if (c.type !== 'CHOOSE_PARCEL') return { command: c, score: 0, why: 'decline' };
    const q = P(c.parcel);
    if (purpose === 'PROSPECTOR' || purpose === 'COWBOY_RED') {
      const b: BuildingType = purpose === 'PROSPECTOR' ? 'MINE' : 'RANCH';
      const price = purpose === 'PROSPECTOR' ? 10 : 8;
      const v = 2.6 + incomeIf(s, seat, b, q) * d * estatesLeft(s) - price * d;
      return { command: c, score: v, why: `${b} here earns $${incomeIf(s, seat, b, q)}` };
    }
    const v = parcelValue(s, seat, q) - (purpose === 'LAWYER' ? parcelPrice(s, q, seat) * d : 0);
    return { command: c, score: v, why: 'best parcel for me' };
  });
}

function takeBuildingScores(s: CarsonState, seat: Seat, main: CarsonCommand[]): Scored[] {
  return main.map((c) => {
    if (c.type !== 'TAKE_BUILDING') return { command: c, score: 0, why: 'decline' };
    const b = s.track[c.square]!;
    const v = buildingValue(s, seat, b, estatesLeft(s)) - 5 * dollarValue(s);
    return { command: c, score: v, why: `take ${b} for $5` };
  });
}

function bidScores(s: CarsonState, seat: Seat, main: CarsonCommand[], prompt: PromptOf<'BID'>): Scored[] {
  const a = prompt.auction;
  const worth = a.lot === 'PARCELS' ? a.parcels.reduce((x, q) => x + parcelValue(s, seat, q), 0) : 1.2;
  const maxBid = Math.floor(worth / dollarValue(s));
  return main.map((c) => {
    if (c.type === 'BID')
      return {
        command: c,
        score: c.amount <= maxBid ? 1 - c.amount * 1e-3 : -1,
        why: `lot worth about $${maxBid} to me`,
      };
    return { command: c, score: 0, why: 'too expensive' };
  });
}

function horseScores(main: CarsonCommand[]): Scored[] {
  // Horses come back at the rodeo, so a stabled horse costs nothing: stable 4 pays $2 now
  // (and 3 rodeo points). A bought horse is worth at least 1 VP at the end for a net $2.
  return main.map((c) => ({
    command: c,
    score: c.type === 'STABLE_HORSE' || c.type === 'BUY_HORSE' ? (c.stable === 4 ? 1 : 0.5) : 0,
    why: c.type === 'DECLINE_ACTION' ? 'keep the horse / the $4' : 'horse into a stable',
  }));
}

function moveCowboyScores(s: CarsonState, seat: Seat, main: CarsonCommand[]): Scored[] {
  return main.map((c) => {
    if (c.type !== 'MOVE_COWBOY') return { command: c, score: 0, why: 'stay in reserve' };
    const v = actionGain(s, seat, c.action) - (holds(s, seat, 14, 'YELLOW') ? 0 : 3 * dollarValue(s)) - 0.2;
    return { command: c, score: v, why: `move to ${c.action}` };
  });
}

function optionScores(
  s: CarsonState,
  seat: Seat,
  main: CarsonCommand[],
  prompt: PromptOf<'CHOOSE_OPTION'>,
  rng: Rng,
): Scored[] {
  if (prompt.purpose === 'MARKSMAN_DISCARD') {
    // A New Beginning's Marksman with Might is Right (§10.1): two weak tiles are worth
    // swapping for a fresh 5 (a random tile is worth 2.5 on average; five give a choice).
    const hand = s.might?.hands[seat] ?? [];
    const weak = hand.reduce((a, b) => a + b, 0) < 7;
    return main.map((c) => ({
      command: c,
      score: c.type === 'CHOOSE_OPTION' && c.option === 'DISCARD' ? (weak ? 1 : 0) : weak ? 0 : 1,
      why: weak ? 'Marksman: discard two weak tiles, draw 5' : 'Marksman: keep two good tiles',
    }));
  }
  if (prompt.purpose === 'GROCER') {
    const bestType = Math.max(...incomesByType(s, seat));
    const later = bestType * (estatesLeft(s) > 0 ? 1 : 0);
    return main.map((c) => ({
      command: c,
      score: c.type === 'CHOOSE_OPTION' && c.option === 'LATER' ? later : 8,
      why: later > 8 ? 'double my best income later' : '$8 now',
    }));
  }
  if (prompt.purpose === 'GROCER_INCOME') {
    return main.map((c) => {
      if (c.type !== 'CHOOSE_OPTION') return { command: c, score: -99, why: '' };
      if (c.option === 'MONEY') return { command: c, score: 8, why: '$8' };
      const t = c.option.slice('DOUBLE_'.length);
      const sum = ownedBuildings(s, seat)
        .filter((q) => s.parcels[q].content === t)
        .reduce((a, q) => a + incomeLevel(s, q), 0);
      return { command: c, score: sum, why: `double ${t} ($${sum})` };
    });
  }
  if (prompt.purpose === 'DYNAMITE') {
    const d = dollarValue(s);
    return main.map((c) => {
      if (c.type !== 'CHOOSE_OPTION' || c.option === 'DONE')
        return { command: c, score: 0.5, why: 'keep dynamite' };
      const q = Number(c.option.slice('MINE_'.length));
      return { command: c, score: incomeLevel(s, q) * 2 * d, why: 'triple a Mine' };
    });
  }
  return onePly(s, seat, main, rng);
}

/** Scored options for the open prompt of `seat` (the STRONG bot prunes with these). */
export function scoreOptions(s: CarsonState, seat: Seat, legal: CarsonCommand[], rng: Rng): Scored[] {
  const prompt = s.flow.prompt!;
  const main = legal.filter((c) => c.type !== 'PLACE_ROAD');
  switch (prompt.kind) {
    // Kit Carson (§10.4): only placements and the lock are scored, so the bot never moves or
    // withdraws: every command it sends places a cowboy (finitely many) or locks, and it always
    // ends its placement.
    case 'PLACE_COWBOY':
    case 'KIT_PLACEMENT':
      return placementScores(s, seat, main);
    case 'CHOOSE_STARTING_PARCEL':
      return main.map((c) => ({
        command: c,
        score: c.type === 'CHOOSE_STARTING_PARCEL' ? startScore(s, P(c.parcel)) : -99,
        why: 'mountains and roads nearby',
      }));
    case 'FILL_SHEET':
      return main.map((c) => ({
        command: c,
        score: c.type === 'FILL_SHEET' ? sheetScore(seat, c) : -99,
        why: 'A New Beginning: my sheet',
      }));
    case 'PICK_CHARACTER':
    case 'GREAT_SERVICE':
      return pickScores(s, seat, main);
    case 'BUY_BUILDING':
      return buyBuildingScores(s, seat, main, prompt);
    case 'BUY_PARCEL':
      return buyParcelScores(s, seat, main, prompt);
    case 'BUY_VP':
      return buyVpScores(s, seat, main, prompt);
    case 'SPEND_CASH':
      return spendCashScores(s, seat, main);
    case 'PLACE_BUILDING':
      return placeBuildingScores(s, seat, main);
    case 'PLACE_HOUSE':
      return placeHouseScores(s, seat, main);
    case 'CONSENT':
      return consentScores(s, seat, main, prompt);
    case 'PLACE_TOWN_HALL':
      return main.map((c) => ({
        command: c,
        score: c.type === 'PLACE_TOWN_HALL' ? townHallDelta(s, seat, P(c.parcel)) : -99,
        why: 'Town Hall next to my buildings',
      }));
    case 'CHOOSE_PARCEL':
      return chooseParcelScores(s, seat, main, prompt);
    case 'TAKE_BUILDING':
      return takeBuildingScores(s, seat, main);
    case 'BID':
      return bidScores(s, seat, main, prompt);
    case 'CHOOSE_DUEL_TILE':
      return duelTileScores(s, seat, main);
    case 'CHOOSE_DUEL_DIE':
      // Marksman (§10.1): the strongest dice.
      return main.map((c) => ({
        command: c,
        score: c.type === 'CHOOSE_DUEL_DIE' ? c.dice.reduce((a, b) => a + b, 0) : -99,
        why: 'Marksman: keep the strongest die',
      }));
    case 'STABLE_HORSE':
    case 'BUY_HORSE':
      return horseScores(main);
    case 'STABLE_TWO':
      return main.map((c) => ({
        command: c,
        score: c.type === 'DECLINE_ACTION' ? 1 : 0,
        why: 'no use for stable 2 now',
      }));
    case 'MOVE_COWBOY':
      return moveCowboyScores(s, seat, main);
    case 'CHOOSE_OPTION':
      return optionScores(s, seat, main, prompt, rng);
    default:
      return onePly(s, seat, main, rng);
  }
}

/** The HEURISTIC policy on a full state (also the STRONG bot's rollout policy). */
export function heuristicPolicy(s: CarsonState, seat: Seat, legal: CarsonCommand[], rng: Rng): Decision {
  const road = roadChoice(s, seat, legal);
  if (road) return { command: road.command, explanation: road.why };
  const scored = scoreOptions(s, seat, legal, rng);
  if (scored.length === 0) {
    const c = legal.find((x) => x.type !== 'PLACE_ROAD') ?? legal[0];
    return { command: c, explanation: 'only option' };
  }
  const b = best(scored);
  return { command: b.command, explanation: b.why };
}

export function evaluateForExplanation(s: CarsonState, seat: Seat): number {
  return evaluateSeat(s, seat);
}

export const carsonHeuristicBot: GameBot<CarsonView, CarsonCommand> = {
  level: 'HEURISTIC',
  choose({ seat, view, legal, rng }: BotInput<CarsonView, CarsonCommand>): Decision {
    if (legal.length === 1) return { command: legal[0], explanation: 'only legal command' };
    const { state } = determinize(view, seat, legal, rng);
    const d = heuristicPolicy(state, seat, legal.slice(), rng);
    // Never answer with something outside the list the server gave.
    const key = JSON.stringify(d.command);
    const chosen = legal.find((c) => JSON.stringify(c) === key);
    return chosen
      ? { command: chosen, explanation: d.explanation }
      : { command: legal[0], explanation: 'fallback: first legal command' };
  },
};

export { moneyValue };
