/** Building construction (§5.5): target parcels, House placement, Town Houses, consent, commit. */
import type { Seat } from '../engine';
import { n8, PARCEL_COUNT } from './data/board';
import { BUILDINGS, type BuildingType } from './data/buildings';
import type { Ctx } from './ctx';
import { connectedParcels, isBuilding, onCompleteLine, outlawOn, schoolOnSide } from './rules';
import type { CarsonState, PendingBuild } from './state';

/**
 * The road-connected parcels (rules.ts `connectedParcels`) of the last road list asked: road lists
 * are replaced, never changed in place (evolve.ts), so the same list has the same parcels. Read
 * only. A decision's building window, the flow check's dry run of it and `legalCommands` ask it
 * for one position again and again.
 */
let memoRoads: readonly number[] | null = null;
let memoConnected: ReadonlySet<number> = new Set();

function connectedOf(s: CarsonState): ReadonlySet<number> {
  if (s.roads !== memoRoads) {
    memoConnected = connectedParcels(s);
    memoRoads = s.roads;
  }
  return memoConnected;
}

/**
 * May `building` go on parcel `p` of `seat` (ownership, empty, road condition, one School per side
 * of the river)? A river parcel is never owned, so nothing is ever built there (§10.2).
 */
export function parcelAllows(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
  p: number,
  connected?: ReadonlySet<number>,
): boolean {
  const cell = s.parcels[p];
  if (cell.owner !== seat || cell.content !== null) return false;
  // Outlaws: nothing is built on an outlaw's parcel (§10.5).
  if (outlawOn(s, p)) return false;
  // Carson River: at most one School on each side of the river (§10.2).
  if (building === 'SCHOOL' && schoolOnSide(s, p)) return false;
  if (building === 'TRAIN_STATION') return onCompleteLine(s, p);
  if (!BUILDINGS[building].needsRoad) return true;
  return (connected ?? connectedOf(s)).has(p);
}

export interface HouseSpot {
  parcel: number;
  town: boolean;
}

/**
 * Where the next House of `build` may go: an empty road-connected parcel, or a House to flip into
 * a Town House when all 8 parcels around it are occupied (building, House, mountain, river or
 * property tile; never on the edge). A river parcel is not empty (content RIVER): no House goes
 * there, and it counts as occupied (§10.2). The building's own parcel and Houses chosen so far count as occupied.
 */
export function houseSpots(s: CarsonState, build: PendingBuild): HouseSpot[] {
  const out: HouseSpot[] = [];
  eachHouseSpot(s, build.parcel, build.houses, build.refused, (parcel, town) => {
    out.push({ parcel, town });
    return false;
  });
  return out;
}

/**
 * Calls `found` for each House spot of a building on `parcel` (houseSpots' order) until it
 * returns true; returns whether it did.
 */
function eachHouseSpot(
  s: CarsonState,
  parcel: number,
  houses: readonly HouseSpot[],
  refused: readonly number[],
  found: (parcel: number, town: boolean) => boolean,
): boolean {
  const connected = connectedOf(s);
  const taken = (q: number) => q === parcel || houses.some((h) => h.parcel === q);
  for (let p = 0; p < PARCEL_COUNT; p++) {
    if (refused.includes(p) || taken(p)) continue;
    // Outlaws: no House or Town House on an outlaw's parcel (§10.5).
    if (outlawOn(s, p)) continue;
    const cell = s.parcels[p];
    if (cell.content === null && connected.has(p)) {
      if (found(p, false)) return true;
    } else if (cell.content === 'HOUSE' && n8(p).length === 8) {
      const full = n8(p).every(
        (q) => s.parcels[q].content !== null || s.parcels[q].owner !== null || taken(q),
      );
      if (full && found(p, true)) return true;
    }
  }
  return false;
}

/** Has a building on `parcel` at least `needed` House spots (none chosen yet)? */
function enoughSpots(s: CarsonState, parcel: number, needed: number, refused: readonly number[]): boolean {
  let count = 0;
  return eachHouseSpot(s, parcel, [], refused, () => ++count >= needed);
}

/** Parcels where `seat` may start building `building` now (enough House spots exist). */
export function buildTargets(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
  refusedAll: number[] = [],
): number[] {
  const out: number[] = [];
  eachTarget(s, seat, building, refusedAll, (p) => {
    out.push(p);
    return false;
  });
  return out;
}

/** Calls `found` for each of buildTargets' parcels in order until it returns true; returns whether it did. */
function eachTarget(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
  refusedAll: readonly number[],
  found: (p: number) => boolean,
): boolean {
  const connected = connectedOf(s);
  const needed = BUILDINGS[building].houses;
  for (let p = 0; p < PARCEL_COUNT; p++) {
    if (!parcelAllows(s, seat, building, p, connected)) continue;
    if (needed > 0 && !enoughSpots(s, p, needed, refusedAll)) continue;
    if (found(p)) return true;
  }
  return false;
}

/** Could `seat` start one of its pending buildings now (buildTargets of one not empty)? */
export function canBuildSomething(s: CarsonState, seat: Seat): boolean {
  const pending = s.players[seat].pending;
  for (let i = 0; i < pending.length; i++) {
    if (pending.indexOf(pending[i]) < i) continue; // each building type once
    if (eachTarget(s, seat, pending[i], [], () => true)) return true;
  }
  return false;
}

/** Put the building and its Houses on the board (§5.5); a Church cancels attacks next to it. */
export function commitBuild(ctx: Ctx, seat: Seat, build: PendingBuild): void {
  ctx.emit({
    type: 'BUILDING_BUILT',
    seat,
    building: build.building,
    parcel: build.parcel,
    houses: build.houses,
  });
  const s = ctx.state;
  if (build.building === 'CHURCH') {
    for (const q of n8(build.parcel)) {
      if (s.parcels[q].owner !== seat || !isBuilding(s.parcels[q].content)) continue;
      // Outlaws: cowboys there fight the outlaw, and Churches do not affect outlaws (§10.5).
      if (outlawOn(s, q)) continue;
      for (const pl of s.placements.filter((x) => x.loc === `B:${q}` && x.seat !== seat)) {
        ctx.emit({
          type: 'COWBOY_RETURNED',
          seat: pl.seat,
          loc: pl.loc,
          to: 'RESERVE',
          white: pl.white,
          reason: 'CHURCH',
        });
      }
    }
  }
}

/** The one building a purchase's placement may place (a building window places any pending one: null). */
export function onlyOf(build: PendingBuild): PendingBuild['building'] | null {
  return build.mode === 'PURCHASE' ? build.building : null;
}
