/**
 * How Great Western Trail events stored in older event schemas read now (src/games/upcast.ts).
 *
 * Schema 1 -> 2: the end of the game was FLOW's `over` flag; it is now the GAME_ENDED event.
 * A schema-1 FLOW reads as the FLOW without the flag and, when the flag was set, GAME_ENDED
 * (with a null result: the result of such a game is the state's, as it always was).
 *
 * Schema 2 -> 3: FLOW is no longer written; `evolve` derives the agenda from facts (agenda.ts).
 * An old FLOW (a snapshot of the control state after a decision) reads as AGENDA_RESTORED, which
 * sets the same fields; the facts of those histories never carried the agenda, so nothing else
 * changes and they replay to the same states.
 */
import type { GameEvent, Upcasters } from '../engine';

export const GWT_EVENT_SCHEMA = 3;

export const GWT_UPCASTERS: Upcasters = {
  1: {
    FLOW: (event: GameEvent): GameEvent[] => {
      const { over, ...flow } = event as GameEvent & { over?: boolean };
      return over === true ? [flow, { type: 'GAME_ENDED', result: null } as GameEvent] : [flow];
    },
  },
  2: {
    FLOW: (event: GameEvent): GameEvent[] => {
      const { turn, endTriggeredBy, finalTurns, turnNumber } = event as GameEvent & Record<string, unknown>;
      return [{ type: 'AGENDA_RESTORED', turn, endTriggeredBy, finalTurns, turnNumber } as GameEvent];
    },
  },
};
