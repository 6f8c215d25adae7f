/**
 * The solo mode's agenda rules (agenda rules 3, moved from agenda-modules.ts, #12 item 4): how
 * `evolve` moves the flow on from the facts of Standish's turns (§11.3, §11.5, §11.8). The core
 * reaches them through the port (`PORTS.solo.agendaFlow`, asked by agenda-modules.ts `moduleFlow`).
 */
import { ROUNDS } from '../../data/actions';
import { BANKER } from '../../data/personalities';
import { cashQueue } from '../../phases/end-of-round/agenda';
import { canPlace } from '../../phases/placement/agenda';
import type { CarsonEvent } from '../../events';
import type { CarsonState, Flow, Task } from '../../state';

/** Solo: Standish's cards in Phase 2 and his end of round. */
export function soloFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  switch (e.type) {
    case 'TURN_ORDER_SET':
      return soloTurn(s, { ...s.flow, tasks: [] });
    case 'SOLO_CARD_DRAWN':
    case 'SOLO_CARD_STEP':
    case 'SOLO_COWBOY_ON_CARD':
    case 'COWBOY_PLACED':
    case 'PASSED':
    case 'VP':
      return s.flow.phase === 'PLACEMENT' && s.turnOrder.length > 0 ? soloTurn(s, s.flow) : null;
    case 'ROUND_ENDED':
      return soloRoundEnd(s);
    case 'COWBOY_RETURNED':
      return e.reason === 'PARCEL_PURCHASE' && e.seat === s.solo!.standish ? standishClaim(s, e.loc) : null;
    default:
      return null;
  }
}

/** Step 5 (§11.5): Standish's cowboy leaves the parcel; he takes it for free, no prompt. */
function standishClaim(s: CarsonState, loc: string): Flow | null {
  const f = s.flow;
  const task = f.tasks[0];
  if (task?.t !== 'BUY_PARCEL' || task.seat !== s.solo!.standish || `P:${task.parcel}` !== loc) return null;
  return { ...f, tasks: f.tasks.slice(1), prompt: null };
}

/**
 * Solo, Phase 2 (§11.3): Standish (first in turn order) draws and resolves one card per turn, all
 * in the decision that ends the player's turn, then the player's turn opens again (the same
 * prompt every time: turn index 1); once the player has passed, or cannot place, the automatic
 * steps go on (his cards, the passes, the end of Phase 2) with no prompt.
 */
function soloTurn(s: CarsonState, f: Flow): Flow | null {
  const player = s.turnOrder.findIndex((seat) => seat !== s.solo!.standish);
  if (player < 0) return null;
  const seat = s.turnOrder[player];
  const open = !s.passed.includes(seat) && canPlace(s, seat);
  return {
    ...f,
    phase: 'PLACEMENT',
    prompt: open ? { seat, kind: 'PLACE_COWBOY', index: player } : null,
  };
}

/**
 * Solo, the end of the round (§11.8, §7): ROUND_ENDED, the personalities' effects, Standish's
 * card VP and cleanup (SOLO_EOR), the new cowboys, then the player's cash limit (Standish keeps
 * no money, §11.7); then the track or the end of the game. A red Banker is agenda-resolve.ts
 * `roundEndFlow` (rules 4; rules 3 leave him to a FLOW).
 */
function soloRoundEnd(s: CarsonState): Flow | null {
  if (s.players.some((pl) => pl.held.some((h) => h.id === BANKER && h.side === 'RED'))) return null;
  const last: Task = s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' };
  const base: Flow = { phase: 'END_OF_ROUND', tasks: [last], prompt: null, step: -1 };
  const queue = s.passed.filter((seat) => seat !== s.solo!.standish);
  return cashQueue(s, base, [{ t: 'EOR_CASH', queue }, last]) ?? base;
}
