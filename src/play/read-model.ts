/**
 * The read-model columns of `games` that follow from a game's state, as the command path writes
 * them on every commit (PlayService.commit) and the replay check (replay-check.ts) expects them:
 * one derivation, so a change to it cannot make every stored game look wrong, or hide one that is.
 */
import type { AnyGameEngine } from '../games/engine';

export interface DerivedReadModel {
  status: 'ACTIVE' | 'FINISHED';
  activeSeats: number[];
  result: unknown;
}

/** The seats that must decide something now, ascending, each once. */
export function pendingSeats(engine: AnyGameEngine, state: unknown): number[] {
  return [...new Set(engine.pending(state).map((p) => p.seat))].sort((a, b) => a - b);
}

/** What a commit writes to `games` for `state` (an unfinished game's status stays as it was: ACTIVE). */
export function readModelOf(engine: AnyGameEngine, state: unknown): DerivedReadModel {
  const result = engine.result(state) ?? null;
  return {
    status: result ? 'FINISHED' : 'ACTIVE',
    activeSeats: result ? [] : pendingSeats(engine, state),
    result,
  };
}
