/**
 * Great Western Trail in the analytics projection, on real PostgreSQL: bot games recorded through
 * the event store (in several appends, the projector running after each with small batches so a
 * command's events straddle batches), then every row checked against values computed
 * independently from the played games: the score sheets against score.ts `scoreGame` on the final
 * state and the result, the deliveries against the DELIVER commands replayed on the engine. A
 * rebuild (the projections:rebuild CLI) gives identical tables; the GraphQL queries and the bulk
 * export (CSV and Parquet, over HTTP too) read them; rare deliveries from hand-made event streams;
 * and a game simulated through PlayService (one append per command) against its recorded commands.
 */
import { AnalyticsProjection, GWT_SCORE_COLUMNS } from '../../src/analytics/analytics-projection';
import {
  AnalyticsQueries,
  type AnalyticsFilter,
  type GwtDeliveryStats,
  type GwtScoreStats,
} from '../../src/analytics/analytics-queries';
import { exportTableNames } from '../../src/analytics/export';
import { Projector } from '../../src/analytics/projector';
import { sqlFor, type Sql } from '../../src/analytics/sql';
import { rebuildCommand } from '../../src/cli/projections-rebuild';
import { simulateCommand } from '../../src/cli/simulate';
import { EventStore } from '../../src/event-store/event-store';
import type { GameEvent } from '../../src/games/engine';
import { randomBot } from '../../src/games/bots';
import { greatWesternTrailEngine as engine } from '../../src/games/great-western-trail/index';
import { deliveryCost } from '../../src/games/great-western-trail/kansas-city';
import { SCORE_CATEGORIES, scoreGame } from '../../src/games/great-western-trail/score';
import type { GwtState } from '../../src/games/great-western-trail/state';
import type { CityId } from '../../src/games/great-western-trail/data/types';
import { GameRegistry } from '../../src/games/registry';
import type { PlayedGame } from '../../src/games/tournament';
import { PlayService } from '../../src/play/play.service';
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

const TYPE = 'great-western-trail';

const GAMES: Spec[] = [
  { seats: [H, R], seed: 'gwt-analytics-0' },
  { seats: [H, P, H], options: { simmental: true }, seed: 'gwt-analytics-1' },
  {
    seats: [H, H, R, H],
    options: { neutralBuildings: 'RANDOM', playerBuildings: 'RANDOM' },
    seed: 'gwt-analytics-2',
  },
];

interface DeliveryRow {
  game_id: string;
  version: number;
  turn: number;
  seat: number;
  city: string | null;
  breeding_value: number | null;
  extraordinary: boolean;
  transport_cost: number;
  disc: string | null;
  from_station: string | null;
}

/**
 * The bots play RANDOM whatever their label (a HEURISTIC seat is labelled only): the real GWT bots
 * are being tuned, and these tests are about the projection, not about how bots play.
 */
const registry = new GameRegistry([{ engine, bots: { HEURISTIC: { ...randomBot, level: 'HEURISTIC' } } }]);

/** Plays the game with the engine and bots (as the server would), without storing it yet. */
function createAndPlay(db: TestPostgres, spec: Spec): Promise<Recorded> {
  const bots = spec.seats.map((s) =>
    registry.bot(TYPE, s.kind === 'BOT' ? (s.botLevel ?? 'RANDOM') : 'RANDOM')!,
  );
  return record(db, registry, engine, spec, bots);
}

/** Replays the game on the engine: the state before each move (by the move's version) and the final state. */
function replay(played: PlayedGame): { before: Map<number, GwtState>; final: GwtState } {
  const before = new Map<number, GwtState>();
  let state: GwtState | null = null;
  let applied = 0;
  const advance = (to: number) => {
    for (; applied < to; applied++) state = engine.evolve(state, played.events[applied] as never);
  };
  for (const move of played.moves) {
    advance(move.version);
    before.set(move.version, structuredClone(state!));
  }
  advance(played.events.length);
  return { before, final: state! };
}

