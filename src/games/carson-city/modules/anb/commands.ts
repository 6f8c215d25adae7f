/**
 * A New Beginning's commands (§10.1; #12 item 4, moved from commands.ts, validate.ts, decide.ts
 * and legal.ts): FILL_SHEET (the sealed sheet, at the simultaneous FILL_SHEET prompt) and
 * CHOOSE_DUEL_DIE (the Marksman's kept die).
 */
import { type RuleViolation, type Seat, violation } from '../../../engine';
import { bad, isBool, isInt, type Raw } from '../../commands';
import { Codes, promptOfKind } from '../../codes';
import type { Ctx } from '../../ctx';
import { marksmanDuelStep } from '../../phases/resolution/duels';
import type { CarsonHandler, CommandOf } from '../../protocol';
import type { CarsonState } from '../../state';
import { sheetProblemFor } from './anb';
import { CANONICAL_SHEETS, type SheetCommand } from './sheets';

type DuelDie = CommandOf<'CHOOSE_DUEL_DIE'>;

const SHEET_INTS = ['cowboys', 'revolvers', 'roads', 'parcels', 'vp', 'bid'] as const;
const SHEET_BOOLS = ['influential', 'greatService', 'marksman'] as const;

/** A sheet from JSON, in its canonical form: every field present (as legalCommands lists it). */
function parseSheet(o: Raw): SheetCommand | RuleViolation {
  for (const k of SHEET_INTS) if (o[k] !== undefined && !isInt(o[k])) return bad(`${k} is an integer`);
  for (const k of SHEET_BOOLS) if (!isBool(o[k])) return bad(`${k} is a boolean`);
  const int = (k: (typeof SHEET_INTS)[number]) => (o[k] as number | undefined) ?? 0;
  return {
    type: 'FILL_SHEET',
    cowboys: int('cowboys'),
    revolvers: int('revolvers'),
    roads: int('roads'),
    parcels: int('parcels'),
    vp: int('vp'),
    influential: o.influential === true,
    greatService: o.greatService === true,
    marksman: o.marksman === true,
    bid: int('bid'),
  };
}

/** Within the seat's budget ($50, + 15 − tile total with Might is Right) and, in solo, no bid. */
function sheetViolation(s: CarsonState, seat: Seat, cmd: SheetCommand): RuleViolation | null {
  const problem = sheetProblemFor(s, seat, cmd);
  return problem ? violation(Codes[problem.code], problem.message) : null;
}

/** FILL_SHEET (§10.1): hand in the sheet, sealed until the reveal. */
export const FILL_SHEET: CarsonHandler<SheetCommand> = {
  type: 'FILL_SHEET',
  types: ['FILL_SHEET'],
  answers: ['FILL_SHEET'],
  keys: ['cowboys', 'revolvers', 'roads', 'parcels', 'vp', 'influential', 'greatService', 'marksman', 'bid'],
  parse: parseSheet,
  check: sheetViolation,
  decide(ctx: Ctx, seat: Seat, cmd: SheetCommand): void {
    const prompt = ctx.answered!;
    // Sealed (§10.1): only the sender sees this event's sheet until the reveal (view.redact).
    const { type: _type, ...sheet } = cmd;
    ctx.emit({ type: 'SHEET_SEALED', seat, sheet });
    const waiting = prompt.kind === 'FILL_SHEET' ? prompt.waiting.filter((x) => x !== seat) : [];
    if (waiting.length > 0) ctx.prompt({ seat: waiting[0], kind: 'FILL_SHEET', waiting });
  },
  // The canonical sheets within this seat's budget (validate accepts any sheet within it).
  legal: (s, seat) => CANONICAL_SHEETS.filter((c) => sheetProblemFor(s, seat, c) === null),
  candidates: () => CANONICAL_SHEETS.slice(),
};

/** The Marksman's kept dice from JSON: 1 or 2 values 1..6, ascending (as legalCommands lists them). */
function parseDice(o: Raw): DuelDie | RuleViolation {
  const dice = o.dice;
  if (!Array.isArray(dice) || dice.length < 1 || dice.length > 2)
    return bad('dice is a list of 1 or 2 values');
  if (!dice.every((v) => isInt(v) && (v as number) >= 1 && (v as number) <= 6))
    return bad('die values are 1..6');
  return { type: 'CHOOSE_DUEL_DIE', dice: (dice as number[]).slice().sort((a, b) => a - b) };
}

/** One of the prompt's options: one die of each pair rolled (§10.1). */
function duelDieViolation(s: CarsonState, seat: Seat, cmd: DuelDie): RuleViolation | null {
  const prompt = promptOfKind(s, seat, 'CHOOSE_DUEL_DIE')!;
  const key = JSON.stringify(cmd.dice.slice().sort((a, b) => a - b));
  return prompt.options.some((o) => JSON.stringify(o) === key)
    ? null
    : violation(Codes.ILLEGAL_OPTION, 'keep one of the dice you rolled, one of each pair (§10.1)');
}

/** The Marksman's choices at his prompt. */
function duelDieCandidates(s: CarsonState, seat: Seat): DuelDie[] {
  const prompt = promptOfKind(s, seat, 'CHOOSE_DUEL_DIE');
  if (!prompt) return [];
  return prompt.options.map((dice) => ({ type: 'CHOOSE_DUEL_DIE', dice: dice.slice() }));
}

/** CHOOSE_DUEL_DIE (§10.1): the Marksman's kept die, then the next choice or the settlement. */
export const CHOOSE_DUEL_DIE: CarsonHandler<DuelDie> = {
  type: 'CHOOSE_DUEL_DIE',
  types: ['CHOOSE_DUEL_DIE'],
  answers: ['CHOOSE_DUEL_DIE'],
  keys: ['dice'],
  parse: parseDice,
  check: duelDieViolation,
  decide(ctx: Ctx, seat: Seat, cmd: DuelDie): void {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'CHOOSE_DUEL_DIE') return;
    const duel = prompt.duel;
    const dice = cmd.dice.slice().sort((a, b) => a - b);
    ctx.emit({ type: 'DUEL_DIE_KEPT', seat, loc: duel.loc, dice });
    const i = duel.seats.indexOf(seat);
    marksmanDuelStep(ctx, { ...duel, kept: duel.kept.map((k, j) => (j === i ? dice : k)) });
  },
  legal: (s, seat) => duelDieCandidates(s, seat).filter((c) => duelDieViolation(s, seat, c) === null),
  candidates: duelDieCandidates,
};
