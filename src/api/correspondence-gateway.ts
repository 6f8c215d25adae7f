/**
 * Authorisation around correspondence play, shared by GraphQL and REST: seat operations (resume,
 * pause, vacation, seat webhooks) need the seat's token; game-level reads need any seat of the
 * game (or nothing for a game nobody holds a token of); dead-letter jobs need OPERATOR_TOKEN.
 */
import { Inject, Injectable } from '@nestjs/common';
import { CallerService, hasSeatTokens } from '../auth/caller.service';
import type { Caller } from '../auth/seat-tokens';
import { GameError } from '../play/errors';
import { PlayService } from '../play/play.service';
import { QUEUE_NAMES, type QueueName } from '../scheduling/job-scheduler';
import { SchedulingService } from '../scheduling/scheduling.service';
import { WebhookService } from '../webhooks/webhook.service';
import {
  operatorDenial,
  presentDeadlines,
  presentDelivery,
  presentFailedJob,
  presentWebhook,
} from './correspondence-presenters';

@Injectable()
export class CorrespondenceGateway {
  constructor(
    @Inject(PlayService) private readonly play: PlayService,
    @Inject(CallerService) private readonly callers: CallerService,
    @Inject(SchedulingService) private readonly scheduling: SchedulingService,
    @Inject(WebhookService) private readonly webhooks: WebhookService,
  ) {}

  private async requireMember(caller: Caller, gameId: string): Promise<number | null> {
    const game = await this.play.getGame(gameId);
    if (!hasSeatTokens(game)) return caller.kind === 'seat' && caller.gameId === gameId ? caller.seat : null;
    return this.callers.requireSeat(caller, gameId);
  }

  async deadlines(gameId: string) {
    return presentDeadlines(await this.scheduling.deadlines(gameId));
  }

  async resume(caller: Caller, gameId: string) {
    return presentDeadlines(await this.scheduling.resume(gameId, this.callers.requireSeat(caller, gameId)));
  }

  async pause(caller: Caller, gameId: string) {
    return presentDeadlines(await this.scheduling.pause(gameId, this.callers.requireSeat(caller, gameId)));
  }

  async unpause(caller: Caller, gameId: string) {
    this.callers.requireSeat(caller, gameId);
    return presentDeadlines(await this.scheduling.unpause(gameId));
  }

  async vacation(caller: Caller, gameId: string, days: number) {
    return presentDeadlines(
      await this.scheduling.vacation(gameId, this.callers.requireSeat(caller, gameId), days),
    );
  }

  /** A seat of the game or its host (see CallerService.requireLobbyControl); see addBot's rules. */
  async addBot(caller: Caller, gameId: string, seat: number, level: string | null) {
    const callerSeat = this.callers.requireLobbyControl(caller, await this.play.getGame(gameId));
    return this.scheduling.addBot(gameId, callerSeat, seat, level);
  }

  async registerWebhook(
    caller: Caller,
    input: { gameId: string; url: string; secret: string; events?: string[] | null; seat?: number | null },
  ) {
    const callerSeat = await this.requireMember(caller, input.gameId);
    if (input.seat != null && callerSeat !== null && input.seat !== callerSeat)
      throw new GameError('FORBIDDEN', "a seat webhook can only be registered with that seat's token");
    const game = await this.play.getGame(input.gameId);
    return presentWebhook(
      await this.webhooks.register({ ...input, seatCount: game.seatCount, registeredBy: callerSeat }),
    );
  }

  async listWebhooks(caller: Caller, gameId: string) {
    await this.requireMember(caller, gameId);
    return (await this.webhooks.list(gameId)).map(presentWebhook);
  }

  async deliveries(caller: Caller, gameId: string, first: number) {
    if (!Number.isInteger(first) || first < 1 || first > 500)
      throw new GameError('VALIDATION', 'first must be 1-500', { field: 'first' });
    await this.requireMember(caller, gameId);
    return (await this.webhooks.deliveries(gameId, first)).map(presentDelivery);
  }

  async failedJobs(
    operatorToken: string | null | undefined,
    queue: string | null | undefined,
    first: number,
  ) {
    const denial = operatorDenial(operatorToken);
    if (denial) throw new GameError('FORBIDDEN', denial);
    if (queue && !QUEUE_NAMES.includes(queue as QueueName))
      throw new GameError('VALIDATION', `queue must be one of ${QUEUE_NAMES.join(', ')}`, { field: 'queue' });
    if (!Number.isInteger(first) || first < 1 || first > 500)
      throw new GameError('VALIDATION', 'first must be 1-500', { field: 'first' });
    return (await this.scheduling.failedJobs((queue as QueueName) || undefined, first)).map(presentFailedJob);
  }
}
