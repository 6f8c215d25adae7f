/**
 * Great Western Trail, 2nd edition (2021): the types of the component data and the action vocabulary.
 * Provenance: facts come from the gwt2 component data compiled from Board Game Fiesta and cross-checked
 * against the rulebook (shared/rules/gwt2, 002_e01b7ac9568d1935.txt).
 *
 * Conventions: component ids keep their stable names (`N-A`, `P-B1`, `1a`, `OBJ-01`, `STATION-1`,
 * `ST_LOUIS`, `CERT-6`); plain attributes (colours, breeds, hazard kinds, worker kinds) are lower case;
 * the action vocabulary (`ActionSpec.type` and its enum-like parameters) is SCREAMING_SNAKE.
 */

export const PLAYER_COUNTS = [2, 3, 4] as const;
export type PlayerCount = (typeof PLAYER_COUNTS)[number];

/** A value per player count (2, 3, 4). */
export type ByPlayerCount<T> = Readonly<Record<PlayerCount, T>>;

/** Fee symbol on a tile ("hand"): charged to others who pass or stop there. */
export const HANDS = ['green', 'black', 'both', 'none'] as const;
export type Hand = (typeof HANDS)[number];

/** Corner colour of a disc, station or city: black-corner spaces accept any disc, white only white. */
export type Corner = 'white' | 'black';

export const HAZARD_KINDS = ['flood', 'drought', 'rockfall'] as const;
export type HazardKind = (typeof HAZARD_KINDS)[number];

export const BANDIT_COLOURS = ['green', 'orange'] as const;
export type BanditColour = (typeof BANDIT_COLOURS)[number];

export const WORKER_KINDS = ['cowboy', 'craftsman', 'engineer'] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Trail

export const NEUTRAL_BUILDING_IDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type NeutralBuildingId = (typeof NEUTRAL_BUILDING_IDS)[number];

export const NEUTRAL_SLOT_IDS = ['N-A', 'N-B', 'N-C', 'N-D', 'N-E', 'N-F', 'N-G'] as const;
export type NeutralSlotId = (typeof NEUTRAL_SLOT_IDS)[number];

/** The 15 plain player-building slots. */
export const PLAIN_BUILDING_SLOT_IDS = [
  'P-A1',
  'P-A2',
  'P-A3',
  'P-B1',
  'P-B2',
  'P-B3',
  'P-C1',
  'P-C2',
  'P-D1',
  'P-E1',
  'P-E2',
  'P-F1',
  'P-F2',
  'P-G1',
  'P-G2',
] as const;
/** The 7 player-building slots with a printed risk action. */
export const RISK_BUILDING_SLOT_IDS = [
  'R-FLOOD-1',
  'R-FLOOD-2',
  'R-DROUGHT-1',
  'R-BANDIT-1',
  'R-BANDIT-2',
  'R-ROCKFALL-1',
  'R-ROCKFALL-2',
] as const;
export type BuildingSlotId =
  (typeof PLAIN_BUILDING_SLOT_IDS)[number] | (typeof RISK_BUILDING_SLOT_IDS)[number];

export const HAZARD_SLOT_IDS = [
  'H-FLOOD-1',
  'H-FLOOD-2',
  'H-FLOOD-3',
  'H-FLOOD-4',
  'H-DROUGHT-1',
  'H-DROUGHT-2',
  'H-DROUGHT-3',
  'H-DROUGHT-4',
  'H-ROCKFALL-1',
  'H-ROCKFALL-2',
  'H-ROCKFALL-3',
  'H-ROCKFALL-4',
] as const;
export type HazardSlotId = (typeof HAZARD_SLOT_IDS)[number];

export const BANDIT_SLOT_IDS = [
  'BANDIT-1',
  'BANDIT-2',
  'BANDIT-3',
  'BANDIT-4',
  'BANDIT-5',
  'BANDIT-6',
  'BANDIT-7',
  'BANDIT-8',
  'BANDIT-9',
] as const;
export type BanditSlotId = (typeof BANDIT_SLOT_IDS)[number];

export type LocationId =
  'START' | NeutralSlotId | BuildingSlotId | HazardSlotId | BanditSlotId | 'KANSAS_CITY';

