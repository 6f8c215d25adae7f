/**
 * The trail as a directed graph: 52 locations and 55 edges, fees, hazard/bandit placement, risk actions.
 * Provenance: facts come from the gwt2 component data compiled from Board Game Fiesta and cross-checked
 * against the rulebook.
 *
 * A slot is a "location" (a step, somewhere to stop) only while a tile lies on it; empty slots are
 * skipped and do not count. Kansas City is always a location and can never be passed. START is where
 * the herder starts each trip after the first and is not a location you can stop on. On the very
 * first turn the herder is placed directly on any neutral building.
 */
import type {
  ActionSpec,
  ByPlayerCount,
  Hand,
  HazardKind,
  LocationId,
  TrailBranch,
  TrailLocation,
} from './types';

/** Risk action "discard any cattle card: +1 certificate" (R-FLOOD-1, R-DROUGHT-1, R-BANDIT-1, R-ROCKFALL-1). */
export const RISK_ANY_CARD_FOR_CERTIFICATE: ActionSpec = {
  type: 'DISCARD_CARDS',
  count: 1,
  card: { kind: 'ANY' },
  gain: { certificates: 1 },
};

/** Risk action "discard a Criollo: +1 certificate and $2" (R-FLOOD-2, R-BANDIT-2, R-ROCKFALL-2). */
export const RISK_CRIOLLO_FOR_CERTIFICATE_AND_2: ActionSpec = {
  type: 'DISCARD_CARDS',
  count: 1,
  card: { kind: 'BREED', breed: 'criollo' },
  gain: { certificates: 1, dollars: 2 },
};

/**
 * Every location, in board order. `inWoods` marks building slots in a forest (buildings 1a and 7b).
 * Risk actions become an extra local action of whichever building is later placed on that slot, for
 * its owner only. Hands (fees) belong to the tile placed on a slot, never to the slot: neutral
 * buildings have none; see the hazard/bandit tiles and player buildings for theirs.
 *
 * Uncertain (gwt2 README #4): the woods flags come from the source (and its author's board drawing);
 * the printed 2nd-edition board was not checked.
 */
