/**
 * Coloma in the analytics projection, on real PostgreSQL: bot games recorded through the event
 * store in several appends (the projector running after each with small batches, so a command's
 * events straddle batches), then every row checked against values computed independently from the
 * played games: the final scores against rules.ts `scoreOf` on the final state, the Locations
 * against the Dials and the Bust in the replayed state, the Shootouts against the state before and
 * after each Shootout. A rebuild (projections:rebuild) gives identical tables; the queries (also
 * over GraphQL) and the bulk export (CSV and Parquet) read them.
 */
import { AnalyticsProjection } from '../../src/analytics/analytics-projection';
import {
  AnalyticsQueries,
  type ColomaLocationStats,
  type ColomaScoreStats,
  type ColomaShootoutStats,
} from '../../src/analytics/analytics-queries';
import { COLOMA_SCORE_COLUMNS } from '../../src/analytics/coloma-projection';
import { exportTableNames } from '../../src/analytics/export';
import { Projector } from '../../src/analytics/projector';
import { sqlFor, type Sql } from '../../src/analytics/sql';
import { rebuildCommand } from '../../src/cli/projections-rebuild';
import { randomBot } from '../../src/games/bots';
import { colomaHeuristicBot } from '../../src/games/coloma/bots/heuristic';
import type { ColomaEvent } from '../../src/games/coloma/events';
import { colomaEngine as engine } from '../../src/games/coloma/index';
import { busts, gunmenOf, scoreOf } from '../../src/games/coloma/rules';
import type { ColomaState } from '../../src/games/coloma/state';
import { GameRegistry } from '../../src/games/registry';
import type { PlayedGame } from '../../src/games/tournament';
import { startServer } from '../support/app';
import { createTestPostgres, type TestPostgres } from '../support/database';
import {
  append,
  createAndPlay as record,
  expectExportMatches,
  H,
  P,
  R,
  type Recorded,
  type Spec,
} from './recorded';
import { dumpTables } from './seed';

const TYPE = 'coloma';

const GAMES: Spec[] = [
  { seats: [H, R], seed: 'coloma-analytics-0' },
  { seats: [H, P, H], options: { modules: ['SPECIALIZED_PIONEERS'] }, seed: 'coloma-analytics-1' },
  { seats: [H, H, R, H], options: { modules: ['HOTELS'] }, seed: 'coloma-analytics-2' },
];

const registry = new GameRegistry([{ engine, bots: { HEURISTIC: colomaHeuristicBot } }]);

function createAndPlay(db: TestPostgres, spec: Spec): Promise<Recorded> {
  const bots = spec.seats.map((s) =>
    s.kind === 'BOT' && s.botLevel === 'HEURISTIC' ? colomaHeuristicBot : randomBot,
  );
  return record(db, registry, engine, spec, bots);
}

/** Every state of the game: states[v] is the state after the first v events. */
function states(played: PlayedGame): ColomaState[] {
  const out: ColomaState[] = [];
  let s: ColomaState | null = null;
  for (const e of played.events) {
    s = engine.evolve(s, e as ColomaEvent);
    out.push(s);
  }
  return [null as unknown as ColomaState, ...out];
}

interface LocationRow {
  game_id: string;
  version: number;
  year: number;
  round: number;
  seat: number;
  site: number;
  bust_site: number;
  busted: boolean;
}

/** From the replayed states: after each reveal, each seat's Site and whether its Boom is covered. */
function expectedLocations(game: Recorded): LocationRow[] {
  const all = states(game.played);
  return game.played.events.flatMap((e, i) => {
    if (e.type !== 'DIALS_REVEALED') return [];
    const s = all[i + 1];
    return s.sites.map((site, seat) => ({
      game_id: game.id,
      version: i + 1,
      year: s.year,
      round: s.round,
      seat,
      site: site!,
      bust_site: s.bust!,
      busted: busts(s, site!),
    }));
  });
}

interface ShootoutRow {
  game_id: string;
  version: number;
  year: number;
  place: number;
  seat: number | null;
  neutral: boolean;
  tier: number | null;
  won: boolean;
  gunmen: number;
  outlaws: number;
}

