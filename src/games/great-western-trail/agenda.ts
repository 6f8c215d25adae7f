/**
 * The agenda: the turn's control state (whose turn, its stage, the visit's used actions, the
 * decisions owed, the final round) as `evolve` derives it from the facts of the game. No event
 * holds the engine's to-do list (event schema 3; before it every decision ended with a `FLOW`
 * snapshot of it, which old histories still hold and upcasters.ts reads as AGENDA_RESTORED).
 *
 * What follows from the rules is derived here from the fact alone: a turn starting (the stage, the
 * first turn's discard-down to 4, the turn count, the final round's bookkeeping), phase B starting
 * at a location (Kansas City's first sub-phase), a local action used (the building used this turn),
 * the last player's turn of the final round ending the game. What only the engine's sequencing knows (the
 * decisions an action opens, answered ones closed) is AGENDA_UPDATED: only what changed, the decisions as
 * a difference (`settled` taken off the top, `owed` put on it).
 *
 * `Ctx.closeAgenda` (ctx.ts) picks the events after a command: it applies the derivations below to
 * the state the command started from and records whatever they do not already explain, so replay
 * equals live play by construction.
 */
import type { Seat } from '../engine';
import { FIRST_TURN_HAND_SIZE } from './data/player-board';
import type { Decision, GwtState, Stage, TurnState } from './state';

/** Fields of the turn an AGENDA_UPDATED may carry (each only when it changed). */
export interface AgendaUpdate {
  seat?: Seat;
  stage?: Stage;
  location?: string | null;
  usedActions?: number[];
  usedAuxiliaryInstead?: boolean;
  usedBuildings?: string[];
  /** Decisions taken off the top of the stack (answered, declined or replaced), before `owed`. */
  settled?: number;
  /** Decisions put on the stack, bottom first. */
  owed?: Decision[];
  endTriggeredBy?: Seat | null;
  finalTurns?: Seat[];
  turnNumber?: number;
}

export function freshTurn(seat: Seat, stage: Stage): TurnState {
  return {
    seat,
    stage,
    location: null,
    usedActions: [],
    usedAuxiliaryInstead: false,
    usedBuildings: [],
    stack: [],
  };
}

/** The building tile at a location, as an id unique on the board (for 6b's "once per turn", D9). */
export function buildingKey(state: GwtState, location: string): string | null {
  const o = state.trail[location];
  if (o?.kind === 'NEUTRAL') return `N:${o.building}`;
  if (o?.kind === 'PLAYER') return `P:${o.owner}:${o.building}`;
  return null;
}

/** The tile indexes of foresight `column` that may be chosen (no workers once the token has left). */
export function foresightOptions(state: GwtState, column: number): number[] {
  const tiles = state.foresight[column] ?? [];
  return tiles
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t !== null && !(t.kind === 'worker' && state.jobMarketTokenRow === null))
    .map(({ i }) => i);
}

/** Kansas City's next sub-phase from foresight `column` on (columns without a choice are skipped). */
export function kansasCityStep(state: GwtState, column: number): Decision {
  for (let c = column; c < 3; c++)
    if (foresightOptions(state, c).length > 0) return { kind: 'FORESIGHT', column: c };
  return { kind: 'INCOME' };
}

/** The seat that ended its turn: with the final round on, it took one of the final turns. */
function finalTurnTaken(s: GwtState): void {
  if (s.endTriggeredBy !== null && s.turn.seat !== s.endTriggeredBy) s.finalTurns = s.finalTurns.slice(1);
}

/** FINAL_ROUND_STARTED: the job-market token left in `seat`'s visit; every other seat has one last turn. */
export function finalRoundStarted(s: GwtState, seat: Seat): void {
  if (s.endTriggeredBy !== null) return;
  s.endTriggeredBy = seat;
  s.finalTurns = Array.from({ length: s.seatCount - 1 }, (_, i) => (seat + 1 + i) % s.seatCount);
}

/** TURN_STARTED: the previous turn is over (a final turn taken, if so) and `seat`'s begins. */
export function turnStarted(s: GwtState, seat: Seat, turn: number): void {
  finalTurnTaken(s);
  s.turnNumber = turn;
  const p = s.players[seat];
  s.turn = freshTurn(seat, p.herder === null ? 'FIRST_PLACE' : 'MOVE');
  if (p.herder === null && p.hand.length > FIRST_TURN_HAND_SIZE)
    s.turn.stack = [{ kind: 'DISCARD_DOWN', count: p.hand.length - FIRST_TURN_HAND_SIZE }];
}

/**
 * PHASE_B_STARTED: phase B at `location` (also after a move forward in phase B: the visit starts
 * anew). In Kansas City its first sub-phase is asked, marked `arrival` (objective cards may still
 * be played before it is answered, D4).
 */
export function phaseBStarted(s: GwtState, location: string): void {
  const t = { ...s.turn, location, usedActions: [], usedAuxiliaryInstead: false };
  if (location === 'KANSAS_CITY') {
    t.stage = 'KANSAS_CITY';
    t.stack = [...t.stack, { ...kansasCityStep(s, 0), arrival: true }];
  } else {
    t.stage = 'LOCATION';
  }
  s.turn = t;
}

/** LOCAL_ACTION_USED: action `index` of the visit's location; its building counts as used this turn. */
export function localActionUsed(s: GwtState, index: number): void {
  const key = s.turn.location === null ? null : buildingKey(s, s.turn.location);
  const usedBuildings =
    key !== null && !s.turn.usedBuildings.includes(key)
      ? [...s.turn.usedBuildings, key]
      : s.turn.usedBuildings;
  s.turn = { ...s.turn, usedActions: [...s.turn.usedActions, index], usedBuildings };
}

/** FINAL_OBJECTIVES_ASKED: after the final round (a final turn taken, if so), `seat`'s choice (D20). */
export function finalObjectivesAsked(s: GwtState, seat: Seat): void {
  finalTurnTaken(s);
  s.turn = { ...freshTurn(seat, 'FINAL_OBJECTIVES'), stack: [{ kind: 'FINAL_OBJECTIVES' }] };
}

/** GAME_ENDED: the last final turn (or end-of-game choice) is over. */
export function gameEnded(s: GwtState): void {
  finalTurnTaken(s);
  s.over = true;
  s.turn = freshTurn(s.turn.seat, 'MOVE');
}

/** AGENDA_UPDATED: what the sequencing changed. */
export function agendaUpdated(s: GwtState, u: AgendaUpdate): void {
  const t = { ...s.turn };
  if (u.seat !== undefined) t.seat = u.seat;
  if (u.stage !== undefined) t.stage = u.stage;
  if (u.location !== undefined) t.location = u.location;
  if (u.usedActions !== undefined) t.usedActions = u.usedActions;
  if (u.usedAuxiliaryInstead !== undefined) t.usedAuxiliaryInstead = u.usedAuxiliaryInstead;
  if (u.usedBuildings !== undefined) t.usedBuildings = u.usedBuildings;
  const { settled, owed, endTriggeredBy, finalTurns, turnNumber } = u;
  if (settled !== undefined || owed !== undefined)
    t.stack = [...t.stack.slice(0, t.stack.length - (settled ?? 0)), ...(owed ?? [])];
  s.turn = t;
  if (endTriggeredBy !== undefined) s.endTriggeredBy = endTriggeredBy;
  if (finalTurns !== undefined) s.finalTurns = finalTurns;
  if (turnNumber !== undefined) s.turnNumber = turnNumber;
}
