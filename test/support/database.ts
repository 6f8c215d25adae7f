// Throwaway databases for tests.
//   createTestPostgres(): a fresh, uniquely named database on the local PostgreSQL server
//     (admin URL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
//     migrated; close() drops it. Throws, never skips, when the server is unreachable: a test
//     that needs real PostgreSQL (concurrency) must not silently pass without it.
//   createTestPglite(): an in-memory PGlite, migrated. Booting PGlite and running initdb costs
//     ~3 s, so the first call dumps the freshly migrated data directory to
//     node_modules/.cache/saloon/ (keyed by the migrations' checksums and the PGlite version) and
//     later calls, in any Jest worker, start from that dump in < 1 s. The migration runner still
//     runs on every database (a no-op when the dump is current), so a stale dump cannot hide a
//     migration. SALOON_TEST_PGLITE_CACHE=0 disables the cache.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import {
  createDatabase,
  type Database,
  type PgliteDatabase,
  type PostgresDatabase,
} from '../../src/database/database';
import { readMigrations } from '../../src/database/migrate';

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

const repoRoot = resolve(__dirname, '..', '..');

function pgliteTemplatePath(): string | undefined {
  if (process.env.SALOON_TEST_PGLITE_CACHE === '0') return undefined;
  const hash = createHash('sha256');
  for (const m of readMigrations()) hash.update(`${m.name}:${m.checksum}\n`);
  try {
    const pkg = JSON.parse(readFileSync(require.resolve('@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`pglite@${pkg.version}`);
  } catch {
    hash.update('pglite@unknown');
  }
  return join(
    repoRoot,
    'node_modules',
    '.cache',
    'saloon',
    `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`,
  );
}

/** A migrated in-memory PGlite database. */
export async function createTestPglite(): Promise<TestPglite> {
  const templatePath = pgliteTemplatePath();
  if (templatePath && existsSync(templatePath)) {
    try {
      const loadDataDir = new Blob([readFileSync(templatePath)]);
      return (await createDatabase({
        kind: 'pglite',
        dataDir: 'memory',
        pgliteOptions: { loadDataDir },
      })) as PgliteDatabase;
    } catch {
      rmSync(templatePath, { force: true }); // unreadable dump: rebuild it below
    }
  }
  const db = (await createDatabase({ kind: 'pglite', dataDir: 'memory' })) as PgliteDatabase;
  if (templatePath) {
    try {
      const dump = await db.pglite.dumpDataDir('gzip');
      mkdirSync(join(templatePath, '..'), { recursive: true });
      const tmp = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      renameSync(tmp, templatePath); // atomic: concurrent workers never read a partial file
    } catch {
      // the cache is only an optimisation
    }
  }
  return db;
}

/** A bare ACTIVE game row (type `t`, two seats, seat 0 to act) for event-store tests; its id. */
export async function createBareGame(db: Database, id: string): Promise<string> {
  await db.client.game.create({
    data: { id, type: 't', status: 'ACTIVE', options: {}, seed: 's', seatCount: 2, activeSeats: [0] },
  });
  return id;
}
