/**
 * The facts of the end of a round and of the game (§7, §8; evolve.ts `APPLIERS` asks it).
 */
import { setTile } from '../../apply';
import type { CarsonEvent } from '../../events';
import type { CarsonState } from '../../state';

/** The end of a round and of the game (§7, §8). */
export function applyRoundEnd(s: CarsonState, e: CarsonEvent): boolean {
  switch (e.type) {
    case 'ROUND_ENDED':
      break;
    case 'ROUND_CLEANUP':
      s.threeGuns = null;
      s.ammunitionVoid = false;
      s.passed = [];
      s.turnOrder = [];
      s.tiles = s.tiles.map((t) => ({ ...t, takenBy: null }));
      for (const p of s.players) {
        p.held = [];
        p.noDuel = 0;
        p.white = 'NONE';
        p.flags = [];
        p.doubled = null;
        p.dynamitedMines = [];
        p.ownIncome = 0;
      }
      break;
    case 'TILE_FLIPPED': {
      setTile(s, e.id, { side: e.side });
      break;
    }
    case 'GAME_ENDED':
      s.final = e.scores.map((x) => ({ ...x }));
      break;
    default:
      return false;
  }
  return true;
}
