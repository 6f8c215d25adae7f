/**
 * Position evaluation for the Carson City bots, in victory points (VP-equivalents): VP so far,
 * money (worth less as the game nears its end), possessions, the income buildings will still pay,
 * parcels, revolvers, roads and pending buildings. Also the small simulation helpers (apply a
 * command to a state) the bots share.
 */
import type { Seat } from '../../engine';
import type { Rng } from '../../random';
import { STEPS } from '../data/actions';
import { n8 } from '../data/board';
import { BUILDINGS, type BuildingType } from '../data/buildings';
import { buildTargets } from '../build';
import type { CarsonCommand } from '../commands';
import { decide } from '../decide';
import { applyEvent, cloneState } from '../evolve';
import { cashLimit, firepower, incomeLevel, isBuilding, isConnected } from '../rules';
import { finalScores } from '../score';
import { horsesOwned, horseVp } from '../modules/horses/horses';
import type { CarsonState } from '../state';
import { isViolation } from '../../engine';

const ESTATE = STEPS.indexOf('ESTATE');

/** Building-income payments still to come (this round's if its step has not run yet). */
export function estatesLeft(s: CarsonState): number {
  const thisRound =
    s.flow.phase === 'DRAFT' ||
    s.flow.phase === 'PICK' ||
    s.flow.phase === 'PLACEMENT' ||
    (s.flow.phase === 'RESOLVE' && s.flow.step < ESTATE)
      ? 1
      : 0;
  return Math.max(0, 4 - s.round) + thisRound;
}

/** Value of one dollar, in VP, for the money a player holds now. */
export function dollarValue(s: CarsonState): number {
  if (s.round >= 4) return 1 / 6;
  return [0, 0.24, 0.22, 0.2][s.round] ?? 0.2;
}

/** VP-value of `m` dollars: concave (money above the cash limit at the round's end is wasted). */
export function moneyValue(s: CarsonState, seat: Seat, m: number): number {
  if (s.flow.phase === 'GAME_OVER') return Math.floor(m / 6);
  const d = dollarValue(s);
  if (s.round >= 4) return m / 6;
  const limit = Math.max(cashLimit(s, seat), 20);
  const base = Math.min(m, 30) * d + Math.max(0, Math.min(m, limit) - 30) * d * 0.8;
  return base + Math.max(0, m - Math.max(limit, 30)) * 0.1;
}

/** Income of each seat's buildings now (Town Hall included). */
export function incomes(s: CarsonState): number[] {
  const out = new Array<number>(s.seatCount).fill(0);
  for (let p = 0; p < 64; p++) {
    const c = s.parcels[p];
    if (c.owner !== null && isBuilding(c.content)) out[c.owner] += incomeLevel(s, p);
  }
  return out;
}

/** Income `building` would earn on parcel `p` for `seat` (placed temporarily, Houses ignored). */
export function incomeIf(s: CarsonState, seat: Seat, building: BuildingType, p: number): number {
  const cell = s.parcels[p];
  const old = { owner: cell.owner, content: cell.content };
  cell.owner = seat;
  cell.content = building;
  let v = incomeLevel(s, p);
  if (building === 'TRAIN_STATION') v = 0;
  cell.owner = old.owner;
  cell.content = old.content;
  return v;
}

/** Best income for `building` among the parcels `seat` may build it on now (-1: nowhere). */
export function bestSpot(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
): { parcel: number; income: number } {
  let best = { parcel: -1, income: -1 };
  for (const p of buildTargets(s, seat, building)) {
    const inc = incomeIf(s, seat, building, p) + houseBonus(s, seat, building, p);
    if (inc > best.income) best = { parcel: p, income: inc };
  }
  return best;
}

/** Extra value of a building's own features, in income-equivalents per round. */
function houseBonus(s: CarsonState, seat: Seat, building: BuildingType, p: number): number {
  let b = 0;
  if (building === 'PRISON') b += 2;
  if (building === 'CHURCH')
    b += n8(p).filter((q) => s.parcels[q].owner === seat && isBuilding(s.parcels[q].content)).length * 2;
  return b;
}

/** Rough value (VP) of owning `building` (bought now, built as soon as possible). */
export function buildingValue(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
  roundsOfIncome: number,
): number {
  const spot = bestSpot(s, seat, building);
  const d = dollarValue(s);
  const def = BUILDINGS[building];
  let v = 2 + 0.4 * Math.max(0, 4 - s.round) + def.revolvers * 0.5;
  if (building === 'TRAIN_STATION') v += 3;
  if (spot.parcel < 0) {
    // Not buildable now: maybe later (buy a parcel, place roads).
    const later = Math.max(0, roundsOfIncome - 1);
    return 0.45 * (v + later * typicalIncome(building, s) * d);
  }
  return v + roundsOfIncome * spot.income * d * 0.9;
}

function typicalIncome(b: BuildingType, s: CarsonState): number {
  switch (b) {
    case 'RANCH':
      return 4;
    case 'MINE':
      return 3;
    case 'HOTEL':
      return 6;
    case 'BLACKSMITH':
      return 5 * s.round + 3;
    case 'DRUGSTORE':
    case 'BANK':
    case 'GROCERY':
      return 8;
    case 'SALOON':
      return 10;
    default:
      return 1;
  }
}

