/**
 * Seat tokens: opaque bearer secrets that bind a caller to one seat of one game. Only a SHA-256
 * hash is stored, so a database dump does not let anyone act for a player.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSeatToken(): string {
  return `st_${randomBytes(24).toString('base64url')}`;
}

/** A lobby's host credential (returned once by createGame): starts, aborts, fills open seats. */
export function newHostToken(): string {
  return `ht_${randomBytes(24).toString('base64url')}`;
}

export const isHostToken = (token: string): boolean => token.startsWith('ht_');

/** SHA-256 of a seat or host token: all the database keeps. */
export function hashSeatToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token from an `Authorization: Bearer ...` header value (or a bare token), if any. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const trimmed = header.trim();
  if (trimmed === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(trimmed);
  return match ? match[1] : trimmed.includes(' ') ? null : trimmed;
}

/**
 * Who is calling: a seat of one game, the host of one game (its creator, holding the host token:
 * lobby control only, sees what a spectator sees), or nobody in particular (spectator).
 */
export type Caller =
  { kind: 'seat'; gameId: string; seat: number } | { kind: 'host'; gameId: string } | { kind: 'anonymous' };

export const ANONYMOUS: Caller = { kind: 'anonymous' };
