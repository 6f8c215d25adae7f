/**
 * Seat hand-overs (resume, addBot) against commits. A command's append moves `games.version`
 * with an UPDATE, which holds the game row until it commits; a hand-over locks that row first
 * (SELECT ... FOR UPDATE), so the two serialise: a commit either lands before the hand-over, which
 * then plans from the version it produced, or waits for it and its commit hook reads the seat
 * flags the hand-over wrote (see TimerPlanner). No deadline is ever planned for a version that a
 * concurrent commit is about to make stale.
 */
import type { Prisma } from '../generated/prisma/client';
import { GameError } from '../play/errors';

export interface LockedGame {
  version: number;
  activeSeats: number[];
  status: string;
  pausedAt: Date | null;
  webhookCount: number;
}

/** Lock the game's row for the rest of `tx` and read what a commit may have just changed. */
export async function lockGame(tx: Prisma.TransactionClient, gameId: string): Promise<LockedGame> {
  const rows = await tx.$queryRaw<
    {
      version: number;
      active_seats: number[];
      status: string;
      paused_at: Date | null;
      webhook_count: number;
    }[]
  >`SELECT version, active_seats, status, paused_at, webhook_count FROM games WHERE id = ${gameId} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new GameError('NOT_FOUND', `no game ${gameId}`);
  return {
    version: Number(row.version),
    activeSeats: row.active_seats.map(Number),
    status: row.status,
    pausedAt: row.paused_at,
    webhookCount: Number(row.webhook_count),
  };
}