/**
 * The deliveries of a game as its DELIVER commands say, with the value and cost from the engine's
 * state, at the version of the DELIVERED event each command emitted.
 */
function expectedDeliveries(game: Recorded, upTo = Infinity): DeliveryRow[] {
  const { before } = replay(game.played);
  const moves = game.played.moves;
  const rows: DeliveryRow[] = [];
  for (const [i, move] of moves.entries()) {
    if (move.command.type !== 'DELIVER') continue;
    const state = before.get(move.version)!;
    const decision = state.turn.stack[state.turn.stack.length - 1] as {
      kind: string;
      value: number;
      transport: boolean;
    };
    expect(decision.kind).toBe('DELIVER');
    const end = i + 1 < moves.length ? moves[i + 1].version : game.played.events.length;
    const own = game.played.events.slice(move.version, end) as GameEvent[];
    const at = own.findIndex((e) => e.type === 'DELIVERED');
    expect(at).toBeGreaterThanOrEqual(0);
    const version = move.version + at + 1;
    if (version > upTo) continue;
    const cmd = move.command as unknown as { city: CityId; disc: string | null };
    const fromStation = cmd.disc?.startsWith('STATION-') ? cmd.disc : null;
    rows.push({
      game_id: game.id,
      version,
      turn: state.turnNumber,
      seat: move.seat,
      city: cmd.city,
      breeding_value: decision.transport ? decision.value : null,
      extraordinary: !decision.transport,
      transport_cost: deliveryCost(state, move.seat, cmd.city, decision.transport),
      disc: fromStation === null ? cmd.disc : null,
      from_station: fromStation,
    });
  }
  return rows;
}

async function deliveryRows(sql: Sql, gameId: string): Promise<DeliveryRow[]> {
  return sql.query<DeliveryRow>(
    `SELECT game_id, version, turn, seat, city, breeding_value, extraordinary, transport_cost, disc, from_station
       FROM analytics_gwt_deliveries WHERE game_id = $1 ORDER BY version`,
    [gameId],
  );
}

