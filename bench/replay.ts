/**
 * Replay: fill the event table with bot games played through the command pipeline (PlayService
 * directly: load, decide, append; no HTTP), then rebuild every game's state from the event table
 * alone, in global position order, (a) through the EventStore's readAllPages (raw `pg`; lean rows,
 * the next page read while this one folds) and its readAll (full rows, one page at a time), (b) a tight loop on the `pg` pool that asks for the next page while it
 * evolves this one, (c) the evolve loop alone on events already in memory (the engines' ceiling),
 * and finally rebuild the inline read model (version, status, active seats, result) and check it
 * against `games` with checkReplay (src/play/replay-check.ts, what `npm run replay:check` runs).
 */
import { sqlFor } from '../src/database/sql';
import { EventStore } from '../src/event-store/event-store';
import type { AnyGameEngine, GameEvent } from '../src/games/engine';
import { ALL_GAMES } from '../src/games/index';
import { GameRegistry } from '../src/games/registry';
import { replay } from '../src/games/upcast';
import { PlayService } from '../src/play/play.service';
import { checkReplay } from '../src/play/replay-check';
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
  /** src/play/replay-check.ts checkReplay (npm run replay:check): readAllPages, fold, read model compared with games. */
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

  // 3. The read model rebuilt and checked against `games`: what `npm run replay:check` runs.
  const check = await checkReplay(db, { registry });
  if (check.events !== seen) throw new Error('replay: the check folded another number of events');
  if (states.size !== games) throw new Error('replay: rebuilds disagree on the number of games');
  return {
    events: seen,
    games,
    generateSeconds,
    generateEventsPerSecond: generated / generateSeconds,
    prismaEventsPerSecond,
    readAllEventsPerSecond,
    rawEventsPerSecond,
    evolveOnlyEventsPerSecond,
    readModelEventsPerSecond: check.eventsPerSecond,
    readModelMismatches: check.mismatches.length + check.failures.length,
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
