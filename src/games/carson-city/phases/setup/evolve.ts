/**
 * The facts of the setup (§3; evolve.ts `APPLIERS` asks it): the board, the track's draws, the
 * parcels claimed, A New Beginning's sheets and first player (§10.1).
 */
import { setCell } from '../../apply';
import type { CarsonEvent } from '../../events';
import type { CarsonState } from '../../state';

/** The board, the track, the parcels claimed; A New Beginning's sheets and first player (§3, §10.1). */
export function applySetup(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'RIVER_PLACED':
      for (const p of e.parcels) setCell(s, p, { content: 'RIVER' });
      break;
    case 'TOWN_CENTRE_PLACED':
      s.centre = e.parcel;
      setCell(s, e.parcel, { content: 'HOUSE' });
      s.roads = [...new Set([...s.roads, ...e.roads])].sort((a, b) => a - b);
      break;
    case 'MOUNTAIN_PLACED':
      setCell(s, e.parcel, { content: 'MOUNTAIN' });
      break;
    case 'BUILDING_DRAWN':
      s.bag[e.building] -= 1;
      if (e.square !== null) s.track[e.square] = e.building;
      break;
    case 'TRACK_SHIFTED':
      s.track = e.track.slice();
      break;
    case 'PARCEL_CLAIMED':
      setCell(s, e.parcel, { owner: e.seat });
      pl(e.seat).money -= e.price;
      break;
    case 'SHEET_SEALED':
      if (s.anb) {
        s.anb = {
          ...s.anb,
          sheets: s.anb.sheets.map((x, i) => (i === e.seat ? (e.sheet === null ? null : { ...e.sheet }) : x)),
          sealed: s.anb.sealed.map((x, i) => x || i === e.seat),
        };
      }
      break;
    case 'SHEETS_REVEALED':
      // Solo: Standish's entry is null (he has no sheet, §11.1).
      if (s.anb) s.anb = { ...s.anb, sheets: e.sheets.map((x) => (x ? { ...x } : null)), revealed: true };
      break;
    case 'FIRST_PLAYER_SET':
      s.firstOrder = e.order.slice();
      s.pickOrder = e.order.slice();
      s.passTrack = e.order.slice();
      break;
    default:
      return false;
  }
  return true;
}
