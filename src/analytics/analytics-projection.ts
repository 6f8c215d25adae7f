/**
 * The `analytics` projection: games, seat results and per-game facts of Carson City, Bang!,
 * Great Western Trail and Coloma (tables in prisma/migrations/*_analytics*, documented in README "Analytics").
 *
 * Game facts come from the events; the seat kinds/levels and the engine's result (ranks, scores,
 * winners, including forfeits applied by the scheduler) from the `games`/`game_seats` rows, which
 * are written in the same transaction as the events. Unknown event types (new engines, events
 * added later) are only counted. Aborting a game appends no event, so aborted games are picked up
 * by `sweep`.
 */
import { PERSONALITIES } from '../games/carson-city/data/personalities';
import { ALL_GAMES } from '../games/index';
import { COLOMA_TYPE, colomaFacts, writeColoma, type ColomaRows, type ColomaWork } from './coloma-projection';
import { upcastRows, type UpcastingEngine } from '../games/upcast';
import type { ProjectedEvent, Projection } from './projector';
import { insertRows, type SqlClient } from './sql';

interface Work extends ColomaWork {
  round?: number;
  pickOrder?: number[];
  /** Carson City: the personality each seat picked this round (seat -> key). */
  picks?: Record<string, string>;
  turn?: number;
  turnSeat?: number | null;
}

interface GameRow {
  game_id: string;
  game_type: string;
  options: unknown;
  player_count: number;
  human_count: number;
  bot_count: number;
  status: string;
  started_at: Date;
  ended_at: Date | null;
  duration_ms: number | null;
  event_count: number;
  rounds: number;
  end_reason: string | null;
  last_position: number;
  work: Work;
}

interface SeatRow {
  game_id: string;
  seat: number;
  game_type: string;
  kind: string;
  bot_level: string | null;
  character: string | null;
  role: string | null;
  score: number | null;
  rank: number | null;
  winner: boolean | null;
}

interface SourceGame {
  id: string;
  type: string;
  options: unknown;
  result: {
    reason?: string;
    seats?: { seat: number; rank: number; winner: boolean; score?: number; detail?: unknown }[];
  } | null;
  seats: { seat: number; kind: string; bot_level: string | null }[];
}

const GAME_COLUMNS = [
  'game_id',
  'game_type',
  'options',
  'player_count',
  'human_count',
  'bot_count',
  'status',
  'started_at',
  'ended_at',
  'duration_ms',
  'event_count',
  'rounds',
  'end_reason',
  'last_position',
  'work',
] as const;
const SEAT_COLUMNS = [
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
] as const;

function upsertSuffix(key: string[], columns: readonly string[]): string {
  const sets = columns.filter((c) => !key.includes(c)).map((c) => `"${c}" = EXCLUDED."${c}"`);
  return `ON CONFLICT (${key.map((k) => `"${k}"`).join(', ')}) DO UPDATE SET ${sets.join(', ')}`;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** The game's result carried by its end event (Carson City's GAME_ENDED since event schema 2). */
