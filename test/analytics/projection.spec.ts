/**
 * The analytics projection and queries on a known set of games (PGlite): every query's numbers
 * against values computed independently from the raw games and events (./expected.ts); rebuilding
 * from zero gives the same tables as the live projection; aborted and unfinished games; unknown
 * event types; pagination and filter validation.
 */
import { AnalyticsProjection } from '../../src/analytics/analytics-projection';
import { AnalyticsQueries, decodeOffset, type AnalyticsFilter } from '../../src/analytics/analytics-queries';
import { Projector } from '../../src/analytics/projector';
import { sqlFor, type Sql } from '../../src/analytics/sql';
import { createTestPglite, type TestPglite } from '../support/database';
import {
  expectedActions,
  expectedDuels,
  expectedHeadToHead,
  expectedLength,
  expectedScores,
  expectedWinRates,
  loadRawGames,
  type Filter,
  type RawGame,
} from './expected';
import { dumpTables, SEED_BASE, SEED_GAMES, seedGames } from './seed';

function close(actual: number | null, expected: number | null) {
  if (expected === null) expect(actual).toBeNull();
  else expect(actual).toBeCloseTo(expected, 9);
}

function sameRates(
  actual: { key: string; games: number; wins: number; winRate: number; low: number; high: number }[],
  expected: typeof actual,
) {
  expect(actual.map((r) => [r.key, r.games, r.wins])).toEqual(expected.map((r) => [r.key, r.games, r.wins]));
  actual.forEach((r, i) => {
    close(r.winRate, expected[i].winRate);
    close(r.low, expected[i].low);
    close(r.high, expected[i].high);
  });
}

