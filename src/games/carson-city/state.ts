/**
 * Carson City state: plain JSON (engine.ts). The base game has no hidden information: everything
 * here is public except the order of the building bag, which does not exist (the bag is a multiset
 * of counts and each draw is made by `decide` from the Rng when it happens, so no event or state
 * ever holds a future bag order). Two modules have secrets: Might is Right (§10.3): the duel
 * tiles in each hand and the sealed tile choices (`might`), and A New Beginning (§10.1): the
 * sealed sheets before their reveal (`anb.sheets`); `view`/`redact` hide them from the other
 * seats. Might is Right's draw pile is a multiset too (no order exists before a draw).
 */
import type { Seat } from '../engine';
import type { ActionId, StepId } from './data/actions';
import type { BuildingType } from './data/buildings';
import type { ParcelRef } from './data/board';
import type { PersonalitySetName, Side, TileSpec } from './data/personalities';
import type { CardLetter, SoloOptions, SoloPersonality, Strategy } from './modules/solo/solo';
import type { AnbState } from './modules/anb/anb';
import type { OutlawDataSource } from './modules/outlaws/outlaws';
import type { MODULES } from './data/modules';

/** One of the six modules (§10); they combine freely. */
export type ModuleName = (typeof MODULES)[number];

/**
 * The Carson River's shape (§10.2): the river side of the board (RIVER_SIDE, a fixed course:
 * data/river.ts RIVER_SIDE_COURSE) or river tiles on the normal side along a course the players
 * agreed (TILES). `course` lists the river parcels in flow order, edge to edge.
 */
export interface RiverOption {
  board: 'RIVER_SIDE' | 'TILES';
  course: ParcelRef[];
}

export interface CarsonOptions {
  /** FULL = the 38 buildings; FIRST_GAME = the recommended 26 (§3 step 2). */
  buildings: 'FULL' | 'FIRST_GAME';
  /**
   * Personality set: one of the rulebook's suggested sets (§9.3), RANDOM (7 random tiles with
   * random sides, 8 when the Paperboy is drawn), or LIST with `tiles` given explicitly.
   */
  personalitySet: PersonalitySetName | 'RANDOM' | 'LIST';
  /** With LIST: the tiles and their sides (7 tiles, 8 when the Paperboy is among them). */
  tiles: TileSpec[];
  /** Modules in play (§10); default none. */
  modules: ModuleName[];
  /** With CARSON_RIVER: the river's shape (default the river side of the board), else null. */
  river: RiverOption | null;
  /**
   * Horses: rodeo value ("hat") of stable 3, which the rulebook does not print (§13 #30:
   * configurable, default 2). Ignored without HORSES.
   */
  stable3RodeoValue: number;
  /**
   * Outlaws: VP of the outlaw tiles by strength 8..13 (index 0 = strength 8). Not printed in the
   * sources (§13 #28): configurable, default outlaws.ts DEFAULT_OUTLAW_VP. Ignored without OUTLAWS.
   */
  outlawVP: number[];
  /**
   * Outlaws only (absent otherwise): derived from `outlawVP`, PLACEHOLDER while it is the invented
   * default (§13 #28), CONFIGURED when a table was given; accepted again only as derived. Games
   * from before the flag lack it (read it with outlaws.ts `outlawDataSource(outlawVP)`).
   */
  outlawVPSource?: OutlawDataSource;
  /**
   * Solo mode (§11): 1 seat against Jeb Standish, the engine's automaton, with this strategy
   * card, and the solo data (§13 #36) it plays with. Null in a normal game. Games started before
   * the data were configurable hold only `{ strategy }` (read the data with `soloData`: the
   * placeholders).
   */
  solo?: ({ strategy: Strategy } & Partial<Omit<SoloOptions, 'strategy'>>) | null;
}

/**
 * Solo mode (§11). Standish is an internal seat (`standish`, = 1) that never gets a prompt: the
 * engine plays his cowboy cards. His deck is a multiset (sorted): each draw picks uniformly among
 * the cards left, so no future order exists (like the building bag).
 */
export interface SoloState {
  strategy: Strategy;
  personality: SoloPersonality;
  standish: Seat;
  /** Cards left in his deck (sorted; no order). */
  deck: CardLetter[];
  /** His discards from earlier rounds (sorted). */
  discard: CardLetter[];
  /** Cards revealed this round, in draw order (their power is his strength, §11.6). */
  revealed: CardLetter[];
  /** Defeated Standish cowboys on his solo personality card this round (§11.6). */
  onCard: number;
  /** Bridges he built (Carson River: at most one per game, §10.2). */
  bridges: number;
}

