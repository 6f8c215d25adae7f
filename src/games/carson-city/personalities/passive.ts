/**
 * Passive personality effects, as data read where the rule applies (spec §9.1): firepower
 * bonuses, price changes and duel rewards. Active effects (prompts, immediate gains) are in
 * `index.ts`; placement limits (Sheriff, Heroes, Singer, Lawyer) are checked where they
 * apply (phases/placement/rules.ts, the phases' flow) against `holds()`.
 */
import { CHINESE_WORKER, GUNSMITH, INDIAN, MERCENARY, SHERIFF, type Side } from '../data/personalities';
import type { HeldTile } from '../state';

export interface PassiveDef {
  /** Extra firepower this round (Mercenary). */
  firepower?: Partial<Record<Side, number>>;
  /** Building price from the square's printed price (yellow Chinese Worker: half, rounded up). */
  buildingPrice?: Partial<Record<Side, (printed: number) => number>>;
  /** Highest price the holder pays for a parcel (red Indian: $3, §13 #23). */
  parcelPriceCap?: Partial<Record<Side, number>>;
  /** VP for each duel won (yellow Gunsmith) or lost (red Sheriff, §13 #44). */
  duelWonVp?: Partial<Record<Side, number>>;
  duelLostVp?: Partial<Record<Side, number>>;
}

export const PASSIVES: Readonly<Record<number, PassiveDef>> = {
  [MERCENARY]: { firepower: { YELLOW: 3, RED: 2 } },
  [CHINESE_WORKER]: { buildingPrice: { YELLOW: (printed) => Math.ceil(printed / 2) } },
  [INDIAN]: { parcelPriceCap: { RED: 3 } },
  [GUNSMITH]: { duelWonVp: { YELLOW: 2 } },
  [SHERIFF]: { duelLostVp: { RED: 3 } },
};

/** Sum a numeric passive over the tiles a player holds. */
export function passiveSum(held: readonly HeldTile[], key: 'firepower' | 'duelWonVp' | 'duelLostVp'): number {
  return held.reduce((sum, h) => sum + (PASSIVES[h.id]?.[key]?.[h.side] ?? 0), 0);
}

export function passiveBuildingPrice(held: readonly HeldTile[], printed: number): number {
  return held.reduce((price, h) => PASSIVES[h.id]?.buildingPrice?.[h.side]?.(price) ?? price, printed);
}

export function passiveParcelCap(held: readonly HeldTile[]): number {
  return held.reduce(
    (cap, h) => Math.min(cap, PASSIVES[h.id]?.parcelPriceCap?.[h.side] ?? Infinity),
    Infinity,
  );
}
