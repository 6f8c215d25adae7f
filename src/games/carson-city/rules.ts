/** Pure queries on the state: geometry, prices, firepower, income (spec §2, §5, §6). */
import type { Seat } from '../engine';
import {
  edgeVertices,
  EDGE_COUNT,
  n8,
  parcelCorners,
  parcelSides,
  PARCEL_COUNT,
  STATION_LINES,
  vertexEdges,
  vertexParcels,
} from './data/board';
import { BUILDINGS, isBuildingType, SQUARE_PRICES, type BuildingType } from './data/buildings';
import { HEROES, PAPERBOY, PERSONALITIES, SHERIFF, type Side } from './data/personalities';
import { passiveBuildingPrice, passiveParcelCap, passiveSum } from './personalities/passive';
import { PORTS } from './ports';
import type { CarsonState, Content, HeldTile, LocKey } from './state';

// ---------------------------------------------------------------- personalities held

/** Does `seat` hold personality `id` this round (optionally on `side`)? */
export function holds(s: CarsonState, seat: Seat, id: number, side?: Side): boolean {
  // A loop, not `some` with a closure: the rules ask this many times a decision.
  const held = s.players[seat].held;
  for (let i = 0; i < held.length; i++)
    if (held[i].id === id && (side === undefined || held[i].side === side)) return true;
  return false;
}

export function holderOf(s: CarsonState, id: number, side?: Side): Seat | null {
  for (let i = 0; i < s.seatCount; i++) if (holds(s, i, id, side)) return i;
  return null;
}

/** Turn-order number: ascending personality number, the Paperboy counts as 0 (§4.1). */
export function turnNumber(s: CarsonState, seat: Seat): number {
  const held = s.players[seat].held;
  if (held.length === 0) return 99;
  return Math.min(...held.map((h) => h.id));
}

/** Cash limit of the personality held this round (§7 step 5; Paperboy §9.2). */
export function cashLimit(s: CarsonState, seat: Seat): number {
  // A New Beginning, Great service done: the two personalities' limits add up (§10.1, §7 step 5).
  const second = s.players[seat].held.find((h) => h.second);
  const extra = second ? Math.max(0, PERSONALITIES[second.id].cashLimit[second.side]) : 0;
  return firstCashLimit(s.players[seat].held.filter((h) => !h.second)) + extra;
}

function firstCashLimit(held: HeldTile[]): number {
  if (held.length === 0) return 0;
  const first = held[0];
  if (first.id === PAPERBOY) {
    if (held.length < 2) return 0; // power void (§9.2 engine guard)
    const taken = held[1];
    const limit = PERSONALITIES[taken.id].cashLimit[taken.side] - (first.side === 'RED' ? 5 : 0);
    return Math.max(0, limit);
  }
  return Math.max(0, PERSONALITIES[first.id].cashLimit[first.side]);
}

// ---------------------------------------------------------------- geometry

/** A Carson River parcel (§10.2): never owned, bought, built on or given a House. */
export function isRiver(s: CarsonState, p: number): boolean {
  return s.parcels[p].content === 'RIVER';
}

/** A bridge slot: every parcel along the edge is river (§10.2, §13 #38). False without a river. */
export function isBridge(s: CarsonState, e: number): boolean {
  return PORTS.river.isBridge(s, e);
}

/** Bridges built: road edges on bridge slots, ascending. */
export function builtBridges(s: CarsonState): number[] {
  return s.roads.filter((e) => isBridge(s, e));
}

/** All bridge slots of the board (empty without a river). */
export function bridgeSlots(s: CarsonState): number[] {
  const out: number[] = [];
  for (let e = 0; e < EDGE_COUNT; e++) if (isBridge(s, e)) out.push(e);
  return out;
}

/**
 * Parcels that count as "new" for the yellow Governor's road VP: newly connected land parcels.
 * A river parcel is not a lot anyone can use (§10.2), so reaching only river parcels earns
 * nothing (engine decision, README).
 */
export function governorParcels(s: CarsonState, newly: number[]): number[] {
  return newly.filter((p) => !isRiver(s, p));
}

/**
 * Carson River Schools (§10.2): "only one School on each side of the river". Is a School already
 * built on the side of `p`? Always false without a river.
 */
export function schoolOnSide(s: CarsonState, p: number): boolean {
  return PORTS.river.schoolOnSide(s, p);
}

export function roadVertices(s: CarsonState): Set<number> {
  const v = new Set<number>();
  for (const e of s.roads) {
    const [a, b] = edgeVertices(e);
    v.add(a);
    v.add(b);
  }
  return v;
}

