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
import type { BuildingType } from './data/buildings';
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
} from './data/personalities';
import type { ModuleName } from './state';

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
  /**
   * Building priority list (cards C, D: "Standish tries building no. 1 first ..."). PLACEHOLDER
   * (§13 #36: not in the sources): an order that follows each strategy's name.
   */
  priority: BuildingType[];
}

/** §11.1 step 6 (PT: Médico/copas/Rancheiro, Governador/paus/Mineiro, Xerife/espadas/Força, Advogado/ouros/Urbana). */
export const STRATEGY_DEFS: Readonly<Record<Strategy, StrategyDef>> = {
  RANCHER: {
    strategy: 'RANCHER',
    suit: 'HEARTS',
    difficulty: 'ALMOST_EASY',
    personality: 'DOCTOR',
    priority: ['RANCH', 'BLACKSMITH', 'GROCERY', 'HOTEL', 'MINE', 'DRUGSTORE', 'SALOON', 'BANK', 'PRISON'],
  },
  MINER: {
    strategy: 'MINER',
    suit: 'CLUBS',
    difficulty: 'MEDIUM',
    personality: 'GOVERNOR',
    priority: ['MINE', 'BLACKSMITH', 'BANK', 'HOTEL', 'RANCH', 'DRUGSTORE', 'SALOON', 'GROCERY', 'PRISON'],
  },
  FORCE: {
    strategy: 'FORCE',
    suit: 'SPADES',
    difficulty: 'HARD',
    personality: 'SHERIFF',
    priority: ['PRISON', 'BLACKSMITH', 'MINE', 'RANCH', 'SALOON', 'BANK', 'HOTEL', 'DRUGSTORE', 'GROCERY'],
  },
  URBAN: {
    strategy: 'URBAN',
    suit: 'DIAMONDS',
    difficulty: 'EXPERT',
    personality: 'LAWYER',
    priority: ['SALOON', 'GROCERY', 'BANK', 'DRUGSTORE', 'HOTEL', 'BLACKSMITH', 'RANCH', 'MINE', 'PRISON'],
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

/**
 * Power value of each card (its contribution to Standish's strength, §11.6). PLACEHOLDER (§13
 * #36: the values are printed on the cards, not in the text): the number of cowboys it places.
 */
export const CARD_POWER: Readonly<Record<CardLetter, number>> = {
  A: 2,
  B: 2,
  C: 2,
  D: 1,
  E: 1,
  F: 1,
  G: 1,
  H: 1,
  I: 2,
  X: 2,
};

/**
 * Each suit's 12 cards (§11.1 step 8). PLACEHOLDER (§13 #36: which 12 of the 18 is not in the
 * text). G appears only with Urban and Miner, the two strategies the card text covers (§13 #36).
 */
export const DECKS: Readonly<Record<Strategy, readonly CardLetter[]>> = {
  RANCHER: ['A', 'B', 'C', 'C', 'D', 'D', 'E', 'F', 'H', 'H', 'I', 'X'],
  MINER: ['A', 'B', 'C', 'C', 'D', 'E', 'F', 'G', 'G', 'H', 'I', 'X'],
  FORCE: ['A', 'A', 'B', 'C', 'D', 'E', 'E', 'F', 'F', 'H', 'I', 'X'],
  URBAN: ['A', 'B', 'C', 'C', 'D', 'E', 'F', 'G', 'G', 'H', 'I', 'X'],
};

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
  power: Readonly<Record<CardLetter, number>> = CARD_POWER,
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
 * Strategy end-of-game bonus (§11.8). Known only for Urban (T12: Saloon + Grocery + Bank = 5 VP);
 * the others are PLACEHOLDER (§13 #36): the same shape with each strategy's first three
 * priority buildings, 5 VP.
 */
export function strategyBonus(strategy: Strategy, owned: readonly BuildingType[]): number {
  const needed: readonly BuildingType[] =
    strategy === 'URBAN' ? ['SALOON', 'GROCERY', 'BANK'] : STRATEGY_DEFS[strategy].priority.slice(0, 3);
  return needed.every((b) => owned.includes(b)) ? 5 : 0;
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
