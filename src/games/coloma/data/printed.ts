/**
 * The printed component data no source gives (RULES.md §7, P1-P11). Every set has an invented
 * default, PLACEHOLDER_DATA, which lets the engine run and the tests play; none of it is the
 * printed game. An operator supplies the printed values through the option `printed` (one object
 * per set, validated by `validatePrinted`); the game's `dataSource` says PLACEHOLDER (all
 * defaults), PARTIAL or CONFIGURED (every set given), and `placeholders` lists the sets still
 * invented, so a client can tell the players.
 *
 * Values the rulebook does state are checked, not invented: 1848 starts with 2 Outlaws [L66], the
 * Shootout's third row holds 3 Dudes [L95], 3 Frontier Lands score 12 and 5 score 25 [L601, L782].
 */
import { BUILDING_IDS, type BuildingId } from './buildings';

/** Resources a space, card or reward gives. */
export interface Bundle {
  bucks?: number;
  gold?: number;
  dudes?: number;
  tents?: number;
  horses?: number;
  vp?: number;
  cards?: number;
  /** Take the top face-down Barrel (adds the stack space's Outlaws, RULES.md §3.1). */
  barrel?: number;
}
export const BUNDLE_KEYS = ['bucks', 'gold', 'dudes', 'tents', 'horses', 'vp', 'cards', 'barrel'] as const;

/** A Hammer cost (Bucks + Dudes) or a Saw cost (Gold + Dudes). */
export interface HammerCost {
  bucks: number;
  dudes: number;
}
export interface SawCost {
  gold: number;
  dudes: number;
}
export interface BuildCost {
  hammer: HammerCost;
  saw: SawCost;
}

export type SpaceKind = 'TOWN' | 'SETTLEMENT' | 'HORSESHOE';
export interface MapSpace {
  id: string;
  kind: SpaceKind;
  /** Gained when the Wagon moves over or stops here (Towns, Settlements). */
  benefit: Bundle;
  /** A Town's alternative Stop benefit (taken instead of `benefit` when stopping there). */
  stop: Bundle | null;
}
export interface FrontierMap {
  spaces: MapSpace[];
  links: [string, string][];
  /** The Frontier Lands and the Towns adjacent to each (never Coloma, RB L563). */
  lands: { id: string; towns: string[] }[];
  /** VP for Tents on 0..5 Lands. */
  chart: number[];
}

/** A Bridge type's end-game requirement: `vp` per `per` of `metric`, at most `max`. */
export type BridgeMetric =
  | 'RIVERS'
  | 'HORSES'
  | 'BUILDINGS'
  | 'FRONTIER_TENTS'
  | 'EVENT_TENTS'
  | 'GOLD'
  | 'BARRELS'
  | 'LODGE_DUDES'
  | 'BUCKS'
  | 'GUNMEN_YEARS';
export interface BridgeType {
  id: string;
  metric: BridgeMetric;
  per: number;
  vp: number;
  max: number;
}

export interface ShootoutCard {
  /** Tier 1, 2, 3 rewards / penalties when the Gunmen beat the Outlaws (left side). */
  won: [Bundle, Bundle, Bundle];
  lost: [Bundle, Bundle, Bundle];
  /** Dudes to the Graveyard of each player without a Gunman. */
  deadWon: number;
  deadLost: number;
}

