/**
 * How commands plug in: the kit's command handler protocol (kit/protocol.ts). One handler per
 * command type says which prompt it answers, checks the command against the state (without
 * emitting), applies it (`decide`, only after `check` accepted it; it never refuses) and lists its
 * candidate forms, which `legalCommands` filters by `check`. Commands are parsed in one table
 * (commands.ts), not by the handlers.
 */
import type { RuleViolation, Seat } from '../engine';
import type { CommandHandler } from '../kit/protocol';
import type { ColomaCommand, CommandType } from './commands';
import type { Ctx } from './ctx';
import type { ColomaState } from './state';

export type PromptKind = 'OPENING_DISCARD' | 'EVENT_5' | 'DIAL' | 'TURN';

type KitHandler<C extends ColomaCommand> = CommandHandler<ColomaState, Ctx, C, PromptKind>;

export interface Handler<C extends ColomaCommand = ColomaCommand> extends KitHandler<C> {
  answers: readonly PromptKind[];
  /** Rule check against the state; null = accepted. Never emits. */
  check(s: ColomaState, seat: Seat, c: C): RuleViolation | null;
  /** Emit the command's events (only after `check` accepted it). */
  decide(ctx: Ctx, seat: Seat, c: C): void;
}

export type HandlerMap = { [K in CommandType]: Handler<Extract<ColomaCommand, { type: K }>> };
