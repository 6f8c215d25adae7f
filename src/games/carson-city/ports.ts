/**
 * The core's ports to the modules (#12 item 4). The core (rules, setup, scoring, view, the
 * agenda's derivations) calls a module only through the typed table below, never by importing
 * the module's files; each module fills its part in its own folder (`modules/<name>/port.ts`),
 * `modules/registry.ts` puts the parts together in one frozen table, and the engine's entry
 * (`index.ts`) installs that table once, before any game is set up or replayed. A port answers
 * "nothing" for a game without its module (as the module's own queries do), so the core calls it
 * without asking first whether the module is on.
 *
 * `PORTS` is one object whose parts are replaced once by `installModules`: the hot path reads
 * `PORTS.horses.firepower(...)`, two property loads, no lookup or allocation per call. Until
 * the table is installed, any use throws (a core file used without the engine's entry fails at
 * once instead of playing without its modules).
 */
import type { Seat, Viewer } from '../engine';
import type { Rng } from '../random';
import type { PlacementEvent } from './phases/placement/agenda';
import type { BuildingType } from './data/buildings';
import type { Ctx } from './ctx';
import type { CarsonEvent } from './events';
import type { Sheet } from './modules/anb/anb';
import type { AnbView } from './modules/anb/port';
import type { HorsesView } from './modules/horses/port';
import type { KitView } from './modules/kit/port';
import type { DuelTilesView } from './modules/might/port';
import type { OutlawsView } from './modules/outlaws/port';
import type { RiverView } from './modules/river/port';
import type { SoloView } from './modules/solo/port';
import type { SoloOptions } from './modules/solo/solo';
import type {
  CarsonOptions,
  CarsonState,
  FinalScore,
  Flow,
  LocKey,
  MightState,
  OutlawsState,
  PromptState,
  RiverOption,
  SoloState,
  StableNo,
  Task,
  TileDuel,
  TileState,
} from './state';

/** A New Beginning (§10.1). */
export interface AnbPort {
  /** The Marksman's dice: two per die, the better kept (a red Gunsmith's reroll, §10.1). */
  marksmanDice(ctx: Ctx, count: number): { dice: number[]; rolled: number[] };
  /** The sheets as `viewer` may see them (another seat's sealed sheet hidden); null without it. */
  view(s: CarsonState, viewer: Viewer): AnbView | null;
  /** Has `seat` this power of its revealed sheet (agenda rules 4: a Marksman's duel)? */
  hasPower(s: CarsonState, seat: Seat, power: 'influential' | 'greatService' | 'marksman'): boolean;
  /** What a Marksman may keep of his rolled pairs (sorted choices). */
  marksmanOptions(rolled: number[]): number[][];
  /** The bought parcels' placement tasks in the draft pattern (after the reveal). */
  parcelPlacementTasks(order: Seat[], counts: number[]): Task[];

  // The rules' hot path (flow, legal, validate, evolve).
  /** Starting purse and cowboys (§10.1). */
  readonly startMoney: number;
  readonly startCowboys: number;
  /** The normal start bought on the sheet (T22): $35, leaving $15. The sheet's timeout default. */
  readonly normalStartSheet: Sheet;
  /** Influential connections: may `seat` choose the side of personality `id` (§10.1)? */
  chooseSideFreely(s: CarsonState, seat: Seat, id: number): boolean;
  /** Great service done: the users after all picks, in the turn order the first tiles give. */
  greatServiceQueue(s: CarsonState, turnNumber: (seat: Seat) => number): Seat[];
  /** Great service done still available to `seat` (bought and not used). */
  greatServiceReady(s: CarsonState, seat: Seat): boolean;
  /** Tiles a Great-service user may take (any left except the Paperboy). */
  greatServiceTiles(s: CarsonState): number[];
  /** Reveal all sheets together and pay for them; then the first player and the parcels. */
  revealSheets(ctx: Ctx): void;
}

/** Carson River (§10.2). Every query is false / 0 / empty on a board without river parcels. */
export interface RiverPort {
  /** `river` option (only with CARSON_RIVER): the parsed option or what is wrong with it. */
  parseOption(raw: unknown, enabled: boolean): RiverOption | null | string;
  /** Mountains to place with this river (§3 step 6, §10.2). */
  mountains(board: RiverOption['board'], tiles: number): number;
  /** A bridge slot: every parcel along the edge is river (§10.2, §13 #38). */
  isBridge(s: CarsonState, edge: number): boolean;
  /** "Only one School on each side of the river": is one already built on the side of `p`? */
  schoolOnSide(s: CarsonState, p: number): boolean;
  /** A Mine touching the river: +$3 once (§10.2, §13 #38). */
  mineBonus(s: CarsonState, p: number): number;
  /** Parcels a built bridge touches at a corner (3 VP instead of 2 at the end, §10.2). */
  nearBridges(s: CarsonState): Set<number>;
  /** The river in the view (public); null without river parcels. */
  view(s: CarsonState): RiverView | null;
}

