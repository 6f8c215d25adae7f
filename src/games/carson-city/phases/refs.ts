/** Shared, frozen references for the (many) commands listed at each prompt. */
import { parcelIndex, parcelRef, PARCEL_COUNT, type ParcelRef } from '../data/board';

export const PARCEL_REFS: readonly ParcelRef[] = Array.from({ length: PARCEL_COUNT }, (_, p) =>
  Object.freeze(parcelRef(p)),
);

/** The shared reference of parcel index `p`. */
export const ref = (p: number): ParcelRef => PARCEL_REFS[p];

/** The parcel index of a reference. */
export const P = (r: ParcelRef): number => parcelIndex(r.c, r.r);
