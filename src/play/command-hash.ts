/**
 * What a command id stands for: the SHA-256 of the canonical (game id, seat, command) the client
 * sent. A retry with the same id must send the same body; another body under a used id is a
 * CONFLICT, never the first command's success.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same value always gives the same text (jsonb does not keep key order). */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : v,
    ) ?? 'null'
  );
}

export function commandBodyHash(gameId: string, seat: number, command: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([gameId, seat, command ?? null]))
    .digest('hex');
}
