/**
 * Is a command legal for a seat now? Returns null or the violation (stable codes). legal.ts
 * keeps the candidates this accepts, and lists placements from this file's own two checks
 * (`markerViolation`, `locationViolation`), so the two agree (legal-property.spec checks it).
 */
import { CommonViolations, violation, type RuleViolation, type Seat } from '../engine';
import {
  ACTIONS,
  buildSquare,
  buyVpOpen,
  MULTI_ACTIONS,
  SINGER_ACTIONS,
  type ActionId,
} from './data/actions';
import { edgeId, parcelIndex, PARCEL_COUNT, type ParcelRef } from './data/board';
import { HEROES, PAPERBOY, SHERIFF, SINGER, TEACHER } from './data/personalities';
import { buildTargets, houseSpots, parcelAllows } from './build';
import type { CarsonCommand, Target } from './commands';
import { doctorDestinations, generalCowboys, kitCarson } from './flow';
import { townHallOptions } from './phases/end-of-round/flow';
import { mightOf } from './table';
import {
  holds,
  isAttackable,
  isBridge,
  isBuilding,
  isPurchasable,
  isRedSheriff,
  isLegalRoadEdge,
  isRiver,
  schoolOnSide,
} from './rules';
import type { CarsonState, Placement, PromptState } from './state';
import { PORTS } from './ports';

export const Codes = {
  WRONG_PROMPT: 'WRONG_PROMPT',
  ILLEGAL_TARGET: 'ILLEGAL_TARGET',
  ILLEGAL_PARCEL: 'ILLEGAL_PARCEL',
  ILLEGAL_ROAD: 'ILLEGAL_ROAD',
  NO_ROADS: 'NO_ROADS',
  NO_COWBOY: 'NO_COWBOY',
  TILE_UNAVAILABLE: 'TILE_UNAVAILABLE',
  ILLEGAL_SIDE: 'ILLEGAL_SIDE',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  ILLEGAL_AMOUNT: 'ILLEGAL_AMOUNT',
  ILLEGAL_OPTION: 'ILLEGAL_OPTION',
  NOT_PENDING: 'NOT_PENDING',
  NO_MARKER: 'NO_MARKER',
  /** Carson River: a river parcel can never be owned, bought, built on or given a House (§10.2). */
  RIVER_PARCEL: 'RIVER_PARCEL',
  /** Carson River: a bridge takes 2 roads from your own reserve (§10.2). */
  BRIDGE_NEEDS_TWO_ROADS: 'BRIDGE_NEEDS_TWO_ROADS',
  /** Carson River: at most one School on each side of the river (§10.2). */
  ONE_SCHOOL_PER_SIDE: 'ONE_SCHOOL_PER_SIDE',
  NO_HORSE: 'NO_HORSE',
  ILLEGAL_TILES: 'ILLEGAL_TILES',
  /** Outlaws: an outlaw's parcel cannot be bought, built on or given a House (§10.5). */
  OUTLAW_PARCEL: 'OUTLAW_PARCEL',
} as const;

const riverViolation = () =>
  violation(Codes.RIVER_PARCEL, 'a river parcel can never be owned, bought or built on (§10.2)');

const P = (r: ParcelRef) => parcelIndex(r.c, r.r);

/** The open prompt of `seat`, if any. */
export function promptOf(s: CarsonState, seat: Seat): PromptState | null {
  const p = s.flow.prompt;
  if (!p || s.flow.phase === 'GAME_OVER') return null;
  // A New Beginning's sheets: every seat still waiting answers the same simultaneous prompt.
  if (p.kind === 'FILL_SHEET') return p.waiting.includes(seat) ? p : null;
  // Might is Right: a sealed tile choice is open to every waiting seat at once (§10.3).
  if (p.kind === 'CHOOSE_DUEL_TILE') return p.waiting.includes(seat) ? p : null;
  // Kit Carson: one simultaneous prompt for every seat that has not locked (§10.4).
  if (p.kind === 'KIT_PLACEMENT') return p.seats.includes(seat) ? p : null;
  return p.seat === seat ? p : null;
}

/**
 * Which side a tile is taken on (Teacher forced by round, §9.2 #17; 14 chosen by the holder; any
 * other tile chosen by a holder of Influential connections, §10.1, its own side when not given).
 */