export type LocationKind =
  'start' | 'neutral_building_slot' | 'player_building_slot' | 'hazard_slot' | 'bandit_slot' | 'kansas_city';

interface LocationBase {
  id: LocationId;
  /** Forward neighbours along the trail (arrows on the board). */
  next: readonly LocationId[];
}

export type TrailLocation =
  | (LocationBase & { kind: 'start' })
  | (LocationBase & { kind: 'neutral_building_slot'; id: NeutralSlotId; letter: NeutralBuildingId })
  | (LocationBase & {
      kind: 'player_building_slot';
      id: BuildingSlotId;
      /** Lies in a forest on the board (counts for 1a and 7b). */
      inWoods: boolean;
      /** Printed risk action (R-* slots only): an extra local action for the owner of a building here. */
      riskAction: ActionSpec | null;
    })
  | (LocationBase & { kind: 'hazard_slot'; id: HazardSlotId; hazard: HazardKind; number: 1 | 2 | 3 | 4 })
  | (LocationBase & {
      kind: 'bandit_slot';
      id: BanditSlotId;
      /** Placement order 1..9: tiles fill the lowest empty number. */
      placement: number;
      /** The 3 lowest slots are off the trail (reachable only by "collect bounty"). */
      onTrail: boolean;
      /** What collecting a bounty here gives. */
      bounty: ActionSpec;
    })
  | (LocationBase & { kind: 'kansas_city'; id: 'KANSAS_CITY' });

export interface TrailBranch {
  at: LocationId;
  options: readonly (readonly LocationId[])[];
  rejoin: LocationId;
}

// ---------------------------------------------------------------------------------------------
// Buildings

const PB_NUMBERS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type PlayerBuildingNumber = (typeof PB_NUMBERS)[number];
export type BuildingSide = 'a' | 'b';
export type PlayerBuildingId = `${PlayerBuildingNumber}${BuildingSide}`;
export const PLAYER_BUILDING_IDS: readonly PlayerBuildingId[] = [
  ...PB_NUMBERS.map((n) => `${n}a` as PlayerBuildingId),
  ...PB_NUMBERS.map((n) => `${n}b` as PlayerBuildingId),
];

export interface NeutralBuilding {
  id: NeutralBuildingId;
  /** Local actions: each at most once per visit, any order. Neutral buildings have no hand. */
  actions: readonly ActionSpec[];
}

export interface PlayerBuilding {
  id: PlayerBuildingId;
  number: number;
  side: BuildingSide;
  /** Craftsmen needed (printed top left). */
  craftsmen: number;
  /** Normal build cost at neutral B: $2 per craftsman. */
  costDollars: number;
  vp: number;
  hand: Hand;
  actions: readonly ActionSpec[];
}

// ---------------------------------------------------------------------------------------------
// Cattle

export const STARTING_BREED_IDS = ['criollo', 'santa_gertrudis', 'galloway', 'pineywoods'] as const;
export type StartingBreedId = (typeof STARTING_BREED_IDS)[number];
export const MARKET_BREED_IDS = ['black_angus', 'longhorn', 'corriente', 'shorthorn', 'hereford'] as const;
export type MarketBreedId = (typeof MARKET_BREED_IDS)[number];
/** All Simmental levels are one breed (variant). */
export type BreedId = StartingBreedId | MarketBreedId | 'simmental';

export type CattleColour =
  'grey' | 'green' | 'orange' | 'black' | 'yellow' | 'red' | 'blue' | 'brown' | 'purple';

export interface CattleCard {
  breed: BreedId;
  breedingValue: number;
  vp: number;
  /** Simmental only: 1 calf, 2 cow, 3 bull. */
  level?: 1 | 2 | 3;
}

// ---------------------------------------------------------------------------------------------
// Objectives

export const OBJECTIVE_TASKS = [
  'building',
  'green_bandit',
  'orange_bandit',
  'hazard',
  'station',
  'value3_cattle',
  'shorthorn',
  'hereford',
  'new_york_delivery',
] as const;
export type ObjectiveTask = (typeof OBJECTIVE_TASKS)[number];

