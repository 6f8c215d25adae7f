/**
 * Plays bot seats inside this process: after every commit, each prompted seat that a bot holds
 * (a BOT seat, or a human seat under BOT_TAKEOVER) gets its move through the same command
 * pipeline as people. The command id is derived from (game, version, seat), so if two processes
 * both try, the event store accepts the move once and answers the other from the record.
 */
import { createRng } from '../games/random';
import { randomBotCommand } from '../games/random-bot';
import type { GameRecord } from '../play/game-records';
import { GameError } from '../play/errors';
import type { GameUpdate, GameUpdateListener, PlayService } from '../play/play.service';

export function botCommandId(gameId: string, version: number, seat: number): string {
  return `bot:${gameId}:${version}:${seat}`;
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
    const command = randomBotCommand(engine, state, seat, createRng(botCommandId(gameId, version, seat)));
    if (!command) return;
    try {
      await this.play.submitCommand(
        {
          gameId,
          seat,
          actor: 'BOT',
          expectedVersion: version,
          commandId: botCommandId(gameId, version, seat),
        },
        command,
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
