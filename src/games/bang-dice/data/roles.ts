/** Roles and the deal per player count (spec §1.1 and §4.4). */
export const ROLES = ['SHERIFF', 'DEPUTY', 'OUTLAW', 'RENEGADE'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLES_BY_PLAYER_COUNT: Readonly<Record<number, readonly Role[]>> = {
  3: ['DEPUTY', 'OUTLAW', 'RENEGADE'],
  4: ['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW'],
  5: ['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'DEPUTY'],
  6: ['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'DEPUTY'],
  7: ['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'DEPUTY', 'DEPUTY'],
  8: ['SHERIFF', 'RENEGADE', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'DEPUTY', 'DEPUTY'],
};

/** 3-player cycle of targets: each role must personally eliminate the next one (spec §4.4). */
export const THREE_PLAYER_TARGET: Readonly<Record<Role, Role | null>> = {
  DEPUTY: 'RENEGADE',
  RENEGADE: 'OUTLAW',
  OUTLAW: 'DEPUTY',
  SHERIFF: null,
};

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 8;
