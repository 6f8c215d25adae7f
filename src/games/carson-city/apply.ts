/**
 * What the appliers of the events share (evolve.ts and phases/<phase>/evolve.ts): the draft's
 * mutations of placements, parcel cells and personality tiles. A leaf (types only), so that the
 * phases' appliers need not import evolve.ts.
 */
import type { CarsonState, ParcelState, TileState } from './state';

/** Solo: is `seat` Standish (§11)? */
export function isStandish(s: CarsonState, seat: number): boolean {
  return !!s.solo && s.solo.standish === seat;
}

export function removePlacement(s: CarsonState, seat: number, loc: string, white: boolean | null): void {
  const i = s.placements.findIndex(
    (p) => p.seat === seat && p.loc === loc && (white === null || p.white === white),
  );
  if (i >= 0) s.placements.splice(i, 1);
}

/** Index of the placement of `seat` at `loc` with exactly these markers, or -1. */
export function findPlacement(
  s: CarsonState,
  seat: number,
  loc: string,
  f: { white: boolean; noDuel: boolean; dynamite: boolean; extra: boolean },
): number {
  return s.placements.findIndex(
    (p) =>
      p.seat === seat &&
      p.loc === loc &&
      p.white === f.white &&
      p.noDuel === f.noDuel &&
      p.dynamite === f.dynamite &&
      p.extra === f.extra,
  );
}

/** The parcel if `loc` is `seat`'s own Mine, else -1. */
export function ownMine(s: CarsonState, seat: number, loc: string): number {
  if (!loc.startsWith('B:')) return -1;
  const q = Number(loc.slice(2));
  return s.parcels[q].owner === seat && s.parcels[q].content === 'MINE' ? q : -1;
}

export function removeOne<T>(list: T[], x: T): void {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1);
}

/**
 * Parcel cells and personality tiles are replaced, never changed in place (in an array of the
 * draft's own: TOUCHES), so that copies of a state may share them (decide's draft, `evolve`).
 */
export function setCell(s: CarsonState, p: number, change: Partial<ParcelState>): void {
  s.parcels[p] = { ...s.parcels[p], ...change };
}

export function setTile(s: CarsonState, id: number, change: Partial<TileState>): void {
  const i = s.tiles.findIndex((t) => t.id === id);
  if (i >= 0) s.tiles[i] = { ...s.tiles[i], ...change };
}