export const LOCATIONS: readonly TrailLocation[] = [
  { id: 'START', kind: 'start', next: ['N-A'] },
  { id: 'N-A', kind: 'neutral_building_slot', letter: 'A', next: ['P-A1', 'H-FLOOD-1'] },
  { id: 'P-A1', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['P-A2'] },
  { id: 'P-A2', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['P-A3'] },
  { id: 'P-A3', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['N-B'] },
  { id: 'H-FLOOD-1', kind: 'hazard_slot', hazard: 'flood', number: 1, next: ['H-FLOOD-2'] },
  { id: 'H-FLOOD-2', kind: 'hazard_slot', hazard: 'flood', number: 2, next: ['H-FLOOD-3'] },
  { id: 'H-FLOOD-3', kind: 'hazard_slot', hazard: 'flood', number: 3, next: ['H-FLOOD-4'] },
  { id: 'H-FLOOD-4', kind: 'hazard_slot', hazard: 'flood', number: 4, next: ['R-FLOOD-1'] },
  {
    id: 'R-FLOOD-1',
    kind: 'player_building_slot',
    inWoods: false,
    riskAction: RISK_ANY_CARD_FOR_CERTIFICATE,
    next: ['R-FLOOD-2'],
  },
  {
    id: 'R-FLOOD-2',
    kind: 'player_building_slot',
    inWoods: true,
    riskAction: RISK_CRIOLLO_FOR_CERTIFICATE_AND_2,
    next: ['N-B'],
  },
  { id: 'N-B', kind: 'neutral_building_slot', letter: 'B', next: ['H-DROUGHT-1', 'P-B1'] },
  { id: 'P-B1', kind: 'player_building_slot', inWoods: true, riskAction: null, next: ['P-B2'] },
  { id: 'P-B2', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['P-B3'] },
  { id: 'P-B3', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['N-C'] },
  { id: 'H-DROUGHT-1', kind: 'hazard_slot', hazard: 'drought', number: 1, next: ['H-DROUGHT-2'] },
  { id: 'H-DROUGHT-2', kind: 'hazard_slot', hazard: 'drought', number: 2, next: ['H-DROUGHT-3'] },
  { id: 'H-DROUGHT-3', kind: 'hazard_slot', hazard: 'drought', number: 3, next: ['H-DROUGHT-4'] },
  { id: 'H-DROUGHT-4', kind: 'hazard_slot', hazard: 'drought', number: 4, next: ['R-DROUGHT-1'] },
  {
    id: 'R-DROUGHT-1',
    kind: 'player_building_slot',
    inWoods: false,
    riskAction: RISK_ANY_CARD_FOR_CERTIFICATE,
    next: ['N-C'],
  },
  { id: 'N-C', kind: 'neutral_building_slot', letter: 'C', next: ['P-C1', 'N-D'] },
  { id: 'P-C1', kind: 'player_building_slot', inWoods: true, riskAction: null, next: ['P-C2'] },
  { id: 'P-C2', kind: 'player_building_slot', inWoods: true, riskAction: null, next: ['N-E'] },
  { id: 'N-D', kind: 'neutral_building_slot', letter: 'D', next: ['P-D1', 'BANDIT-4'] },
  { id: 'P-D1', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['N-E'] },
  {
    id: 'BANDIT-1',
    kind: 'bandit_slot',
    placement: 1,
    onTrail: false,
    bounty: { type: 'GAIN_EXCHANGE_TOKEN', amount: 1 },
    next: [],
  },
  {
    id: 'BANDIT-2',
    kind: 'bandit_slot',
    placement: 2,
    onTrail: false,
    bounty: { type: 'GAIN_DOLLARS', amount: 1 },
    next: [],
  },
  {
    id: 'BANDIT-3',
    kind: 'bandit_slot',
    placement: 3,
    onTrail: false,
    bounty: { type: 'GAIN_DOLLARS', amount: 2 },
    next: [],
  },
  {
    id: 'BANDIT-4',
    kind: 'bandit_slot',
    placement: 4,
    onTrail: true,
    bounty: { type: 'GAIN_DOLLARS', amount: 3 },
    next: ['BANDIT-5'],
  },
  {
    id: 'BANDIT-5',
    kind: 'bandit_slot',
    placement: 5,
    onTrail: true,
    bounty: { type: 'GAIN_DOLLARS', amount: 4 },
    next: ['BANDIT-6'],
  },
  {
    id: 'BANDIT-6',
    kind: 'bandit_slot',
    placement: 6,
    onTrail: true,
    bounty: { type: 'GAIN_DOLLARS', amount: 5 },
    next: ['BANDIT-7'],
  },
  {
    id: 'BANDIT-7',
    kind: 'bandit_slot',
    placement: 7,
    onTrail: true,
    bounty: { type: 'GAIN_DOLLARS', amount: 6 },
    next: ['BANDIT-8'],
  },
  {
    id: 'BANDIT-8',
    kind: 'bandit_slot',
    placement: 8,
    onTrail: true,
    bounty: { type: 'GAIN_DOLLARS', amount: 8 },
    next: ['BANDIT-9'],
  },
  {
    id: 'BANDIT-9',
    kind: 'bandit_slot',
    placement: 9,
    onTrail: true,
    bounty: { type: 'GAIN_DOLLARS', amount: 10 },
    next: ['R-BANDIT-1'],
  },
  {
    id: 'R-BANDIT-1',
    kind: 'player_building_slot',
    inWoods: false,
    riskAction: RISK_ANY_CARD_FOR_CERTIFICATE,
    next: ['R-BANDIT-2'],
  },
  {
    id: 'R-BANDIT-2',
    kind: 'player_building_slot',
    inWoods: false,
    riskAction: RISK_CRIOLLO_FOR_CERTIFICATE_AND_2,
    next: ['N-E'],
  },
  { id: 'N-E', kind: 'neutral_building_slot', letter: 'E', next: ['P-E1', 'H-ROCKFALL-1'] },
  { id: 'P-E1', kind: 'player_building_slot', inWoods: true, riskAction: null, next: ['P-E2'] },
  { id: 'P-E2', kind: 'player_building_slot', inWoods: true, riskAction: null, next: ['N-F'] },
  { id: 'H-ROCKFALL-1', kind: 'hazard_slot', hazard: 'rockfall', number: 1, next: ['H-ROCKFALL-2'] },
  { id: 'H-ROCKFALL-2', kind: 'hazard_slot', hazard: 'rockfall', number: 2, next: ['H-ROCKFALL-3'] },
  { id: 'H-ROCKFALL-3', kind: 'hazard_slot', hazard: 'rockfall', number: 3, next: ['H-ROCKFALL-4'] },
  { id: 'H-ROCKFALL-4', kind: 'hazard_slot', hazard: 'rockfall', number: 4, next: ['R-ROCKFALL-1'] },
  {
    id: 'R-ROCKFALL-1',
    kind: 'player_building_slot',
    inWoods: false,
    riskAction: RISK_ANY_CARD_FOR_CERTIFICATE,
    next: ['R-ROCKFALL-2'],
  },
  {
    id: 'R-ROCKFALL-2',
    kind: 'player_building_slot',
    inWoods: true,
    riskAction: RISK_CRIOLLO_FOR_CERTIFICATE_AND_2,
    next: ['N-F'],
  },
  { id: 'N-F', kind: 'neutral_building_slot', letter: 'F', next: ['P-F1', 'P-F2'] },
  { id: 'P-F1', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['N-G'] },
  { id: 'P-F2', kind: 'player_building_slot', inWoods: true, riskAction: null, next: ['N-G'] },
  { id: 'N-G', kind: 'neutral_building_slot', letter: 'G', next: ['P-G1', 'P-G2'] },
  { id: 'P-G1', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['KANSAS_CITY'] },
  { id: 'P-G2', kind: 'player_building_slot', inWoods: false, riskAction: null, next: ['KANSAS_CITY'] },
  { id: 'KANSAS_CITY', kind: 'kansas_city', next: [] },
];

