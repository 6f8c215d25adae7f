// Applies prisma/migrations/*/migration.sql without the Prisma CLI.
//
// Why: the Prisma CLI needs its native schema engine, which cannot be downloaded on every
// machine (see ../../../shared/STACK-NOTES.md), and the embedded PGlite mode has no CLI at all.
// This runner keeps the exact contract of `prisma migrate deploy`, so both can be mixed:
//   - migrations are the directories of prisma/migrations, applied in name order;
//   - each is recorded in `_prisma_migrations` (Prisma's table and columns) with the SHA-256 hex
//     of its migration.sql as checksum;
//   - on PostgreSQL the whole run holds Prisma's own advisory lock (72707369), so two processes
//     starting at once (or this runner and the Prisma CLI) never apply a migration twice.
// Differences, on purpose: each migration runs inside one transaction with its bookkeeping, so a
// failure leaves no half-applied schema; the failed attempt is then recorded as rolled back
// (with the error in `logs`), which Prisma also treats as "not applied, may be retried".
// Consequence: a migration must not contain statements that refuse to run in a transaction
// (e.g. CREATE INDEX CONCURRENTLY).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Prisma's advisory lock key for migrations (schema-engine postgres connector). */
export const PRISMA_MIGRATION_LOCK_KEY = 72707369;

/** The table exactly as Prisma's schema engine creates it on PostgreSQL. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Where to apply migrations. A `Database` from createDatabase() fits as is. */
export type MigrationTarget =
  | {
      kind: 'postgres';
      pool: pg.Pool | pg.ClientBase;
      /** Create this schema first if missing (the connections' search_path must point at it). */
      schema?: string;
    }
  | { kind: 'pglite'; pglite: PGlite };

export interface MigrateOptions {
  /** Directory holding `<name>/migration.sql` folders; default: the repo's prisma/migrations. */
  migrationsDir?: string;
  /** Progress messages (default: silent). */
  log?: (message: string) => void;
}

export interface MigrationFile {
  name: string;
  path: string;
  sql: string;
  /** SHA-256 hex of the file's bytes, as Prisma computes it. */
  checksum: string;
}

export interface MigrateResult {
  /** Migrations applied by this call, in order. */
  applied: string[];
  /** Migrations that were already applied before this call. */
  alreadyApplied: string[];
  /** Warnings: checksum mismatches, migrations in the database that are not on disk. */
  warnings: string[];
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

/** The minimal surface the runner needs from either driver. */
interface Session {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (session: Session) => Promise<T>): Promise<T>;
}

