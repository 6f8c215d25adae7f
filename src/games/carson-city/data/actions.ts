/**
 * Action squares and the Phase 3 board sequence (spec §5.1, §13 #1: EN1's order; §13 #2 building
 * squares cheapest first; §13 #3 Buy-VP squares $5, $4, $3, $2).
 */
export const ACTIONS = [
  'WAGES',
  'AMMUNITION',
  'ROADS',
  'ROAD',
  'BUILD_3',
  'BUILD_4',
  'BUILD_5',
  'BUILD_6',
  'BUILD_8',
  'BUILD_10',
  'BUILD_12',
  'PARCEL_INCOME',
  'COWBOY_INCOME',
  'GAMBLING',
  'VP_PARCELS',
  'VP_COWBOYS',
  'VP_BUILDINGS',
  'BUY_VP_5',
  'BUY_VP_4',
  'BUY_VP_3',
  'BUY_VP_2',
] as const;
export type ActionId = (typeof ACTIONS)[number];

export function isActionId(v: unknown): v is ActionId {
  return typeof v === 'string' && (ACTIONS as readonly string[]).includes(v);
}

/** Resolution steps: the action squares plus the two steps without a square. */
export type StepId = ActionId | 'PARCELS' | 'ESTATE';
export const STEPS: readonly StepId[] = [
  'WAGES',
  'AMMUNITION',
  'ROADS',
  'ROAD',
  'PARCELS',
  'BUILD_3',
  'BUILD_4',
  'BUILD_5',
  'BUILD_6',
  'BUILD_8',
  'BUILD_10',
  'BUILD_12',
  'PARCEL_INCOME',
  'COWBOY_INCOME',
  'GAMBLING',
  'ESTATE',
  'VP_PARCELS',
  'VP_COWBOYS',
  'VP_BUILDINGS',
  'BUY_VP_5',
  'BUY_VP_4',
  'BUY_VP_3',
  'BUY_VP_2',
];

/** Squares any number of cowboys may share, with no duel (§5.1). */
export const MULTI_ACTIONS: readonly ActionId[] = ['WAGES', 'ROAD'];

/** Squares a Singer no-duel marker may go on (§9.2, §13 #20). */
export const SINGER_ACTIONS: readonly ActionId[] = [
  'ROADS',
  'PARCEL_INCOME',
  'COWBOY_INCOME',
  'GAMBLING',
  'VP_PARCELS',
  'VP_COWBOYS',
  'VP_BUILDINGS',
];

export const BUILD_ACTIONS: readonly ActionId[] = [
  'BUILD_3',
  'BUILD_4',
  'BUILD_5',
  'BUILD_6',
  'BUILD_8',
  'BUILD_10',
  'BUILD_12',
];

/** Index of a building square (0..6) for a BUILD_* action, else -1. */
export function buildSquare(a: ActionId): number {
  return BUILD_ACTIONS.indexOf(a);
}

export const BUY_VP_PRICE: Partial<Record<ActionId, number>> = {
  BUY_VP_5: 5,
  BUY_VP_4: 4,
  BUY_VP_3: 3,
  BUY_VP_2: 2,
};

/**
 * The round marker blocks the cheapest Buy-VP square first (§7 step 2, §13 #3): round 1 has
 * $2..$5, round 2 $3..$5, round 3 $4..$5, round 4 only $5.
 */
export function buyVpOpen(action: ActionId, round: number): boolean {
  const price = BUY_VP_PRICE[action];
  if (price === undefined) return true;
  return price >= round + 1;
}

/** New cowboys at the end of rounds 1, 2, 3 (§7 step 4). */
export const NEW_COWBOYS: Readonly<Record<number, number>> = { 1: 4, 2: 5, 3: 5 };

export const ROUNDS = 4;