export function sideFor(
  s: CarsonState,
  id: number,
  requested: string | undefined,
  seat: Seat,
): 'YELLOW' | 'RED' | null {
  const tile = s.tiles.find((t) => t.id === id);
  if (!tile) return null;
  if (tile.side !== 'EITHER' && PORTS.anb.chooseSideFreely(s, seat, id)) {
    if (requested === undefined) return tile.side;
    return requested === 'YELLOW' || requested === 'RED' ? requested : null;
  }
  if (id === TEACHER) return requested === undefined ? (s.round === 4 ? 'RED' : 'YELLOW') : null;
  if (tile.side === 'EITHER') return requested === 'YELLOW' || requested === 'RED' ? requested : null;
  return requested === undefined ? tile.side : null;
}

function pickViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'PICK_CHARACTER' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'PICK_CHARACTER') return wrong();
  const tile = s.tiles.find((t) => t.id === cmd.personality);
  if (!tile || tile.takenBy !== null)
    return violation(Codes.TILE_UNAVAILABLE, 'that personality is not available');
  if (prompt.paperboy && (cmd.personality === SHERIFF || cmd.personality === PAPERBOY)) {
    return violation(Codes.TILE_UNAVAILABLE, 'the Paperboy cannot take the Sheriff');
  }
  return sideFor(s, cmd.personality, cmd.side, seat)
    ? null
    : violation(Codes.ILLEGAL_SIDE, 'side only for the Doctor/Undertaker');
}

function greatServiceViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'GREAT_SERVICE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'PICK_CHARACTER') return wrong();
  if (!prompt.tiles.includes(cmd.personality)) {
    return violation(Codes.TILE_UNAVAILABLE, 'take one of the personalities left, not the Paperboy (§10.1)');
  }
  return sideFor(s, cmd.personality, cmd.side, seat)
    ? null
    : violation(Codes.ILLEGAL_SIDE, 'side only for the Doctor/Undertaker');
}

function placeBuildingViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'PLACE_BUILDING' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  const player = s.players[seat];
  if (cmd.type === 'KEEP_PENDING') return null;
  if (cmd.type !== 'BUILD_PENDING') return wrong();
  if (!player.pending.includes(cmd.building) || (prompt.only !== null && prompt.only !== cmd.building)) {
    return violation(Codes.NOT_PENDING, 'that building is not pending for you here');
  }
  const p = P(cmd.parcel);
  if (isRiver(s, p)) return riverViolation();
  if (!parcelAllows(s, seat, cmd.building, p)) {
    const cell = s.parcels[p];
    if (PORTS.outlaws.hasOutlaw(s, p))
      return violation(Codes.OUTLAW_PARCEL, "nothing is built on an outlaw's parcel (§10.5)");
    if (cmd.building === 'SCHOOL' && cell.owner === seat && cell.content === null && schoolOnSide(s, p)) {
      return violation(
        Codes.ONE_SCHOOL_PER_SIDE,
        'a School already stands on this side of the river (§10.2)',
      );
    }
    return violation(Codes.ILLEGAL_PARCEL, 'you cannot build there');
  }
  return buildTargets(s, seat, cmd.building, prompt.refused).includes(p)
    ? null
    : violation(Codes.ILLEGAL_PARCEL, 'no room for its Houses');
}

function placeHouseViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'PLACE_HOUSE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'CANCEL_BUILD') return null;
  if (cmd.type !== 'PLACE_HOUSE') return wrong();
  const p = P(cmd.parcel);
  if (isRiver(s, p)) return riverViolation();
  if (PORTS.outlaws.hasOutlaw(s, p))
    return violation(Codes.OUTLAW_PARCEL, "no House on an outlaw's parcel (§10.5)");
  return houseSpots(s, prompt.build).some((h) => h.parcel === p && h.town === cmd.townHouse)
    ? null
    : violation(Codes.ILLEGAL_PARCEL, 'a House needs an empty connected parcel (or a House to flip)');
}

function stableHorseViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'STABLE_HORSE') return wrong();
  // Kit Carson: stable 2 (its extra placement / move / pass) is not used (§10.4, PT p. 19).
  if (cmd.stable === 2 && kitCarson(s))
    return violation(Codes.ILLEGAL_TARGET, 'stable 2 is not used with Kit Carson');
  return PORTS.horses.canStable(s, seat)
    ? null
    : violation(Codes.NO_HORSE, 'no horse in your personal supply');
}

function stableTwoViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  wrong: () => RuleViolation,
): RuleViolation | null {
  // Stable 2 (§10.6): an extra cowboy from the reserve, a move, a pass, or nothing.
  if (cmd.type === 'PASS' || cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type === 'PLACE_COWBOY') {
    if (cmd.extra === true) return violation(Codes.NO_COWBOY, 'the extra cowboy comes from your reserve');
    return placementViolation(s, seat, cmd);
  }
  if (cmd.type !== 'MOVE_PLACED_COWBOY') return wrong();
  return moveViolation(s, seat, cmd);
}

function duelTileViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_TILE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_TILE') return wrong();
  const need = prompt.need[prompt.waiting.indexOf(seat)];
  if (cmd.tiles.length !== need) return violation(Codes.ILLEGAL_TILES, `choose exactly ${need} tile(s)`);
  // Only the seat's own hand is consulted: the message reveals nothing of anyone else's.
  return PORTS.might.inHand(mightOf(s)!.hands[seat], cmd.tiles)
    ? null
    : violation(Codes.ILLEGAL_TILES, 'you do not hold those tiles');
}

function duelOrderViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_ORDER' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_ORDER') return wrong();
  const key = `${prompt.step === 'PARCELS' ? 'P' : 'B'}:${P(cmd.parcel)}`;
  return prompt.locs.includes(key) ? null : violation(Codes.ILLEGAL_TARGET, 'no pending duel there');
}

function chooseParcelViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_PARCEL' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION')
    return prompt.optional ? null : violation(Codes.ILLEGAL_OPTION, 'this choice is compulsory');
  if (cmd.type !== 'CHOOSE_PARCEL') return wrong();
  if (isRiver(s, P(cmd.parcel))) return riverViolation();
  return prompt.parcels.includes(P(cmd.parcel))
    ? null
    : violation(Codes.ILLEGAL_PARCEL, 'not one of the parcels offered');
}

function takeBuildingViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'TAKE_BUILDING' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'TAKE_BUILDING') return wrong();
  return prompt.squares.includes(cmd.square) ? null : violation(Codes.ILLEGAL_TARGET, 'no building there');
}

function bidViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'BID' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  const player = s.players[seat];
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'BID') return wrong();
  return cmd.amount > prompt.auction.bid && cmd.amount >= 1 && cmd.amount <= player.money
    ? null
    : violation(Codes.ILLEGAL_AMOUNT, 'bid more than the current bid, at most your money');
}

function moveCowboyViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'MOVE_COWBOY' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'MOVE_COWBOY') return wrong();
  return prompt.actions.includes(cmd.action) && doctorDestinations(s).includes(cmd.action)
    ? null
    : violation(Codes.ILLEGAL_TARGET, 'not a free unresolved action square');
}

function duelDieViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_DIE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_DIE') return wrong();
  const key = JSON.stringify(cmd.dice.slice().sort((a, b) => a - b));
  return prompt.options.some((o) => JSON.stringify(o) === key)
    ? null
    : violation(Codes.ILLEGAL_OPTION, 'keep one of the dice you rolled, one of each pair (§10.1)');
}

