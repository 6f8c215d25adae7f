/**
 * The player board: workers, worker-row slot actions, hand/step/certificate limits, the 14 discs and
 * what each unlocks, auxiliary actions, starting resources per seat and exchange tokens. Provenance:
 * facts come from the gwt2 component data compiled from Board Game Fiesta and cross-checked against the
 * rulebook.
 */
import type {
  ActionSpec,
  AuxiliaryAction,
  ByPlayerCount,
  Disc,
  DiscId,
  WorkerKind,
  WorkerSlot,
} from './types';

/** Per-player components. */
export const DISCS_PER_PLAYER = 14;
export const PLAYER_BUILDINGS_PER_PLAYER = 12;
export const PLAYER_CATTLE_CARDS_PER_PLAYER = 14;

/**
 * One printed worker of each kind in slot 1 of its row. They count for every "number of X" effect and
 * for SM-WORKERS, and can never be removed (not even for a station master).
 */
export const STARTING_WORKERS: Readonly<Record<WorkerKind, number>> = {
  cowboy: 1,
  craftsman: 1,
  engineer: 1,
};

/** Slots per worker row (the printed starting worker included); a full row cannot hire that kind. */
export const WORKER_ROW_SIZE = 6;
/** End-game VP for each worker on slot 5 or slot 6 of any row. */
export const WORKER_SLOT_VP: Readonly<Partial<Record<WorkerSlot, number>>> = { 5: 4, 6: 4 };

/**
 * Immediate actions printed on worker slots, done (optionally) when a hired worker is placed there;
 * they trigger again if the slot is vacated for a station master and refilled.
 */
export const WORKER_SLOT_ACTIONS: Readonly<
  Record<WorkerKind, Readonly<Partial<Record<WorkerSlot, ActionSpec>>>>
> = {
  cowboy: {
    4: { type: 'REMOVE_HAZARD', payDollars: 0, count: 1 },
    6: { type: 'COLLECT_BOUNTY' },
  },
  craftsman: {
    4: { type: 'PLACE_BUILDING', costPerCraftsman: 1 },
    6: { type: 'PLACE_BUILDING', costPerCraftsman: 1 },
  },
  engineer: {
    2: {
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'BREED', breed: 'criollo' },
      gain: { certificates: 1 },
    },
    3: { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREED', breed: 'criollo' }, gain: { dollars: 2 } },
    // -$2 (RULES.md §3.1, D35): the printed icon reads "-2", a hire $2 cheaper ("hire a cheap worker").
    4: { type: 'HIRE_WORKER', costModifier: -2 },
    5: {
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'BREED', breed: 'criollo' },
      gain: { certificates: 2 },
    },
    6: { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREED', breed: 'criollo' }, gain: { dollars: 4 } },
  },
};

/** Hand limit: 4 at the start, +1 per HAND disc removed ($5 each), at most 6. */
export const HAND_LIMIT_START = 4;
export const HAND_LIMIT_MAX = 6;

/**
 * Step limit (phase A): start value by player count, +STEP-DOLLARS and +STEP-VP when removed.
 * 2 players use the printed box, 3-4 players the player-count tile.
 * Uncertain (gwt2 README #8): the 3p/4p values come only from the source and its author's drawings; which
 * player counts the printed board and the tile show is unclear (rulebook: the tile for 3-4 players).
 */
export const STEP_LIMIT: ByPlayerCount<{ start: number; max: number }> = {
  2: { start: 3, max: 5 },
  3: { start: 3, max: 6 },
  4: { start: 4, max: 7 },
};

/**
 * Certificate track: the marker sits on one of these values (there is no 5: one step up from 4 is 6,
 * one step down from 6 is 4). Gaining N moves N spaces up, never past the limit.
 */
export const CERTIFICATE_TRACK: readonly number[] = [0, 1, 2, 3, 4, 6];
export const CERTIFICATES_START = 0;
/** Temporary-certificate limit: 3, then 4 with CERT-4 removed, 6 with CERT-6 and CERT-4 removed. */
export const CERTIFICATE_LIMIT_START = 3;

/**
 * The 14 discs on each player board (the two grey 1x spaces of AUX1 and AUX2 start empty and are not
 * discs). A disc leaves the board whenever you deliver to a city or upgrade a station; white-corner
 * discs may go anywhere, black-corner discs only on black-corner cities/stations (if only black discs
 * are left, one may go on a white space). If none can be taken (none left, or the $5 cannot be paid),
 * move one of your discs from a station instead.
 */
