/**
 * The 16 Town Buildings of every colour's deck (RULES.md §3.5, §7 P1). Names, Sites and abilities
 * are PRINTED facts restated from /work/shared/rules/coloma/town-buildings.json (16 of 16); their
 * Hammer / Saw costs and VP are not in any source, so they live in the printed-data option
 * (`data/printed.ts`, set `buildings`), PLACEHOLDER until an operator supplies them.
 */

/** When an ability may fire (RULES.md §3.5; DATA `triggers`). */
export type Trigger =
  | 'SHOVEL'
  | 'WHEELBARROW'
  | 'SITE_2_HAMMER'
  | 'SITE_2_BUST'
  | 'SITE_3_HAMMER'
  | 'SITE_3_BUST'
  | 'SITE_4_WAGON'
  | 'SITE_4_BUST'
  | 'SITE_5_PLACE_DUDES'
  | 'SITE_5_BOOM'
  | 'SITE_5_BUST'
  | 'BARKER'
  | 'HIDEOUT_BARREL';

/** What an ability costs (all from the owner). */
export interface AbilityCost {
  bucks?: number;
  dudes?: number;
  tents?: number;
  horses?: number;
  /** Cards from hand back onto the deck (top or bottom, the player's choice). */
  discardCards?: number;
  /** One used Barrel, discarded face up to the General Supply. */
  usedBarrels?: number;
}

/** What an ability does. `per` effects scale with a count read where the ability fires. */
export type AbilityEffect =
  | { kind: 'GAIN'; bucks?: number; gold?: number; dudes?: number; tents?: number; horses?: number }
  | { kind: 'DRAW'; cards: number }
  | { kind: 'EXTRA_WAGON_ACTION' }
  | { kind: 'PLACE_TENT_ANYWHERE' }
  | { kind: 'TAKE_BARREL' }
  | { kind: 'GOLD_PER_DEAD_DUDE' }
  | { kind: 'BUCKS_PER_2_GUNMEN' }
  | { kind: 'DUDES_PER_BARREL' }
  | { kind: 'BUCKS_PER_BARREL' }
  | { kind: 'ALL_WHEELBARROWS' };

export interface Ability {
  trigger: Trigger;
  cost: AbilityCost;
  effect: AbilityEffect;
  /** ONCE per turn; UNLIMITED = repeat while the cost can be paid (DATA limits_vocabulary). */
  limit: 'ONCE' | 'UNLIMITED';
}

export type BuildingSite = 1 | 2 | 3 | 4 | 5 | 'BARKER';

export interface BuildingCard {
  id: BuildingId;
  name: string;
  site: BuildingSite;
  abilities: readonly [Ability, Ability];
}

export const BUILDING_IDS = [
  'POKER_HALL',
  'EXPRESS_OFFICE',
  'LUMBER_YARD',
  'SALOON',
  'TRADING_POST',
  'STABLES',
  'TELEGRAPH_OFFICE',
  'POST_OFFICE',
  'BOARDING_HOUSE',
  'ODD_FELLOWS_HALL',
  'HORSE_RANCH',
  'TOLL_HOUSE',
  'UNDERTAKER',
  'OUTPOST',
  'BREWERY',
  'FOUNDRY',
] as const;
export type BuildingId = (typeof BUILDING_IDS)[number];

const once = (trigger: Trigger, effect: AbilityEffect, cost: AbilityCost = {}): Ability => ({
  trigger,
  cost,
  effect,
  limit: 'ONCE',
});
const gain = (g: Omit<Extract<AbilityEffect, { kind: 'GAIN' }>, 'kind'>): AbilityEffect => ({
  kind: 'GAIN',
  ...g,
});
const draw = (cards: number): AbilityEffect => ({ kind: 'DRAW', cards });

/**
 * Abilities with no limit in DATA and no cost fire once per turn (a free gain can only be taken
 * once; DATA "1x per activation" for the costed ones). Boarding House / Odd Fellows Hall: UNLIMITED.
 */
