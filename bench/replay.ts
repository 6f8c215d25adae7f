/**
 * Replay: fill the event table with bot games played through the command pipeline (PlayService
 * directly: load, decide, append; no HTTP), then rebuild every game's state from the event table
 * alone, in global position order, (a) through the EventStore's readAllPages (raw `pg`; lean rows,
 * the next page read while this one folds) and its readAll (full rows, one page at a time), (b) a tight loop on the `pg` pool that asks for the next page while it
 * evolves this one, (c) the evolve loop alone on events already in memory (the engines' ceiling),
 * and finally rebuild the inline read model (status, version, active seats, result) from
 * those states, write it to a scratch table and check it against `games`.
 */
import { sqlFor } from '../src/database/sql';
import { EventStore } from '../src/event-store/event-store';
import type { AnyGameEngine, GameEvent } from '../src/games/engine';
import { ALL_GAMES } from '../src/games/index';
import { GameRegistry } from '../src/games/registry';
import { replay } from '../src/games/upcast';
import { PlayService } from '../src/play/play.service';
import type { PostgresDatabase } from '../src/database/database';
import { playToEnd } from './lib/bot-driver';
import { Progress } from './lib/stats';

export interface ReplayResult {
  events: number;
  games: number;
  generateSeconds: number;
  /** Events per second appended while generating (PlayService, up to 8 games at once). */
  generateEventsPerSecond: number;
  /**
   * Through the EventStore's rebuild path, readAllPages (raw `pg`; the field keeps its name from
   * when it was readAll through Prisma).
   */
  prismaEventsPerSecond: number;
  /** Through EventStore.readAll, full rows (metadata and time decoded), one page at a time. */
  readAllEventsPerSecond?: number;
  rawEventsPerSecond: number;
  /** Upcast + evolve alone, the events already decoded in memory: what the engines allow. */
  evolveOnlyEventsPerSecond: number;
  /** Raw read + evolve + read model computed, written (bulk) and checked. */
  readModelEventsPerSecond: number;
  readModelMismatches: number;
}

const TABLES = [
  { type: 'bang-dice', seats: 6 },
  { type: 'carson-city', seats: 4 },
];