export function validate(s: CarsonState, seat: Seat, cmd: CarsonCommand): RuleViolation | null {
  if (s.flow.phase === 'GAME_OVER') return violation(CommonViolations.GAME_OVER, 'the game is over');
  const prompt = promptOf(s, seat);
  if (!prompt) return violation(CommonViolations.NOT_YOUR_TURN, 'you have nothing to decide now');
  const wrong = () => violation(Codes.WRONG_PROMPT, `${cmd.type} does not answer ${prompt.kind}`);
  const player = s.players[seat];

  if (cmd.type === 'PLACE_ROAD') {
    if (player.roads === 0) return violation(Codes.NO_ROADS, 'no road in your reserve');
    const edge = edgeId(cmd.edge);
    if (!isLegalRoadEdge(s, edge))
      return violation(Codes.ILLEGAL_ROAD, 'a road must be free and touch the network');
    if (isBridge(s, edge) && player.roads < 2)
      return violation(Codes.BRIDGE_NEEDS_TWO_ROADS, 'a bridge takes 2 roads from your reserve (§10.2)');
    return null;
  }

  switch (prompt.kind) {
    case 'CHOOSE_STARTING_PARCEL':
      if (cmd.type !== 'CHOOSE_STARTING_PARCEL') return wrong();
      if (isRiver(s, P(cmd.parcel))) return riverViolation();
      return s.parcels[P(cmd.parcel)].owner === null
        ? null
        : violation(Codes.ILLEGAL_PARCEL, 'that parcel is owned');
    case 'PICK_CHARACTER':
      return pickViolation(s, seat, cmd, prompt, wrong);
    case 'FILL_SHEET': {
      if (cmd.type !== 'FILL_SHEET') return wrong();
      const problem = PORTS.anb.sheetProblemFor(s, seat, cmd);
      return problem ? violation(Codes[problem.code], problem.message) : null;
    }
    case 'GREAT_SERVICE':
      return greatServiceViolation(s, seat, cmd, prompt, wrong);
    case 'PLACE_COWBOY':
      if (cmd.type === 'PASS') return null;
      if (cmd.type !== 'PLACE_COWBOY') return wrong();
      return placementViolation(s, seat, cmd);
    case 'KIT_PLACEMENT':
      return PORTS.kit.kitViolation(s, seat, cmd, wrong);
    case 'CHOOSE_DUEL_ORDER':
      return duelOrderViolation(s, seat, cmd, prompt, wrong);
    case 'BUY_PARCEL':
      return cmd.type === 'BUY_PARCEL' || cmd.type === 'DECLINE_ACTION' ? null : wrong();
    case 'BUY_BUILDING':
      return cmd.type === 'BUY_BUILDING' || cmd.type === 'DECLINE_ACTION' ? null : wrong();
    case 'BUY_VP':
      if (cmd.type === 'DECLINE_ACTION') return null;
      if (cmd.type !== 'BUY_VP') return wrong();
      return cmd.count >= 1 && cmd.count * prompt.price <= player.money
        ? null
        : violation(Codes.ILLEGAL_AMOUNT, 'count from 1 to what you can pay');
    case 'PLACE_BUILDING':
      return placeBuildingViolation(s, seat, cmd, prompt, wrong);
    case 'PLACE_HOUSE':
      return placeHouseViolation(s, seat, cmd, prompt, wrong);
    case 'CONSENT':
      return cmd.type === 'ANSWER_CONSENT' ? null : wrong();
    case 'SPEND_CASH':
      if (cmd.type !== 'SPEND_CASH') return wrong();
      return cmd.amount >= prompt.min && cmd.amount <= prompt.max
        ? null
        : violation(Codes.ILLEGAL_AMOUNT, `spend from ${prompt.min} to ${prompt.max}`);
    case 'PLACE_TOWN_HALL':
      if (cmd.type !== 'PLACE_TOWN_HALL') return wrong();
      if (isRiver(s, P(cmd.parcel))) return riverViolation();
      return townHallOptions(s).some((o) => o.parcel === P(cmd.parcel))
        ? null
        : violation(Codes.ILLEGAL_PARCEL, 'not a Town Hall parcel');
    case 'CHOOSE_OPTION':
      if (cmd.type !== 'CHOOSE_OPTION') return wrong();
      return prompt.options.includes(cmd.option)
        ? null
        : violation(Codes.ILLEGAL_OPTION, `choose one of ${prompt.options.join(', ')}`);
    case 'CHOOSE_PARCEL':
      return chooseParcelViolation(s, seat, cmd, prompt, wrong);
    case 'TAKE_BUILDING':
      return takeBuildingViolation(s, seat, cmd, prompt, wrong);
    case 'BID':
      return bidViolation(s, seat, cmd, prompt, wrong);
    case 'MOVE_COWBOY':
      return moveCowboyViolation(s, seat, cmd, prompt, wrong);
    case 'STABLE_HORSE':
      return stableHorseViolation(s, seat, cmd, wrong);
    case 'BUY_HORSE':
      if (cmd.type === 'DECLINE_ACTION') return null;
      if (cmd.type !== 'BUY_HORSE') return wrong();
      return player.money >= prompt.price
        ? null
        : violation(Codes.INSUFFICIENT_FUNDS, `a horse costs $${prompt.price}`);
    case 'STABLE_TWO':
      return stableTwoViolation(s, seat, cmd, wrong);
    case 'CHOOSE_DUEL_DIE':
      return duelDieViolation(s, seat, cmd, prompt, wrong);
    case 'CHOOSE_DUEL_TILE':
      return duelTileViolation(s, seat, cmd, prompt, wrong);
  }
}

