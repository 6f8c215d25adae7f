/**
 * Cattle cards: 4 starting breeds (14 cards per player) and 5 market breeds (36 cards), buying costs,
 * market sizes and the Simmental variant. Provenance: facts come from the gwt2 component data compiled
 * from Board Game Fiesta and cross-checked against the rulebook.
 */
import type {
  BreedId,
  ByPlayerCount,
  CattleCard,
  CattleColour,
  MarketBreedId,
  PlayerCount,
  StartingBreedId,
} from './types';

export interface StartingBreed {
  id: StartingBreedId;
  name: string;
  colour: CattleColour;
  breedingValue: number;
  /** Cards of this breed in each player's starting deck. */
  countPerPlayer: number;
}

/**
 * The starting breeds. Starting cards score 0 VP; each player's cards carry a star in their colour.
 * Criollo (grey, value 1) and Galloway are confirmed by rulebook examples; Santa Gertrudis is green
 * in the rulebook.
 */
export const STARTING_BREEDS: readonly StartingBreed[] = [
  { id: 'criollo', name: 'Criollo', colour: 'grey', breedingValue: 1, countPerPlayer: 5 },
  // Uncertain (gwt2 README #1): Santa Gertrudis = the source's Dutch Belt is inferred (medium confidence).
  { id: 'santa_gertrudis', name: 'Santa Gertrudis', colour: 'green', breedingValue: 2, countPerPlayer: 3 },
  // Uncertain (gwt2 README #1): Galloway's colour is inferred (orange in the 1st edition).
  { id: 'galloway', name: 'Galloway', colour: 'orange', breedingValue: 2, countPerPlayer: 3 },
  // Uncertain (gwt2 README #1): Pineywoods = the source's Black Angus and its colour are inferred.
  { id: 'pineywoods', name: 'Pineywoods', colour: 'black', breedingValue: 2, countPerPlayer: 3 },
];

export interface MarketBreed {
  id: MarketBreedId;
  name: string;
  colour: CattleColour;
  breedingValue: number;
  /** VP printed on each card of this breed (length = number of cards). */
  vpPerCard: readonly number[];
}

/** Market breeds, in display order left to right (yellow, red, blue, brown, purple). */
export const MARKET_BREEDS: readonly MarketBreed[] = [
  // Uncertain (gwt2 README #1): which value-3 breed carries 1 / 2 / 3 VP is inferred from display order.
  {
    id: 'black_angus',
    name: 'Black Angus',
    colour: 'yellow',
    breedingValue: 3,
    vpPerCard: [1, 1, 1, 1, 1, 1, 1],
  },
  { id: 'longhorn', name: 'Longhorn', colour: 'red', breedingValue: 3, vpPerCard: [2, 2, 2, 2, 2, 2, 2] },
  // Uncertain (gwt2 README #1): the English name "Corriente" for 科伦特牛 is a guess.
  { id: 'corriente', name: 'Corriente', colour: 'blue', breedingValue: 3, vpPerCard: [3, 3, 3, 3, 3, 3, 3] },
  {
    id: 'shorthorn',
    name: 'Shorthorn',
    colour: 'brown',
    breedingValue: 4,
    vpPerCard: [3, 3, 3, 4, 4, 4, 5, 5, 5],
  },
  { id: 'hereford', name: 'Hereford', colour: 'purple', breedingValue: 5, vpPerCard: [5, 5, 6, 6, 7, 7] },
];

/** One player's 14 starting cards (5 Criollo, 3 each of the others). */
export const STARTING_DECK: readonly CattleCard[] = STARTING_BREEDS.flatMap((b) =>
  Array.from({ length: b.countPerPlayer }, () => ({ breed: b.id, breedingValue: b.breedingValue, vp: 0 })),
);

/** The 36 market cards (base game, without Simmental). */
export const MARKET_DECK: readonly CattleCard[] = MARKET_BREEDS.flatMap((b) =>
  b.vpPerCard.map((vp) => ({ breed: b.id, breedingValue: b.breedingValue, vp })),
);

export function breedingValueOf(breed: BreedId, level?: 1 | 2 | 3): number {
  if (breed === 'simmental') return SIMMENTAL_LEVELS[(level ?? 1) - 1].breedingValue;
  const s = STARTING_BREEDS.find((b) => b.id === breed);
  if (s) return s.breedingValue;
  const m = MARKET_BREEDS.find((b) => b.id === breed);
  if (!m) throw new Error(`unknown breed ${breed}`);
  return m.breedingValue;
}

