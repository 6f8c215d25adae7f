/**
 * The single-statement append (src/event-store/event-store.ts APPEND_SQL) on both backends: the
 * command record, the guarded version move with the read model and the events commit together in
 * one round trip (BEGIN/COMMIT only around extra writes), a stale expected version leaves nothing behind (not even the
 * command record), a reused command id is a DuplicateCommandError, and null read-model values
 * leave their columns alone.
 */
import { sqlFor } from '../../src/database/sql';
import pg from 'pg';
import { ConcurrencyError, DuplicateCommandError, EventStore } from '../../src/event-store/event-store';
import type { Database } from '../../src/database/database';
import { createBareGame, createTestPglite, createTestPostgres } from '../support/database';

const backends: [string, () => Promise<Database>][] = [
  ['PostgreSQL', createTestPostgres],
  ['PGlite', createTestPglite],
];

describe.each(backends)('EventStore.append on %s', (name, open) => {
  let db: Database;
  let store: EventStore;
  let n = 0;

  beforeAll(async () => {
    db = await open();
    store = new EventStore(db.client, sqlFor(db));
  });
  afterAll(async () => db.close());

  const newGame = () => createBareGame(db, `append-${n++}`);
  const meta = { actor: 'HUMAN' as const, seat: 0, at: '2026-01-01T00:00:00.000Z' };

  it('writes the command, the read model and the events in order', async () => {
    const id = await newGame();
    await store.append({
      gameId: id,
      expectedVersion: 0,
      events: [{ type: 'A' }, { type: 'B', nested: { x: [1, 'two', null] } } as never],
      metadata: meta,
      command: { commandId: 'c1', seat: 0, body: { type: 'GO', n: 1 }, bodyHash: 'h1' },
      readModel: { activeSeats: [1], status: 'ACTIVE', startedAt: new Date('2026-01-02T00:00:00Z') },
    });
    const events = await store.readStream(id);
    expect(events.map((e) => [e.version, e.type, e.payload])).toEqual([
      [1, 'A', { type: 'A' }],
      [2, 'B', { type: 'B', nested: { x: [1, 'two', null] } }],
    ]);
    expect(events[0].metadata).toEqual(meta);
    expect(await store.findCommand(id, 'c1')).toEqual({
      commandId: 'c1',
      seat: 0,
      fromVersion: 0,
      toVersion: 2,
      bodyHash: 'h1',
    });
    const game = await db.client.game.findUniqueOrThrow({ where: { id } });
    expect(game).toMatchObject({ version: 2, activeSeats: [1], status: 'ACTIVE', result: null });
    expect(game.startedAt?.toISOString()).toBe('2026-01-02T00:00:00.000Z');

    // Null read-model values keep the columns; a result and finishedAt are written.
    await store.append({
      gameId: id,
      expectedVersion: 2,
      events: [{ type: 'END' }],
      metadata: meta,
      readModel: {
        activeSeats: [],
        status: 'FINISHED',
        result: { winners: [1] },
        finishedAt: new Date('2026-01-03T00:00:00Z'),
      },
    });
    const done = await db.client.game.findUniqueOrThrow({ where: { id } });
    expect(done).toMatchObject({ version: 3, activeSeats: [], status: 'FINISHED', result: { winners: [1] } });
    expect(done.startedAt?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(done.finishedAt?.toISOString()).toBe('2026-01-03T00:00:00.000Z');
  });

  it('readAllPages: every event after a position in position order, page by page, as readAll has them', async () => {
    // A game id and payload strings that JSON must escape (readAllPages reads a page as one JSON
    // text, readAll row by row), nested values and an older event schema.
    const odd = await createBareGame(db, `append-"odd"\\${n++}\u00e9\u2028\t`);
    const games = [await newGame(), odd, await newGame()];
    const start = (await store.readAll(0, 1_000_000)).at(-1)?.position ?? 0;
    for (let round = 0; round < 3; round++)
      for (const gameId of games)
        await store.append({
          gameId,
          expectedVersion: round,
          events: [
            {
              type: 'E',
              round,
              gameId,
              text: 'a "quote", a \\ backslash, \n, \u00e9, \u{1f920}, </script>',
              nested: { list: [1, -2.5, 1e21, null, true, [{}]], empty: '' },
            } as never,
          ],
          eventSchema: round + 1,
          metadata: meta,
          readModel: { activeSeats: [0] },
        });
    const all = await store.readAll(start, 1000);
    expect(all.map((e) => [e.gameId, e.version, e.schemaVersion])).toEqual(
      [1, 2, 3].flatMap((v) => games.map((g) => [g, v, v])),
    );
    expect(all[1].payload).toMatchObject({ gameId: odd, text: expect.stringContaining('\u{1f920}') });
    // Pages of 4: the next one is read while this one is handed out; a short last page ends it.
    const pages: unknown[][] = [];
    for await (const page of store.readAllPages(start, 4)) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual(
      all.map(({ position, gameId, version, payload, schemaVersion }) => ({
        position,
        gameId,
        version,
        payload,
        schemaVersion,
      })),
    );
    // The next page is on its way while the caller holds this one (PostgreSQL: a pool
    // connection runs it; it is not left queued until the caller's synchronous fold is over).
    if (db.kind === 'postgres') {
      const pool = db.pool;
      for await (const page of store.readAllPages(start, 4)) {
        expect(page).toHaveLength(4);
        expect({ waiting: pool.waitingCount, busy: pool.totalCount - pool.idleCount }).toEqual({
          waiting: 0,
          busy: 1,
        });
        break;
      }
    }
    // After the last event: no page at all.
    for await (const page of store.readAllPages(all[all.length - 1].position)) pages.push(page);
    expect(pages).toHaveLength(3);
    // readAll's time is the column's, to the millisecond.
    const rows = await db.client.event.findMany({ where: { gameId: games[0] }, orderBy: { version: 'asc' } });
    expect(all.filter((e) => e.gameId === games[0]).map((e) => e.createdAt)).toEqual(
      rows.map((r) => r.createdAt),
    );
  });

  it('a stale expected version is a ConcurrencyError and leaves no trace', async () => {
    const id = await newGame();
    await store.append({
      gameId: id,
      expectedVersion: 0,
      events: [{ type: 'A' }],
      metadata: meta,
      readModel: { activeSeats: [0] },
    });
    await expect(
      store.append({
        gameId: id,
        expectedVersion: 0,
        events: [{ type: 'B' }],
        metadata: meta,
        command: { commandId: 'late', seat: 0, body: {} },
        readModel: { activeSeats: [1] },
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.findCommand(id, 'late')).toBeNull();
    expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A']);
    expect(await db.client.game.findUniqueOrThrow({ where: { id } })).toMatchObject({
      version: 1,
      activeSeats: [0],
    });
  });

  it('a reused command id is a DuplicateCommandError and appends nothing', async () => {
    const id = await newGame();
    const command = { commandId: 'same', seat: 0, body: {} };
    await store.append({
      gameId: id,
      expectedVersion: 0,
      events: [{ type: 'A' }],
      metadata: meta,
      command,
      readModel: { activeSeats: [0] },
    });
    await expect(
      store.append({
        gameId: id,
        expectedVersion: 1,
        events: [{ type: 'B' }],
        metadata: meta,
        command,
        readModel: { activeSeats: [0] },
      }),
    ).rejects.toBeInstanceOf(DuplicateCommandError);
    expect((await store.readStream(id)).map((e) => e.version)).toEqual([1]);
  });

  it('concurrent appends at one version: exactly one wins, the stream has no gap or duplicate', async () => {
    const id = await newGame();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        store.append({
          gameId: id,
          expectedVersion: 0,
          events: [{ type: `E${i}` }, { type: `F${i}` }],
          metadata: meta,
          command: { commandId: `race-${i}`, seat: 0, body: {} },
          readModel: { activeSeats: [0] },
        }),
      ),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(name === 'PGlite' ? 1 : 1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConcurrencyError);
    const events = await store.readStream(id);
    expect(events.map((e) => e.version)).toEqual([1, 2]);
    const { count } = await db.client.command
      .aggregate({ where: { gameId: id }, _count: true })
      .then((r) => ({ count: r._count }));
    expect(count).toBe(1);
  });

  it('one command id raced at one version: one append wins, the other is a DuplicateCommandError', async () => {
    const id = await newGame();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        store.append({
          gameId: id,
          expectedVersion: 0,
          events: [{ type: 'A' }],
          metadata: meta,
          command: { commandId: 'twice', seat: 0, body: {} },
          readModel: { activeSeats: [0] },
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(DuplicateCommandError);
    expect((await store.readStream(id)).map((e) => e.version)).toEqual([1]);
  });

  it('writes the snapshot with the events, and none on a stale version', async () => {
    const id = await newGame();
    const append = (expectedVersion: number) =>
      store.append({
        gameId: id,
        expectedVersion,
        events: [{ type: 'A' }],
        metadata: meta,
        readModel: { activeSeats: [0] },
        snapshot: { counter: expectedVersion + 1 },
        snapshotSchema: 3,
      });
    await append(0);
    await expect(append(0)).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.latestSnapshot(id, undefined, 3)).toEqual({ version: 1, state: { counter: 1 } });
    expect(await db.client.snapshot.count({ where: { gameId: id } })).toBe(1);
  });

  if (name === 'PostgreSQL') {
    const statements = async (run: () => Promise<unknown>) => {
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      const seen: string[] = [];
      proto.query = function (this: unknown, ...args: unknown[]) {
        const q = args[0] as string | { text?: string };
        seen.push((typeof q === 'string' ? q : (q?.text ?? '')).trim().split(/\s+/)[0].toUpperCase());
        return original.apply(this, args);
      };
      try {
        await run();
      } finally {
        proto.query = original;
      }
      return seen;
    };

    it('costs one statement, or BEGIN, the append, the extra writes and COMMIT when it has some', async () => {
      const id = await newGame();
      const request = (expectedVersion: number, commandId: string) => ({
        gameId: id,
        expectedVersion,
        events: [{ type: 'A' }, { type: 'B' }],
        metadata: meta,
        command: { commandId, seat: 0, body: {} },
        readModel: { activeSeats: [0] },
      });
      expect(await statements(() => store.append(request(0, 'c')))).toEqual(['WITH']);
      const inTransaction = await statements(() =>
        store.append({
          ...request(2, 'd'),
          alsoInTransaction: async (tx) => void (await tx.$executeRawUnsafe('SELECT 1')),
        }),
      );
      expect(inTransaction).toEqual(['BEGIN', 'WITH', 'SELECT', 'COMMIT']);
      expect((await store.readStream(id)).map((e) => e.version)).toEqual([1, 2, 3, 4]);
    });
  }
});
