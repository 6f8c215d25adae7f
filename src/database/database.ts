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
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const client = new PrismaClient({ adapter: new PrismaPg(pool) });
    const db: PostgresDatabase = {
      kind: 'postgres',
      config,
      client,
      pool,
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
  const pglite = new PGlite({ ...config.pgliteOptions, ...(inMemory ? {} : { dataDir: config.dataDir }) });
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
        if (!pglite.closed) await pglite.close();
      })()),
  };
  return db;
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
