/**
 * Plays bot seats inside this process: after every commit, each prompted seat that a bot holds
 * (a BOT seat, or a human seat under BOT_TAKEOVER) gets its move through the same command
 * pipeline as people. The bot sees only that seat's view and legal commands. The command id is
 * derived from (game, version, seat), so if two processes both try, the event store accepts the
 * move once and answers the other from the record.
 */
import type { Json } from '../games/engine';
import { createRng } from '../games/random';
import type { GameRecord, SeatRecord } from '../play/game-records';
import { GameError } from '../play/errors';
import type { GameUpdate, GameUpdateListener, PlayService } from '../play/play.service';

export function botCommandId(gameId: string, version: number, seat: number): string {
  return `bot:${gameId}:${version}:${seat}`;
}

/** The level that plays a seat: its own for BOT seats; the best offered for a taken-over human. */
export function botLevelFor(seat: SeatRecord, offered: string[]): string {
  if (seat.kind === 'BOT' && seat.botLevel) return seat.botLevel;
  return ['HEURISTIC', 'RANDOM'].find((level) => offered.includes(level)) ?? 'RANDOM';
}

export class InlineBotRunner implements GameUpdateListener {
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly play: PlayService) {}

  onGameUpdated(update: GameUpdate, game: GameRecord): void {
    if (this.stopped || game.status !== 'ACTIVE') return;
    for (const seat of game.activeSeats) {
      const holder = game.seats[seat];
      if (holder && (holder.kind === 'BOT' || holder.botTakeover)) {
        const run = this.playTurn(update.gameId, update.version, seat).finally(() =>
          this.inFlight.delete(run),
        );
        this.inFlight.add(run);
      }
    }
  }

  private async playTurn(gameId: string, version: number, seat: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.stopped) return;
    const { engine, state, record } = await this.play.load(gameId);
    if (record.version !== version || !record.activeSeats.includes(seat)) return; // the game moved on
    const legal = engine.legalCommands(state, seat);
    if (legal.length === 0) return;
    const level = botLevelFor(record.seats[seat], this.play.registry.botLevels(record.type));
    const bot = this.play.registry.bot(record.type, level) ?? this.play.registry.bot(record.type, 'RANDOM')!;
    const decision = bot.choose({
      seat,
      view: engine.view(state, seat),
      legal,
      rng: createRng(botCommandId(gameId, version, seat)),
      budget: { timeMs: 800, now: () => performance.now() },
    });
    try {
      await this.play.submitCommand(
        {
          gameId,
          seat,
          actor: 'BOT',
          expectedVersion: version,
          commandId: botCommandId(gameId, version, seat),
          note: {
            botLevel: level,
            ...(decision.explanation && { explanation: decision.explanation }),
          } as Json,
        },
        decision.command,
      );
    } catch (error) {
      // Someone else moved first (another seat of a simultaneous step, or another process).
      if (error instanceof GameError && (error.code === 'CONFLICT' || error.code === 'INVALID_STATE')) return;
      console.error(`bot move failed in game ${gameId} at version ${version} for seat ${seat}`, error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
