/**
 * Events (SCREAMING types). Each carries what a person needs to audit the game by hand: dice,
 * firepower, prices, income computations. All are facts but `FLOW`, the engine's control state
 * (the open prompt and the automatic steps still to run): `evolve` derives the flow from the facts
 * (agenda.ts), and `decide` appends a FLOW only where that derivation does not reach (event schema
 * 2; before it, every decision ended with one).
 *
 * Compact addressing in events (the view and commands use `{ c, r }` and `{ dir, x, y }`):
 * - a parcel is its index `(r - 1) * 8 + (c - 1)` (0 = north-west corner, 63 = south-east);
 * - a road edge is `y * 8 + x` for H(x, y) and `72 + y * 9 + x` for V(x, y) (data/board.ts);
 * - a location key is `A:<action>`, `P:<parcel>` (parcel to buy) or `B:<parcel>` (building).
 */
import type { GameResult, Seat } from '../engine';
import type { BuildingType } from './data/buildings';
import type { Side } from './data/personalities';
import type { CardLetter, SoloPersonality } from './modules/solo/solo';
import type { Sheet } from './modules/anb/anb';
import type { CarsonOptions, FinalScore, Flow, LocKey, StableNo, TileState } from './state';

export interface DuelParticipant {
  seat: Seat;
  /** Combat dice counted (two with dynamite); empty under Might is Right. */
  dice: number[];
  /** A New Beginning, Marksman: every die rolled, in pairs; `dice` keeps the better of each pair. */
  rolled?: number[];
  /** Might is Right (§10.3): the duel tiles played instead of dice (two with dynamite). */
  tiles?: number[];
  firepower: number;
  total: number;
}

