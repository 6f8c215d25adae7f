/**
 * Analytics query benchmark: 100,000 synthetic finished games (Carson City and Bang!, 2-6 seats,
 * picks, placements, duels) written straight into the analytic tables of a throwaway PostgreSQL
 * database, then every GraphQL analytics query timed through the query layer (median of 5 runs
 * after a warm-up).
 *
 *   npm run build && node dist/bench/analytics.js [--games 100000] [--runs 5]
 *
 * Admin URL for the throwaway database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres. The database is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { AnalyticsQueries, type AnalyticsFilter } from '../src/analytics/analytics-queries';
import { sqlFor } from '../src/analytics/sql';
import { createDatabase, type PostgresDatabase } from '../src/database/database';
import { PERSONALITIES } from '../src/games/carson-city/data/personalities';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const GAMES = arg('games', 100_000);
/** --keep: leave the database for another run; --db NAME: reuse it (no seeding). */
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : undefined;
const RUNS = arg('runs', 5);

async function seed(db: PostgresDatabase): Promise<void> {
  const q = (text: string, params: unknown[] = []) => db.pool.query(text, params);
  const keys = PERSONALITIES.map((p) => `'${p.key}'`).join(',');
  await q(
    `
    INSERT INTO analytics_games (game_id, game_type, options, player_count, human_count, bot_count, status,
                                 started_at, ended_at, duration_ms, event_count, rounds, end_reason, last_position)
    SELECT 'g' || i,
           CASE WHEN i % 5 < 3 THEN 'carson-city' ELSE 'bang-dice' END,
           CASE WHEN i % 5 < 3 THEN '{"buildings":"FULL","personalitySet":"FIRST_GAME"}'::jsonb
                ELSE jsonb_build_object('characterChoice', i % 2 = 0) END,
           p, h, p - h,
           CASE WHEN i % 50 = 0 THEN 'ABORTED' ELSE 'FINISHED' END,
           timestamptz '2026-01-01' + (i % 365) * interval '1 day' + (i % 1440) * interval '1 minute',
           timestamptz '2026-01-01' + (i % 365) * interval '1 day' + (i % 1440) * interval '1 minute'
             + d * interval '1 millisecond',
           d, 200 + i % 400, CASE WHEN i % 5 < 3 THEN 4 ELSE 10 + i % 20 END, 'FINAL_SCORING', i
      FROM generate_series(1, $1::int) AS i,
           LATERAL (SELECT CASE WHEN i % 5 < 3 THEN 2 + i % 5 ELSE 3 + i % 6 END AS p) ps,
           LATERAL (SELECT CASE WHEN i % 4 = 0 THEN 1 ELSE 0 END AS h, (600000 + (i * 7919) % 3000000) AS d) hd`,
    [GAMES],
  );
  await q(`
    INSERT INTO analytics_seat_results (game_id, seat, game_type, kind, bot_level, character, role, score, rank, winner)
    SELECT game_id, seat, game_type, kind, bot_level, character, role, score,
           rank() OVER (PARTITION BY game_id ORDER BY score DESC), false
      FROM (
        SELECT g.game_id, s AS seat, g.game_type,
               CASE WHEN s = 0 AND g.human_count = 1 THEN 'HUMAN' ELSE 'BOT' END AS kind,
               CASE WHEN s = 0 AND g.human_count = 1 THEN NULL
                    ELSE (ARRAY['RANDOM','HEURISTIC','STRONG'])[1 + (hashtext(g.game_id || s) & 65535) % 3] END AS bot_level,
               CASE WHEN g.game_type = 'bang-dice' THEN 'CHAR_' || ((hashtext(g.game_id || 'c' || s) & 65535) % 16) END AS character,
               CASE WHEN g.game_type = 'bang-dice' THEN (ARRAY['SHERIFF','OUTLAW','OUTLAW','RENEGADE','DEPUTY','OUTLAW','DEPUTY','RENEGADE'])[1 + s] END AS role,
               (hashtext(g.game_id || 's' || s) & 65535) % 40 AS score
          FROM analytics_games g, generate_series(0, g.player_count - 1) AS s) t`);
  await q(`UPDATE analytics_seat_results SET winner = (rank = 1)`);
  await q(`
    INSERT INTO analytics_cc_picks (game_id, version, round, seat, pick_order, personality, personality_key, side, paperboy)
    SELECT g.game_id, r * 100 + s, r, s, s, k, (ARRAY[${keys}])[k + 1], 'YELLOW', false
      FROM analytics_games g, generate_series(1, 4) AS r, generate_series(0, g.player_count - 1) AS s,
           LATERAL (SELECT 1 + (hashtext(g.game_id || r || s) & 65535) % 19 AS k) kk
     WHERE g.game_type = 'carson-city'`);
  await q(`
    INSERT INTO analytics_cc_actions (game_id, version, round, seat, action, loc, dynamite)
    SELECT g.game_id, 1000 + r * 100 + s * 10 + c, r, s, a, 'A:' || a, false
      FROM analytics_games g, generate_series(1, 4) AS r, generate_series(0, g.player_count - 1) AS s,
           generate_series(1, 2) AS c,
           LATERAL (SELECT (ARRAY['WAGES','AMMUNITION','ROADS','ROAD','BUILD_3','BUILD_4','PARCEL_INCOME','GAMBLING','VP_PARCELS','BUY_VP_3'])[1 + (hashtext(g.game_id || r || s || c) & 65535) % 10] AS a) aa
     WHERE g.game_type = 'carson-city'`);
  await q(`
    INSERT INTO analytics_cc_duels (game_id, version, round, loc, seat, participants, dice_total, dice_count, firepower, total, won,
                                    first, strongest, personality_key)
    SELECT g.game_id, 5000 + r * 10 + n, r, 'P:' || n, s, 2, 3, 1, f, f + 3, s = (r + n) % 2,
           s = 0, s = (r + n) % 2 AND f > 1, (ARRAY[${keys}])[2 + (hashtext(g.game_id || r || s) & 65535) % 19]
      FROM analytics_games g, generate_series(1, 4) AS r, generate_series(1, 2) AS n, generate_series(0, 1) AS s,
           LATERAL (SELECT (hashtext(g.game_id || r || n || s) & 65535) % 5 AS f) ff
     WHERE g.game_type = 'carson-city'`);
  await q(`
    INSERT INTO analytics_cc_seat_personalities (game_id, seat, personality_key, kind, bot_level, winner)
    SELECT DISTINCT p.game_id, p.seat, p.personality_key, s.kind, s.bot_level, s.winner
      FROM analytics_cc_picks p JOIN analytics_seat_results s ON s.game_id = p.game_id AND s.seat = p.seat`);
  await q(`ANALYZE`);
}