/** A parcel is connected when a road touches one of its corners (§2.2). */
export function isConnected(s: CarsonState, p: number, verts?: Set<number>): boolean {
  const v = verts ?? roadVertices(s);
  return parcelCorners(p).some((c) => v.has(c));
}

export function connectedParcels(s: CarsonState): Set<number> {
  const v = roadVertices(s);
  const out = new Set<number>();
  for (const vert of v) for (const p of vertexParcels(vert)) out.add(p);
  return out;
}

/** legalRoadEdges' scratch flags, one per edge (cleared by each call; only it uses them). */
const ROAD_FLAGS = new Uint8Array(EDGE_COUNT);

/** Edges where a new road may go: free and sharing a vertex with the network (§2.2). */
export function legalRoadEdges(s: CarsonState): number[] {
  // The edges at the network's vertices, flagged in a typed array and read in ascending order:
  // legalCommands asks this at every prompt of a seat holding a road.
  const out: number[] = [];
  if (s.roads.length === 0) return out;
  const flag = ROAD_FLAGS.fill(0); // 1: touches the network, 2: has a road
  for (let r = 0; r < s.roads.length; r++) {
    const [a, b] = edgeVertices(s.roads[r]);
    const atA = vertexEdges(a);
    const atB = vertexEdges(b);
    for (let i = 0; i < atA.length; i++) flag[atA[i]] |= 1;
    for (let i = 0; i < atB.length; i++) flag[atB[i]] |= 1;
  }
  for (let r = 0; r < s.roads.length; r++) flag[s.roads[r]] = 2;
  for (let e = 0; e < EDGE_COUNT; e++) if (flag[e] === 1) out.push(e);
  return out;
}

/**
 * Is `edge` (an edge id) one of legalRoadEdges, without listing them: free, with an end on the
 * network (§2.2). validate asks this of every PLACE_ROAD.
 */
export function isLegalRoadEdge(s: CarsonState, edge: number): boolean {
  if (!Number.isInteger(edge) || edge < 0 || edge >= EDGE_COUNT) return false;
  const [a, b] = edgeVertices(edge);
  let touches = false;
  for (let r = 0; r < s.roads.length; r++) {
    if (s.roads[r] === edge) return false;
    const [c, d] = edgeVertices(s.roads[r]);
    if (c === a || c === b || d === a || d === b) touches = true;
  }
  return touches;
}

/** Parcels that become connected for the first time if `edge` is added. */
export function newlyConnectedBy(s: CarsonState, edge: number): number[] {
  const v = roadVertices(s);
  const out = new Set<number>();
  for (const vert of edgeVertices(edge)) {
    if (v.has(vert)) continue;
    for (const p of vertexParcels(vert)) if (!isConnected(s, p, v)) out.add(p);
  }
  return [...out].sort((a, b) => a - b);
}

/** Train Station: a side of the parcel lies on a completed interior straight line (§2.5). */
export function onCompleteLine(s: CarsonState, p: number): boolean {
  const roads = new Set(s.roads);
  const sides = new Set(parcelSides(p));
  return STATION_LINES.some((line) => line.every((e) => roads.has(e)) && line.some((e) => sides.has(e)));
}

/**
 * Breadth-first search over road-grid vertices from the road network, through edges without a
 * road that `allowed` accepts. `pathTo(corner)` gives the new edges from the network to that
 * vertex, in order (empty when it is on the network), or null when it cannot be reached.
 */
export function roadSearch(
  s: CarsonState,
  allowed: (edge: number) => boolean,
): { distance: (vertex: number) => number | undefined; pathTo: (vertex: number) => number[] | null } {
  const start = roadVertices(s);
  const dist = new Map<number, number>();
  const via = new Map<number, number>(); // vertex -> edge used to reach it
  const queue: number[] = [];
  for (const v of [...start].sort((a, b) => a - b)) {
    dist.set(v, 0);
    queue.push(v);
  }
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    for (const e of vertexEdges(v)) {
      if (s.roads.includes(e) || !allowed(e)) continue;
      const [a, b] = edgeVertices(e);
      const w = a === v ? b : a;
      if (dist.has(w)) continue;
      dist.set(w, (dist.get(v) ?? 0) + 1);
      via.set(w, e);
      queue.push(w);
    }
  }
  const pathTo = (vertex: number): number[] | null => {
    if (!dist.has(vertex)) return null;
    const roads: number[] = [];
    let v = vertex;
    while ((dist.get(v) ?? 0) > 0) {
      const e = via.get(v)!;
      roads.push(e);
      const [a, b] = edgeVertices(e);
      v = a === v ? b : a;
    }
    return roads.reverse();
  };
  return { distance: (vertex) => dist.get(vertex), pathTo };
}