/** The Outlaws module (§10.5); null on the state when not in play. */
export interface OutlawsState {
  /** Strength of the current outlaw tile (8..13), null before the first arrival. */
  strength: number | null;
  /** Figures left in the general supply (9 in the box). */
  supply: number;
  /** Outlaws on the board, oldest first. */
  figures: { id: number; parcel: number }[];
  /** Id of the next figure placed. */
  nextId: number;
}

/** A stable of the Horses player board, 1..5 (§10.6). */
export type StableNo = 1 | 2 | 3 | 4 | 5;

/** One player's horses (§10.6). Stable cowboys are placements at `S:<stable>` of that seat. */
export interface HorsePlayer {
  /** Horses in the personal supply (not in a stable). */
  supply: number;
  /** Horses in stables 1..5 (index 0 = stable 1) this round; they go back at the rodeo. */
  stables: number[];
  /** Rodeo markers won. */
  markers: number;
}

/** The Horses module (§10.6); null on the state when the module is not in play. */
export interface HorsesState {
  /** Horses left in the general supply (25 markers in all, §1). */
  supply: number;
  /** Rodeo markers still on the round marker (4 at setup). */
  markersLeft: number;
  players: HorsePlayer[];
}

/**
 * What stands on a parcel (the property tile is `owner`). RIVER: a river parcel (§10.2), never
 * owned and never holding anything else; it counts as occupied for the Town House condition but
 * as free for Ranch income and adds nothing to parcel prices (rules.ts).
 */
export type Content = 'MOUNTAIN' | 'HOUSE' | 'TOWN_HOUSE' | 'RIVER' | BuildingType | null;

export interface ParcelState {
  owner: Seat | null;
  content: Content;
}

/**
 * Location keys of cowboys on the board: `A:<ActionId>` (action square), `P:<index>` (unowned
 * parcel to buy), `B:<index>` (a building: attack, defence or the Town Hall). Horses: `S:<1..5>`
 * is a stable of the placement's own seat (off the board, §10.6).
 */
export type LocKey = string;

export interface Placement {
  seat: Seat;
  loc: LocKey;
  /** The Sheriff's white cowboy (yellow Sheriff). */
  white: boolean;
  /** Carries a Singer no-duel marker. */
  noDuel: boolean;
  /** Carries a dynamite marker (two combat dice if a duel happens here). */
  dynamite: boolean;
  /** The red Singer's extra cowboy taken from the general reserve. */
  extra: boolean;
}

export interface HeldTile {
  id: number;
  side: Side;
  /** A New Beginning: the second tile taken with Great service done (§10.1). */
  second?: true;
}

export interface PlayerState {
  money: number;
  vp: number;
  /** Cowboys of the player's colour in the personal reserve (never above 10, §13 #19). */
  reserve: number;
  revolvers: number;
  roads: number;
  /** Bought, not yet built (§5.6). */
  pending: BuildingType[];
  dynamite: number;
  /** Personality tiles held this round (the Paperboy first, then the tile it took). */
  held: HeldTile[];
  /** Singer no-duel markers left this round. */
  noDuel: number;
  white: 'NONE' | 'RESERVE' | 'PLACED';
  /** Grocer/Settler "later" choices and the like, per round. */
  flags: string[];
  /** Building type doubled by the yellow Grocer at building income, if chosen. */
  doubled: BuildingType | null;
  /** Mines dynamited for income this round (parcel indexes). */
  dynamitedMines: number[];
  /** Money this player received from its own buildings at this round's building income (Editor). */
  ownIncome: number;
}

export interface TileState {
  id: number;
  /** Side of the tile for this game (EITHER: the holder chooses when taking it). */
  side: Side | 'EITHER';
  takenBy: Seat | null;
}

export type Phase = 'DRAFT' | 'PICK' | 'PLACEMENT' | 'RESOLVE' | 'END_OF_ROUND' | 'GAME_OVER';

