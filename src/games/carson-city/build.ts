/** Building construction (§5.5): target parcels, House placement, Town Houses, consent, commit. */
import type { Seat } from '../engine';
import { n8, PARCEL_COUNT } from './data/board';
import { BUILDINGS, type BuildingType } from './data/buildings';
import type { Ctx } from './ctx';
import { connectedParcels, isBuilding, onCompleteLine, outlawOn, schoolOnSide } from './rules';
import type { CarsonState, PendingBuild } from './state';

/**
 * May `building` go on parcel `p` of `seat` (ownership, empty, road condition, one School per side
 * of the river)? A river parcel is never owned, so nothing is ever built there (§10.2).
 */
export function parcelAllows(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
  p: number,
  connected?: Set<number>,
): boolean {
  const cell = s.parcels[p];
  if (cell.owner !== seat || cell.content !== null) return false;
  // Outlaws: nothing is built on an outlaw's parcel (§10.5).
  if (outlawOn(s, p)) return false;
  // Carson River: at most one School on each side of the river (§10.2).
  if (building === 'SCHOOL' && schoolOnSide(s, p)) return false;
  if (building === 'TRAIN_STATION') return onCompleteLine(s, p);
  if (!BUILDINGS[building].needsRoad) return true;
  return (connected ?? connectedParcels(s)).has(p);
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
export function houseSpots(
  s: CarsonState,
  build: PendingBuild,
  connected: Set<number> = connectedParcels(s),
): HouseSpot[] {
  const taken = new Set<number>([build.parcel, ...build.houses.map((h) => h.parcel)]);
  const refused = new Set(build.refused);
  const out: HouseSpot[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    if (refused.has(p) || taken.has(p)) continue;
    // Outlaws: no House or Town House on an outlaw's parcel (§10.5).
    if (outlawOn(s, p)) continue;
    const cell = s.parcels[p];
    if (cell.content === null && connected.has(p)) out.push({ parcel: p, town: false });
    else if (cell.content === 'HOUSE' && n8(p).length === 8) {
      const full = n8(p).every(
        (q) => s.parcels[q].content !== null || s.parcels[q].owner !== null || taken.has(q),
      );
      if (full) out.push({ parcel: p, town: true });
    }
  }
  return out;
}

/**
 * Parcels where `seat` may start building `building` now (enough House spots exist). The
 * connected parcels are computed once for every candidate's House spots.
 */
export function buildTargets(
  s: CarsonState,
  seat: Seat,
  building: BuildingType,
  refusedAll: number[] = [],
): number[] {
  const connected = connectedParcels(s);
  const needed = BUILDINGS[building].houses;
  const out: number[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    if (!parcelAllows(s, seat, building, p, connected)) continue;
    if (needed > 0) {
      const spots = houseSpots(
        s,
        {
          building,
          parcel: p,
          needed,
          houses: [],
          refused: refusedAll,
          mode: 'WINDOW',
        },
        connected,
      );
      if (spots.length < needed) continue;
    }
    out.push(p);
  }
  return out;
}

export function canBuildSomething(s: CarsonState, seat: Seat): boolean {
  return [...new Set(s.players[seat].pending)].some((b) => buildTargets(s, seat, b).length > 0);
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
