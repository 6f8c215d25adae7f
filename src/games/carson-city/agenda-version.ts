/**
 * The versions of the agenda's rules (GAME_STARTED `agenda`): what a new game declares and the
 * predicates each rule is gated on. A leaf (no import): the phases' rules (phases/<phase>/agenda.ts)
 * and flows import it, and agenda.ts, which dispatches to those rules, too.
 */
import type { CarsonState } from './state';

/**
 * The version of these rules a new game declares (GAME_STARTED `agenda`). A change to what a rule
 * derives changes what stored events mean: it needs a new version, the old rules kept for the
 * games that declared them.
 */
export const AGENDA_RULES = 4;

/** Rules 4 (games that declare `agenda` 4 or later): no FLOW at all (README, Model). */
export function rules4(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 4;
}

/** Rules 2 (games that declare `agenda` 2 or later): pick menus, stables, the end of a round. */
export function rules2(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 2;
}
