/**
 * Domain facts. Every random outcome (deck orders, Barrel draws, Bridge types, Shootout cards, the
 * first Sheriff, Buster cards) is written into the event that reveals it. Secret parts (card ids,
 * a Dial before the reveal) are removed by `redact` for seats that may not see them.
 */
import type { GameResult } from '../engine';
import type { BuildingId } from './data/buildings';
import type { PioneerId } from './data/pioneers';
import type { Bundle } from './data/printed';
import type { ColomaOptions } from './options';

export type Section = 'COMMON' | 'BOOM';
export type Tool = 'HAMMER' | 'SAW';
export type DeckEnd = 'TOP' | 'BOTTOM';

/** Resources a player gains (`gold` from the Gold Supply, top pool first) or pays (`gold` to the Mine Cart). */
export type Amounts = Pick<Bundle, 'bucks' | 'gold' | 'dudes' | 'tents' | 'horses' | 'vp'>;

export type ColomaEvent =
  | {
      type: 'GAME_STARTED';
      seatCount: number;
      options: ColomaOptions;
      sheriff: number;
      bridgeTypes: string[];
      shootoutCards: number[];
      hideout: string[];
      /** Hotel module: the Hotel stack, top first. */
      hotels: number[];
      /** Specialized Pioneers by seat (empty without the module). */
      pioneers: PioneerId[];
    }
  /** `deck` (top first) and `hand` are secret: the owner sees the hand only. */
  | { type: 'DECK_DEALT'; seat: number; deck: BuildingId[]; hand: BuildingId[]; deckCount: number }
  | { type: 'CARDS_RETURNED'; seat: number; cards: BuildingId[]; to: DeckEnd[]; reason: string }
  | { type: 'CARDS_DRAWN'; seat: number; cards: BuildingId[]; count: number; missing: number }
  | { type: 'ROUND_STARTED'; year: number; round: number }
  | { type: 'GAINED'; seat: number; gains: Amounts; reason: string }
  | { type: 'PAID'; seat: number; paid: Amounts; reason: string }
  | { type: 'EVENT_5_ANSWERED'; seat: number; gold: number }
  | { type: 'BUSTER_EXCLUDED'; sites: number[] }
  | { type: 'DIAL_SET'; seat: number; site: number | null; mule: number | null }
  | { type: 'DIALS_REVEALED'; sites: number[]; buster: number | null; mules: number[]; bust: number }
  | { type: 'CARROT_EATEN'; seat: number; event: number }
  /** Robber: Gold from the Mine Cart instead of a Wagon move. */
  | { type: 'MINE_CART_ROBBED'; seat: number; gold: number }
  | { type: 'PIONEER_ABILITY_USED'; seat: number; pioneer: PioneerId }
  | { type: 'SITE_ACTION'; seat: number; section: Section; action: string }
  | { type: 'RIVER_EXPLORED'; seat: number; canyon: number }
  | { type: 'BRIDGE_BUILT'; seat: number; bridge: string }
  | { type: 'BUILDING_BUILT'; seat: number; card: BuildingId; tool: Tool }
  | { type: 'HOTEL_BUILT'; seat: number; hotel: number; tool: Tool }
  | { type: 'GUESTS_CHECKED_IN'; seat: number; dudes: number }
  | { type: 'WAGON_MOVED'; seat: number; path: string[]; stopBenefit: boolean }
  | { type: 'GUNMEN_PLACED'; seat: number; row: number; dudes: number }
  | { type: 'TENT_PLACED'; seat: number; event: number | null; land: string | null }
  /** `from` 0 = the face-down stack, 1-4 = a face-up space; `refill` turned up into it. */
  | {
      type: 'BARREL_TAKEN';
      seat: number;
      from: number;
      barrel: string;
      outlaws: number;
      refill: string | null;
    }
  | { type: 'BARREL_USED'; seat: number; index: number }
  | { type: 'BARREL_DISCARDED'; seat: number; index: number }
  | { type: 'ABILITY_USED'; seat: number; card: BuildingId; index: number }
  | { type: 'TURN_ENDED'; seat: number }
  | {
      type: 'SHOOTOUT_RESOLVED';
      won: boolean;
      gunmen: number;
      outlaws: number;
      tiers: { seat: number | 'NEUTRAL'; tier: number }[];
      sheriff: number;
    }
  | { type: 'DUDES_BURIED'; seat: number; fromSupply: number; fromLodge: number }
  | { type: 'YEAR_ENDED'; year: number; outlaws: number }
  | { type: 'GAME_ENDED'; result: GameResult };
