/**
 * Read side of the analytics tables: bounded, filtered aggregates for the GraphQL API and the
 * dashboard. Every query counts FINISHED games only (aborted and running games have no result),
 * except where noted. All filters are bound parameters; group keys come from fixed whitelists.
 */
import { BOT_LEVELS } from '../games/bots';
import { wilson } from '../games/tournament';
import { GWT_SCORE_COLUMNS, GWT_TYPE } from './analytics-projection';
import { COLOMA_SCORE_COLUMNS, COLOMA_TYPE } from './coloma-projection';
import type { Sql } from './sql';

export interface AnalyticsFilter {
  gameType?: string | null;
  /** Table sizes to include (any of). */
  playerCounts?: number[] | null;
  /** Games started at or after `from` and before `to`. */
  from?: Date | null;
  to?: Date | null;
  /** Engine options the game was created with must contain these values (JSON containment). */
  options?: Record<string, unknown> | null;
  /** Seat-level queries: only seats of this kind (HUMAN or BOT). */
  seatKind?: 'HUMAN' | 'BOT' | null;
  /** Seat-level queries: only bot seats of this level. */
  botLevel?: string | null;
  /** Game-level: ALL_BOTS = tables without humans, WITH_HUMANS = at least one human. */
  tables?: 'ALL_BOTS' | 'WITH_HUMANS' | null;
}

export type WinRateDimension = 'PERSONALITY' | 'CHARACTER' | 'ROLE' | 'SEAT' | 'BOT_LEVEL' | 'KIND';

export interface RateRow {
  key: string;
  /** Sample size: seat-games. */
  games: number;
  wins: number;
  winRate: number;
  low: number;
  high: number;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ScoreDistribution {
  count: number;
  mean: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
  bucketSize: number;
  buckets: { from: number; to: number; count: number }[];
}

export interface GameLengthStats {
  games: number;
  meanDurationMs: number | null;
  medianDurationMs: number | null;
  meanEvents: number | null;
  meanRounds: number | null;
  series: {
    period: string;
    games: number;
    meanDurationMs: number;
    medianDurationMs: number;
    meanRounds: number;
  }[];
}

export interface ActionRow {
  round: number;
  action: string;
  count: number;
  /** count / all placements of that round. */
  share: number;
}

export interface DuelStats {
  duels: number;
  games: number;
  duelsPerGame: number;
  /** Share of duels won by a participant with strictly the highest firepower. */
  higherFirepowerWinRate: number | null;
  byPersonality: { key: string; fought: number; won: number; winRate: number; low: number; high: number }[];
  byAction: { action: string; duels: number }[];
}

export interface GwtScoreCategoryRow {
  /** A score category (great-western-trail/score.ts), or `total`. */
  category: string;
  /** Mean VP over the seats; of the winning seats; of the other seats (null: no such seat). */
  mean: number | null;
  winnerMean: number | null;
  otherMean: number | null;
}

export interface GwtScoreStats {
  /** Seat score sheets counted (seat-games) and the games they belong to. */
  seats: number;
  games: number;
  categories: GwtScoreCategoryRow[];
}

export interface GwtDeliveryCity {
  /** City id (null only for rows projected before deliveries were DELIVERED events). */
  city: string | null;
  deliveries: number;
  /** deliveries / all deliveries of the filter. */
  share: number;
  /** Mean breeding value of the Kansas City deliveries there (null: only extraordinary ones). */
  meanBreedingValue: number | null;
  meanTransportCost: number;
  /** Extraordinary deliveries (building 9a) among them. */
  extraordinary: number;
}

export interface GwtDeliveryStats {
  deliveries: number;
  /** Finished games matching the filter. */
  games: number;
  deliveriesPerGame: number;
  byCity: GwtDeliveryCity[];
}

/** Coloma: the final score by category (the same shape as Great Western Trail's score sheet). */
export type ColomaScoreStats = GwtScoreStats;

export interface ColomaSiteRow {
  site: number;
  /** Seat-Rounds whose Dial revealed this Site. */
  choices: number;
  /** choices / all seat-Rounds of the filter. */
  share: number;
  /** Of these choices, the ones whose Site Bust (Boom covered). */
  busted: number;
  bustRate: number;
  /** Rounds in which this Site was the Bust's Site. */
  bustSiteRounds: number;
  /** Share of the winning seats' choices that went to this Site. */
  winnerShare: number;
}

export interface ColomaLocationStats {
  /** Seat-Rounds counted and the Rounds (reveals) they belong to. */
  choices: number;
  rounds: number;
  /** Share of seat-Rounds whose Site Bust. */
  bustRate: number;
  bySite: ColomaSiteRow[];
}

export interface ColomaShootoutYear {
  year: number;
  shootouts: number;
  won: number;
  meanGunmen: number;
  meanOutlaws: number;
}

export interface ColomaShootoutStats {
  shootouts: number;
  /** Shootouts the town won (more Gunmen than Outlaws). */
  won: number;
  winRate: number;
  meanGunmen: number | null;
  meanOutlaws: number | null;
  /** Mean number of Gunmen holders (seats and the 2-player neutral Gunmen) per Shootout. */
  meanHolders: number | null;
  byYear: ColomaShootoutYear[];
}

export interface HeadToHeadRow {
  levelA: string;
  levelB: string;
  /** Games with at least one seat of each level. */
  games: number;
  /** Games where A's best seat ranked strictly better than B's best seat, and vice versa. */
  winsA: number;
  winsB: number;
  ties: number;
  /** winsA / games, with its 95% Wilson interval. */
  winRateA: number;
  low: number;
  high: number;
}

export const MAX_PAGE = 100;

export class FilterError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}

