/**
 * decide, pending, legalCommands and timeoutCommand: a command is routed to its handler, checked,
 * applied, and the game is run forward (flow.advance) to the next prompt. decide never writes into
 * its input: every step folds an event into a new state with `evolve`.
 */
import {
  CommonViolations,
  isViolation,
  violation,
  type Prompt,
  type RuleViolation,
  type Seat,
} from '../engine';
import type { Rng } from '../random';
import { abilityHandler } from './abilities';
import { ACTION_HANDLERS } from './actions';
import type { ColomaCommand } from './commands';
import { newCtx } from './ctx';
import type { ColomaEvent } from './events';
import { advance, FLOW_HANDLERS } from './flow';
import { buildHotel, hotelGuests } from './hotels';
import { PIONEER_HANDLERS } from './pioneers';
import { answersPrompt, legalForms } from '../kit/protocol';
import type { Handler, HandlerMap, PromptKind } from './protocol';
import type { ColomaState } from './state';

export const HANDLERS: HandlerMap = {
  ...FLOW_HANDLERS,
  ...ACTION_HANDLERS,
  ABILITY: abilityHandler,
  BUILD_HOTEL: buildHotel,
  HOTEL_GUESTS: hotelGuests,
  ...PIONEER_HANDLERS,
};

export function promptOf(s: ColomaState, seat: Seat): PromptKind | null {
  switch (s.phase) {
    case 'OPENING':
      return s.players[seat].opening ? 'OPENING_DISCARD' : null;
    case 'EVENT_5':
      return s.eventQueue[0] === seat ? 'EVENT_5' : null;
    case 'DIAL':
      return s.players[seat].dial === null ? 'DIAL' : null;
    case 'TURNS':
      return s.turn?.seat === seat ? 'TURN' : null;
    case 'OVER':
      return null;
  }
}

export function pending(s: ColomaState): Prompt[] {
  return s.players.flatMap((p) => {
    const kind = promptOf(s, p.seat);
    if (!kind) return [];
    return [
      kind === 'TURN' ? { seat: p.seat, kind, detail: { site: s.turn!.site } } : { seat: p.seat, kind },
    ];
  });
}

function handlerFor(c: ColomaCommand): Handler {
  return HANDLERS[c.type] as unknown as Handler;
}

export function decide(
  s: ColomaState,
  seat: Seat,
  command: ColomaCommand,
  rng: Rng,
): ColomaEvent[] | RuleViolation {
  const out = decideWithState(s, seat, command, rng);
  return isViolation(out) ? out : out.events;
}

/**
 * `decide`, also returning the state its events lead to (folded in as they were emitted, so equal
 * to evolving `s` by them): the bots' playouts use it instead of evolving the events again.
 */
export function decideWithState(
  s: ColomaState,
  seat: Seat,
  command: ColomaCommand,
  rng: Rng,
): { events: ColomaEvent[]; state: ColomaState } | RuleViolation {
  if (s.phase === 'OVER') return violation(CommonViolations.GAME_OVER, 'the game has ended');
  const kind = promptOf(s, seat);
  if (!kind) return violation(CommonViolations.NOT_YOUR_TURN, 'you have nothing to decide now');
  const handler = handlerFor(command);
  if (!answersPrompt(handler, kind))
    return violation('WRONG_STEP', `${command.type} does not answer ${kind}`);
  const bad = handler.check(s, seat, command);
  if (bad) return bad;
  const ctx = newCtx(s, rng);
  handler.decide(ctx, seat, command);
  advance(ctx);
  return { events: ctx.events, state: ctx.state };
}

export function legalCommands(s: ColomaState, seat: Seat): ColomaCommand[] {
  const kind = promptOf(s, seat);
  if (!kind) return [];
  return (Object.values(HANDLERS) as unknown as Handler[])
    .filter((h) => answersPrompt(h, kind))
    .flatMap((h) => legalForms(h, s, seat));
}

/** RULES.md D30. */
export function timeoutCommand(s: ColomaState, seat: Seat): ColomaCommand | null {
  switch (promptOf(s, seat)) {
    case 'OPENING_DISCARD': {
      const hand = s.players[seat].hand;
      return { type: 'RETURN_OPENING', cards: hand.slice(-2), to: ['BOTTOM', 'BOTTOM'] };
    }
    case 'EVENT_5':
      return { type: 'SPEND_GOLD', gold: 0 };
    case 'DIAL':
      return { type: 'DIAL', site: 1, mule: s.options.modules.includes('MULE_DUEL') ? 1 : null };
    case 'TURN':
      return { type: 'FINISH_TURN' };
    default:
      return null;
  }
}