export type GeneralObjectiveId =
  | 'OBJ-01'
  | 'OBJ-02'
  | 'OBJ-03'
  | 'OBJ-04'
  | 'OBJ-05'
  | 'OBJ-06'
  | 'OBJ-07'
  | 'OBJ-08'
  | 'OBJ-09'
  | 'OBJ-10'
  | 'OBJ-11'
  | 'OBJ-12'
  | 'OBJ-13'
  | 'OBJ-14'
  | 'OBJ-15'
  | 'OBJ-16'
  | 'OBJ-17'
  | 'OBJ-18'
  | 'OBJ-19'
  | 'OBJ-20'
  | 'OBJ-21'
  | 'OBJ-22'
  | 'OBJ-23'
  | 'OBJ-24';
export type StartingObjectiveId = 'START-1' | 'START-2' | 'START-3' | 'START-4';
export type ObjectiveId = GeneralObjectiveId | StartingObjectiveId;

export interface ObjectiveCard {
  id: ObjectiveId;
  starting: boolean;
  /** Optional immediate action when played (starting cards: none). */
  immediateAction: ActionSpec | null;
  /** Each entry needs its own item (an item satisfies only one card). */
  tasks: readonly ObjectiveTask[];
  vp: number;
  /** VP lost at game end if not completed (starting cards: 0). */
  penalty: number;
}

// ---------------------------------------------------------------------------------------------
// Railroad

export const CITY_IDS = [
  'KANSAS_CITY',
  'FULTON',
  'ST_LOUIS',
  'BLOOMINGTON',
  'PEORIA',
  'CHICAGO',
  'TOLEDO',
  'PITTSBURGH',
  'PHILADELPHIA',
  'NEW_YORK',
] as const;
export type CityId = (typeof CITY_IDS)[number];

export const STATION_IDS = [
  'STATION-1',
  'STATION-2',
  'STATION-3',
  'STATION-4',
  'STATION-5',
  'STATION-6',
  'STATION-7',
  'STATION-8',
  'STATION-9',
  'STATION-10',
] as const;
export type StationId = (typeof STATION_IDS)[number];

export const STATION_MASTER_IDS = [
  'SM-WORKERS',
  'SM-OBJECTIVES',
  'SM-HAZARDS',
  'SM-BANDIT-PAIRS',
  'SM-CERTIFICATES',
  'SM-STATIONS',
  'SM-BUILDINGS',
  'SM-12-DOLLARS',
  'SM-2-PERM-CERTS',
] as const;
export type StationMasterId = (typeof STATION_MASTER_IDS)[number];

/**
 * A track position: 0..39 for the numbered spaces, n + 0.5 for the turnout (side-track station
 * space) between n and n + 1. Exact in binary floating point.
 */
export type TrackPosition = number;
export type TrackSpaceKind = 'start' | 'track' | 'turnout' | 'station';

export interface TrackSpace {
  position: TrackPosition;
  kind: TrackSpaceKind;
}

export interface Station {
  id: StationId;
  position: TrackPosition;
  upgradeCostDollars: number;
  vp: number;
  corner: Corner;
  /** Stations 1-5 hold a station master at setup. */
  hasStationMasterSlot: boolean;
}

/** What a station master's bottom half scores per unit at game end. */
export type StationMasterScoringUnit =
  | 'WORKER'
  | 'TWO_OBJECTIVE_CARDS'
  | 'TWO_HAZARDS'
  | 'BANDIT_PAIR'
  | 'TWO_CERTIFICATES'
  | 'TWO_STATIONS'
  | 'BUILDING';

export type StationMasterTop =
  { kind: 'IMMEDIATE'; action: ActionSpec } | { kind: 'PERMANENT_CERTIFICATES'; amount: number };

export interface StationMaster {
  id: StationMasterId;
  top: StationMasterTop;
  /** End-game scoring: `vp` per `per`; null when the tile has no scoring. */
  bottom: { vp: number; per: StationMasterScoringUnit } | null;
}

export interface City {
  id: CityId;
  /** Position along the top of the board, 0 (Kansas City) .. 9 (New York). */
  order: number;
  /** Breeding value needed to deliver; also the track column of the city (transport cost). */
  value: number;
  corner: Corner;
  /** Kansas City and New York only: may take any number of your discs. */
  repeatable: boolean;
  /** X marks between space 0 and the city's column (transport cost from the start space). */
  xMarksFromStart: number;
  /** Immediate effect of delivering here (Kansas City: $4). */
  onDelivery: ActionSpec | null;
  /** End-game VP per disc of yours here. */
  vpPerDisc: number;
}

