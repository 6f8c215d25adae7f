/**
 * Agenda rules 3 for the automaton and the modules (games whose GAME_STARTED declares `agenda` 3
 * or later; agenda.ts holds rules 1 and 2 and the rest of rules 3): how `evolve` moves the flow on
 * from the facts of Standish's turns in solo (§11.3, §11.5, §11.8) and the Horses' stable 2
 * choice (§10.6). Might is Right's tile duels (§10.3) are might.ts `tileDuelFlow` (the module's
 * own file), the outlaws' arrival (§10.5) a guard in agenda.ts `roundStart`: it opens no prompt,
 * so the picks open as without it.
 *
 * `moduleFlow` is asked first; null means "not covered here" (agenda.ts `followFlow` then
 * applies). As in agenda.ts a rule may decline, never be wrong in a way that reaches the history:
 * `decide` appends a FLOW wherever the derived flow differs from the one it reached.
 */
import type { Seat } from '../engine';
import { ROUNDS } from './data/actions';
import { BANKER } from './data/personalities';
import { canPlace, cashQueue, turnPrompt } from './agenda';
import type { CarsonEvent } from './events';
import type { CarsonState, Flow, Task } from './state';

/** Rules 3 (games that declare `agenda` 3 or later). */
export function rules3(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 3;
}

/** The flow after `e` by the rules of this file, or null where they do not apply. */
export function moduleFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  if (!rules3(s)) return null;
  return s.solo ? soloFlow(s, e) : stableFlow(s, e);
}

function stableFlow(s: CarsonState, e: CarsonEvent): Flow | null {
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

// ---------------------------------------------------------------- solo (§11)

/** Solo: Standish's cards in Phase 2 and his end of round. */
function soloFlow(s: CarsonState, e: CarsonEvent): Flow | null {
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

// ---------------------------------------------------------------- Horses, stable 2 (§10.6)

/**
 * Stable 2's choice (STABLE_TWO_CHOSEN), the placement turn it interrupted waiting on the agenda
 * (PLACE_TURN after the offer): an extra cowboy or a pass is the seat's placement command again
 * (its COWBOY_PLACED / PASSED follows and agenda.ts moves on from it: a horse offer or the next
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
