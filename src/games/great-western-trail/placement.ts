/** Where a hazard or bandit tile goes on the trail (setup and foresight; RULES.md §1.1 step 6, §2.4). */
import { BANDIT_PLACEMENT_ORDER, HAZARD_PLACEMENT_ORDER } from './data/trail';
import type { GwtState, KcTile } from './state';

/** The empty slot a hazard (of its kind) or a bandit takes: the lowest number; null when all are full. */
export function trailSlotFor(state: GwtState, tile: KcTile): string | null {
  if (tile.kind === 'worker') return null;
  const order = tile.kind === 'hazard' ? HAZARD_PLACEMENT_ORDER[tile.hazard] : BANDIT_PLACEMENT_ORDER;
  return order.find((id) => !state.trail[id]) ?? null;
}
