/**
 * The game state: plain JSON rebuilt from events by `evolve`. Control flow lives here: `phase`
 * says which step of the Round is open, `queue` who answers next (Event 5 spenders, or the turn
 * order the reveal fixed), `turn` what the current turn has already used.
 */
import type { GameResult } from '../engine';
import type { BuildingId } from './data/buildings';
import type { PioneerId } from './data/pioneers';
import type { PrintedData } from './data/printed';
import type { ColomaOptions } from './options';

export interface OwnedBarrel {
  id: string;
  used: boolean;
}

export interface PlayerState {
  seat: number;
  bucks: number;
  gold: number;
  horses: number;
  /** VP gained during play (Events, empty-deck draws, rewards); final scoring adds the rest. */
  vp: number;
  /** Dudes and Tents in the Lodge. */
  dudes: number;
  tents: number;
  /** Dudes and Tents of this colour in the General Supply (RULES.md D10). */
  supplyDudes: number;
  supplyTents: number;
  hand: BuildingId[];
  /** Top first. Secret from everyone (the owner only knows what they put back). */
  deck: BuildingId[];
  tableau: BuildingId[];
  rivers: number;
  bridges: string[];
  barrels: OwnedBarrel[];
  /** Events (1-5) holding this player's Tent. */
  eventTents: number[];
  /** Frontier Lands holding this player's Tent. */
  lands: string[];
  wagon: string;
  dead: number;
  /** Shootouts in which this player had Gunmen (a PLACEHOLDER Bridge metric). */
  gunmenYears: number;
  /** Hotel module: the Hotels built (card indices) and the Dudes in their rooms. */
  hotels: number[];
  guests: number;
  /** The opening discard is still open (RULES.md §1.2 step 8). */
  opening: boolean;
  /** The secret Dial (null: not yet set this Round). */
  dial: number | null;
  /** Specialized Pioneer (null without the module). */
  pioneer: PioneerId | null;
  /** Mule Duel: the Mule's secret Dial, and the Events still holding this player's Carrot. */
  muleDial: number | null;
  carrots: number[];
}

export interface TurnState {
  seat: number;
  /** The Site the Pioneer is on (1-5; the Barker's Site in that Round is the Barker). */
  site: number;
  commonUsed: boolean;
  boomUsed: boolean;
  /** Wagon actions left (Site 4: Common + Boom + Horse Ranch). */
  wagons: number;
  gunmen: boolean;
  /** Abilities used this turn, as "CARD#index". */
  used: string[];
  built: BuildingId[];
  barrelsTaken: number;
  /** Foundry fired: the tableau's Wheelbarrow abilities are active. */
  allWheelbarrows: boolean;
}

export type Phase = 'OPENING' | 'EVENT_5' | 'DIAL' | 'TURNS' | 'OVER';

export type RowHolder = number | 'NEUTRAL' | null;

export interface ColomaState {
  seatCount: number;
  options: ColomaOptions;
  data: PrintedData;
  phase: Phase;
  /** 1, 2, 3 = 1848, 1849, 1850. */
  year: number;
  /** 1-5; the Barker covers Site `round`. 0 before the first Round. */
  round: number;
  sheriff: number;
  /** The Site whose Boom the Bust covers this Round (the Signpost Site when no majority). */
  bust: number | null;
  /** Revealed Sites by seat this Round. */
  sites: (number | null)[];
  /** Nuggets in the pools worth 1, 2, 3 Bucks. */
  gold: [number, number, number];
  mineCart: number;
  /** Face-up Barrels on Hideout spaces 1-4. */
  hideout: (string | null)[];
  /** Face-down Barrels by type (unknown order: a draw picks one with the seeded RNG). */
  barrelPool: Record<string, number>;
  /** Discarded Barrels, face up in the General Supply. */
  barrelDiscard: Record<string, number>;
  outlaws: number;
  /** Shootout rows, row 1 (index 0) nearest the Outlaws. */
  rows: RowHolder[];
  /** Bridge stacks by type. */
  bridges: Record<string, number>;
  /** Indices into data.shootout.cards for Years 1 and 2 (Year 3 uses the printed card). */
  shootoutCards: number[];
  /** Hotel module: the face-up Hotel stack (card indices, top first); empty without the module. */
  hotelStack: number[];
  players: PlayerState[];
  queue: number[];
  /** Seats still to answer Event 5 (Sheriff first), or a Mule owner who ate its Carrot. */
  eventQueue: number[];
  /** Mule Duel: the Mules' Sites this Round by seat (empty otherwise). */
  mules: number[];
  turn: TurnState | null;
  /** 2 players: the Buster cards revealed this Round and Buster's Site. */
  buster: { excluded: number[]; site: number | null } | null;
  result: GameResult | null;
}
