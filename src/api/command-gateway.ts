/**
 * What every transport does around a command: authorise the caller's seat, run the pipeline and
 * answer with the appended events redacted for the caller. GraphQL typed mutations, the generic
 * submitCommand and REST all go through here.
 */
import { Injectable } from '@nestjs/common';
import { CallerService } from '../auth/caller.service';
import { bearerToken, type Caller, hashSeatToken, isHostToken } from '../auth/seat-tokens';
import { type CommandOutcome, PlayService, SeatNotResolved } from '../play/play.service';
import { presentEvent, type GameEventDto } from './presenters';

export interface CommandAnswer {
  accepted: boolean;
  version: number;
  events: GameEventDto[];
  duplicate: boolean;
}

@Injectable()
export class CommandGateway {
  constructor(
    private readonly play: PlayService,
    private readonly callers: CallerService,
  ) {}

  async submit(
    caller: Caller,
    gameId: string,
    command: unknown,
    opts: { expectedVersion?: number | null; commandId?: string | null } = {},
  ): Promise<CommandAnswer> {
    const seat = this.callers.requireSeat(caller, gameId);
    const outcome = await this.play.submitCommand(
      { gameId, seat, actor: 'HUMAN', expectedVersion: opts.expectedVersion, commandId: opts.commandId },
      command,
    );
    return this.answer(outcome, seat);
  }

  /**
   * A person's command from an `Authorization` value, without a token lookup of its own when the
   * token is a seat token of this game: the command's read finds the seat that holds it (see
   * CommandContext.seatTokenHash), and checks the game's type (`gameType`, for the typed
   * commands). Otherwise, or when anything fails before the seat is found, `usual` runs: the
   * caller's path as it was (resolve the caller, then `submit`), so the answers and errors, and
   * their order, are the same.
   */
  async submitWithToken(
    authorization: unknown,
    usual: () => Promise<CommandAnswer>,
    gameId: string,
    command: unknown,
    opts: { expectedVersion?: number | null; commandId?: string | null; gameType?: string } = {},
  ): Promise<CommandAnswer> {
    const token = bearerToken(authorization);
    if (token !== null && token.length <= 200 && !isHostToken(token)) {
      const ctx = {
        gameId,
        seat: -1,
        seatTokenHash: hashSeatToken(token),
        ...(opts.gameType !== undefined && { gameType: opts.gameType }),
        actor: 'HUMAN' as const,
        expectedVersion: opts.expectedVersion,
        commandId: opts.commandId,
      };
      try {
        const outcome = await this.play.submitCommand(ctx, command);
        return this.answer(outcome, outcome.seat);
      } catch (error) {
        if (!(error instanceof SeatNotResolved)) throw error;
      }
    }
    return usual();
  }

  /**
   * The answer, its events redacted for `seat` when first read: most clients select only
   * `version` (the redaction replays the engine's `evolve` over the events), and GraphQL reads a
   * field only when it is selected. REST's JSON answer reads it (an enumerable getter).
   */
  private answer(outcome: CommandOutcome, seat: number): CommandAnswer {
    const play = this.play;
    let events: GameEventDto[] | undefined;
    return {
      accepted: true,
      version: outcome.version,
      get events(): GameEventDto[] {
        if (events === undefined) {
          const visible = play.redactBatch(outcome.engine, outcome.stateBefore, outcome.events, seat);
          events = outcome.events.map((e, i) => presentEvent(e, visible[i], outcome.engine.type));
        }
        return events;
      },
      duplicate: outcome.duplicate,
    };
  }

  /** Start/abort: a seat of the game or its host (see CallerService.requireLobbyControl). */
  async requireLobbyMember(caller: Caller, gameId: string): Promise<void> {
    this.callers.requireLobbyControl(caller, await this.play.getGame(gameId));
  }
}