/** Builds the WHERE clause; `g` is analytics_games, `s` (optional) analytics_seat_results. */
class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  constructor(filter: AnalyticsFilter, opts: { seats: boolean; finished?: boolean }) {
    if (opts.finished !== false) this.parts.push(`g.status = 'FINISHED'`);
    if (filter.gameType) this.add('g.game_type = $?', filter.gameType);
    if (filter.playerCounts && filter.playerCounts.length > 0) {
      if (filter.playerCounts.length > 20 || filter.playerCounts.some((n) => !Number.isInteger(n)))
        throw new FilterError('playerCounts: at most 20 integers', 'playerCounts');
      this.add('g.player_count = ANY($?::int[])', filter.playerCounts);
    }
    if (filter.from) this.add('g.started_at >= $?', checkDate(filter.from, 'from'));
    if (filter.to) this.add('g.started_at < $?', checkDate(filter.to, 'to'));
    if (filter.options && Object.keys(filter.options).length > 0) {
      if (typeof filter.options !== 'object' || Array.isArray(filter.options))
        throw new FilterError('options must be an object', 'options');
      this.add('g.options @> $?::jsonb', JSON.stringify(filter.options));
    }
    if (filter.tables === 'ALL_BOTS') this.parts.push('g.human_count = 0');
    if (filter.tables === 'WITH_HUMANS') this.parts.push('g.human_count > 0');
    if (opts.seats) {
      if (filter.seatKind) this.add('s.kind = $?', filter.seatKind);
      if (filter.botLevel) this.add('s.bot_level = $?', filter.botLevel);
    }
  }

  add(sql: string, value: unknown): void {
    this.params.push(value);
    this.parts.push(sql.replace('$?', `$${this.params.length}`));
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get sql(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

/** Does the filter look at individual seats (needs analytics_seat_results)? */
function seatFiltered(filter: AnalyticsFilter): boolean {
  return Boolean(filter.seatKind || filter.botLevel);
}

function checkDate(d: Date, field: string): Date {
  if (!(d instanceof Date) || Number.isNaN(d.getTime()))
    throw new FilterError(`${field} is not a date`, field);
  return d;
}

export function encodeOffset(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeOffset(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new FilterError('invalid cursor', 'after');
  return Number(m[1]);
}

function page<T>(all: T[], first: number | null | undefined, after: string | null | undefined): Page<T> {
  const size = first ?? 50;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE)
    throw new FilterError(`first must be 1-${MAX_PAGE}`, 'first');
  const offset = decodeOffset(after);
  const items = all.slice(offset, offset + size);
  return {
    items,
    totalCount: all.length,
    nextCursor: offset + size < all.length ? encodeOffset(offset + size) : null,
  };
}

export function rateRow(key: string, games: number, wins: number): RateRow {
  const ci = wilson(wins, games);
  return { key, games, wins, winRate: games === 0 ? 0 : wins / games, low: ci.low, high: ci.high };
}

const SEAT_KEYS: Record<Exclude<WinRateDimension, 'PERSONALITY'>, string> = {
  CHARACTER: 's.character',
  ROLE: 's.role',
  SEAT: 's.seat::text',
  BOT_LEVEL: `COALESCE(s.bot_level, 'HUMAN')`,
  KIND: 's.kind',
};

export class AnalyticsQueries {
  constructor(private readonly sql: Sql) {}

  /**
   * One read in its own transaction with more sort/hash memory than PostgreSQL's 4 MB default
   * (the aggregates over 100k games otherwise spill to disk).
   */
  private run<T>(text: string, params: unknown[]): Promise<T[]> {
    return this.sql.transaction(async (tx) => {
      await tx.query(`SET LOCAL work_mem = '32MB'`);
      return tx.query<T>(text, params);
    });
  }

  async winRates(
    dimension: WinRateDimension,
    filter: AnalyticsFilter = {},
    first?: number | null,
    after?: string | null,
  ): Promise<Page<RateRow>> {
    const where = new Where(filter, { seats: true });
    let rows: { key: string; games: number; wins: number }[];
    if (dimension === 'PERSONALITY') {
      // A seat counts once per personality it picked in the game (whatever the number of rounds):
      // analytics_cc_seat_personalities holds exactly those rows, with the seat's outcome.
      rows = await this.run(
        `SELECT s.personality_key AS key, count(*)::int AS games, count(*) FILTER (WHERE s.winner)::int AS wins
           FROM analytics_cc_seat_personalities s
           JOIN analytics_games g ON g.game_id = s.game_id
          WHERE ${where.sql}
          GROUP BY 1 ORDER BY s.personality_key COLLATE "C"`,
        where.params,
      );
    } else {
      const key = SEAT_KEYS[dimension];
      if (!key) throw new FilterError(`unknown dimension ${String(dimension)}`, 'by');
      rows = await this.run(
        `SELECT ${key} AS key, count(*)::int AS games, count(*) FILTER (WHERE s.winner)::int AS wins
           FROM analytics_seat_results s JOIN analytics_games g ON g.game_id = s.game_id
          WHERE ${where.sql} AND ${key} IS NOT NULL
          GROUP BY 1 ORDER BY ${dimension === 'SEAT' ? 'min(s.seat)' : `${key} COLLATE "C"`}`,
        where.params,
      );
    }
    return page(
      rows.map((r) => rateRow(r.key, r.games, r.wins)),
      first,
      after,
    );
  }

  async scoreDistribution(
    filter: AnalyticsFilter = {},
    bucketSize?: number | null,
  ): Promise<ScoreDistribution> {
    const where = new Where(filter, { seats: true });
    const base = `FROM analytics_seat_results s JOIN analytics_games g ON g.game_id = s.game_id
                  WHERE ${where.sql} AND s.score IS NOT NULL`;
    const [stats] = await this.run<{
      count: number;
      mean: number | null;
      median: number | null;
      min: number | null;
      max: number | null;
    }>(
      `SELECT count(*)::int AS count, avg(s.score)::float8 AS mean,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY s.score)::float8 AS median,
              min(s.score)::int AS min, max(s.score)::int AS max ${base}`,
      where.params,
    );
    if (bucketSize != null && (!Number.isInteger(bucketSize) || bucketSize < 1 || bucketSize > 1_000_000))
      throw new FilterError('bucketSize must be a positive integer', 'bucketSize');
    let size = bucketSize ?? 1;
    if (stats.count === 0 || stats.min === null || stats.max === null)
      return { ...stats, bucketSize: size, buckets: [] };
    // At most 100 buckets: widen them when the scores spread further.
    while ((stats.max - stats.min) / size >= 100) size *= 2;
    const sizeParam = where.param(size);
    const rows = await this.run<{ b: number; count: number }>(
      `SELECT floor(s.score::float8 / ${sizeParam})::int AS b, count(*)::int AS count ${base} GROUP BY 1 ORDER BY 1`,
      where.params,
    );
    const counts = new Map(rows.map((r) => [r.b, r.count]));
    const buckets: ScoreDistribution['buckets'] = [];
    const firstB = Math.floor(stats.min / size);
    const lastB = Math.floor(stats.max / size);
    for (let b = firstB; b <= lastB; b++)
      buckets.push({ from: b * size, to: (b + 1) * size, count: counts.get(b) ?? 0 });
    return { ...stats, bucketSize: size, buckets };
  }

  async gameLength(
    filter: AnalyticsFilter = {},
    interval: 'DAY' | 'WEEK' | 'MONTH' = 'DAY',
    last = 60,
  ): Promise<GameLengthStats> {
    if (!['DAY', 'WEEK', 'MONTH'].includes(interval))
      throw new FilterError('interval: DAY, WEEK or MONTH', 'interval');
    if (!Number.isInteger(last) || last < 1 || last > 366)
      throw new FilterError('last must be 1-366', 'last');
    const where = new Where(filter, { seats: false });
    const [totals] = await this.run<{
      games: number;
      mean: number | null;
      median: number | null;
      events: number | null;
      rounds: number | null;
    }>(
      `SELECT count(*)::int AS games, avg(g.duration_ms)::float8 AS mean,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY g.duration_ms)::float8 AS median,
              avg(g.event_count)::float8 AS events, avg(g.rounds)::float8 AS rounds
         FROM analytics_games g WHERE ${where.sql}`,
      where.params,
    );
    const unit = where.param(interval.toLowerCase());
    const limit = where.param(last);
    const series = await this.run<{
      period: string;
      games: number;
      mean: number;
      median: number;
      rounds: number;
    }>(
      `SELECT * FROM (
         SELECT to_char(date_trunc(${unit}, g.started_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period, count(*)::int AS games,
                avg(g.duration_ms)::float8 AS mean,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY g.duration_ms)::float8 AS median,
                avg(g.rounds)::float8 AS rounds
           FROM analytics_games g WHERE ${where.sql}
          GROUP BY 1 ORDER BY 1 DESC LIMIT ${limit}) t ORDER BY period`,
      where.params,
    );
    return {
      games: totals.games,
      meanDurationMs: totals.mean,
      medianDurationMs: totals.median,
      meanEvents: totals.events,
      meanRounds: totals.rounds,
      series: series.map((r) => ({
        period: r.period,
        games: r.games,
        meanDurationMs: r.mean,
        medianDurationMs: r.median,
        meanRounds: r.rounds,
      })),
    };
  }

  async actionPopularity(
    filter: AnalyticsFilter = {},
    round?: number | null,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<ActionRow>> {
    const f = { gameType: 'carson-city', ...filter };
    const where = new Where(f, { seats: seatFiltered(f) });
    if (round != null) where.add('a.round = $?', round);
    const rows = await this.run<{ round: number; action: string; count: number; total: number }>(
      `SELECT round, action, count, (sum(count) OVER (PARTITION BY round))::int AS total FROM (
         SELECT a.round, a.action, count(*)::int AS count
           FROM analytics_cc_actions a
           JOIN analytics_games g ON g.game_id = a.game_id
           ${seatFiltered(f) ? 'JOIN analytics_seat_results s ON s.game_id = a.game_id AND s.seat = a.seat' : ''}
          WHERE ${where.sql}
          GROUP BY 1, 2) t
        ORDER BY round, count DESC, action COLLATE "C"`,
      where.params,
    );
    return page(
      rows.map((r) => ({
        round: r.round,
        action: r.action,
        count: r.count,
        share: r.total ? r.count / r.total : 0,
      })),
      first,
      after,
    );
  }

  async duelStats(filter: AnalyticsFilter = {}): Promise<DuelStats> {
    const f = { gameType: 'carson-city', ...filter };
    const bySeat = seatFiltered(f);
    const where = new Where(f, { seats: bySeat });
    const seatJoin = bySeat
      ? 'JOIN analytics_seat_results s ON s.game_id = d.game_id AND s.seat = d.seat'
      : '';
    // Participant rows of the filter (for per-personality numbers).
    const base = `FROM analytics_cc_duels d JOIN analytics_games g ON g.game_id = d.game_id ${seatJoin} WHERE ${where.sql}`;
    // Every participant of the duels that have a matching participant (for duel-level numbers;
    // without a seat filter that is the same rows). `first` marks one row per duel, `strongest`
    // the participant with strictly the highest firepower (projected with the duel).
    const duelRows = bySeat
      ? `FROM (SELECT DISTINCT d.game_id, d.version ${base}) m
           JOIN analytics_cc_duels d ON d.game_id = m.game_id AND d.version = m.version`
      : base;
    const gameWhere = new Where(f, { seats: false });
    const [games] = await this.run<{ games: number }>(
      `SELECT count(*)::int AS games FROM analytics_games g WHERE ${gameWhere.sql}`,
      gameWhere.params,
    );
    const [totals] = await this.run<{ duels: number; decided: number; stronger: number }>(
      `SELECT count(*) FILTER (WHERE d.first)::int AS duels,
              count(*) FILTER (WHERE d.strongest)::int AS decided,
              count(*) FILTER (WHERE d.strongest AND d.won)::int AS stronger
         ${duelRows}`,
      where.params,
    );
    const byPersonality = await this.run<{ key: string; fought: number; won: number }>(
      `SELECT d.personality_key AS key, count(*)::int AS fought, count(*) FILTER (WHERE d.won)::int AS won
         ${base} AND d.personality_key IS NOT NULL
        GROUP BY 1 ORDER BY d.personality_key COLLATE "C"`,
      where.params,
    );
    const byAction = await this.run<{ action: string; duels: number }>(
      `SELECT * FROM (
         SELECT CASE WHEN d.loc LIKE 'A:%' THEN substr(d.loc, 3) WHEN d.loc LIKE 'P:%' THEN 'PARCEL'
                     WHEN d.loc LIKE 'B:%' THEN 'BUILDING' ELSE d.loc END AS action,
                count(*) FILTER (WHERE d.first)::int AS duels
           ${duelRows}
          GROUP BY 1) u
        WHERE duels > 0
        ORDER BY duels DESC, action COLLATE "C" LIMIT 50`,
      where.params,
    );
    return {
      duels: totals.duels,
      games: games.games,
      duelsPerGame: games.games ? totals.duels / games.games : 0,
      higherFirepowerWinRate: totals.decided ? totals.stronger / totals.decided : null,
      byPersonality: byPersonality.map((r) => {
        const rate = rateRow(r.key, r.fought, r.won);
        return {
          key: r.key,
          fought: r.fought,
          won: r.won,
          winRate: rate.winRate,
          low: rate.low,
          high: rate.high,
        };
      }),
      byAction,
    };
  }

  /** Great Western Trail: the final score sheet by category, overall and winners against the rest. */
  gwtScoreCategories(filter: AnalyticsFilter = {}): Promise<GwtScoreStats> {
    return this.scoreCategories('analytics_gwt_final_scores', GWT_SCORE_COLUMNS, GWT_TYPE, filter);
  }

  /** Coloma: the final score by category, overall and winners against the rest. */
  colomaScoreCategories(filter: AnalyticsFilter = {}): Promise<ColomaScoreStats> {
    return this.scoreCategories('analytics_coloma_final_scores', COLOMA_SCORE_COLUMNS, COLOMA_TYPE, filter);
  }

  /** Mean of each category column of a per-seat final-score table (fixed table and column names). */
  private async scoreCategories(
    table: string,
    categories: readonly string[],
    gameType: string,
    filter: AnalyticsFilter,
  ): Promise<GwtScoreStats> {
    const f = { ...filter, gameType: filter.gameType ?? gameType };
    const bySeat = seatFiltered(f);
    const where = new Where(f, { seats: bySeat });
    const columns = [...categories, 'total'];
    const aggregates = columns.flatMap((c, i) => [
      `avg(x."${c}")::float8 AS m${i}`,
      `avg(x."${c}") FILTER (WHERE x.winner)::float8 AS w${i}`,
      `avg(x."${c}") FILTER (WHERE NOT x.winner)::float8 AS o${i}`,
    ]);
    const [row] = await this.run<Record<string, number | null>>(
      `SELECT count(*)::int AS seats, count(DISTINCT x.game_id)::int AS games, ${aggregates.join(', ')}
         FROM ${table} x
         JOIN analytics_games g ON g.game_id = x.game_id
         ${bySeat ? 'JOIN analytics_seat_results s ON s.game_id = x.game_id AND s.seat = x.seat' : ''}
        WHERE ${where.sql}`,
      where.params,
    );
    return {
      seats: row.seats ?? 0,
      games: row.games ?? 0,
      categories: columns.map((category, i) => ({
        category,
        mean: row[`m${i}`],
        winnerMean: row[`w${i}`],
        otherMean: row[`o${i}`],
      })),
    };
  }

  /** Coloma: the Locations (Sites) the Dials revealed, and the Busts. */
  async colomaLocations(filter: AnalyticsFilter = {}): Promise<ColomaLocationStats> {
    const f = { ...filter, gameType: filter.gameType ?? COLOMA_TYPE };
    const where = new Where(f, { seats: true });
    const rows = await this.run<{
      site: number;
      choices: number;
      busted: number;
      winners: number;
      bust_rounds: number;
    }>(
      `WITH l AS (
         SELECT l.*, COALESCE(s.winner, false) AS winner
           FROM analytics_coloma_locations l
           JOIN analytics_games g ON g.game_id = l.game_id
           JOIN analytics_seat_results s ON s.game_id = l.game_id AND s.seat = l.seat
          WHERE ${where.sql})
       SELECT v.site, count(l.site)::int AS choices,
              count(*) FILTER (WHERE l.busted)::int AS busted,
              count(*) FILTER (WHERE l.winner)::int AS winners,
              (SELECT count(DISTINCT (b.game_id, b.version)) FROM l b WHERE b.bust_site = v.site)::int AS bust_rounds
         FROM generate_series(1, 5) AS v(site)
         LEFT JOIN l ON l.site = v.site
        GROUP BY v.site ORDER BY v.site`,
      where.params,
    );
    const [totals] = await this.run<{ rounds: number }>(
      `SELECT count(DISTINCT (l.game_id, l.version))::int AS rounds
         FROM analytics_coloma_locations l
         JOIN analytics_games g ON g.game_id = l.game_id
         JOIN analytics_seat_results s ON s.game_id = l.game_id AND s.seat = l.seat
        WHERE ${where.sql}`,
      where.params,
    );
    const choices = rows.reduce((n, r) => n + r.choices, 0);
    const busted = rows.reduce((n, r) => n + r.busted, 0);
    const winners = rows.reduce((n, r) => n + r.winners, 0);
    return {
      choices,
      rounds: totals.rounds,
      bustRate: choices ? busted / choices : 0,
      bySite: rows.map((r) => ({
        site: r.site,
        choices: r.choices,
        share: choices ? r.choices / choices : 0,
        busted: r.busted,
        bustRate: r.choices ? r.busted / r.choices : 0,
        bustSiteRounds: r.bust_rounds,
        winnerShare: winners ? r.winners / winners : 0,
      })),
    };
  }

  /** Coloma: the Shootouts (game level: seat filters do not apply), overall and by Year. */
  async colomaShootouts(filter: AnalyticsFilter = {}): Promise<ColomaShootoutStats> {
    const f = { ...filter, gameType: filter.gameType ?? COLOMA_TYPE };
    const where = new Where(f, { seats: false });
    const rows = await this.run<{
      year: number;
      shootouts: number;
      won: number;
      gunmen: number;
      outlaws: number;
      holders: number;
    }>(
      `WITH x AS (
         SELECT x.game_id, x.version, x.year, bool_or(x.won) AS won, max(x.gunmen) AS gunmen,
                max(x.outlaws) AS outlaws, count(*) FILTER (WHERE x.place > 0) AS holders
           FROM analytics_coloma_shootouts x
           JOIN analytics_games g ON g.game_id = x.game_id
          WHERE ${where.sql}
          GROUP BY 1, 2, 3)
       SELECT year, count(*)::int AS shootouts, count(*) FILTER (WHERE won)::int AS won,
              avg(gunmen)::float8 AS gunmen, avg(outlaws)::float8 AS outlaws, avg(holders)::float8 AS holders
         FROM x GROUP BY year ORDER BY year`,
      where.params,
    );
    const shootouts = rows.reduce((n, r) => n + r.shootouts, 0);
    const won = rows.reduce((n, r) => n + r.won, 0);
    const mean = (k: 'gunmen' | 'outlaws' | 'holders') =>
      shootouts ? rows.reduce((n, r) => n + r[k] * r.shootouts, 0) / shootouts : null;
    return {
      shootouts,
      won,
      winRate: shootouts ? won / shootouts : 0,
      meanGunmen: mean('gunmen'),
      meanOutlaws: mean('outlaws'),
      meanHolders: mean('holders'),
      byYear: rows.map((r) => ({
        year: r.year,
        shootouts: r.shootouts,
        won: r.won,
        meanGunmen: r.gunmen,
        meanOutlaws: r.outlaws,
      })),
    };
  }

  /** Great Western Trail: deliveries per city (value, transport cost, extraordinary ones). */
  async gwtDeliveries(filter: AnalyticsFilter = {}): Promise<GwtDeliveryStats> {
    const f = { ...filter, gameType: filter.gameType ?? GWT_TYPE };
    const bySeat = seatFiltered(f);
    const where = new Where(f, { seats: bySeat });
    const gameWhere = new Where(f, { seats: false });
    const [games] = await this.run<{ games: number }>(
      `SELECT count(*)::int AS games FROM analytics_games g WHERE ${gameWhere.sql}`,
      gameWhere.params,
    );
    const rows = await this.run<{
      city: string | null;
      deliveries: number;
      bv: number | null;
      cost: number;
      extraordinary: number;
    }>(
      `SELECT d.city, count(*)::int AS deliveries, avg(d.breeding_value)::float8 AS bv,
              avg(d.transport_cost)::float8 AS cost, count(*) FILTER (WHERE d.extraordinary)::int AS extraordinary
         FROM analytics_gwt_deliveries d
         JOIN analytics_games g ON g.game_id = d.game_id
         ${bySeat ? 'JOIN analytics_seat_results s ON s.game_id = d.game_id AND s.seat = d.seat' : ''}
        WHERE ${where.sql}
        GROUP BY 1
        ORDER BY 2 DESC, d.city COLLATE "C" NULLS LAST`,
      where.params,
    );
    const deliveries = rows.reduce((n, r) => n + r.deliveries, 0);
    return {
      deliveries,
      games: games.games,
      deliveriesPerGame: games.games ? deliveries / games.games : 0,
      byCity: rows.map((r) => ({
        city: r.city,
        deliveries: r.deliveries,
        share: deliveries ? r.deliveries / deliveries : 0,
        meanBreedingValue: r.bv,
        meanTransportCost: r.cost,
        extraordinary: r.extraordinary,
      })),
    };
  }

  async botHeadToHead(filter: AnalyticsFilter = {}): Promise<HeadToHeadRow[]> {
    const where = new Where({ ...filter, seatKind: 'BOT' }, { seats: true });
    // One pass: per game, the best rank of each level (levels are the fixed BOT_LEVELS), then
    // every pair of levels counted with conditional aggregates (no self-join).
    const levels = [...BOT_LEVELS].sort();
    const columns = levels.map(
      (level, i) => `min(s.rank) FILTER (WHERE s.bot_level = ${where.param(level)}) AS r${i}`,
    );
    const pairs: [number, number][] = [];
    for (let i = 0; i < levels.length; i++) for (let j = i + 1; j < levels.length; j++) pairs.push([i, j]);
    const aggregates = pairs.flatMap(([i, j]) => [
      `count(*) FILTER (WHERE r${i} IS NOT NULL AND r${j} IS NOT NULL)::int AS g_${i}_${j}`,
      `count(*) FILTER (WHERE r${i} < r${j})::int AS a_${i}_${j}`,
      `count(*) FILTER (WHERE r${j} < r${i})::int AS b_${i}_${j}`,
    ]);
    const [row] = await this.run<Record<string, number>>(
      `WITH per_game AS (
         SELECT s.game_id, ${columns.join(', ')}
           FROM analytics_seat_results s JOIN analytics_games g ON g.game_id = s.game_id
          WHERE ${where.sql} AND s.bot_level IS NOT NULL AND s.rank IS NOT NULL
          GROUP BY 1)
       SELECT ${aggregates.join(', ')} FROM per_game`,
      where.params,
    );
    return pairs
      .filter(([i, j]) => row[`g_${i}_${j}`] > 0)
      .map(([i, j]) => {
        const games = row[`g_${i}_${j}`];
        const winsA = row[`a_${i}_${j}`];
        const winsB = row[`b_${i}_${j}`];
        const rate = rateRow(levels[i], games, winsA);
        return {
          levelA: levels[i],
          levelB: levels[j],
          games,
          winsA,
          winsB,
          ties: games - winsA - winsB,
          winRateA: rate.winRate,
          low: rate.low,
          high: rate.high,
        };
      });
  }
}
