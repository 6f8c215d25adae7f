/**
 * A game-independent, pure tournament runner: bots play whole games through an engine's
 * setup/decide/evolve, each seeing only its seat's view and legal commands (as the server's bot
 * runner gives them). Everything random comes from seeded streams (`rngFor` for the engine, one
 * stream per (game, version, seat) for the bots), so a game replays exactly from its seed.
 */
import type { BotBudget, GameBot } from './bots';
import { isViolation, type AnyGameEngine, type GameCommand, type GameEvent, type GameResult } from './engine';
import { createRng, rngFor } from './random';

export interface Move {
  /** Stream version (number of events) the move was decided at. */
  version: number;
  seat: number;
  command: GameCommand;
  explanation?: string;
}

export interface PlayedGame {
  result: GameResult;
  events: GameEvent[];
  moves: Move[];
}

export interface PlayOptions {
  budget?: BotBudget;
  /** Guard against engines that never end (default 20,000 moves). */
  maxMoves?: number;
}

/**
 * Play one game: `seatBots[i]` plays seat i. `options` are the engine's raw creation options
 * (validated with parseOptions). Simultaneous prompts are answered one seat at a time, each on
 * the state current when it is asked, as the server's bot runner ends up doing.
 */
export function playGame(
  engine: AnyGameEngine,
  options: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  seatBots: GameBot<any, any>[],
  seed: string,
  play: PlayOptions = {},
): PlayedGame {
  const seatCount = seatBots.length;
  const parsed: unknown = engine.parseOptions(options, seatCount);
  if (isViolation(parsed)) throw new Error(`invalid options: ${parsed.message}`);
  const events: GameEvent[] = [...engine.setup(parsed, seatCount, rngFor(seed, 0))];
  let state: unknown = events.reduce<unknown>((s, e) => engine.evolve(s, e), null);
  const moves: Move[] = [];
  const maxMoves = play.maxMoves ?? 20_000;

  for (;;) {
    const result = engine.result(state);
    if (result) return { result, events, moves };
    const prompts = engine.pending(state);
    if (prompts.length === 0) throw new Error(`no prompt and no result after ${events.length} events`);
    if (moves.length >= maxMoves) throw new Error(`game did not end within ${maxMoves} moves`);
    const seat = prompts[0].seat;
    const version = events.length;
    const legal = engine.legalCommands(state, seat);
    if (legal.length === 0) throw new Error(`seat ${seat} is prompted but has no legal command`);
    const bot = seatBots[seat];
    const decision = bot.choose({
      seat,
      view: engine.view(state, seat),
      legal,
      rng: createRng(`${seed}:bot:${version}:${seat}`),
      ...(play.budget && { budget: play.budget }),
    });
    const out = engine.decide(state, seat, decision.command, rngFor(seed, version));
    if (isViolation(out)) {
      throw new Error(
        `${bot.level} bot at seat ${seat} sent ${JSON.stringify(decision.command)}: ${out.code} ${out.message}`,
      );
    }
    for (const event of out) {
      state = engine.evolve(state, event);
      events.push(event);
    }
    moves.push({
      version,
      seat,
      command: decision.command,
      ...(decision.explanation !== undefined && { explanation: decision.explanation }),
    });
  }
}

export interface Interval {
  low: number;
  high: number;
}

/** The Wilson score interval for `wins` successes in `n` trials (z = 1.96 for 95%). */
export function wilson(wins: number, n: number, z = 1.959964): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = wins / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

export interface LevelStats {
  level: string;
  /** Seat-games this level played (the sample size). */
  seats: number;
  wins: number;
  winRate: number;
  /** 95% Wilson interval of the win rate. */
  ci: Interval;
  /** Mean final score of this level's seats (over the seats whose result has a score). */
  meanScore: number | null;
}

/**
 * The gap between two levels, measured per deal: each deal is played `levels.length` times with
 * the levels shifted round the table, and its gap is the first level's share of winning seats
 * minus the second's over those games. The interval is a t interval over deals, so it accounts
 * for the seats of one game sharing a result (the seat-level Wilson intervals do not).
 */
export interface LevelDifference {
  levels: [string, string];
  /** Mean over deals of (win rate of the first level - win rate of the second). */
  mean: number;
  /** 95% interval of the mean. */
  ci: Interval;
  /** Deals it was measured over. */
  deals: number;
}

export interface TournamentReport {
  games: number;
  /** Games without any winner. */
  draws: number;
  levels: LevelStats[];
  /** With exactly two levels: their gap with a deal-clustered interval. */
  difference: LevelDifference | null;
  /** Per game: the level at each seat and the winning seats. */
  log: { seed: string; levels: string[]; winners: number[]; reason: string }[];
}

