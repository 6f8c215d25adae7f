/**
 * Solo mode — you against Jeb Standish (§11): the rule data and the pure arithmetic of Standish
 * (strength, income conversion, end-of-round card VP, final score, strategy bonus, card counts,
 * module compatibility).
 *
 * The automaton that uses it is standish.ts (cards, purchases, building placement, duels,
 * income, end of round), hooked into flow.ts, evolve.ts, score.ts and view.ts.
 *
 * Data the sources do not give (§13 #36) is configuration, marked PLACEHOLDER below: the cowboy
 * cards' power values, which 12 of the 18 cards each suit uses, the strategy priority lists, and
 * every end bonus but Urban's (Saloon + Grocery + Bank = 5 VP, T12).
 */
import { BUILDING_TYPES, type BuildingType } from '../../data/buildings';
import {
  BANKER,
  CAPTAIN,
  CHINESE_WORKER,
  GROCER,
  GUNSMITH,
  HEROES,
  INDIAN,
  MERCENARY,
  PROSPECTOR,
  SETTLER,
  SINGER,
} from '../../data/personalities';
import type { ModuleName } from '../../state';

/** Standish's internal seat: the engine runs a 2-seat state whose seat 1 is never prompted. */
export const STANDISH = 1;

/** Standish's four strategy cards (§11.1 step 6): suit, difficulty and solo personality. */
export const STRATEGIES = ['RANCHER', 'MINER', 'FORCE', 'URBAN'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Standish's solo personality card (§11.6). */
export type SoloPersonality = 'DOCTOR' | 'GOVERNOR' | 'SHERIFF' | 'LAWYER';

export interface StrategyDef {
  strategy: Strategy;
  suit: 'HEARTS' | 'CLUBS' | 'SPADES' | 'DIAMONDS';
  difficulty: 'ALMOST_EASY' | 'MEDIUM' | 'HARD' | 'EXPERT';
  personality: SoloPersonality;
}

/** §11.1 step 6 (PT: Médico/copas/Rancheiro, Governador/paus/Mineiro, Xerife/espadas/Força, Advogado/ouros/Urbana). */
export const STRATEGY_DEFS: Readonly<Record<Strategy, StrategyDef>> = {
  RANCHER: {
    strategy: 'RANCHER',
    suit: 'HEARTS',
    difficulty: 'ALMOST_EASY',
    personality: 'DOCTOR',
  },
  MINER: {
    strategy: 'MINER',
    suit: 'CLUBS',
    difficulty: 'MEDIUM',
    personality: 'GOVERNOR',
  },
  FORCE: {
    strategy: 'FORCE',
    suit: 'SPADES',
    difficulty: 'HARD',
    personality: 'SHERIFF',
  },
  URBAN: {
    strategy: 'URBAN',
    suit: 'DIAMONDS',
    difficulty: 'EXPERT',
    personality: 'LAWYER',
  },
};

/** The 11 personalities of the solo pool (§11.1 step 5); 7 are drawn at random, random sides. */
export const SOLO_PERSONALITY_POOL: readonly number[] = [
  BANKER,
  GROCER,
  CHINESE_WORKER,
  SETTLER,
  CAPTAIN,
  MERCENARY,
  INDIAN,
  PROSPECTOR,
  GUNSMITH,
  SINGER,
  HEROES,
];
export const SOLO_PERSONALITIES_IN_PLAY = 7;

/** Taken out of the bag before setup step 3 (§11.1 step 2). */
export const SOLO_REMOVED_BUILDINGS: readonly BuildingType[] = [
  'CHURCH',
  'SCHOOL',
  'TOWN_HALL',
  'TRAIN_STATION',
];

/**
 * Module compatibility (§11.1, PT "Variante Compatível?"): A New Beginning (without the First
 * player row), Carson River (one Standish bridge per game) and Might is Right (2-player setup)
 * yes; Kit Carson, Outlaws and Horses no.
 */
export const SOLO_FORBIDDEN_MODULES: readonly ModuleName[] = ['KIT_CARSON', 'OUTLAWS', 'HORSES'];

/** Standish's bridges in a whole game with the Carson River (§10.2, §11.1). */
export const STANDISH_BRIDGES = 1;

/** The cowboy cards (§11.4). X is I plus a full reshuffle at the end of the round. */
export const CARDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'X'] as const;
export type CardLetter = (typeof CARDS)[number];

