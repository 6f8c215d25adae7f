/**
 * The read-model columns of `games` that follow from a game's state, as the command path writes
 * them on every commit (PlayService.commit) and the replay check (replay-check.ts) expects them:
 * one derivation, so a change to it cannot make every stored game look wrong, or hide one that is.
 */
import type { AnyGameEngine, GameResult, Json } from '../games/engine';

export interface DerivedReadModel {
  status: 'ACTIVE' | 'FINISHED';
  activeSeats: number[];
  result: unknown;
}

/** The seats that must decide something now, ascending, each once. */
export function pendingSeats(engine: AnyGameEngine, state: unknown): number[] {
  return [...new Set(engine.pending(state).map((p) => p.seat))].sort((a, b) => a - b);
}

/**
 * What a commit writes to `games` for `state` (an unfinished game's status stays as it was: ACTIVE);
 * `forfeited`: the seats that forfeited on time (`game_seats.forfeited`, not an event), whose
 * result the timer planner rewrites when the game ends (resultWithForfeits).
 */
export function readModelOf(
  engine: AnyGameEngine,
  state: unknown,
  forfeited: readonly number[] = [],
  seatCount = 0,
): DerivedReadModel {
  const ended = engine.result(state) ?? null;
  const result = ended && forfeited.length ? resultWithForfeits(ended, forfeited, seatCount) : ended;
  return {
    status: result ? 'FINISHED' : 'ACTIVE',
    activeSeats: result ? [] : pendingSeats(engine, state),
    result,
  };
}

/** Forfeited seats last, out of the winners. */
export function resultWithForfeits(
  result: GameResult,
  forfeited: readonly number[],
  seatCount: number,
): GameResult {
  if (forfeited.length === 0) return result;
  return {
    ...result,
    winners: result.winners.filter((s) => !forfeited.includes(s)),
    seats: result.seats.map((s) =>
      forfeited.includes(s.seat)
        ? {
            ...s,
            rank: seatCount,
            winner: false,
            detail: { ...((s.detail as Record<string, Json> | undefined) ?? {}), forfeited: true },
          }
        : s,
    ),
    detail: { ...((result.detail as Record<string, Json> | undefined) ?? {}), forfeited: [...forfeited] },
  };
}
