/**
 * Engine throughput, one core, no I/O: complete random games per second (every seat the RANDOM
 * bot, the server's randomness contract) and `evolve` events per second replaying the recorded
 * games from null, and `legalCommands` on its own: microseconds per call at the positions where the
 * recorded games asked for a command (the prompted seat's list, as the random bot gets it).
 */
import type { AnyGameEngine, GameEvent } from '../src/games/engine';
import { ALL_GAMES } from '../src/games/index';
import { playPure, type PureGame } from './lib/bot-driver';

export interface EngineResult {
  type: string;
  seats: number;
  games: number;
  gamesPerSecond: number;
  eventsPerGame: number;
  evolveEventsPerSecond: number;
  /** Mean microseconds per `legalCommands` call at the recorded games' command positions. */
  legalMicros: number;
  /** Mean length of the lists it returned. */
  legalPerCall: number;
}

export interface EngineSection {
  results: EngineResult[];
  notes: string[];
}

const TABLES: { type: string; seats: number }[] = [
  { type: 'carson-city', seats: 4 },
  { type: 'bang-dice', seats: 6 },
  { type: 'great-western-trail', seats: 4 },
];

export function benchEngines(seconds: number): EngineSection {
  const notes: string[] = [];
  const results: EngineResult[] = [];
  for (const table of TABLES) {
    const engine = ALL_GAMES.find((g) => g.engine.type === table.type)?.engine;
    if (!engine) {
      notes.push(`${table.type}: skipped, not in ALL_GAMES (src/games/index.ts) at this commit`);
      continue;
    }
    results.push(benchEngine(engine, table.seats, seconds));
  }
  return { results, notes };
}

function benchEngine(engine: AnyGameEngine, seats: number, seconds: number): EngineResult {
  // Warm up the JIT for a fraction of the budget, then measure.
  const recorded: GameEvent[][] = [];
  const positions: { state: unknown; seat: number }[] = [];
  const warmUntil = performance.now() + Math.min(1000, seconds * 200);
  for (let i = 0; performance.now() < warmUntil; i++) playPure(engine, seats, `warm-${i}`);
  let games = 0;
  let events = 0;
  const start = performance.now();
  const until = start + seconds * 1000;
  while (performance.now() < until || games === 0) {
    const game = playPure(engine, seats, `bench-${engine.type}-${games}`);
    games++;
    events += game.events.length;
    if (recorded.length < 200) recorded.push(game.events);
    if (recorded.length <= 20) positions.push(...commandPositions(engine, game));
  }
  const elapsed = (performance.now() - start) / 1000;

  let replayed = 0;
  const evolveStart = performance.now();
  const evolveUntil = evolveStart + (seconds * 1000) / 2;
  while (performance.now() < evolveUntil || replayed === 0) {
    for (const stream of recorded) {
      let state: unknown = null;
      for (const event of stream) state = engine.evolve(state, event);
      replayed += stream.length;
      if (state === undefined) throw new Error('evolve returned undefined');
    }
  }
  const evolveElapsed = (performance.now() - evolveStart) / 1000;
  const legal = benchLegal(engine, positions, seconds / 2);
  return {
    type: engine.type,
    seats,
    games,
    gamesPerSecond: games / elapsed,
    eventsPerGame: events / games,
    evolveEventsPerSecond: replayed / evolveElapsed,
    ...legal,
  };
}

/** The state before each command of a game and the seat that was asked (the first prompt's). */
function commandPositions(engine: AnyGameEngine, game: PureGame): { state: unknown; seat: number }[] {
  const out: { state: unknown; seat: number }[] = [];
  let state: unknown = null;
  game.events.forEach((event, i) => {
    const cause = game.causes[i].command;
    if (cause > 0 && cause !== game.causes[i - 1]?.command) {
      const seat = engine.pending(state)[0]?.seat;
      if (seat !== undefined) out.push({ state, seat });
    }
    state = engine.evolve(state, event);
  });
  return out;
}

function benchLegal(
  engine: AnyGameEngine,
  positions: { state: unknown; seat: number }[],
  seconds: number,
): { legalMicros: number; legalPerCall: number } {
  let calls = 0;
  let listed = 0;
  const start = performance.now();
  const until = start + seconds * 1000;
  while (positions.length > 0 && (performance.now() < until || calls === 0))
    for (const p of positions) {
      listed += engine.legalCommands(p.state, p.seat).length;
      calls++;
    }
  const elapsed = performance.now() - start;
  return { legalMicros: calls ? (elapsed * 1000) / calls : 0, legalPerCall: calls ? listed / calls : 0 };
}
