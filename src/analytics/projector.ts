/**
 * Asynchronous projections over the global event log (`events.position`), checkpointed in
 * `projection_checkpoints`.
 *
 * Exactly once: every batch runs in ONE transaction that (1) locks the projection's checkpoint
 * row (`SELECT ... FOR UPDATE SKIP LOCKED`), (2) reads the events after the checkpoint, (3) writes
 * the projection's rows and (4) advances the checkpoint. Either all of it commits or nothing does,
 * and the row lock means that of several processes running the projector (API processes, workers,
 * the rebuild CLI) only one applies a given batch; the others see the row locked and leave.
 *
 * Positions are taken from a sequence when an event is inserted, but transactions commit in any
 * order: position 41 can become visible after 42 (and a rolled-back transaction leaves a hole
 * forever). Advancing the checkpoint past 42 while 41 is still in flight would lose 41. We
 * therefore only apply a contiguous run of positions after the checkpoint and stop at the first
 * hole. A hole is skipped only once it is provably permanent: when we first see it we record the
 * current snapshot's xmax (`pg_snapshot_xmax(pg_current_snapshot())`); every transaction that
 * could still insert the missing position had already taken it, hence had an xid below that
 * xmax. Once `pg_snapshot_xmin(pg_current_snapshot())` has passed the recorded xmax, all of them
 * have committed or rolled back, so a position still missing then will never appear. This is
 * exact (no timing assumption, unlike a "safety window" on created_at) and costs one tiny query
 * per hole; holes are rare (rolled-back appends) and short-lived (in-flight commits).
 */
import type { Sql, SqlClient } from './sql';

export interface ProjectedEvent {
  position: number;
  gameId: string;
  version: number;
  type: string;
  payload: Record<string, unknown>;
  /** The event schema the payload was written in (1 before the column existed). */
  schemaVersion?: number;
  createdAt: Date;
}

export interface Projection {
  readonly name: string;
  /** Tables emptied by a rebuild. */
  readonly tables: readonly string[];
  /** Applies a batch of events (in position order) inside the batch's transaction. */
  apply(tx: SqlClient, events: ProjectedEvent[]): Promise<void>;
  /** Idempotent catch-up for facts that are not events (e.g. aborted games); same transaction. */
  sweep?(tx: SqlClient): Promise<void>;
}

export interface ProjectorOptions {
  /** Events per transaction (default 1000). */
  batchSize?: number;
}

export type BatchOutcome =
  | { kind: 'applied'; events: number; checkpoint: number }
  | { kind: 'idle'; checkpoint: number }
  /** Another process holds the checkpoint row. */
  | { kind: 'busy' }
  /** A hole after the checkpoint that may still be filled by an in-flight transaction. */
  | { kind: 'waiting'; checkpoint: number };

interface EventRow {
  position: string;
  game_id: string;
  version: number;
  type: string;
  payload: Record<string, unknown>;
  schema_version: number;
  created_at: Date;
}

export class Projector {
  private readonly batchSize: number;
  /** The hole we are waiting on: after which checkpoint, and the xmax seen when it was found. */
  private pendingGap: { after: number; xmax: string } | null = null;

  constructor(
    private readonly sql: Sql,
    readonly projection: Projection,
    options: ProjectorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
  }

  get name(): string {
    return this.projection.name;
  }

  async ensureCheckpoint(): Promise<void> {
    await this.sql.query(
      `INSERT INTO projection_checkpoints (name, position, updated_at) VALUES ($1, 0, now())
       ON CONFLICT (name) DO NOTHING`,
      [this.name],
    );
  }

  async checkpoint(): Promise<number> {
    const rows = await this.sql.query<{ position: string }>(
      `SELECT position::text AS position FROM projection_checkpoints WHERE name = $1`,
      [this.name],
    );
    return rows.length ? Number(rows[0].position) : 0;
  }

