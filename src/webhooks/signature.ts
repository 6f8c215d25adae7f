/**
 * Webhook signatures. Each delivery is a JSON body signed with the webhook's secret:
 *   X-Saloon-Signature: sha256=<hex HMAC-SHA256(secret, raw body)>
 *   X-Saloon-Timestamp: <unix seconds>   (also inside the signed body as `timestamp`)
 *   X-Saloon-Event:     YOUR_TURN | DEADLINE_SOON | TIMED_OUT | GAME_OVER
 *   X-Saloon-Delivery:  <delivery id>    (the same for every retry: receivers dedupe on it)
 * A receiver recomputes the HMAC over the bytes it received, compares in constant time, and
 * rejects stale timestamps (e.g. older than 5 minutes) to stop replays.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-saloon-signature';
export const TIMESTAMP_HEADER = 'x-saloon-timestamp';
export const EVENT_HEADER = 'x-saloon-event';
export const DELIVERY_HEADER = 'x-saloon-delivery';

export function signBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time check of a received signature header against the raw body. */
export function verifySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