/** Location keys built once: the placement rules look many up per prompt. */
const PARCEL_KEYS: readonly string[] = Array.from({ length: PARCEL_COUNT }, (_, p) => `P:${p}`);
const BUILDING_KEYS: readonly string[] = Array.from({ length: PARCEL_COUNT }, (_, p) => `B:${p}`);
/** Per action square, what its location rules read of it (looked up once, not per placement check). */
interface ActionInfo {
  key: string;
  /** buildSquare: its building square, or -1. */
  square: number;
  multi: boolean;
}
const ACTION_INFO: ReadonlyMap<string, ActionInfo> = new Map(
  ACTIONS.map((a) => [a, { key: `A:${a}`, square: buildSquare(a), multi: MULTI_ACTIONS.includes(a) }]),
);

/** Location key of a placement target of `seat` (a stable is the seat's own, `S:<n>`). */
export function targetLoc(t: Target): string {
  if (t.kind === 'ACTION') return `A:${t.action}`;
  if (t.kind === 'STABLE') return PORTS.horses.stableLoc(t.stable);
  return `${t.kind === 'PARCEL' ? 'P' : 'B'}:${P(t.parcel)}`;
}

/**
 * Stable 2's move (§10.6): a plain cowboy of the seat from a board location to another board
 * location (checked as a fresh placement with that cowboy back in the reserve) or to the reserve.
 */
function moveViolation(
  s: CarsonState,
  seat: Seat,
  cmd: Extract<CarsonCommand, { type: 'MOVE_PLACED_COWBOY' }>,
): RuleViolation | null {
  const from = targetLoc(cmd.from);
  if (!PORTS.horses.movableCowboys(s, seat).some((p) => p.loc === from))
    return violation(Codes.ILLEGAL_TARGET, 'no plain cowboy of yours there to move');
  if (cmd.to === undefined) return null;
  if (cmd.to.kind === 'STABLE')
    return violation(Codes.ILLEGAL_TARGET, 'a moved cowboy goes to the board or back to your reserve');
  if (targetLoc(cmd.to) === from) return violation(Codes.ILLEGAL_TARGET, 'move it to another location');
  return placementViolation(withoutCowboy(s, seat, from), seat, { type: 'PLACE_COWBOY', target: cmd.to });
}

/** The state as if `seat`'s plain cowboy at `loc` were back in its reserve. */
export function withoutCowboy(s: CarsonState, seat: Seat, loc: string): CarsonState {
  const i = s.placements.findIndex((p) => p.seat === seat && p.loc === loc && !p.white);
  return {
    ...s,
    placements: s.placements.filter((_, k) => k !== i),
    players: s.players.map((p, k) => (k === seat ? { ...p, reserve: p.reserve + 1 } : p)),
  };
}

/** Phase 2 placement rules (§4.3, §9.2 Sheriff/Singer, §13 #11, #41). */
export function placementViolation(
  s: CarsonState,
  seat: Seat,
  cmd: Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>,
): RuleViolation | null {
  const white = cmd.white === true;
  const extra = cmd.extra === true;
  const noDuel = cmd.noDuel === true || extra;
  return (
    markerViolation(s, seat, cmd) ??
    locationViolation(s, seat, cmd.target, { white, noDuel, dynamite: cmd.dynamite === true, extra })
  );
}

/**
 * The placement rules that do not depend on the target: the figure and markers a PLACE_COWBOY
 * asks for are there. `placementViolation` is this, then `locationViolation`; legal.ts checks
 * each marker combination once and each target once per combination.
 */