/** Face-up cattle market size (setup, and refills via the job-market yellow arrows). */
export const MARKET_SIZE: ByPlayerCount<number> = { 2: 7, 3: 10, 4: 13 };
/** Market size with the Simmental variant. */
export const MARKET_SIZE_WITH_SIMMENTAL: ByPlayerCount<number> = { 2: 9, 3: 12, 4: 15 };

export function marketSize(players: PlayerCount, simmental = false): number {
  return (simmental ? MARKET_SIZE_WITH_SIMMENTAL : MARKET_SIZE)[players];
}

/**
 * A printed entry of the buying table. In one buy action, combine any entries as long as each cowboy
 * in your cowboy row is used at most once; only face-up market cards can be bought; bought cards go
 * face up to your discard pile.
 */
export interface BuyingOption {
  breedingValue: number;
  cowboys: number;
  dollars: number;
  /** Cards bought with this entry (2 = two cards of that value, any breeds of it). */
  cards: number;
  /** Only with the Simmental variant (level-1 Simmental). */
  simmental?: boolean;
}

export const BUYING_OPTIONS: readonly BuyingOption[] = [
  { breedingValue: 3, cowboys: 1, dollars: 6, cards: 1 },
  { breedingValue: 3, cowboys: 2, dollars: 3, cards: 1 },
  { breedingValue: 3, cowboys: 3, dollars: 5, cards: 2 },
  { breedingValue: 4, cowboys: 1, dollars: 12, cards: 1 },
  { breedingValue: 4, cowboys: 3, dollars: 6, cards: 1 },
  { breedingValue: 4, cowboys: 5, dollars: 8, cards: 2 },
  { breedingValue: 5, cowboys: 2, dollars: 12, cards: 1 },
  { breedingValue: 5, cowboys: 4, dollars: 6, cards: 1 },
  { breedingValue: 2, cowboys: 1, dollars: 8, cards: 1, simmental: true },
  { breedingValue: 2, cowboys: 2, dollars: 5, cards: 1, simmental: true },
];

/** Each cowboy not used to buy in that action may instead draw this many market-deck cards into the market. */
export const CARDS_DRAWN_PER_UNUSED_COWBOY = 2;

/**
 * Kansas City income: the sum over distinct breeds in hand of the highest breeding value of each
 * (all Simmental levels are one breed), plus certificates spent, plus permanent certificates.
 */
export function handBreedingValue(hand: readonly CattleCard[]): number {
  const best = new Map<BreedId, number>();
  for (const c of hand) best.set(c.breed, Math.max(best.get(c.breed) ?? 0, c.breedingValue));
  let sum = 0;
  for (const v of best.values()) sum += v;
  return sum;
}

export interface SimmentalLevel {
  level: 1 | 2 | 3;
  name: string;
  breedingValue: number;
  vp: number;
  count: number;
  /** Level 1 is shuffled into the market deck; levels 2 and 3 wait next to the board. */
  location: 'MARKET_DECK' | 'SUPPLY';
}

/**
 * Simmental variant: 24 orange cards. In Kansas City phase 4, after income and before discarding the
 * hand, a level-1 in hand may be upgraded (removed from the game, a level-2 into the discard pile), then
 * level-2 to level-3; new cards do not add to this income. A Simmental may be discarded where "any
 * cattle card" is asked, never for a specific breed or breeding value, and never counts for the
 * value-3 / Shorthorn / Hereford objective tasks. Orange cards sit leftmost in the market.
 */
// Uncertain (gwt2 README #13): breeding values and VP per level come from the source; the rulebook
// gives only costs and counts.
export const SIMMENTAL_LEVELS: readonly SimmentalLevel[] = [
  { level: 1, name: 'Simmental calf', breedingValue: 2, vp: 3, count: 8, location: 'MARKET_DECK' },
  { level: 2, name: 'Simmental cow', breedingValue: 4, vp: 4, count: 8, location: 'SUPPLY' },
  { level: 3, name: 'Simmental bull', breedingValue: 5, vp: 5, count: 8, location: 'SUPPLY' },
];

export function simmentalCard(level: 1 | 2 | 3): CattleCard {
  const l = SIMMENTAL_LEVELS[level - 1];
  return { breed: 'simmental', breedingValue: l.breedingValue, vp: l.vp, level };
}
