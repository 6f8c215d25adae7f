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
 *
 * Schema 3 -> 4: AGENDA_UPDATED (what schema 3's facts did not explain) is no longer written; the
 * facts now open and settle the decisions themselves (a foresight tile taken asks the next
 * sub-phase, cards discarded answer the discard asked, an engine move leaves its follow-ups owed,
 * a local action used opens what it asks...). Histories of schemas 1-3 record their agenda
 * (FLOW, AGENDA_UPDATED), so their facts of those types read with `recorded`: they change no
 * decision, exactly as when they were stored.
 */
import type { GameEvent, Upcaster, Upcasters } from '../engine';

export const GWT_EVENT_SCHEMA = 4;

const recorded: Upcaster = (event) => [{ ...event, recorded: true } as GameEvent];

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
  3: {
    MONEY: (event) => ((event as { reason?: string }).reason === 'INCOME' ? recorded(event) : [event]),
    CARDS_DISCARDED: recorded,
    EXCHANGE_TOKENS: recorded,
    FORESIGHT_TAKEN: recorded,
    TRAIN_MOVED: recorded,
    LOCAL_ACTION_USED: recorded,
    CARDS_REMOVED: recorded,
    CARD_GAINED: recorded,
    HERDER_MOVED: recorded,
    WORKER_HIRED: recorded,
    DISC_PLACED: recorded,
    DELIVERED: recorded,
    OBJECTIVE_PLAYED: recorded,
    TRAIL_TILE_TAKEN: recorded,
    BUILDING_PLACED: recorded,
    STATION_MASTER_TAKEN: recorded,
    SIMMENTAL_UPGRADED: recorded,
  },
};
