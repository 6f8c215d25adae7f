/** API shapes of correspondence play, shared by GraphQL and REST. */
import { timingSafeEqual } from 'node:crypto';
import type { FailedJob } from '../scheduling/job-scheduler';
import type { GameDeadlines } from '../scheduling/scheduling.service';
import type { DeliveryRecord, WebhookRecord } from '../webhooks/webhook.service';

export function presentDeadlines(d: GameDeadlines) {
  return {
    gameId: d.gameId,
    version: d.version,
    timer: d.timer && {
      mode: d.timer.mode,
      perMoveSeconds: d.timer.perMoveSeconds ?? null,
      initialSeconds: d.timer.initialSeconds ?? null,
      incrementSeconds: d.timer.incrementSeconds ?? null,
      policy: d.timer.policy,
      reminderSeconds: d.timer.reminderSeconds,
      vacationDays: d.timer.vacationDays,
    },
    pausedAt: d.pausedAt?.toISOString() ?? null,
    pauseVotes: [...new Set(d.pauseVotes)].sort((a, b) => a - b),
    seats: d.seats.map((s) => ({
      ...s,
      dueAt: s.dueAt?.toISOString() ?? null,
      vacationUntil: s.vacationUntil?.toISOString() ?? null,
    })),
  };
}

export function presentWebhook(w: WebhookRecord) {
  return { ...w, createdAt: w.createdAt.toISOString() };
}

export function presentDelivery(d: DeliveryRecord) {
  return {
    id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    eventKey: d.eventKey,
    payload: d.payload,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  };
}

export function presentFailedJob(j: FailedJob) {
  return { ...j, failedAt: j.failedAt?.toISOString() ?? null };
}

/**
 * Operators' endpoints (the dead-letter view, whose job data name games and webhooks): closed
 * unless OPERATOR_TOKEN is set on the server and given. Returns why the caller is refused, or null.
 */
export function operatorDenial(given: string | null | undefined): string | null {
  const expected = process.env.OPERATOR_TOKEN?.trim();
  if (!expected) return 'the dead-letter view is disabled: set OPERATOR_TOKEN on the server to enable it';
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? null : 'operator token required';
}
