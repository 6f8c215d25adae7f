/**
 * Carson City's commands, each in one place (#12 item 4): the kit's command handler protocol
 * (../kit/protocol.ts). One handler per command type (RELOCATE_COWBOY and WITHDRAW_COWBOY, one
 * shape, share one) says which prompts it answers, its wire fields and how it parses, how it is
 * checked, what it emits and how it lists its legal forms. The core's handlers live with their
 * rulebook phase (`phases/<phase>/commands.ts`), a module's in its folder
 * (`modules/<name>/commands.ts`); `command-table.ts` (entry side, like `modules/registry.ts`) puts
 * them in one list, and the engine's entry installs it here once (`installCommands`).
 *
 * The one rule of the dispatch, in steps:
 * 1. `parseCommand` (commands.ts): a JSON object whose `type` has a handler, with only the
 *    handler's `keys`, then the handler's `parse` (absent: the command is just its type).
 * 2. `validate` (validate.ts): the game is not over, the seat has a prompt (`promptOf`), the
 *    handler `answers` its kind (else WRONG_PROMPT), then the handler's `check`.
 * 3. `decide` (decide.ts): the prompt answered is `ctx.answered`; the open prompt is closed
 *    (except for a road, which may be sent at any prompt of the seat and leaves it open); the
 *    handler's `decide` emits; the agenda runs on to the next prompt.
 * 4. `legalCommands` (legal.ts): the `legal` forms of the handlers answering the seat's prompt, in
 *    the table's order (`BY_PROMPT`), then the roads when anything else is listed. `candidates`
 *    (default `legal`) is what the reference, `legalByValidation`, filters through `validate`.
 *
 * This file holds types and the installed table only (no runtime import): the core reads the
 * table, and a core file used without the entry fails at once: parseCommand refuses every command
 * as unknown, validate and legalCommands throw `notInstalled()`.
 */
import type { RuleViolation, Seat } from '../engine';
import type { CommandHandler } from '../kit/protocol';
import type { CarsonCommand, CarsonCommandType } from './commands';
import type { Ctx } from './ctx';
import type { CarsonState, PromptState } from './state';

export type PromptKind = PromptState['kind'];

/** The command of a type. */
export type CommandOf<T extends CarsonCommandType> = Extract<CarsonCommand, { type: T }>;

/** The prompt of a kind. */
export type PromptOf<K extends PromptKind> = Extract<PromptState, { kind: K }>;

/** Every prompt kind (a road answers them all). */
export const PROMPT_KINDS: readonly PromptKind[] = Object.keys({
  CHOOSE_STARTING_PARCEL: 1,
  FILL_SHEET: 1,
  PICK_CHARACTER: 1,
  GREAT_SERVICE: 1,
  PLACE_COWBOY: 1,
  KIT_PLACEMENT: 1,
  STABLE_TWO: 1,
  STABLE_HORSE: 1,
  BUY_HORSE: 1,
  CHOOSE_DUEL_ORDER: 1,
  BUY_PARCEL: 1,
  BUY_BUILDING: 1,
  BUY_VP: 1,
  PLACE_BUILDING: 1,
  PLACE_HOUSE: 1,
  CONSENT: 1,
  SPEND_CASH: 1,
  PLACE_TOWN_HALL: 1,
  CHOOSE_OPTION: 1,
  CHOOSE_PARCEL: 1,
  TAKE_BUILDING: 1,
  BID: 1,
  MOVE_COWBOY: 1,
  CHOOSE_DUEL_DIE: 1,
  CHOOSE_DUEL_TILE: 1,
} satisfies Record<PromptKind, 1>) as PromptKind[];

/**
 * A Carson City command handler: the kit's protocol with the prompt kinds as `answers`.
 * - `check(s, seat, command)`: the rule checks once validate found the seat's prompt among
 *   `answers` (it reads the prompt with `promptOf`); null = accepted. It returns the very codes
 *   and messages of the rules (validate.ts `Codes`).
 * - `decide(ctx, seat, command)`: emits the command's events; `ctx.answered` is the prompt it
 *   answers (already closed in the state, a road's aside). It never refuses: validate ran first.
 * - `legal(s, seat)`: the forms validate accepts now at the seat's prompt, in listing order (valid
 *   by construction where the handler can build them so; else its `candidates` filtered by its
 *   own check). A new array each call: legalCommands appends the next handlers' forms to it.
 */
export interface CarsonHandler<C extends CarsonCommand = CarsonCommand> extends CommandHandler<
  CarsonState,
  Ctx,
  C,
  PromptKind
> {
  readonly answers: readonly PromptKind[];
  /** The command types it handles: `type`, and for a shared shape the others. */
  readonly types: readonly C['type'][];
  /** The wire fields besides `type` (an unknown one is INVALID_COMMAND). */
  readonly keys: readonly string[];
  check(s: CarsonState, seat: Seat, command: C): RuleViolation | null;
  decide(ctx: Ctx, seat: Seat, command: C): void;
  legal(s: CarsonState, seat: Seat): C[];
  /**
   * Listed only beside other answers (a road: sent at any prompt of the seat, never the only
   * thing a seat may do).
   */
  readonly alongside?: boolean;
  /** Every form worth asking validate about (a superset of `legal`); absent: `legal`. */
  candidates?(s: CarsonState, seat: Seat): C[];
}

/**
 * The tables below have no prototype: a command type or prompt kind that is not one (`toString`,
 * `constructor`, `__proto__` from a caller that skipped parseCommand) finds nothing rather than an
 * Object.prototype member.
 */
const noPrototype = <T>(): T => Object.create(null) as T;

/** The handler of each command type (installed by the engine's entry). */
export const HANDLERS = noPrototype<Partial<Record<CarsonCommandType, CarsonHandler>>>();

/** Per prompt kind, the handlers answering it, in the table's (listing) order. */
export const BY_PROMPT = noPrototype<Partial<Record<PromptKind, readonly CarsonHandler[]>>>();

/**
 * Per prompt kind, the handler of each command type answering it (validate's one lookup for
 * "has a handler and answers this prompt").
 */
export const ANSWERING =
  noPrototype<Partial<Record<PromptKind, Partial<Record<CarsonCommandType, CarsonHandler>>>>>();

let installed: readonly CarsonHandler[] | null = null;

/** What validate and legalCommands throw when no table is installed (a core file used without the entry). */
export function notInstalled(): Error {
  return new Error(
    "Carson City: the command table is not installed (the engine's entry, index.ts, installs it)",
  );
}

/**
 * Install the command table (the engine's entry, once; the same table again is a no-op). Its
 * order is the listing order of legalCommands at every prompt. A table that names a type twice is
 * refused before anything is installed.
 */
export function installCommands(list: readonly CarsonHandler[]): void {
  if (installed === list) return;
  if (installed !== null) throw new Error('Carson City: another command table is already installed');
  const handlers = noPrototype<Partial<Record<CarsonCommandType, CarsonHandler>>>();
  for (const h of list)
    for (const t of h.types) {
      if (handlers[t]) throw new Error(`Carson City: two handlers for ${t}`);
      handlers[t] = h;
    }
  Object.assign(HANDLERS, handlers);
  for (const kind of PROMPT_KINDS) {
    BY_PROMPT[kind] = list.filter((h) => h.answers.includes(kind));
    const answering = noPrototype<Partial<Record<CarsonCommandType, CarsonHandler>>>();
    for (const h of BY_PROMPT[kind]) for (const t of h.types) answering[t] = h;
    ANSWERING[kind] = answering;
  }
  installed = list;
}
