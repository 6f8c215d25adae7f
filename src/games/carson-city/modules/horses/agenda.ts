/**
 * The Horses' agenda rules (§10.6; moved from agenda.ts and agenda-modules.ts, #12 item 4): how
 * `evolve` moves the flow on after a stable offer (rules 2), stable 2's choice (rules 3) and
 * Wages' horse offer (rules 3). The core reaches them through the port (`PORTS.horses.afterStable`,
 * `stableTwoFlow`, `wagesFlow`).
 */
import type { Seat } from '../../../engine';
import { canPlace, turnPrompt, withPrompt } from '../../phases/placement/agenda';
import { kitPrompt } from '../kit/kit';
import type { CarsonEvent } from '../../events';
import type { CarsonState, Flow } from '../../state';
import { canBuyHorse, HORSE_PRICE } from './horses';

/**
 * Rules 2, Horses (§10.6): after the stable offer of a placement (a horse stabled, or kept: the
 * HORSE_KEPT fact), stable 2 opens its choice; else the turn the offer held back opens (the next
 * placement turn, or Kit Carson's session).
 */
export function afterStable(s: CarsonState, e: { type: string; seat: Seat; stable?: number }): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  if (p?.kind !== 'STABLE_HORSE' || p.seat !== e.seat) return null;
  if (e.stable === 2) return { ...f, prompt: { seat: e.seat, kind: 'STABLE_TWO', index: p.index } };
  const [next, ...tasks] = f.tasks;
  if (next?.t === 'PLACE_TURN' && !s.solo && !s.options.modules.includes('KIT_CARSON'))
    return withPrompt({ ...f, tasks }, turnPrompt(s, next.index));
  if (next?.t === 'KIT_SESSION') return withPrompt({ ...f, tasks }, kitPrompt(s, next.seq));
  return null;
}

/**
 * Agenda rules 3 (called by agenda-resolve.ts), Horses, Wages (§10.6; phases/resolution/flow.ts `horseWages`): the
 * seat's WAGES task (at the head, as the silent run left it) returns its cowboys, then pays $4
 * each, or $4 for all but one and offers the horse. A declined offer is the $4 (MONEY `WAGES`
 * answering BUY_HORSE).
 */
export function horseWagesFlow(prev: CarsonState, s: CarsonState, e: CarsonEvent): Flow | null {
  const f = prev.flow;
  if (!s.horses || f.phase !== 'RESOLVE') return null;
  if (
    e.type === 'MONEY' &&
    e.reason === 'WAGES' &&
    f.prompt?.kind === 'BUY_HORSE' &&
    f.prompt.seat === e.seat
  )
    return { ...f, prompt: null };
  const [task, ...rest] = f.tasks;
  if (f.prompt !== null || task?.t !== 'WAGES' || !('seat' in e) || task.seat !== e.seat) return null;
  if (e.type === 'COWBOY_RETURNED' && e.reason === 'WAGES') {
    if (s.placements.some((p) => p.seat === e.seat && p.loc === 'A:WAGES')) return f;
    // The last cowboy: the offer opens at once for one cowboy; else a MONEY comes first.
    if (task.count > 1 || !canBuyHorse(s, e.seat, 1)) return f;
    return { ...f, tasks: rest, prompt: { seat: e.seat, kind: 'BUY_HORSE', price: HORSE_PRICE } };
  }
  if (e.type !== 'MONEY' || e.reason !== 'WAGES') return null;
  const offer = canBuyHorse(prev, e.seat, task.count);
  return {
    ...f,
    tasks: rest,
    prompt: offer ? { seat: e.seat, kind: 'BUY_HORSE', price: HORSE_PRICE } : null,
  };
}

// ---------------------------------------------------------------- stable 2 (rules 3)

/** Rules 3: stable 2's choice and its move (§10.6), or null where they do not apply. */
export function stableFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  switch (e.type) {
    case 'STABLE_TWO_CHOSEN':
      return stableTwo(s, e.seat, e.choice);
    case 'COWBOY_RETURNED':
      return e.reason === 'STABLE_2' ? afterStableTwoMove(s, e.seat) : null;
    case 'COWBOY_PLACED':
      return e.moved ? afterStableTwoMove(s, e.seat) : null;
    default:
      return null;
  }
}

/**
 * Stable 2's choice (STABLE_TWO_CHOSEN), the placement turn it interrupted waiting on the agenda
 * (PLACE_TURN after the offer): an extra cowboy or a pass is the seat's placement command again
 * (its COWBOY_PLACED / PASSED follows and phases/placement/agenda.ts moves on from it: a horse offer or the next
 * turn); nothing, and the next turn opens; a moved cowboy, and the next turn opens after its
 * COWBOY_RETURNED (and its COWBOY_PLACED `moved`, when placed elsewhere).
 */
function stableTwo(s: CarsonState, seat: Seat, choice: string): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const [next, ...tasks] = f.tasks;
  if (p?.kind !== 'STABLE_TWO' || p.seat !== seat || next?.t !== 'PLACE_TURN' || next.index !== p.index + 1)
    return null;
  if (s.options.modules.includes('KIT_CARSON')) return null;
  if (choice === 'EXTRA_COWBOY' || choice === 'PASS')
    return { ...f, tasks, prompt: { seat, kind: 'PLACE_COWBOY', index: p.index } };
  if (choice === 'NOTHING') return nextTurn({ ...f, tasks }, next.index, s);
  return { ...f, prompt: null };
}

/** After stable 2's move: the next placement turn (§4.3) from the interrupted turn's successor. */
function afterStableTwoMove(s: CarsonState, seat: Seat): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const next = f.tasks[0];
  if (p === null && next?.t === 'PLACE_TURN')
    return nextTurn({ ...f, tasks: f.tasks.slice(1) }, next.index, s);
  // The moved cowboy placed elsewhere: the turn that opened after its return, looked up again.
  if (p?.kind === 'PLACE_COWBOY' && f.phase === 'PLACEMENT' && s.passed.length < s.turnOrder.length)
    return seat === p.seat || !canPlace(s, p.seat) ? nextTurn(f, p.index, s) : f;
  return null;
}

function nextTurn(f: Flow, index: number, s: CarsonState): Flow | null {
  const prompt = turnPrompt(s, index);
  return prompt ? { ...f, prompt } : null;
}
