/**
 * What every transport does around a command: authorise the caller's seat, run the pipeline and
 * answer with the appended events redacted for the caller. GraphQL typed mutations, the generic
 * submitCommand and REST all go through here.
 */
import { Injectable } from '@nestjs/common';
import { CallerService } from '../auth/caller.service';
import type { Caller } from '../auth/seat-tokens';
import { PlayService } from '../play/play.service';
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
    const visible = this.play.redactBatch(outcome.engine, outcome.stateBefore, outcome.events, seat);
    return {
      accepted: true,
      version: outcome.version,
      events: outcome.events.map((e, i) => presentEvent(e, visible[i], outcome.engine.type)),
      duplicate: outcome.duplicate,
    };
  }

  /** Start/abort: a seat of the game or its host (see CallerService.requireLobbyControl). */
  async requireLobbyMember(caller: Caller, gameId: string): Promise<void> {
    this.callers.requireLobbyControl(caller, await this.play.getGame(gameId));
  }
}
