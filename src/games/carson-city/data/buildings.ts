/** The 13 building types (spec §6.2), written as our own typed constants. */
export const BUILDING_TYPES = [
  'RANCH',
  'MINE',
  'DRUGSTORE',
  'BANK',
  'SALOON',
  'HOTEL',
  'CHURCH',
  'PRISON',
  'GROCERY',
  'SCHOOL',
  'BLACKSMITH',
  'TOWN_HALL',
  'TRAIN_STATION',
] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

export function isBuildingType(v: unknown): v is BuildingType {
  return typeof v === 'string' && BUILDING_SET.has(v);
}

/** The types as a set: every parcel's content is tested against it, many times a decision. */
const BUILDING_SET: ReadonlySet<string> = new Set(BUILDING_TYPES);

export interface BuildingDef {
  type: BuildingType;
  /** Copies in the Big Box. */
  count: number;
  /** Copies in the recommended first-game set (§3 step 2). */
  firstGameCount: number;
  /** Must the parcel be road-connected? (Ranch, Mine: no; Train Station: straight line, §2.5.) */
  needsRoad: boolean;
  /** Houses to add when built (§5.5, §13 #6 — PT: everything but Ranch, Mine, Train Station). */
  houses: number;
  /** House icons for Drugstore/Bank/Saloon/Grocery and the Train Station score (§6.1). */
  houseIcons: number;
  /** Revolver markers gained when built (§5.3). */
  revolvers: number;
  /** Can a rival attack it (§5.7)? School: yes, as written (§13 #17). */
  attackable: boolean;
  /** Income cap (§6.2); null = naturally bounded. */
  cap: number | null;
  /** One Town Hall income level (§6.3, §13 #12); 0 = not raised by the Town Hall. */
  townHallStep: number;
}

const def = (
  type: BuildingType,
  count: number,
  firstGameCount: number,
  needsRoad: boolean,
  houses: number,
  houseIcons: number,
  revolvers: number,
  attackable: boolean,
  cap: number | null,
  townHallStep: number,
): BuildingDef => ({
  type,
  count,
  firstGameCount,
  needsRoad,
  houses,
  houseIcons,
  revolvers,
  attackable,
  cap,
  townHallStep,
});

export const BUILDINGS: Readonly<Record<BuildingType, BuildingDef>> = {
  RANCH: def('RANCH', 6, 4, false, 0, 1, 1, true, null, 0),
  MINE: def('MINE', 6, 4, false, 0, 0, 1, true, null, 0),
  DRUGSTORE: def('DRUGSTORE', 4, 4, true, 1, 0, 0, true, 33, 3),
  BANK: def('BANK', 4, 4, true, 1, 0, 0, true, 45, 3),
  SALOON: def('SALOON', 3, 3, true, 1, 0, 0, true, 55, 5),
  HOTEL: def('HOTEL', 3, 3, true, 1, 2, 0, true, null, 0),
  CHURCH: def('CHURCH', 2, 2, true, 1, 1, 0, false, null, 0),
  PRISON: def('PRISON', 2, 2, true, 1, 0, 2, false, null, 0),
  GROCERY: def('GROCERY', 2, 0, true, 1, 0, 0, true, 33, 3),
  SCHOOL: def('SCHOOL', 2, 0, true, 3, 1, 0, true, null, 0),
  BLACKSMITH: def('BLACKSMITH', 2, 0, true, 1, 0, 0, true, 40, 5),
  TOWN_HALL: def('TOWN_HALL', 1, 0, true, 0, 1, 0, false, null, 0),
  TRAIN_STATION: def('TRAIN_STATION', 1, 0, false, 0, 2, 0, false, null, 0),
};

/** Building squares of the track, cheapest first (§13 #2). */
export const SQUARE_PRICES = [3, 4, 5, 6, 8, 10, 12] as const;

/** Buildings preset on the squares at setup (§3 step 2): Ranch $3/$10, Mine $4/$12. */
export const PRESET_SQUARES: Readonly<Record<number, BuildingType>> = {
  0: 'RANCH',
  1: 'MINE',
  5: 'RANCH',
  6: 'MINE',
};

/** Bag contents after the preset squares, for the full set or the first-game set. */
export function initialBag(firstGame: boolean): Record<BuildingType, number> {
  const bag = {} as Record<BuildingType, number>;
  for (const t of BUILDING_TYPES) bag[t] = firstGame ? BUILDINGS[t].firstGameCount : BUILDINGS[t].count;
  bag.RANCH -= 2;
  bag.MINE -= 2;
  return bag;
}