export type CarsonEvent =
  | {
      type: 'GAME_STARTED';
      options: CarsonOptions;
      seatCount: number;
      firstOrder: Seat[];
      tiles: TileState[];
      bag: Record<BuildingType, number>;
      /** Preset squares (Ranch $3/$10, Mine $4/$12). */
      track: (BuildingType | null)[];
      /** Solo (§11): Standish's internal seat, solo personality and deck (a multiset). */
      solo?: { standish: Seat; personality: SoloPersonality; deck: CardLetter[] };
      /**
       * Event schema 2: the version of agenda.ts's rules by which the facts move the flow on in
       * this game (1); absent in games started before, whose flow only FLOW events set.
       */
      agenda?: number;
    }
  /** Carson River (§10.2): the river parcels (flow order) and the mountains to place. */
  | { type: 'RIVER_PLACED'; board: 'RIVER_SIDE' | 'TILES'; parcels: number[]; mountains: number }
  /** `rerolled`: earlier rolls that hit a river parcel (§10.2), when any. */
  | {
      type: 'TOWN_CENTRE_PLACED';
      white: number;
      black: number;
      parcel: number;
      roads: number[];
      rerolled?: number[][];
    }
  | { type: 'MOUNTAIN_PLACED'; rolls: number[][]; parcel: number }
  /** A building leaves the bag; square null = not onto the track (Town Hall, personality takes). */
  | { type: 'BUILDING_DRAWN'; square: number | null; building: BuildingType; reason: string }
  | { type: 'TRACK_SHIFTED'; track: (BuildingType | null)[] }
  /** `rolls`: the basic dice rolled to find the parcel (Indian), else empty. */
  | { type: 'PARCEL_CLAIMED'; seat: Seat; parcel: number; price: number; reason: string; rolls: number[][] }
  | { type: 'DICE_ROLLED'; seat: Seat; purpose: string; dice: number[] }
  | { type: 'ROUND_STARTED'; round: number; pickOrder: Seat[] }
  /** `greatService`: the second tile of A New Beginning's Great service done (§10.1). */
  | {
      type: 'CHARACTER_PICKED';
      seat: Seat;
      personality: number;
      side: Side;
      paperboy: boolean;
      greatService?: true;
    }
  /**
   * A New Beginning (§10.1): `seat` handed in its sheet. SECRET until the reveal: for any other
   * viewer `redact` blanks `sheet` to null.
   */
  | { type: 'SHEET_SEALED'; seat: Seat; sheet: Sheet | null }
  /** A New Beginning: all sheets, revealed together, and their totals (money = $50 − total). */
  | { type: 'SHEETS_REVEALED'; sheets: (Sheet | null)[]; totals: (number | null)[] }
  /** A New Beginning, Marksman: the die (dice with dynamite) he keeps in the duel at `loc`. */
  | { type: 'DUEL_DIE_KEPT'; seat: Seat; loc: LocKey; dice: number[] }
  /**
   * A New Beginning: the first-player bids, the tie-break dice (one list per roll-off), the
   * winner and the round-1 order (winner first, the others at random).
   */
  | {
      type: 'FIRST_PLAYER_SET';
      bids: number[];
      rolls: { seat: Seat; die: number }[][];
      winner: Seat;
      order: Seat[];
    }
  | { type: 'TURN_ORDER_SET'; turnOrder: Seat[] }
  | {
      type: 'COWBOY_PLACED';
      seat: Seat;
      loc: LocKey;
      white: boolean;
      noDuel: boolean;
      dynamite: boolean;
      extra: boolean;
      /** Kit Carson (§10.4): sequence number of the accepted command in this round's Phase 2. */
      seq?: number;
      /**
       * Horses, stable 2 (§10.6): the cowboy moved from another location (its COWBOY_RETURNED
       * `STABLE_2` precedes); agenda rules 3 open the next turn after it. Absent in older events.
       */
      moved?: true;
    }
  /** A pass; with Kit Carson a lock (`seq` when sent as a command, §10.4). */
  | { type: 'PASSED'; seat: Seat; position: number; automatic: boolean; seq?: number }
  /** Kit Carson (§10.4): a placed cowboy (with its markers, as flagged) moved from `from` to `to`. */
  | {
      type: 'COWBOY_RELOCATED';
      seat: Seat;
      from: LocKey;
      to: LocKey;
      white: boolean;
      noDuel: boolean;
      dynamite: boolean;
      extra: boolean;
      seq: number;
    }
  /**
   * Kit Carson (§10.4): a placed cowboy taken back, undoing its placement: the cowboy to the
   * personal reserve (white: the Sheriff's reserve; extra: the general reserve, the red Singer's
   * extra cowboy usable again), its no-duel and dynamite markers back to the player.
   */
  | {
      type: 'COWBOY_WITHDRAWN';
      seat: Seat;
      loc: LocKey;
      white: boolean;
      noDuel: boolean;
      dynamite: boolean;
      extra: boolean;
      seq: number;
    }
  | { type: 'PLACEMENT_ENDED'; passTrack: Seat[] }
  /** `bridge`: a bridge over the Carson River, 2 roads from the placer's reserve (§10.2). */
  | {
      type: 'ROAD_PLACED';
      seat: Seat | null;
      edge: number;
      newlyConnected: number[];
      fromReserve: boolean;
      bridge?: true;
    }
  | { type: 'ROADS_GAINED'; seat: Seat; count: number; reason: string }
  | { type: 'MONEY'; seat: Seat; delta: number; reason: string }
  | { type: 'VP'; seat: Seat; delta: number; reason: string }
  /** Cowboys from (count > 0) or to (count < 0) the general reserve. */
  | { type: 'COWBOYS_GAINED'; seat: Seat; count: number; reason: string }
  | { type: 'REVOLVERS_GAINED'; seat: Seat; count: number; reason: string }
  | { type: 'DYNAMITE_GAINED'; seat: Seat; count: number }
  | { type: 'DUEL'; loc: LocKey; participants: DuelParticipant[]; winner: Seat; losers: Seat[] }
  /**
   * Several duels in one step (§13 #9): the chooser's next duel (agenda rules 3 open it from
   * this fact; older games recorded nothing here, the duel's own events or a FLOW followed).
   */
  | { type: 'DUEL_ORDER_CHOSEN'; seat: Seat; step: 'PARCELS' | 'ESTATE'; loc: LocKey }
  /** One cowboy leaves a location: GENERAL after acting or declining, RESERVE when sent back. */
  | {
      type: 'COWBOY_RETURNED';
      seat: Seat;
      loc: LocKey;
      to: 'GENERAL' | 'RESERVE';
      white: boolean;
      reason: string;
    }
  | { type: 'COWBOY_MOVED'; seat: Seat; to: LocKey; paid: number }
  | { type: 'THREE_GUNS_TAKEN'; seat: Seat | null; reason: string }
  | {
      type: 'BUILDING_BOUGHT';
      seat: Seat;
      from: 'TRACK' | 'BAG';
      square: number | null;
      building: BuildingType;
      price: number;
      reason: string;
    }
  | {
      type: 'BUILDING_BUILT';
      seat: Seat;
      building: BuildingType;
      parcel: number;
      houses: { parcel: number; town: boolean }[];
    }
  | { type: 'CONSENT_ANSWERED'; seat: Seat; requester: Seat; parcel: number; accept: boolean }
  /**
   * Agenda rules 3 (§5.5, §5.6): the choices of a construction, facts from which `evolve` moves
   * the flow on (games of rules 1 and 2 recorded nothing here). STARTED: a pending building put on
   * `parcel` (its Houses follow); HOUSE_CHOSEN: the next House or Town House asked for (a CONSENT
   * follows on another player's parcel); CANCELLED: the build given up, back to the building
   * choice; PENDING_KEPT: the seat keeps its buildings pending (the window passes it).
   */
  | { type: 'BUILD_STARTED'; seat: Seat; building: BuildingType; parcel: number }
  | { type: 'HOUSE_CHOSEN'; seat: Seat; parcel: number; town: boolean }
  | { type: 'BUILD_CANCELLED'; seat: Seat; building: BuildingType; parcel: number }
  | { type: 'PENDING_KEPT'; seat: Seat }
  /**
   * Agenda rules 3: a DECLINE_ACTION that no other fact records (a parcel, building or VP
   * purchase, an optional parcel, a building take, a Doctor's move, Great service done): the
   * prompt's kind and purpose.
   */
  | { type: 'ACTION_DECLINED'; seat: Seat; prompt: string; purpose?: string }
  /** Agenda rules 3: a parcel of the yellow Auctioneer's lot (§9.2 #12; the first, then the second). */
  | { type: 'AUCTION_PARCEL_CHOSEN'; seat: Seat; parcel: number }
  | { type: 'TOWN_HALL_PLACED'; seat: Seat; parcel: number; roads: number[] }
  | { type: 'TOWN_HALL_OCCUPIED'; seat: Seat; previous: Seat | null }
  | {
      type: 'INCOME';
      owner: Seat;
      parcel: number;
      building: BuildingType;
      /** Income level: formula + Town Hall level, capped. */
      base: number;
      multiplier: number;
      amount: number;
      attacker: Seat | null;
      stolen: number;
      received: number;
      /** Outlaws: an undefeated outlaw on the building, the owner received floor(amount / 2) (§5.7 4.3). */
      outlaw?: boolean;
    }
  | { type: 'OPTION_CHOSEN'; seat: Seat; purpose: string; option: string }
  /** Buy-VP square: `count` VP at `price` each, `paid` = count x price. */
  | { type: 'VP_BOUGHT'; seat: Seat; count: number; price: number; paid: number }
  | { type: 'GROCER_DOUBLED'; seat: Seat; building: BuildingType }
  | { type: 'MINE_DYNAMITED'; seat: Seat; parcel: number }
  | { type: 'BID_PLACED'; seat: Seat; amount: number }
  | { type: 'BIDDER_OUT'; seat: Seat }
  | { type: 'CASH_SPENT'; seat: Seat; amount: number; cashLimit: number; vp: number }
  | { type: 'ROUND_ENDED'; round: number }
  | { type: 'ROUND_CLEANUP'; round: number }
  /** `reason` INFLUENTIAL: turned by A New Beginning's Influential connections (§10.1). */
  | { type: 'TILE_FLIPPED'; id: number; side: Side; reason?: string }
  /**
   * The end of the game (§8): the score sheets, the ranking and the game's result (as
   * `engine.result` reads it from the state; null in games stored before event schema 2).
   */
  | { type: 'GAME_ENDED'; scores: FinalScore[]; ranking: Seat[]; result: GameResult | null }
  // ---- Horses (§10.6)
  /** A horse from the general supply into the personal supply (SETUP, COWBOY = yellow tile 15). */
  | { type: 'HORSE_GAINED'; seat: Seat; reason: 'SETUP' | 'COWBOY' }
  /** Wages: a cowboy pays `price` for a horse instead of receiving $4; it goes into `stable` at once. */
  | { type: 'HORSE_BOUGHT'; seat: Seat; price: number; stable: StableNo }
  /** Phase 2: a horse from the personal supply into `stable`. */
  | { type: 'HORSE_STABLED'; seat: Seat; stable: StableNo }
  /**
   * Phase 2: offered a stable after a placement, the seat keeps its horses in its supply (agenda
   * rules 2 move the flow on from it; games of rules 1 recorded nothing here).
   */
  | { type: 'HORSE_KEPT'; seat: Seat }
  /** Stable 2's immediate choice (the moves and placements follow as their own events). */
  | { type: 'STABLE_TWO_CHOSEN'; seat: Seat; choice: 'EXTRA_COWBOY' | 'MOVE_COWBOY' | 'PASS' | 'NOTHING' }
  /** Stable 3: these Ranches of `seat` are doubled this round (one per horse there). */
  | { type: 'RANCHES_DOUBLED'; seat: Seat; parcels: number[] }
  /**
   * The rodeo: every seat's score with its per-stable lines; `winner` takes a rodeo marker
   * (null: nobody scored or no marker left).
   */
  | { type: 'RODEO'; round: number; scores: RodeoScore[]; winner: Seat | null }
  /** After the rodeo, a seat's stabled horses go back to its personal supply. */
  | { type: 'HORSES_RETURNED'; seat: Seat; count: number }
  /**
   * Might is Right (§10.3). Tile values are secret: `redact` replaces `tiles` with null for every
   * viewer but `seat` (counts and the announced total stay public).
   * DEALT: the setup deal; `total` is announced (3-6 players) and sets the starting money.
   */
  | { type: 'DUEL_TILES_DEALT'; seat: Seat; tiles: number[] | null; total: number }
  /** Drawn at random from the common pile by a seat that ran out (§10.3 step 6). Secret values. */
  | { type: 'DUEL_TILES_DRAWN'; seat: Seat; tiles: number[] | null; count: number }
  /** A sealed choice for the duel at `loc` (secret values until DUEL_TILES_REVEALED / DUEL). */
  | { type: 'DUEL_TILES_CHOSEN'; seat: Seat; loc: LocKey; tiles: number[] | null; count: number }
  /**
   * A New Beginning's Marksman with Might is Right (§10.1): his last 2 tiles go to the common pile
   * (secret values, like a draw); a DUEL_TILES_DRAWN of up to 5 follows.
   */
  | { type: 'DUEL_TILES_DISCARDED'; seat: Seat; tiles: number[] | null; count: number }
  /** All sealed choices of the duel are shown together (before the red Gunsmith chooses). */
  | { type: 'DUEL_TILES_REVEALED'; loc: LocKey; choices: { seat: Seat; tiles: number[] }[] }
  /** Solo (§11.3): Standish draws a card (`reshuffled`: his discards became the deck first). */
  | { type: 'SOLO_CARD_DRAWN'; card: CardLetter; reshuffled: boolean; strength: number }
  /**
   * Solo: one step of a Standish card, for the audit trail: what the card asked for and what the
   * engine chose (`loc`, or null when nothing was possible) and why.
   */
  | { type: 'SOLO_CARD_STEP'; card: CardLetter; step: string; loc: LocKey | null; reason: string }
  /** Solo (§11.4 G, §11.6): a Standish cowboy goes onto his solo personality card. */
  | { type: 'SOLO_COWBOY_ON_CARD'; reason: 'DEFEATED' | 'CARD_G'; onCard: number }
  /** Solo (§11.7): his building income (stolen halves included) converted to VP; he keeps no money. */
  | { type: 'SOLO_INCOME_CONVERTED'; round: number; income: number; rate: number; vp: number }
  /**
   * Solo (§11.8): end of round: the card cowboys return, the player's personality(ies) are
   * discarded for the game, the revealed cards go to the discard (all 12 back to the deck after X).
   */
  | {
      type: 'SOLO_ROUND_END';
      round: number;
      returned: number;
      discardedTiles: number[];
      reshuffleAll: boolean;
    }
  // ---- Outlaws (§10.5)
  /** Start of rounds 2-4: `roller` (first on the pass track) rolls; strength = black + 7, count by white. */
  | {
      type: 'OUTLAWS_ARRIVED';
      round: number;
      roller: Seat;
      black: number;
      white: number;
      strength: number;
      count: number;
      vp: number;
    }
  /** A figure placed: every roll of the basic dice, with why it was rolled again (outlaw there, Prison adjacent). */
  | {
      type: 'OUTLAW_PLACED';
      id: number;
      parcel: number;
      rolls: { white: number; black: number; parcel: number; reroll: 'OUTLAW' | 'PRISON' | null }[];
    }
  /** An outlaw on a Prison goes to the supply; the Prison's owner gains `vp` (a VP event follows, §13 #29). */
  | { type: 'OUTLAW_JAILED'; id: number; parcel: number; owner: Seat | null; vp: number }
  /** End of Phase 1: the buildings it considered with their income, ties drawn among `tied`. */
  | {
      type: 'OUTLAW_MOVED';
      id: number;
      from: number;
      to: number;
      reason: 'NO_INCOME' | 'ALREADY_HIGHEST' | 'HIGHEST_INCOME';
      candidates: { parcel: number; income: number }[];
      tied: number[];
    }
  /** A fight: the outlaw never rolls; `winner` null = the outlaw won and stays. Losers go to their reserves. */
  | {
      type: 'OUTLAW_FIGHT';
      id: number;
      parcel: number;
      loc: LocKey;
      strength: number;
      participants: DuelParticipant[];
      winner: Seat | null;
      losers: Seat[];
    }
  | { type: 'FLOW'; flow: Flow };

/** One seat's rodeo score: Σ horses x hat, x2 with a cowboy in the stable (§10.6). */
export interface RodeoScore {
  seat: Seat;
  stables: { stable: StableNo; horses: number; hat: number; cowboy: boolean; points: number }[];
  score: number;
}

export type CarsonEventType = CarsonEvent['type'];