export const DISCS: readonly Disc[] = [
  { id: 'AUX1-DOUBLE', group: 'AUX1', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX1' } },
  { id: 'AUX2-DOUBLE', group: 'AUX2', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX2' } },
  { id: 'AUX3-A', group: 'AUX3', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX3' } },
  { id: 'AUX3-B', group: 'AUX3', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX3' } },
  { id: 'AUX4-A', group: 'AUX4', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX4' } },
  { id: 'AUX4-B', group: 'AUX4', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX4' } },
  { id: 'AUX5-A', group: 'AUX5', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX5' } },
  { id: 'AUX5-B', group: 'AUX5', corner: 'white', unlocks: { kind: 'AUXILIARY', action: 'AUX5' } },
  {
    // Left step disc: +$3 at once when removed.
    id: 'STEP-DOLLARS',
    group: 'STEP_LIMIT',
    corner: 'black',
    unlocks: {
      kind: 'STEP_LIMIT',
      bonus: { 2: 1, 3: 2, 4: 2 },
      onRemoval: { type: 'GAIN_DOLLARS', amount: 3 },
      endVp: 0,
    },
  },
  {
    // Right step disc: 3 VP at game end once removed.
    id: 'STEP-VP',
    group: 'STEP_LIMIT',
    corner: 'black',
    unlocks: { kind: 'STEP_LIMIT', bonus: { 2: 1, 3: 1, 4: 1 }, onRemoval: null, endVp: 3 },
  },
  {
    id: 'HAND-1',
    group: 'HAND_LIMIT',
    corner: 'black',
    unlocks: { kind: 'HAND_LIMIT', bonus: 1, removalCostDollars: 5 },
  },
  {
    id: 'HAND-2',
    group: 'HAND_LIMIT',
    corner: 'black',
    unlocks: { kind: 'HAND_LIMIT', bonus: 1, removalCostDollars: 5 },
  },
  {
    id: 'CERT-4',
    group: 'CERTIFICATE_LIMIT',
    corner: 'white',
    unlocks: { kind: 'CERTIFICATE_LIMIT', limit: 4, requires: null },
  },
  // Until CERT-4 is also gone the limit stays 3.
  {
    id: 'CERT-6',
    group: 'CERTIFICATE_LIMIT',
    corner: 'black',
    unlocks: { kind: 'CERTIFICATE_LIMIT', limit: 6, requires: 'CERT-4' },
  },
];

export function disc(id: DiscId): Disc {
  const d = DISCS.find((x) => x.id === id);
  if (!d) throw new Error(`unknown disc ${id}`);
  return d;
}

/**
 * The 5 auxiliary actions. With one of an action's two disc spaces empty the single version is
 * available, with both empty the double (requirements and rewards doubled). AUX1 and AUX2 start with
 * one space empty. A single auxiliary action taken instead of a location's actions is never doubled.
 */
export const AUXILIARY_ACTIONS: readonly AuxiliaryAction[] = [
  {
    id: 'AUX1',
    singleAvailableFromStart: true,
    single: { type: 'GAIN_DOLLARS', amount: 1 },
    double: { type: 'GAIN_DOLLARS', amount: 2 },
  },
  {
    id: 'AUX2',
    singleAvailableFromStart: true,
    single: { type: 'DRAW_THEN_DISCARD', count: 1, upTo: false },
    double: { type: 'DRAW_THEN_DISCARD', count: 2, upTo: false },
  },
  {
    id: 'AUX3',
    singleAvailableFromStart: false,
    single: { type: 'MOVE_ENGINE_BACKWARD', exact: 1, payDollars: 1, gain: { certificates: 1 } },
    double: { type: 'MOVE_ENGINE_BACKWARD', exact: 2, payDollars: 2, gain: { certificates: 2 } },
  },
  {
    id: 'AUX4',
    singleAvailableFromStart: false,
    single: { type: 'PAY_THEN_MOVE_ENGINE_FORWARD', payDollars: 1, min: 1, max: 1 },
    double: { type: 'PAY_THEN_MOVE_ENGINE_FORWARD', payDollars: 2, min: 1, max: 2 },
  },
  {
    // 2nd edition adds the $1 / $2.
    id: 'AUX5',
    singleAvailableFromStart: false,
    single: { type: 'MOVE_ENGINE_BACKWARD', exact: 1, gain: { removeCardsFromGameUpTo: 1, dollars: 1 } },
    double: { type: 'MOVE_ENGINE_BACKWARD', exact: 2, gain: { removeCardsFromGameUpTo: 2, dollars: 2 } },
  },
];

export interface StartingResources {
  seat: 1 | 2 | 3 | 4;
  dollars: number;
  cardsDrawn: number;
  exchangeTokens: number;
}

/** By seat in turn order (seat 1 is the start player). */
export const STARTING_RESOURCES: readonly StartingResources[] = [
  { seat: 1, dollars: 6, cardsDrawn: 4, exchangeTokens: 1 },
  { seat: 2, dollars: 7, cardsDrawn: 5, exchangeTokens: 1 },
  { seat: 3, dollars: 8, cardsDrawn: 6, exchangeTokens: 1 },
  { seat: 4, dollars: 9, cardsDrawn: 7, exchangeTokens: 1 },
];

/**
 * At the start of your first turn discard down to this many cards, then place your herder on any
 * neutral building (others may be there too) and go on with phase B.
 */
export const FIRST_TURN_HAND_SIZE = 4;

/** Exchange tokens in the bank (supply). */
export const EXCHANGE_TOKEN_SUPPLY = 12;

/**
 * Using an exchange token, at any time (even mid-action or in another player's turn): return it to
 * draw 2 cards, then discard the same number. (The source also allows drawing and discarding just 1.)
 * Gained from: the start (1), building 12b, the St. Louis-Bloomington link, bandit slot BANDIT-1.
 */
export const EXCHANGE_TOKEN_ACTION: ActionSpec = { type: 'DRAW_THEN_DISCARD', count: 2, upTo: false };

/** Phase B: what you may do where you stop. */
export const PHASE_B_OPTIONS = {
  ownBuildingOrNeutral: 'local actions (each once, any order) OR one single auxiliary action',
  otherBuildingHazardOrBandit: 'only one single auxiliary action',
  kansasCity: 'the 5 sub-phases: foresight 1, 2, 3, income, delivery',
} as const;