export interface TournamentConfig {
  engine: AnyGameEngine;
  /** Level names, keys of `bots`. */
  levels: string[];
  seatsPerGame: number;
  games: number;
  seed: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bots: Record<string, GameBot<any, any>>;
  /** Raw engine options for every game (default: none). */
  options?: unknown;
  budget?: BotBudget;
  /** Called after each game (progress reports in scripts). */
  onGame?: (index: number, game: PlayedGame, levels: string[]) => void;
}

/** Two-sided 97.5% quantile of Student's t for `df` degrees of freedom (normal beyond 120). */
function tQuantile975(df: number): number {
  const table: [number, number][] = [
    [1, 12.706],
    [2, 4.303],
    [3, 3.182],
    [4, 2.776],
    [5, 2.571],
    [10, 2.228],
    [20, 2.086],
    [30, 2.042],
    [60, 2.0],
    [120, 1.98],
  ];
  for (const [d, q] of table) if (df <= d) return q;
  return 1.959964;
}

/** The deal-clustered gap between the two levels of a two-level tournament (null otherwise). */
export function levelDifference(levels: string[], log: TournamentReport['log']): LevelDifference | null {
  const distinct = [...new Set(levels)];
  if (distinct.length !== 2) return null;
  const [a, b] = distinct;
  const byDeal = new Map<string, { a: [number, number]; b: [number, number] }>();
  for (const game of log) {
    const deal = byDeal.get(game.seed) ?? { a: [0, 0], b: [0, 0] };
    game.levels.forEach((level, seat) => {
      const side = level === a ? deal.a : deal.b;
      side[1]++;
      if (game.winners.includes(seat)) side[0]++;
    });
    byDeal.set(game.seed, deal);
  }
  const gaps = [...byDeal.values()]
    .filter((d) => d.a[1] > 0 && d.b[1] > 0)
    .map((d) => d.a[0] / d.a[1] - d.b[0] / d.b[1]);
  const n = gaps.length;
  if (n === 0) return null;
  const mean = gaps.reduce((x, y) => x + y, 0) / n;
  if (n < 2) return { levels: [a, b], mean, ci: { low: -1, high: 1 }, deals: n };
  const variance = gaps.reduce((x, g) => x + (g - mean) * (g - mean), 0) / (n - 1);
  const half = tQuantile975(n - 1) * Math.sqrt(variance / n);
  return { levels: [a, b], mean, ci: { low: mean - half, high: mean + half }, deals: n };
}

/**
 * Which level sits at `seat` in game `game`: levels alternate around the table and the pattern
 * shifts by one seat each game, so over `levels.length` consecutive games every level holds
 * every seat equally often.
 */
export function levelAt(levels: string[], seat: number, game: number): string {
  return levels[(seat + game) % levels.length];
}

/**
 * Play `games` games with levels rotated across seats. Consecutive groups of `levels.length`
 * games share a deal seed (`${seed}:${group}`), so the same deal is played with the levels
 * shifted round the table (fewer lucky deals for one level). Every seat of every game is one
 * sample for its level: a win if the seat is among the winners.
 */
export function runTournament(config: TournamentConfig): TournamentReport {
  const { engine, levels, seatsPerGame, games, seed, bots } = config;
  if (levels.length === 0) throw new Error('no levels');
  for (const level of levels) if (!bots[level]) throw new Error(`no bot for level ${level}`);
  const tally = new Map(levels.map((level) => [level, { seats: 0, wins: 0, scored: 0, points: 0 }]));
  const log: TournamentReport['log'] = [];
  let draws = 0;
  for (let g = 0; g < games; g++) {
    const seatLevels = Array.from({ length: seatsPerGame }, (_, seat) => levelAt(levels, seat, g));
    const gameSeed = `${seed}:${Math.floor(g / levels.length)}`;
    const played = playGame(
      engine,
      config.options ?? {},
      seatLevels.map((level) => bots[level]),
      gameSeed,
      config.budget ? { budget: config.budget } : {},
    );
    const winners = played.result.winners;
    if (winners.length === 0) draws++;
    seatLevels.forEach((level, seat) => {
      const t = tally.get(level)!;
      t.seats++;
      if (winners.includes(seat)) t.wins++;
      const score = played.result.seats.find((x) => x.seat === seat)?.score;
      if (typeof score === 'number') {
        t.scored++;
        t.points += score;
      }
    });
    log.push({ seed: gameSeed, levels: seatLevels, winners: [...winners], reason: played.result.reason });
    config.onGame?.(g, played, seatLevels);
  }
  return {
    games,
    draws,
    log,
    difference: levelDifference(levels, log),
    levels: levels
      .filter((level, i) => levels.indexOf(level) === i)
      .map((level) => {
        const { seats, wins, scored, points } = tally.get(level)!;
        const meanScore = scored === 0 ? null : points / scored;
        return {
          level,
          seats,
          wins,
          winRate: seats === 0 ? 0 : wins / seats,
          ci: wilson(wins, seats),
          meanScore,
        };
      }),
  };
}
