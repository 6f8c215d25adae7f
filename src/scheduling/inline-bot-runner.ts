/**
 * Plays server-held seats inside this process (the embedded default, INLINE_BOTS=true): after
 * every commit, each prompted seat that a bot holds (a BOT seat, a human seat under
 * BOT_TAKEOVER) or that forfeited gets its move from BotTurnPlayer. With INLINE_BOTS=false the
 * scheduling service puts the same turns on the `bot-turns` queue instead (BullMQ workers, or the
 * embedded scheduler). Command ids derived from (game, version, seat) make either way exactly-once.
 */
import type { GameRecord } from '../play/game-records';
import type { GameUpdate, GameUpdateListener, PlayService } from '../play/play.service';
import { BotTurnPlayer, serverPlayedActiveSeats } from './bot-turns';

export { botCommandId, botLevelFor } from './bot-turns';

export class InlineBotRunner implements GameUpdateListener {
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly player: BotTurnPlayer;

  constructor(play: PlayService) {
    this.player = new BotTurnPlayer(play);
  }

  onGameUpdated(update: GameUpdate, game: GameRecord): void {
    if (this.stopped) return;
    for (const seat of serverPlayedActiveSeats(game)) {
      const run = this.playTurn(update.gameId, update.version, seat).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    }
  }

  private async playTurn(gameId: string, version: number, seat: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.stopped) return;
    try {
      await this.player.playTurn(gameId, version, seat);
    } catch (error) {
      console.error(`bot move failed in game ${gameId} at version ${version} for seat ${seat}`, error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