/**
 * Shortest set of new road edges (from the general reserve) that connects some unowned empty
 * parcel, used only when the Town Hall has no legal parcel (§6.3). Breadth-first search over
 * vertices from the network; returns each candidate parcel at the minimal distance with its path.
 */
export function townHallRoadOptions(s: CarsonState): { parcel: number; roads: number[] }[] {
  // These roads come from the general reserve: never a bridge, which needs 2 roads from the
  // builder's own reserve (§10.2).
  const search = roadSearch(s, (e) => !isBridge(s, e));
  let best = Infinity;
  const found: { parcel: number; roads: number[] }[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    if (cell.owner !== null || cell.content !== null || outlawOn(s, p)) continue;
    let bestCorner = -1;
    let bestD = Infinity;
    for (const c of parcelCorners(p)) {
      const d = search.distance(c);
      if (d !== undefined && d < bestD) {
        bestD = d;
        bestCorner = c;
      }
    }
    if (bestCorner < 0) continue;
    if (bestD < best) {
      best = bestD;
      found.length = 0;
    }
    if (bestD === best) found.push({ parcel: p, roads: search.pathTo(bestCorner)! });
  }
  return found;
}

// ---------------------------------------------------------------- parcels

export function isBuilding(c: Content): c is BuildingType {
  return isBuildingType(c);
}

/**
 * Tiles counted by the parcel price: every building, mountain, House or Town House (§5.4,
 * §13 #15); the river adds nothing (§5.4).
 */
function priceTile(c: Content): boolean {
  return c !== null && c !== 'RIVER';
}

/** Parcel price `min(10, 1 + T)` (§5.4); the red Indian's purchases are capped at $3 (§13 #23). */
export function parcelPrice(s: CarsonState, p: number, buyer: Seat | null): number {
  let t = priceTile(s.parcels[p].content) ? 1 : 0;
  for (const q of n8(p)) if (priceTile(s.parcels[q].content)) t += 1;
  const price = Math.min(10, Math.max(1, 1 + t));
  return buyer === null ? price : Math.min(price, passiveParcelCap(s.players[buyer].held));
}

/**
 * Unowned and holding no building (§5.4): the Town Hall parcel is never purchasable, nor is a
 * river parcel (§10.2), nor an outlaw's parcel (§10.5).
 */
export function isPurchasable(s: CarsonState, p: number): boolean {
  const cell = s.parcels[p];
  return cell.owner === null && !isBuilding(cell.content) && cell.content !== 'RIVER' && !outlawOn(s, p);
}

/**
 * Outlaws (§10.5): an outlaw stands on `p`. Its parcel cannot be bought and takes no House,
 * Town House or building while it is there (false without the module).
 */
export function outlawOn(s: CarsonState, p: number): boolean {
  return (s.outlaws ?? null) !== null && s.outlaws!.figures.some((f) => f.parcel === p);
}

export function ownedParcels(s: CarsonState, seat: Seat): number[] {
  const out: number[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) if (s.parcels[p].owner === seat) out.push(p);
  return out;
}

export function propertyTilesLeft(s: CarsonState, seat: Seat): number {
  let owned = 0;
  for (let p = 0; p < PARCEL_COUNT; p++) if (s.parcels[p].owner === seat) owned++;
  return 12 - owned;
}

/** Built buildings on a player's parcels (the Town Hall is never owned). */
export function ownedBuildings(s: CarsonState, seat: Seat, type?: BuildingType): number[] {
  const out: number[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    if (cell.owner === seat && isBuilding(cell.content) && (type === undefined || cell.content === type))
      out.push(p);
  }
  return out;
}

// ---------------------------------------------------------------- firepower

/** Firepower at this instant (§5.3). */
export function firepower(s: CarsonState, seat: Seat): number {
  const p = s.players[seat];
  let f = p.reserve + p.revolvers + (p.white === 'RESERVE' ? 1 : 0);
  if (s.threeGuns === seat) f += 3;
  // Horses: a horse in stable 1 gives +1, three or more +2 (§5.3, §10.6).
  return f + passiveSum(p.held, 'firepower') + PORTS.horses.firepower(s, seat);
}

/** Building price for `seat` on square `k` (§5.5: yellow Chinese Worker pays half, rounded up). */
export function buildingPrice(s: CarsonState, seat: Seat, square: number): number {
  return passiveBuildingPrice(s.players[seat].held, SQUARE_PRICES[square]);
}

