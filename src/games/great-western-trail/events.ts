/**
 * Events: the facts of a game, small and domain-named so a stored history reads as the game did
 * ("WORKER_HIRED", "DELIVERED"...). Every random outcome (a card drawn, a tile from a bag) is in the
 * event. Secret parts (cards drawn into a hand, the opening state's hidden piles) are removed for
 * other viewers by `redact` (view.ts).
 *
 * The turn's control state (the agenda: stage, used actions, owed decisions) is derived by `evolve`
 * from these facts (agenda.ts). `GAME_ENDED` is the end of the game, with its result.
 *
 * Event schemas (upcasters.ts): 2 moved the end from FLOW's `over` flag to GAME_ENDED; 3 stopped
 * writing FLOW (the agenda snapshot that closed every decision); 4 stopped writing AGENDA_UPDATED:
 * the facts open and settle every decision (`recorded` marks a fact read from an older history,
 * whose agenda its FLOW / AGENDA_UPDATED events record).
 */
import type { GameResult, Seat } from '../engine';
import type { AgendaUpdate } from './agenda';
import type { AuxiliaryActionId } from './data/types';
import type { CardId, GwtState, KcTile, TrackPos, TurnState, WorkerKind } from './state';

/** Why money changed (for histories and analytics). */
export type MoneyReason =
  | 'FEE'
  | 'ACTION'
  | 'AUXILIARY'
  | 'HIRE'
  | 'CATTLE'
  | 'BUILDING'
  | 'ENGINE'
  | 'STATION'
  | 'INCOME'
  | 'TRANSPORT'
  | 'DELIVERY'
  | 'DISC'
  | 'BOUNTY'
  | 'HAZARD'
  | 'STATION_MASTER'
  | 'OBJECTIVE'
  | 'SPACE_39';