export interface CityLink {
  between: readonly [CityId, CityId];
  /** Green-arrow action when the second of the two gets your disc (null: none). */
  onCompletion: ActionSpec | null;
  /** End-game VP when you have discs on both. */
  vp: number;
}

// ---------------------------------------------------------------------------------------------
// Tiles (Kansas City supply)

export type SupplyTile =
  | { kind: 'worker'; worker: WorkerKind }
  | { kind: 'hazard'; hazard: HazardKind; hand: 'green' | 'black'; vp: number }
  | { kind: 'bandit'; colour: BanditColour; hand: 'green' | 'black' };

export type BagNumber = 1 | 2 | 3;

/** A run of identical tiles in a bag. */
export interface TileStack {
  tile: SupplyTile;
  count: number;
}

// ---------------------------------------------------------------------------------------------
// Player board

export const DISC_IDS = [
  'AUX1-DOUBLE',
  'AUX2-DOUBLE',
  'AUX3-A',
  'AUX3-B',
  'AUX4-A',
  'AUX4-B',
  'AUX5-A',
  'AUX5-B',
  'STEP-DOLLARS',
  'STEP-VP',
  'HAND-1',
  'HAND-2',
  'CERT-4',
  'CERT-6',
] as const;
/** The 14 disc spaces that start with a disc. */
export type DiscId = (typeof DISC_IDS)[number];

export const AUXILIARY_ACTION_IDS = ['AUX1', 'AUX2', 'AUX3', 'AUX4', 'AUX5'] as const;
export type AuxiliaryActionId = (typeof AUXILIARY_ACTION_IDS)[number];

export type DiscGroup = AuxiliaryActionId | 'STEP_LIMIT' | 'HAND_LIMIT' | 'CERTIFICATE_LIMIT';

export type DiscUnlock =
  | { kind: 'AUXILIARY'; action: AuxiliaryActionId }
  | { kind: 'STEP_LIMIT'; bonus: ByPlayerCount<number>; onRemoval: ActionSpec | null; endVp: number }
  | { kind: 'HAND_LIMIT'; bonus: number; removalCostDollars: number }
  | { kind: 'CERTIFICATE_LIMIT'; limit: number; requires: DiscId | null };

export interface Disc {
  id: DiscId;
  group: DiscGroup;
  corner: Corner;
  unlocks: DiscUnlock;
}

export interface AuxiliaryAction {
  id: AuxiliaryActionId;
  /** AUX1 and AUX2 have their single space empty from the start. */
  singleAvailableFromStart: boolean;
  single: ActionSpec;
  double: ActionSpec;
}

/** Worker-row slot numbers: slot 1 holds the printed starting worker. */
export type WorkerSlot = 1 | 2 | 3 | 4 | 5 | 6;

// ---------------------------------------------------------------------------------------------
// Action vocabulary

/** Which cattle cards an action asks you to discard. */
export type CardFilter =
  /** Any cattle card (a Simmental is allowed). */
  | { kind: 'ANY' }
  /** A card of this breed (never a Simmental). */
  | { kind: 'BREED'; breed: StartingBreedId | MarketBreedId }
  /** A market card of this breeding value (never a Simmental). */
  | { kind: 'BREEDING_VALUE'; value: number }
  /** Two cards of the same breed. */
  | { kind: 'PAIR' };

/** A bundle of gains (all-or-nothing reward of a discard, etc.). */
export interface Reward {
  dollars?: number;
  certificates?: number;
  /** Objective cards taken straight into hand (8b). */
  objectiveCardsToHand?: number;
  exchangeTokens?: number;
  /** Remove up to this many cards in hand from the game (auxiliary action 5). */
  removeCardsFromGameUpTo?: number;
}

/** A count that depends on the player's state. */
export type DynamicCount =
  'NUMBER_OF_ENGINEERS' | 'NUMBER_OF_COWBOYS' | 'OWN_BUILDINGS_IN_WOODS' | 'HAZARD_TILES_YOU_OWN';

/** "Gain N per X". */
export type GainPer = 'CRAFTSMAN' | 'ENGINEER' | 'UPGRADED_STATION' | 'OWN_BUILDING_IN_WOODS';

