/**
 * The facts of Phase 2 (§4.3, §10.4; evolve.ts `APPLIERS` asks it): placements, passes, Kit
 * Carson's relocations and withdrawals, the pass track.
 */
import { findPlacement, isStandish, ownMine, removeOne } from '../../apply';
import type { CarsonEvent } from '../../events';
import type { CarsonState } from '../../state';

/** Phase 2 placements (§4.3, §10.4). */
export function applyPlacement(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'COWBOY_PLACED': {
      const p = pl(e.seat);
      if (e.white) p.white = 'PLACED';
      else if (!e.extra && !isStandish(s, e.seat)) p.reserve -= 1;
      if (e.noDuel && !e.extra) p.noDuel -= 1;
      if (e.dynamite) {
        // A spent marker goes back to the supply of 7 (inferred: the supply is physical).
        p.dynamite -= 1;
        s.dynamiteSupply += 1;
        // Dynamite with a cowboy on one's own Mine gives both uses: two dice if a duel happens
        // there and triple income this round (§9.2 #9/10).
        const mine = e.loc.startsWith('B:') ? Number(e.loc.slice(2)) : -1;
        if (mine >= 0 && s.parcels[mine].owner === e.seat && s.parcels[mine].content === 'MINE')
          p.dynamitedMines.push(mine);
      }
      s.placements.push({
        seat: e.seat,
        loc: e.loc,
        white: e.white,
        noDuel: e.noDuel,
        dynamite: e.dynamite,
        extra: e.extra,
      });
      break;
    }
    case 'PASSED':
      s.passed.push(e.seat);
      break;
    case 'COWBOY_RELOCATED': {
      const i = findPlacement(s, e.seat, e.from, e);
      if (i < 0) break;
      const [moved] = s.placements.splice(i, 1);
      s.placements.push({ ...moved, loc: e.to });
      if (e.dynamite) {
        // Dynamite rides with its cowboy: the own-Mine tripling follows it (§9.2 #9/10).
        const p = pl(e.seat);
        const from = ownMine(s, e.seat, e.from);
        if (from >= 0) removeOne(p.dynamitedMines, from);
        const to = ownMine(s, e.seat, e.to);
        if (to >= 0) p.dynamitedMines.push(to);
      }
      break;
    }
    case 'COWBOY_WITHDRAWN': {
      const i = findPlacement(s, e.seat, e.loc, e);
      if (i >= 0) s.placements.splice(i, 1);
      const p = pl(e.seat);
      if (e.white) p.white = 'RESERVE';
      else if (e.extra) removeOne(p.flags, 'SINGER_EXTRA:USED');
      else p.reserve += 1;
      if (e.noDuel && !e.extra) p.noDuel += 1;
      if (e.dynamite) {
        p.dynamite += 1;
        s.dynamiteSupply -= 1;
        const mine = ownMine(s, e.seat, e.loc);
        if (mine >= 0) removeOne(p.dynamitedMines, mine);
      }
      break;
    }
    case 'PLACEMENT_ENDED':
      s.passTrack = e.passTrack.slice();
      break;
    default:
      return false;
  }
  return true;
}
