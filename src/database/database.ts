// Plain (non-Nest) database factory: the generated PrismaClient on a driver adapter, plus the raw
// driver (a `pg` pool or the PGlite instance) for the few hot paths that want raw SQL.
// PrismaService wraps this for Nest; scripts, benchmarks and tests use it directly.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client';
import {
  type DatabaseConfig,
  databaseConfigFromEnv,
  type PgliteConfig,
  type PostgresConfig,
} from './database.config';
import { lockDataDir } from './data-dir-lock';
import { migrate, type MigrateOptions, type MigrateResult } from './migrate';

export { PrismaClient };

interface DatabaseBase {
  /** The generated, fully typed Prisma client. */
  readonly client: PrismaClient;
  /** Applies pending migrations (createDatabase does it unless told not to). */
  migrate(options?: MigrateOptions): Promise<MigrateResult>;
  /** Disconnects Prisma and closes the driver. Idempotent. */
  close(): Promise<void>;
}

export interface PostgresDatabase extends DatabaseBase {
  readonly kind: 'postgres';
  readonly config: PostgresConfig;
  readonly pool: pg.Pool;
  /** The PostgreSQL schema from the URL's `?schema=` parameter, if any (default: public). */
  readonly schema?: string;
}

export interface PgliteDatabase extends DatabaseBase {
  readonly kind: 'pglite';
  readonly config: PgliteConfig;
  readonly pglite: PGlite;
}

export type Database = PostgresDatabase | PgliteDatabase;

export interface CreateDatabaseOptions extends MigrateOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
}

/**
 * Opens the database synchronously without migrating: the client exists at once (useful where a
 * constructor needs it), the connection is made lazily. Prefer createDatabase() elsewhere.
 */
export function openDatabase(config: DatabaseConfig = databaseConfigFromEnv()): Database {
  let closed: Promise<void> | undefined;
  if (config.kind === 'postgres') {
    // `?schema=` is Prisma's URL convention, unknown to libpq/pg: strip it, and put the schema on
    // every connection's search_path (raw SQL, migrations) and in the adapter (Prisma's queries).
    const { connectionString, schema } = splitSchemaParam(config.url);
    const pool = new pg.Pool({
      connectionString,
      max: config.poolSize ?? 10,
      ...(schema && { options: `-c search_path=${quoteIdentifier(schema)}` }),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const client = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined) });
    const db: PostgresDatabase = {
      kind: 'postgres',
      config,
      client,
      pool,
      ...(schema && { schema }),
      migrate: (options) => migrate(db, options),
      close: () =>
        (closed ??= (async () => {
          await client.$disconnect().catch(() => undefined);
          await pool.end();
        })()),
    };
    return db;
  }
  const inMemory = config.dataDir === 'memory';
  if (!inMemory) mkdirSync(config.dataDir, { recursive: true });
  // One process per data directory (a second one would lose data): throws DataDirLockedError.
  const lock = inMemory ? undefined : lockDataDir(config.dataDir);
  let pglite: PGlite;
  try {
    pglite = new PGlite({ ...config.pgliteOptions, ...(inMemory ? {} : { dataDir: config.dataDir }) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const client = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const db: PgliteDatabase = {
    kind: 'pglite',
    config,
    client,
    pglite,
    migrate: (options) => migrate(db, options),
    close: () =>
      (closed ??= (async () => {
        await client.$disconnect().catch(() => undefined);
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          lock?.release();
        }
      })()),
  };
  return db;
}

/** Splits Prisma's `schema` query parameter off a PostgreSQL URL. */
export function splitSchemaParam(url: string): { connectionString: string; schema?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url };
  }
  const schema = parsed.searchParams.get('schema') ?? undefined;
  if (schema === undefined) return { connectionString: url };
  parsed.searchParams.delete('schema');
  return { connectionString: parsed.toString(), ...(schema && { schema }) };
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Opens the database (config from the environment by default), waits until usable and migrates it. */
export async function createDatabase(
  config: DatabaseConfig = databaseConfigFromEnv(),
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  const db = openDatabase(config);
  try {
    if (db.kind === 'pglite') await db.pglite.waitReady;
    else await db.pool.query('SELECT 1');
    if (options.migrate !== false) await db.migrate(options);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
