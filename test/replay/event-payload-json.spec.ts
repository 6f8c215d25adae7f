/**
 * Event payloads are stored as `json` (migration 20261202080000_events_payload_json), which
 * PostgreSQL outputs as stored, instead of `jsonb`, which it converted back to text on every read.
 * Readers must get exactly what they got from jsonb: the migration keeps each stored value's jsonb
 * text, and the append still parses through jsonb, so new rows are stored in that same form (key
 * order, spacing, numbers) and what jsonb refuses is still refused. On both backends.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../src/database/database';
import { migrate, readMigrations, type MigrationTarget } from '../../src/database/migrate';
import { sqlFor, type SqlClient } from '../../src/database/sql';
import { EventStore } from '../../src/event-store/event-store';
import {
  createBareGame,
  createEmptyTestPostgres,
  createTestPglite,
  createTestPostgres,
} from '../support/database';

const MIGRATION = '20261202080000_events_payload_json';

/** Keys out of jsonb's order (shorter first, then bytewise), spacing and numbers jsonb rewrites. */
const PAYLOAD_TEXT = '{"zeta":1, "type":"K","a":{"bb":[1.50,-2,1e3,"x\\"y\\u00e9"],"a":null},"10":true}';

/** Migrates `target` with the repo's migrations named below `before` (all when undefined). */
async function migrateUpTo(target: MigrationTarget, before?: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'saloon-migrations-'));
  try {
    for (const m of readMigrations())
      if (before === undefined || m.name < before) {
        mkdirSync(join(dir, m.name));
        writeFileSync(join(dir, m.name, 'migration.sql'), m.sql);
      }
    await migrate(target, { migrationsDir: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Empty = { target: MigrationTarget; sql: SqlClient; close(): Promise<void> };

async function emptyPostgres(): Promise<Empty> {
  const empty = await createEmptyTestPostgres();
  const pool = new pg.Pool({ connectionString: empty.url, max: 2 });
  return {
    target: { kind: 'postgres', pool },
    sql: { query: async (text, params) => (await pool.query(text, params)).rows },
    close: async () => {
      await pool.end();
      await empty.drop();
    },
  };
}

async function emptyPglite(): Promise<Empty> {
  const pglite = new PGlite();
  return {
    target: { kind: 'pglite', pglite },
    sql: { query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows },
    close: () => pglite.close(),
  };
}

const backends: [string, () => Promise<Database>, () => Promise<Empty>][] = [
  ['PostgreSQL', createTestPostgres, emptyPostgres],
  ['PGlite', createTestPglite, emptyPglite],
];

describe.each(backends)('event payloads as json on %s', (_name, open, openEmpty) => {
  it('the migration keeps every stored payload as jsonb had it, to the character', async () => {
    const db = await openEmpty();
    try {
      expect(readMigrations().map((m) => m.name)).toContain(MIGRATION);
      await migrateUpTo(db.target, MIGRATION);
      await db.sql.query(
        `INSERT INTO games (id, type, status, options, seed, seat_count, updated_at)
         VALUES ('old', 't', 'ACTIVE', '{}', 's', 2, now())`,
      );
      await db.sql.query(
        `INSERT INTO events (game_id, version, type, payload, metadata) VALUES ('old', 1, 'K', $1::jsonb, '{}')`,
        [PAYLOAD_TEXT],
      );
      const [before] = await db.sql.query<{ text: string }>(`SELECT payload::text AS text FROM events`);
      expect(before.text).not.toBe(PAYLOAD_TEXT); // jsonb's own form

      await migrateUpTo(db.target);
      const [after] = await db.sql.query<{ text: string; type: string }>(
        `SELECT payload::text AS text, pg_typeof(payload)::text AS type FROM events`,
      );
      expect(after).toEqual({ text: before.text, type: 'json' });
    } finally {
      await db.close();
    }
  });

  describe('the append', () => {
    let db: Database;
    let store: EventStore;
    let n = 0;
    beforeAll(async () => {
      db = await open();
      store = new EventStore(db.client, sqlFor(db));
    });
    afterAll(async () => db.close());

    const newGame = () => createBareGame(db, `payload-${n++}`);
    const meta = { actor: 'SYSTEM' as const, at: '2026-01-01T00:00:00.000Z' };

    it("stores a payload in jsonb's text form, so readers get its keys in jsonb's order", async () => {
      const gameId = await newGame();
      const event = JSON.parse(PAYLOAD_TEXT) as { type: string };
      await store.append({
        gameId,
        expectedVersion: 0,
        events: [event],
        metadata: meta,
        readModel: { activeSeats: [] },
      });
      const [row] = await sqlFor(db).query<{ text: string; canonical: string }>(
        `SELECT payload::text AS text, payload::jsonb::text AS canonical FROM events WHERE game_id = $1`,
        [gameId],
      );
      expect(row.text).toBe(row.canonical);
      const [stored] = await store.readStream(gameId);
      expect(stored.payload).toEqual(event);
      expect(Object.keys(stored.payload)).toEqual(['10', 'a', 'type', 'zeta']);
      for await (const [paged] of store.readAllPages(stored.position - 1, 1)) {
        expect(JSON.stringify(paged.payload)).toBe(JSON.stringify(stored.payload));
        break;
      }
    });

    it('refuses what jsonb refuses (a NUL character) and stores nothing', async () => {
      const gameId = await newGame();
      await expect(
        store.append({
          gameId,
          expectedVersion: 0,
          events: [{ type: 'K', text: 'a\u0000b' } as never],
          metadata: meta,
          readModel: { activeSeats: [] },
        }),
      ).rejects.toThrow(/unicode|\\u0000/i);
      expect(await store.readStream(gameId)).toEqual([]);
    });
  });
});
