/** The 16 base-game characters with their printed life (spec §1.2, PT values). */
export const CHARACTERS = {
  BART_CASSIDY: { name: 'Bart Cassidy', life: 8 },
  BLACK_JACK: { name: 'Black Jack', life: 8 },
  CALAMITY_JANET: { name: 'Calamity Janet', life: 8 },
  EL_GRINGO: { name: 'El Gringo', life: 7 },
  JESSE_JONES: { name: 'Jesse Jones', life: 9 },
  JOURDONNAIS: { name: 'Jourdonnais', life: 7 },
  KIT_CARLSON: { name: 'Kit Carlson', life: 7 },
  LUCKY_DUKE: { name: 'Lucky Duke', life: 8 },
  PAUL_REGRET: { name: 'Paul Regret', life: 9 },
  PEDRO_RAMIREZ: { name: 'Pedro Ramirez', life: 8 },
  ROSE_DOOLAN: { name: 'Rose Doolan', life: 9 },
  SID_KETCHUM: { name: 'Sid Ketchum', life: 8 },
  SLAB_THE_KILLER: { name: 'Slab the Killer', life: 8 },
  SUZY_LAFAYETTE: { name: 'Suzy Lafayette', life: 8 },
  VULTURE_SAM: { name: 'Vulture Sam', life: 9 },
  WILLY_THE_KID: { name: 'Willy the Kid', life: 8 },
} as const satisfies Record<string, { name: string; life: number }>;

export type CharacterId = keyof typeof CHARACTERS;

export const CHARACTER_IDS = Object.keys(CHARACTERS) as CharacterId[];

export function isCharacterId(value: unknown): value is CharacterId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CHARACTERS, value);
}

/** Max life = printed life, +2 for the Sheriff (spec §2.4; no Sheriff with 3 players, §4.4). */
export function startingLife(character: CharacterId, isSheriff: boolean): number {
  return CHARACTERS[character].life + (isSheriff ? 2 : 0);
}
