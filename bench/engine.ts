/**
 * Engine throughput, one core, no I/O: complete random games per second (every seat the RANDOM
 * bot, the server's randomness contract), `evolve` events per second replaying the recorded
 * games from null, and `legalCommands` on its own (#17: the main cost of a random game) over the
 * positions those games were decided at.
 */
import type { AnyGameEngine, GameEvent } from '../src/games/engine';
import { ALL_GAMES } from '../src/games/index';
import type { Seat } from '../src/games/engine';
import { playRandom } from '../src/games/kit/play';
import { playPure } from './lib/bot-driver';

export interface EngineResult {
  type: string;
  seats: number;
  games: number;
  gamesPerSecond: number;
  eventsPerGame: number;
  evolveEventsPerSecond: number;
  /** legalCommands calls per second, each on a position a random game asked it at. */
  legalCallsPerSecond: number;
  /** Calls per game, and the share of a random game's time they take (calls/game ÷ calls/s × games/s). */
  legalCallsPerGame: number;
  legalShareOfGame: number;
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
  const legal = benchLegal(engine, seats, seconds / 2);
  const gamesPerSecond = games / elapsed;
  return {
    type: engine.type,
    seats,
    games,
    gamesPerSecond,
    eventsPerGame: events / games,
    evolveEventsPerSecond: replayed / evolveElapsed,
    legalCallsPerSecond: legal.callsPerSecond,
    legalCallsPerGame: legal.callsPerGame,
    legalShareOfGame: (legal.callsPerGame / legal.callsPerSecond) * gamesPerSecond,
  };
}

/** legalCommands alone, on the (state, seat) of every command of the bench's first games. */
function benchLegal(
  engine: AnyGameEngine,
  seats: number,
  seconds: number,
): { callsPerSecond: number; callsPerGame: number } {
  const positions: { state: unknown; seat: Seat }[] = [];
  let played = 0;
  for (; played < 20 && positions.length < 20_000; played++)
    playRandom(engine, seats, `bench-${engine.type}-${played}`, {}, (c) =>
      positions.push({ state: c.before, seat: c.seat }),
    );
  let calls = 0;
  let listed = 0;
  const start = performance.now();
  const until = start + seconds * 1000;
  while (performance.now() < until || calls === 0) {
    for (const { state, seat } of positions) listed += engine.legalCommands(state, seat).length;
    calls += positions.length;
  }
  if (listed === 0) throw new Error(`${engine.type}: legalCommands listed nothing`);
  return {
    callsPerSecond: calls / ((performance.now() - start) / 1000),
    callsPerGame: positions.length / played,
  };
}