export const LOCATION_IDS: readonly LocationId[] = LOCATIONS.map((l) => l.id);

const BY_ID = new Map<LocationId, TrailLocation>(LOCATIONS.map((l) => [l.id, l]));

export function isLocationId(v: unknown): v is LocationId {
  return typeof v === 'string' && BY_ID.has(v as LocationId);
}

export function locationById(id: LocationId): TrailLocation {
  const l = BY_ID.get(id);
  if (!l) throw new Error(`unknown trail location ${id}`);
  return l;
}

/** The 55 trail edges [from, to] in the direction of travel (equal to the `next` lists above). */
export const EDGES: readonly (readonly [LocationId, LocationId])[] = [
  ['START', 'N-A'],
  ['N-A', 'P-A1'],
  ['N-A', 'H-FLOOD-1'],
  ['P-A1', 'P-A2'],
  ['P-A2', 'P-A3'],
  ['P-A3', 'N-B'],
  ['H-FLOOD-1', 'H-FLOOD-2'],
  ['H-FLOOD-2', 'H-FLOOD-3'],
  ['H-FLOOD-3', 'H-FLOOD-4'],
  ['H-FLOOD-4', 'R-FLOOD-1'],
  ['R-FLOOD-1', 'R-FLOOD-2'],
  ['R-FLOOD-2', 'N-B'],
  ['N-B', 'H-DROUGHT-1'],
  ['N-B', 'P-B1'],
  ['P-B1', 'P-B2'],
  ['P-B2', 'P-B3'],
  ['P-B3', 'N-C'],
  ['H-DROUGHT-1', 'H-DROUGHT-2'],
  ['H-DROUGHT-2', 'H-DROUGHT-3'],
  ['H-DROUGHT-3', 'H-DROUGHT-4'],
  ['H-DROUGHT-4', 'R-DROUGHT-1'],
  ['R-DROUGHT-1', 'N-C'],
  ['N-C', 'P-C1'],
  ['N-C', 'N-D'],
  ['P-C1', 'P-C2'],
  ['P-C2', 'N-E'],
  ['N-D', 'P-D1'],
  ['N-D', 'BANDIT-4'],
  ['P-D1', 'N-E'],
  ['BANDIT-4', 'BANDIT-5'],
  ['BANDIT-5', 'BANDIT-6'],
  ['BANDIT-6', 'BANDIT-7'],
  ['BANDIT-7', 'BANDIT-8'],
  ['BANDIT-8', 'BANDIT-9'],
  ['BANDIT-9', 'R-BANDIT-1'],
  ['R-BANDIT-1', 'R-BANDIT-2'],
  ['R-BANDIT-2', 'N-E'],
  ['N-E', 'P-E1'],
  ['N-E', 'H-ROCKFALL-1'],
  ['P-E1', 'P-E2'],
  ['P-E2', 'N-F'],
  ['H-ROCKFALL-1', 'H-ROCKFALL-2'],
  ['H-ROCKFALL-2', 'H-ROCKFALL-3'],
  ['H-ROCKFALL-3', 'H-ROCKFALL-4'],
  ['H-ROCKFALL-4', 'R-ROCKFALL-1'],
  ['R-ROCKFALL-1', 'R-ROCKFALL-2'],
  ['R-ROCKFALL-2', 'N-F'],
  ['N-F', 'P-F1'],
  ['N-F', 'P-F2'],
  ['P-F1', 'N-G'],
  ['P-F2', 'N-G'],
  ['N-G', 'P-G1'],
  ['N-G', 'P-G2'],
  ['P-G1', 'KANSAS_CITY'],
  ['P-G2', 'KANSAS_CITY'],
];