export async function benchReplay(db: PostgresDatabase, targetEvents: number): Promise<ReplayResult> {
  const store = new EventStore(db.client, sqlFor(db));
  const registry = new GameRegistry(ALL_GAMES);
  // The bench seeds its games (the same games every run): operator test controls.
  const play = new PlayService(db.client, store, registry, { allowTestControls: true });
  const tables = TABLES.filter((t) => registry.get(t.type));

  // 1. Generate.
  const progress = new Progress('replay: generating events', targetEvents);
  let events = 0;
  const before = Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0].n);
  const genStart = performance.now();
  const worker = async (w: number) => {
    for (let i = 0; events < targetEvents; i++) {
      const table = tables[(w + i) % tables.length];
      let last = 0;
      const g = await playToEnd(play, table.type, table.seats, `replay-${w}-${i}`, {
        onVersion: (version) => {
          events += version - last;
          last = version;
          progress.update(events);
        },
      });
      events += g.version - last;
      progress.update(events);
    }
  };
  // Up to 8 games at once, fewer for small targets (each worker finishes the game it started).
  const workers = Math.max(1, Math.min(8, Math.ceil(targetEvents / 400)));
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  progress.done();
  const generateSeconds = (performance.now() - genStart) / 1000;
  const total = Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0].n);
  const generated = total - before;

  // 2. Each way of rebuilding, best of REPEATS (the machine may be busy; the first pass also
  // warms the engines' code up).
  const types = await gameTypes(db);
  let seen = 0;
  let games = 0;
  // 2a: the store's rebuild path (readAllPages: lean rows, the next page read while this one folds).
  const viaStore = async () => {
    const states = new Map<string, unknown>();
    seen = 0;
    for await (const page of store.readAllPages(0, 5000)) {
      for (const e of page) {
        const engine = types.get(e.gameId)!;
        states.set(e.gameId, replay(engine, states.get(e.gameId) ?? null, [e]));
      }
      seen += page.length;
    }
    games = states.size;
  };
  // 2a': readAll, full rows (metadata, time) page by page, as a projection reads them.
  const viaReadAll = async () => {
    const states = new Map<string, unknown>();
    for (let after = 0; ;) {
      const page = await store.readAll(after, 5000);
      if (page.length === 0) break;
      for (const e of page)
        states.set(e.gameId, replay(types.get(e.gameId)!, states.get(e.gameId) ?? null, [e]));
      after = page[page.length - 1].position;
    }
  };
  const decoded = await rawEvents(db);
  // 2c: the same fold with the events already in memory: the engines' own ceiling.
  const inMemory = async () => {
    const states = new Map<string, unknown>();
    for (const r of decoded)
      states.set(r.game_id, replay(types.get(r.game_id)!, states.get(r.game_id) ?? null, [r]));
  };
  let states = new Map<string, unknown>();
  const best = { store: Infinity, readAll: Infinity, raw: Infinity, memory: Infinity };
  for (let round = 0; round < REPEATS; round++) {
    best.store = Math.min(best.store, await timed(viaStore));
    best.readAll = Math.min(best.readAll, await timed(viaReadAll));
    best.raw = Math.min(best.raw, await timed(async () => void (states = await rawRebuild(db, types))));
    best.memory = Math.min(best.memory, await timed(inMemory));
  }
  const prismaEventsPerSecond = seen / best.store;
  const readAllEventsPerSecond = seen / best.readAll;
  const rawEventsPerSecond = seen / best.raw;
  const evolveOnlyEventsPerSecond = decoded.length / best.memory;

  // 3. Read model from the rebuilt states, bulk-written and compared with `games`.
  const t0 = performance.now();
  const again = await rawRebuild(db, types);
  const rows = [...again].map(([id, state]) => {
    const engine = types.get(id)!;
    const result = engine.result(state);
    const active = result ? [] : [...new Set(engine.pending(state).map((p) => p.seat))].sort((a, b) => a - b);
    return { id, status: result ? 'FINISHED' : 'ACTIVE', active, result };
  });
  await db.pool.query('DROP TABLE IF EXISTS bench_read_model');
  await db.pool.query(
    'CREATE TABLE bench_read_model (id text PRIMARY KEY, status text, active_seats int[], result jsonb)',
  );
  await db.pool.query(
    `INSERT INTO bench_read_model SELECT id, status, string_to_array(NULLIF(active, ''), ',')::int[], result::jsonb
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(id, status, active, result)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.status),
      rows.map((r) => r.active.join(',')),
      rows.map((r) => JSON.stringify(r.result)),
    ],
  );
  const mismatches = await db.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM games g JOIN bench_read_model r ON r.id = g.id
     WHERE g.status <> r.status OR g.active_seats <> r.active_seats OR g.result IS DISTINCT FROM NULLIF(r.result, 'null'::jsonb)`,
  );
  const readModelSeconds = (performance.now() - t0) / 1000;
  if (states.size !== again.size) throw new Error('replay: rebuilds disagree on the number of games');
  return {
    events: seen,
    games,
    generateSeconds,
    generateEventsPerSecond: generated / generateSeconds,
    prismaEventsPerSecond,
    readAllEventsPerSecond,
    rawEventsPerSecond,
    evolveOnlyEventsPerSecond,
    readModelEventsPerSecond: seen / readModelSeconds,
    readModelMismatches: Number(mismatches.rows[0].n),
  };
}

async function gameTypes(db: PostgresDatabase): Promise<Map<string, AnyGameEngine>> {
  const registry = new GameRegistry(ALL_GAMES);
  const { rows } = await db.pool.query<{ id: string; type: string }>('SELECT id, type FROM games');
  return new Map(rows.map((r) => [r.id, registry.get(r.type)!]));
}

const REPEATS = 3;

/** Seconds `work` took. */
async function timed(work: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

type RawEvent = { position: string; game_id: string; payload: GameEvent; schemaVersion: number };

const PAGE_SQL =
  'SELECT position, game_id, payload, schema_version AS "schemaVersion" FROM events WHERE position > $1 ORDER BY position LIMIT 5000';

/**
 * Pages of events in position order; the next page is asked for before this one is handed out.
 * (One json_agg value per page instead of rows, one JSON.parse, was slower: PostgreSQL's side of
 * the read is the larger cost, and aggregating added to it.)
 */
async function* pages(db: PostgresDatabase): AsyncGenerator<RawEvent[]> {
  const page = (after: string) =>
    db.pool
      .query<RawEvent>({ name: 'bench_replay_page', text: PAGE_SQL, values: [after] })
      .then((r) => r.rows);
  let next = page('0');
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = page(rows[rows.length - 1].position);
    yield rows;
  }
}

async function rawEvents(db: PostgresDatabase): Promise<RawEvent[]> {
  const all: RawEvent[] = [];
  for await (const rows of pages(db)) for (const r of rows) all.push(r);
  return all;
}

async function rawRebuild(
  db: PostgresDatabase,
  types: Map<string, AnyGameEngine>,
): Promise<Map<string, unknown>> {
  const states = new Map<string, unknown>();
  for await (const rows of pages(db))
    for (const r of rows)
      states.set(r.game_id, replay(types.get(r.game_id)!, states.get(r.game_id) ?? null, [r]));
  return states;
}
