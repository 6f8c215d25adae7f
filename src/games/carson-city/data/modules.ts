/** The modules (§10) and the Horses module's player board (§10.6): names and numbers, as data. */
import type { StableNo } from '../state';

/** The six modules (§10); they combine freely. */
export const MODULES = [
  'A_NEW_BEGINNING',
  'CARSON_RIVER',
  'MIGHT_IS_RIGHT',
  'KIT_CARSON',
  'OUTLAWS',
  'HORSES',
] as const;

/** The stables of a player board, 1..5 (§10.6). */
export const STABLES: readonly StableNo[] = [1, 2, 3, 4, 5];
