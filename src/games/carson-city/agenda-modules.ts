/**
 * Agenda rules 3 for the automaton and the modules (games whose GAME_STARTED declares `agenda` 3
 * or later; agenda.ts and phases/<phase>/agenda.ts hold rules 1 and 2 and the rest of rules 3):
 * how `evolve` moves the flow on from the facts of Standish's turns in solo (§11.3, §11.5, §11.8:
 * modules/solo/agenda.ts) and the Horses' stable 2 choice (§10.6: modules/horses/agenda.ts), each
 * asked through its module's port.
 * Might is Right's tile duels (§10.3) are might.ts `tileDuelFlow` (the module's own file), the
 * outlaws' arrival (§10.5) a guard in phases/picks/agenda.ts `roundStart`: it opens no prompt, so
 * the picks open as without it.
 *
 * `moduleFlow` is asked first; null means "not covered here" (agenda.ts `followFlow` then
 * applies). As in agenda.ts a rule may decline, never be wrong in a way that reaches the history:
 * `decide` appends a FLOW wherever the derived flow differs from the one it reached.
 */
import type { CarsonEvent } from './events';
import { PORTS } from './ports';
import type { CarsonState, Flow } from './state';

/** Rules 3 (games that declare `agenda` 3 or later). */
export function rules3(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 3;
}

/** The flow after `e` by the modules' rules 3, or null where they do not apply. */
export function moduleFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  if (!rules3(s)) return null;
  return s.solo ? PORTS.solo.agendaFlow(s, e) : PORTS.horses.stableTwoFlow(s, e);
}