/** A strategy's end-of-game bonus condition (§11.8): owning these buildings scores `vp`. */
export interface EndBonus {
  buildings: BuildingType[];
  vp: number;
}

/** The solo data the sources do not give (§11.1, §13 #36): configuration, JSON. */
export interface SoloData {
  /** Each card's power, its contribution to Standish's strength (§11.6). */
  cardPowers: Record<CardLetter, number>;
  /** Each suit's 12 cards (§11.1 step 8), a multiset of letters. */
  decks: Record<Strategy, CardLetter[]>;
  /** Each strategy's building priority list (cards C, D: "Standish tries building no. 1 first"). */
  priorities: Record<Strategy, BuildingType[]>;
  /** Each strategy's end-of-game bonus conditions (§11.8); each one met scores its VP. */
  endBonuses: Record<Strategy, EndBonus[]>;
}
export const SOLO_DATA_SETS = ['cardPowers', 'decks', 'priorities', 'endBonuses'] as const;
export type SoloDataSet = (typeof SOLO_DATA_SETS)[number];

/**
 * Where the solo data of a game come from: PLACEHOLDER (every data set the game uses is the
 * placeholder below), CONFIGURED (none is) or PARTIAL (some are: `placeholders` names them).
 */
export type SoloDataSource = 'PLACEHOLDER' | 'PARTIAL' | 'CONFIGURED';

/** The parsed `solo` option: the strategy, the effective data, and where they come from. */
export interface SoloOptions extends SoloData {
  strategy: Strategy;
  dataSource: SoloDataSource;
  /** The data sets of this game still equal to the placeholders (for its strategy). */
  placeholders: SoloDataSet[];
}

/**
 * PLACEHOLDER solo data, NOT the real game data: §11.1 and §13 #36 of the rulebook digest say the
 * cards' power values, which 12 of the 18 cards each suit uses, the strategy priority lists and
 * the end bonuses (all but Urban's) are not in the sources and "must be configuration data".
 * A game without `solo.cardPowers` / `decks` / `priorities` / `endBonuses` uses these and says so
 * (`dataSource`, `placeholders`). Invented as follows:
 * - cardPowers: the number of cowboys the card places;
 * - decks: G only with Urban and Miner, the two strategies the card text covers;
 * - priorities: an order that follows each strategy's name;
 * - endBonuses: Urban's is the real one (T12: Saloon + Grocery + Bank = 5 VP); the others the
 *   same shape with the strategy's first three priority buildings, 5 VP.
 */
