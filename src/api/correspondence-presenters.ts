/** API shapes of correspondence play, shared by GraphQL and REST. */
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

/** Operators' endpoints: open when OPERATOR_TOKEN is unset, else the token is required. */
export function operatorAllowed(given: string | null | undefined): boolean {
  const expected = process.env.OPERATOR_TOKEN?.trim();
  return !expected || given === expected;
}
