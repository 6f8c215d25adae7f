/**
 * How commands plug into the turn: the kit's command handler protocol (kit/protocol.ts). Every
 * command type has one handler: which decision it answers (the top of `turn.stack`) or in which
 * stage it may be sent when nothing is owed, how it is parsed, decided (checked and emitted in one
 * step: no `check`) and enumerated. Modules (flow, actions, railroad, kansas-city, objectives)
 * each export their handlers; index.ts composes them.
 */
import type { RuleViolation } from '../engine';
import { answersPrompt, type CommandHandler as KitCommandHandler } from '../kit/protocol';
import type { Ctx } from './ctx';
import type { GwtState, Stage } from './state';

export interface GwtCommand {
  type: string;
  [field: string]: unknown;
}

type KitHandler<C extends GwtCommand> = KitCommandHandler<GwtState, Ctx, C>;

/**
 * `answers`: decision kinds (top of the stack) this command answers; `decide` validates against
 * the state and emits the events (it must not emit before it knows it succeeds); `legal`: every
 * accepted command now (the handler is known to be allowed).
 */
export interface CommandHandler<C extends GwtCommand = GwtCommand> extends KitHandler<C> {
  /** Stages in which it may be sent while no decision is owed. */
  stages?: readonly Stage[];
  /** Also allowed on top of any decision of the current player (exchange tokens). */
  anytime?: boolean;
  /** Shape check of the JSON (type already matched). */
  parse(raw: Record<string, unknown>): C | RuleViolation;
}

/** Whether `handler` may be sent by the current player in `state` (ignoring its own checks). */
export function handlerAllowed(handler: CommandHandler, state: GwtState): boolean {
  const top = state.turn.stack[state.turn.stack.length - 1];
  if (handler.anytime) return true;
  if (top) return answersPrompt(handler, top.kind);
  return handler.stages?.includes(state.turn.stage) ?? false;
}

// Small parse helpers shared by the modules.
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
export const isStrList = (v: unknown, max = 20): v is string[] =>
  Array.isArray(v) && v.length <= max && v.every(isStr);
