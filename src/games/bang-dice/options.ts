/** Creation options: defaults filled, anything unknown or inconsistent rejected as INVALID_OPTIONS. */
import { CommonViolations, violation, type RuleViolation } from '../engine';
import { CHARACTER_IDS, isCharacterId, type CharacterId } from './data/characters';
import { isRole, MAX_PLAYERS, MIN_PLAYERS, ROLES_BY_PLAYER_COUNT, type Role } from './data/roles';

export interface BangOptions {
  /** Each player picks one of two dealt characters (a simultaneous, hidden choice). */
  characterChoice: boolean;
  /** Fixed characters by seat (tests, tournaments); null = dealt at random. */
  characters: CharacterId[] | null;
  /** Fixed roles by seat (tests); null = shuffled. Must be the deal for the seat count. */
  roles: Role[] | null;
}

const KNOWN_KEYS = ['characterChoice', 'characters', 'roles'];

/**
 * Options that fix what the deal decides (tests, tournaments, simulations): the server refuses them
 * from clients unless the operator allows test controls, and never publishes them (roles are secret).
 */
export const TEST_OPTIONS = ['roles', 'characters'] as const;

function invalid(message: string): RuleViolation {
  return violation(CommonViolations.INVALID_OPTIONS, message);
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

export function parseOptions(raw: unknown, seatCount: number): BangOptions | RuleViolation {
  if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS) {
    return invalid(`Bang! The Dice Game needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  }
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return invalid('options must be an object');
  const input = raw as Record<string, unknown>;
  const unknown = Object.keys(input).filter((k) => !KNOWN_KEYS.includes(k));
  if (unknown.length > 0) return invalid(`unknown option(s): ${unknown.join(', ')}`);

  const characterChoice = input.characterChoice ?? false;
  if (typeof characterChoice !== 'boolean') return invalid('characterChoice must be a boolean');

  let characters: CharacterId[] | null = null;
  if (input.characters !== undefined && input.characters !== null) {
    const list = input.characters;
    if (!Array.isArray(list) || list.length !== seatCount || !list.every(isCharacterId)) {
      return invalid(`characters must list ${seatCount} of: ${CHARACTER_IDS.join(', ')}`);
    }
    if (new Set(list).size !== list.length) return invalid('characters must be different');
    if (characterChoice) return invalid('characters cannot be fixed when characterChoice is on');
    characters = [...list];
  }

  let roles: Role[] | null = null;
  if (input.roles !== undefined && input.roles !== null) {
    const list = input.roles;
    if (
      !Array.isArray(list) ||
      !list.every(isRole) ||
      !sameMultiset(list, ROLES_BY_PLAYER_COUNT[seatCount])
    ) {
      return invalid(`roles must be a permutation of ${ROLES_BY_PLAYER_COUNT[seatCount].join(', ')}`);
    }
    roles = [...list];
  }

  return { characterChoice, characters, roles };
}
