/**
 * The 6 Specialized Pioneers (RULES.md §5.4), PRINTED abilities restated from
 * /work/shared/rules/coloma/specialized-pioneers.json. Which colour carries which card is missing
 * (P12), so a game deals them with the seeded RNG or takes them as the option `pioneers` (D27).
 */
export const PIONEER_IDS = [
  'ROBBER',
  'HOMESTEADER',
  'RENEGADE',
  'RANGE_RIDER',
  'MAVERICK',
  'VIGILANTE',
] as const;
export type PioneerId = (typeof PIONEER_IDS)[number];

export const PIONEERS: Readonly<Record<PioneerId, { name: string; ability: string }>> = {
  ROBBER: { name: 'Robber', ability: 'Spend 1 Wagon action, without moving, for 3 Gold from the Mine Cart.' },
  HOMESTEADER: {
    name: 'Homesteader',
    ability: 'Spend 1 Tent to build a Town Building from your hand at its Saw cost.',
  },
  RENEGADE: { name: 'Renegade', ability: 'Each Dude you add to your Graveyard draws you 3 cards.' },
  RANGE_RIDER: {
    name: 'Range Rider',
    ability: 'Each vacant Horseshoe your Wagon moves over or stops on draws you 1 card.',
  },
  MAVERICK: { name: 'Maverick', ability: 'Discard 1 card for 1 Buck or 1 Dude.' },
  VIGILANTE: { name: 'Vigilante', ability: 'Discard 1 used Barrel to place Gunmen by the usual rules.' },
};

export const isPioneerId = (x: unknown): x is PioneerId =>
  typeof x === 'string' && (PIONEER_IDS as readonly string[]).includes(x);