export interface PrintedData {
  /** P1: per Town Building, its Hammer and Saw costs and VP. */
  buildings: Record<BuildingId, BuildCost & { vp: number }>;
  /** P2 */
  frontierMap: FrontierMap;
  /** P3: Sutter's Mill on the player board. */
  suttersMill: { shovel: Bundle; wheelbarrow: Bundle };
  /** P4: side A River Canyons (4, left to right) and the Graveyard Tombs (bottom first). */
  playerBoard: { canyons: { benefit: Bundle; vp: number }[]; tombs: number[] };
  /** P5: the Barrel mix (30 tokens) and what using each type gives. */
  barrels: { id: string; count: number; use: Bundle }[];
  /** P6: gold spaces of the pools worth 1, 2, 3 Bucks, by player count (index = seats). */
  goldPools: Record<string, [number, number, number]>;
  /** P7: Outlaws per Year, Outlaws under the Hideout spaces (0 = face-down stack, 1-4 face up), Shootout rows (row 1 nearest the Outlaws), the 2 random cards' pool (4) and the printed one. */
  shootout: {
    yearOutlaws: [number, number, number];
    hideout: number[];
    rows: number[];
    cards: ShootoutCard[];
    printed: ShootoutCard;
  };
  /** P8 */
  barkerPrices: { tent: number; horse: number };
  /** P9 */
  site2: { river: BuildCost; bridge: BuildCost };
  /** P10: the 10 Bridge types (6 drawn per game). */
  bridgeTypes: BridgeType[];
  /** P11: the 12 Hotel cards' costs (Hotel module). */
  hotels: BuildCost[];
}

export type PrintedSet = keyof PrintedData;
export const PRINTED_SETS: readonly PrintedSet[] = [
  'buildings',
  'frontierMap',
  'suttersMill',
  'playerBoard',
  'barrels',
  'goldPools',
  'shootout',
  'barkerPrices',
  'site2',
  'bridgeTypes',
  'hotels',
];

const costBySite = (site: number | 'BARKER'): BuildCost & { vp: number } => {
  const step = site === 'BARKER' ? 3 : site;
  return { hammer: { bucks: 2 + step, dudes: 1 }, saw: { gold: 1 + Math.floor(step / 2), dudes: 1 }, vp: 6 };
};
const SITES: Record<BuildingId, number | 'BARKER'> = {
  POKER_HALL: 1,
  EXPRESS_OFFICE: 1,
  LUMBER_YARD: 1,
  SALOON: 1,
  TRADING_POST: 1,
  STABLES: 1,
  TELEGRAPH_OFFICE: 2,
  POST_OFFICE: 2,
  BOARDING_HOUSE: 3,
  ODD_FELLOWS_HALL: 3,
  HORSE_RANCH: 4,
  TOLL_HOUSE: 4,
  UNDERTAKER: 5,
  OUTPOST: 5,
  BREWERY: 'BARKER',
  FOUNDRY: 'BARKER',
};

const town = (id: string, benefit: Bundle, stop: Bundle): MapSpace => ({ id, kind: 'TOWN', benefit, stop });
const settlement = (id: string, benefit: Bundle): MapSpace => ({
  id,
  kind: 'SETTLEMENT',
  benefit,
  stop: null,
});
const horseshoe = (id: string): MapSpace => ({ id, kind: 'HORSESHOE', benefit: {}, stop: null });

/**
 * PLACEHOLDER map: an invented ring of 15 spaces through the five Towns RB names; Towns give 1
 * Dude (RB L797-L799 says a Town's usual benefit is Dudes), Hangtown's Stop gives a Barrel (L801).
 */
const PLACEHOLDER_MAP: FrontierMap = {
  spaces: [
    town('COLOMA', { dudes: 1 }, { bucks: 2 }),
    settlement('S1', { bucks: 1 }),
    horseshoe('H1'),
    town('HANGTOWN', { dudes: 1 }, { barrel: 1 }),
    settlement('S2', { horses: 1 }),
    horseshoe('H2'),
    town('GEORGETOWN', { dudes: 1 }, { gold: 1 }),
    settlement('S3', { cards: 1 }),
    horseshoe('H3'),
    town('AUBURN', { dudes: 1 }, { tents: 1 }),
    settlement('S4', { bucks: 1 }),
    horseshoe('H4'),
    town('FOLSOM', { dudes: 1 }, { horses: 1 }),
    settlement('S5', { gold: 1 }),
    horseshoe('H5'),
  ],
  links: [],
  lands: [
    { id: 'LAND_1', towns: ['HANGTOWN'] },
    { id: 'LAND_2', towns: ['HANGTOWN', 'GEORGETOWN'] },
    { id: 'LAND_3', towns: ['GEORGETOWN', 'AUBURN'] },
    { id: 'LAND_4', towns: ['AUBURN', 'FOLSOM'] },
    { id: 'LAND_5', towns: ['FOLSOM'] },
  ],
  chart: [0, 3, 7, 12, 18, 25],
};
PLACEHOLDER_MAP.links = PLACEHOLDER_MAP.spaces.map((s, i, all) => [s.id, all[(i + 1) % all.length].id]);

