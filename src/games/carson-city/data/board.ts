/**
 * Board geometry (spec §2). Parcels are addressed by an index 0..63 internally, `(c, r)` with
 * c, r in 1..8 in commands and views. Road slots are the 144 unit edges of the 9x9 vertex grid:
 * H(x, y) joins (x, y)-(x+1, y) and has id y*8 + x (0..71); V(x, y) joins (x, y)-(x, y+1) and has
 * id 72 + y*9 + x (72..143). Border edges are legal road slots (§13 #14).
 */
export const SIZE = 8;
export const PARCEL_COUNT = 64;
export const EDGE_COUNT = 144;

export interface ParcelRef {
  c: number;
  r: number;
}

export type EdgeDir = 'H' | 'V';
export interface EdgeRef {
  dir: EdgeDir;
  x: number;
  y: number;
}

export function parcelIndex(c: number, r: number): number {
  return (r - 1) * SIZE + (c - 1);
}

export function parcelRef(p: number): ParcelRef {
  return { c: (p % SIZE) + 1, r: Math.floor(p / SIZE) + 1 };
}

export function isParcelRef(c: unknown, r: unknown): boolean {
  return (
    Number.isInteger(c) &&
    Number.isInteger(r) &&
    (c as number) >= 1 &&
    (c as number) <= 8 &&
    (r as number) >= 1 &&
    (r as number) <= 8
  );
}

/** Dice addressing (§2.1, §13 #7): die d in 1..6 maps to column/row d + 1 (the inner 6x6). */
export function parcelFromDice(white: number, black: number): number {
  return parcelIndex(white + 1, black + 1);
}

export function edgeId(e: EdgeRef): number {
  return e.dir === 'H' ? e.y * 8 + e.x : 72 + e.y * 9 + e.x;
}

export function edgeRef(id: number): EdgeRef {
  if (id < 72) return { dir: 'H', x: id % 8, y: Math.floor(id / 8) };
  const k = id - 72;
  return { dir: 'V', x: k % 9, y: Math.floor(k / 9) };
}

export function isEdgeRef(e: EdgeRef): boolean {
  if (e.dir === 'H') return inRange(e.x, 0, 7) && inRange(e.y, 0, 8);
  if (e.dir === 'V') return inRange(e.x, 0, 8) && inRange(e.y, 0, 7);
  return false;
}

function inRange(v: number, lo: number, hi: number): boolean {
  return Number.isInteger(v) && v >= lo && v <= hi;
}

/** Vertex id = y*9 + x (0..80). */
export function vertexId(x: number, y: number): number {
  return y * 9 + x;
}

const EDGE_VERTICES: readonly (readonly [number, number])[] = Array.from({ length: 144 }, (_, id) => {
  const e = edgeRef(id);
  return e.dir === 'H'
    ? ([vertexId(e.x, e.y), vertexId(e.x + 1, e.y)] as const)
    : ([vertexId(e.x, e.y), vertexId(e.x, e.y + 1)] as const);
});

/** The two vertices of an edge (precomputed: road checks call this a lot). */
export function edgeVertices(id: number): readonly [number, number] {
  return EDGE_VERTICES[id];
}

/** The 4 corner vertices of a parcel: (c-1, r-1), (c, r-1), (c-1, r), (c, r) (a shared table). */
export function parcelCorners(p: number): readonly number[] {
  return PARCEL_CORNERS[p];
}

function cornersOf(p: number): readonly number[] {
  const { c, r } = parcelRef(p);
  return Object.freeze([vertexId(c - 1, r - 1), vertexId(c, r - 1), vertexId(c - 1, r), vertexId(c, r)]);
}

/** The 4 side edges of a parcel. */
export function parcelSides(p: number): number[] {
  const { c, r } = parcelRef(p);
  return [
    edgeId({ dir: 'H', x: c - 1, y: r - 1 }),
    edgeId({ dir: 'H', x: c - 1, y: r }),
    edgeId({ dir: 'V', x: c - 1, y: r - 1 }),
    edgeId({ dir: 'V', x: c, y: r - 1 }),
  ];
}

/** Parcels having vertex v as a corner (a shared table). */
export function vertexParcels(v: number): readonly number[] {
  return VERTEX_PARCELS[v];
}

function parcelsAt(v: number): readonly number[] {
  const x = v % 9;
  const y = Math.floor(v / 9);
  const out: number[] = [];
  for (const [c, r] of [
    [x, y],
    [x + 1, y],
    [x, y + 1],
    [x + 1, y + 1],
  ]) {
    if (c >= 1 && c <= 8 && r >= 1 && r <= 8) out.push(parcelIndex(c, r));
  }
  return out;
}

/** Edges meeting at vertex v (a shared table). */
export function vertexEdges(v: number): readonly number[] {
  return VERTEX_EDGES[v];
}

function edgesAt(v: number): readonly number[] {
  const x = v % 9;
  const y = Math.floor(v / 9);
  const out: number[] = [];
  if (x <= 7) out.push(edgeId({ dir: 'H', x, y }));
  if (x >= 1) out.push(edgeId({ dir: 'H', x: x - 1, y }));
  if (y <= 7) out.push(edgeId({ dir: 'V', x, y }));
  if (y >= 1) out.push(edgeId({ dir: 'V', x, y: y - 1 }));
  return out;
}

const N8_CACHE: number[][] = [];
for (let p = 0; p < PARCEL_COUNT; p++) {
  const { c, r } = parcelRef(p);
  const list: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dc === 0 && dr === 0) continue;
      const cc = c + dc;
      const rr = r + dr;
      if (cc >= 1 && cc <= 8 && rr >= 1 && rr <= 8) list.push(parcelIndex(cc, rr));
    }
  }
  N8_CACHE.push(list);
}

/** Orthogonal and diagonal neighbours on the board (§2.3). */
export function n8(p: number): readonly number[] {
  return N8_CACHE[p];
}

/**
 * The 14 interior straight lines a Train Station may stand along (§2.5, §13 #13): horizontal
 * y = 1..7 (edges H(0..7, y)) and vertical x = 1..7 (edges V(x, 0..7)).
 */
export const STATION_LINES: readonly (readonly number[])[] = (() => {
  const lines: number[][] = [];
  for (let y = 1; y <= 7; y++) lines.push([0, 1, 2, 3, 4, 5, 6, 7].map((x) => edgeId({ dir: 'H', x, y })));
  for (let x = 1; x <= 7; x++) lines.push([0, 1, 2, 3, 4, 5, 6, 7].map((y) => edgeId({ dir: 'V', x, y })));
  return lines;
})();

/** Starting tile revolvers etc. live in buildings.ts; these are the player-count limits (§1). */
export const COWBOYS_PER_COLOUR = 10;
export const PROPERTY_TILES = 12;
export const MOUNTAINS = 9;

// The vertex and corner tables (9 x 9 vertices), built once: the road rules read them for every
// parcel and road edge, many times a decision.
const VERTEX_COUNT = 81;
const PARCEL_CORNERS: readonly (readonly number[])[] = Array.from({ length: PARCEL_COUNT }, (_, p) =>
  cornersOf(p),
);
const VERTEX_PARCELS: readonly (readonly number[])[] = Array.from({ length: VERTEX_COUNT }, (_, v) =>
  Object.freeze(parcelsAt(v)),
);
const VERTEX_EDGES: readonly (readonly number[])[] = Array.from({ length: VERTEX_COUNT }, (_, v) =>
  Object.freeze(edgesAt(v)),
);
