/**
 * One bot turn: the move for `seat` of a game at `version`, played through the same command
 * pipeline as people. Who plays a seat:
 *   - a BOT seat: its own level;
 *   - a human seat under BOT_TAKEOVER (timed out, or handed over with addBot): the seat's chosen
 *     level, else the best level the game offers;
 *   - a FORFEITED seat: no bot at all, the engine's `timeoutCommand` (first legal command when it
 *     has none), sent as actor TIMER.
 * The command id is derived from (game, version, seat) and the command pins `expectedVersion`, so
 * if two processes (or a queue retry) both try, the move is appended once.
 */
import type { GameCommand, Json } from '../games/engine';
import { createRng } from '../games/random';
import type { GameRecord, SeatRecord } from '../play/game-records';
import { GameError } from '../play/errors';
import type { LoadedGame, PlayService } from '../play/play.service';

/** How long a server-played bot may think per move (search bots stop early at this budget). */
export const BOT_TIME_MS = 800;

export function botCommandId(gameId: string, version: number, seat: number): string {
  return `bot:${gameId}:${version}:${seat}`;
}

/** Bot levels from the strongest down: a taken-over seat gets the first one its game offers. */
export const TAKEOVER_LEVELS = ['STRONG', 'HEURISTIC', 'RANDOM'];

/** The level that plays a seat: its own when set; the best offered for a taken-over human. */
export function botLevelFor(seat: SeatRecord, offered: string[]): string {
  if (seat.botLevel && offered.includes(seat.botLevel)) return seat.botLevel;
  return TAKEOVER_LEVELS.find((level) => offered.includes(level)) ?? 'RANDOM';
}

/** True when nobody but the server answers this seat's prompts. */
export function isServerPlayed(seat: SeatRecord | undefined): boolean {
  return !!seat && (seat.kind === 'BOT' || seat.botTakeover || seat.forfeited);
}

/** The seats of `game` whose prompts the server answers now. */
export function serverPlayedActiveSeats(game: GameRecord): number[] {
  if (game.status !== 'ACTIVE') return [];
  return game.activeSeats.filter((seat) => isServerPlayed(game.seats[seat]));
}

/** What a bot (or the timeout rule) sends for `seat`, or null when the seat has nothing to do. */
export function chooseServerMove(
  play: PlayService,
  loaded: LoadedGame,
  seat: number,
  mode: 'BOT' | 'TIMEOUT',
  rngKey: string,
): { command: GameCommand; note: Json } | null {
  const { engine, state, record } = loaded;
  const legal = engine.legalCommands(state, seat);
  if (mode === 'TIMEOUT') {
    const command = engine.timeoutCommand(state, seat) ?? legal[0] ?? null;
    return command && { command, note: { timeoutCommand: true } };
  }
  if (legal.length === 0) return null;
  const level = botLevelFor(record.seats[seat], play.registry.botLevels(record.type));
  const bot = play.registry.bot(record.type, level) ?? play.registry.bot(record.type, 'RANDOM')!;
  const decision = bot.choose({
    seat,
    view: engine.view(state, seat),
    legal,
    // Keyed by the game's secret too: public data alone must not predict a bot's choices.
    rng: createRng(`${loaded.seed}:${rngKey}`),
    budget: { timeMs: BOT_TIME_MS, now: () => performance.now() },
  });
  return {
    command: decision.command,
    note: { botLevel: level, ...(decision.explanation && { explanation: decision.explanation }) } as Json,
  };
}

export class BotTurnPlayer {
  constructor(private readonly play: PlayService) {}

  /** Play `seat`'s move at `version`; does nothing when the game moved on or a person holds it. */
  async playTurn(gameId: string, version: number, seat: number): Promise<'PLAYED' | 'SKIPPED'> {
    const loaded = await this.play.load(gameId);
    const { record } = loaded;
    if (record.status !== 'ACTIVE' || record.version !== version || !record.activeSeats.includes(seat))
      return 'SKIPPED';
    const holder = record.seats[seat];
    if (!isServerPlayed(holder)) return 'SKIPPED';
    const commandId = botCommandId(gameId, version, seat);
    const move = chooseServerMove(this.play, loaded, seat, holder.forfeited ? 'TIMEOUT' : 'BOT', commandId);
    if (!move) return 'SKIPPED';
    try {
      await this.play.submitCommand(
        {
          gameId,
          seat,
          actor: holder.forfeited ? 'TIMER' : 'BOT',
          expectedVersion: version,
          commandId,
          note: holder.forfeited ? { ...(move.note as object), forfeited: true } : move.note,
        },
        move.command,
      );
      return 'PLAYED';
    } catch (error) {
      // Someone else moved first (another seat of a simultaneous step, or another process).
      if (
        error instanceof GameError &&
        (error.code === 'CONFLICT' || error.code === 'INVALID_STATE' || error.code === 'NOT_YOUR_TURN')
      )
        return 'SKIPPED';
      throw error;
    }
  }
}