  /** One batch in one transaction. */
  async runBatch(): Promise<BatchOutcome> {
    await this.ensureCheckpoint();
    return this.sql.transaction(async (tx) => {
      const locked = await tx.query<{ position: string }>(
        `SELECT position::text AS position FROM projection_checkpoints WHERE name = $1 FOR UPDATE SKIP LOCKED`,
        [this.name],
      );
      if (locked.length === 0) return { kind: 'busy' } as const;
      const checkpoint = Number(locked[0].position);
      const rows = await tx.query<EventRow>(
        `SELECT e.position::text AS position, e.game_id, e.version, e.type, e.payload, e.schema_version, e.created_at
           FROM events e WHERE e.position > $1 ORDER BY e.position LIMIT $2`,
        [checkpoint, this.batchSize],
      );
      if (rows.length === 0) return { kind: 'idle', checkpoint } as const;

      const events: ProjectedEvent[] = [];
      let expected = checkpoint + 1;
      for (const row of rows) {
        const position = Number(row.position);
        if (position !== expected) {
          // A hole at [expected, position). Skip it only when it is provably permanent.
          const after = expected - 1;
          if (!(await this.holeIsPermanent(tx, after))) break;
          this.pendingGap = null;
        }
        events.push({
          position,
          gameId: row.game_id,
          version: row.version,
          type: row.type,
          payload: row.payload,
          schemaVersion: row.schema_version,
          createdAt: new Date(row.created_at),
        });
        expected = position + 1;
      }
      if (events.length === 0) return { kind: 'waiting', checkpoint } as const;
      await this.projection.apply(tx, events);
      const last = events[events.length - 1].position;
      await tx.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [
        this.name,
        last,
      ]);
      return { kind: 'applied', events: events.length, checkpoint: last } as const;
    });
  }

  private async holeIsPermanent(tx: SqlClient, after: number): Promise<boolean> {
    if (this.pendingGap && this.pendingGap.after === after) {
      const [row] = await tx.query<{ done: boolean }>(
        `SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS done`,
        [this.pendingGap.xmax],
      );
      return row.done;
    }
    const [row] = await tx.query<{ xmax: string }>(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
    );
    this.pendingGap = { after, xmax: row.xmax };
    return false;
  }

  /** Sweep (non-event facts) under the checkpoint lock; false when another process holds it. */
  async sweep(): Promise<boolean> {
    if (!this.projection.sweep) return true;
    await this.ensureCheckpoint();
    return this.sql.transaction(async (tx) => {
      const locked = await tx.query(
        `SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE SKIP LOCKED`,
        [this.name],
      );
      if (locked.length === 0) return false;
      await this.projection.sweep!(tx);
      return true;
    });
  }

  /**
   * Applies batches until caught up. A hole is re-checked a few times (in-flight commits take
   * milliseconds); if it is still open the next wake-up or poll continues. `chase: false` stops
   * after the first batch that was not full (it reached the log's end as it was then) instead of
   * following events committed meanwhile: a server's pass then costs a bounded number of
   * statements however fast commands arrive, and the next wake-up takes the rest.
   */
  async catchUp(
    onBatch?: (outcome: BatchOutcome) => void,
    options: { holeRetries?: number; chase?: boolean } = {},
  ): Promise<number> {
    let applied = 0;
    let waits = 0;
    const holeRetries = options.holeRetries ?? 20;
    for (;;) {
      const outcome = await this.runBatch();
      onBatch?.(outcome);
      if (outcome.kind === 'applied') {
        applied += outcome.events;
        waits = 0;
        if (options.chase === false && outcome.events < this.batchSize) break;
        continue;
      }
      if (outcome.kind === 'waiting' && waits++ < holeRetries) {
        await new Promise((resolve) => setTimeout(resolve, 10 + 5 * waits));
        continue;
      }
      break;
    }
    await this.sweep();
    return applied;
  }

  /**
   * Empties the projection's tables and resets the checkpoint to 0 in one transaction (under the
   * checkpoint lock, waiting for a running batch), then replays everything.
   */
  async rebuild(onBatch?: (outcome: BatchOutcome) => void): Promise<number> {
    await this.ensureCheckpoint();
    await this.sql.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE`, [this.name]);
      for (const table of this.projection.tables) await tx.query(`DELETE FROM ${table}`);
      await tx.query(`UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE name = $1`, [
        this.name,
      ]);
    });
    this.pendingGap = null;
    return this.catchUp(onBatch);
  }
}
