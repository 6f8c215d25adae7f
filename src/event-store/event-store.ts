/**
 * The event store: one stream per game in the `events` table, appended with optimistic
 * concurrency. An append is one SQL statement (APPEND_SQL; inside a transaction only when the
 * caller has extra writes that must commit with it, e.g. timers) that
 *   1. moves the game's version from `expectedVersion` to `expectedVersion + n` with a guarded
 *      UPDATE and updates the inline read model (`games` row); a concurrent writer that got there
 *      first leaves 0 rows, and then nothing below is written (ConcurrencyError),
 *   2. records the client's command id (a retry with the same id fails on the primary key, or
 *      finds the record after losing step 1, and is answered from the first result),
 *   3. inserts the events at the following versions (unique (game_id, version) is the backstop),
 *   4. optionally writes a snapshot at the new version.
 * A guarded append (AppendRequest.guard, GUARDED_APPEND_SQL) also requires in step 1 that the game
 * is ACTIVE and its row and seats have the fingerprint the caller read (GAME_FINGERPRINT): a
 * command decided on a cached game, without reading, commits only on what it was decided on.
 * Nothing else writes events, so a stream never has gaps or duplicates.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { isUniqueViolation } from '../database/errors';
import type { SqlClient } from '../database/sql';
import type { GameEvent, Json } from '../games/engine';

export interface EventMetadata {
  commandId?: string | null;
  seat?: number | null;
  /** Who caused it: a person, a bot, a turn timer or the server itself (setup). */
  actor: 'HUMAN' | 'BOT' | 'TIMER' | 'SYSTEM';
  at: string;
  [key: string]: Json | undefined;
}

export interface StoredEvent {
  position: number;
  gameId: string;
  version: number;
  type: string;
  payload: GameEvent;
  /** The event schema the payload was written in (read it through games/upcast.ts `upcast`). */
  schemaVersion: number;
  metadata: EventMetadata;
  createdAt: Date;
}

/** Read-model columns of `games` written together with the events. */
export interface ReadModelUpdate {
  status?: string;
  activeSeats: number[];
  result?: Json | null;
  summary?: Json | null;
  startedAt?: Date;
  finishedAt?: Date;
}

export interface AppendRequest {
  gameId: string;
  expectedVersion: number;
  events: GameEvent[];
  /** The engine's event schema the events are written in (GameEngine.eventSchema; default 1). */
  eventSchema?: number;
  metadata: EventMetadata;
  /**
   * The command that caused the events, recorded for idempotency when it has a client id, with
   * the hash of the body the client sent (see src/play/command-hash.ts).
   */
  command?: { commandId: string; seat: number | null; body: Json; bodyHash?: string | null };
  readModel: ReadModelUpdate;
  /** The state after the events, to store as a snapshot at the new version. */
  snapshot?: Json;
  /** The engine's state schema the snapshot was written in (see GameEngine.stateSchema). */
  snapshotSchema?: number;
  /** Extra writes that must commit atomically with the append (e.g. timers). */
  alsoInTransaction?: (tx: Prisma.TransactionClient, newVersion: number) => Promise<void>;
  /**
   * Append only while the game is ACTIVE and its row and seats still have this fingerprint
   * (GAME_FINGERPRINT, as read by the caller). Then a lost race, a changed seat or game and an
   * already recorded command id all write nothing and throw StaleGameError, reading nothing
   * more: the caller reads the game again (see PlayService's cached command path).
   */
  guard?: { fingerprint: string };
}

