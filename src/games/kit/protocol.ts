/**
 * The command handler protocol: a game routes each command type to one handler, which says what
 * the command answers (the prompt kinds it may be sent on), how it parses, checks, applies and
 * lists its legal forms. A game's decide finds the handler, refuses a command that answers
 * nothing asked now, runs `check` (if any) and then `decide` on a working context (./context.ts),
 * and runs the game forward; its legalCommands gathers `legalForms` of the handlers allowed now.
 *
 * Great Western Trail (great-western-trail/protocol.ts) adds the stages a command may be sent in
 * when no decision is owed and lets `decide` check and emit in one step; Coloma
 * (coloma/protocol.ts) checks first (`check` never emits), then applies, and lists candidates
 * that `check` filters. Both are this one type.
 */
import type { GameCommand, RuleViolation, Seat } from '../engine';

export interface CommandHandler<
  State,
  Context,
  C extends GameCommand = GameCommand,
  Answer extends string = string,
> {
  readonly type: C['type'];
  /** The prompt kinds (the decision asked now) this command answers. */
  readonly answers?: readonly Answer[];
  /**
   * Shape check of the JSON, whose type already matched (absent: the game parses all its commands
   * in one table, as Coloma's commands.ts does).
   */
  parse?(raw: Record<string, unknown>): C | RuleViolation;
  /** The rule check against the state, emitting nothing: null = accepted (absent: `decide` checks). */
  check?(state: State, seat: Seat, command: C): RuleViolation | null;
  /**
   * Apply: emit the command's events into the working context. It may refuse what `check` left to
   * it, but only before it emits anything.
   */
  decide(ctx: Context, seat: Seat, command: C): RuleViolation | void;
  /** The command's forms now; with a `check`, candidates it filters (`legalForms`). */
  legal(state: State, seat: Seat): C[];
}

/** Whether `handler` answers a prompt of `kind`. */
export function answersPrompt<A extends string>(
  handler: { readonly answers?: readonly A[] },
  kind: A,
): boolean {
  return handler.answers?.includes(kind) ?? false;
}

/** The listed forms `check` accepts: what decide accepts (all listed ones, for a handler with no check). */
export function legalForms<S, X, C extends GameCommand, A extends string>(
  handler: CommandHandler<S, X, C, A>,
  state: S,
  seat: Seat,
): C[] {
  const listed = handler.legal(state, seat);
  const check = handler.check;
  return check ? listed.filter((c) => check.call(handler, state, seat, c) === null) : listed;
}
