/**
 * Kansas City supply: bags 1/2/3 (54 workers, 18 hazards, 22 bandits), setup draws, the job market and
 * the foresight spaces. Provenance: facts come from the gwt2 component data compiled from Board Game
 * Fiesta and cross-checked against the rulebook.
 */
import type {
  ActionSpec,
  BagNumber,
  BanditColour,
  ByPlayerCount,
  HazardKind,
  PlayerCount,
  SupplyTile,
  TileStack,
  WorkerKind,
} from './types';

/** Worker tiles: 18 of each kind. */
export const WORKER_TILES_PER_KIND = 18;
/** Hazard tiles: 6 of each kind (flood, drought, rockfall), 2-4 VP each. */
export const HAZARD_TILES_PER_KIND = 6;
/** Bandit tiles: 11 of each colour. */
export const BANDIT_TILES_PER_COLOUR = 11;

/**
 * Fee hand of a bandit tile while it lies on the trail. The bounty for collecting it depends on the
 * slot it lies on (trail.ts), not on the tile.
 * Uncertain (gwt2 README #6): from the source (the 1st-edition teepee hands).
 */
export const BANDIT_HAND: Readonly<Record<BanditColour, 'green' | 'black'>> = {
  green: 'green',
  orange: 'black',
};

/**
 * The 6 hazard tiles of one kind: hand and VP. VP score at game end for whoever removed the tile; the
 * hand applies while it lies on the trail.
 * Uncertain (gwt2 README #5): the per-kind mix is the 1st edition's in the source; the rulebook confirms
 * only 18 tiles (6 per kind) with 2-4 VP.
 */
export const HAZARD_TILE_MIX: readonly { hand: 'green' | 'black'; vp: number; count: number }[] = [
  { hand: 'green', vp: 4, count: 2 },
  { hand: 'green', vp: 3, count: 1 },
  { hand: 'green', vp: 2, count: 1 },
  { hand: 'black', vp: 3, count: 1 },
  { hand: 'black', vp: 2, count: 1 },
];

const worker = (w: WorkerKind, count: number): TileStack => ({ tile: { kind: 'worker', worker: w }, count });
const bandit = (colour: BanditColour, count: number): TileStack => ({
  tile: { kind: 'bandit', colour, hand: BANDIT_HAND[colour] },
  count,
});
const hazards = (hazard: HazardKind): TileStack[] =>
  HAZARD_TILE_MIX.map(({ hand, vp, count }) => ({ tile: { kind: 'hazard', hazard, hand, vp }, count }));

/**
 * Contents of each bag (tiles sorted by the number on their back).
 * Uncertain (gwt2 README #5): the split over the bags is the source's; the rulebook confirms only the
 * totals 54 / 18 / 22.
 */
export const BAGS: Readonly<Record<BagNumber, readonly TileStack[]>> = {
  1: [
    bandit('green', 9),
    bandit('orange', 8),
    ...hazards('flood'),
    ...hazards('drought'),
    ...hazards('rockfall'),
  ],
  2: [worker('cowboy', 11), worker('craftsman', 11), worker('engineer', 11)],
  3: [
    worker('cowboy', 7),
    worker('craftsman', 7),
    worker('engineer', 7),
    bandit('green', 2),
    bandit('orange', 3),
  ],
};

/** The tiles of a bag, one entry per physical tile (in a fixed order: shuffle before drawing). */
export function bagTiles(bag: BagNumber): SupplyTile[] {
  return BAGS[bag].flatMap((s) => Array.from({ length: s.count }, () => s.tile));
}

/** Setup: bag-1 tiles placed on the trail one at a time (a tile without an empty slot is redrawn). */
export const SETUP_TRAIL_TILES = 7;

/** Foresight: 3 columns of 2 spaces next to Kansas City; column n is always filled from bag n. */
export const FORESIGHT_COLUMNS = 3;
export const FORESIGHT_SPACES_PER_COLUMN = 2;
/**
 * Kansas City sub-phases 1-3: choose 1 of the 2 tiles of column 1, then 2, then 3, and place it at once
 * (worker: job market; hazard/bandit: trail); an empty column is skipped. After delivery, refill every
 * empty foresight space from the bag with the column's number (an empty bag leaves it empty).
 */
export const FORESIGHT_BAG_OF_COLUMN: Readonly<Record<1 | 2 | 3, BagNumber>> = { 1: 1, 2: 2, 3: 3 };

// ---------------------------------------------------------------------------------------------
// Job market

export const JOB_MARKET_ROWS = 12;

/**
 * Hire cost of a worker in row 1..12 (index 0 = row 1), before the action's modifier (A: +0 / +2;
 * 6a: -1; engineer slot 4: -2, D35). Workers in the token's row cannot be hired.
 * Uncertain (gwt2 README #7): unchanged from the 1st edition in the source.
 */
export const JOB_MARKET_ROW_COSTS: readonly number[] = [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4];

/**
 * Spaces used per row = player count: the rightmost 2 / 3 / all 4 columns. Workers fill the token's row
 * left to right; the last space of rows 2-12 is the token's dashed circle, and a worker placed there
 * moves the token down to the next row.
 */
export const JOB_MARKET_COLUMNS: ByPlayerCount<number> = { 2: 2, 3: 3, 4: 4 };

/**
 * The token starts in the dashed circle of row 2.
 * Uncertain (gwt2 README #14): row 1 has no circle per the source author's board drawing and the
 * rulebook's setup wording ("topmost dashed circle"), not the printed board.
 */
export const JOB_MARKET_TOKEN_START_ROW = 2;

/** Workers in the job market after setup (row 1 full, row 2 up to the token). */
export const JOB_MARKET_INITIAL_WORKERS: ByPlayerCount<number> = { 2: 3, 3: 5, 4: 7 };

export function jobMarketSpaces(players: PlayerCount): number {
  return JOB_MARKET_ROWS * JOB_MARKET_COLUMNS[players];
}

export interface JobMarketArrow {
  colour: 'yellow' | 'green';
  /** The token leaves this row along the arrow (row 12: leaves the market). */
  afterRow: number;
  action: ActionSpec;
}

/**
 * Yellow arrows refill the cattle market to its size (never above it, not from an empty deck). The
 * green arrow after the last row ends the game: the token goes to the player who filled the last space
 * (2 VP); if that happens in foresight 2, foresight 3 still happens (no worker can be taken); then every
 * other player takes one more turn, in which worker tiles cannot be chosen from foresight.
 */
// Uncertain (gwt2 README #7): the arrow rows are unchanged from the 1st edition in the source.
export const JOB_MARKET_ARROWS: readonly JobMarketArrow[] = [
  { colour: 'yellow', afterRow: 6, action: { type: 'REFILL_CATTLE_MARKET' } },
  { colour: 'yellow', afterRow: 9, action: { type: 'REFILL_CATTLE_MARKET' } },
  { colour: 'green', afterRow: 12, action: { type: 'TRIGGER_GAME_END' } },
];
