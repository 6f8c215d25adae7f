/**
 * Drives all-bot games through the real command pipeline (PlayService) without the scheduling
 * layer: load -> first prompted seat -> RANDOM bot on that seat's legal commands -> submitCommand
 * with expectedVersion. The bot's Rng is keyed by (seed, version, seat), never by game id, so two
 * games with the same seed and seats play the same moves and store the same events.
 * Shared by the benchmarks (bench/) and the replay-determinism test (test/replay/).
 */
import { createHash } from 'node:crypto';
import { randomBot } from '../../src/games/bots';
import type { AnyGameEngine, Json } from '../../src/games/engine';
import { playRandom, type RandomGame } from '../../src/games/kit/play';
import { createRng } from '../../src/games/random';
import type { PlayService } from '../../src/play/play.service';

export interface DrivenGame {
  gameId: string;
  type: string;
  seed: string;
  seats: number;
  commands: number;
  version: number;
  /** The pipeline's in-memory state after the last command (what the API would serve). */
  liveState: unknown;
  engine: AnyGameEngine;
}

/** Creates a started game whose seats the driver plays (RANDOM bot on every seat). */
export async function createBotGame(
  play: PlayService,
  type: string,
  seats: number,
  seed: string,
  options: Json = {},
): Promise<string> {
  const { game } = await play.createGame({
    type,
    // HUMAN seats: no scheduler in the process (or a sweeping one sharing the database) plays
    // them; the caller does, through submitCommand.
    seats: Array.from({ length: seats }, (_, i) => ({ kind: 'HUMAN' as const, name: `bot ${i}` })),
    seed,
    options,
    start: true,
  });
  return game.id;
}

/** What the driver tracks between moves (so it need not read the game again before each move). */
export interface Cursor {
  engine: AnyGameEngine;
  state: unknown;
  version: number;
}

/** Plays one command for the first prompted seat; returns the new cursor, or null when the game is over. */
export async function playOneMove(
  play: PlayService,
  gameId: string,
  seed: string,
  cursor: Cursor,
): Promise<Cursor | null> {
  const { engine, state, version } = cursor;
  if (engine.result(state)) return null;
  const prompts = engine.pending(state);
  if (prompts.length === 0) return null;
  // The first prompt's seat, as the tournament runner (src/games/tournament.ts) picks it.
  const seat = prompts[0].seat;
  const legal = engine.legalCommands(state, seat);
  if (legal.length === 0)
    throw new Error(`game ${gameId}: seat ${seat} is prompted but has no legal command`);
  const decision = randomBot.choose({
    seat,
    view: engine.view(state, seat),
    legal,
    rng: createRng(`${seed}:bot:${version}:${seat}`),
  });
  const outcome = await play.submitCommand(
    { gameId, seat, actor: 'HUMAN', expectedVersion: version, commandId: `b:${version}:${seat}` },
    decision.command,
  );
  const next = outcome.events.reduce<unknown>((s, e) => engine.evolve(s, e.payload), outcome.stateBefore);
  return { engine, state: next, version: outcome.version };
}

/** Plays a whole game to its end (or `maxCommands`). */
export async function playToEnd(
  play: PlayService,
  type: string,
  seats: number,
  seed: string,
  options: { maxCommands?: number; gameOptions?: Json; onVersion?: (version: number) => void } = {},
): Promise<DrivenGame> {
  const gameId = await createBotGame(play, type, seats, seed, options.gameOptions ?? {});
  const max = options.maxCommands ?? 20_000;
  const loaded = await play.load(gameId);
  let cursor: Cursor | null = { engine: loaded.engine, state: loaded.state, version: loaded.record.version };
  let commands = 0;
  while (commands < max && cursor) {
    cursor = await playOneMove(play, gameId, seed, cursor);
    if (!cursor) break;
    commands++;
    options.onVersion?.(cursor.version);
  }
  // The pipeline's own state (its cache, checked against the stored version), not the driver's.
  const { record, engine, state } = await play.load(gameId);
  return { gameId, type, seed, seats, commands, version: record.version, liveState: state, engine };
}

/** A game played by the engine alone, in memory, with the pipeline's randomness contract. */
export type PureGame = RandomGame;

/**
 * Plays a game without any server (src/games/kit/play.ts playRandom): exactly what playToEnd does
 * through the pipeline, so both must store the same events.
 */
export function playPure(engine: AnyGameEngine, seats: number, seed: string, options: Json = {}): PureGame {
  return playRandom(engine, seats, seed, options);
}

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}

/** Runs `tasks` with at most `limit` in flight; results in input order. */
export async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
