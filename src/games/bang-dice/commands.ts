/**
 * Commands as they arrive from clients. `parseCommand` only checks shape; rule checks are in
 * decide. It also puts commands in canonical form (dice and seats sorted, `swap: false` dropped),
 * so that `legalCommands` can list each distinct decision exactly once.
 */
import { CommonViolations, violation, type RuleViolation } from '../engine';
import { isCharacterId, type CharacterId } from './data/characters';

export interface DieAssignment {
  /** Die index 0-4. */
  die: number;
  target: number;
  /** Calamity Janet only: use this ONE as a TWO or this TWO as a ONE. */
  swap?: true;
}

export interface SlabDouble {
  beerDie: number;
  shotDie: number;
}

export type BangCommand =
  | { type: 'CHOOSE_CHARACTER'; character: CharacterId }
  | { type: 'SID_KETCHUM_HEAL'; target: number }
  | { type: 'ROLL_DICE' }
  | { type: 'REROLL_DICE'; dice: number[] }
  | { type: 'KEEP_DICE' }
  /**
   * Answers RESOLVE_SHOTS (every ONE/TWO die, plus Slab's optional double) and RESOLVE_BEERS
   * (every remaining BEER die). Two prompts because a beer target can only be known after the
   * shots are applied (spec TC-06, TC-28).
   */
  | { type: 'RESOLVE_DICE'; assignments: DieAssignment[]; slabDouble?: SlabDouble }
  | { type: 'BART_CASSIDY_TAKE_ARROWS'; count: number }
  | { type: 'PEDRO_RAMIREZ_DISCARD'; count: number }
  /** One seat per arrow returned to the pile (a seat may repeat). */
  | { type: 'KIT_CARLSON_DISCARD'; from: number[] };

export type BangCommandType = BangCommand['type'];

const FIELDS: Record<BangCommandType, string[]> = {
  CHOOSE_CHARACTER: ['character'],
  SID_KETCHUM_HEAL: ['target'],
  ROLL_DICE: [],
  REROLL_DICE: ['dice'],
  KEEP_DICE: [],
  RESOLVE_DICE: ['assignments', 'slabDouble'],
  BART_CASSIDY_TAKE_ARROWS: ['count'],
  PEDRO_RAMIREZ_DISCARD: ['count'],
  KIT_CARLSON_DISCARD: ['from'],
};

/** Every command type (for API completeness checks: each has a typed mutation and route). */
export const BANG_COMMAND_TYPES = Object.keys(FIELDS) as BangCommandType[];

function bad(message: string): RuleViolation {
  return violation(CommonViolations.INVALID_COMMAND, message);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function intList(v: unknown): number[] | null {
  return Array.isArray(v) && v.every(isInt) ? [...v].sort((a, b) => a - b) : null;
}

function parseAssignment(v: unknown): DieAssignment | null {
  if (!isRecord(v)) return null;
  if (Object.keys(v).some((k) => !['die', 'target', 'swap'].includes(k))) return null;
  if (!isInt(v.die) || !isInt(v.target)) return null;
  if (v.swap !== undefined && typeof v.swap !== 'boolean') return null;
  return v.swap === true ? { die: v.die, target: v.target, swap: true } : { die: v.die, target: v.target };
}

export function parseCommand(raw: unknown): BangCommand | RuleViolation {
  if (!isRecord(raw) || typeof raw.type !== 'string') return bad('a command is an object with a type');
  const type = raw.type as BangCommandType;
  const allowed = FIELDS[type];
  if (!Object.prototype.hasOwnProperty.call(FIELDS, type)) return bad(`unknown command type ${raw.type}`);
  const extra = Object.keys(raw).filter((k) => k !== 'type' && !allowed.includes(k));
  if (extra.length > 0) return bad(`unknown field(s) for ${type}: ${extra.join(', ')}`);

  switch (type) {
    case 'CHOOSE_CHARACTER':
      return isCharacterId(raw.character)
        ? { type, character: raw.character }
        : bad('character must be a character id');
    case 'SID_KETCHUM_HEAL':
      return isInt(raw.target) ? { type, target: raw.target } : bad('target must be a seat number');
    case 'ROLL_DICE':
    case 'KEEP_DICE':
      return { type };
    case 'REROLL_DICE': {
      const dice = intList(raw.dice);
      return dice ? { type, dice } : bad('dice must be a list of die indices');
    }
    case 'RESOLVE_DICE': {
      if (!Array.isArray(raw.assignments)) return bad('assignments must be a list');
      const assignments: DieAssignment[] = [];
      for (const item of raw.assignments) {
        const a = parseAssignment(item);
        if (!a) return bad('each assignment is { die, target, swap? }');
        assignments.push(a);
      }
      assignments.sort((a, b) => a.die - b.die);
      if (raw.slabDouble === undefined || raw.slabDouble === null) return { type, assignments };
      const d = raw.slabDouble;
      if (
        !isRecord(d) ||
        Object.keys(d).some((k) => k !== 'beerDie' && k !== 'shotDie') ||
        !isInt(d.beerDie) ||
        !isInt(d.shotDie)
      ) {
        return bad('slabDouble is { beerDie, shotDie }');
      }
      return { type, assignments, slabDouble: { beerDie: d.beerDie, shotDie: d.shotDie } };
    }
    case 'BART_CASSIDY_TAKE_ARROWS':
    case 'PEDRO_RAMIREZ_DISCARD':
      return isInt(raw.count) ? { type, count: raw.count } : bad('count must be an integer');
    case 'KIT_CARLSON_DISCARD': {
      const from = intList(raw.from);
      return from ? { type, from } : bad('from must be a list of seats');
    }
  }
}
