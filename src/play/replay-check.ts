/**
 * Replay check (issues #12, #17): rebuild every stored game from the event table alone, through
 * the store's rebuild path (EventStore.readAllPages) and the current engines (stored events read
 * through their upcasters), and compare each rebuilt game with what `games` holds for it: its
 * version, status, active seats and result, derived from the rebuilt state exactly as the
 * command path derives them when it commits (readModelOf). A game whose fold throws is reported
 * with the error, and the run goes on. Shared by `npm run replay:check` and bench/replay.ts.
 *
 * Read-only, and safe beside running servers: `games` is read first, and each game is folded only
 * up to the version it had then. An append writes the row and its events in one statement, so
 * every event up to that version was committed before the first page is read; events appended
 * later (beyond that version, or of games created later) are skipped and counted, not compared.
 * A game's state is dropped once it reached that version, so memory holds only unfinished folds.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../database/database';
import { sqlFor } from '../database/sql';
import { EventStore } from '../event-store/event-store';
import type { AnyGameEngine } from '../games/engine';
import { ALL_GAMES } from '../games/index';
import { GameRegistry } from '../games/registry';
import { replay } from '../games/upcast';
import { type DerivedReadModel, readModelOf } from './read-model';

export interface ReplayMismatch {
  gameId: string;
  type: string;
  /** One line per column that differs: `status: games ACTIVE, replay FINISHED`. */
  differences: string[];
}

export interface ReplayFailure {
  gameId: string;
  type: string;
  /** The version of the event whose upcast or fold threw (null: no engine for the type). */
  atVersion: number | null;
  error: string;
}

export interface ReplayCheckReport {
  /** Rows of `games` checked (those of `gameType` when given). */
  games: number;
  /** Events folded. */
  events: number;
  /** Events appended after `games` was read (not compared). */
  skipped: number;
  seconds: number;
  eventsPerSecond: number;
  mismatches: ReplayMismatch[];
  failures: ReplayFailure[];
}

export interface ReplayCheckOptions {
  /** Only games of this type. */
  gameType?: string;
  /** The engines (default: this release's, ALL_GAMES). */
  registry?: GameRegistry;
  pageSize?: number;
  /** Called after each page with the number of events read so far. */
  onProgress?: (eventsRead: number) => void;
}

interface GameRow {
  id: string;
  type: string;
  status: string;
  version: number;
  activeSeats: number[];
  result: unknown;
  seatCount: number;
  /** Seats that forfeited on time (game_seats): the commit ranks them last in the result. */
  forfeited: number[];
}

/** A game being folded: `at` the version reached, `state` dropped once it is compared. */
interface Fold {
  row: GameRow;
  engine: AnyGameEngine | undefined;
  state: unknown;
  at: number;
  settled: boolean;
}

/** Every game (those of other types than asked for too: their events are neither folded nor "new"). */
const GAMES_SQL = `SELECT id, type, status, version, active_seats AS "activeSeats", result,
    seat_count AS "seatCount",
    ARRAY(SELECT s.seat FROM game_seats s WHERE s.game_id = games.id AND s.forfeited ORDER BY s.seat) AS forfeited
  FROM games`;

/** The differences between `row` and the read model of `fold`'s state (empty: they agree). */
export function readModelDifferences(
  row: Pick<GameRow, 'status' | 'activeSeats' | 'result'>,
  derived: DerivedReadModel,
): string[] {
  // An abort moves an unfinished game to ABORTED and clears its active seats; it appends nothing.
  const expected =
    row.status === 'ABORTED' && derived.status === 'ACTIVE'
      ? { status: 'ABORTED', activeSeats: [], result: null }
      : derived;
  const differences: string[] = [];
  if (row.status !== expected.status)
    differences.push(`status: games ${row.status}, replay ${expected.status}`);
  if (!isDeepStrictEqual([...row.activeSeats].map(Number), expected.activeSeats))
    differences.push(
      `active seats: games [${row.activeSeats.join(',')}], replay [${expected.activeSeats.join(',')}]`,
    );
  // As stored (JSON: undefined fields dropped); jsonb does not keep key order, deep equality ignores it.
  const result = JSON.parse(JSON.stringify(expected.result ?? null)) as unknown;
  if (!isDeepStrictEqual(row.result ?? null, result))
    differences.push(`result: games ${JSON.stringify(row.result ?? null)}, replay ${JSON.stringify(result)}`);
  return differences;
}