function endResult(event: ProjectedEvent): SourceGame['result'] {
  const result = event.payload.result;
  return result && typeof result === 'object' && Array.isArray((result as { seats?: unknown }).seats)
    ? (result as SourceGame['result'])
    : null;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export const GWT_TYPE = 'great-western-trail';

/**
 * analytics_gwt_final_scores columns after game_id and seat: the score sheet's 11 categories
 * (great-western-trail/score.ts SCORE_CATEGORIES, the keys of a seat's result detail; a test
 * checks they are the same list).
 */
export const GWT_SCORE_COLUMNS = [
  'money',
  'buildings',
  'cities',
  'stations',
  'hazards',
  'cattle_cards',
  'objective_cards',
  'station_masters',
  'workers',
  'step_disc_vp',
  'job_market_token',
] as const;

/** Carson City location key -> action: `A:ROAD` -> ROAD, `P:12` -> PARCEL, `B:..` -> BUILDING. */
export function actionOf(loc: string): string {
  if (loc.startsWith('A:')) return loc.slice(2);
  if (loc.startsWith('P:')) return 'PARCEL';
  if (loc.startsWith('B:')) return 'BUILDING';
  return loc;
}

export function personalityKey(id: number): string {
  return PERSONALITIES[id]?.key ?? `P${id}`;
}

class Batch {
  readonly games = new Map<string, GameRow>();
  readonly seats = new Map<string, SeatRow>();
  readonly touchedGames = new Set<string>();
  readonly touchedSeats = new Set<string>();
  readonly picks: unknown[][] = [];
  readonly actions: unknown[][] = [];
  readonly duels: unknown[][] = [];
  readonly income: unknown[][] = [];
  readonly finalScores: unknown[][] = [];
  readonly eliminations: unknown[][] = [];
  readonly gwtFinalScores: unknown[][] = [];
  readonly gwtDeliveries: unknown[][] = [];
  readonly coloma: ColomaRows = { finalScores: [], locations: [], shootouts: [] };
  /** Carson City games that ended in this batch. */
  readonly endedCarson: string[] = [];

  seat(gameId: string, seat: number): SeatRow | undefined {
    const key = `${gameId}:${seat}`;
    const row = this.seats.get(key);
    if (row) this.touchedSeats.add(key);
    return row;
  }
}

/** The engines whose upcasters the projection reads older events through, by game type. */
function registeredEngine(type: string): UpcastingEngine | undefined {
  return ALL_GAMES.find((g) => g.engine.type === type)?.engine;
}

export class AnalyticsProjection implements Projection {
  constructor(private readonly engines: (type: string) => UpcastingEngine | undefined = registeredEngine) {}

  readonly name = 'analytics';
  readonly tables = [
    'analytics_games',
    'analytics_seat_results',
    'analytics_cc_picks',
    'analytics_cc_actions',
    'analytics_cc_duels',
    'analytics_cc_income',
    'analytics_cc_final_scores',
    'analytics_bang_eliminations',
    'analytics_cc_seat_personalities',
    'analytics_gwt_final_scores',
    'analytics_gwt_deliveries',
    'analytics_coloma_final_scores',
    'analytics_coloma_locations',
    'analytics_coloma_shootouts',
  ] as const;

  async apply(tx: SqlClient, events: ProjectedEvent[]): Promise<void> {
    const ids = [...new Set(events.map((e) => e.gameId))];
    const batch = new Batch();
    const existing = await tx.query<GameRow & { duration_ms: number | null; last_position: number }>(
      `SELECT game_id, game_type, options, player_count, human_count, bot_count, status, started_at, ended_at,
              duration_ms::float8 AS duration_ms, event_count, rounds, end_reason,
              last_position::float8 AS last_position, work
         FROM analytics_games WHERE game_id = ANY($1::text[])`,
      [ids],
    );
    for (const row of existing) batch.games.set(row.game_id, row);
    const seatRows = await tx.query<SeatRow>(
      `SELECT game_id, seat, game_type, kind, bot_level, character, role, score, rank, winner
         FROM analytics_seat_results WHERE game_id = ANY($1::text[])`,
      [ids],
    );
    for (const row of seatRows) batch.seats.set(`${row.game_id}:${row.seat}`, row);
    const sourceRows = await tx.query<{
      id: string;
      type: string;
      options: unknown;
      result: SourceGame['result'];
      seat: number;
      kind: string;
      bot_level: string | null;
    }>(
      `SELECT g.id, g.type, g.options, g.result, s.seat, s.kind, s.bot_level
         FROM games g JOIN game_seats s ON s.game_id = g.id
        WHERE g.id = ANY($1::text[]) ORDER BY g.id, s.seat`,
      [ids],
    );
    const sources = new Map<string, SourceGame>();
    for (const row of sourceRows) {
      let source = sources.get(row.id);
      if (!source) {
        source = { id: row.id, type: row.type, options: row.options, result: row.result, seats: [] };
        sources.set(row.id, source);
      }
      source.seats.push({ seat: row.seat, kind: row.kind, bot_level: row.bot_level });
    }

    for (const event of events) {
      const source = sources.get(event.gameId);
      if (!source) continue; // the game row is gone (deleted): nothing to attach facts to
      let game = batch.games.get(event.gameId);
      if (!game) {
        game = {
          game_id: source.id,
          game_type: source.type,
          options: source.options ?? {},
          player_count: source.seats.length,
          human_count: source.seats.filter((s) => s.kind === 'HUMAN').length,
          bot_count: source.seats.filter((s) => s.kind !== 'HUMAN').length,
          status: 'ACTIVE',
          started_at: event.createdAt,
          ended_at: null,
          duration_ms: null,
          event_count: 0,
          rounds: 0,
          end_reason: null,
          last_position: 0,
          work: {},
        };
        batch.games.set(game.game_id, game);
        for (const s of source.seats) {
          const key = `${game.game_id}:${s.seat}`;
          batch.seats.set(key, {
            game_id: game.game_id,
            seat: s.seat,
            game_type: source.type,
            kind: s.kind === 'HUMAN' ? 'HUMAN' : 'BOT',
            bot_level: s.kind === 'HUMAN' ? null : (s.bot_level ?? 'RANDOM'),
            character: null,
            role: null,
            score: null,
            rank: null,
            winner: null,
          });
          batch.touchedSeats.add(key);
        }
      }
      batch.touchedGames.add(game.game_id);
      game.event_count += 1;
      game.last_position = event.position;
      // Older events as their engine reads them now (games/upcast.ts); counted once as stored.
      const engine = this.engines(game.game_type);
      for (const fact of engine ? upcastRows(engine, [event]) : [event]) {
        if (game.game_type === 'carson-city') this.carsonCity(batch, game, fact);
        else if (game.game_type === 'bang-dice') this.bangDice(batch, game, fact);
        else if (game.game_type === GWT_TYPE) this.greatWesternTrail(batch, game, source, fact);
        else if (game.game_type === COLOMA_TYPE) this.coloma(batch, game, source, fact);
        if (fact.type === 'GAME_ENDED') this.finish(batch, game, source, fact);
      }
    }

    await this.write(tx, batch);
  }

  private finish(batch: Batch, game: GameRow, source: SourceGame, event: ProjectedEvent): void {
    game.status = 'FINISHED';
    game.ended_at = event.createdAt;
    game.duration_ms = event.createdAt.getTime() - new Date(game.started_at).getTime();
    // The result the end event carries (Carson City since event schema 2), else the game row's.
    const result = endResult(event) ?? source.result;
    game.end_reason = result?.reason ?? str(event.payload.reason) ?? null;
    for (const r of result?.seats ?? []) {
      const seat = batch.seat(game.game_id, r.seat);
      if (!seat) continue;
      seat.rank = int(r.rank);
      seat.winner = r.winner === true;
      seat.score = num(r.score);
    }
  }

  private carsonCity(batch: Batch, game: GameRow, event: ProjectedEvent): void {
    const p = event.payload;
    const work = game.work;
    const round = work.round ?? 0;
    switch (event.type) {
      case 'ROUND_STARTED':
        work.round = int(p.round);
        work.pickOrder = Array.isArray(p.pickOrder) ? p.pickOrder.map((s) => int(s)) : [];
        work.picks = {};
        game.rounds = Math.max(game.rounds, work.round);
        break;
      case 'CHARACTER_PICKED': {
        const seat = int(p.seat);
        const personality = int(p.personality, -1);
        work.picks = { ...(work.picks ?? {}), [String(seat)]: personalityKey(personality) };
        batch.picks.push([
          game.game_id,
          event.version,
          round,
          seat,
          (work.pickOrder ?? []).indexOf(seat),
          personality,
          personalityKey(personality),
          str(p.side) ?? 'YELLOW',
          p.paperboy === true,
        ]);
        break;
      }
      case 'COWBOY_PLACED': {
        const loc = str(p.loc) ?? '?';
        batch.actions.push([
          game.game_id,
          event.version,
          round,
          int(p.seat),
          actionOf(loc),
          loc,
          p.dynamite === true,
        ]);
        break;
      }
      case 'DUEL': {
        const participants = Array.isArray(p.participants)
          ? (p.participants as Record<string, unknown>[])
          : [];
        const top = Math.max(...participants.map((d) => int(d.firepower)));
        const atTop = participants.filter((d) => int(d.firepower) === top).length;
        for (const [i, d] of participants.entries()) {
          const dice = Array.isArray(d.dice) ? d.dice.map((x) => int(x)) : [];
          batch.duels.push([
            game.game_id,
            event.version,
            round,
            str(p.loc) ?? '?',
            int(d.seat),
            participants.length,
            dice.reduce((a, b) => a + b, 0),
            dice.length,
            int(d.firepower),
            int(d.total),
            int(d.seat) === int(p.winner, -1),
            i === 0,
            atTop === 1 && int(d.firepower) === top,
            work.picks?.[String(int(d.seat))] ?? null,
          ]);
        }
        break;
      }
      case 'INCOME':
        batch.income.push([
          game.game_id,
          event.version,
          round,
          int(p.owner),
          str(p.building) ?? '?',
          int(p.amount),
          int(p.stolen),
          int(p.received),
          num(p.attacker),
        ]);
        break;
      case 'GAME_ENDED':
        batch.endedCarson.push(game.game_id);
        for (const s of Array.isArray(p.scores) ? (p.scores as Record<string, unknown>[]) : []) {
          batch.finalScores.push([
            game.game_id,
            int(s.seat),
            int(s.vpDuringPlay),
            int(s.money),
            int(s.possessions),
            int(s.teacher),
            int(s.trainStation),
            int(s.total),
            // Module parts (absent without the module: 0).
            int(s.bridges),
            int(s.horses),
            int(s.kitCarson),
          ]);
        }
        break;
      default:
        break; // other facts (and unknown event types) are only counted
    }
  }

  /**
   * Great Western Trail: turns (TURN_STARTED's turn; games stored before event schema 3 have none,
   * and their FLOW events read as AGENDA_RESTORED with the turn number), one delivery row per
   * DELIVERED event and, at GAME_ENDED, the score sheets (games stored before event schema 2 ended
   * on a FLOW with `over`, which the upcasters read as AGENDA_RESTORED + GAME_ENDED).
   */
  private greatWesternTrail(batch: Batch, game: GameRow, source: SourceGame, event: ProjectedEvent): void {
    const p = event.payload;
    const work = game.work;
    switch (event.type) {
      case 'DELIVERED': {
        const transport = p.transport !== false;
        batch.gwtDeliveries.push([
          game.game_id,
          event.version,
          work.turn ?? 0,
          int(p.seat),
          str(p.city),
          transport ? int(p.value) : null,
          !transport,
          int(p.cost),
          str(p.disc),
          str(p.fromStation),
        ]);
        break;
      }
      case 'TURN_STARTED':
      case 'AGENDA_RESTORED': {
        work.turn = int(event.type === 'TURN_STARTED' ? p.turn : p.turnNumber, work.turn ?? 0);
        game.rounds = Math.max(game.rounds, work.turn);
        break;
      }
      case 'GAME_ENDED':
        if (game.status !== 'FINISHED') this.gwtFinalScores(batch, game, source);
        break;
      default:
        break;
    }
  }

  /** One score sheet per seat from the engine's result (`detail` = score.ts ScoreBreakdown). */
  private gwtFinalScores(batch: Batch, game: GameRow, source: SourceGame): void {
    for (const r of source.result?.seats ?? []) {
      const sheet = obj(r.detail);
      if (typeof sheet.total !== 'number') continue; // no score sheet (not the engine's result)
      batch.gwtFinalScores.push([
        game.game_id,
        int(r.seat),
        ...GWT_SCORE_COLUMNS.map((c) => int(sheet[c])),
        int(sheet.total),
        int(r.rank),
        r.winner === true,
      ]);
    }
  }

  /** Coloma (coloma-projection.ts); `rounds` counts Rounds over the three Years. */
  private coloma(batch: Batch, game: GameRow, source: SourceGame, event: ProjectedEvent): void {
    if (event.type === 'GAME_ENDED' && game.status === 'FINISHED') return; // scored once
    colomaFacts(batch.coloma, game.game_id, game.work, event, source.result?.seats);
    if (event.type === 'ROUND_STARTED')
      game.rounds = Math.max(game.rounds, ((game.work.year ?? 1) - 1) * 5 + (game.work.round ?? 0));
  }

  private bangDice(batch: Batch, game: GameRow, event: ProjectedEvent): void {
    const p = event.payload;
    const work = game.work;
    const setCharacter = (seatNo: unknown, character: unknown) => {
      const seat = batch.seat(game.game_id, int(seatNo, -1));
      if (seat && typeof character === 'string') seat.character = character;
    };
    switch (event.type) {
      case 'ROLE_DEALT': {
        const seat = batch.seat(game.game_id, int(p.seat, -1));
        if (seat && typeof p.role === 'string') seat.role = p.role;
        break;
      }
      case 'CHARACTER_DEALT':
      case 'CHARACTER_CHOSEN':
        setCharacter(p.seat, p.character);
        break;
      case 'CHARACTERS_REVEALED':
        for (const c of Array.isArray(p.characters) ? (p.characters as Record<string, unknown>[]) : []) {
          setCharacter(c.seat, c.character);
        }
        break;
      case 'TURN_STARTED':
        work.turn = int(p.turn);
        work.turnSeat = int(p.seat);
        game.rounds = Math.max(game.rounds, work.turn);
        break;
      case 'PLAYER_ELIMINATED':
        batch.eliminations.push([
          game.game_id,
          event.version,
          work.turn ?? 0,
          int(p.seat),
          work.turnSeat ?? null,
          str(p.role) ?? '?',
          str(p.character) ?? '?',
          str(p.cause) ?? '?',
        ]);
        break;
      default:
        break;
    }
  }

  private async write(tx: SqlClient, batch: Batch): Promise<void> {
    const games = [...batch.touchedGames].map((id) => batch.games.get(id)!);
    await insertRows(
      tx,
      'analytics_games',
      [...GAME_COLUMNS],
      games.map((g) => [
        g.game_id,
        g.game_type,
        JSON.stringify(g.options ?? {}),
        g.player_count,
        g.human_count,
        g.bot_count,
        g.status,
        g.started_at,
        g.ended_at,
        g.duration_ms,
        g.event_count,
        g.rounds,
        g.end_reason,
        g.last_position,
        JSON.stringify(g.work ?? {}),
      ]),
      upsertSuffix(['game_id'], GAME_COLUMNS),
      { options: 'jsonb', work: 'jsonb', duration_ms: 'bigint', last_position: 'bigint' },
    );
    const seats = [...batch.touchedSeats].map((key) => batch.seats.get(key)!);
    await insertRows(
      tx,
      'analytics_seat_results',
      [...SEAT_COLUMNS],
      seats.map((s) => SEAT_COLUMNS.map((c) => s[c])),
      upsertSuffix(['game_id', 'seat'], SEAT_COLUMNS),
    );
    const nothing = 'ON CONFLICT DO NOTHING';
    await insertRows(
      tx,
      'analytics_cc_picks',
      [
        'game_id',
        'version',
        'round',
        'seat',
        'pick_order',
        'personality',
        'personality_key',
        'side',
        'paperboy',
      ],
      batch.picks,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_cc_actions',
      ['game_id', 'version', 'round', 'seat', 'action', 'loc', 'dynamite'],
      batch.actions,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_cc_duels',
      [
        'game_id',
        'version',
        'round',
        'loc',
        'seat',
        'participants',
        'dice_total',
        'dice_count',
        'firepower',
        'total',
        'won',
        'first',
        'strongest',
        'personality_key',
      ],
      batch.duels,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_cc_income',
      ['game_id', 'version', 'round', 'owner', 'building', 'amount', 'stolen', 'received', 'attacker'],
      batch.income,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_cc_final_scores',
      [
        'game_id',
        'seat',
        'vp_during_play',
        'money',
        'possessions',
        'teacher',
        'train_station',
        'total',
        'bridges',
        'horses',
        'kit_carson',
      ],
      batch.finalScores,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_bang_eliminations',
      ['game_id', 'version', 'turn', 'seat', 'turn_seat', 'role', 'character', 'cause'],
      batch.eliminations,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_gwt_final_scores',
      ['game_id', 'seat', ...GWT_SCORE_COLUMNS, 'total', 'rank', 'winner'],
      batch.gwtFinalScores,
      nothing,
    );
    await insertRows(
      tx,
      'analytics_gwt_deliveries',
      [
        'game_id',
        'version',
        'turn',
        'seat',
        'city',
        'breeding_value',
        'extraordinary',
        'transport_cost',
        'disc',
        'from_station',
      ],
      batch.gwtDeliveries,
      nothing,
    );
    await writeColoma(tx, batch.coloma);
    // After the picks and seat results of this batch are written: one row per (seat, personality
    // picked at least once) of the games that ended, with the seat's outcome.
    if (batch.endedCarson.length > 0) {
      await tx.query(
        `INSERT INTO analytics_cc_seat_personalities (game_id, seat, personality_key, kind, bot_level, winner)
         SELECT DISTINCT p.game_id, p.seat, p.personality_key, s.kind, s.bot_level, COALESCE(s.winner, false)
           FROM analytics_cc_picks p
           JOIN analytics_seat_results s ON s.game_id = p.game_id AND s.seat = p.seat
          WHERE p.game_id = ANY($1::text[])
         ON CONFLICT DO NOTHING`,
        [batch.endedCarson],
      );
    }
  }

  async sweep(tx: SqlClient): Promise<void> {
    await tx.query(
      `UPDATE analytics_games a
          SET status = 'ABORTED', ended_at = g.finished_at,
              duration_ms = (EXTRACT(EPOCH FROM (g.finished_at - a.started_at)) * 1000)::bigint
         FROM games g
        WHERE g.id = a.game_id AND g.status = 'ABORTED' AND a.status = 'ACTIVE'`,
    );
  }
}
