/** A known set of games for the analytics tests, played through the real pipeline on a test DB. */
import type { Database } from '../../src/database/database';
import { EventStore } from '../../src/event-store/event-store';
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { randomBot, type GameBot, type GameDefinition } from '../../src/games/bots';
import { carsonCityEngine } from '../../src/games/carson-city/index';
import { colomaEngine } from '../../src/games/coloma/index';
import { GameRegistry } from '../../src/games/registry';
import { PlayService } from '../../src/play/play.service';
import type { SimSeat } from '../../src/analytics/simulate';
import { AnalyticsProjection } from '../../src/analytics/analytics-projection';
import type { Sql } from '../../src/analytics/sql';
import type { Json } from '../../src/games/engine';
import { playGame } from '../../src/games/tournament';

/** A second level so head-to-head has pairs (plays like RANDOM; only the label matters here). */
const heuristic: GameBot = { ...randomBot, level: 'HEURISTIC' };

export const TEST_GAMES: GameDefinition[] = [
  { engine: bangDiceEngine, bots: { HEURISTIC: heuristic } },
  { engine: carsonCityEngine, bots: { HEURISTIC: heuristic } },
  { engine: colomaEngine, bots: { HEURISTIC: heuristic } },
];

export function testPlay(db: Database): { play: PlayService; registry: GameRegistry } {
  const registry = new GameRegistry(TEST_GAMES);
  return {
    play: new PlayService(db.client, new EventStore(db.client), registry, { allowTestControls: true }),
    registry,
  };
}

const R: SimSeat = { kind: 'BOT', botLevel: 'RANDOM' };
const H: SimSeat = { kind: 'BOT', botLevel: 'HEURISTIC' };
const P: SimSeat = { kind: 'HUMAN' };

export interface SeedSpec {
  type: string;
  seats: SimSeat[];
  options?: Record<string, unknown>;
}

export const SEED_GAMES: SeedSpec[] = [
  { type: 'carson-city', seats: [R, H, P] },
  { type: 'carson-city', seats: [H, R, P] },
  { type: 'carson-city', seats: [R, H, R] },
  { type: 'carson-city', seats: [H, R] },
  { type: 'carson-city', seats: [R, H] },
  { type: 'bang-dice', seats: [R, H, R, P] },
  { type: 'bang-dice', seats: [H, R, H, P] },
  { type: 'bang-dice', seats: [R, H, R, H] },
  { type: 'bang-dice', seats: [R, H, R, H, R], options: { characterChoice: true } },
  { type: 'bang-dice', seats: [H, R, H, R, H], options: { characterChoice: true } },
  // Modules add parts to the final score (bridges, horses).
  { type: 'carson-city', seats: [H, R, H], options: { modules: ['CARSON_RIVER', 'HORSES'] } },
];

const DAY = 86_400_000;
export const SEED_BASE = Date.UTC(2026, 9, 1, 12); // 2026-10-01T12:00Z

/**
 * Moves a game's event timestamps to `base + version * stepMs`, so games differ in start day and
 * duration (the projection reads `events.created_at`).
 */
export async function retime(db: Database, gameId: string, base: number, stepMs: number): Promise<void> {
  await db.client.$executeRawUnsafe(
    `UPDATE events SET created_at = to_timestamp($2::float8 / 1000) + (version * $3::float8) * interval '1 millisecond'
      WHERE game_id = $1`,
    gameId,
    base,
    stepMs,
  );
}

/**
 * Records one bot game: created through PlayService (seats, options, seed), then the pure engine
 * plays it (src/games/tournament.ts, the same stream the pipeline stores for that seed; see
 * test/replay) and its events are appended through the EventStore in `chunks` appends, with the
 * read model (status, result) as the pipeline writes it. Much faster than one command at a time,
 * which the simulate test covers.
 */
export async function recordGame(db: Database, spec: SeedSpec, seed: string, chunks = 4): Promise<string> {
  const { play, registry } = testPlay(db);
  const store = new EventStore(db.client);
  const { game } = await play.createGame({
    type: spec.type,
    seats: spec.seats,
    options: spec.options ?? {},
    seed,
  });
  const engine = registry.get(spec.type)!;
  const bots = spec.seats.map((s) =>
    registry.bot(spec.type, s.kind === 'BOT' ? (s.botLevel ?? 'RANDOM') : 'RANDOM')!,
  );
  const played = playGame(engine, spec.options ?? {}, bots, seed);
  const size = Math.ceil(played.events.length / chunks);
  for (let from = 0; from < played.events.length; from += size) {
    const events = played.events.slice(from, from + size);
    const last = from + size >= played.events.length;
    await store.append({
      gameId: game.id,
      expectedVersion: from,
      events,
      metadata: { actor: 'BOT', seat: null, at: new Date().toISOString() },
      readModel: {
        status: last ? 'FINISHED' : 'ACTIVE',
        activeSeats: [],
        ...(from === 0 && { startedAt: new Date() }),
        ...(last && { result: played.result as unknown as Json, finishedAt: new Date() }),
      },
    });
  }
  return game.id;
}

/**
 * Records SEED_GAMES (plus one aborted and one unfinished game); `afterEach` runs after every game
 * (the tests run the live projection there, so it sees the games arrive one by one).
 */
export async function seedGames(
  db: Database,
  afterEach: () => Promise<void> = async () => undefined,
): Promise<{ finished: string[]; aborted: string; active: string }> {
  const { play } = testPlay(db);
  const finished: string[] = [];
  for (const [i, spec] of SEED_GAMES.entries()) {
    const id = await recordGame(db, spec, `analytics-seed-${i}`, 2 + (i % 4));
    await retime(db, id, SEED_BASE + (i % 4) * DAY, 1000 * (1 + (i % 3)));
    finished.push(id);
    await afterEach();
  }
  const { game: aborted } = await play.createGame({ type: 'carson-city', seats: [R, H], start: true });
  await play.abortGame(aborted.id);
  const { game: active } = await play.createGame({
    type: 'bang-dice',
    seats: [R, H, R],
    seed: 'analytics-active',
    start: true,
  });
  await afterEach();
  return { finished, aborted: aborted.id, active: active.id };
}

/** Every analytics table, rows in key order (to compare projections). */
export async function dumpTables(sql: Sql): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of new AnalyticsProjection().tables) {
    const rows = await sql.query(`SELECT * FROM ${table}`);
    out[table] = rows
      .map((r) => JSON.stringify(r))
      .sort()
      .map((r) => JSON.parse(r) as unknown);
  }
  return out;
}