/** Automatic steps still to run, first first (flow.ts). */
export type Task =
  | { t: 'DRAFT'; seat: Seat }
  | { t: 'ROUND_START' }
  | { t: 'PICK'; seat: Seat }
  | { t: 'PICKS_DONE' }
  /** A New Beginning (§10.1): open the sheets to every seat at once; reveal them when all are in. */
  | { t: 'SHEETS' }
  | { t: 'REVEAL_SHEETS' }
  /** A New Beginning: offer Great service done to its users in turn order, then one seat. */
  | { t: 'GREAT_SERVICE_OFFERS' }
  | { t: 'GREAT_SERVICE'; seat: Seat }
  | { t: 'PLACE_TURN'; index: number }
  /** Kit Carson (§10.4): open (or re-open) the simultaneous placement; `seq` = last used. */
  | { t: 'KIT_SESSION'; seq: number }
  | { t: 'STEP'; step: StepId }
  | { t: 'PERFORM'; seat: Seat; action: ActionId }
  | { t: 'WINDOW'; queue: Seat[] }
  | { t: 'DUELS'; step: 'PARCELS' | 'ESTATE'; chooser: Seat | null }
  | { t: 'PARCEL_BUYS' }
  | { t: 'BUY_PARCEL'; seat: Seat; parcel: number }
  | { t: 'OPEN_PLACE_BUILDING'; seat: Seat; only: BuildingType | null }
  | { t: 'EDITOR' }
  | { t: 'ESTATE_CHOICES' }
  | { t: 'ESTATE_PAY' }
  | { t: 'EOR_PERSONALITIES' }
  | { t: 'EOR_COWBOYS' }
  | { t: 'EOR_CASH'; queue: Seat[] }
  | { t: 'EOR_TRACK' }
  | { t: 'REFILL' }
  | { t: 'FINAL' }
  /** Horses: one seat's cowboys on Wages (resolved in pass order, §10.6). */
  | { t: 'WAGES'; seat: Seat; count: number }
  /** Horses: the rodeo, first step of Phase 4 (§7 step 1, §10.6). */
  | { t: 'RODEO' }
  | { t: 'PERSONALITY'; id: number; seat: Seat; stage: string; data: number[] }
  /** Might is Right (§10.3): a duel fought with duel tiles (sealed choices, then the reveal). */
  | { t: 'TILE_DUEL'; duel: TileDuel }
  /** Solo (§11.8): Standish's end of round (card VP, card cowboys back, tiles and cards discarded). */
  | { t: 'SOLO_EOR' }
  /** Outlaws (§10.5): arrival at the start of rounds 2-4, movement at the end of Phase 1. */
  | { t: 'OUTLAW_ARRIVAL' }
  /** `remaining`: outlaws still to move (null: all on the board). */
  | { t: 'OUTLAW_MOVES'; remaining: number[] | null }
  /** Outlaws: the fights just before building income (§5.7 step 1), then the rest of step 16. */
  | { t: 'OUTLAW_FIGHTS' }
  | { t: 'OUTLAW_REWARD'; seat: Seat; parcel: number; loc: LocKey; canAttack: boolean }
  | { t: 'ESTATE_MAIN' }
  /** A New Beginning (§10.1): a duel with a Marksman, a task so that he can choose his dice. */
  | { t: 'MARKSMAN_DUEL'; duel: MarksmanDuel };

/**
 * A New Beginning: a dice duel with at least one Marksman (public: every die is rolled openly).
 * `rolls[i]` are the dice of `seats[i]` (a Marksman's in pairs, one pair per die he needs);
 * `kept[i]` the dice that count, null while that Marksman still chooses.
 */
export interface MarksmanDuel {
  loc: LocKey;
  seats: Seat[];
  then: TileDuel['then'];
  rolls: number[][];
  kept: (number[] | null)[];
}

/**
 * A Might is Right duel in progress (public: who duels where, what follows; the tiles chosen are
 * in `CarsonState.might.chosen`, which only their owner sees before the reveal).
 */
export interface TileDuel {
  loc: LocKey;
  /** Participants in pass order (ties go to the earliest, §5.2 step 4). */
  seats: Seat[];
  /** What follows: the winner performs `action`, the Town Hall changes hands, or nothing. */
  then:
    | { kind: 'PERFORM'; action: ActionId }
    | { kind: 'TOWN_HALL'; previous: Seat | null }
    | { kind: 'NONE' }
    /** Outlaws with Might is Right: a fight against outlaw `id` (never plays a tile, §13 #34). */
    | { kind: 'OUTLAW'; id: number; parcel: number; strength: number };
  /** The sealed choices of the seats other than the red Gunsmith have been revealed. */
  revealed: boolean;
  /**
   * A New Beginning's Marksmen already asked whether to discard their last 2 tiles in this duel
   * (§10.1); absent = none.
   */
  discardAsked?: Seat[];
}

