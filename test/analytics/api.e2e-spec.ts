/**
 * Analytics over HTTP and the CLIs: GraphQL queries answer what AnalyticsQueries computes, the
 * projector runs inside the server, game history export is redacted for the caller, the bulk
 * export needs ANALYTICS_TOKEN (disabled without it), CSV/Parquet round-trip, and the
 * projections:rebuild / export CLIs work on the same database.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ParquetReader } from '@dsnp/parquetjs';
import { AnalyticsQueries } from '../../src/analytics/analytics-queries';
import { AnalyticsProjectorService } from '../../src/analytics/projector.service';
import { sqlFor, type Sql } from '../../src/analytics/sql';
import { exportCommand } from '../../src/cli/export';
import { rebuildCommand } from '../../src/cli/projections-rebuild';
import { startServer, type RunningServer } from '../support/app';
import { createTestPglite, type TestPglite } from '../support/database';
import { dumpTables, recordGame, SEED_GAMES } from './seed';

function parseCsv(text: string): string[][] {
  // RFC 4180: quoted cells may hold commas, quotes ("") and newlines (the JSON options column).
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe('analytics API, exports and CLIs', () => {
  let db: TestPglite;
  let sql: Sql;
  let server: RunningServer;
  let liveGame: string;
  let seatToken: string;
  const tmp = mkdtempSync(join(tmpdir(), 'saloon-analytics-'));

  beforeAll(async () => {
    db = await createTestPglite();
    sql = sqlFor(db);
    for (const [i, spec] of [SEED_GAMES[0], SEED_GAMES[3], SEED_GAMES[5], SEED_GAMES[8]].entries()) {
      await recordGame(db, spec, `api-seed-${i}`);
    }
    delete process.env.ANALYTICS_TOKEN;
    server = await startServer({ database: db, inlineBots: false });
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation { createGame(input: { type: "bang-dice", start: true, seats: [{ kind: HUMAN }, { kind: HUMAN }, { kind: HUMAN }, { kind: HUMAN }] }) {
         game { id } seatTokens { seat token } } }`,
    );
    liveGame = created.data!.createGame.game.id;
    seatToken = created.data!.createGame.seatTokens[0].token;
    await server.app.get(AnalyticsProjectorService).settle();
  });

  afterAll(async () => {
    delete process.env.ANALYTICS_TOKEN;
    await server?.close();
    await db?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('the server projects games it did not see being played (poll/bootstrap) and new ones (wake-ups)', async () => {
    const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_games`);
    expect(n).toBe(5);
    const [row] = await sql.query<{ status: string; event_count: number }>(
      `SELECT status, event_count FROM analytics_games WHERE game_id = $1`,
      [liveGame],
    );
    const [{ v }] = await sql.query<{ v: number }>(`SELECT version AS v FROM games WHERE id = $1`, [
      liveGame,
    ]);
    expect(row).toEqual({ status: 'ACTIVE', event_count: v });
  });

  it('GraphQL analytics queries answer what the query layer computes', async () => {
    const queries = new AnalyticsQueries(sql);
    const res = await server.gql<{
      winRates: { items: unknown[]; totalCount: number; nextCursor: string | null };
      scoreDistribution: { count: number; mean: number; buckets: unknown[] };
      gameLength: { games: number; meanDurationMs: number };
      actionPopularity: { items: unknown[]; totalCount: number };
      duelStats: { duels: number; games: number };
      botHeadToHead: unknown[];
    }>(
      `query ($f: AnalyticsFilterInput) {
        winRates(by: SEAT, filter: $f, first: 2) { items { key games wins winRate low high } totalCount nextCursor }
        scoreDistribution(filter: $f) { count mean buckets { from to count } }
        gameLength(filter: $f) { games meanDurationMs }
        actionPopularity(filter: $f, first: 100) { items { round action count share } totalCount }
        duelStats(filter: $f) { duels games }
        botHeadToHead(filter: $f) { levelA levelB games winsA winsB ties winRateA low high }
      }`,
      { f: { gameType: 'carson-city' } },
    );
    expect(res.errors).toBeUndefined();
    const f = { gameType: 'carson-city' };
    const rates = await queries.winRates('SEAT', f, 2);
    expect(res.data!.winRates).toEqual(rates);
    const scores = await queries.scoreDistribution(f);
    expect(res.data!.scoreDistribution).toEqual({
      count: scores.count,
      mean: scores.mean,
      buckets: scores.buckets,
    });
    expect(res.data!.gameLength.games).toBe(2);
    expect(res.data!.actionPopularity.items).toEqual((await queries.actionPopularity(f, null, 100)).items);
    const duels = await queries.duelStats(f);
    expect(res.data!.duelStats).toEqual({ duels: duels.duels, games: duels.games });
    expect(res.data!.botHeadToHead).toEqual(await queries.botHeadToHead(f));
    // Next page through the cursor.
    const next = await server.gql<{ winRates: { items: { key: string }[] } }>(
      `query ($after: String) { winRates(by: SEAT, filter: { gameType: "carson-city" }, first: 2, after: $after) { items { key } } }`,
      { after: rates.nextCursor },
    );
    expect(next.data!.winRates.items.map((r) => r.key)).toEqual(['2']);
  });

  it('GraphQL analytics reject bad input with VALIDATION', async () => {
    for (const q of [
      `{ winRates(by: SEAT, first: 1000) { totalCount } }`,
      `{ winRates(by: SEAT, after: "nope") { totalCount } }`,
      `{ gameLength(filter: { from: "not a date" }) { games } }`,
      `{ scoreDistribution(bucketSize: 0) { count } }`,
      `{ winRates(by: SEAT, filter: { options: [1] }) { totalCount } }`,
    ]) {
      const res = await server.gql(q);
      expect(res.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    }
  });

  it('exports a game as NDJSON and as a move log, redacted for the caller', async () => {
    const spectator = await fetch(`${server.url}/api/games/${liveGame}/export`);
    expect(spectator.status).toBe(200);
    expect(spectator.headers.get('content-type')).toMatch(/ndjson/);
    const asSpectator = (await spectator.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; payload: { seat: number; role: string | null } });
    const seat0 = await fetch(`${server.url}/api/games/${liveGame}/export?format=ndjson`, {
      headers: { authorization: `Bearer ${seatToken}` },
    });
    const asSeat0 = (await seat0.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; payload: { seat: number; role: string | null } });
    const [{ v }] = await sql.query<{ v: number }>(`SELECT version AS v FROM games WHERE id = $1`, [
      liveGame,
    ]);
    expect(asSpectator).toHaveLength(v);
    const roleOf = (events: typeof asSeat0, seat: number) =>
      events.find((e) => e.type === 'ROLE_DEALT' && e.payload.seat === seat)!.payload.role;
    const [{ role: trueRole }] = await sql.query<{ role: string }>(
      `SELECT payload->>'role' AS role FROM events WHERE game_id = $1 AND type = 'ROLE_DEALT' AND (payload->>'seat')::int = 0`,
      [liveGame],
    );
    expect(roleOf(asSeat0, 0)).toBe(trueRole);
    if (trueRole !== 'SHERIFF') expect(roleOf(asSpectator, 0)).toBeNull();
    // Some other seat's hidden role is hidden from seat 0 too.
    const hidden = [1, 2, 3].filter((s) => roleOf(asSeat0, s) === null);
    expect(hidden.length).toBeGreaterThanOrEqual(2);

    const log = await fetch(`${server.url}/api/games/${liveGame}/export?format=log`);
    const lines = (await log.text()).trim().split('\n');
    expect(lines).toHaveLength(v);
    expect(lines[0]).toMatch(/^#1 \S+ system GAME_STARTED: seatCount 4/);
    expect(lines.some((l) => /ROLE_DEALT: .*role -/.test(l))).toBe(true);

    expect((await fetch(`${server.url}/api/games/nope/export`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/games/${liveGame}/export?format=xml`)).status).toBe(400);
  });

  it('bulk export is disabled without ANALYTICS_TOKEN, and needs the token when set', async () => {
    delete process.env.ANALYTICS_TOKEN;
    const disabled = await fetch(`${server.url}/api/analytics/export/games`);
    expect(disabled.status).toBe(503);
    expect(((await disabled.json()) as { error: { code: string } }).error.code).toBe('EXPORT_DISABLED');

    process.env.ANALYTICS_TOKEN = 'operator-secret';
    expect((await fetch(`${server.url}/api/analytics/export/games`)).status).toBe(401);
    expect(
      (
        await fetch(`${server.url}/api/analytics/export/games`, {
          headers: { authorization: 'Bearer wrong' },
        })
      ).status,
    ).toBe(401);
    const auth = { authorization: 'Bearer operator-secret' };
    expect((await fetch(`${server.url}/api/analytics/export/nope`, { headers: auth })).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/analytics/export/games?format=xls`, { headers: auth })).status,
    ).toBe(400);

    const csv = await fetch(`${server.url}/api/analytics/export/seat_results?format=csv`, { headers: auth });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual([
      'game_id',
      'seat',
      'game_type',
      'kind',
      'bot_level',
      'character',
      'role',
      'score',
      'rank',
      'winner',
    ]);
    const dbRows = await sql.query<{
      game_id: string;
      seat: number;
      winner: boolean | null;
      score: number | null;
    }>(`SELECT game_id, seat, winner, score FROM analytics_seat_results ORDER BY game_id, seat`);
    expect(
      rows
        .slice(1)
        .map((r) => [
          r[0],
          Number(r[1]),
          r[9] === '' ? null : r[9] === 'true',
          r[7] === '' ? null : Number(r[7]),
        ]),
    ).toEqual(dbRows.map((r) => [r.game_id, r.seat, r.winner, r.score]));

    const parquet = await fetch(`${server.url}/api/analytics/export/games?format=parquet`, { headers: auth });
    expect(parquet.status).toBe(200);
    const reader = await ParquetReader.openBuffer(Buffer.from(await parquet.arrayBuffer()));
    const cursor = reader.getCursor();
    const records: Record<string, unknown>[] = [];
    for (let r = await cursor.next(); r; r = await cursor.next()) records.push(r as Record<string, unknown>);
    await reader.close();
    const games = await sql.query<{ game_id: string; event_count: number; started_at: Date }>(
      `SELECT game_id, event_count, started_at FROM analytics_games ORDER BY game_id`,
    );
    expect(records.map((r) => [r.game_id, r.event_count, (r.started_at as Date).getTime()])).toEqual(
      games.map((g) => [g.game_id, g.event_count, new Date(g.started_at).getTime()]),
    );
  });

  it('the export CLI writes CSV and Parquet files and a game log', async () => {
    const csvPath = join(tmp, 'games.csv');
    const n = await exportCommand(['--table', 'games', '--format', 'csv', '--out', csvPath], {
      database: db,
      log: () => undefined,
    });
    expect(n).toBe(5);
    expect(parseCsv(readFileSync(csvPath, 'utf8'))).toHaveLength(6);
    const pqPath = join(tmp, 'seat_results.parquet');
    const m = await exportCommand(['--table', 'seat_results', '--format', 'parquet', '--out', pqPath], {
      database: db,
      log: () => undefined,
    });
    const reader = await ParquetReader.openFile(pqPath);
    expect(Number(reader.getRowCount())).toBe(m);
    await reader.close();
    const logPath = join(tmp, 'game.log');
    const lines = await exportCommand(['--game', liveGame, '--format', 'log', '--out', logPath], {
      database: db,
      log: () => undefined,
    });
    expect(readFileSync(logPath, 'utf8').trim().split('\n')).toHaveLength(lines);
    await expect(exportCommand(['--table', 'nope'], { database: db, log: () => undefined })).rejects.toThrow(
      /unknown table/,
    );
  });

  it('projections:rebuild rebuilds from zero to the same tables', async () => {
    await server.app.get(AnalyticsProjectorService).settle();
    const before = await dumpTables(sql);
    const done = await rebuildCommand(['analytics'], { database: db, log: () => undefined, progress: false });
    const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
    expect(done).toEqual({ analytics: n });
    expect(await dumpTables(sql)).toEqual(before);
    await expect(rebuildCommand(['nope'], { database: db })).rejects.toThrow(/unknown projection/);
  });
});