export function markerViolation(
  s: CarsonState,
  seat: Seat,
  cmd: { white?: boolean; noDuel?: boolean; dynamite?: boolean; extra?: boolean },
): RuleViolation | null {
  const player = s.players[seat];
  const white = cmd.white === true;
  const extra = cmd.extra === true;
  if (white && extra) return violation(Codes.ILLEGAL_TARGET, 'one cowboy at a time');
  if (extra && cmd.noDuel !== undefined)
    return violation(Codes.ILLEGAL_TARGET, 'the extra cowboy carries its own no-duel marker');
  if (white && player.white !== 'RESERVE') return violation(Codes.NO_COWBOY, 'you have no white cowboy');
  if (extra) {
    if (!holds(s, seat, SINGER, 'RED') || player.flags.includes('SINGER_EXTRA:USED'))
      return violation(Codes.NO_COWBOY, 'no Singer extra cowboy');
    if (generalCowboys(s, seat) <= 0)
      return violation(Codes.NO_COWBOY, 'no figure of your colour in the general reserve');
  }
  if (!white && !extra && player.reserve === 0)
    return violation(Codes.NO_COWBOY, 'no cowboy in your reserve');
  if (cmd.noDuel === true && !extra && player.noDuel === 0)
    return violation(Codes.NO_MARKER, 'no no-duel marker left');
  if (cmd.dynamite === true && player.dynamite === 0) return violation(Codes.NO_MARKER, 'no dynamite');
  return null;
}

/**
 * Kit Carson: the seat's placed cowboy a RELOCATE/WITHDRAW command names (loc + white + dynamite).
 * Cowboys in stables (Horses) are on the player board: never moved or withdrawn.
 */
export function ownPlacement(
  s: CarsonState,
  seat: Seat,
  cmd: { from: Target; white?: boolean; dynamite?: boolean },
): Placement | undefined {
  if (cmd.from.kind === 'STABLE') return undefined;
  const loc = targetLoc(cmd.from);
  return s.placements.find(
    (p) =>
      p.seat === seat &&
      p.loc === loc &&
      p.white === (cmd.white === true) &&
      p.dynamite === (cmd.dynamite === true),
  );
}

/** What the location rules read of the cowboys at a location: bits of `occupants`. */
const ANY = 1;
const OWN = 2;
const WHITE = 4;
/** A cowboy without a no-duel marker. */
const DUELER = 8;

/**
 * The cowboys at location `key`, as the location rules read them: someone (ANY), one of `seat`'s
 * (OWN), the Sheriff's white cowboy (WHITE), one without a no-duel marker (DUELER).
 */
function occupants(s: CarsonState, seat: Seat, key: string): number {
  let o = 0;
  for (let i = 0; i < s.placements.length; i++) {
    const p = s.placements[i];
    if (p.loc === key)
      o |= ANY | (p.seat === seat ? OWN : 0) | (p.white ? WHITE : 0) | (p.noDuel ? 0 : DUELER);
  }
  return o;
}

/** The location rules for an action square (§4.3, §9.2). */
function actionLocationViolation(
  s: CarsonState,
  seat: Seat,
  a: ActionId,
  white: boolean,
  noDuel: boolean,
  redSheriff: boolean,
): RuleViolation | null {
  if (!buyVpOpen(a, s.round)) return violation(Codes.ILLEGAL_TARGET, 'the round marker blocks that square');
  const info = ACTION_INFO.get(a);
  const sq = info?.square ?? buildSquare(a);
  if (sq >= 0 && s.track[sq] === null) return violation(Codes.ILLEGAL_TARGET, 'no building on that square');
  if (a === 'AMMUNITION' && s.ammunitionVoid)
    return violation(Codes.ILLEGAL_TARGET, 'the 3-guns marker was auctioned');
  const here = occupants(s, seat, info?.key ?? `A:${a}`);
  if (info?.multi ?? MULTI_ACTIONS.includes(a)) {
    if (white && here !== 0)
      return violation(Codes.ILLEGAL_TARGET, 'the white cowboy needs an empty location');
    return null;
  }
  if ((here & OWN) !== 0) return violation(Codes.ILLEGAL_TARGET, 'you already have a cowboy there');
  if (!noDuel && (here & WHITE) !== 0)
    return violation(Codes.ILLEGAL_TARGET, "nobody may challenge the Sheriff's cowboy");
  if (white && here !== 0) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy needs an empty location');
  if (redSheriff && !noDuel && (here & DUELER) !== 0)
    return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
  return null;
}

/**
 * May a cowboy of `seat` with these markers stand on `target` now? The location rules of §4.3,
 * §9.2 (Sheriff, Singer, Heroes), §13 #11, #41 — shared by placements and Kit Carson moves.
 * `f.redSheriff`, when given, is `isRedSheriff(s, seat)`.
 */
