/**
 * Kit Carson's agenda rule (§10.4; moved from agenda.ts `afterPlacement`, #12 item 4): how
 * `evolve` moves the flow on after a placement command of the session (rules 1). The core reaches
 * it through the port (`PORTS.kit.placementFlow`).
 */
import { horseOffer, withPrompt, type PlacementEvent } from '../../phases/placement/agenda';
import { PORTS } from '../../ports';
import type { CarsonState, Flow } from '../../state';
import { kitHorseDue, kitPrompt } from './kit';

/**
 * Phase 2 with Kit Carson (§10.4): after a placement command (or an automatic lock) the session's
 * prompt opens again for every seat that has not locked; with Horses, a horse may go into a
 * stable first (§10.6), the session waiting on the agenda.
 */
export function kitPlacementFlow(s: CarsonState, e: PlacementEvent): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const automatic = e.type === 'PASSED' && e.automatic;
  // A command carries its sequence number; an automatic lock keeps the session's.
  const seq = 'seq' in e && e.seq !== undefined ? e.seq : p?.kind === 'KIT_PLACEMENT' ? p.seq : null;
  if (seq === null || (!automatic && p?.kind !== 'KIT_PLACEMENT' && p?.kind !== 'PLACE_COWBOY')) return null;
  if (automatic) return p?.kind === 'KIT_PLACEMENT' ? withPrompt(f, kitPrompt(s, seq)) : null;
  if (e.type === 'COWBOY_PLACED' && kitHorseDue(s, e.seat) && PORTS.horses.canStable(s, e.seat)) {
    const index = p?.kind === 'PLACE_COWBOY' ? p.index : 0;
    return horseOffer(f, e.seat, index, { t: 'KIT_SESSION', seq });
  }
  return withPrompt(f, kitPrompt(s, seq));
}