// ---------------------------------------------------------------- income (§6)

export function houseIcons(c: Content): number {
  if (c === 'HOUSE') return 1;
  if (c === 'TOWN_HOUSE') return 2;
  if (isBuilding(c)) return BUILDINGS[c].houseIcons;
  return 0;
}

/** A neighbour counts for owner P when it is unowned or P's (§6.1). */
function countable(s: CarsonState, q: number, owner: Seat): boolean {
  const o = s.parcels[q].owner;
  return o === null || o === owner;
}

/** The type's formula before the Town Hall level and the cap. */
export function formulaIncome(s: CarsonState, p: number, owner: Seat): number {
  const type = s.parcels[p].content;
  if (!isBuilding(type)) return 0;
  const icons = () =>
    n8(p).reduce((sum, q) => sum + (countable(s, q, owner) ? houseIcons(s.parcels[q].content) : 0), 0);
  switch (type) {
    case 'RANCH': {
      // A river parcel counts as a free parcel (§10.2, §13 #46).
      const free = n8(p).filter(
        (q) => s.parcels[q].content === null || s.parcels[q].content === 'RIVER',
      ).length;
      return Math.max(1, free);
    }
    case 'MINE': {
      // Carson River: +$3 once when the Mine touches the river, whatever the number of river
      // parcels around it (§10.2, §13 #38).
      const river = PORTS.river.mineBonus(s, p);
      return (
        3 * n8(p).filter((q) => s.parcels[q].content === 'MOUNTAIN' && countable(s, q, owner)).length + river
      );
    }
    case 'DRUGSTORE':
      return 3 * icons() + 3 * ownedBuildings(s, owner, 'RANCH').length;
    case 'BANK':
      return 3 * icons() + 3 * ownedBuildings(s, owner, 'MINE').length;
    case 'SALOON':
      return 5 * icons();
    case 'HOTEL':
      return 6;
    case 'GROCERY':
      // $6 per icon on the owner's parcels, $3 otherwise; the Town Hall always at $3 (§13 #12).
      return n8(p).reduce((sum, q) => {
        const c = s.parcels[q].content;
        const rate = s.parcels[q].owner === owner && c !== 'TOWN_HALL' ? 6 : 3;
        return sum + rate * houseIcons(c);
      }, 0);
    case 'BLACKSMITH':
      return 5 * s.round + 5 * ownedBuildings(s, owner, 'RANCH').length;
    default:
      return 0;
  }
}

/** Income level: formula + Town Hall level when the owner occupies it, capped (§6.2, §6.3). */
export function incomeLevel(s: CarsonState, p: number): number {
  const owner = s.parcels[p].owner;
  const type = s.parcels[p].content;
  if (owner === null || !isBuilding(type)) return 0;
  const def = BUILDINGS[type];
  let level = formulaIncome(s, p, owner);
  if (s.townHall.occupant === owner && def.townHallStep > 0) level += def.townHallStep;
  return def.cap === null ? level : Math.min(level, def.cap);
}

/** Total House icons in the whole city (Train Station score, §8). */
export function cityHouseIcons(s: CarsonState): number {
  return s.parcels.reduce((sum, cell) => sum + houseIcons(cell.content), 0);
}

// ---------------------------------------------------------------- attack rules

/** Can this building be attacked at all right now (§5.7)? */
export function isAttackable(s: CarsonState, p: number): boolean {
  const cell = s.parcels[p];
  if (!isBuilding(cell.content) || cell.owner === null) return false;
  if (!BUILDINGS[cell.content].attackable) return false;
  if (holds(s, cell.owner, HEROES, 'YELLOW')) return false;
  return !churchProtected(s, p);
}

/** Adjacent (N8) to a Church of the same owner (§5.7, §2.3). */
export function churchProtected(s: CarsonState, p: number): boolean {
  const owner = s.parcels[p].owner;
  if (owner === null) return false;
  return n8(p).some((q) => s.parcels[q].content === 'CHURCH' && s.parcels[q].owner === owner);
}

export function locParcel(loc: LocKey): number {
  return Number(loc.slice(2));
}

/** Has a Sheriff restriction, for placement checks. */
export function isRedSheriff(s: CarsonState, seat: Seat): boolean {
  return holds(s, seat, SHERIFF, 'RED');
}

export function pendingCount(s: CarsonState): number {
  return s.players.reduce((n, p) => n + p.pending.length, 0);
}