async function main(): Promise<void> {
  const admin =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = REUSE ?? `saloon_bench_analytics_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  if (!REUSE) await adminClient.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let db: PostgresDatabase | undefined;
  try {
    db = (await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 })) as PostgresDatabase;
    const t0 = Date.now();
    if (!REUSE) await seed(db);
    const counts = await db.pool.query(
      `SELECT (SELECT count(*) FROM analytics_games)::int AS games, (SELECT count(*) FROM analytics_seat_results)::int AS seats,
              (SELECT count(*) FROM analytics_cc_picks)::int AS picks, (SELECT count(*) FROM analytics_cc_actions)::int AS actions,
              (SELECT count(*) FROM analytics_cc_duels)::int AS duels`,
    );
    console.log(`seeded ${JSON.stringify(counts.rows[0])} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    console.log(
      `machine: ${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const queries = new AnalyticsQueries(sqlFor(db));
    const cc: AnalyticsFilter = { gameType: 'carson-city' };
    const bang: AnalyticsFilter = { gameType: 'bang-dice' };
    const narrow: AnalyticsFilter = {
      gameType: 'carson-city',
      playerCounts: [3, 4],
      from: new Date('2026-03-01'),
      to: new Date('2026-09-01'),
      seatKind: 'BOT',
      options: { buildings: 'FULL' },
    };
    const cases: [string, () => Promise<unknown>][] = [
      ['winRates PERSONALITY (carson-city)', () => queries.winRates('PERSONALITY', cc)],
      ['winRates PERSONALITY (narrow filter)', () => queries.winRates('PERSONALITY', narrow)],
      ['winRates CHARACTER (bang-dice)', () => queries.winRates('CHARACTER', bang)],
      ['winRates ROLE (bang-dice)', () => queries.winRates('ROLE', bang)],
      ['winRates SEAT (all games)', () => queries.winRates('SEAT', {})],
      ['scoreDistribution (all games)', () => queries.scoreDistribution({})],
      ['gameLength DAY (all games)', () => queries.gameLength({}, 'DAY', 366)],
      ['actionPopularity (carson-city)', () => queries.actionPopularity(cc, null, 100)],
      ['duelStats (carson-city)', () => queries.duelStats(cc)],
      ['botHeadToHead (all games)', () => queries.botHeadToHead({})],
    ];
    const rows: { query: string; medianMs: number; maxMs: number }[] = [];
    for (const [label, run] of cases) {
      await run(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      rows.push({
        query: label,
        medianMs: Math.round(times[Math.floor(times.length / 2)]),
        maxMs: Math.round(times.at(-1)!),
      });
    }
    console.table(rows);
    const slowest = Math.max(...rows.map((r) => r.medianMs));
    console.log(
      `${GAMES} games: slowest query median ${slowest} ms (${slowest < 1000 ? 'under' : 'OVER'} 1 s)`,
    );
  } finally {
    await db?.close();
    if (KEEP || REUSE) console.log(`kept database ${name}`);
    else await adminClient.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminClient.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
