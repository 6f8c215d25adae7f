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

  /** A page of the game's deliveries, newest first, after an opaque cursor (see deliveryCursor). */
  async deliveryPage(caller: Caller, gameId: string, first: number, after: string | null | undefined) {
    const key = after ? decodeKeyCursor(after) : undefined;
    if (after && !key) throw new GameError('VALIDATION', 'invalid cursor', { field: 'after' });
    if (!Number.isInteger(first) || first < 1 || first > 500)
      throw new GameError('VALIDATION', 'first must be 1-500', { field: 'first' });
    await this.requireMember(caller, gameId);
    const rows = await this.webhooks.deliveries(
      gameId,
      first + 1,
      key ? { createdAt: new Date(key.at), id: key.id } : undefined,
    );
    return { nodes: rows.slice(0, first).map(presentDelivery), hasNextPage: rows.length > first };
  }

  /**
   * A page of the dead-letter view, newest failure first (then queue and id), after an opaque
   * cursor. The view is bounded (at most FAILED_JOBS_SCANNED jobs are read), so it is read whole
   * and cut here; a cursor stays valid when its own job was retried or removed meanwhile.
   */
  async failedJobPage(
    operatorToken: string | null | undefined,
    queue: string | null | undefined,
    first: number,
    after: string | null | undefined,
  ) {
    const key = after ? decodeKeyCursor(after) : undefined;
    if (after && !key) throw new GameError('VALIDATION', 'invalid cursor', { field: 'after' });
    if (!Number.isInteger(first) || first < 1 || first > 500)
      throw new GameError('VALIDATION', 'first must be 1-500', { field: 'first' });
    const all = (await this.failedJobs(operatorToken, queue, FAILED_JOBS_SCANNED)).sort(compareFailed);
    const rest = key ? all.filter((j) => compareFailed(j, failedKey(key)) > 0) : all;
    return { nodes: rest.slice(0, first), hasNextPage: rest.length > first };
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

/** How many dead-lettered jobs a page of `failedJobConnection` reads at most. */
const FAILED_JOBS_SCANNED = 500;

/** What orders the dead-letter view and its cursors. */
interface FailedJobKey {
  failedAt: string | null;
  queue: string;
  id: string;
}

/** Opaque keyset cursors: base64url of "millis:id" (failed jobs: "millis:queue/id"). */
export function keyCursor(at: string | null, id: string): string {
  return Buffer.from(`${at ? Date.parse(at) : 0}:${id}`).toString('base64url');
}

function decodeKeyCursor(cursor: string): { at: number; id: string } | null {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.{1,300})$/.exec(raw);
  return match ? { at: Number(match[1]), id: match[2] } : null;
}

export function failedJobCursor(job: FailedJobKey): string {
  return keyCursor(job.failedAt, `${job.queue}/${job.id}`);
}

function failedKey(key: { at: number; id: string }): FailedJobKey {
  const slash = key.id.indexOf('/');
  return {
    failedAt: key.at ? new Date(key.at).toISOString() : null,
    queue: key.id.slice(0, slash),
    id: key.id.slice(slash + 1),
  };
}

/** Newest failure first (unknown times last), then queue and id. */
function compareFailed(a: FailedJobKey, b: FailedJobKey): number {
  const at = (j: FailedJobKey) => (j.failedAt ? Date.parse(j.failedAt) : 0);
  return at(b) - at(a) || a.queue.localeCompare(b.queue) || a.id.localeCompare(b.id);
}