export const PLACEHOLDER_SOLO_DATA: Readonly<SoloData> = {
  cardPowers: { A: 2, B: 2, C: 2, D: 1, E: 1, F: 1, G: 1, H: 1, I: 2, X: 2 },
  decks: {
    RANCHER: ['A', 'B', 'C', 'C', 'D', 'D', 'E', 'F', 'H', 'H', 'I', 'X'],
    MINER: ['A', 'B', 'C', 'C', 'D', 'E', 'F', 'G', 'G', 'H', 'I', 'X'],
    FORCE: ['A', 'A', 'B', 'C', 'D', 'E', 'E', 'F', 'F', 'H', 'I', 'X'],
    URBAN: ['A', 'B', 'C', 'C', 'D', 'E', 'F', 'G', 'G', 'H', 'I', 'X'],
  },
  priorities: {
    RANCHER: ['RANCH', 'BLACKSMITH', 'GROCERY', 'HOTEL', 'MINE', 'DRUGSTORE', 'SALOON', 'BANK', 'PRISON'],
    MINER: ['MINE', 'BLACKSMITH', 'BANK', 'HOTEL', 'RANCH', 'DRUGSTORE', 'SALOON', 'GROCERY', 'PRISON'],
    FORCE: ['PRISON', 'BLACKSMITH', 'MINE', 'RANCH', 'SALOON', 'BANK', 'HOTEL', 'DRUGSTORE', 'GROCERY'],
    URBAN: ['SALOON', 'GROCERY', 'BANK', 'DRUGSTORE', 'HOTEL', 'BLACKSMITH', 'RANCH', 'MINE', 'PRISON'],
  },
  endBonuses: {
    RANCHER: [{ buildings: ['RANCH', 'BLACKSMITH', 'GROCERY'], vp: 5 }],
    MINER: [{ buildings: ['MINE', 'BLACKSMITH', 'BANK'], vp: 5 }],
    FORCE: [{ buildings: ['PRISON', 'BLACKSMITH', 'MINE'], vp: 5 }],
    URBAN: [{ buildings: ['SALOON', 'GROCERY', 'BANK'], vp: 5 }],
  },
};

/** Cards in a suit's deck (§11.1 step 8). */
export const DECK_SIZE = 12;

/**
 * The effective solo data of a game. Games started before the data were configurable store only
 * `{ strategy }`: they were played with the placeholders, so they replay with them.
 */
export function soloData(solo: { strategy: Strategy } & Partial<SoloData>): SoloData {
  return {
    cardPowers: solo.cardPowers ?? PLACEHOLDER_SOLO_DATA.cardPowers,
    decks: solo.decks ?? PLACEHOLDER_SOLO_DATA.decks,
    priorities: solo.priorities ?? PLACEHOLDER_SOLO_DATA.priorities,
    endBonuses: solo.endBonuses ?? PLACEHOLDER_SOLO_DATA.endBonuses,
  };
}

/**
 * The data sets a game with this strategy uses that equal the placeholders. Urban's end bonus is
 * the real one (T12), so it is never a placeholder.
 */
export function placeholderSets(strategy: Strategy, data: SoloData): SoloDataSet[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const P = PLACEHOLDER_SOLO_DATA;
  const out: SoloDataSet[] = [];
  if (same(data.cardPowers, P.cardPowers)) out.push('cardPowers');
  if (same(data.decks[strategy], P.decks[strategy])) out.push('decks');
  if (same(data.priorities[strategy], P.priorities[strategy])) out.push('priorities');
  if (strategy !== 'URBAN' && same(data.endBonuses[strategy], P.endBonuses[strategy])) out.push('endBonuses');
  return out;
}

/**
 * Reads the configurable solo data from a raw `solo` option (JSON): `cardPowers` all 10 cards,
 * integers 0..20; `decks`, `priorities`, `endBonuses` by strategy, any subset of the strategies
 * (the others keep the placeholders). Returns the effective data, or a message.
 */
