/**
 * Agenda rules 4 (games whose GAME_STARTED declares `agenda` 4 or later): the flow from the facts
 * rules 1 to 3 left to a FLOW. The setup's first prompt is agenda.ts `setupFlow` (GAME_STARTED);
 * here, A New Beginning's reveal up to the bought parcels' placement (§10.1).
 *
 * Asked first by agenda-resolve.ts `resolveFlow`; null means "not covered here".
 */
import { rules4 } from './agenda';
import { parcelPlacementTasks } from './anb';
import type { CarsonEvent } from './events';
import type { CarsonState, Flow } from './state';

/** The flow after `e` under rules 4 (`f`: the flow before it, `s`: the state after it), or null. */
export function rules4Flow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  if (!rules4(s)) return null;
  switch (e.type) {
    case 'SHEETS_REVEALED':
      // Solo has no first-player bid (§11.1): the reveal is the last fact that moves the flow.
      return s.solo ? revealed(s, f) : null;
    case 'FIRST_PLAYER_SET':
      return revealed(s, f);
    default:
      return null;
  }
}

/**
 * The sheets revealed and paid, the first player set (anb.ts `revealSheets`): the bought
 * parcels are placed one at a time in the draft pattern of the (new) first order, then the round.
 */
function revealed(s: CarsonState, f: Flow): Flow | null {
  // The last SHEET_SEALED leaves the sheets' prompt as it was (rules 2 `nextSealed`).
  if (f.tasks[0]?.t !== 'REVEAL_SHEETS' || (f.prompt !== null && f.prompt.kind !== 'FILL_SHEET') || !s.anb)
    return null;
  const counts = s.anb.sheets.map((sh) => sh?.parcels ?? 0);
  return { ...f, tasks: [...parcelPlacementTasks(s.firstOrder, counts), ...f.tasks.slice(1)], prompt: null };
}
