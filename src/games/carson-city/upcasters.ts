/**
 * How Carson City events stored in older event schemas read now (src/games/upcast.ts).
 *
 * Schema 1 -> 2: GAME_ENDED gained the game's `result`; a schema-1 GAME_ENDED reads with a null
 * result (the result of such a game is the state's, as it always was). Schema 1 ended every
 * decision with a FLOW event; schema 2 derives the flow from the facts (agenda.ts) and appends a
 * FLOW only where that derivation does not reach. A FLOW sets the flow outright in both schemas,
 * so schema-1 FLOWs read unchanged.
 */
import type { GameEvent, Upcasters } from '../engine';

export const CARSON_EVENT_SCHEMA = 2;

export const CARSON_UPCASTERS: Upcasters = {
  1: {
    GAME_ENDED: (event: GameEvent): GameEvent[] => [{ ...event, result: null } as GameEvent],
  },
};