/** Might is Right (§10.3). */
export interface MightPort {
  /** Deal the duel tiles and adjust the starting money (setup, T21). */
  deal(ctx: Ctx): void;
  /** The tiles as `viewer` may see them; null without the module. */
  view(s: CarsonState, viewer: Viewer): DuelTilesView | null;
  /** The CHOOSE_OPTION purpose of a Marksman's offer to discard his last 2 tiles. */
  readonly marksmanDiscardPurpose: string;

  // The rules' hot path (decide, flow, legal, validate, evolve).
  /** The module's state at GAME_STARTED. */
  emptyMight(seatCount: number): MightState;
  /** evolve for the module's events and the DUEL discard (copy-on-write on `might`). */
  applyMightEvent(s: CarsonState, e: CarsonEvent): void;
  /** Rules 3: a tile duel goes on from its facts to its next prompt (null: not a tile duel's event). */
  tileDuelFlow(s: CarsonState, e: CarsonEvent): Flow | null;
  /** Start a duel with tiles (replaces the die roll of §5.2 step 3), the Marksman asked first. */
  startTileDuel(ctx: Ctx, duel: TileDuel): void;
  /** The Marksman discards his last 2 tiles to the pile, then (none left) draws 5 (§10.1). */
  discardLastTwo(ctx: Ctx, seat: Seat): void;
}

/** Outlaws (§10.5). */
export interface OutlawsPort {
  /** The CHOOSE_OPTION purpose of the outlaws' move order (end of Phase 1). */
  readonly moveOrderPurpose: string;
  /** Is `loc` the location an outlaw's fighters go to (never a parcel claim)? */
  isOutlawLoc(s: CarsonState, loc: string): boolean;
  /**
   * `outlawVP` and its derived `outlawVPSource` (§13 #28): the parsed pair or what is wrong with
   * them (`source` undefined without the module).
   */
  parseOptions(
    o: Record<string, unknown>,
    enabled: boolean,
  ): { vp: number[]; source: CarsonOptions['outlawVPSource'] } | string;
  view(s: CarsonState): OutlawsView | null;
  /** The winner's reward task after an outlaw fight (none when the outlaw won); pure. */
  rewardTasks(s: CarsonState, parcel: number, loc: string, winner: Seat | null): Task[];

  // The rules' hot path (decide, flow, legal, validate, evolve).
  /** The module's state at GAME_STARTED, null without the module. */
  initialOutlaws(modules: readonly string[]): OutlawsState | null;
  outlawsOn(s: CarsonState): boolean;
  /** Is there an outlaw on parcel `p`? */
  hasOutlaw(s: CarsonState, p: number): boolean;
  /** Where cowboys fight the outlaw on `p`: `B:p` on an owned building, else `P:p`. */
  outlawLoc(s: CarsonState, p: number): string;
  /** Does the building under an undefeated outlaw pay its owner half (§5.7 4.3)? */
  outlawHalves(s: CarsonState, p: number): boolean;
  /** Start of rounds 2-4: the outlaws arrive (§10.5, §13 #28-29). */
  outlawArrival(ctx: Ctx): void;
  /** Jail check at the start of a round (§10.5 "Prisons", §13 #29). */
  jailCheck(ctx: Ctx): void;
  /** End of Phase 1: the outlaws move, in the order the first player sets (§10.5). */
  outlawMoves(ctx: Ctx, remaining: number[] | null): void;
  /** CHOOSE_OPTION OUTLAW_MOVE_ORDER: move the chosen outlaw, then ask for the next. */
  outlawMoveChosen(ctx: Ctx, options: string[], option: string): void;
  /** Fights against outlaws, just before building income (§5.7 step 1). */
  outlawFights(ctx: Ctx): void;
  /** The winner's reward: the tile's VP, or (on an opponent's building) an attack instead. */
  outlawReward(ctx: Ctx, task: Extract<Task, { t: 'OUTLAW_REWARD' }>): void;
  /** CHOOSE_OPTION `OUTLAW_REWARD:<parcel>`: VP (cowboy retires) or ATTACK (it stays to steal). */
  outlawRewardChosen(ctx: Ctx, seat: Seat, purpose: string, option: string): void;
  /** Agenda rules 2: the flow at an OUTLAW_MOVES task (the move order's prompt, or the first turn). */
  outlawMovesFlow(s: CarsonState, f: Flow): Flow | null;
  /** Agenda rules 2: the flow after OUTLAW_MOVED, or null. */
  afterOutlawMove(s: CarsonState, id: number): Flow | null;
}

