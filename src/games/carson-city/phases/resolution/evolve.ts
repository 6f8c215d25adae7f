/**
 * The facts of Phase 3 (§5; evolve.ts `APPLIERS` asks it): cowboys leaving, purchases, buildings,
 * the Town Hall, income, the personalities' choices; the cash spent at the cash limit (§7 step 5).
 */
import { BUILDINGS } from '../../data/buildings';
import { isStandish, removePlacement, setCell } from '../../apply';
import type { CarsonEvent } from '../../events';
import type { CarsonState } from '../../state';

/** Phase 3: cowboys leaving, purchases, buildings, the Town Hall, income (§5). */
export function applyResolution(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'COWBOY_RETURNED': {
      const placement = s.placements.find((p) => p.seat === e.seat && p.loc === e.loc && p.white === e.white);
      removePlacement(s, e.seat, e.loc, e.white);
      const p = pl(e.seat);
      if (e.white) p.white = e.to === 'RESERVE' ? 'RESERVE' : 'NONE';
      else if (e.to === 'RESERVE' && !(placement && placement.extra) && !isStandish(s, e.seat))
        p.reserve += 1;
      break;
    }
    case 'COWBOY_MOVED':
      pl(e.seat).reserve -= 1;
      pl(e.seat).money -= e.paid;
      s.placements.push({
        seat: e.seat,
        loc: e.to,
        white: false,
        noDuel: false,
        dynamite: false,
        extra: false,
      });
      break;
    case 'THREE_GUNS_TAKEN':
      s.threeGuns = e.seat;
      if (e.reason === 'AUCTION') s.ammunitionVoid = true;
      break;
    case 'BUILDING_BOUGHT':
      pl(e.seat).money -= e.price;
      pl(e.seat).pending.push(e.building);
      if (e.from === 'TRACK' && e.square !== null) s.track[e.square] = null;
      else s.bag[e.building] -= 1;
      break;
    case 'BUILDING_BUILT': {
      const p = pl(e.seat);
      const i = p.pending.indexOf(e.building);
      if (i >= 0) p.pending.splice(i, 1);
      setCell(s, e.parcel, { content: e.building });
      for (const h of e.houses) setCell(s, h.parcel, { content: h.town ? 'TOWN_HOUSE' : 'HOUSE' });
      // Solo: Standish takes no revolver markers from buildings (§11.1, PT "não recebe").
      if (!isStandish(s, e.seat)) p.revolvers += BUILDINGS[e.building].revolvers;
      break;
    }
    case 'CONSENT_ANSWERED':
    case 'BUILD_STARTED':
    case 'HOUSE_CHOSEN':
    case 'BUILD_CANCELLED':
    case 'PENDING_KEPT':
    case 'ACTION_DECLINED':
    case 'AUCTION_PARCEL_CHOSEN':
      break;
    case 'TOWN_HALL_PLACED':
      setCell(s, e.parcel, { content: 'TOWN_HALL' });
      s.townHall = { parcel: e.parcel, occupant: null };
      s.roads = [...new Set([...s.roads, ...e.roads])].sort((a, b) => a - b);
      break;
    case 'TOWN_HALL_OCCUPIED':
      if (s.townHall.parcel !== null) removePlacement(s, e.seat, `B:${s.townHall.parcel}`, false);
      s.townHall.occupant = e.seat;
      break;
    case 'INCOME':
      pl(e.owner).money += e.received;
      pl(e.owner).ownIncome += e.received;
      if (e.attacker !== null) pl(e.attacker).money += e.stolen;
      break;
    case 'OPTION_CHOSEN':
      pl(e.seat).flags.push(`${e.purpose}:${e.option}`);
      break;
    case 'VP_BOUGHT':
      pl(e.seat).money -= e.paid;
      pl(e.seat).vp += e.count;
      break;
    case 'GROCER_DOUBLED':
      pl(e.seat).doubled = e.building;
      break;
    case 'MINE_DYNAMITED':
      pl(e.seat).dynamite -= 1;
      s.dynamiteSupply += 1;
      pl(e.seat).dynamitedMines.push(e.parcel);
      break;
    case 'DICE_ROLLED':
    case 'BID_PLACED':
    case 'BIDDER_OUT':
      break;
    case 'CASH_SPENT':
      pl(e.seat).money -= e.amount;
      pl(e.seat).vp += e.vp;
      break;
    default:
      return false;
  }
  return true;
}