/** From the state before each Shootout: the holders by Gunmen, and the outcome from the Outlaws. */
function expectedShootouts(game: Recorded): ShootoutRow[] {
  const all = states(game.played);
  return game.played.events.flatMap((e, i): ShootoutRow[] => {
    if (e.type !== 'SHOOTOUT_RESOLVED') return [];
    const before = all[i];
    const holders: (number | 'NEUTRAL')[] = [...before.players.map((p) => p.seat)];
    if (before.seatCount === 2) holders.push('NEUTRAL');
    const gunmen = holders.reduce<number>((n, h) => n + gunmenOf(before, h), 0);
    const ranked = holders
      .filter((h) => gunmenOf(before, h) > 0)
      .sort(
        (a, b) =>
          gunmenOf(before, b) - gunmenOf(before, a) || before.rows.indexOf(a) - before.rows.indexOf(b),
      );
    const common = {
      game_id: game.id,
      version: i + 1,
      year: before.year,
      won: gunmen > before.outlaws,
      gunmen,
      outlaws: before.outlaws,
    };
    if (ranked.length === 0) return [{ ...common, place: 0, seat: null, neutral: false, tier: null }];
    return ranked.map((h, k) => ({
      ...common,
      place: k + 1,
      seat: h === 'NEUTRAL' ? null : h,
      neutral: h === 'NEUTRAL',
      tier: Math.min(k + 1, 3),
    }));
  });
}

const ORDER: Record<string, string> = {
  coloma_final_scores: 'game_id, seat',
  coloma_locations: 'game_id, version, seat',
  coloma_shootouts: 'game_id, version, place',
};

