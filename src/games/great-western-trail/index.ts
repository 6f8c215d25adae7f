/** Great Western Trail (2nd edition) as a pure GameEngine: the modules composed. */
import {
  CommonViolations,
  isViolation,
  typeForMessage,
  violation,
  type GameEngine,
  type Prompt,
  type RuleViolation,
  type Seat,
} from '../engine';
import type { Rng } from '../random';
import { ACTION_HANDLERS } from './actions/index';
import { Ctx } from './ctx';
import { installRules } from './install';
import type { GwtEvent } from './events';
import { evolve } from './evolve';
import { advance, FLOW_HANDLERS } from './flow';
import { bestFinalObjectivesCommand, chooseFinalObjectives, FINAL_OBJECTIVES } from './final-objectives';
import { KANSAS_CITY_HANDLERS } from './kansas-city';
import { OBJECTIVE_HANDLERS } from './objectives';
import { parseOptions, type GwtOptions } from './options';
import { handlerAllowed, type CommandHandler, type GwtCommand } from './protocol';
import { RAILROAD_HANDLERS } from './railroad';
import { result } from './result';
import { setup } from './setup';
import { GWT_EVENT_SCHEMA, GWT_UPCASTERS } from './upcasters';
import type { GwtState } from './state';
import { currentPrompt, redact, view, type GwtView } from './view';

installRules();

export const GWT_HANDLERS: readonly CommandHandler[] = [
  ...FLOW_HANDLERS,
  ...ACTION_HANDLERS,
  ...RAILROAD_HANDLERS,
  ...KANSAS_CITY_HANDLERS,
  ...OBJECTIVE_HANDLERS,
  chooseFinalObjectives as CommandHandler,
];
const BY_TYPE = new Map(GWT_HANDLERS.map((h) => [h.type, h]));

/** Every command type (the API gives each a typed mutation and REST route). */
export const GWT_COMMAND_TYPES: readonly string[] = GWT_HANDLERS.map((h) => h.type);

export function parseCommand(raw: unknown): GwtCommand | RuleViolation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return violation(CommonViolations.INVALID_COMMAND, 'A command is a JSON object with a type.');
  const type = (raw as { type?: unknown }).type;
  const handler = typeof type === 'string' ? BY_TYPE.get(type) : undefined;
  if (!handler)
    return violation(CommonViolations.INVALID_COMMAND, `Unknown command type ${typeForMessage(type)}.`);
  return handler.parse(raw as Record<string, unknown>);
}

export function decide(
  state: GwtState,
  seat: Seat,
  command: GwtCommand,
  rng: Rng,
): GwtEvent[] | RuleViolation {
  if (state.over) return violation(CommonViolations.GAME_OVER, 'The game is over.');
  if (seat !== state.turn.seat) return violation(CommonViolations.NOT_YOUR_TURN, 'It is not your turn.');
  const handler = BY_TYPE.get(command.type);
  if (!handler) return violation(CommonViolations.INVALID_COMMAND, `Unknown command type ${command.type}.`);
  if (!handlerAllowed(handler, state))
    return violation(
      'NOT_NOW',
      `${command.type} does not answer what is being asked now (${currentPrompt(state)?.kind}).`,
    );
  const ctx = Ctx.over(state, rng);
  const wrong = handler.decide(ctx, seat, command);
  if (isViolation(wrong)) return wrong;
  advance(ctx);
  ctx.closeAgenda();
  // The end of the game is a fact of its own, with the result (endTurn decided it).
  if (ctx.state.over) ctx.emit({ type: 'GAME_ENDED', result: result(ctx.state) });
  return ctx.events;
}

export function pending(state: GwtState): Prompt[] {
  const prompt = currentPrompt(state);
  return prompt ? [prompt] : [];
}

/**
 * The handlers allowed now, in GWT_HANDLERS order, by what `handlerAllowed` reads (the decision on
 * top of the stack, else the stage): a few dozen keys, each filtered once.
 */
const ALLOWED = new Map<string, readonly CommandHandler[]>();

function allowedHandlers(state: GwtState): readonly CommandHandler[] {
  const t = state.turn;
  const top = t.stack[t.stack.length - 1];
  const key = top ? `D:${top.kind}` : `S:${t.stage}`;
  let handlers = ALLOWED.get(key);
  if (!handlers) {
    handlers = GWT_HANDLERS.filter((h) => handlerAllowed(h, state));
    ALLOWED.set(key, handlers);
  }
  return handlers;
}

export function legalCommands(state: GwtState, seat: Seat): GwtCommand[] {
  if (state.over || seat !== state.turn.seat) return [];
  const out: GwtCommand[] = [];
  for (const h of allowedHandlers(state)) for (const c of h.legal(state, seat)) out.push(c);
  return out;
}

/**
 * On a timeout: the best choice of the deck's objective cards at the end (D20); otherwise decline
 * what is optional, end the visit, otherwise the first legal answer.
 */
export function timeoutCommand(state: GwtState, seat: Seat): GwtCommand | null {
  const top = state.turn.stack[state.turn.stack.length - 1];
  if (!state.over && seat === state.turn.seat && top?.kind === FINAL_OBJECTIVES)
    return bestFinalObjectivesCommand(state, seat);
  const legal = legalCommands(state, seat);
  return (
    legal.find((c) => c.type === 'SKIP') ??
    legal.find((c) => c.type === 'END_TURN') ??
    legal.find((c) => c.type !== 'USE_EXCHANGE_TOKEN') ??
    null
  );
}

export const greatWesternTrailEngine: GameEngine<GwtOptions, GwtState, GwtCommand, GwtEvent, GwtView> = {
  type: 'great-western-trail',
  title: 'Great Western Trail (2nd edition)',
  seats: { min: 2, max: 4 },
  stateSchema: 1,
  eventSchema: GWT_EVENT_SCHEMA,
  upcasters: GWT_UPCASTERS,
  parseOptions,
  setup,
  evolve,
  parseCommand,
  decide,
  pending,
  legalCommands,
  timeoutCommand,
  view,
  redact,
  result,
};

export type { GwtState } from './state';
export type { GwtEvent } from './events';
export type { GwtOptions } from './options';
export type { GwtCommand } from './protocol';
