/**
 * The clock invariant of correspondence play: after every commit, each prompted seat that a
 * person holds (a HUMAN seat not under bot takeover and not forfeited) has a running deadline
 * (a PENDING or PAUSED TURN_TIMEOUT) at the game's current version. A seat without one is frozen:
 * nobody plays it and no timeout will. Read in one REPEATABLE READ transaction, so the game row
 * and the timers are of the same moment even while bots or timers keep committing.
 */
import type { PrismaClient } from '../../src/generated/prisma/client';

/** The prompted human seats without a running deadline at the current version ([] = fine). */
export async function frozenSeats(db: PrismaClient, gameId: string): Promise<number[]> {
  return db.$transaction(
    async (tx) => {
      const game = await tx.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } });
      if (game.status !== 'ACTIVE' || !game.timerOptions) return [];
      const timers = await tx.timer.findMany({
        where: {
          gameId,
          version: game.version,
          kind: 'TURN_TIMEOUT',
          status: { in: ['PENDING', 'PAUSED'] },
        },
      });
      return game.activeSeats.filter((seat) => {
        const s = game.seats.find((x) => x.seat === seat);
        const person = s?.kind === 'HUMAN' && !s.botTakeover && !s.forfeited;
        return person && !timers.some((t) => t.seat === seat);
      });
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