export type GwtEvent =
  /** The opening state (hands and hidden piles included; `redact` strips what a viewer may not see). */
  | {
      type: 'GAME_STARTED';
      state: GwtState;
      /**
       * Only in a redacted copy (view.ts `redact`): the hidden piles were emptied in `state`, and
       * these are their sizes.
       */
      hidden?: HiddenCounts;
    }
  /** Money from (+) or to (−) the bank. */
  | { type: 'MONEY'; seat: Seat; delta: number; reason: MoneyReason; recorded?: true }
  /** A movement fee: `to` is the owner of the building, or null for the bank (hazards, bandits). */
  | { type: 'FEE_PAID'; seat: Seat; to: Seat | null; amount: number; location: string }
  /** The herder moved along `path` (every trail node passed, destination last). */
  | { type: 'HERDER_MOVED'; seat: Seat; path: string[]; free?: boolean; recorded?: true }
  /** Cards drawn into a hand; `reshuffled`: the discard pile became the draw pile first. Secret. */
  | {
      type: 'CARDS_DRAWN';
      seat: Seat;
      cards: CardId[];
      reshuffled: boolean;
      /** Only in a redacted copy for another viewer: `cards` is [] and this many were drawn. */
      count?: number;
    }
  /** Cards from hand to the discard pile (public). */
  | { type: 'CARDS_DISCARDED'; seat: Seat; cards: CardId[]; recorded?: true }
  /** Cards from hand out of the game (public). */
  | { type: 'CARDS_REMOVED'; seat: Seat; cards: CardId[]; recorded?: true }
  /** A card onto the seat's discard pile (`toHand`: into the hand, building 8b): from the cattle market, the objective display or deck, or a supply. */
  | {
      type: 'CARD_GAINED';
      seat: Seat;
      card: CardId;
      from: 'MARKET' | 'DISPLAY' | 'DECK' | 'SUPPLY';
      toHand?: true;
      recorded?: true;
      /** Only in a redacted copy: the card (drawn face down into another seat's hand) is not shown. */
      hidden?: true;
    }
  | { type: 'CERTIFICATES'; seat: Seat; delta: number }
  | { type: 'EXCHANGE_TOKENS'; seat: Seat; delta: number; recorded?: true }
  /** A worker from job-market space (row, col) to the seat's board. */
  | {
      type: 'WORKER_HIRED';
      seat: Seat;
      worker: WorkerKind;
      row: number;
      col: number;
      cost: number;
      recorded?: true;
    }
  /** Foresight: tile `index` (0/1) of column `column` (0..2) is taken to be placed. */
  | { type: 'FORESIGHT_TAKEN'; seat: Seat; column: number; index: number; recorded?: true }
  /** A worker onto the job market; `tokenRow`: where the token is after (null = it left the market). */
  | {
      type: 'JOB_MARKET_FILLED';
      row: number;
      col: number;
      worker: WorkerKind;
      tokenRow: number | null;
      tokenTo: Seat | null;
    }
  /** A hazard or bandit tile onto a trail slot (null location: no free slot, out of the game). */
  | { type: 'TRAIL_TILE_PLACED'; location: string | null; tile: KcTile }
  /** A foresight space refilled from its bag (null: the bag is empty). */
  | { type: 'FORESIGHT_REFILLED'; column: number; index: number; tile: KcTile | null }
  /** The cattle market got `cards` from the cattle deck. */
  | { type: 'MARKET_CARDS_ADDED'; cards: CardId[] }
  /** The objective display got `card` from the deck. */
  | { type: 'OBJECTIVE_REVEALED'; card: CardId }
  /** A hazard or bandit taken off the trail by `seat`. */
  | { type: 'TRAIL_TILE_TAKEN'; seat: Seat; location: string; recorded?: true }
  /** A player building onto a slot (replacing the seat's own `replaced`, if any). */
  | {
      type: 'BUILDING_PLACED';
      seat: Seat;
      building: string;
      location: string;
      replaced: string | null;
      cost: number;
      recorded?: true;
    }
  | { type: 'TRAIN_MOVED'; seat: Seat; from: TrackPos; to: TrackPos; recorded?: true }
  /** A disc from the board (or, when none can be taken, from a station) onto a station or city. */
  | {
      type: 'DISC_PLACED';
      seat: Seat;
      disc: string | null;
      fromStation: string | null;
      to: { station: string } | { city: string };
      recorded?: true;
    }
  /** The station master goes to `seat`, and the rightmost `worker` of that row leaves the board onto it. */
  | {
      type: 'STATION_MASTER_TAKEN';
      seat: Seat;
      station: string;
      master: string;
      worker: WorkerKind;
      recorded?: true;
    }
  /** An objective card from hand into the personal objective area. */
  | { type: 'OBJECTIVE_PLAYED'; seat: Seat; card: CardId; recorded?: true }
  /** The immediate action of objective card `card`, just played, is taken (agenda: what it opens). */
  | { type: 'OBJECTIVE_ACTION_TAKEN'; seat: Seat; card: CardId }
  /** Simmental: `count` cards of level `from` in hand leave the game and as many of level from+1 go to the discard pile. */
  | { type: 'SIMMENTAL_UPGRADED'; seat: Seat; from: 1 | 2; count: number; recorded?: true }
  /**
   * A delivery (Kansas City sub-phase 5, or building 9a's extraordinary delivery: `transport`
   * false, `value` null): the city, the breeding value delivered, the transport cost, and the disc
   * put on the city (a board disc, or `fromStation`; neither when no disc could be placed, D3).
   * The disc, money and link actions follow as their own events.
   */
  | {
      type: 'DELIVERED';
      seat: Seat;
      city: string;
      value: number | null;
      transport: boolean;
      cost: number;
      disc: string | null;
      fromStation: string | null;
      recorded?: true;
    }
  /** The herder goes back to the start after a delivery. */
  | { type: 'HERDER_RESET'; seat: Seat }
  /**
   * The end (D20): `seat` added `added` of its deck's objective cards to its objective area and
   * `removed` the others from the game.
   */
  | { type: 'FINAL_OBJECTIVES_CHOSEN'; seat: Seat; added: CardId[]; removed: CardId[] }
  /** After the final round, `seat` decides which objective cards of its deck join its area (D20). */
  | { type: 'FINAL_OBJECTIVES_ASKED'; seat: Seat }
  /** The job-market token left the market in `seat`'s Kansas City visit: the final round (agenda.ts). */
  | { type: 'FINAL_ROUND_STARTED'; seat: Seat }
  /** The previous turn is over and `seat`'s begins, the game's `turn`-th (agenda.ts derives its stage and first decision). */
  | { type: 'TURN_STARTED'; seat: Seat; turn: number }
  /** Phase B begins at `location`: after phase A's move, or anew after a move forward in phase B. */
  | { type: 'PHASE_B_STARTED'; seat: Seat; location: string }
  /** Local action `index` of the visited location was used (agenda.ts derives the decisions it opens). */
  | { type: 'LOCAL_ACTION_USED'; seat: Seat; index: number; recorded?: true }
  /** Auxiliary action `action` (doubled or not): instead of the local actions, or for the icon asked now. */
  | { type: 'AUXILIARY_ACTION_USED'; seat: Seat; action: AuxiliaryActionId; double: boolean }
  /** Option `option` of the "choose one" asked now was chosen (its action follows). */
  | { type: 'OPTION_CHOSEN'; seat: Seat; option: number }
  /** `count` cowboys of the cattle-buying action asked now are used (to buy, or to draw market cards). */
  | { type: 'COWBOYS_USED'; seat: Seat; count: number }
  /** `count` cards of a draw "up to N, then discard as many" are drawn (the draw follows). */
  | { type: 'DRAW_CHOSEN'; seat: Seat; count: number }
  /** Building 6b: the adjacent building at `location` is used (its actions are asked). */
  | { type: 'ADJACENT_BUILDING_USED'; seat: Seat; location: string }
  /** Building 6b: local action `index` of the adjacent building in use. */
  | { type: 'ADJACENT_ACTION_USED'; seat: Seat; index: number }
  /** The decision asked now (`kind`) was declined (SKIP; a Simmental upgrade of none). */
  | { type: 'DECISION_DECLINED'; seat: Seat; kind: string }
  /**
   * Only read from histories stored in event schema 3, never written since: what the sequencing
   * changed in the agenda beyond what that schema's facts explained (agenda.ts `agendaUpdated`).
   */
  | ({ type: 'AGENDA_UPDATED' } & AgendaUpdate)
  /**
   * Only read from histories stored before event schema 3, never written: the control state their
   * `FLOW` event recorded after each decision (upcasters.ts).
   */
  | {
      type: 'AGENDA_RESTORED';
      turn: TurnState;
      endTriggeredBy: Seat | null;
      finalTurns: Seat[];
      turnNumber: number;
    }
  /**
   * The game is over (the last final turn ended), with its result (result.ts). The result is null
   * only in games stored before event schema 2, whose FLOW said `over` (the result is the state's).
   */
  | { type: 'GAME_ENDED'; result: GameResult | null };

export type GwtEventType = GwtEvent['type'];

/** Sizes of what a redacted GAME_STARTED leaves out (by seat / bag index). */
export interface HiddenCounts {
  hands: number[];
  drawPiles: number[];
  bags: number[];
  cattleDeck: number;
  objectiveDeck: number;
}
