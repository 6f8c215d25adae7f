/** Carson River's port (§10.2): what the core asks of the module (see ../../ports.ts). */
import {
  edgeRef,
  isParcelRef,
  parcelIndex,
  parcelRef,
  PARCEL_COUNT,
  type EdgeRef,
  type ParcelRef,
} from '../../data/board';
import {
  bridgeTouched,
  courseProblem,
  isBridgeEdge,
  RIVER_SIDE_COURSE,
  riverMountains,
  riverSides,
  touchesRiver,
} from './river';
import type { RiverPort } from '../../ports';
import { bridgeSlots, builtBridges, isRiver } from '../../rules';
import type { CarsonState, RiverOption } from '../../state';

/**
 * Carson River in the view: the board side, the river parcels in flow order, the bridge slots
 * (edges whose every parcel is river: a road there is a bridge and takes 2 roads) and the
 * bridges built.
 */
export interface RiverView {
  board: 'RIVER_SIDE' | 'TILES';
  parcels: ParcelRef[];
  bridgeSlots: EdgeRef[];
  bridges: EdgeRef[];
}

/** The river as the rules see it: the RIVER parcels (in the options' flow order when known). */
function view(s: CarsonState): RiverView | null {
  const parcels = s.parcels.flatMap((cell, i) => (cell.content === 'RIVER' ? [i] : []));
  if (parcels.length === 0) return null;
  const course = s.options.river?.course.map((r) => parcelIndex(r.c, r.r)) ?? [];
  const ordered =
    course.length === parcels.length && course.every((p) => parcels.includes(p)) ? course : parcels;
  return {
    board: s.options.river?.board ?? 'TILES',
    parcels: ordered.map(parcelRef),
    bridgeSlots: bridgeSlots(s).map(edgeRef),
    bridges: builtBridges(s).map(edgeRef),
  };
}

function riverSide(): RiverOption {
  return { board: 'RIVER_SIDE', course: RIVER_SIDE_COURSE.map((r) => ({ ...r })) };
}

/** A course: a list of `{c, r}`, or what is wrong with it. */
function parseCourse(raw: unknown[]): ParcelRef[] | string {
  const course: ParcelRef[] = [];
  for (const x of raw) {
    const cell = x as Record<string, unknown>;
    if (
      typeof cell !== 'object' ||
      cell === null ||
      Object.keys(cell).some((k) => k !== 'c' && k !== 'r') ||
      !isParcelRef(cell.c, cell.r)
    ) {
      return 'a course parcel is {c, r} with c, r in 1..8';
    }
    course.push({ c: cell.c as number, r: cell.r as number });
  }
  return course;
}

/**
 * `river` (only with CARSON_RIVER, §10.2): `{ board: 'RIVER_SIDE' }` (the default; null or absent
 * means it too) or `{ board: 'TILES', course: [{c, r}, ...] }`, the agreed course of river tiles
 * (data/river.ts). Parsed options are accepted again: `river: null` without the module, and the
 * river side with its own course spelled out.
 */
function parseOption(raw: unknown, enabled: boolean): RiverOption | null | string {
  if (!enabled) return raw === undefined || raw === null ? null : 'river only with the CARSON_RIVER module';
  if (raw === undefined || raw === null) return riverSide();
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'river is {board, course}';
  const r = raw as Record<string, unknown>;
  if (Object.keys(r).some((k) => k !== 'board' && k !== 'course')) return 'river is {board, course}';
  if (r.board !== 'RIVER_SIDE' && r.board !== 'TILES') return 'river.board is RIVER_SIDE or TILES';
  if (r.board === 'RIVER_SIDE' && r.course === undefined) return riverSide();
  if (!Array.isArray(r.course))
    return 'river tiles need a course: [{c, r}, ...] from board edge to board edge';
  const course = parseCourse(r.course as unknown[]);
  if (typeof course === 'string') return course;
  if (r.board === 'RIVER_SIDE') {
    const same =
      course.length === RIVER_SIDE_COURSE.length &&
      course.every((x, i) => x.c === RIVER_SIDE_COURSE[i].c && x.r === RIVER_SIDE_COURSE[i].r);
    return same
      ? riverSide()
      : 'the river side of the board has its own course: use TILES for another course';
  }
  const problem = courseProblem(course);
  return problem ?? { board: 'TILES', course };
}

/** A bridge slot: every parcel along the edge is river (§10.2, §13 #38). False without a river. */
function isBridge(s: CarsonState, e: number): boolean {
  return isBridgeEdge((p) => isRiver(s, p), e);
}

/**
 * Carson River Schools (§10.2): "only one School on each side of the river". Is a School already
 * built on the side of `p`? Always false without a river.
 */
function schoolOnSide(s: CarsonState, p: number): boolean {
  const river: number[] = [];
  for (let q = 0; q < PARCEL_COUNT; q++) if (isRiver(s, q)) river.push(q);
  if (river.length === 0) return false;
  const side = riverSides(river);
  for (let q = 0; q < PARCEL_COUNT; q++)
    if (s.parcels[q].content === 'SCHOOL' && side[q] === side[p]) return true;
  return false;
}

/**
 * +$3 once when the Mine touches the river, whatever the number of river parcels around it
 * (§10.2, §13 #38).
 */
function mineBonus(s: CarsonState, p: number): number {
  return touchesRiver((q) => isRiver(s, q), p) ? 3 : 0;
}

/** Parcels a bridge touches at a corner (§10.2, §13 #38). */
function nearBridges(s: CarsonState): Set<number> {
  return new Set(builtBridges(s).flatMap(bridgeTouched));
}

export const RIVER_PORT: RiverPort = Object.freeze({
  parseOption,
  mountains: riverMountains,
  isBridge,
  schoolOnSide,
  mineBonus,
  nearBridges,
  view,
});