export function locationViolation(
  s: CarsonState,
  seat: Seat,
  target: Target,
  f: { white: boolean; noDuel: boolean; dynamite: boolean; extra: boolean; redSheriff?: boolean },
): RuleViolation | null {
  const { white, extra } = f;
  const noDuel = f.noDuel || extra;
  if (extra && (target.kind !== 'ACTION' || target.action !== 'GAMBLING'))
    return violation(Codes.ILLEGAL_TARGET, 'the extra cowboy goes on Gambling');
  if (noDuel && !extra && (target.kind !== 'ACTION' || !SINGER_ACTIONS.includes(target.action))) {
    return violation(Codes.ILLEGAL_TARGET, 'no-duel markers go on Roads, money or VP actions');
  }
  if (target.kind === 'STABLE') {
    // Horses: a cowboy of your colour from the reserve into your own stable, once per stable
    // per round (§10.6); it carries no marker and the white cowboy is not of your colour.
    if (!PORTS.horses.horsesOn(s))
      return violation(Codes.ILLEGAL_TARGET, 'stables are used only with the HORSES module');
    if (white || f.dynamite)
      return violation(Codes.ILLEGAL_TARGET, 'a stable takes a plain cowboy of your colour');
    if (PORTS.horses.stableCowboy(s, seat, target.stable))
      return violation(Codes.ILLEGAL_TARGET, 'you already have a cowboy in that stable');
    return null;
  }
  // legal.ts looks the seat's red Sheriff up once for all its targets.
  const redSheriff = f.redSheriff ?? isRedSheriff(s, seat);
  if (target.kind === 'ACTION')
    return actionLocationViolation(s, seat, target.action, white, noDuel, redSheriff);
  if (noDuel) return violation(Codes.ILLEGAL_TARGET, 'no-duel markers go on action squares');
  const p = P(target.parcel);
  const cell = s.parcels[p];
  const key = target.kind === 'PARCEL' ? PARCEL_KEYS[p] : BUILDING_KEYS[p];
  const here = occupants(s, seat, key);
  if ((here & OWN) !== 0) return violation(Codes.ILLEGAL_TARGET, 'you already have a cowboy there');
  if ((here & WHITE) !== 0)
    return violation(Codes.ILLEGAL_TARGET, "nobody may challenge the Sheriff's cowboy");
  if (white && here !== 0) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy needs an empty location');
  if (PORTS.outlaws.hasOutlaw(s, p)) {
    // Outlaws (§10.5): a cowboy on the outlaw's parcel (`PARCEL`) or building (`BUILDING`, an
    // owned building) fights it before building income. The parcel is not for sale.
    if (key !== PORTS.outlaws.outlawLoc(s, p)) {
      return violation(
        Codes.OUTLAW_PARCEL,
        target.kind === 'PARCEL'
          ? "an outlaw's parcel cannot be bought: fight it on its building"
          : 'fight the outlaw on its parcel',
      );
    }
    // Engine decisions (README): the Sheriff's white cowboy never duels; the red Sheriff never
    // starts a duel (§13 #44), except on his own building.
    if (white) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy does not fight outlaws');
    if (redSheriff && cell.owner !== seat)
      return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
    return null;
  }
  if (target.kind === 'PARCEL') {
    if (isRiver(s, p)) return riverViolation();
    if (!isPurchasable(s, p))
      return violation(Codes.ILLEGAL_PARCEL, 'only unowned parcels without a building');
    if (redSheriff && here !== 0)
      return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
    return null;
  }
  if (!isBuilding(cell.content)) return violation(Codes.ILLEGAL_TARGET, 'no building there');
  if (cell.content === 'TOWN_HALL') {
    if (white) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy cannot occupy the Town Hall');
    if (s.townHall.occupant === seat)
      return violation(Codes.ILLEGAL_TARGET, 'you already occupy the Town Hall');
    if (redSheriff && (here !== 0 || s.townHall.occupant !== null))
      return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
    return null;
  }
  if (cell.owner === seat) {
    return isAttackable(s, p)
      ? null
      : violation(Codes.ILLEGAL_TARGET, 'that building cannot be attacked, no need to defend it');
  }
  if (white) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy cannot attack');
  if (redSheriff) return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot attack');
  if (holds(s, seat, HEROES, 'YELLOW'))
    return violation(Codes.ILLEGAL_TARGET, 'the yellow Heroes cannot attack');
  if (!isAttackable(s, p)) return violation(Codes.ILLEGAL_TARGET, 'that building cannot be attacked');
  return null;
}