/** Kit Carson (§10.4): the simultaneous placement. */
export interface KitPort {
  /** The session in the view (public); null without the module. */
  view(s: CarsonState): KitView | null;
  /** End scoring: 1 VP per seat behind on the pass track (§8 item 6, §10.4); 0 without the module. */
  finalVp(s: CarsonState, seat: Seat): number;

  // The rules' hot path (decide, flow, validate, agenda).
  /** Is the module (simultaneous placement) in play? */
  kitOn(s: CarsonState): boolean;
  /**
   * The sequence number of a Phase 2 command answering `prompt` (§10.4): the session's next, 1 at
   * the opening (PLACE_COWBOY and PASS carry it with the module).
   */
  seq(prompt: PromptState): number;
  /** With Horses: fewer horses stabled this round than the seat's cowboys placed (an offer is due). */
  kitHorseDue(s: CarsonState, seat: Seat): boolean;
  /** The opening's prompt (§10.4 rule 1): the first player's PLACE_COWBOY, null if they cannot place. */
  openingPrompt(s: CarsonState): PromptState | null;
  /** Agenda rules 1: the flow after a placement command or an automatic lock of Phase 2, or null. */
  placementFlow(s: CarsonState, e: PlacementEvent): Flow | null;
  /** The session's prompt: every seat that has not locked, in turn order; null when all have. */
  kitPrompt(s: CarsonState, seq: number): PromptState | null;
  /** The opening (§10.4 rule 1): the round's first player places a first cowboy. */
  kitOpening(ctx: Ctx): void;
  /** The session (§10.4 rules 2-3): every seat that has not locked is prompted at once. */
  kitSession(ctx: Ctx, seq: number): void;
}

/** Horses (§10.6). */
export interface HorsesPort {
  /** Wages: the price of a horse (the $4 the cowboy would have received). */
  readonly price: number;
  /** Stable 1's firepower (§5.3, §10.6). */
  firepower(s: CarsonState, seat: Seat): number;
  /** May `seat` put a horse into a stable now (after a placement)? */
  canStable(s: CarsonState, seat: Seat): boolean;
  /** Wages: may `seat` buy a horse, `count` of its cowboys on the square? */
  canBuy(s: CarsonState, seat: Seat, count: number): boolean;
  /** A stable location (a cowboy in one of its owner's stables, off the board). */
  isStableLoc(loc: string): boolean;
  /** End scoring: 1 VP per horse, +1 per horse for each rodeo marker (§8 item 3). */
  finalVp(s: CarsonState, seat: Seat): number;
  view(s: CarsonState): HorsesView | null;

  // The rules' hot path (decide, flow, legal, validate, evolve).
  /** Horses in the game (§1) and rodeo markers, at GAME_STARTED. */
  readonly count: number;
  readonly rodeoMarkers: number;
  horsesOn(s: CarsonState): boolean;
  /** The location of stable `stable` (`S:<n>`). */
  stableLoc(stable: StableNo): string;
  /** Does `seat` have a cowboy in its stable `stable` this round (at most one, §10.6)? */
  stableCowboy(s: CarsonState, seat: Seat, stable: StableNo): boolean;
  /** After a cowboy placement in Phase 2: offer a horse for a stable when the seat has one. */
  offerHorse(ctx: Ctx, seat: Seat, index: number): void;
  /**
   * A DECLINE_ACTION answering one of the module's offers (a horse for a stable, a horse for
   * Wages, stable 2): emits its fact and answers true; false for any other prompt.
   */
  declineOffer(ctx: Ctx, seat: Seat, prompt: PromptState): boolean;
  /** Stable 3: the seat's Ranches doubled this round (§5.7 step 4.2, §10.6). */
  ranchesToDouble(s: CarsonState, seat: Seat, income: (parcel: number) => number): number[];
  /** The rodeo, first step of Phase 4 (§7 step 1). */
  runRodeo(ctx: Ctx, passIndex: (seat: Seat) => number): void;
  /** Agenda rules 2: the flow after a stable offer's answer (HORSE_STABLED / HORSE_KEPT), or null. */
  afterStable(s: CarsonState, e: { type: string; seat: Seat; stable?: number }): Flow | null;
  /** Agenda rules 3: the flow after stable 2's choice and its move, or null. */
  stableTwoFlow(s: CarsonState, e: CarsonEvent): Flow | null;
  /** Agenda rules 3: Wages' returns, money and horse offer (`prev`: the state before `e`), or null. */
  wagesFlow(prev: CarsonState, s: CarsonState, e: CarsonEvent): Flow | null;
}