describe('analytics projection and queries', () => {
  let db: TestPglite;
  let sql: Sql;
  let projector: Projector;
  let queries: AnalyticsQueries;
  let raw: RawGame[];
  let seeded: Awaited<ReturnType<typeof seedGames>>;
  let live: Record<string, unknown[]>;

  beforeAll(async () => {
    db = await createTestPglite();
    sql = sqlFor(db);
    // Small odd batches so games straddle batch boundaries.
    projector = new Projector(sql, new AnalyticsProjection(), { batchSize: 97 });
    queries = new AnalyticsQueries(sql);
    // The live projection runs after every game, as the server's wake-ups would.
    seeded = await seedGames(db, async () => {
      await projector.catchUp();
    });
    await projector.catchUp();
    raw = await loadRawGames(db);
    live = await dumpTables(sql);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('projects every started game with its status, counts and seats', async () => {
    const games = await sql.query<{
      game_id: string;
      status: string;
      event_count: number;
      player_count: number;
      human_count: number;
    }>(`SELECT game_id, status, event_count, player_count, human_count FROM analytics_games`);
    expect(games).toHaveLength(SEED_GAMES.length + 2);
    const byId = new Map(games.map((g) => [g.game_id, g]));
    for (const g of raw) {
      expect(byId.get(g.id)).toMatchObject({
        event_count: g.events.length,
        player_count: g.players,
        human_count: g.humans,
      });
    }
    expect(byId.get(seeded.aborted)?.status).toBe('ABORTED');
    expect(byId.get(seeded.active)?.status).toBe('ACTIVE');
    expect(games.filter((g) => g.status === 'FINISHED')).toHaveLength(SEED_GAMES.length);
    const [{ checkpoint }] = await sql.query<{ checkpoint: string }>(
      `SELECT position::text AS checkpoint FROM projection_checkpoints WHERE name = 'analytics'`,
    );
    const [{ max }] = await sql.query<{ max: string }>(`SELECT max(position)::text AS max FROM events`);
    expect(checkpoint).toBe(max);
  });

  it('records Carson City facts and Bang! roles, characters and eliminations', async () => {
    const count = async (table: string) =>
      (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
    const finished = raw.filter((g) => g.status === 'FINISHED');
    const events = (type: string, gameType: string) =>
      raw.filter((g) => g.type === gameType).flatMap((g) => g.events.filter((e) => e.type === type));
    expect(await count('analytics_cc_picks')).toBe(events('CHARACTER_PICKED', 'carson-city').length);
    expect(await count('analytics_cc_actions')).toBe(events('COWBOY_PLACED', 'carson-city').length);
    expect(await count('analytics_cc_income')).toBe(events('INCOME', 'carson-city').length);
    expect(await count('analytics_cc_duels')).toBe(
      events('DUEL', 'carson-city').reduce((n, e) => n + (e.payload.participants as unknown[]).length, 0),
    );
    expect(await count('analytics_cc_final_scores')).toBe(
      finished.filter((g) => g.type === 'carson-city').reduce((n, g) => n + g.players, 0),
    );
    expect(await count('analytics_bang_eliminations')).toBe(events('PLAYER_ELIMINATED', 'bang-dice').length);
    // Final score breakdown = the engine's result detail.
    const scores = await sql.query<{ game_id: string; seat: number; total: number; money: number }>(
      `SELECT game_id, seat, total, money FROM analytics_cc_final_scores`,
    );
    for (const s of scores) {
      const g = raw.find((x) => x.id === s.game_id)!;
      expect(s.total).toBe(g.seats[s.seat].score);
    }
    // Every part of the breakdown, module parts included, = the GAME_ENDED event's scores.
    const parts = await sql.query<Record<string, number | string>>(
      `SELECT game_id, seat, vp_during_play, money, possessions, teacher, train_station, bridges, horses, kit_carson, total
         FROM analytics_cc_final_scores`,
    );
    let withHorses = 0;
    for (const game of raw.filter((g) => g.type === 'carson-city' && g.status === 'FINISHED')) {
      const ended = game.events.find((e) => e.type === 'GAME_ENDED')!;
      for (const score of ended.payload.scores as Record<string, number>[]) {
        const row = parts.find((p) => p.game_id === game.id && p.seat === score.seat)!;
        expect(row).toEqual({
          game_id: game.id,
          seat: score.seat,
          vp_during_play: score.vpDuringPlay,
          money: score.money,
          possessions: score.possessions,
          teacher: score.teacher,
          train_station: score.trainStation,
          bridges: score.bridges ?? 0,
          horses: score.horses ?? 0,
          kit_carson: score.kitCarson ?? 0,
          total: score.total,
        });
        if (score.horses > 0) withHorses++;
      }
    }
    expect(withHorses).toBeGreaterThan(0);
    // Bang! roles and characters = the result's detail (not the events the projection read).
    const seats = await sql.query<{
      game_id: string;
      seat: number;
      role: string;
      character: string;
      winner: boolean;
      rank: number;
    }>(
      `SELECT game_id, seat, role, character, winner, rank FROM analytics_seat_results WHERE game_type = 'bang-dice'`,
    );
    for (const s of seats) {
      const g = raw.find((x) => x.id === s.game_id)!;
      if (g.status !== 'FINISHED') continue;
      expect(s).toMatchObject({
        role: g.seats[s.seat].role,
        character: g.seats[s.seat].character,
        winner: g.seats[s.seat].winner,
        rank: g.seats[s.seat].rank,
      });
    }
    // Income by building type is queryable.
    const income = await sql.query<{ building: string; total: number }>(
      `SELECT building, sum(received)::int AS total FROM analytics_cc_income GROUP BY 1`,
    );
    const expectedIncome = new Map<string, number>();
    for (const e of events('INCOME', 'carson-city'))
      expectedIncome.set(
        e.payload.building as string,
        (expectedIncome.get(e.payload.building as string) ?? 0) + (e.payload.received as number),
      );
    expect(new Map(income.map((r) => [r.building, r.total]))).toEqual(expectedIncome);
  });

  const filters: [string, Filter, AnalyticsFilter][] = [
    ['carson-city', { type: 'carson-city' }, { gameType: 'carson-city' }],
    [
      'carson-city, 3 players',
      { type: 'carson-city', players: [3] },
      { gameType: 'carson-city', playerCounts: [3] },
    ],
    [
      'carson-city, bot seats',
      { type: 'carson-city', seatKind: 'BOT' },
      { gameType: 'carson-city', seatKind: 'BOT' },
    ],
    [
      'bang-dice, tables of bots',
      { type: 'bang-dice', tables: 'ALL_BOTS' },
      { gameType: 'bang-dice', tables: 'ALL_BOTS' },
    ],
    [
      'bang-dice, with humans',
      { type: 'bang-dice', tables: 'WITH_HUMANS' },
      { gameType: 'bang-dice', tables: 'WITH_HUMANS' },
    ],
    [
      'bang-dice, characterChoice option',
      { type: 'bang-dice', options: { characterChoice: true } },
      { gameType: 'bang-dice', options: { characterChoice: true } },
    ],
    [
      'date range (days 2-3)',
      {
        from: new Date(SEED_BASE + 86_400_000 - 3_600_000),
        to: new Date(SEED_BASE + 3 * 86_400_000 - 3_600_000),
      },
      {
        from: new Date(SEED_BASE + 86_400_000 - 3_600_000),
        to: new Date(SEED_BASE + 3 * 86_400_000 - 3_600_000),
      },
    ],
    ['everything', {}, {}],
  ];

  it.each(filters)('win rates by every dimension match (%s)', async (_name, f, af) => {
    for (const by of ['PERSONALITY', 'CHARACTER', 'ROLE', 'SEAT', 'BOT_LEVEL', 'KIND'] as const) {
      const page = await queries.winRates(by, af, 100);
      sameRates(page.items, expectedWinRates(raw, by, f));
      expect(page.totalCount).toBe(page.items.length);
    }
  });

  it('win rates have real samples (sanity of the seed)', async () => {
    const personality = await queries.winRates('PERSONALITY', { gameType: 'carson-city' });
    expect(personality.items.length).toBeGreaterThan(3);
    const character = await queries.winRates('CHARACTER', { gameType: 'bang-dice' });
    expect(character.items.length).toBeGreaterThan(5);
    const seats = await queries.winRates('SEAT', { gameType: 'bang-dice' });
    expect(seats.items.map((r) => r.key)).toEqual(['0', '1', '2', '3', '4']);
  });

  it.each(filters)('score distribution matches (%s)', async (_name, f, af) => {
    const actual = await queries.scoreDistribution(af, 1);
    const expected = expectedScores(raw, f);
    expect(actual.count).toBe(expected.count);
    if (expected.count === 0) return;
    close(actual.mean, expected.mean);
    close(actual.median, expected.median);
    expect([actual.min, actual.max]).toEqual([expected.min, expected.max]);
    expect(actual.buckets).toEqual(expected.buckets);
  });

  it('score histogram widens buckets when asked and stays complete', async () => {
    const d = await queries.scoreDistribution({ gameType: 'carson-city' }, 5);
    expect(d.bucketSize).toBe(5);
    expect(d.buckets.reduce((n, b) => n + b.count, 0)).toBe(d.count);
  });

  it.each(filters)('game length matches (%s)', async (_name, f, af) => {
    const actual = await queries.gameLength(af, 'DAY', 366);
    const expected = expectedLength(raw, f);
    expect(actual.games).toBe(expected.games);
    close(actual.meanDurationMs, expected.meanDurationMs);
    close(actual.medianDurationMs, expected.medianDurationMs);
    close(actual.meanEvents, expected.meanEvents);
    close(actual.meanRounds, expected.meanRounds);
    expect(actual.series.map((p) => [p.period, p.games])).toEqual(
      expected.series.map((p) => [p.period, p.games]),
    );
    actual.series.forEach((p, i) => {
      close(p.meanDurationMs, expected.series[i].meanDurationMs);
      close(p.medianDurationMs, expected.series[i].medianDurationMs);
      close(p.meanRounds, expected.series[i].meanRounds);
    });
  });

  it.each(filters.slice(0, 3))('action popularity by round matches (%s)', async (_name, f, af) => {
    const expected = expectedActions(raw, f);
    const all = [];
    let after: string | null = null;
    do {
      const page = await queries.actionPopularity(af, null, 7, after);
      all.push(...page.items);
      expect(page.totalCount).toBe(expected.length);
      after = page.nextCursor;
    } while (after);
    expect(all.map((r) => [r.round, r.action, r.count])).toEqual(
      expected.map((r) => [r.round, r.action, r.count]),
    );
    all.forEach((r, i) => close(r.share, expected[i].share));
    const round2 = await queries.actionPopularity(af, 2, 100);
    expect(round2.items.map((r) => r.action)).toEqual(
      expected.filter((r) => r.round === 2).map((r) => r.action),
    );
  });

  it.each(filters.slice(0, 3))('duel statistics match (%s)', async (_name, f, af) => {
    const actual = await queries.duelStats(af);
    const expected = expectedDuels(raw, f);
    expect({ duels: actual.duels, games: actual.games }).toEqual({
      duels: expected.duels,
      games: expected.games,
    });
    close(actual.duelsPerGame, expected.duelsPerGame);
    close(actual.higherFirepowerWinRate, expected.higherFirepowerWinRate);
    expect(actual.byAction).toEqual(expected.byAction);
    expect(actual.byPersonality.map((r) => [r.key, r.fought, r.won])).toEqual(
      expected.byPersonality.map((r) => [r.key, r.fought, r.won]),
    );
    actual.byPersonality.forEach((r, i) => {
      close(r.low, expected.byPersonality[i].low);
      close(r.high, expected.byPersonality[i].high);
    });
  });

  it('the seeded Carson City games have duels', () => {
    expect(expectedDuels(raw, {}).duels).toBeGreaterThan(0);
  });

  it.each(filters)('bot head-to-head matches (%s)', async (_name, f, af) => {
    const actual = await queries.botHeadToHead(af);
    const expected = expectedHeadToHead(raw, f);
    expect(actual.map((r) => [r.levelA, r.levelB, r.games, r.winsA, r.winsB, r.ties])).toEqual(
      expected.map((r) => [r.levelA, r.levelB, r.games, r.winsA, r.winsB, r.ties]),
    );
    actual.forEach((r, i) => {
      close(r.winRateA, expected[i].winRateA);
      close(r.low, expected[i].low);
      close(r.high, expected[i].high);
    });
  });

  it('paginates win rates with cursors and bounds page sizes', async () => {
    const all = await queries.winRates('CHARACTER', { gameType: 'bang-dice' }, 100);
    const seen = [];
    let after: string | null = null;
    do {
      const page = await queries.winRates('CHARACTER', { gameType: 'bang-dice' }, 3, after);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      after = page.nextCursor;
    } while (after);
    expect(seen).toEqual(all.items);
    await expect(queries.winRates('SEAT', {}, 101)).rejects.toThrow(/first/);
    await expect(queries.winRates('SEAT', {}, 10, 'garbage')).rejects.toThrow(/cursor/);
    expect(() => decodeOffset('bad!')).toThrow();
  });

  it('rebuilding from zero gives exactly the tables of the live projection', async () => {
    const fresh = new Projector(sql, new AnalyticsProjection(), { batchSize: 1000 });
    const applied = await fresh.rebuild();
    const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
    expect(applied).toBe(n);
    expect(await dumpTables(sql)).toEqual(live);
  });

  it('counts unknown event types and is idempotent when re-run', async () => {
    const id = seeded.active;
    const [{ v }] = await sql.query<{ v: number }>(
      `SELECT max(version)::int AS v FROM events WHERE game_id = $1`,
      [id],
    );
    await sql.query(
      `INSERT INTO events (game_id, version, type, payload, metadata) VALUES ($1, $2, 'SOMETHING_NEW', '{"type":"SOMETHING_NEW","x":1}', '{"actor":"SYSTEM"}')`,
      [id, v + 1000],
    );
    await projector.catchUp();
    await projector.catchUp();
    const [row] = await sql.query<{ event_count: number }>(
      `SELECT event_count FROM analytics_games WHERE game_id = $1`,
      [id],
    );
    const [{ n }] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE game_id = $1`,
      [id],
    );
    expect(row.event_count).toBe(n);
  });
});
