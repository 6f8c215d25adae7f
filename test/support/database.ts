// Throwaway databases for tests.
//   createTestPostgres(): a fresh, uniquely named database on the local PostgreSQL server
//     (admin URL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
//     migrated; close() drops it. Throws, never skips, when the server is unreachable: a test
//     that needs real PostgreSQL (concurrency) must not silently pass without it.
//   createTestPglite(): an in-memory PGlite, migrated.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type PgliteDatabase, type PostgresDatabase } from '../../src/database/database';

export const DEFAULT_TEST_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestPostgres = PostgresDatabase & { url: string; databaseName: string };
export type TestPglite = PgliteDatabase;

export function testAdminUrl(): string {
  return process.env.TEST_DATABASE_URL?.trim() || DEFAULT_TEST_ADMIN_URL;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = testAdminUrl();
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(
      `PostgreSQL is required for this test but is not reachable at ${redact(adminUrl)} (${reason}). ` +
        `Start the local server or set TEST_DATABASE_URL to an admin connection URL.`,
      { cause: error },
    );
  }
  try {
    return await fn(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** A fresh, empty database (not migrated); returns its URL and a function dropping it. */
export async function createEmptyTestPostgres(): Promise<{
  url: string;
  databaseName: string;
  drop(): Promise<void>;
}> {
  const databaseName = `saloon_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(testAdminUrl());
  url.pathname = `/${databaseName}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    databaseName,
    drop: () =>
      (dropped ??= withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      })),
  };
}

/** A fresh, migrated PostgreSQL database; close() disconnects and drops it. */
export async function createTestPostgres(options: { poolSize?: number } = {}): Promise<TestPostgres> {
  const empty = await createEmptyTestPostgres();
  let db: PostgresDatabase;
  try {
    db = (await createDatabase({
      kind: 'postgres',
      url: empty.url,
      poolSize: options.poolSize ?? 5,
    })) as PostgresDatabase;
  } catch (error) {
    await empty.drop().catch(() => undefined);
    throw error;
  }
  const closeDb = db.close;
  let closed: Promise<void> | undefined;
  return Object.assign(db, {
    url: empty.url,
    databaseName: empty.databaseName,
    close: () =>
      (closed ??= (async () => {
        try {
          await closeDb();
        } finally {
          await empty.drop();
        }
      })()),
  });
}

/** A migrated in-memory PGlite database. */
export async function createTestPglite(): Promise<TestPglite> {
  return (await createDatabase({ kind: 'pglite', dataDir: 'memory' })) as PgliteDatabase;
}
