/**
 * Reminder webhooks: registration, the delivery log and delivery itself.
 *
 * Deliveries are rows of `webhook_deliveries`, unique per (webhook, event key), written in the
 * same transaction as what caused them (the append for YOUR_TURN / TIMED_OUT / GAME_OVER, the
 * reminder timer's claim for DEADLINE_SOON), so an event is queued exactly once. Sending is
 * at-least-once: a job on the `reminders` queue POSTs the signed body; a non-2xx answer or a
 * network error is recorded and retried with exponential backoff; after the last attempt the
 * delivery is FAILED (and the job is in the dead-letter view). Receivers dedupe on
 * X-Saloon-Delivery.
 */
import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { GameError } from '../play/errors';
import { postWebhook } from './http-post';
import { type Resolver, WebhookTargets } from './target-policy';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './signature';

export type WebhookEvent = 'YOUR_TURN' | 'DEADLINE_SOON' | 'TIMED_OUT' | 'GAME_OVER';
export const WEBHOOK_EVENTS: WebhookEvent[] = ['YOUR_TURN', 'DEADLINE_SOON', 'TIMED_OUT', 'GAME_OVER'];

export interface WebhookRecord {
  id: string;
  gameId: string;
  seat: number | null;
  url: string;
  events: WebhookEvent[];
  createdAt: Date;
}

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  gameId: string;
  event: string;
  eventKey: string;
  payload: unknown;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface WebhookOptions {
  /** Allow loopback, private and link-local targets (WEBHOOK_ALLOW_PRIVATE; see target-policy.ts). */
  allowPrivateTargets: boolean;
  /** Hooks per game (WEBHOOKS_PER_GAME). */
  maxPerGame: number;
  /** Hooks one seat may register in a game (WEBHOOKS_PER_SEAT). */
  maxPerSeat: number;
  /** Host name resolution (default: the system resolver); tests inject their own. */
  resolve?: Resolver;
  /** Attempts per delivery (default 6). */
  attempts: number;
  /** First retry delay in ms, doubled each time (default 5000: 5 s, 10 s, 20 s, ...). */
  backoffMs: number;
  /** Per-request timeout in ms (default 5000). */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowPrivateTargets: false,
  maxPerGame: 20,
  maxPerSeat: 5,
  attempts: 6,
  backoffMs: 5000,
  timeoutMs: 5000,
};

function parseTargetUrl(raw: string): URL {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // refused below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || raw.length > 2000)
    throw new GameError('VALIDATION', 'url must be an absolute http(s) URL', { field: 'url' });
  return url;
}

type Db = PrismaClient | Prisma.TransactionClient;

export class WebhookService {
  readonly options: WebhookOptions;
  private readonly targets: WebhookTargets;

  constructor(
    private readonly db: PrismaClient,
    options: Partial<WebhookOptions> = {},
  ) {
    this.options = { ...DEFAULT_WEBHOOK_OPTIONS, ...options };
    this.targets = new WebhookTargets(this.options.allowPrivateTargets, this.options.resolve);
  }

  async register(input: {
    gameId: string;
    url: string;
    secret: string;
    events?: string[] | null;
    seat?: number | null;
    seatCount: number;
    /** The caller's seat (null: a game nobody holds a token of). */
    registeredBy: number | null;
  }): Promise<WebhookRecord> {
    const url = parseTargetUrl(input.url);
    if (typeof input.secret !== 'string' || input.secret.length < 8 || input.secret.length > 256)
      throw new GameError('VALIDATION', 'secret must be 8-256 characters', { field: 'secret' });
    const events = input.events?.length ? [...new Set(input.events)] : WEBHOOK_EVENTS;
    const bad = events.filter((e) => !WEBHOOK_EVENTS.includes(e as WebhookEvent));
    if (bad.length > 0)
      throw new GameError(
        'VALIDATION',
        `unknown event(s) ${bad.join(', ')}; have ${WEBHOOK_EVENTS.join(', ')}`,
        {
          field: 'events',
        },
      );
    if (
      input.seat != null &&
      (!Number.isInteger(input.seat) || input.seat < 0 || input.seat >= input.seatCount)
    )
      throw new GameError('VALIDATION', `no seat ${input.seat} in this game`, { field: 'seat' });
    await this.targets.addresses(url.hostname);
    const data = {
      id: randomUUID(),
      gameId: input.gameId,
      seat: input.seat ?? null,
      url: input.url,
      secret: input.secret,
      events,
      registeredBy: input.registeredBy,
    };
    const row = await this.db.$transaction(async (tx) => {
      await this.claimSlot(tx, input.gameId, input.registeredBy);
      return tx.webhook.create({ data });
    });
    return toWebhook(row);
  }

