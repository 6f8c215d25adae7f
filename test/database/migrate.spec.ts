import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { createDatabase, openDatabase, splitSchemaParam, type Database } from '../../src/database/database';
import { isUniqueViolation, uniqueViolation } from '../../src/database/errors';
import { defaultMigrationsDir, migrate, readMigrations } from '../../src/database/migrate';
import { createEmptyTestPostgres, createTestPglite, createTestPostgres } from '../support/database';

const migrationsDir = defaultMigrationsDir();
const migrations = readMigrations(migrationsDir);

/** Raw SQL on either backend, bypassing Prisma. */
async function rawQuery<T>(db: Database, sql: string, params: unknown[] = []): Promise<T[]> {
  if (db.kind === 'postgres') return (await db.pool.query(sql, params)).rows as T[];
  return (await db.pglite.query<T>(sql, params)).rows;
}

async function expectRejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}

const backends: Array<[string, () => Promise<Database>]> = [
  ['postgres', createTestPostgres],
  ['pglite', createTestPglite],
];

it('finds the init migration and checksums it like Prisma (sha256 hex of the file bytes)', () => {
  expect(migrations.length).toBeGreaterThanOrEqual(1);
  expect(migrations[0].name).toMatch(/^\d{14}_init$/);
  for (const m of migrations) {
    expect(m.checksum).toBe(createHash('sha256').update(readFileSync(m.path)).digest('hex'));
    expect(m.checksum).toMatch(/^[0-9a-f]{64}$/);
  }
});

