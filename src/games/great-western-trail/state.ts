/**
 * The whole Great Western Trail (2nd edition) game as plain JSON (RULES.md for the rules, data/ for
 * what is printed). Everything hidden (hands, draw piles, the Kansas City bags, the cattle and
 * objective decks) is stored as an unordered multiset: a shuffled pile drawn from the top is the
 * same as a uniform draw from what is left, and the draw is made by `decide` with the Rng and
 * written into the event, so replays never draw.
 */
import type { Seat } from '../engine';
import type { BanditColour, SupplyTile, WorkerKind } from './data/types';

export type { BanditColour, HazardKind, WorkerKind } from './data/types';

/** A tile from the Kansas City bags: a worker, a hazard or a bandit. */
export type KcTile = SupplyTile;
export type HazardTile = Extract<SupplyTile, { kind: 'hazard' }>;
export type BanditTile = Extract<SupplyTile, { kind: 'bandit' }>;

/** What lies on a trail slot. */
export type Occupant =
  | { kind: 'NEUTRAL'; building: string }
  | { kind: 'PLAYER'; owner: Seat; building: string }
  | { kind: 'HAZARD'; tile: HazardTile }
  | { kind: 'BANDIT'; tile: BanditTile };

/**
 * A card in a herd deck: a cattle card `cattle:<breed>:<vp>` or an objective card (`OBJ-01`..,
 * `START-1`..). Identical ids are identical cards; piles are multisets.
 */
export type CardId = string;

/** Where a train stands: track position 0..39, n + 0.5 for the turnout between n and n + 1 (data/types TrackPosition). */
export type TrackPos = number;

export interface PlayerState {
  money: number;
  exchangeTokens: number;
  /** Temporary certificates on the certificate track. */
  certificates: number;
  hand: CardId[];
  /** Unordered (hidden): see the module comment. */
  drawPile: CardId[];
  /** Face up; the last element is the top. */
  discard: CardId[];
  /** Workers in each row of the player board, the printed first one included (1..6). */
  workers: Record<WorkerKind, number>;
  /** Discs still on the player board (disc ids from data/player-board). */
  discs: string[];
  /** Player building tiles not yet placed, as the face in play ('1a', '7b', ...). */
  buildingsInSupply: string[];
  hazards: HazardTile[];
  bandits: BanditColour[];
  stationMasters: string[];
  /** The personal objective area: played objective cards and the starting objective. */
  objectives: CardId[];
  jobMarketToken: boolean;
  /** null before the first turn, 'START' after a delivery, else a trail location. */
  herder: string | null;
  train: TrackPos;
}

/**
 * A decision the current player owes before the turn goes on (stacked: the last is asked first).
 * Modules add their own kinds; `kind` is also the prompt kind.
 */
export interface Decision {
  kind: string;
  [key: string]: unknown;
}

export type Stage =
  /** The first turn: discard down to 4 (a decision), then put the herder on a neutral building. */
  | 'FIRST_PLACE'
  /** Phase A. */
  | 'MOVE'
  /** Phase B at a location (not Kansas City). */
  | 'LOCATION'
  /** Phase B in Kansas City: the five sub-phases run as decisions. */
  | 'KANSAS_CITY'
  /** After the final round: a seat decides which objective cards of its deck join its area (D20). */
  | 'FINAL_OBJECTIVES';

export interface TurnState {
  seat: Seat;
  stage: Stage;
  /** Where Phase B happens (the herder's location when it started). */
  location: string | null;
  /** Indexes of the location's local actions already used this visit. */
  usedActions: number[];
  /** A single auxiliary action was taken instead of the local actions. */
  usedAuxiliaryInstead: boolean;
  /** Building tiles whose actions were used this turn (6b picks none of them twice, RULES.md D9). */
  usedBuildings: string[];
  /** Sub-decisions still owed, last = asked first. */
  stack: Decision[];
}

export interface GwtOptionsState {
  /** Neutral buildings A..G on slots A..G ('FIXED', first game) or shuffled. */
  neutralBuildings: 'FIXED' | 'RANDOM';
  /** Every player uses the 'a' sides (first game) or the same random mix of sides. */
  playerBuildings: 'A_SIDES' | 'RANDOM';
  simmental: boolean;
}

export interface GwtState {
  seatCount: number;
  options: GwtOptionsState;
  players: PlayerState[];
  /** Location id -> what lies there (missing or null = empty slot). */
  trail: Record<string, Occupant | null>;
  /** The three foresight columns, two spaces each. */
  foresight: (KcTile | null)[][];
  /** Kansas City bags 1..3 (index 0..2), unordered. */
  bags: KcTile[][];
  /** Job market rows (row 0 = the top row), each `seatCount` spaces wide. */
  jobMarket: (WorkerKind | null)[][];
  /** The row the job-market token sits in; null once it has left the market (game end). */
  jobMarketTokenRow: number | null;
  cattleMarket: CardId[];
  /** Unordered. */
  cattleDeck: CardId[];
  /** Simmental levels 2 and 3 supply (variant). */
  simmentalSupply: { 2: number; 3: number };
  objectiveDisplay: CardId[];
  /** Unordered. */
  objectiveDeck: CardId[];
  /** Station id -> the station master still on it (null once taken / none). */
  stationMasters: Record<string, string | null>;
  /** Station id -> seats whose disc is on it (upgraded). */
  stationDiscs: Record<string, Seat[]>;
  /** City id -> seats' discs, bottom first. */
  cityDiscs: Record<string, Seat[]>;
  turn: TurnState;
  /** The seat whose Kansas City visit took the job-market token out (game end), or null. */
  endTriggeredBy: Seat | null;
  /** Seats that still get their final turn, in order. */
  finalTurns: Seat[];
  over: boolean;
  /** Turns started so far (for history and bots). */
  turnNumber: number;
}