  /**
   * Count the new hook against the caps, or refuse it. The guarded increment of
   * `games.webhook_count` also locks the game's row, so concurrent registrations are counted
   * one after the other.
   */
  private async claimSlot(tx: Prisma.TransactionClient, gameId: string, seat: number | null): Promise<void> {
    const { maxPerGame, maxPerSeat } = this.options;
    const claimed = await tx.game.updateMany({
      where: { id: gameId, webhookCount: { lt: maxPerGame } },
      data: { webhookCount: { increment: 1 } },
    });
    if (claimed.count !== 1)
      throw new GameError('VALIDATION', `a game takes at most ${maxPerGame} webhooks`, {
        ruleCode: 'WEBHOOK_LIMIT',
        limit: maxPerGame,
      });
    const mine = await tx.webhook.count({ where: { gameId, registeredBy: seat } });
    if (mine >= maxPerSeat)
      throw new GameError('VALIDATION', `a seat registers at most ${maxPerSeat} webhooks per game`, {
        ruleCode: 'WEBHOOK_LIMIT',
        limit: maxPerSeat,
      });
  }

  async list(gameId: string): Promise<WebhookRecord[]> {
    const rows = await this.db.webhook.findMany({ where: { gameId }, orderBy: { createdAt: 'asc' } });
    return rows.map(toWebhook);
  }

  /** The game's deliveries, newest first; `after` continues below that (createdAt, id) key. */
  async deliveries(
    gameId: string,
    first = 50,
    after?: { createdAt: Date; id: string },
  ): Promise<DeliveryRecord[]> {
    const rows = await this.db.webhookDelivery.findMany({
      where: after
        ? {
            gameId,
            OR: [
              { createdAt: { lt: after.createdAt } },
              { createdAt: after.createdAt, id: { lt: after.id } },
            ],
          }
        : { gameId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: first,
    });
    return rows.map((r) => ({ ...r, payload: r.payload as unknown }));
  }

  /**
   * Queue `event` for every webhook of the game that wants it (seat-level ones only for their
   * seat; `seat` null = every webhook). Idempotent per event key. Returns the new delivery ids.
   */
  async enqueue(
    db: Db,
    gameId: string,
    event: WebhookEvent,
    key: string,
    seat: number | null,
    payload: Record<string, unknown>,
  ): Promise<void> {
    const hooks = await db.webhook.findMany({ where: { gameId } });
    const targets = hooks.filter(
      (h) => h.events.includes(event) && (seat === null || h.seat === null || h.seat === seat),
    );
    if (targets.length === 0) return;
    await db.webhookDelivery.createMany({
      data: targets.map((h) => ({
        id: randomUUID(),
        webhookId: h.id,
        gameId,
        event,
        eventKey: `${event}.${key}`,
        payload: { event, gameId, seat, ...payload } as Prisma.InputJsonValue,
      })),
      skipDuplicates: true,
    });
  }

  async pendingDeliveryIds(gameId?: string): Promise<string[]> {
    const rows = await this.db.webhookDelivery.findMany({
      where: { status: 'PENDING', ...(gameId && { gameId }) },
      select: { id: true },
      take: 10000,
    });
    return rows.map((r) => r.id);
  }

  /** One attempt; throws to have the queue retry. */
  async deliver(deliveryId: string, attempt: number, maxAttempts: number): Promise<void> {
    const delivery = await this.db.webhookDelivery.findUnique({
      where: { id: deliveryId },
      include: { webhook: true },
    });
    if (!delivery || delivery.status !== 'PENDING') return;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      ...(delivery.payload as object),
      deliveryId: delivery.id,
      timestamp,
    });
    let status: number | null = null;
    let error: string | null = null;
    try {
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'saloon-webhooks',
        [SIGNATURE_HEADER]: signBody(delivery.webhook.secret, body),
        [TIMESTAMP_HEADER]: String(timestamp),
        [EVENT_HEADER]: delivery.event,
        [DELIVERY_HEADER]: delivery.id,
      };
      const url = new URL(delivery.webhook.url);
      status = await postWebhook(url, headers, body, this.targets, this.options.timeoutMs);
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const last = attempt >= maxAttempts;
    await this.db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: { increment: 1 },
        responseStatus: status,
        lastError: error,
        ...(error === null && { status: 'DELIVERED', deliveredAt: new Date() }),
        ...(error !== null && last && { status: 'FAILED' }),
      },
    });
    if (error !== null) throw new Error(`webhook delivery ${deliveryId} failed: ${error}`);
  }
}

function toWebhook(row: {
  id: string;
  gameId: string;
  seat: number | null;
  url: string;
  events: string[];
  createdAt: Date;
}): WebhookRecord {
  return {
    id: row.id,
    gameId: row.gameId,
    seat: row.seat,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt,
  };
}
