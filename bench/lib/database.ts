/**
 * Throwaway PostgreSQL databases for benchmarks and chaos runs (the same approach as
 * test/support/database.ts, which lives outside the build): a uniquely named database on the
 * local server (admin URL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * migrated; drop() removes it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type PostgresDatabase } from '../../src/database/database';

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 10_000 });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty database named `<prefix>_<random>`; migrate it with openThrowaway(). */
export async function createThrowaway(prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}

/** Opens (and migrates) a throwaway database with the application's own database layer. */
export async function openThrowaway(db: ThrowawayDatabase, poolSize: number): Promise<PostgresDatabase> {
  return (await createDatabase({ kind: 'postgres', url: db.url, poolSize })) as PostgresDatabase;
}