const card = (t1: number, t2: number, t3: number, deadWon: number, deadLost: number): ShootoutCard => ({
  won: [{ vp: t1, bucks: 2 }, { vp: t2, bucks: 1 }, { vp: t3 }],
  lost: [{ vp: t2 }, { vp: t3 }, {}],
  deadWon,
  deadLost,
});

const pools = (n: number): [number, number, number] => [n + 2, n + 2, n + 2];

export const PLACEHOLDER_DATA: PrintedData = {
  buildings: Object.fromEntries(
    BUILDING_IDS.map((id) => [id, costBySite(SITES[id])]),
  ) as PrintedData['buildings'],
  frontierMap: PLACEHOLDER_MAP,
  suttersMill: { shovel: { bucks: 2 }, wheelbarrow: { gold: 1 } },
  playerBoard: {
    canyons: [
      { benefit: { bucks: 1 }, vp: 2 },
      { benefit: { dudes: 2 }, vp: 4 },
      { benefit: { horses: 1 }, vp: 6 },
      { benefit: { gold: 1 }, vp: 8 },
    ],
    tombs: [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7],
  },
  barrels: [
    { id: 'BUCKS', count: 10, use: { bucks: 2 } },
    { id: 'DUDES', count: 10, use: { dudes: 2 } },
    { id: 'HORSE', count: 10, use: { horses: 1 } },
  ],
  goldPools: { '2': pools(2), '3': pools(3), '4': pools(4), '5': pools(5), '6': pools(6) },
  shootout: {
    yearOutlaws: [2, 4, 6],
    hideout: [1, 0, 1, 1, 2],
    rows: [1, 2, 3, 4, 5],
    cards: [card(6, 3, 1, 1, 2), card(5, 3, 2, 1, 2), card(7, 4, 1, 1, 2), card(6, 4, 2, 1, 2)],
    printed: card(8, 5, 2, 1, 3),
  },
  barkerPrices: { tent: 2, horse: 2 },
  site2: {
    river: { hammer: { bucks: 2, dudes: 2 }, saw: { gold: 1, dudes: 2 } },
    bridge: { hammer: { bucks: 3, dudes: 3 }, saw: { gold: 2, dudes: 3 } },
  },
  bridgeTypes: [
    { id: 'RIVERS', metric: 'RIVERS', per: 1, vp: 2, max: 8 },
    { id: 'HORSES', metric: 'HORSES', per: 1, vp: 1, max: 6 },
    { id: 'BUILDINGS', metric: 'BUILDINGS', per: 1, vp: 2, max: 10 },
    { id: 'FRONTIER', metric: 'FRONTIER_TENTS', per: 1, vp: 2, max: 10 },
    { id: 'EVENTS', metric: 'EVENT_TENTS', per: 1, vp: 2, max: 10 },
    { id: 'GOLD', metric: 'GOLD', per: 1, vp: 1, max: 5 },
    { id: 'BARRELS', metric: 'BARRELS', per: 1, vp: 1, max: 6 },
    { id: 'DUDES', metric: 'LODGE_DUDES', per: 1, vp: 1, max: 6 },
    { id: 'BUCKS', metric: 'BUCKS', per: 2, vp: 1, max: 5 },
    { id: 'SHERIFF', metric: 'GUNMEN_YEARS', per: 1, vp: 3, max: 9 },
  ],
  hotels: Array.from({ length: 12 }, () => ({ hammer: { bucks: 6, dudes: 2 }, saw: { gold: 3, dudes: 2 } })),
};
