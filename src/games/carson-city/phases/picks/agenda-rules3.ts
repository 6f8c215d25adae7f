/**
 * Agenda rules 3 at the picks (agenda-resolve.ts `RULES` asks it): the auctions the Auctioneer's
 * pick opens (§9.2 #12, §13 #26-27), run on dry up to the next bidder.
 */
import { AUCTIONEER } from '../../data/personalities';
import { rules4 } from '../../agenda-version';
import { dryAuction } from '../../agenda-dry';
import type { CarsonEvent } from '../../events';
import { newAuction } from '../../personalities';
import { freeParcels } from '../../personalities/menus';
import type { Auction, CarsonState, Flow } from '../../state';

/**
 * Auctions (§9.2 #12, §13 #26-27; personalities `newAuction`, `bid`, `continueAuction`): the red
 * Auctioneer's pick opens the 3-guns auction, the yellow one's his lot's parcels; each bid or
 * drop-out (BID_PLACED, BIDDER_OUT, asked or not) moves the auction on, run dry up to the next
 * bidder; once it is settled the agenda goes on.
 */
export function auctionFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  const p = f.prompt;
  // A New Beginning's Great service done (rules 4): a second tile, the same auction.
  if (e.type === 'CHARACTER_PICKED' && e.personality === AUCTIONEER && (!e.greatService || rules4(s))) {
    const asked = e.greatService
      ? p?.kind === 'GREAT_SERVICE' && p.seat === e.seat
      : p?.kind === 'PICK_CHARACTER' && p.seat === e.seat && p.paperboy === e.paperboy;
    if (!asked) return null;
    const goOn = e.greatService ? { ...f, prompt: null } : nextPickFlow(f);
    // The auction opens before the picks go on (the PICK tasks stay on the agenda).
    if (e.side === 'RED')
      return s.threeGuns === null
        ? dryAuction(s, { ...f, prompt: null }, newAuction(s, e.seat, 'THREE_GUNS', []))
        : goOn;
    const parcels = freeParcels(s);
    if (parcels.length < 2) return goOn;
    return {
      ...f,
      prompt: { seat: e.seat, kind: 'CHOOSE_PARCEL', purpose: 'AUCTION_1', parcels, optional: false },
    };
  }
  if ((e.type !== 'BID_PLACED' && e.type !== 'BIDDER_OUT') || p?.kind !== 'BID') return null;
  const a = JSON.parse(JSON.stringify(p.auction)) as Auction;
  const i = a.active.indexOf(e.seat);
  if (i < 0) return null;
  if (e.type === 'BID_PLACED') Object.assign(a, { bid: e.amount, bidder: e.seat, turn: i + 1 });
  else {
    a.active.splice(i, 1);
    a.turn = i;
  }
  return dryAuction(s, { ...f, prompt: null }, a);
}

/**
 * The flow after a pick that opens nothing: the next PICK task's prompt (phases/picks/agenda.ts
 * `nextPick`).
 */
function nextPickFlow(f: Flow): Flow {
  const next = f.tasks[0];
  if (next?.t !== 'PICK') return { ...f, prompt: null };
  return {
    ...f,
    tasks: f.tasks.slice(1),
    prompt: { seat: next.seat, kind: 'PICK_CHARACTER', paperboy: false },
  };
}