export const BUILDINGS: Readonly<Record<BuildingId, BuildingCard>> = {
  POKER_HALL: {
    id: 'POKER_HALL',
    name: 'Poker Hall',
    site: 1,
    abilities: [once('SHOVEL', gain({ bucks: 2 })), once('WHEELBARROW', gain({ bucks: 1 }))],
  },
  EXPRESS_OFFICE: {
    id: 'EXPRESS_OFFICE',
    name: 'Express Office',
    site: 1,
    abilities: [once('SHOVEL', gain({ gold: 1 })), once('WHEELBARROW', gain({ gold: 1 }), { dudes: 1 })],
  },
  LUMBER_YARD: {
    id: 'LUMBER_YARD',
    name: 'Lumber Yard',
    site: 1,
    abilities: [once('SHOVEL', draw(2)), once('WHEELBARROW', draw(1))],
  },
  SALOON: {
    id: 'SALOON',
    name: 'Saloon',
    site: 1,
    abilities: [once('SHOVEL', gain({ dudes: 2 })), once('WHEELBARROW', gain({ dudes: 1 }))],
  },
  TRADING_POST: {
    id: 'TRADING_POST',
    name: 'Trading Post',
    site: 1,
    abilities: [
      once('SHOVEL', gain({ tents: 1 })),
      once('WHEELBARROW', gain({ tents: 1 }), { discardCards: 1 }),
    ],
  },
  STABLES: {
    id: 'STABLES',
    name: 'Stables',
    site: 1,
    abilities: [once('SHOVEL', gain({ horses: 1 })), once('WHEELBARROW', gain({ horses: 1 }), { bucks: 1 })],
  },
  TELEGRAPH_OFFICE: {
    id: 'TELEGRAPH_OFFICE',
    name: 'Telegraph Office',
    site: 2,
    abilities: [
      once('SITE_2_HAMMER', gain({ dudes: 3 }), { discardCards: 1 }),
      once('SITE_2_BUST', gain({ tents: 1 }), { discardCards: 1 }),
    ],
  },
  POST_OFFICE: {
    id: 'POST_OFFICE',
    name: 'Post Office',
    site: 2,
    abilities: [
      once('SITE_2_HAMMER', gain({ bucks: 3 }), { discardCards: 1 }),
      once('SITE_2_BUST', gain({ horses: 1 }), { discardCards: 1 }),
    ],
  },
  BOARDING_HOUSE: {
    id: 'BOARDING_HOUSE',
    name: 'Boarding House',
    site: 3,
    abilities: [
      { trigger: 'SITE_3_HAMMER', cost: { discardCards: 1 }, effect: gain({ dudes: 2 }), limit: 'UNLIMITED' },
      once('SITE_3_BUST', draw(1)),
    ],
  },
  ODD_FELLOWS_HALL: {
    id: 'ODD_FELLOWS_HALL',
    name: 'Odd Fellows Hall',
    site: 3,
    abilities: [
      { trigger: 'SITE_3_HAMMER', cost: { discardCards: 1 }, effect: gain({ bucks: 2 }), limit: 'UNLIMITED' },
      once('SITE_3_BUST', draw(1)),
    ],
  },
  HORSE_RANCH: {
    id: 'HORSE_RANCH',
    name: 'Horse Ranch',
    site: 4,
    abilities: [
      once('SITE_4_WAGON', gain({ horses: 1 }), { bucks: 1 }),
      once('SITE_4_BUST', { kind: 'EXTRA_WAGON_ACTION' }, { bucks: 1 }),
    ],
  },
  TOLL_HOUSE: {
    id: 'TOLL_HOUSE',
    name: 'Toll House',
    site: 4,
    abilities: [
      once('SITE_4_WAGON', { kind: 'PLACE_TENT_ANYWHERE' }, { bucks: 1 }),
      once('SITE_4_BUST', gain({ tents: 1 }), { bucks: 1 }),
    ],
  },
  UNDERTAKER: {
    id: 'UNDERTAKER',
    name: 'Undertaker',
    site: 5,
    abilities: [
      once('SITE_5_PLACE_DUDES', { kind: 'TAKE_BARREL' }, { tents: 1 }),
      once('SITE_5_BUST', { kind: 'GOLD_PER_DEAD_DUDE' }),
    ],
  },
  OUTPOST: {
    id: 'OUTPOST',
    name: 'Outpost',
    site: 5,
    abilities: [
      once('SITE_5_PLACE_DUDES', gain({ dudes: 4 }), { horses: 1 }),
      once('SITE_5_BOOM', { kind: 'BUCKS_PER_2_GUNMEN' }),
    ],
  },
  BREWERY: {
    id: 'BREWERY',
    name: 'Brewery',
    site: 'BARKER',
    abilities: [
      once('BARKER', gain({ gold: 2 }), { usedBarrels: 1 }),
      once('HIDEOUT_BARREL', { kind: 'DUDES_PER_BARREL' }),
    ],
  },
  FOUNDRY: {
    id: 'FOUNDRY',
    name: 'Foundry',
    site: 'BARKER',
    abilities: [
      once('BARKER', { kind: 'ALL_WHEELBARROWS' }, { usedBarrels: 1 }),
      once('HIDEOUT_BARREL', { kind: 'BUCKS_PER_BARREL' }),
    ],
  },
};

export function isBuildingId(x: unknown): x is BuildingId {
  return typeof x === 'string' && (BUILDING_IDS as readonly string[]).includes(x);
}