export type ActionSpec =
  /** Discard exactly these cards from hand to get the reward (and/or a follow-up action). */
  | { type: 'DISCARD_CARDS'; count: number; card: CardFilter; gain?: Reward; then?: ActionSpec }
  /** Do exactly one of the options. */
  | { type: 'CHOOSE_ONE'; options: readonly ActionSpec[] }
  /** One unlocked auxiliary action, doubled if both of its discs are gone. */
  | { type: 'AUXILIARY_ACTION'; mode: 'SINGLE_OR_DOUBLE' }
  | { type: 'BUY_CATTLE' }
  /** Hire one worker at the row price + costModifier. */
  | { type: 'HIRE_WORKER'; costModifier: number }
  | { type: 'PLACE_BUILDING'; costPerCraftsman: number }
  | { type: 'MOVE_ENGINE_FORWARD'; min: number; max: number | DynamicCount }
  /** Move back exactly `exact` spaces (optionally paying first), then gain. */
  | { type: 'MOVE_ENGINE_BACKWARD'; exact: number; payDollars?: number; gain?: Reward }
  | { type: 'PAY_THEN_MOVE_ENGINE_FORWARD'; payDollars: number; min: number; max: number }
  /** Normal fees, then phase B again at the new location. */
  | { type: 'MOVE_HERDER_FORWARD'; min: number; max: number }
  /** Objective cards: no fees, no location action, never into Kansas City. */
  | { type: 'MOVE_HERDER_FORWARD_FREE'; min: number; max: number }
  | { type: 'GAIN_DOLLARS'; amount: number; per?: GainPer }
  | { type: 'GAIN_CERTIFICATES'; amount: number }
  | { type: 'SET_CERTIFICATES_TO_LIMIT' }
  | { type: 'TAKE_OBJECTIVE_CARD'; to: 'DISCARD_PILE' | 'HAND' }
  | { type: 'DISCARD_OBJECTIVE_CARD'; count: number; gain: Reward }
  /** Take any bandit tile from any of the 9 slots, keep it, gain that slot's bounty. */
  | { type: 'COLLECT_BOUNTY' }
  /** Take up to `count` hazard tiles off the trail, paying `payDollars` each. */
  | { type: 'REMOVE_HAZARD'; payDollars: number; count: number }
  | { type: 'PER_BANDIT_PAIR_GAIN'; gainPerPair: Reward }
  /** Draw `count` (or up to it) cards, then discard as many as drawn. */
  | { type: 'DRAW_THEN_DISCARD'; count: number | DynamicCount; upTo: boolean }
  | { type: 'USE_ADJACENT_BUILDING' }
  | { type: 'UPGRADE_STATION_BEHIND_ENGINE' }
  | { type: 'EXTRAORDINARY_DELIVERY' }
  | { type: 'GAIN_EXCHANGE_TOKEN'; amount: number }
  /** Job-market yellow arrow. */
  | { type: 'REFILL_CATTLE_MARKET' }
  /** Job-market green arrow. */
  | { type: 'TRIGGER_GAME_END' };

export type ActionType = ActionSpec['type'];

// ---------------------------------------------------------------------------------------------
// Guards (for validating commands)

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);

export const isPlayerBuildingId = isOneOf<PlayerBuildingId>(PLAYER_BUILDING_IDS);
export const isNeutralBuildingId = isOneOf<NeutralBuildingId>(NEUTRAL_BUILDING_IDS);
export const isCityId = isOneOf<CityId>(CITY_IDS);
export const isStationId = isOneOf<StationId>(STATION_IDS);
export const isStationMasterId = isOneOf<StationMasterId>(STATION_MASTER_IDS);
export const isDiscId = isOneOf<DiscId>(DISC_IDS);
export const isWorkerKind = isOneOf<WorkerKind>(WORKER_KINDS);
export const isHazardKind = isOneOf<HazardKind>(HAZARD_KINDS);
export const isBanditColour = isOneOf<BanditColour>(BANDIT_COLOURS);
export const isAuxiliaryActionId = isOneOf<AuxiliaryActionId>(AUXILIARY_ACTION_IDS);
export const isObjectiveTask = isOneOf<ObjectiveTask>(OBJECTIVE_TASKS);
