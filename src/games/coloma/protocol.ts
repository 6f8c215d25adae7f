/**
 * How commands plug in: one handler per command type says which prompt it answers, how it parses,
 * checks (without emitting), applies and lists its legal forms.
 */
import type { RuleViolation, Seat } from '../engine';
import type { ColomaCommand, CommandType } from './commands';
import type { Ctx } from './ctx';
import type { ColomaState } from './state';

export type PromptKind = 'OPENING_DISCARD' | 'EVENT_5' | 'DIAL' | 'TURN';

export interface Handler<C extends ColomaCommand = ColomaCommand> {
  type: C['type'];
  answers: PromptKind;
  /** Rule check against the state; null = accepted. Never emits. */
  check(s: ColomaState, seat: Seat, c: C): RuleViolation | null;
  /** Emit the command's events (only after `check` accepted it). */
  apply(ctx: Ctx, seat: Seat, c: C): void;
  /** Candidate forms; `legalCommands` keeps those `check` accepts. */
  candidates(s: ColomaState, seat: Seat): C[];
}

export type HandlerMap = { [K in CommandType]: Handler<Extract<ColomaCommand, { type: K }>> };
