/**
 * Carson River geometry (§10.2, §13 #38): the river's course, bridge edges, the land sides of the
 * river and the number of mountains. Pure functions of parcel indexes and edge ids (data/board.ts).
 *
 * Solo is not built: there Standish may build only one bridge per game, as soon as he needs it
 * (§10.2, §11.1); a solo engine would add that limit to his road placement.
 */
import {
  EDGE_COUNT,
  edgeRef,
  edgeVertices,
  n8,
  parcelIndex,
  parcelRef,
  SIZE,
  vertexParcels,
  type ParcelRef,
} from '../../data/board';

/** The river tiles in the box (§1): a tile-built river has at most this many parcels. */
export const RIVER_TILES = 15;

/** Mountains on the river side of the board (§3 step 6, §10.2). */
export const RIVER_SIDE_MOUNTAINS = 6;

/**
 * The river side of the board. The printed layout is NOT in the sources (PT only says the back of
 * the board "includes the Carson river"), so this course is the engine's documented default, not
 * the printed one: the river enters at the west edge on row 3, winds south-east through the inner
 * 6x6 and leaves by the south edge on column 6 (11 parcels, 9 of them inside the dice-addressed
 * 6x6). It obeys the same rules as a tile-built course (validateCourse).
 */
export const RIVER_SIDE_COURSE: readonly ParcelRef[] = Object.freeze(
  [
    [1, 3],
    [2, 3],
    [3, 3],
    [3, 4],
    [4, 4],
    [5, 4],
    [5, 5],
    [6, 5],
    [6, 6],
    [6, 7],
    [6, 8],
  ].map(([c, r]) => Object.freeze({ c, r })),
);

/**
 * Mountains with the river (§10.2, T20): 6 on the river board; with tiles one fewer per 3 tiles
 * (PT: "para cada 3 peças de rio ... uma montanha a menos"), 9 - floor(tiles / 3).
 */
export function riverMountains(board: 'RIVER_SIDE' | 'TILES', tiles: number): number {
  return board === 'RIVER_SIDE' ? RIVER_SIDE_MOUNTAINS : 9 - Math.floor(tiles / 3);
}

function onBoardEdge(r: ParcelRef): boolean {
  return r.c === 1 || r.c === SIZE || r.r === 1 || r.r === SIZE;
}

/**
 * Why a course is not a river, or null when it is one. A course is the parcels a river flows
 * through, in order. Rules (§10.2 and engine decisions, README):
 * - 2 to 15 distinct parcels (15 river tiles in the box);
 * - consecutive parcels share a side (a river flows from tile to tile through their sides);
 * - it starts and ends at the board edge (promo text cited in §10.2);
 * - it never touches itself: two parcels that are not consecutive do not share a side, and no
 *   2x2 block holds river only on one diagonal (there the land on both banks would meet at a
 *   corner and a road could cross the river without a bridge).
 */
export function courseProblem(course: readonly ParcelRef[]): string | null {
  if (course.length < 2 || course.length > RIVER_TILES) return `a river has 2 to ${RIVER_TILES} parcels`;
  const ids = course.map((r) => parcelIndex(r.c, r.r));
  if (new Set(ids).size !== ids.length) return 'a river passes each parcel once';
  for (let i = 1; i < course.length; i++) {
    if (Math.abs(course[i].c - course[i - 1].c) + Math.abs(course[i].r - course[i - 1].r) !== 1) {
      return `river parcels ${i} and ${i + 1} do not share a side`;
    }
  }
  for (let i = 0; i < course.length; i++) {
    for (let j = i + 2; j < course.length; j++) {
      if (Math.abs(course[i].c - course[j].c) + Math.abs(course[i].r - course[j].r) === 1)
        return 'the river must not touch itself';
    }
  }
  const river = new Set(ids);
  for (let c = 1; c < SIZE; c++) {
    for (let r = 1; r < SIZE; r++) {
      const a = river.has(parcelIndex(c, r));
      const b = river.has(parcelIndex(c + 1, r));
      const d = river.has(parcelIndex(c, r + 1));
      const e = river.has(parcelIndex(c + 1, r + 1));
      if ((a && e && !b && !d) || (b && d && !a && !e)) return 'the river must not touch itself at a corner';
    }
  }
  if (!onBoardEdge(course[0]) || !onBoardEdge(course[course.length - 1]))
    return 'the river must start and end at the board edge';
  return null;
}

const EDGE_PARCELS: readonly (readonly number[])[] = Array.from({ length: EDGE_COUNT }, (_, e) => {
  const { dir, x, y } = edgeRef(e);
  // H(x, y) lies between rows y and y+1 of column x+1; V(x, y) between columns x and x+1 of row y+1.
  const cells =
    dir === 'H'
      ? [
          [x + 1, y],
          [x + 1, y + 1],
        ]
      : [
          [x, y + 1],
          [x + 1, y + 1],
        ];
  return cells
    .filter(([c, r]) => c >= 1 && c <= SIZE && r >= 1 && r <= SIZE)
    .map(([c, r]) => parcelIndex(c, r));
});

/** The parcels having edge `e` as a side: two, or one for a border edge (precomputed). */
export function edgeParcels(e: number): readonly number[] {
  return EDGE_PARCELS[e];
}

/**
 * A bridge slot (§10.2, §13 #38): an edge whose every adjacent parcel is a river parcel (for a
 * border edge, its only parcel). Crossing the river always takes one: the banks share no vertex.
 */
export function isBridgeEdge(isRiver: (p: number) => boolean, e: number): boolean {
  return edgeParcels(e).every(isRiver);
}

/** Parcels "adjacent to a bridge" for end scoring: the bridge touches one of their corners (§13 #38). */
export function bridgeTouched(e: number): number[] {
  const [a, b] = edgeVertices(e);
  return [...new Set([...vertexParcels(a), ...vertexParcels(b)])].sort((x, y) => x - y);
}

/** Is a river parcel among the 8 neighbours of `p` (a Mine "touching" the river, §13 #38)? */
export function touchesRiver(isRiver: (p: number) => boolean, p: number): boolean {
  return n8(p).some(isRiver);
}

const SIDE_CACHE = new Map<string, number[]>();

/**
 * The sides of the river (School rule, §10.2): each land parcel's side number, -1 for river
 * parcels. A side is a set of land parcels joined through shared sides without crossing the
 * river (engine decision: orthogonal connection, the way land continues from tile to tile).
 * Cached by river layout: the river never changes during a game.
 */
export function riverSides(river: readonly number[]): number[] {
  const key = river.join(',');
  const hit = SIDE_CACHE.get(key);
  if (hit) return hit;
  const isRiver = new Set(river);
  const side: number[] = Array(SIZE * SIZE).fill(-2);
  let next = 0;
  for (let p = 0; p < SIZE * SIZE; p++) {
    if (isRiver.has(p)) side[p] = -1;
    if (side[p] !== -2) continue;
    const stack = [p];
    side[p] = next;
    while (stack.length > 0) {
      const q = stack.pop()!;
      const { c, r } = parcelRef(q);
      for (const [dc, dr] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const cc = c + dc;
        const rr = r + dr;
        if (cc < 1 || cc > SIZE || rr < 1 || rr > SIZE) continue;
        const w = parcelIndex(cc, rr);
        if (side[w] !== -2 || isRiver.has(w)) continue;
        side[w] = next;
        stack.push(w);
      }
    }
    next += 1;
  }
  if (SIDE_CACHE.size > 64) SIDE_CACHE.clear();
  SIDE_CACHE.set(key, side);
  return side;
}