export function parseSoloData(so: Record<string, unknown>): SoloData | string {
  const isObj = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x);
  const P = PLACEHOLDER_SOLO_DATA;
  const strategies = (STRATEGIES as readonly string[]).join(', ');
  const usable: string[] = BUILDING_TYPES.filter((b) => !SOLO_REMOVED_BUILDINGS.includes(b));
  const building = (b: unknown) => typeof b === 'string' && usable.includes(b);
  const byStrategy = <T>(
    name: string,
    raw: unknown,
    defaults: Readonly<Record<Strategy, T>>,
    one: (x: unknown, st: string) => T | string,
  ) => {
    const out = { ...defaults } as Record<Strategy, T>;
    if (raw === undefined) return out;
    if (!isObj(raw)) return `solo.${name} is an object by strategy (${strategies})`;
    for (const [st, x] of Object.entries(raw)) {
      if (!(STRATEGIES as readonly string[]).includes(st))
        return `solo.${name}: unknown strategy ${st}, one of ${strategies}`;
      const v = one(x, st);
      if (typeof v === 'string') return v;
      out[st as Strategy] = v;
    }
    return out;
  };
  let cardPowers = { ...P.cardPowers };
  if (so.cardPowers !== undefined) {
    const raw = so.cardPowers;
    if (!isObj(raw)) return `solo.cardPowers is an object { card: power } for the cards ${CARDS.join(', ')}`;
    for (const k of Object.keys(raw))
      if (!(CARDS as readonly string[]).includes(k))
        return `solo.cardPowers: unknown card ${k}, one of ${CARDS.join(', ')}`;
    cardPowers = {} as Record<CardLetter, number>;
    for (const c of CARDS) {
      const v = raw[c];
      if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 20)
        return `solo.cardPowers.${c} is an integer 0..20 (every card ${CARDS.join(', ')} needs its power)`;
      cardPowers[c] = v as number;
    }
  }
  const decks = byStrategy<CardLetter[]>('decks', so.decks, P.decks, (x, st) => {
    if (!Array.isArray(x) || x.length !== DECK_SIZE)
      return `solo.decks.${st} is a list of ${DECK_SIZE} cards (§11.1 step 8)`;
    for (const c of x)
      if (!(CARDS as readonly unknown[]).includes(c))
        return `solo.decks.${st}: unknown card ${String(c)}, one of ${CARDS.join(', ')}`;
    return (x as CardLetter[]).slice();
  });
  if (typeof decks === 'string') return decks;
  const priorities = byStrategy<BuildingType[]>('priorities', so.priorities, P.priorities, (x, st) => {
    if (!Array.isArray(x) || x.length === 0) return `solo.priorities.${st} is a non-empty list of buildings`;
    for (const b of x)
      if (!building(b))
        return `solo.priorities.${st}: unknown building ${String(b)} in solo, one of ${usable.join(', ')}`;
    if (new Set(x).size !== x.length) return `solo.priorities.${st} lists a building twice`;
    return (x as BuildingType[]).slice();
  });
  if (typeof priorities === 'string') return priorities;
  const endBonuses = byStrategy<EndBonus[]>('endBonuses', so.endBonuses, P.endBonuses, (x, st) => {
    const shape = `solo.endBonuses.${st} is a list of { buildings: [building, ...], vp: integer 0..50 }`;
    if (!Array.isArray(x)) return shape;
    const out: EndBonus[] = [];
    for (const c of x as unknown[]) {
      if (
        !isObj(c) ||
        Object.keys(c).some((k) => k !== 'buildings' && k !== 'vp') ||
        !Array.isArray(c.buildings) ||
        c.buildings.length === 0
      )
        return shape;
      for (const b of c.buildings as unknown[])
        if (!building(b))
          return `solo.endBonuses.${st}: unknown building ${String(b)} in solo, one of ${usable.join(', ')}`;
      if (!Number.isInteger(c.vp) || (c.vp as number) < 0 || (c.vp as number) > 50) return shape;
      out.push({ buildings: (c.buildings as BuildingType[]).slice(), vp: c.vp as number });
    }
    return out;
  });
  if (typeof endBonuses === 'string') return endBonuses;
  return { cardPowers, decks, priorities, endBonuses };
}

/** Cards Standish plays in a round = the cowboy figures the player is entitled to (§11.3): 3, 4, 5, 5. */
export function standishCardCount(round: number): number {
  return round <= 1 ? 3 : round === 2 ? 4 : 5;
}

/** Strength added by each defeated Standish cowboy on his solo personality card (§11.6). */
export const CARD_STRENGTH: Readonly<Record<SoloPersonality, number>> = {
  DOCTOR: 1,
  GOVERNOR: 0,
  SHERIFF: 2,
  LAWYER: 1,
};