export function checksumOf(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Finds prisma/migrations from this file's location upwards (works from src/ and dist/src/). */
export function defaultMigrationsDir(): string {
  if (process.env.MIGRATIONS_DIR) return resolve(process.env.MIGRATIONS_DIR);
  let dir = __dirname;
  for (;;) {
    const candidate = join(dir, 'prisma', 'migrations');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return resolve(process.cwd(), 'prisma', 'migrations');
}

export function readMigrations(migrationsDir = defaultMigrationsDir()): MigrationFile[] {
  if (!existsSync(migrationsDir)) {
    throw new MigrationError(`Migrations directory not found: ${migrationsDir}`);
  }
  return readdirSync(migrationsDir)
    .filter((name) => statSync(join(migrationsDir, name)).isDirectory())
    .filter((name) => existsSync(join(migrationsDir, name, 'migration.sql')))
    .sort() // Prisma orders by directory name (the timestamp prefix)
    .map((name) => {
      const path = join(migrationsDir, name, 'migration.sql');
      const bytes = readFileSync(path);
      return { name, path, sql: bytes.toString('utf8'), checksum: checksumOf(bytes) };
    });
}

export async function migrate(target: MigrationTarget, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrations = readMigrations(options.migrationsDir);
  const log = options.log ?? (() => undefined);
  if (target.kind === 'pglite') {
    // PGlite is a single in-process connection: no other process can race us.
    await target.pglite.waitReady;
    return run(pgliteSession(target.pglite), migrations, log);
  }
  return withPostgresClient(target.pool, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATION_LOCK_KEY]);
    try {
      if (target.schema)
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${target.schema.replace(/"/g, '""')}"`);
      return await run(pgSession(client), migrations, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATION_LOCK_KEY]);
    }
  });
}

async function run(
  session: Session,
  migrations: MigrationFile[],
  log: (m: string) => void,
): Promise<MigrateResult> {
  await session.exec(CREATE_MIGRATIONS_TABLE);
  const rows = await session.query<MigrationRow>(
    `SELECT "id", "checksum", "migration_name", "finished_at", "rolled_back_at", "logs"
       FROM "_prisma_migrations" ORDER BY "started_at" ASC`,
  );
  const result: MigrateResult = { applied: [], alreadyApplied: [], warnings: [] };
  const local = new Set(migrations.map((m) => m.name));

  const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
  if (failed) {
    // Same rule as Prisma (P3009): a failed, unresolved migration blocks further ones.
    throw new MigrationError(
      `Migration "${failed.migration_name}" failed earlier and is not resolved (finished_at and ` +
        `rolled_back_at are both NULL in _prisma_migrations). Fix the database, then mark it ` +
        `(\`prisma migrate resolve --rolled-back ${failed.migration_name}\` or set rolled_back_at). ` +
        `Logs: ${failed.logs ?? '(none)'}`,
      failed.migration_name,
    );
  }
  const applied = new Map<string, MigrationRow>();
  for (const row of rows) {
    if (row.finished_at !== null && row.rolled_back_at === null) applied.set(row.migration_name, row);
  }
  for (const name of applied.keys()) {
    if (!local.has(name)) {
      result.warnings.push(
        `Migration "${name}" is applied in the database but missing from the migrations directory.`,
      );
    }
  }

  for (const migration of migrations) {
    const row = applied.get(migration.name);
    if (row) {
      result.alreadyApplied.push(migration.name);
      if (row.checksum !== migration.checksum) {
        result.warnings.push(
          `Migration "${migration.name}" was modified after it was applied (checksum ${row.checksum} in the database, ${migration.checksum} on disk).`,
        );
      }
      continue;
    }
    log(`Applying migration ${migration.name}`);
    const id = randomUUID();
    try {
      await session.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "started_at", "applied_steps_count")
           VALUES ($1, $2, $3, now(), 0)`,
          [id, migration.checksum, migration.name],
        );
        await tx.exec(migration.sql);
        await tx.query(
          `UPDATE "_prisma_migrations" SET "finished_at" = clock_timestamp(), "applied_steps_count" = 1 WHERE "id" = $1`,
          [id],
        );
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The transaction rolled back: record the attempt as rolled back so it is visible and retryable.
      await session
        .query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "logs", "rolled_back_at", "started_at", "applied_steps_count")
           VALUES ($1, $2, $3, $4, now(), now(), 0)`,
          [id, migration.checksum, migration.name, message],
        )
        .catch(() => undefined);
      throw new MigrationError(
        `Migration "${migration.name}" failed and was rolled back: ${message}`,
        migration.name,
        {
          cause: error,
        },
      );
    }
    result.applied.push(migration.name);
  }
  for (const warning of result.warnings) log(`Warning: ${warning}`);
  if (result.applied.length === 0)
    log(`Database is up to date (${result.alreadyApplied.length} migrations).`);
  return result;
}

function isPool(pool: pg.Pool | pg.ClientBase): pool is pg.Pool {
  return 'totalCount' in pool && typeof (pool as pg.Pool).connect === 'function';
}

async function withPostgresClient<T>(
  pool: pg.Pool | pg.ClientBase,
  fn: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  if (!isPool(pool)) return fn(pool);
  const client = await pool.connect();
  let failed = false;
  try {
    return await fn(client);
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure, discard the connection rather than return it to the pool: whatever state
    // it holds (a session-level advisory lock, an aborted transaction) dies with it.
    client.release(failed);
  }
}

function pgSession(client: pg.ClientBase): Session {
  const session: Session = {
    async query<T>(sql: string, params?: unknown[]) {
      const res = await client.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql: string) {
      // No parameters: the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
    async transaction<T>(fn: (s: Session) => Promise<T>) {
      await client.query('BEGIN');
      try {
        const value = await fn(session);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
  return session;
}

function pgliteSession(db: PGlite | PgliteTransaction): Session {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const res = await db.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async transaction<T>(fn: (s: Session) => Promise<T>) {
      if (!('transaction' in db)) return fn(pgliteSession(db));
      return db.transaction((tx) => fn(pgliteSession(tx)));
    },
  };
}