/** Rebuilds every game from the event table and compares it with `games` (read-only). */
export async function checkReplay(
  db: Database,
  options: ReplayCheckOptions = {},
): Promise<ReplayCheckReport> {
  const sql = sqlFor(db);
  const store = new EventStore(db.client, sql);
  const registry = options.registry ?? new GameRegistry(ALL_GAMES);
  const all = await sql.query<GameRow>(GAMES_SQL);
  const rows = options.gameType ? all.filter((r) => r.type === options.gameType) : all;
  if (options.gameType && rows.length === 0 && !registry.get(options.gameType))
    throw new Error(
      `unknown game type ${options.gameType} (have ${registry
        .list()
        .map((e) => e.type)
        .join(', ')})`,
    );
  const otherTypes = new Set(
    options.gameType ? all.filter((r) => r.type !== options.gameType).map((r) => r.id) : [],
  );
  const report: ReplayCheckReport = {
    games: rows.length,
    events: 0,
    skipped: 0,
    seconds: 0,
    eventsPerSecond: 0,
    mismatches: [],
    failures: [],
  };
  const mismatch = (row: GameRow, differences: string[]) => {
    if (differences.length) report.mismatches.push({ gameId: row.id, type: row.type, differences });
  };
  const folds = new Map<string, Fold>();
  for (const row of rows) {
    const engine = registry.get(row.type);
    const fold: Fold = { row, engine, state: null, at: 0, settled: false };
    folds.set(row.id, fold);
    if (!engine) {
      report.failures.push({
        gameId: row.id,
        type: row.type,
        atVersion: null,
        error: `no engine for game type ${row.type} in this release`,
      });
      fold.settled = true;
    } else if (row.version === 0) {
      fold.settled = true;
      if (row.status !== 'LOBBY' && row.status !== 'ABORTED')
        mismatch(row, [`status: games ${row.status} at version 0 (no events), expected LOBBY or ABORTED`]);
    }
  }
  const started = performance.now();
  let read = 0;
  for await (const page of store.readAllPages(0, options.pageSize ?? 5000)) {
    for (const event of page) {
      const fold = folds.get(event.gameId);
      if (!fold && otherTypes.has(event.gameId)) continue;
      if (!fold || event.version > fold.row.version) {
        report.skipped++;
        continue;
      }
      if (fold.settled) continue;
      const { row } = fold;
      if (event.version !== fold.at + 1) {
        mismatch(row, [`events: version ${event.version} follows version ${fold.at}`]);
        settle(fold);
        continue;
      }
      try {
        fold.state = replay(fold.engine!, fold.state, [event]);
        fold.at = event.version;
        report.events++;
        if (fold.at === row.version) {
          mismatch(
            row,
            readModelDifferences(
              row,
              readModelOf(fold.engine!, fold.state, row.forfeited.map(Number), Number(row.seatCount)),
            ),
          );
          settle(fold);
        }
      } catch (error) {
        report.failures.push({
          gameId: row.id,
          type: row.type,
          atVersion: event.version,
          error: error instanceof Error ? error.message : String(error),
        });
        settle(fold);
      }
    }
    options.onProgress?.((read += page.length));
  }
  report.seconds = (performance.now() - started) / 1000;
  report.eventsPerSecond = report.seconds > 0 ? report.events / report.seconds : 0;
  await shortStreams(sql, folds, mismatch);
  return report;
}

function settle(fold: Fold): void {
  fold.settled = true;
  fold.state = undefined;
}

/** Games whose events end before their version; a game deleted meanwhile (its events with it) is not one. */
async function shortStreams(
  sql: ReturnType<typeof sqlFor>,
  folds: Map<string, Fold>,
  mismatch: (row: GameRow, differences: string[]) => void,
): Promise<void> {
  const short = [...folds.values()].filter((f) => !f.settled);
  if (short.length === 0) return;
  const present = await sql.query<{ id: string }>(`SELECT id FROM games WHERE id = ANY($1::text[])`, [
    short.map((f) => f.row.id),
  ]);
  const still = new Set(present.map((r) => r.id));
  for (const fold of short) {
    if (!still.has(fold.row.id)) continue;
    mismatch(fold.row, [`version: games ${fold.row.version}, events end at version ${fold.at}`]);
  }
}