/**
 * Standish's duel strength (§11.6): the power of the cards revealed this round plus his
 * personality card's bonus per defeated cowboy on it. He never rolls (PT "não role dados extra").
 * T15: cards 9, one cowboy on the Sheriff → 9 + 2 = 11.
 */
export function standishStrength(
  revealed: readonly CardLetter[],
  onCard: number,
  personality: SoloPersonality,
  power: Readonly<Record<CardLetter, number>> = PLACEHOLDER_SOLO_DATA.cardPowers,
): number {
  return revealed.reduce((sum, c) => sum + power[c], 0) + onCard * CARD_STRENGTH[personality];
}

/** The player beats Standish only with a strictly higher strength: he wins ties (§11.6). */
export function playerBeatsStandish(playerStrength: number, standish: number): boolean {
  return playerStrength > standish;
}

/**
 * Standish does not target a parcel where the player already has a cowboy while his current
 * strength (cards revealed so far) is lower than the player's firepower (§11.3, compared at the
 * moment of his placement).
 */
export function standishAvoidsPlayerParcels(standish: number, playerFirepower: number): boolean {
  return standish < playerFirepower;
}

/** Dollars per VP when Standish converts his building income (§11.7): $2, $3, $4, $5 by round. */
export function conversionRate(round: number): number {
  return Math.min(Math.max(round, 1), 4) + 1;
}

/**
 * Standish's income → VP (§11.7, §13 #37): all of his building income, stolen halves included,
 * converted at once, rounded down; nothing carries over. T27: round 3, $27 → 6 VP.
 */
export function standishIncomeVp(round: number, income: number): number {
  return Math.floor(Math.max(0, income) / conversionRate(round));
}

/** Lawyer card VP by cowboys on it (§11.6): 1 → 1, 2 → 2, 3 → 4, 4 → 6, 5 or more → 10. */
const LAWYER_VP = [0, 1, 2, 4, 6, 10];

/**
 * Standish's VP at the end of the round from the defeated cowboys on his personality card (§11.6,
 * §11.8; awarded before they return to the supply, §13 #42 before the cash limit): Governor +1 each,
 * Lawyer by the table, Doctor and Sheriff none.
 */
export function cardEndOfRoundVp(personality: SoloPersonality, onCard: number): number {
  if (personality === 'GOVERNOR') return onCard;
  if (personality === 'LAWYER') return LAWYER_VP[Math.min(onCard, 5)];
  return 0;
}

/** Card E: Standish gains this many VP when neither of its placements is possible (§11.4). */
export const CARD_E_FALLBACK_VP = 2;

/**
 * Strategy end-of-game bonus (§11.8): the VP of every condition of the strategy's list that his
 * buildings meet; a condition is met when he owns each building listed (a type listed twice needs
 * two). T12: Urban, Saloon + Grocery + Bank = 5 VP.
 */
export function strategyBonus(
  strategy: Strategy,
  owned: readonly BuildingType[],
  bonuses: Readonly<Record<Strategy, readonly EndBonus[]>> = PLACEHOLDER_SOLO_DATA.endBonuses,
): number {
  const count = (list: readonly BuildingType[], b: BuildingType) => list.filter((x) => x === b).length;
  return bonuses[strategy]
    .filter((c) => c.buildings.every((b) => count(owned, b) >= count(c.buildings, b)))
    .reduce((sum, c) => sum + c.vp, 0);
}

/**
 * Standish's final score (§11.8): his VP, plus 2 VP per building, House/Town House and Mountain
 * he owns, plus the strategy bonus. He keeps no money, so there is no money line.
 * T12: 33 + 6 × 2 + 5 = 50.
 */
export function standishFinalScore(vp: number, possessions: number, bonus: number): number {
  return vp + 2 * possessions + bonus;
}

/** Who wins a solo game: the player needs strictly more than Standish (decision, see README). */
export function soloWinner(playerTotal: number, standishTotal: number): 'PLAYER' | 'STANDISH' {
  return playerTotal > standishTotal ? 'PLAYER' : 'STANDISH';
}