describe.each(backends)('on %s', (_kind, create) => {
  let db: Database;

  beforeAll(async () => {
    db = await create();
  });

  afterAll(async () => {
    await db?.close();
  });

  it('creates every table and records each migration in _prisma_migrations', async () => {
    const tables = await rawQuery<{ table_name: string }>(
      db,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    // Later migrations may add tables; these are the ones this layer and the init migration own.
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        '_prisma_migrations',
        'commands',
        'events',
        'game_seats',
        'games',
        'projection_checkpoints',
        'snapshots',
        'timers',
      ]),
    );
    const rows = await rawQuery<MigrationRow>(db, `SELECT * FROM _prisma_migrations ORDER BY started_at`);
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(migrations[i].checksum);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('has the column types of the Prisma schema', async () => {
    const columns = await rawQuery<{
      table_name: string;
      column_name: string;
      data_type: string;
      column_default: string | null;
      datetime_precision: number | null;
    }>(
      db,
      `SELECT table_name, column_name, data_type, column_default, datetime_precision
         FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const col = (table: string, name: string) =>
      columns.find((c) => c.table_name === table && c.column_name === name);
    expect(col('events', 'position')).toMatchObject({ data_type: 'bigint' });
    expect(col('events', 'position')?.column_default).toMatch(/^nextval\('events_position_seq'/);
    expect(col('events', 'payload')).toMatchObject({ data_type: 'json' });
    expect(col('games', 'active_seats')).toMatchObject({ data_type: 'ARRAY' });
    expect(col('games', 'created_at')).toMatchObject({
      data_type: 'timestamp with time zone',
      datetime_precision: 3,
    });
    expect(col('projection_checkpoints', 'position')).toMatchObject({
      data_type: 'bigint',
      column_default: null,
    });
  });

  it('is idempotent: a second run applies nothing and adds no rows', async () => {
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(migrations.map((m) => m.name));
    expect(again.warnings).toEqual([]);
    const [{ count }] = await rawQuery<{ count: number }>(
      db,
      `SELECT count(*)::int AS count FROM _prisma_migrations`,
    );
    expect(count).toBe(migrations.length);
  });

  it('round-trips every model through the Prisma client (BigInt, Json, Int[], timestamps)', async () => {
    const prisma = db.client;
    const gameId = `g-${_kind}-roundtrip`;
    const game = await prisma.game.create({
      data: {
        id: gameId,
        type: 'carson-city',
        status: 'LOBBY',
        options: { players: 4, variant: { name: 'base', flags: [true, null, 'x'] } },
        seed: 'secret-seed',
        seatCount: 4,
        activeSeats: [0, 2],
        summary: { round: 1 },
      },
    });
    expect(game.version).toBe(0);
    expect(game.activeSeats).toEqual([0, 2]);
    expect(game.result).toBeNull();
    expect(game.createdAt).toBeInstanceOf(Date);
    expect(game.updatedAt).toBeInstanceOf(Date);

    await prisma.gameSeat.createMany({
      data: [
        {
          gameId,
          seat: 0,
          kind: 'HUMAN',
          name: 'Doc',
          tokenHash: `hash-${_kind}-0`,
          joinedAt: new Date('2026-01-02T03:04:05.678Z'),
        },
        { gameId, seat: 1, kind: 'BOT', botLevel: 'easy' },
      ],
    });
    const e1 = await prisma.event.create({
      data: {
        gameId,
        version: 1,
        type: 'GameStarted',
        payload: { deck: [3, 1, 2] },
        metadata: { commandId: 'c1', seat: 0 },
      },
    });
    const e2 = await prisma.event.create({
      data: {
        gameId,
        version: 2,
        type: 'DiceRolled',
        payload: { dice: [6, 6] },
        metadata: { commandId: 'c2', seat: 1 },
      },
    });
    expect(typeof e1.position).toBe('bigint');
    expect(e2.position).toBeGreaterThan(e1.position);
    await prisma.command.create({
      data: { gameId, commandId: 'c1', seat: 0, command: { type: 'start' }, fromVersion: 0, toVersion: 1 },
    });
    await prisma.snapshot.create({ data: { gameId, version: 2, state: { phase: 'roll', cash: [10, 20] } } });
    const dueAt = new Date('2026-12-01T10:00:00.123Z');
    await prisma.timer.create({
      data: { id: `t-${_kind}`, gameId, seat: 1, version: 2, kind: 'TURN_TIMEOUT', dueAt },
    });
    const big = 2n ** 53n + 7n; // beyond Number.MAX_SAFE_INTEGER
    await prisma.projectionCheckpoint.create({ data: { name: `analytics-${_kind}`, position: big } });
    await prisma.game.update({
      where: { id: gameId },
      data: { version: 2, status: 'ACTIVE', result: { winner: 0 } },
    });

    const loaded = await prisma.game.findUniqueOrThrow({
      where: { id: gameId },
      include: {
        seats: { orderBy: { seat: 'asc' } },
        events: { orderBy: { version: 'asc' } },
        commands: true,
        snapshots: true,
        timers: true,
      },
    });
    expect(loaded.options).toEqual({ players: 4, variant: { name: 'base', flags: [true, null, 'x'] } });
    expect(loaded.result).toEqual({ winner: 0 });
    expect(loaded.seats.map((s) => [s.seat, s.kind, s.botLevel, s.botTakeover])).toEqual([
      [0, 'HUMAN', null, false],
      [1, 'BOT', 'easy', false],
    ]);
    expect(loaded.seats[0].joinedAt?.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(loaded.events.map((e) => [e.version, e.type, e.payload, e.position])).toEqual([
      [1, 'GameStarted', { deck: [3, 1, 2] }, e1.position],
      [2, 'DiceRolled', { dice: [6, 6] }, e2.position],
    ]);
    expect(loaded.commands[0]).toMatchObject({
      commandId: 'c1',
      seat: 0,
      command: { type: 'start' },
      fromVersion: 0,
      toVersion: 1,
    });
    expect(loaded.snapshots[0].state).toEqual({ phase: 'roll', cash: [10, 20] });
    expect(loaded.timers[0]).toMatchObject({ status: 'PENDING', kind: 'TURN_TIMEOUT', firedAt: null });
    expect(loaded.timers[0].dueAt.toISOString()).toBe('2026-12-01T10:00:00.123Z');
    const checkpoint = await prisma.projectionCheckpoint.findUniqueOrThrow({
      where: { name: `analytics-${_kind}` },
    });
    expect(checkpoint.position).toBe(big);

    const afterLast = await prisma.event.findMany({
      where: { position: { gt: e1.position } },
      orderBy: { position: 'asc' },
    });
    expect(afterLast.map((e) => e.version)).toEqual([2]);
    const byArray = await prisma.game.findMany({ where: { activeSeats: { has: 2 } }, select: { id: true } });
    expect(byArray.map((g) => g.id)).toContain(gameId);

    // Deleting a game cascades to every table that references it.
    await prisma.game.delete({ where: { id: gameId } });
    for (const table of ['game_seats', 'events', 'commands', 'snapshots', 'timers']) {
      const [{ count }] = await rawQuery<{ count: number }>(
        db,
        `SELECT count(*)::int AS count FROM ${table} WHERE game_id = $1`,
        [gameId],
      );
      expect(count).toBe(0);
    }
  });

  it('enforces unique (game_id, version) and isUniqueViolation recognises it from every layer', async () => {
    const prisma = db.client;
    const gameId = `g-${_kind}-unique`;
    await prisma.game.create({
      data: {
        id: gameId,
        type: 'bang-dice',
        status: 'ACTIVE',
        options: {},
        seed: 's',
        seatCount: 2,
        activeSeats: [],
      },
    });
    const event = { gameId, version: 1, type: 'A', payload: {}, metadata: {} };
    await prisma.event.create({ data: event });

    const viaModel = await expectRejection(prisma.event.create({ data: { ...event, type: 'B' } }));
    expect(isUniqueViolation(viaModel)).toBe(true);
    expect((viaModel as { code?: string }).code).toBe('P2002');

    const viaCreateMany = await expectRejection(prisma.event.createMany({ data: [{ ...event, type: 'C' }] }));
    expect(isUniqueViolation(viaCreateMany)).toBe(true);

    const viaTransaction = await expectRejection(
      prisma.$transaction(async (tx) => {
        await tx.event.create({ data: { ...event, version: 2 } });
        await tx.event.create({ data: { ...event, version: 2 } });
      }),
    );
    expect(isUniqueViolation(viaTransaction)).toBe(true);

    const viaRawPrisma = await expectRejection(
      prisma.$executeRaw`INSERT INTO events (game_id, version, type, payload, metadata) VALUES (${gameId}, 1, 'D', '{}'::jsonb, '{}'::jsonb)`,
    );
    expect(isUniqueViolation(viaRawPrisma)).toBe(true);

    const viaDriver = await expectRejection(
      rawQuery(
        db,
        `INSERT INTO events (game_id, version, type, payload, metadata) VALUES ($1, 1, 'E', '{}', '{}')`,
        [gameId],
      ),
    );
    expect(isUniqueViolation(viaDriver)).toBe(true);

    // What collided, from every layer.
    for (const error of [viaModel, viaCreateMany, viaTransaction, viaRawPrisma, viaDriver]) {
      const details = uniqueViolation(error);
      expect(details).toBeDefined();
      expect(
        details?.constraint === 'events_game_id_version_key' ||
          JSON.stringify(details?.fields) === JSON.stringify(['game_id', 'version']),
      ).toBe(true);
    }
    const duplicateCommand = { gameId, commandId: 'same', command: {}, fromVersion: 0, toVersion: 1 };
    await prisma.command.create({ data: duplicateCommand });
    const viaPrimaryKey = await expectRejection(prisma.command.create({ data: duplicateCommand }));
    expect(isUniqueViolation(viaPrimaryKey)).toBe(true);
    expect(
      uniqueViolation(viaPrimaryKey)?.constraint ?? uniqueViolation(viaPrimaryKey)?.fields?.join(),
    ).toMatch(/^(commands_pkey|game_id,command_id)$/);

    // Nothing of the failed attempts was written.
    expect(await prisma.event.count({ where: { gameId } })).toBe(1);

    // Other failures are not unique violations.
    const foreignKey = await expectRejection(
      prisma.event.create({ data: { ...event, gameId: 'no-such-game' } }),
    );
    expect(isUniqueViolation(foreignKey)).toBe(false);
    expect(uniqueViolation(foreignKey)).toBeUndefined();
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('P2002')).toBe(false);
  });

  it('records a failed migration as rolled back, leaves no trace of it and retries it next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saloon-migrations-'));
    try {
      for (const m of migrations) {
        mkdirSync(join(dir, m.name));
        writeFileSync(join(dir, m.name, 'migration.sql'), m.sql);
      }
      const bad = '29991231000000_broken';
      mkdirSync(join(dir, bad));
      writeFileSync(
        join(dir, bad, 'migration.sql'),
        'CREATE TABLE "half_done" (id int);\nSELECT * FROM "no_such_table";\n',
      );
      const error = await expectRejection(migrate(db, { migrationsDir: dir }));
      expect(String(error)).toMatch(/29991231000000_broken.*rolled back/);
      const [{ exists }] = await rawQuery<{ exists: boolean }>(
        db,
        `SELECT to_regclass('public.half_done') IS NOT NULL AS exists`,
      );
      expect(exists).toBe(false);
      const rows = await rawQuery<MigrationRow>(
        db,
        `SELECT * FROM _prisma_migrations WHERE migration_name = $1`,
        [bad],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ finished_at: null, applied_steps_count: 0 });
      expect(rows[0].rolled_back_at).toBeInstanceOf(Date);
      expect(rows[0].logs).toMatch(/no_such_table/);

      writeFileSync(join(dir, bad, 'migration.sql'), 'CREATE TABLE "half_done" (id int);\n');
      const retried = await migrate(db, { migrationsDir: dir });
      expect(retried.applied).toEqual([bad]);
      await rawQuery(db, 'DROP TABLE "half_done"');
      await rawQuery(db, `DELETE FROM _prisma_migrations WHERE migration_name = $1`, [bad]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('on postgres only', () => {
  it('is safe when several processes migrate the same fresh database at once', async () => {
    const empty = await createEmptyTestPostgres();
    const pools = Array.from({ length: 6 }, () => {
      const pool = new pg.Pool({ connectionString: empty.url, max: 1 });
      // DROP ... WITH (FORCE) below may reach a client pg-pool is still closing: not a failure.
      pool.on('error', () => undefined);
      return pool;
    });
    try {
      const results = await Promise.all(pools.map((pool) => migrate({ kind: 'postgres', pool })));
      const names = migrations.map((m) => m.name);
      expect(results.filter((r) => r.applied.length > 0)).toHaveLength(1);
      for (const r of results) expect([...r.applied, ...r.alreadyApplied].sort()).toEqual(names);
      const { rows } = await pools[0].query<{ migration_name: string }>(
        'SELECT migration_name FROM _prisma_migrations',
      );
      expect(rows.map((r) => r.migration_name).sort()).toEqual(names);
      // The advisory lock was released: another migrate still works at once.
      await expect(migrate({ kind: 'postgres', pool: pools[0] })).resolves.toMatchObject({ applied: [] });
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await empty.drop();
    }
  });

  it('refuses to continue after an unresolved failed migration, like Prisma (P3009)', async () => {
    const db = await createTestPostgres();
    try {
      await db.pool.query(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, started_at, applied_steps_count)
         VALUES ('00000000-0000-4000-8000-000000000000', 'x', '20000101000000_failed_by_cli', 'boom', now(), 0)`,
      );
      await expect(migrate(db)).rejects.toThrow(/20000101000000_failed_by_cli.*not resolved/);
    } finally {
      await db.close();
    }
  });

  it("honours Prisma's ?schema= URL parameter (Prisma queries, raw SQL and migrations)", async () => {
    const empty = await createEmptyTestPostgres();
    const db = await createDatabase({ kind: 'postgres', url: `${empty.url}?schema=saloon_app` });
    try {
      expect(db.kind === 'postgres' && db.schema).toBe('saloon_app');
      await db.client.projectionCheckpoint.create({ data: { name: 'x', position: 1n } });
      const tables = await rawQuery<{ table_schema: string }>(
        db,
        `SELECT DISTINCT table_schema FROM information_schema.tables
          WHERE table_name IN ('events', 'projection_checkpoints', '_prisma_migrations')`,
      );
      expect(tables.map((t) => t.table_schema)).toEqual(['saloon_app']);
      const [{ n }] = await rawQuery<{ n: number }>(
        db,
        'SELECT count(*)::int AS n FROM saloon_app.projection_checkpoints',
      );
      expect(n).toBe(1);
      expect((await db.migrate()).applied).toEqual([]);
    } finally {
      await db.close();
      await empty.drop();
    }
  });

  it('createTestPostgres fails loudly when PostgreSQL is unreachable', async () => {
    const previous = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:1/postgres';
    try {
      await expect(createTestPostgres()).rejects.toThrow(
        /PostgreSQL is required for this test but is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1/,
      );
    } finally {
      if (previous === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = previous;
    }
  });

  it('createDatabase reports a clear error and closes the pool when the server is unreachable', async () => {
    await expect(
      createDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/nope' }),
    ).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

it('splitSchemaParam strips only the schema parameter', () => {
  expect(splitSchemaParam('postgres://u:p@h:5432/db?schema=app&sslmode=disable')).toEqual({
    connectionString: 'postgres://u:p@h:5432/db?sslmode=disable',
    schema: 'app',
  });
  expect(splitSchemaParam('postgres://h/db')).toEqual({ connectionString: 'postgres://h/db' });
});

describe('openDatabase on PGlite with a data directory', () => {
  it('persists across reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saloon-pglite-'));
    try {
      const first = openDatabase({ kind: 'pglite', dataDir: join(dir, 'data') });
      await first.migrate();
      await first.client.projectionCheckpoint.create({ data: { name: 'p', position: 42n } });
      await first.close();
      const second = await createDatabase({ kind: 'pglite', dataDir: join(dir, 'data') });
      try {
        expect(
          (await second.client.projectionCheckpoint.findUniqueOrThrow({ where: { name: 'p' } })).position,
        ).toBe(42n);
        expect((await second.migrate()).applied).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
