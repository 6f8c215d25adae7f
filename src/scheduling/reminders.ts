/**
 * DEADLINE_SOON reminders: once per deadline, never after it.
 *
 * A reminder timer belongs to a stream version like its deadline; when the seat's move goes on
 * at a later version with the same deadline, the planner carries the reminder over (at once if
 * its time passed unsent). The delivery's event key names the deadline rather than the version,
 * so the webhook_deliveries unique key sends it once whichever copy fires. A delivery that could
 * only reach the receiver after the deadline it warns of (a worker outage, retries) is dropped.
 */
import type { PrismaClient } from '../generated/prisma/client';

/** The event key of a seat's reminder `secondsBefore` its deadline `dueAt`. */
export function reminderKey(seat: number, dueAt: Date, secondsBefore: number): string {
  return `${seat}.${dueAt.getTime()}.${secondsBefore}`;
}

export const EXPIRED_REMINDER = 'EXPIRED: the deadline passed before the reminder could be sent';

/**
 * When `deliveryId` is a DEADLINE_SOON delivery whose deadline is not after `now`, mark it
 * FAILED (lastError EXPIRED_REMINDER) instead of sending it; returns true when it did.
 */
export async function expireLateReminder(db: PrismaClient, deliveryId: string, now: Date): Promise<boolean> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { event: true, status: true, payload: true },
  });
  if (!delivery || delivery.event !== 'DEADLINE_SOON' || delivery.status !== 'PENDING') return false;
  const deadline = (delivery.payload as { deadline?: unknown } | null)?.deadline;
  const due = typeof deadline === 'string' ? Date.parse(deadline) : NaN;
  if (!Number.isFinite(due) || due > now.getTime()) return false;
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: 'PENDING' },
    data: { status: 'FAILED', lastError: EXPIRED_REMINDER },
  });
  return true;
}
