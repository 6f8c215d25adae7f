/**
 * The projector on PostgreSQL under concurrency: positions that commit out of order are not
 * skipped (a hole is waited for while its transaction is open, skipped once it rolled back), and
 * several projectors (separate connection pools, as separate processes) running at once while
 * games are written apply every event exactly once.
 */
import { AnalyticsProjection } from '../../src/analytics/analytics-projection';
import { Projector } from '../../src/analytics/projector';
import { sqlFor, type Sql } from '../../src/analytics/sql';
import { openDatabase, type Database } from '../../src/database/database';
import { createTestPostgres, type TestPostgres } from '../support/database';
import { dumpTables, recordGame, SEED_GAMES } from './seed';

describe('analytics projector on PostgreSQL', () => {
  let db: TestPostgres;
  let sql: Sql;
  const extra: Database[] = [];

  beforeAll(async () => {
    db = await createTestPostgres({ poolSize: 8 });
    sql = sqlFor(db);
  });

  afterAll(async () => {
    for (const d of extra) await d.close();
    await db?.close();
  });

  const checkpoint = async () =>
    Number(
      (
        await sql.query<{ p: string }>(
          `SELECT position::text AS p FROM projection_checkpoints WHERE name = 'analytics'`,
        )
      )[0]?.p ?? 0,
    );
  const maxPosition = async () =>
    Number((await sql.query<{ p: string }>(`SELECT max(position)::text AS p FROM events`))[0].p);
  const insertEvent = (
    client: { query: (q: string, p: unknown[]) => Promise<unknown> },
    gameId: string,
    version: number,
  ) =>
    client.query(
      `INSERT INTO events (game_id, version, type, payload, metadata)
       VALUES ($1, $2, 'TEST_EVENT', '{"type":"TEST_EVENT"}', '{"actor":"SYSTEM"}')`,
      [gameId, version],
    );

  it('waits for a position committed late and skips one that rolled back', async () => {
    const gameId = await recordGame(db, SEED_GAMES[5], 'pg-hole', 2);
    const projector = new Projector(sql, new AnalyticsProjection());
    await projector.catchUp();
    const base = await maxPosition();
    expect(await checkpoint()).toBe(base);

    // A transaction takes position base+1 and stays open; base+2 commits meanwhile.
    const held = await db.pool.connect();
    try {
      await held.query('BEGIN');
      await insertEvent(held, gameId, 9001);
      await insertEvent(db.pool, gameId, 9002);
      expect(await maxPosition()).toBe(base + 2);
      await projector.catchUp(undefined, { holeRetries: 3 });
      expect(await checkpoint()).toBe(base); // did not jump over the open hole
      await held.query('COMMIT');
    } finally {
      held.release();
    }
    await projector.catchUp();
    expect(await checkpoint()).toBe(base + 2);
    const count = async () =>
      (
        await sql.query<{ n: number }>(`SELECT event_count AS n FROM analytics_games WHERE game_id = $1`, [
          gameId,
        ])
      )[0].n;
    const events = async () =>
      (
        await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE game_id = $1`, [gameId])
      )[0].n;
    expect(await count()).toBe(await events());

    // A rolled-back insert leaves a permanent hole at base+3: skipped once provably dead.
    const rolled = await db.pool.connect();
    try {
      await rolled.query('BEGIN');
      await insertEvent(rolled, gameId, 9003);
      await rolled.query('ROLLBACK');
    } finally {
      rolled.release();
    }
    await insertEvent(db.pool, gameId, 9004);
    const deadline = Date.now() + 15_000;
    while ((await checkpoint()) !== base + 4 && Date.now() < deadline) await projector.catchUp();
    expect(await checkpoint()).toBe(base + 4);
    expect(await count()).toBe(await events());
  });

  it('several projectors at once, while games are written, apply every event exactly once', async () => {
    const pools = [0, 1, 2].map(() => {
      const d = openDatabase({ kind: 'postgres', url: db.url, poolSize: 3 });
      extra.push(d);
      return new Projector(sqlFor(d), new AnalyticsProjection(), { batchSize: 50 });
    });
    let writing = true;
    const loops = pools.map(async (p) => {
      while (writing) {
        await p.catchUp(undefined, { holeRetries: 1 });
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    await Promise.all(
      [SEED_GAMES[0], SEED_GAMES[3], SEED_GAMES[6], SEED_GAMES[7], SEED_GAMES[8]].map((spec, i) =>
        recordGame(db, spec, `pg-concurrent-${i}`, 6),
      ),
    );
    writing = false;
    await Promise.all(loops);
    const deadline = Date.now() + 15_000;
    while ((await checkpoint()) !== (await maxPosition()) && Date.now() < deadline) await pools[0].catchUp();
    expect(await checkpoint()).toBe(await maxPosition());

    const [{ projected, stored }] = await sql.query<{ projected: number; stored: number }>(
      `SELECT (SELECT sum(event_count)::int FROM analytics_games) AS projected,
              (SELECT count(*)::int FROM events) AS stored`,
    );
    expect(projected).toBe(stored);
    const live = await dumpTables(sql);
    await new Projector(sql, new AnalyticsProjection()).rebuild();
    expect(await dumpTables(sql)).toEqual(live);
  });
});