describe('Great Western Trail analytics (PostgreSQL)', () => {
  let db: TestPostgres;
  let sql: Sql;
  let projector: Projector;
  const games: Recorded[] = [];
  let live: Record<string, unknown[]>;

  beforeAll(async () => {
    db = await createTestPostgres();
    sql = sqlFor(db);
    // Small odd batches: a command's events (DISC_PLACED, MONEY, TURN_STARTED) straddle batches.
    projector = new Projector(sql, new AnalyticsProjection(), { batchSize: 37 });
    for (const spec of GAMES) games.push(await createAndPlay(db, spec));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('the score columns are the engine’s score categories', () => {
    expect([...GWT_SCORE_COLUMNS]).toEqual([...SCORE_CATEGORIES]);
  });

  it('projects deliveries as they happen and the score sheets only once the game is over', async () => {
    const game = games[0];
    const events = game.played.events.length;
    const cut = Math.floor(events / 2);
    await append(db, game, 0, cut);
    await projector.catchUp();
    const soFar = expectedDeliveries(game, cut);
    expect(soFar.length).toBeGreaterThan(0);
    // Deliveries stored so far are projected; later ones are not.
    expect(await deliveryRows(sql, game.id)).toEqual(soFar);
    const [g] = await sql.query<{ status: string; event_count: number }>(
      `SELECT status, event_count FROM analytics_games WHERE game_id = $1`,
      [game.id],
    );
    expect(g).toEqual({ status: 'ACTIVE', event_count: cut });
    const [{ n }] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_gwt_final_scores WHERE game_id = $1`,
      [game.id],
    );
    expect(n).toBe(0);
    await append(db, game, cut, events);
    await projector.catchUp();
    expect(await deliveryRows(sql, game.id)).toEqual(expectedDeliveries(game));
  });

  it('projects the other games, each stored in several appends', async () => {
    for (const [i, game] of games.slice(1).entries()) {
      const events = game.played.events.length;
      const size = Math.ceil(events / (3 + i));
      for (let from = 0; from < events; from += size) {
        await append(db, game, from, Math.min(events, from + size));
        await projector.catchUp();
      }
    }
    const [{ n }] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_games WHERE game_type = $1 AND status = 'FINISHED'`,
      [TYPE],
    );
    expect(n).toBe(games.length);
    live = await dumpTables(sql);
  });

  it('finishes the game: status, turns, end reason and seat results from the result', async () => {
    for (const game of games) {
      const { final } = replay(game.played);
      const [g] = await sql.query<Record<string, unknown>>(
        `SELECT status, rounds, end_reason, event_count, player_count, human_count FROM analytics_games WHERE game_id = $1`,
        [game.id],
      );
      expect(g).toEqual({
        status: 'FINISHED',
        rounds: final.turnNumber,
        end_reason: 'FINAL_SCORING',
        event_count: game.played.events.length,
        player_count: game.spec.seats.length,
        human_count: game.spec.seats.filter((s) => s.kind === 'HUMAN').length,
      });
      const seats = await sql.query<{ seat: number; score: number; rank: number; winner: boolean }>(
        `SELECT seat, score, rank, winner FROM analytics_seat_results WHERE game_id = $1 ORDER BY seat`,
        [game.id],
      );
      expect(seats).toEqual(
        game.played.result.seats!.map((s) => ({
          seat: s.seat,
          score: s.score,
          rank: s.rank,
          winner: s.winner,
        })),
      );
    }
  });

  it('has one score sheet per seat: the engine’s categories, adding up to the result’s total', async () => {
    for (const game of games) {
      const { final } = replay(game.played);
      const sheets = scoreGame(final);
      const rows = await sql.query<Record<string, number | boolean | string>>(
        `SELECT * FROM analytics_gwt_final_scores WHERE game_id = $1 ORDER BY seat`,
        [game.id],
      );
      expect(rows).toHaveLength(game.spec.seats.length);
      for (const [seat, row] of rows.entries()) {
        const result = game.played.result.seats!.find((s) => s.seat === seat)!;
        const sheet = sheets[seat];
        expect(row).toEqual({
          game_id: game.id,
          seat,
          ...Object.fromEntries(SCORE_CATEGORIES.map((c) => [c, sheet[c]])),
          total: sheet.total,
          rank: result.rank,
          winner: result.winner,
        });
        const sum = SCORE_CATEGORIES.reduce((n, c) => n + (row[c] as number), 0);
        expect(sum).toBe(row.total);
        expect(row.total).toBe(result.score);
      }
      expect(rows.filter((r) => r.winner).map((r) => r.seat)).toEqual(game.played.result.winners);
    }
  });

  it('has one delivery row per DELIVER command, with its city, value, cost and disc', async () => {
    let all = 0;
    const kinds = new Set<string>();
    for (const game of games) {
      const expected = expectedDeliveries(game);
      expect(await deliveryRows(sql, game.id)).toEqual(expected);
      all += expected.length;
      for (const d of expected) {
        kinds.add(d.extraordinary ? 'extraordinary' : 'kansas-city');
        if (d.transport_cost > 0) kinds.add('paid');
        if (d.from_station) kinds.add('from-station');
      }
      // Every DISC_PLACED on a city is a delivery's disc.
      const onCities = game.played.events.filter(
        (e) => e.type === 'DISC_PLACED' && 'city' in (e as unknown as { to: object }).to,
      ).length;
      expect(expected.filter((d) => d.disc !== null || d.from_station !== null)).toHaveLength(onCities);
    }
    expect(all).toBeGreaterThan(10);
    expect([...kinds]).toEqual(expect.arrayContaining(['kansas-city', 'paid']));
  });

  it('rebuilding (projections:rebuild) gives identical tables, and re-running adds nothing', async () => {
    const lines: string[] = [];
    const done = await rebuildCommand(['analytics'], {
      database: db,
      progress: false,
      log: (l) => lines.push(l),
    });
    const [{ n }] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
    expect(done).toEqual({ analytics: n });
    expect(await dumpTables(sql)).toEqual(live);
    const again = new Projector(sql, new AnalyticsProjection(), { batchSize: 1000 });
    expect(await again.catchUp()).toBe(0);
    expect(await dumpTables(sql)).toEqual(live);
  });

  it('answers the score-category and delivery queries from the rows', async () => {
    const queries = new AnalyticsQueries(sql);
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    const sheets = games.flatMap((game) => {
      const { final } = replay(game.played);
      return scoreGame(final).map((sheet) => ({
        game,
        sheet,
        human: game.spec.seats[sheet.seat].kind === 'HUMAN',
        winner: game.played.result.winners.includes(sheet.seat),
      }));
    });
    type Sheet = (typeof sheets)[number];
    const cases: [AnalyticsFilter, (x: Sheet) => boolean][] = [
      [{}, () => true],
      [{ seatKind: 'HUMAN' }, (x) => x.human],
      [{ playerCounts: [2, 4] }, (x) => x.game.spec.seats.length !== 3],
    ];
    for (const [filter, pick] of cases) {
      const chosen = sheets.filter(pick);
      const stats = await queries.gwtScoreCategories(filter);
      expect(stats.seats).toBe(chosen.length);
      expect(stats.games).toBe(new Set(chosen.map((x) => x.game.id)).size);
      expect(stats.categories.map((c) => c.category)).toEqual([...SCORE_CATEGORIES, 'total']);
      for (const c of stats.categories) {
        const value = (x: (typeof chosen)[number]) => x.sheet[c.category as 'total'];
        for (const [actual, xs] of [
          [c.mean, chosen],
          [c.winnerMean, chosen.filter((x) => x.winner)],
          [c.otherMean, chosen.filter((x) => !x.winner)],
        ] as const) {
          const expected = mean(xs.map(value));
          if (expected === null) expect(actual).toBeNull();
          else expect(actual).toBeCloseTo(expected, 9);
        }
      }
    }

    const deliveries = games.flatMap((game) => expectedDeliveries(game));
    const stats = await queries.gwtDeliveries({});
    expect(stats.games).toBe(games.length);
    expect(stats.deliveries).toBe(deliveries.length);
    expect(stats.deliveriesPerGame).toBeCloseTo(deliveries.length / games.length, 9);
    const cities = [...new Set(deliveries.map((d) => d.city))];
    const count = (city: string | null) => deliveries.filter((d) => d.city === city).length;
    expect(stats.byCity.map((r) => [r.city, r.deliveries])).toEqual(
      cities
        .sort(
          (a, b) => count(b) - count(a) || (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0),
        )
        .map((city) => [city, count(city)]),
    );
    for (const r of stats.byCity) {
      const here = deliveries.filter((d) => d.city === r.city);
      expect(r.share).toBeCloseTo(here.length / deliveries.length, 9);
      expect(r.meanTransportCost).toBeCloseTo(mean(here.map((d) => d.transport_cost))!, 9);
      const values = here.filter((d) => d.breeding_value !== null).map((d) => d.breeding_value!);
      if (values.length === 0) expect(r.meanBreedingValue).toBeNull();
      else expect(r.meanBreedingValue).toBeCloseTo(mean(values)!, 9);
      expect(r.extraordinary).toBe(here.filter((d) => d.extraordinary).length);
    }
    // Seat filter: only the human seat's deliveries.
    const human = games[1];
    const humanRows = expectedDeliveries(human).filter((d) => d.seat === 1);
    const humanStats = await queries.gwtDeliveries({ seatKind: 'HUMAN' });
    expect(humanStats.deliveries).toBe(humanRows.length);
  });

  it('exports both tables as CSV and Parquet, also over HTTP with the operator token', async () => {
    expect(exportTableNames()).toEqual(expect.arrayContaining(['gwt_final_scores', 'gwt_deliveries']));
    for (const name of ['gwt_final_scores', 'gwt_deliveries']) {
      const table = `analytics_${name}`;
      const rows = await sql.query<Record<string, unknown>>(
        `SELECT * FROM ${table} ORDER BY game_id, ${name === 'gwt_deliveries' ? 'version' : 'seat'}`,
      );
      await expectExportMatches(sql, name, rows);
    }

    const previous = process.env.ANALYTICS_TOKEN;
    process.env.ANALYTICS_TOKEN = 'gwt-test-token';
    const server = await startServer({ database: db, engines: [engine] });
    try {
      const response = await fetch(`${server.url}/api/analytics/export/gwt_deliveries?format=csv`, {
        headers: { authorization: 'Bearer gwt-test-token' },
      });
      expect(response.status).toBe(200);
      const [{ n }] = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM analytics_gwt_deliveries`,
      );
      const text = await response.text();
      expect(text.split('\n')[0]).toBe(
        'game_id,version,turn,seat,city,breeding_value,extraordinary,transport_cost,disc,from_station',
      );
      expect(text.trim().split('\n')).toHaveLength(n + 1);
      // The GraphQL queries answer what AnalyticsQueries computes.
      const queries = new AnalyticsQueries(sql);
      const filter = { playerCounts: [3, 4] };
      const gql = await server.gql<{ gwtScoreCategories: GwtScoreStats; gwtDeliveries: GwtDeliveryStats }>(
        `query ($f: AnalyticsFilterInput) {
           gwtScoreCategories(filter: $f) { seats games categories { category mean winnerMean otherMean } }
           gwtDeliveries(filter: $f) { deliveries games deliveriesPerGame
             byCity { city deliveries share meanBreedingValue meanTransportCost extraordinary } }
         }`,
        { f: filter },
      );
      expect(gql.errors).toBeUndefined();
      expect(gql.data).toEqual({
        gwtScoreCategories: await queries.gwtScoreCategories(filter),
        gwtDeliveries: await queries.gwtDeliveries(filter),
      });
      expect(gql.data!.gwtDeliveries.games).toBe(2);
    } finally {
      await server.close();
      if (previous === undefined) delete process.env.ANALYTICS_TOKEN;
      else process.env.ANALYTICS_TOKEN = previous;
    }
  });

  it('reads the rarer deliveries from the DELIVERED events the engine emits', async () => {
    // Bots rarely get there: a delivery with no disc at all (D3), an extraordinary delivery
    // (building 9a) with a disc moved from a station, stored across several appends.
    const play = new PlayService(db.client, new EventStore(db.client), registry, { allowTestControls: true });
    const { game } = await play.createGame({ type: TYPE, seats: [R, R], options: {}, seed: 'gwt-synthetic' });
    const turn = (seat: number, n: number) => ({ type: 'TURN_STARTED', seat, turn: n });
    const delivered = (
      seat: number,
      city: string,
      value: number | null,
      cost: number,
      disc: string | null,
      fromStation: string | null,
    ) => ({
      type: 'DELIVERED',
      seat,
      city,
      value,
      transport: value !== null,
      cost,
      disc,
      fromStation,
    });
    const events: GameEvent[] = [
      turn(1, 5), // 1
      delivered(1, 'PEORIA', 7, 4, null, null), // 2: no disc could be placed (D3)
      { type: 'MONEY', seat: 1, delta: -4, reason: 'TRANSPORT' },
      turn(0, 6), // 4
      delivered(0, 'FULTON', null, 0, null, 'STATION-2'), // 5: building 9a
      { type: 'DISC_PLACED', seat: 0, disc: null, fromStation: 'STATION-2', to: { city: 'FULTON' } },
      { type: 'LOCAL_ACTION_USED', seat: 0, index: 1 }, // 7
      delivered(0, 'CHICAGO', 9, 6, 'CERT-4', null), // 8
      { type: 'DISC_PLACED', seat: 0, disc: 'CERT-4', fromStation: null, to: { city: 'CHICAGO' } },
      { type: 'MONEY', seat: 0, delta: -6, reason: 'TRANSPORT' },
    ] as unknown as GameEvent[];
    for (const [from, to] of [
      [0, 2],
      [2, 5],
      [5, events.length],
    ]) {
      await new EventStore(db.client).append({
        gameId: game.id,
        expectedVersion: from,
        events: events.slice(from, to),
        metadata: { actor: 'BOT', seat: null, at: new Date().toISOString() },
        readModel: { status: 'ACTIVE', activeSeats: [0] },
      });
      await projector.catchUp();
    }
    const row = (r: Partial<DeliveryRow>): DeliveryRow => ({
      game_id: game.id,
      version: 0,
      turn: 0,
      seat: 0,
      city: null,
      breeding_value: null,
      extraordinary: false,
      transport_cost: 0,
      disc: null,
      from_station: null,
      ...r,
    });
    expect(await deliveryRows(sql, game.id)).toEqual([
      row({ version: 2, turn: 5, seat: 1, city: 'PEORIA', breeding_value: 7, transport_cost: 4 }),
      row({ version: 5, turn: 6, city: 'FULTON', extraordinary: true, from_station: 'STATION-2' }),
      row({ version: 8, turn: 6, city: 'CHICAGO', breeding_value: 9, transport_cost: 6, disc: 'CERT-4' }),
    ]);
    const [g] = await sql.query<{ status: string; rounds: number }>(
      `SELECT status, rounds FROM analytics_games WHERE game_id = $1`,
      [game.id],
    );
    expect(g).toEqual({ status: 'ACTIVE', rounds: 6 });
  });

  it('projects a game simulated through the real pipeline (simulate CLI: one append per command)', async () => {
    const summary = await simulateCommand(
      [
        '--game',
        TYPE,
        '--games',
        '1',
        '--players',
        '2',
        '--bots',
        'RANDOM',
        '--seed',
        'gwt-sim',
        '--concurrency',
        '1',
      ],
      { database: db, log: () => undefined, progress: false, registry },
    );
    const [id] = summary.gameIds;
    const [game] = await sql.query<{
      result: { seats: { seat: number; score: number; rank: number; winner: boolean }[] };
    }>(`SELECT result FROM games WHERE id = $1 AND status = 'FINISHED'`, [id]);
    const scores = await sql.query<Record<string, number | boolean | string>>(
      `SELECT * FROM analytics_gwt_final_scores WHERE game_id = $1 ORDER BY seat`,
      [id],
    );
    expect(scores.map((r) => [r.seat, r.total, r.rank, r.winner])).toEqual(
      game.result.seats.map((s) => [s.seat, s.score, s.rank, s.winner]),
    );
    for (const r of scores) expect(SCORE_CATEGORIES.reduce((n, c) => n + (r[c] as number), 0)).toBe(r.total);
    // Every DELIVER command recorded by the pipeline is one row, at an event of that command.
    const commands = await sql.query<{
      command: { city: string; disc: string | null };
      seat: number;
      from_version: number;
      to_version: number;
    }>(
      `SELECT command, seat, from_version, to_version FROM commands WHERE game_id = $1 AND command->>'type' = 'DELIVER' ORDER BY to_version`,
      [id],
    );
    expect(commands.length).toBeGreaterThan(3);
    const rows = await deliveryRows(sql, id);
    expect(rows.map((r) => [r.seat, r.city, r.disc ?? r.from_station])).toEqual(
      commands.map((c) => [c.seat, c.command.city, c.command.disc]),
    );
    for (const [i, r] of rows.entries()) {
      expect(r.version).toBeGreaterThan(commands[i].from_version);
      expect(r.version).toBeLessThanOrEqual(commands[i].to_version);
    }
  });
});
