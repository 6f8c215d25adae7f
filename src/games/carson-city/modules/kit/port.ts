/** Kit Carson's port (§10.4): what the core asks of the module (see ../../ports.ts). */
import type { KitPort } from '../../ports';
import type { CarsonState } from '../../state';
import { kitPlacementFlow } from './agenda';
import {
  kitFinalVp,
  kitHorseDue,
  kitOn,
  kitOpening,
  kitOpeningPrompt,
  kitPrompt,
  kitSeq,
  kitSession,
} from './kit';

/** Kit Carson in the view: who is placing in the session now, its sequence number, who locked. */
export interface KitView {
  placing: number[];
  seq: number | null;
  locked: number[];
}

/** The session as everyone sees it (public), null without the module. */
function view(s: CarsonState): KitView | null {
  if (!kitOn(s)) return null;
  const p = s.flow.prompt;
  const session = p !== null && p.kind === 'KIT_PLACEMENT' && s.flow.phase !== 'GAME_OVER';
  return { placing: session ? p.seats.slice() : [], seq: session ? p.seq : null, locked: s.passed.slice() };
}

export const KIT_PORT: KitPort = Object.freeze({
  view,
  kitOn,
  finalVp: kitFinalVp,
  seq: kitSeq,
  kitHorseDue,
  openingPrompt: kitOpeningPrompt,
  placementFlow: kitPlacementFlow,
  kitPrompt,
  kitOpening,
  kitSession,
});