/** Might is Right (§10.3): duel tiles, values 0..5. Hidden parts: `hands` and `chosen`. */
export interface MightState {
  /** Each seat's tiles (values, ascending). Secret: only the owner sees them. */
  hands: number[][];
  /** Tiles chosen for the duel in progress, not yet revealed (sealed commit). Secret. */
  chosen: number[][];
  /**
   * The common discard pile, which is also the draw pile, as counts per value 0..5. Shown only
   * as a size: draws are secret, so after one its content is no longer known to the others.
   */
  pile: number[];
  /** Each seat's announced starting total (public, §10.3: "cada jogador anuncia o total"). */
  announced: number[];
}

export interface PendingBuild {
  building: BuildingType;
  parcel: number;
  needed: number;
  houses: { parcel: number; town: boolean }[];
  refused: number[];
  mode: 'PURCHASE' | 'WINDOW';
}

/** The decision one seat must make now, with what the engine needs to continue. */
export type PromptState =
  | { seat: Seat; kind: 'CHOOSE_STARTING_PARCEL' }
  /**
   * A New Beginning (§10.1): simultaneous and secret. Every seat in `waiting` may hand in its
   * sheet now, in any order (`seat` is the first of them, for single-prompt callers).
   */
  | { seat: Seat; kind: 'FILL_SHEET'; waiting: Seat[] }
  /** A New Beginning: Great service done, take a second personality or decline (keep it). */
  | { seat: Seat; kind: 'GREAT_SERVICE'; tiles: number[] }
  | { seat: Seat; kind: 'PICK_CHARACTER'; paperboy: boolean }
  | { seat: Seat; kind: 'PLACE_COWBOY'; index: number }
  /**
   * Kit Carson (§10.4): simultaneous placement. Every seat of `seats` (the players who have not
   * locked, in turn order) is prompted at once; `seat` is `seats[0]`. `seq` is the sequence
   * number of the last accepted placement command of this round (the next one gets seq + 1).
   */
  | { seat: Seat; kind: 'KIT_PLACEMENT'; seats: Seat[]; seq: number }
  | { seat: Seat; kind: 'CHOOSE_DUEL_ORDER'; step: 'PARCELS' | 'ESTATE'; locs: LocKey[] }
  | { seat: Seat; kind: 'BUY_PARCEL'; parcel: number; price: number }
  | { seat: Seat; kind: 'BUY_BUILDING'; square: number; building: BuildingType; price: number }
  | {
      seat: Seat;
      kind: 'PLACE_BUILDING';
      mode: 'PURCHASE' | 'WINDOW';
      only: BuildingType | null;
      /**
       * Parcels whose owners refused a House earlier in this window: a cancelled build must not
       * be offered the same refused spots again (else ask/refuse/cancel could loop forever).
       */
      refused?: number[];
    }
  | { seat: Seat; kind: 'PLACE_HOUSE'; build: PendingBuild }
  | {
      seat: Seat;
      kind: 'CONSENT';
      requester: Seat;
      build: PendingBuild;
      house: { parcel: number; town: boolean };
    }
  | { seat: Seat; kind: 'BUY_VP'; price: number }
  | { seat: Seat; kind: 'SPEND_CASH'; min: number; max: number }
  | { seat: Seat; kind: 'PLACE_TOWN_HALL' }
  /** `duel`: the tile duel that continues after the answer (MARKSMAN_DISCARD only). */
  | { seat: Seat; kind: 'CHOOSE_OPTION'; purpose: string; options: string[]; duel?: TileDuel }
  | { seat: Seat; kind: 'CHOOSE_PARCEL'; purpose: string; parcels: number[]; optional: boolean }
  | { seat: Seat; kind: 'TAKE_BUILDING'; purpose: string; squares: number[] }
  | { seat: Seat; kind: 'BID'; auction: Auction }
  | { seat: Seat; kind: 'MOVE_COWBOY'; actions: ActionId[] }
  /**
   * Horses, Phase 2: after a cowboy placement, optionally put a horse from the personal supply
   * into a stable (§10.6). `index` = the placement turn to continue from.
   */
  | { seat: Seat; kind: 'STABLE_HORSE'; index: number }
  /** Horses, Phase 2: a horse just went into stable 2: extra cowboy, move one, pass, or nothing. */
  | { seat: Seat; kind: 'STABLE_TWO'; index: number }
  /** Horses, Wages: pay $4 for a horse (straight into a stable) instead of receiving $4. */
  | { seat: Seat; kind: 'BUY_HORSE'; price: number }
  /**
   * Might is Right (§10.3): every seat in `waiting` chooses its duel tile(s) at once (a sealed
   * commit: `seat` is `waiting[0]`, but each waiting seat may answer, in any order). `need[i]` is
   * how many tiles `waiting[i]` still has to choose (2 with dynamite). `late`: the red Gunsmith
   * choosing after the others' tiles were revealed.
   */
  /** A New Beginning, Marksman (§10.1): keep one die of each pair rolled (`options`, ascending). */
  | { seat: Seat; kind: 'CHOOSE_DUEL_DIE'; duel: MarksmanDuel; options: number[][] }
  | { seat: Seat; kind: 'CHOOSE_DUEL_TILE'; waiting: Seat[]; need: number[]; late: boolean; duel: TileDuel };

