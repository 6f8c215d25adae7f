/** The Horses module's port (§10.6): what the core asks of the module (see ../../ports.ts). */
import type { Seat } from '../../../engine';
import {
  canBuyHorse,
  canStableHorse,
  hat,
  HORSE_COUNT,
  HORSE_PRICE,
  horsesOn,
  horsesOwned,
  horseVp,
  isStableLoc,
  offerHorse,
  ranchesToDouble,
  RODEO_MARKERS,
  rodeoScores,
  runRodeo,
  stableCowboy,
  stableFirepower,
  stableLoc,
  STABLES,
} from './horses';
import { afterStable, horseWagesFlow, stableFlow } from './agenda';
import { declineOffer } from './commands';
import type { HorsesPort } from '../../ports';
import type { CarsonState } from '../../state';

/** The Horses module (§10.6) in the view, per seat and for the table. */
export interface HorsesView {
  /** Horses left in the general supply. */
  supply: number;
  /** Rodeo markers not yet won. */
  rodeoMarkersLeft: number;
  /** Rodeo value per horse ("hat") of stables 1..5 (stable 3 from the options, §13 #30). */
  hats: number[];
  players: {
    seat: number;
    /** Horses in the personal supply. */
    supply: number;
    stables: { stable: number; horses: number; cowboy: boolean }[];
    rodeoMarkers: number;
    /** The rodeo score if the rodeo were held now. */
    rodeoScore: number;
    /** Horses owned (supply + stables) and what they would score now: horses x (1 + markers). */
    horses: number;
    horseVp: number;
  }[];
}

function view(s: CarsonState): HorsesView | null {
  const h = s.horses;
  if (!h) return null;
  const scores = rodeoScores(s);
  return {
    supply: h.supply,
    rodeoMarkersLeft: h.markersLeft,
    hats: STABLES.map((k) => hat(s, k)),
    players: h.players.map((p, seat) => ({
      seat,
      supply: p.supply,
      stables: STABLES.map((stable) => ({
        stable,
        horses: p.stables[stable - 1],
        cowboy: stableCowboy(s, seat, stable),
      })),
      rodeoMarkers: p.markers,
      rodeoScore: scores[seat].score,
      horses: horsesOwned(s, seat),
      horseVp: horseVp(horsesOwned(s, seat), p.markers),
    })),
  };
}

/** 1 VP per horse, +1 per horse for each rodeo marker (§8 item 3); 0 without the module. */
function finalVp(s: CarsonState, seat: Seat): number {
  return s.horses ? horseVp(horsesOwned(s, seat), s.horses.players[seat].markers) : 0;
}

export const HORSES_PORT: HorsesPort = Object.freeze({
  price: HORSE_PRICE,
  firepower: stableFirepower,
  canStable: canStableHorse,
  canBuy: canBuyHorse,
  isStableLoc,
  finalVp,
  view,
  count: HORSE_COUNT,
  rodeoMarkers: RODEO_MARKERS,
  horsesOn,
  stableLoc,
  stableCowboy,
  offerHorse,
  declineOffer,
  ranchesToDouble,
  runRodeo,
  afterStable,
  stableTwoFlow: stableFlow,
  wagesFlow: horseWagesFlow,
});