describe('Coloma analytics (PostgreSQL)', () => {
  let db: TestPostgres;
  let sql: Sql;
  const games: Recorded[] = [];
  let live: Record<string, unknown[]>;

  beforeAll(async () => {
    db = await createTestPostgres();
    sql = sqlFor(db);
    for (const spec of GAMES) games.push(await createAndPlay(db, spec));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('the score columns are the parts of the engine’s final score', () => {
    const s = states(games[0].played).at(-1)!;
    expect([...COLOMA_SCORE_COLUMNS]).toEqual(Object.keys(scoreOf(s, s.players[0]).parts));
  });

  it('projects each game stored in several appends, the final scores only once it is over', async () => {
    const projector = new Projector(sql, new AnalyticsProjection(), { batchSize: 37 });
    for (const [i, game] of games.entries()) {
      const events = game.played.events.length;
      const size = Math.ceil(events / (3 + i));
      for (let from = 0; from < events; from += size) {
        await append(db, game, from, Math.min(events, from + size));
        await projector.catchUp();
        if (from + size < events) {
          const [{ n }] = await sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM analytics_coloma_final_scores WHERE game_id = $1`,
            [game.id],
          );
          expect(n).toBe(0);
        }
      }
    }
    live = await dumpTables(sql);
    const [{ n }] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_games WHERE game_type = $1 AND status = 'FINISHED' AND rounds = 15`,
      [TYPE],
    );
    expect(n).toBe(games.length);
  });

  it('has one final score per seat: the engine’s parts, adding up to the result’s score', async () => {
    for (const game of games) {
      const final = states(game.played).at(-1)!;
      const rows = await sql.query<Record<string, number | boolean | string>>(
        `SELECT * FROM analytics_coloma_final_scores WHERE game_id = $1 ORDER BY seat`,
        [game.id],
      );
      expect(rows).toHaveLength(game.spec.seats.length);
      for (const [seat, row] of rows.entries()) {
        const result = game.played.result.seats.find((s) => s.seat === seat)!;
        const { total, parts } = scoreOf(final, final.players[seat]);
        expect(row).toEqual({
          game_id: game.id,
          seat,
          ...parts,
          total,
          rank: result.rank,
          winner: result.winner,
        });
        expect(total).toBe(result.score);
      }
    }
  });

  it('has one Location row per seat and Round, with the Bust, and one Shootout row per holder', async () => {
    let busted = 0;
    let holders = 0;
    for (const game of games) {
      const locations = expectedLocations(game);
      expect(locations).toHaveLength(15 * game.spec.seats.length);
      expect(
        await sql.query(
          `SELECT * FROM analytics_coloma_locations WHERE game_id = $1 ORDER BY version, seat`,
          [game.id],
        ),
      ).toEqual(locations);
      busted += locations.filter((l) => l.busted).length;
      const shootouts = expectedShootouts(game);
      expect(new Set(shootouts.map((x) => x.version)).size).toBe(3);
      expect(
        await sql.query(
          `SELECT * FROM analytics_coloma_shootouts WHERE game_id = $1 ORDER BY version, place`,
          [game.id],
        ),
      ).toEqual(shootouts);
      holders += shootouts.filter((x) => x.place > 0).length;
    }
    expect(busted).toBeGreaterThan(0);
    expect(holders).toBeGreaterThan(0);
  });

  it('rebuilding (projections:rebuild) gives identical tables', async () => {
    const done = await rebuildCommand(['analytics'], { database: db, progress: false, log: () => {} });
    const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
    expect(done).toEqual({ analytics: n });
    expect(await dumpTables(sql)).toEqual(live);
  });

  it('answers the score, Location and Shootout queries from the games', async () => {
    const queries = new AnalyticsQueries(sql);
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    const seats = games.flatMap((game) => {
      const final = states(game.played).at(-1)!;
      return final.players.map((p) => ({
        game,
        seat: p.seat,
        score: scoreOf(final, p),
        human: game.spec.seats[p.seat].kind === 'HUMAN',
        winner: game.played.result.winners.includes(p.seat),
      }));
    });
    const scores = await queries.colomaScoreCategories({ seatKind: 'BOT' });
    const bots = seats.filter((x) => !x.human);
    expect(scores.seats).toBe(bots.length);
    expect(scores.categories.map((c) => c.category)).toEqual([...COLOMA_SCORE_COLUMNS, 'total']);
    for (const c of scores.categories) {
      const value = (x: (typeof bots)[number]) =>
        c.category === 'total' ? x.score.total : x.score.parts[c.category as keyof typeof x.score.parts];
      for (const [actual, xs] of [
        [c.mean, bots],
        [c.winnerMean, bots.filter((x) => x.winner)],
        [c.otherMean, bots.filter((x) => !x.winner)],
      ] as const) {
        const expected = mean(xs.map(value));
        if (expected === null) expect(actual).toBeNull();
        else expect(actual).toBeCloseTo(expected, 9);
      }
    }

    const locations = games.flatMap(expectedLocations);
    const winners = locations.filter((l) =>
      games.find((g) => g.id === l.game_id)!.played.result.winners.includes(l.seat),
    );
    const stats = await queries.colomaLocations({});
    expect(stats.choices).toBe(locations.length);
    expect(stats.rounds).toBe(15 * games.length);
    expect(stats.bySite.map((r) => r.site)).toEqual([1, 2, 3, 4, 5]);
    for (const r of stats.bySite) {
      const here = locations.filter((l) => l.site === r.site);
      expect(r.choices).toBe(here.length);
      expect(r.busted).toBe(here.filter((l) => l.busted).length);
      expect(r.winnerShare).toBeCloseTo(winners.filter((l) => l.site === r.site).length / winners.length, 9);
      const bustRounds = new Set(
        locations.filter((l) => l.bust_site === r.site).map((l) => `${l.game_id}:${l.version}`),
      );
      expect(r.bustSiteRounds).toBe(bustRounds.size);
    }
    const human = await queries.colomaLocations({ seatKind: 'HUMAN' });
    expect(human.choices).toBe(15);

    const shootouts = games.flatMap(expectedShootouts).filter((x) => x.place <= 1);
    const s = await queries.colomaShootouts({ playerCounts: [2, 4] });
    const chosen = shootouts.filter((x) => x.game_id !== games[1].id);
    expect(s.shootouts).toBe(chosen.length);
    expect(s.won).toBe(chosen.filter((x) => x.won).length);
    expect(s.meanOutlaws).toBeCloseTo(mean(chosen.map((x) => x.outlaws))!, 9);
    expect(s.byYear.map((y) => y.year)).toEqual([1, 2, 3]);
  });

  it('exports the three tables as CSV and Parquet, and GraphQL answers what the queries compute', async () => {
    const names = Object.keys(ORDER);
    expect(exportTableNames()).toEqual(expect.arrayContaining(names));
    for (const name of names) {
      const rows = await sql.query<Record<string, unknown>>(
        `SELECT * FROM analytics_${name} ORDER BY ${ORDER[name]}`,
      );
      expect(rows.length).toBeGreaterThan(0);
      await expectExportMatches(sql, name, rows);
    }

    const server = await startServer({ database: db, engines: [engine] });
    try {
      const queries = new AnalyticsQueries(sql);
      const filter = { playerCounts: [3, 4] };
      const gql = await server.gql<{
        colomaScoreCategories: ColomaScoreStats;
        colomaLocations: ColomaLocationStats;
        colomaShootouts: ColomaShootoutStats;
      }>(
        `query ($f: AnalyticsFilterInput) {
           colomaScoreCategories(filter: $f) { seats games categories { category mean winnerMean otherMean } }
           colomaLocations(filter: $f) { choices rounds bustRate
             bySite { site choices share busted bustRate bustSiteRounds winnerShare } }
           colomaShootouts(filter: $f) { shootouts won winRate meanGunmen meanOutlaws meanHolders
             byYear { year shootouts won meanGunmen meanOutlaws } }
         }`,
        { f: filter },
      );
      expect(gql.errors).toBeUndefined();
      expect(gql.data).toEqual({
        colomaScoreCategories: await queries.colomaScoreCategories(filter),
        colomaLocations: await queries.colomaLocations(filter),
        colomaShootouts: await queries.colomaShootouts(filter),
      });
      expect(gql.data!.colomaScoreCategories.games).toBe(2);
    } finally {
      await server.close();
    }
  });
});