export interface Auction {
  auctioneer: Seat;
  lot: 'PARCELS' | 'THREE_GUNS';
  parcels: number[];
  bid: number;
  bidder: Seat | null;
  /** Players still in, in bidding order starting after the current one. */
  active: Seat[];
  /** Index into `active` of the player to act. */
  turn: number;
}

export interface Flow {
  phase: Phase;
  tasks: Task[];
  prompt: PromptState | null;
  /** Index into STEPS of the resolution step in progress (Phase 3), else -1. */
  step: number;
}

export interface FinalScore {
  seat: Seat;
  vpDuringPlay: number;
  money: number;
  possessions: number;
  /** Carson River: +1 VP per possession adjacent to a bridge (3 VP instead of 2, §10.2). */
  bridges: number;
  teacher: number;
  trainStation: number;
  /** Kit Carson: +1 VP per player behind on the final round's pass-order track (§8, §10.4). */
  kitCarson: number;
  /** Horses: horses x (1 + rodeo markers) (§8 item 3); 0 without the module. */
  horses: number;
  /** Solo: Standish's strategy card bonus (§11.8); absent otherwise. */
  strategyBonus?: number;
  total: number;
}

export interface CarsonState {
  options: CarsonOptions;
  seatCount: number;
  round: number;
  parcels: ParcelState[];
  /** Road edge ids on the board, ascending. */
  roads: number[];
  centre: number;
  /** Building squares $3..$12 (null = empty). */
  track: (BuildingType | null)[];
  bag: Record<BuildingType, number>;
  players: PlayerState[];
  tiles: TileState[];
  /** Round-1 random order (also the fixed "clockwise" seat order for auctions, §13 #26). */
  firstOrder: Seat[];
  /** Phase 1 pick order of this round. */
  pickOrder: Seat[];
  /** Phase 2 turn order of this round (upper track). */
  turnOrder: Seat[];
  /** The last complete pass-order track (lower track): ties, picks, Town Hall placer. */
  passTrack: Seat[];
  /** Players who passed this round, in order. */
  passed: Seat[];
  placements: Placement[];
  townHall: { parcel: number | null; occupant: Seat | null };
  threeGuns: Seat | null;
  /** Red Auctioneer sold the 3-guns marker: Ammunition is void this round (§13 #27). */
  ammunitionVoid: boolean;
  dynamiteSupply: number;
  /** Set when the Teacher (yellow) holder must pick first next round. */
  teacherFirst: Seat | null;
  flow: Flow;
  final: FinalScore[] | null;
  /** The Horses module (§10.6), null when not in play. */
  horses: HorsesState | null;
  /** Might is Right duel tiles (§10.3); null without the module (older snapshots lack it: read it with `mightOf`). */
  might: MightState | null;
  /** Solo mode (§11); null in a normal game (older snapshots lack it: read it with `soloOf`). */
  solo?: SoloState | null;
  /** Outlaws (§10.5); null without the module (older snapshots lack it). */
  outlaws: OutlawsState | null;
  /** A New Beginning (§10.1): sheets (sealed until the reveal) and powers; null without it. */
  anb: AnbState | null;
  /**
   * The agenda rules (agenda.ts) by which `evolve` moves the flow on from the facts, from
   * GAME_STARTED; absent in games started before event schema 2 (only FLOW events set their flow).
   */
  agenda?: number;
}