/** Value (VP) of an owned parcel for `seat`: future building spot, protection of neighbours. */
export function parcelValue(s: CarsonState, seat: Seat, p: number): number {
  const cell = s.parcels[p];
  let v = 0.6; // VP_PARCELS / PARCEL_INCOME / end-game flexibility
  if (cell.content !== null) v += 2; // a possession (mountain, House): 2 VP at the end
  if (cell.content === null && s.round < 4) {
    const mountains = n8(p).filter(
      (q) =>
        s.parcels[q].content === 'MOUNTAIN' && (s.parcels[q].owner === null || s.parcels[q].owner === seat),
    ).length;
    const icons = n8(p).filter(
      (q) => s.parcels[q].content === 'HOUSE' || s.parcels[q].content === 'TOWN_HOUSE',
    ).length;
    // Carson River (§10.2): river parcels are free for a Ranch; a Mine touching the river gets +$3.
    const empty = n8(p).filter(
      (q) => s.parcels[q].content === null || s.parcels[q].content === 'RIVER',
    ).length;
    const riverMine = n8(p).some((q) => s.parcels[q].content === 'RIVER') ? 3 : 0;
    const pend = s.players[seat].pending;
    let spot = Math.max(
      (mountains * 3 + (mountains > 0 ? riverMine : 0)) * 0.5,
      empty * 0.35,
      (isConnected(s, p) ? icons * 1.2 : 0) + (isConnected(s, p) ? 1 : 0),
    );
    if (pend.length > 0) {
      for (const b of pend) {
        if (b === 'TRAIN_STATION') continue;
        if (BUILDINGS[b].needsRoad && !isConnected(s, p)) continue;
        spot = Math.max(spot, incomeIf(s, seat, b, p) * 0.6);
      }
    }
    v += spot * dollarValue(s) * Math.max(1, estatesLeft(s) - 1) * 0.6;
  }
  // Neighbouring own buildings: owning parcels around them keeps rivals from spoiling them.
  v += 0.15 * n8(p).filter((q) => s.parcels[q].owner === seat && isBuilding(s.parcels[q].content)).length;
  return v;
}

/** Position value of `seat` in VP-equivalents. */
export function evaluateSeat(s: CarsonState, seat: Seat): number {
  if (s.flow.phase === 'GAME_OVER') {
    const f = s.final ?? finalScores(s).scores;
    return f[seat].total;
  }
  const p = s.players[seat];
  const d = dollarValue(s);
  const left = estatesLeft(s);
  const roundsLeft = Math.max(0, 4 - s.round) + (s.flow.phase === 'END_OF_ROUND' ? 0 : 1);
  let v = p.vp + moneyValue(s, seat, p.money);
  let income = 0;
  for (let q = 0; q < 64; q++) {
    const c = s.parcels[q];
    if (c.owner !== seat) continue;
    if (c.content !== null) v += 2;
    else v += 0.35 + (roundsLeft > 1 ? 0.25 : 0);
    if (isBuilding(c.content)) income += incomeLevel(s, q);
  }
  v += income * left * d * 0.9;
  // Buildings also score on the VP-for-buildings square and drive rivals' placements.
  for (const b of p.pending) v += roundsLeft > 0 ? 0.7 * buildingValue(s, seat, b, Math.max(0, left - 1)) : 0;
  v += p.revolvers * 0.3 * roundsLeft;
  v += p.roads * (roundsLeft > 1 ? 0.25 : 0.05);
  v += p.dynamite * 0.2;
  if (s.flow.phase === 'RESOLVE' || s.flow.phase === 'PLACEMENT') v += firepower(s, seat) * 0.03;
  // Horses (§8 item 3): horses x (1 + markers) at the end, plus a share of the rodeos to come.
  const h = s.horses;
  if (h) {
    const owned = horsesOwned(s, seat);
    v += horseVp(owned, h.players[seat].markers) + owned * 0.3 * Math.min(roundsLeft, h.markersLeft);
  }
  return v;
}

/** Margin of `seat` over the field: own value minus a mix of the best and the average rival. */
export function margin(s: CarsonState, seat: Seat): number {
  const vals = s.players.map((_, x) => evaluateSeat(s, x));
  let best = -Infinity;
  let sum = 0;
  for (let x = 0; x < vals.length; x++) {
    if (x === seat) continue;
    best = Math.max(best, vals[x]);
    sum += vals[x];
  }
  const avg = sum / Math.max(1, vals.length - 1);
  return vals[seat] - 0.5 * best - 0.5 * avg;
}

/** Apply `cmd` for `seat` (must be legal) and run to the next prompt; null on a violation. */
export function step(s: CarsonState, seat: Seat, cmd: CarsonCommand, rng: Rng): CarsonState | null {
  const events = decide(s, seat, cmd, rng);
  if (isViolation(events)) return null;
  let next = cloneState(s);
  for (const e of events) next = applyEvent(next, e);
  return next;
}
