/**
 * Phase 4's agenda (§7): the end of the round up to the cash limit (step 5), and each seat's
 * cash-limit prompt in pass order.
 */
import { BANKER } from '../../data/personalities';
import { ROUNDS } from '../../data/actions';
import { cashLimit } from '../../rules';
import type { CarsonState, Flow, Task } from '../../state';

/** The cash limit at the end of the round (§7 step 5): the next seat of the queue that may spend. */
export function cashQueue(s: CarsonState, base: Flow, agenda: Task[]): Flow | null {
  let tasks = agenda;
  for (let task = tasks[0]; task?.t === 'EOR_CASH'; task = tasks[0]) {
    const [seat, ...rest] = task.queue;
    if (seat === undefined) return null;
    tasks = [{ t: 'EOR_CASH', queue: rest }, ...tasks.slice(1)];
    const money = s.players[seat].money;
    const min = Math.max(0, money - cashLimit(s, seat));
    if (min > 0 || money >= 10)
      return { ...base, tasks, prompt: { seat, kind: 'SPEND_CASH', min, max: money } };
  }
  return null;
}

/**
 * Rules 2, the end of a round (§7): ROUND_ENDED, then the personalities' end-of-round effects
 * (none of which opens a choice unless a red Banker is held), the new cowboys, and the cash limit
 * in pass order; then the track (or, after round 4, the end of the game). Solo is left out.
 */
export function roundEnd(s: CarsonState): Flow | null {
  if (s.solo || s.players.some((pl) => pl.held.some((h) => h.id === BANKER && h.side === 'RED'))) return null;
  const last: Task = s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' };
  const base: Flow = { phase: 'END_OF_ROUND', tasks: [last], prompt: null, step: -1 };
  return cashQueue(s, base, [{ t: 'EOR_CASH', queue: s.passed.slice() }, last]) ?? base;
}
