/**
 * The facts of Phase 1 (§4.2; evolve.ts `APPLIERS` asks it): the round's start, the picks, the
 * turn order.
 */
import { TEACHER } from '../../data/personalities';
import { setTile } from '../../apply';
import type { CarsonEvent } from '../../events';
import type { CarsonState } from '../../state';

/** Phase 1: the round's start, the picks, the turn order (§4.2). */
export function applyPicks(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'ROUND_STARTED':
      s.round = e.round;
      s.pickOrder = e.pickOrder.slice();
      s.teacherFirst = null;
      break;
    case 'CHARACTER_PICKED': {
      const p = pl(e.seat);
      p.held.push(
        e.greatService
          ? { id: e.personality, side: e.side, second: true }
          : { id: e.personality, side: e.side },
      );
      if (e.greatService && s.anb)
        s.anb = { ...s.anb, greatServiceUsed: s.anb.greatServiceUsed.map((u, i) => u || i === e.seat) };
      setTile(s, e.personality, { takenBy: e.seat });
      // Immediate passive effects recorded on the player; active ones come as their own events.
      if (e.personality === 1 && e.side === 'YELLOW') p.white = 'RESERVE';
      if (e.personality === 11 && e.side === 'YELLOW') p.noDuel = 2;
      if (e.personality === TEACHER && e.side === 'YELLOW') s.teacherFirst = e.seat;
      break;
    }
    case 'TURN_ORDER_SET':
      s.turnOrder = e.turnOrder.slice();
      break;
    default:
      return false;
  }
  return true;
}
