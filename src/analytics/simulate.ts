/**
 * Plays bot games through the real pipeline (PlayService: createGame, startGame, submitCommand),
 * so every event lands in the event store exactly as in live play. Each seat's bot sees only its
 * view and legal commands; randomness is seeded per (game seed, version, seat).
 */
import type { BotLevel } from '../games/bots';
import { createRng } from '../games/random';
import type { GameRegistry } from '../games/registry';
import type { PlayService } from '../play/play.service';

export interface SimSeat {
  kind: 'HUMAN' | 'BOT';
  /** Bot level for BOT seats; human seats are played by the RANDOM bot (recorded as HUMAN). */
  botLevel?: string;
}

export interface SimulateOptions {
  gameType: string;
  games: number;
  seats: SimSeat[];
  options?: Record<string, unknown>;
  /** Seeds are `${seedPrefix}-${i}` (deterministic games). */
  seedPrefix?: string;
  /** Games played at once (default 1). */
  concurrency?: number;
  maxMovesPerGame?: number;
  onGame?: (done: number, gameId: string) => void;
}

export interface LevelChoice {
  level: string;
  fellBack: boolean;
}

/** The level to use for `wanted` in this game: itself when offered, else RANDOM. */
export function chooseLevel(registry: GameRegistry, gameType: string, wanted: string): LevelChoice {
  const offered = registry.botLevels(gameType);
  if (offered.includes(wanted as BotLevel)) return { level: wanted, fellBack: false };
  return { level: 'RANDOM', fellBack: true };
}

export async function playOneGame(
  play: PlayService,
  registry: GameRegistry,
  opts: {
    gameType: string;
    seats: SimSeat[];
    options?: Record<string, unknown>;
    seed: string;
    maxMoves?: number;
  },
): Promise<string> {
  const { game } = await play.createGame({
    type: opts.gameType,
    seats: opts.seats.map((s) =>
      s.kind === 'BOT' ? { kind: 'BOT', botLevel: s.botLevel ?? 'RANDOM' } : { kind: 'HUMAN' },
    ),
    options: (opts.options ?? {}) as never,
    seed: opts.seed,
    start: true,
  });
  const maxMoves = opts.maxMoves ?? 20_000;
  for (let moves = 0; ; moves++) {
    const { record, engine, state } = await play.load(game.id);
    if (record.status !== 'ACTIVE') return game.id;
    if (moves >= maxMoves) throw new Error(`game ${game.id} did not end within ${maxMoves} moves`);
    const prompts = engine.pending(state);
    if (prompts.length === 0) throw new Error(`game ${game.id}: no prompt and no result`);
    const seat = prompts[0].seat;
    const spec = opts.seats[seat];
    const level = spec.kind === 'BOT' ? (spec.botLevel ?? 'RANDOM') : 'RANDOM';
    const bot = registry.bot(opts.gameType, level) ?? registry.bot(opts.gameType, 'RANDOM');
    if (!bot) throw new Error(`no bot for ${opts.gameType}`);
    const legal = engine.legalCommands(state, seat);
    const decision = bot.choose({
      seat,
      view: engine.view(state, seat),
      legal,
      rng: createRng(`${opts.seed}:bot:${record.version}:${seat}`),
    });
    await play.submitCommand(
      {
        gameId: game.id,
        seat,
        actor: spec.kind === 'BOT' ? 'BOT' : 'HUMAN',
        expectedVersion: record.version,
        commandId: `sim:${record.version}:${seat}`,
        ...(decision.explanation && { note: decision.explanation }),
      },
      decision.command,
    );
  }
}

/** Plays `games` games; returns their ids in order of completion. */
export async function simulateGames(
  play: PlayService,
  registry: GameRegistry,
  opts: SimulateOptions,
): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const prefix = opts.seedPrefix ?? `sim-${Date.now().toString(36)}`;
  const worker = async () => {
    while (next < opts.games) {
      const i = next++;
      const id = await playOneGame(play, registry, {
        gameType: opts.gameType,
        seats: opts.seats,
        options: opts.options,
        seed: `${prefix}-${i}`,
        maxMoves: opts.maxMovesPerGame,
      });
      ids.push(id);
      opts.onGame?.(ids.length, id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, worker));
  return ids;
}
