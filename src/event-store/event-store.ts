/**
 * The event store: one stream per game in the `events` table, appended with optimistic
 * concurrency. An append is one transaction that
 *   1. records the client's command id (a retry with the same id then fails on the primary key
 *      and is answered from the first result),
 *   2. moves the game's version from `expectedVersion` to `expectedVersion + n` with a guarded
 *      UPDATE (a concurrent writer that got there first leaves 0 rows: ConcurrencyError),
 *   3. inserts the events at the following versions (unique (game_id, version) is the backstop),
 *   4. updates the inline read model (`games` row) and optionally writes a snapshot.
 * Nothing else writes events, so a stream never has gaps or duplicates.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { isUniqueViolation } from '../database/errors';
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
  /** The command that caused the events, recorded for idempotency when it has a client id. */
  command?: { commandId: string; seat: number | null; body: Json };
  readModel: ReadModelUpdate;
  /** The state after the events, to store as a snapshot at the new version. */
  snapshot?: Json;
  /** The engine's state schema the snapshot was written in (see GameEngine.stateSchema). */
  snapshotSchema?: number;
  /** Extra writes that must commit atomically with the append (e.g. timers). */
  alsoInTransaction?: (tx: Prisma.TransactionClient, newVersion: number) => Promise<void>;
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

export interface RecordedCommand {
  commandId: string;
  seat: number | null;
  fromVersion: number;
  toVersion: number;
}

type EventRow = {
  position: bigint;
  gameId: string;
  version: number;
  type: string;
  payload: Prisma.JsonValue;
  schemaVersion: number;
  metadata: Prisma.JsonValue;
  createdAt: Date;
};

function toStored(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    gameId: row.gameId,
    version: row.version,
    type: row.type,
    payload: row.payload as unknown as GameEvent,
    schemaVersion: row.schemaVersion,
    metadata: row.metadata as unknown as EventMetadata,
    createdAt: row.createdAt,
  };
}

/**
 * One statement for the command record, the guarded version move with the read model, and the
 * events: the UPDATE matches no row when another writer moved the game first (then no event is
 * inserted, `moved` is 0 and the caller rolls the transaction back, command row included); a
 * command id already recorded fails the INSERT with a unique violation, as before. A null read
 * model value leaves the column unchanged (as the Prisma version did with `undefined`).
 * $1 game, $2 expected version, $3-$5 command id/seat/body (null: no record), $6 new version,
 * $7 active seats, $8 status, $9 result, $10 summary, $11 started at, $12 finished at,
 * $13 event types, $14 event payloads (JSON text), $15 metadata (JSON text), $16 event schema.
 */
const APPEND_SQL = `
WITH cmd AS (
  INSERT INTO commands (game_id, command_id, seat, command, from_version, to_version)
  SELECT $1, $3::text, $4::int, $5::jsonb, $2::int, $6::int WHERE $3::text IS NOT NULL
  RETURNING 1
), moved AS (
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
), inserted AS (
  INSERT INTO events (game_id, version, type, payload, metadata, schema_version)
  SELECT $1, $2::int + e.ord::int, e.type, e.payload::jsonb, $15::jsonb, $16::int
  FROM moved, unnest($13::text[], $14::text[]) WITH ORDINALITY AS e(type, payload, ord)
  RETURNING 1
)
SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM inserted)::int AS inserted,
       (SELECT count(*) FROM cmd)::int AS recorded`;

export class EventStore {
  constructor(private readonly db: PrismaClient) {}

  async append(request: AppendRequest): Promise<AppendResult> {
    const { gameId, expectedVersion, events } = request;
    if (events.length === 0) throw new Error('append needs at least one event');
    const toVersion = expectedVersion + events.length;
    try {
      await this.db.$transaction(async (tx) => {
        // Steps 1-3 in one statement (one round trip instead of three); see APPEND_SQL.
        const rm = request.readModel;
        const [row] = await tx.$queryRawUnsafe<{ moved: number; inserted: number }[]>(
          APPEND_SQL,
          gameId,
          expectedVersion,
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
          events.map((event) => event.type),
          events.map((event) => JSON.stringify(event)),
          JSON.stringify(request.metadata),
          request.eventSchema ?? 1,
        );
        if (Number(row?.moved) !== 1) throw new ConcurrencyError(gameId, expectedVersion);
        if (Number(row.inserted) !== events.length)
          throw new Error(`append to ${gameId}: inserted ${row.inserted} of ${events.length} events`);
        if (request.snapshot !== undefined) {
          await tx.snapshot.create({
            data: {
              gameId,
              version: toVersion,
              state: request.snapshot as Prisma.InputJsonValue,
              stateSchema: request.snapshotSchema ?? 1,
            },
          });
        }
        if (request.alsoInTransaction) await request.alsoInTransaction(tx, toVersion);
      });
    } catch (error) {
      if (error instanceof ConcurrencyError) throw error;
      if (isUniqueViolation(error)) {
        // Either the command id was already recorded (a retry), or another writer took the
        // versions first. The command row is written first, so check it to tell which.
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
    const rows = await this.db.event.findMany({
      where: { gameId, version: { gt: afterVersion, ...(toVersion !== undefined && { lte: toVersion }) } },
      orderBy: { version: 'asc' },
      ...(limit !== undefined && { take: limit }),
    });
    return rows.map(toStored);
  }

  /** Every event after a global position, in commit-independent position order (for projections). */
  async readAll(afterPosition: number, limit = 1000): Promise<StoredEvent[]> {
    const rows = await this.db.event.findMany({
      where: { position: { gt: BigInt(afterPosition) } },
      orderBy: { position: 'asc' },
      take: limit,
    });
    return rows.map(toStored);
  }

  async findCommand(gameId: string, commandId: string): Promise<RecordedCommand | null> {
    const row = await this.db.command.findUnique({ where: { gameId_commandId: { gameId, commandId } } });
    return (
      row && {
        commandId: row.commandId,
        seat: row.seat,
        fromVersion: row.fromVersion,
        toVersion: row.toVersion,
      }
    );
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
    const row = await this.db.snapshot.findFirst({
      where: { gameId, stateSchema, ...(maxVersion !== undefined && { version: { lte: maxVersion } }) },
      orderBy: { version: 'desc' },
    });
    return row && { version: row.version, state: row.state };
  }
}