/** The solo mode against Jeb Standish (§11). */
export interface SoloPort {
  /** Standish's internal seat. */
  readonly standish: Seat;
  /** Buildings out of the bag in solo (§11.1 step 2). */
  readonly removedBuildings: readonly BuildingType[];
  /** `solo` option: null for a game with others, the parsed option, or what is wrong with it. */
  parseOption(o: Record<string, unknown>, seatCount: number): SoloOptions | null | string;
  /** The tiles in play (§11.1 step 5). */
  tiles(rng: Rng): TileState[];
  /** GAME_STARTED's `solo`. */
  start(
    solo: NonNullable<CarsonOptions['solo']>,
  ): NonNullable<Extract<CarsonEvent, { type: 'GAME_STARTED' }>['solo']>;
  /** Standish's final score (§11.8). */
  finalScore(s: CarsonState, seat: Seat): FinalScore;
  view(s: CarsonState): SoloView | null;

  // The rules' hot path (decide, flow).
  /** The human seat of a solo game. */
  readonly player: Seat;
  /** The solo state, or null in a normal game (older snapshots have no `solo`). */
  soloOf(s: CarsonState): SoloState | null;
  isStandish(s: CarsonState, seat: Seat): boolean;
  /** His strength now (§11.6). */
  currentStrength(s: CarsonState): number;
  /** Has Standish cards left to play this round (§11.3)? */
  standishHasCards(s: CarsonState): boolean;
  /** Standish's turn: draw one card and resolve it (§11.3). */
  playStandishCard(ctx: Ctx): void;
  /** His parcel purchase: a property tile for free (§11.5). */
  standishBuysParcel(ctx: Ctx, parcel: number): void;
  /** His building purchase: free, then placed at once if he can (§11.5). */
  standishBuysBuilding(ctx: Ctx, square: number): void;
  /** Place his pending buildings, in his priority order, each on his best parcel (§11.5). */
  standishPlacePending(ctx: Ctx): void;
  /** A duel between the player and Standish (his strength, no die); returns the winner. */
  standishDuel(ctx: Ctx, loc: LocKey, playerDice: number[], marksmanRolled?: number[]): Seat;
  /** After building income: convert all his money (his income and stolen halves) to VP. */
  convertStandishIncome(ctx: Ctx): void;
  /** End of round: card VP, the card cowboys return, tiles discarded, cards to the discard. */
  standishEndOfRound(ctx: Ctx): void;
  /** Agenda rules 3: the flow after `e` from Standish's turns and his end of round, or null. */
  agendaFlow(s: CarsonState, e: CarsonEvent): Flow | null;
}

/** The modules as the core sees them: one port each. */
export interface CarsonModules {
  readonly anb: AnbPort;
  readonly river: RiverPort;
  readonly might: MightPort;
  readonly outlaws: OutlawsPort;
  readonly kit: KitPort;
  readonly horses: HorsesPort;
  readonly solo: SoloPort;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function notInstalled(part: string): never {
  throw new Error(
    `Carson City: the ${part} module's port is not installed (import the engine from carson-city/index)`,
  );
}

const uninstalled = (part: string) =>
  new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : notInstalled(part)) });

/** The installed ports (replaced once, by `installModules`). */
export const PORTS: CarsonModules = {
  anb: uninstalled('A New Beginning') as AnbPort,
  river: uninstalled('Carson River') as RiverPort,
  might: uninstalled('Might is Right') as MightPort,
  outlaws: uninstalled('Outlaws') as OutlawsPort,
  kit: uninstalled('Kit Carson') as KitPort,
  horses: uninstalled('Horses') as HorsesPort,
  solo: uninstalled('solo') as SoloPort,
};

let installed: CarsonModules | null = null;

/** Install the module table (the engine's entry, once; installing the same table again is a no-op). */
export function installModules(table: CarsonModules): void {
  if (installed === table) return;
  if (installed !== null) throw new Error('Carson City: another module table is already installed');
  installed = table;
  Object.assign(PORTS as Mutable<CarsonModules>, table);
}
