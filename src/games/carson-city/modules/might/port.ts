/** Might is Right's port (§10.3): what the core asks of the module (see ../../ports.ts). */
import type { Viewer } from '../../../engine';
import { GUNSMITH } from '../../data/personalities';
import {
  applyMightEvent,
  dealDuelTiles,
  discardLastTwo,
  emptyMight,
  MARKSMAN_DISCARD,
  mightOf,
  pileSize,
  startTileDuel,
  tileDuelFlow,
} from './might';
import type { MightPort } from '../../ports';
import { holds } from '../../rules';
import type { CarsonState } from '../../state';

export interface DuelTilesView {
  /** Tiles in the game: 12 with 2 players, else 6 per set used (min(players, 5) sets). */
  total: number;
  /** Size of the common discard pile, which is also the draw pile (content hidden). */
  pile: number;
  players: {
    seat: number;
    /** The total announced at setup (public; 15 with 2 players). */
    announced: number;
    /** Tiles in hand (public). */
    count: number;
    /** The values: the viewer's own hand only, else null. */
    tiles: number[] | null;
    /** Tiles committed to the duel in progress (public count). */
    chosenCount: number;
    /** The committed values: own, or everyone's once revealed (red Gunsmith's own only). */
    chosen: number[] | null;
  }[];
}

/**
 * The secrets (§10.3): a seat sees its own duel tiles and its own sealed choice; of the others
 * it sees counts only (and the choices once revealed). The pile is shown as a size.
 */
function view(s: CarsonState, viewer: Viewer): DuelTilesView | null {
  const m = mightOf(s);
  if (!m) return null;
  const p = s.flow.prompt;
  const revealed = p !== null && p.kind === 'CHOOSE_DUEL_TILE' && p.duel.revealed ? p.duel.seats : [];
  return {
    total: s.seatCount === 2 ? 12 : Math.min(s.seatCount, 5) * 6,
    pile: pileSize(m),
    players: m.hands.map((hand, seat) => ({
      seat,
      announced: m.announced[seat],
      count: hand.length,
      tiles: viewer === seat ? hand.slice() : null,
      chosenCount: m.chosen[seat].length,
      chosen:
        viewer === seat || (revealed.includes(seat) && !holds(s, seat, GUNSMITH, 'RED'))
          ? m.chosen[seat].slice()
          : null,
    })),
  };
}

export const MIGHT_PORT: MightPort = Object.freeze({
  deal: dealDuelTiles,
  view,
  marksmanDiscardPurpose: MARKSMAN_DISCARD,
  emptyMight,
  applyMightEvent,
  tileDuelFlow,
  startTileDuel,
  discardLastTwo,
});