export interface AppendResult {
  fromVersion: number;
  toVersion: number;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly gameId: string,
    readonly expectedVersion: number,
  ) {
    super(`game ${gameId} is no longer at version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

export class DuplicateCommandError extends Error {
  constructor(
    readonly gameId: string,
    readonly commandId: string,
  ) {
    super(`command ${commandId} was already accepted for game ${gameId}`);
    this.name = 'DuplicateCommandError';
  }
}

/**
 * A guarded append (AppendRequest.guard) wrote nothing: the game moved, is no longer ACTIVE, its
 * row or seats changed, or the command id is already recorded. Which of them is not read.
 */
export class StaleGameError extends Error {
  constructor(readonly gameId: string) {
    super(`game ${gameId} is no longer as the caller read it`);
    this.name = 'StaleGameError';
  }
}

export interface RecordedCommand {
  commandId: string;
  seat: number | null;
  fromVersion: number;
  toVersion: number;
  /** Hash of the body first sent under this id; null on records written before it was kept. */
  bodyHash: string | null;
}

/** An events row as the raw drivers return it (position as float8: below 2^53, a JS number). */
type EventRow = {
  position: number;
  gameId: string;
  version: number;
  type: string;
  payload: Prisma.JsonValue;
  schemaVersion: number;
  metadata: Prisma.JsonValue;
  createdAt: Date | string | number;
};

/**
 * `createdAt` as epoch milliseconds (the column keeps milliseconds): a number becomes a Date far
 * more cheaply than the driver parses timestamptz text (measured: 1.3x on a page read).
 */
const EVENT_COLUMNS = `SELECT position::float8 AS position, game_id AS "gameId", version, type, payload,
       schema_version AS "schemaVersion", metadata,
       (extract(epoch FROM created_at) * 1000)::float8 AS "createdAt" FROM events`;

/** A stored event as a rebuild needs it (readAllPages): no metadata, no time. */
export interface ReplayRow {
  position: number;
  gameId: string;
  version: number;
  payload: GameEvent;
  schemaVersion: number;
}

/**
 * One page of ReplayRows as ONE text value, `[games, rows]`: `games` the page's distinct game ids
 * (a JSON array of strings), `rows` its rows as `[position, game, version, schema, payload]`
 * arrays in position order, `game` an index into `games`, with the page's last position beside
 * it. The driver then decodes one string (a single JSON.parse) instead of thousands of rows (its
 * per-row parsing cost the rebuild more than the JSON itself), and the next page can be asked for
 * before this one is decoded. A game id (a uuid, 38 characters of JSON) was a quarter of a row's
 * text, and each row's parse made it a new string that every map lookup of the fold hashed and
 * compared again; as an index it is sent once a page and the page's rows share one string per
 * game. The rows are plain text concatenation (integers and the stored JSON text are valid JSON
 * as they are), which PostgreSQL builds for less than json_build_array's per-value conversions.
 * Both reads of `events` are one statement, so one snapshot: the ids cover the rows exactly.
 * `ORDER BY events.position`, never the bare name: that names the float8 output column, which no
 * index serves, so every page sorted all the rows after it (readAll was 5x slower than a plain
 * loop on the pool for it).
 */
const REPLAY_PAGE_SQL = `WITH ids AS MATERIALIZED (
  SELECT game_id, (row_number() OVER ())::int - 1 AS ix
    FROM (SELECT DISTINCT game_id
            FROM (SELECT game_id FROM events WHERE position > $1::bigint
                   ORDER BY events.position LIMIT $2::int) page_games) distinct_games
)
SELECT max(p.position)::float8 AS last,
       '[' || (SELECT json_agg(game_id ORDER BY ix) FROM ids)::text || ',[' ||
       string_agg('[' || p.position || ',' || i.ix || ',' || p.version || ',' || p.schema_version
                  || ',' || p.payload::text || ']', ',' ORDER BY p.position) || ']]' AS rows
  FROM (SELECT position, game_id, version, schema_version, payload FROM events
         WHERE position > $1::bigint ORDER BY events.position LIMIT $2::int) p
  JOIN ids i USING (game_id)`;

/**
 * One turn of the event loop. pg's pool hands a query its connection on `process.nextTick`, which
 * runs only once the microtasks are done, so a query issued right before a yield waited behind
 * the caller's whole (synchronous) fold of the page before it was even sent; after this turn it
 * is on the wire and PostgreSQL builds the next page while this one is decoded and folded.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type ReplayTuple = [
  position: number,
  game: number,
  version: number,
  schemaVersion: number,
  payload: GameEvent,
];

/** The rows of one REPLAY_PAGE_SQL page (their gameId strings shared per game). */
function replayRows(text: string): ReplayRow[] {
  const [ids, tuples] = JSON.parse(text) as [string[], ReplayTuple[]];
  const rows = new Array<ReplayRow>(tuples.length);
  for (let i = 0; i < tuples.length; i++) {
    const t = tuples[i];
    rows[i] = { position: t[0], gameId: ids[t[1]], version: t[2], payload: t[4], schemaVersion: t[3] };
  }
  return rows;
}

function toStored(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    gameId: row.gameId,
    version: row.version,
    type: row.type,
    payload: row.payload as unknown as GameEvent,
    schemaVersion: row.schemaVersion,
    metadata: row.metadata as unknown as EventMetadata,
    createdAt: row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt),
  };
}

/**
 * Steps 1-4 of the header in one statement: `cmd`, `inserted` and `snap` select FROM `moved`, so
 * when the guarded UPDATE matches no row (another writer moved the game first) nothing at all is
 * written and `moved` is 0; a command id already recorded fails the INSERT with a unique
 * violation. One statement is atomic on its own, so outside a transaction it needs no
 * BEGIN/COMMIT round trips. A null read model value leaves the column unchanged.
 * $1 game, $2 expected version, $3-$5 command id/seat/body (null: no record), $6 new version,
 * $7 active seats, $8 status, $9 result, $10 summary, $11 started at, $12 finished at,
 * $13 event types, $14 event payloads (JSON text), $15 metadata (JSON text), $16 body hash,
 * $17 snapshot state (JSON text; null: none), $18 snapshot state schema, $19 event schema.
 */
const APPEND_SQL = `
WITH moved AS (
  UPDATE games SET
    version = $6::int,
    active_seats = $7::int[],
    status = COALESCE($8::text, status),
    result = COALESCE($9::jsonb, result),
    summary = COALESCE($10::jsonb, summary),
    started_at = COALESCE($11::timestamptz, started_at),
    finished_at = COALESCE($12::timestamptz, finished_at),
    updated_at = now()
  WHERE id = $1 AND version = $2::int
  RETURNING id
), cmd AS (
  INSERT INTO commands (game_id, command_id, seat, command, from_version, to_version, body_hash)
  SELECT $1, $3::text, $4::int, $5::jsonb, $2::int, $6::int, $16::text FROM moved WHERE $3::text IS NOT NULL
  RETURNING 1
), inserted AS (
  INSERT INTO events (game_id, version, type, payload, metadata, schema_version)
  SELECT $1, $2::int + e.ord::int, e.type, e.payload::jsonb, $15::jsonb, $19::int
  FROM moved, unnest($13::text[], $14::text[]) WITH ORDINALITY AS e(type, payload, ord)
  RETURNING 1
), snap AS (
  INSERT INTO snapshots (game_id, version, state, state_schema)
  SELECT $1, $6::int, $17::jsonb, $18::int FROM moved WHERE $17::jsonb IS NOT NULL
  RETURNING 1
)
SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM inserted)::int AS inserted,
       (SELECT count(*) FROM cmd)::int AS recorded, (SELECT count(*) FROM snap)::int AS snapshots`;

/**
 * What a command decided on a cached copy of the game reads from the row and its seats besides
 * the version, as one text: everything of GameRecord that can change without the version moving
 * (status: an abort; seat names, kinds, bot levels, token hashes, takeovers and forfeits; the
 * pause, the webhook count, the timer options, the host token). Row and array text output quotes
 * what needs quoting, so different values never give the same text. `g` is the games row.
 */
export const GAME_FINGERPRINT = `md5(row(g.status, g.webhook_count, extract(epoch FROM g.paused_at),
  g.timer_options, g.host_token_hash,
  (SELECT array_agg(row(s.seat, s.kind, s.name, s.bot_level, s.token_hash, s.bot_takeover, s.forfeited)
          ORDER BY s.seat) FROM game_seats s WHERE s.game_id = g.id))::text)`;

/**
 * APPEND_SQL whose UPDATE also requires the game ACTIVE and GAME_FINGERPRINT = $20: a command
 * decided on a cached row commits only if the database still holds what it was decided on.
 */
const GUARDED_APPEND_SQL = APPEND_SQL.replace('UPDATE games SET', 'UPDATE games g SET').replace(
  'WHERE id = $1 AND version = $2::int',
  `WHERE g.id = $1 AND g.version = $2::int AND g.status = 'ACTIVE' AND ${GAME_FINGERPRINT} = $20::text`,
);
// Both replacements must have matched: an APPEND_SQL edited past them would drop the guard.
if (!GUARDED_APPEND_SQL.includes('UPDATE games g SET') || !GUARDED_APPEND_SQL.includes(GAME_FINGERPRINT))
  throw new Error('GUARDED_APPEND_SQL: APPEND_SQL no longer has the UPDATE it guards');

/** The parameters of APPEND_SQL for a request. */
function appendParams(request: AppendRequest, toVersion: number): unknown[] {
  const rm = request.readModel;
  return [
    request.gameId,
    request.expectedVersion,
    request.command?.commandId ?? null,
    request.command?.seat ?? null,
    request.command ? JSON.stringify(request.command.body) : null,
    toVersion,
    rm.activeSeats,
    rm.status ?? null,
    rm.result == null ? null : JSON.stringify(rm.result),
    rm.summary == null ? null : JSON.stringify(rm.summary),
    rm.startedAt?.toISOString() ?? null,
    rm.finishedAt?.toISOString() ?? null,
    request.events.map((event) => event.type),
    request.events.map((event) => JSON.stringify(event)),
    JSON.stringify(request.metadata),
    request.command?.bodyHash ?? null,
    request.snapshot === undefined ? null : JSON.stringify(request.snapshot),
    request.snapshotSchema ?? 1,
    request.eventSchema ?? 1,
  ];
}

type AppendRow = { moved: number; inserted: number };

/** Raw SQL through Prisma's client, for callers that hand the store no driver of its own. */
function prismaSql(db: PrismaClient): SqlClient {
  return { query: (text, params = []) => db.$queryRawUnsafe(text, ...params) };
}

export class EventStore {
  /**
   * `sql`: the raw driver for the append and every read (see src/database/sql.ts);
   * default: raw SQL through Prisma's client (same statements, more CPU).
   */
  constructor(
    private readonly db: PrismaClient,
    readonly sql: SqlClient = prismaSql(db),
  ) {}

  async append(request: AppendRequest): Promise<AppendResult> {
    const { gameId, expectedVersion, events } = request;
    if (events.length === 0) throw new Error('append needs at least one event');
    const toVersion = expectedVersion + events.length;
    const guard = request.guard;
    const params = appendParams(request, toVersion);
    if (guard) params.push(guard.fingerprint);
    const text = guard ? GUARDED_APPEND_SQL : APPEND_SQL;
    const check = (row: AppendRow | undefined) => {
      if (Number(row?.moved) !== 1) throw new ConcurrencyError(gameId, expectedVersion);
      if (Number(row?.inserted) !== events.length)
        throw new Error(`append to ${gameId}: inserted ${row?.inserted} of ${events.length} events`);
    };
    try {
      const also = request.alsoInTransaction;
      if (also) {
        await this.db.$transaction(async (tx) => {
          check((await tx.$queryRawUnsafe<AppendRow[]>(text, ...params))[0]);
          await also(tx, toVersion);
        });
      } else {
        // Nothing else to commit with it: the one statement is its own transaction.
        const name = guard ? 'saloon_guarded_append' : 'saloon_append';
        check((await this.sql.query<AppendRow>(text, params, name))[0]);
      }
    } catch (error) {
      if (guard && (error instanceof ConcurrencyError || isUniqueViolation(error)))
        throw new StaleGameError(gameId);
      if (error instanceof ConcurrencyError || isUniqueViolation(error)) {
        // Another writer took the version first, or the command id was already recorded (a
        // retry, perhaps one that committed while this one waited for the row): the record tells.
        if (request.command && (await this.findCommand(gameId, request.command.commandId))) {
          throw new DuplicateCommandError(gameId, request.command.commandId);
        }
        throw new ConcurrencyError(gameId, expectedVersion);
      }
      throw error;
    }
    return { fromVersion: expectedVersion, toVersion };
  }

  /** Events of one game with version > afterVersion, in order (at most `limit`). */
  async readStream(
    gameId: string,
    afterVersion = 0,
    limit?: number,
    toVersion?: number,
  ): Promise<StoredEvent[]> {
    const rows = await this.sql.query<EventRow>(
      `${EVENT_COLUMNS} WHERE game_id = $1::text AND version > $2::int
         AND ($3::int IS NULL OR version <= $3::int) ORDER BY version LIMIT $4::int`,
      [gameId, afterVersion, toVersion ?? null, limit ?? null],
      'saloon_read_stream',
    );
    return rows.map(toStored);
  }

  /**
   * Every event after a global position, in commit-independent position order (for projections).
   * `events.position`: the bare name would sort by the float8 output column (see REPLAY_PAGE_SQL).
   */
  async readAll(afterPosition: number, limit = 1000): Promise<StoredEvent[]> {
    const rows = await this.sql.query<EventRow>(
      `${EVENT_COLUMNS} WHERE position > $1::bigint ORDER BY events.position LIMIT $2::int`,
      [afterPosition, limit],
      'saloon_read_all',
    );
    return rows.map(toStored);
  }

  /**
   * Every event after a global position in position order, in pages of `pageSize`, as a rebuild
   * needs them (payload and schema, no metadata or time: decoding those halved the read). The
   * next page is asked for (and sent: nextTurn) as soon as this one has arrived, before it is
   * decoded, so PostgreSQL builds it while the driver decodes this one and the caller folds it.
   * A page is one text value, and PostgreSQL's values stop at 1 GB: keep `pageSize` in thousands.
   */
  async *readAllPages(afterPosition = 0, pageSize = 5000): AsyncGenerator<ReplayRow[]> {
    const page = (after: number) =>
      this.sql.query<{ last: number | null; rows: string | null }>(
        REPLAY_PAGE_SQL,
        [after, pageSize],
        'saloon_replay_page',
      );
    let next = page(afterPosition);
    for (;;) {
      const [{ last, rows }] = await next;
      if (last === null || rows === null) return;
      next = page(last);
      // A caller that stops early leaves this read unawaited: its failure is nobody's.
      next.catch(() => undefined);
      await nextTurn();
      yield replayRows(rows);
    }
  }

  async findCommand(gameId: string, commandId: string): Promise<RecordedCommand | null> {
    const [row] = await this.sql.query<RecordedCommand>(
      `SELECT command_id AS "commandId", seat, from_version AS "fromVersion", to_version AS "toVersion",
              body_hash AS "bodyHash"
         FROM commands WHERE game_id = $1::text AND command_id = $2::text`,
      [gameId, commandId],
      'saloon_find_command',
    );
    return row ?? null;
  }

  /**
   * The newest snapshot at or below `maxVersion` written in state schema `stateSchema`. Snapshots
   * of another schema (written before the engine's state changed shape) are never read: the state
   * is rebuilt from the events instead, which are the source of truth.
   */
  async latestSnapshot(
    gameId: string,
    maxVersion?: number,
    stateSchema = 1,
  ): Promise<{ version: number; state: unknown } | null> {
    const [row] = await this.sql.query<{ version: number; state: unknown }>(
      `SELECT version, state FROM snapshots
        WHERE game_id = $1::text AND state_schema = $2::int AND ($3::int IS NULL OR version <= $3::int)
        ORDER BY version DESC LIMIT 1`,
      [gameId, stateSchema, maxVersion ?? null],
      'saloon_latest_snapshot',
    );
    return row ? { version: row.version, state: row.state } : null;
  }
}