/** Where the trail splits; each option is the run of slots up to `rejoin`. */
export const BRANCHES: readonly TrailBranch[] = [
  {
    at: 'N-A',
    options: [
      ['P-A1', 'P-A2', 'P-A3'],
      ['H-FLOOD-1', 'H-FLOOD-2', 'H-FLOOD-3', 'H-FLOOD-4', 'R-FLOOD-1', 'R-FLOOD-2'],
    ],
    rejoin: 'N-B',
  },
  {
    at: 'N-B',
    options: [
      ['H-DROUGHT-1', 'H-DROUGHT-2', 'H-DROUGHT-3', 'H-DROUGHT-4', 'R-DROUGHT-1'],
      ['P-B1', 'P-B2', 'P-B3'],
    ],
    rejoin: 'N-C',
  },
  { at: 'N-C', options: [['P-C1', 'P-C2'], ['N-D']], rejoin: 'N-E' },
  {
    at: 'N-D',
    options: [
      ['P-D1'],
      ['BANDIT-4', 'BANDIT-5', 'BANDIT-6', 'BANDIT-7', 'BANDIT-8', 'BANDIT-9', 'R-BANDIT-1', 'R-BANDIT-2'],
    ],
    rejoin: 'N-E',
  },
  {
    at: 'N-E',
    options: [
      ['P-E1', 'P-E2'],
      ['H-ROCKFALL-1', 'H-ROCKFALL-2', 'H-ROCKFALL-3', 'H-ROCKFALL-4', 'R-ROCKFALL-1', 'R-ROCKFALL-2'],
    ],
    rejoin: 'N-F',
  },
  { at: 'N-F', options: [['P-F1'], ['P-F2']], rejoin: 'N-G' },
  { at: 'N-G', options: [['P-G1'], ['P-G2']], rejoin: 'KANSAS_CITY' },
];

/**
 * Fee in dollars for passing or stopping on a location whose tile shows this hand, by player count.
 * Paid to the bank (hazard, bandit) or to the owner (another player's building); never for your own
 * building. If you cannot pay, pay what you can and move on.
 */
export const FEES: Readonly<Record<Hand, ByPlayerCount<number>>> = {
  green: { 2: 2, 3: 2, 4: 1 },
  black: { 2: 2, 3: 1, 4: 2 },
  both: { 2: 4, 3: 3, 4: 3 },
  none: { 2: 0, 3: 0, 4: 0 },
};

export function feeFor(hand: Hand, players: 2 | 3 | 4): number {
  return FEES[hand][players];
}

/**
 * A hazard tile goes onto the empty slot of its own kind with the lowest number (1..4); with all 4
 * full it leaves the game (during setup: back into its bag, draw again).
 */
export const HAZARD_PLACEMENT_ORDER: Readonly<Record<HazardKind, readonly LocationId[]>> = {
  flood: ['H-FLOOD-1', 'H-FLOOD-2', 'H-FLOOD-3', 'H-FLOOD-4'],
  drought: ['H-DROUGHT-1', 'H-DROUGHT-2', 'H-DROUGHT-3', 'H-DROUGHT-4'],
  rockfall: ['H-ROCKFALL-1', 'H-ROCKFALL-2', 'H-ROCKFALL-3', 'H-ROCKFALL-4'],
};

/**
 * A bandit tile (either colour) goes onto the empty bandit slot with the lowest placement number; with
 * all 9 full it leaves the game (during setup: back into its bag, draw again). Slots 1-3 are off the
 * trail.
 */
export const BANDIT_PLACEMENT_ORDER: readonly LocationId[] = [
  'BANDIT-1',
  'BANDIT-2',
  'BANDIT-3',
  'BANDIT-4',
  'BANDIT-5',
  'BANDIT-6',
  'BANDIT-7',
  'BANDIT-8',
  'BANDIT-9',
];

/** Player buildings go on any empty building slot (P-* or R-*), or replace one of your own. */
export const BUILDING_SLOT_IDS: readonly LocationId[] = LOCATIONS.filter(
  (l) => l.kind === 'player_building_slot',
).map((l) => l.id);
