/** legalCommands and timeoutCommand: candidates per prompt, kept when `validate` accepts them. */
import type { Seat } from '../engine';
import {
  ACTIONS,
  buildSquare,
  buyVpOpen,
  MULTI_ACTIONS,
  SINGER_ACTIONS,
  type ActionId,
} from './data/actions';
import { HEROES, SINGER } from './data/personalities';
import { EDGE_COUNT, edgeRef, parcelRef, PARCEL_COUNT, type EdgeRef, type ParcelRef } from './data/board';
import { buildTargets, houseSpots } from './build';
import type { CarsonCommand } from './commands';
import { townHallOptions } from './phases/end-of-round/flow';
import { mightOf } from './table';
import {
  holds,
  isAttackable,
  isBridge,
  isBuilding,
  isPurchasable,
  isRedSheriff,
  isRiver,
  legalRoadEdges,
} from './rules';
import { STABLES } from './data/modules';
import type { CarsonState, PromptState } from './state';
import { locationViolation, markerViolation, promptOf, targetLoc, validate } from './validate';
import { PORTS } from './ports';

/** Shared, frozen references for the (many) commands listed at each prompt. */
const PARCEL_REFS: readonly ParcelRef[] = Array.from({ length: PARCEL_COUNT }, (_, p) =>
  Object.freeze(parcelRef(p)),
);
const EDGE_REFS: readonly EdgeRef[] = Array.from({ length: EDGE_COUNT }, (_, e) => Object.freeze(edgeRef(e)));
const ref = (p: number): ParcelRef => PARCEL_REFS[p];
/** Shared, frozen PLACE_ROAD commands (listed at every prompt of a seat holding a road). */
const ROAD_COMMANDS: readonly CarsonCommand[] = EDGE_REFS.map((edge) =>
  Object.freeze({ type: 'PLACE_ROAD' as const, edge }),
);

type PlaceTarget = Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>['target'];

/** Shared, frozen targets for the commands listed (one per action square, parcel and building). */
const ACTION_TARGETS: readonly PlaceTarget[] = ACTIONS.map((action) =>
  Object.freeze({ kind: 'ACTION' as const, action }),
);
const PARCEL_TARGETS: readonly PlaceTarget[] = PARCEL_REFS.map((parcel) =>
  Object.freeze({ kind: 'PARCEL' as const, parcel }),
);
const BUILDING_TARGETS: readonly PlaceTarget[] = PARCEL_REFS.map((parcel) =>
  Object.freeze({ kind: 'BUILDING' as const, parcel }),
);
const STABLE_TARGETS: readonly PlaceTarget[] = STABLES.map((stable) =>
  Object.freeze({ kind: 'STABLE' as const, stable }),
);

/** The board targets in one table: action squares, then each parcel's PARCEL and BUILDING. */
const BOARD_TARGETS: readonly PlaceTarget[] = [...ACTION_TARGETS, ...PARCEL_TARGETS, ...BUILDING_TARGETS];
const PARCEL_ID = ACTION_TARGETS.length;
const BUILDING_ID = PARCEL_ID + PARCEL_COUNT;

/** Every board location a cowboy might go to (validate filters them), as BOARD_TARGETS ids. */
function boardTargetIds(s: CarsonState): number[] {
  const ids: number[] = [];
  for (let i = 0; i < PARCEL_ID; i++) ids.push(i);
  const outlaws = (s.outlaws?.figures.length ?? 0) > 0;
  for (let p = 0; p < PARCEL_COUNT; p++) {
    // Outlaws: an outlaw's parcel takes fighters (§10.5), though it is not for sale.
    if (
      isPurchasable(s, p) ||
      (outlaws && PORTS.outlaws.hasOutlaw(s, p) && PORTS.outlaws.outlawLoc(s, p).startsWith('P:'))
    )
      ids.push(PARCEL_ID + p);
    if (isBuilding(s.parcels[p].content)) ids.push(BUILDING_ID + p);
  }
  return ids;
}

/** Every board location a cowboy might go to (validate filters them). */
function boardTargets(s: CarsonState): PlaceTarget[] {
  return boardTargetIds(s).map((id) => BOARD_TARGETS[id]);
}

/** The target naming a location key (board locations only). */
function targetOf(loc: string): PlaceTarget {
  if (loc.startsWith('A:')) return { kind: 'ACTION', action: loc.slice(2) as ActionId };
  return { kind: loc[0] === 'P' ? 'PARCEL' : 'BUILDING', parcel: ref(Number(loc.slice(2))) };
}

type Markers = { white?: boolean; noDuel?: boolean; extra?: boolean };

/** The marker combinations a seat may try a placement with (the others are refused anyway). */
function markerSets(s: CarsonState, seat: Seat): Markers[] {
  const player = s.players[seat];
  const flagSets: Markers[] = [{}];
  if (player.white === 'RESERVE') flagSets.push({ white: true });
  if (player.noDuel > 0) flagSets.push({ noDuel: true });
  // Only candidates validate may accept (it refuses the others whatever else holds, so the list
  // is the same): the extra cowboy is the red Singer's, on Gambling; no-duel markers go on the
  // Singer's actions (§9.2). Most of the refused candidates were these.
  if (holds(s, seat, SINGER, 'RED') && player.flags.every((f) => f !== 'SINGER_EXTRA:USED'))
    flagSets.push({ extra: true });
  return flagSets;
}

/** May these markers go on this target at all (validate refuses the others whatever else holds)? */
function markersFit(flags: Markers, target: PlaceTarget): boolean {
  if ((flags.noDuel || flags.extra) && target.kind !== 'ACTION') return false;
  if (flags.extra && target.kind === 'ACTION' && target.action !== 'GAMBLING') return false;
  return !(flags.noDuel && target.kind === 'ACTION' && !SINGER_ACTIONS.includes(target.action));
}

/** PLACE_COWBOY candidates: board targets with each marker combination, and (Horses) stables. */
function placementCandidates(s: CarsonState, seat: Seat): CarsonCommand[] {
  const out: CarsonCommand[] = [];
  const flagSets = markerSets(s, seat);
  const dyn = s.players[seat].dynamite > 0 ? [false, true] : [false];
  for (const target of boardTargets(s)) {
    for (const flags of flagSets) {
      if (!markersFit(flags, target)) continue;
      for (const d of dyn)
        out.push({ type: 'PLACE_COWBOY', target, ...flags, ...(d ? { dynamite: true } : {}) });
    }
  }
  if (PORTS.horses.horsesOn(s))
    for (const target of STABLE_TARGETS) out.push({ type: 'PLACE_COWBOY', target });
  return out;
}

type PlaceCommand = Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>;

/**
 * The PLACE_COWBOY of a variant, keys as placementCandidates spreads them. Variants: 0 none,
 * 1 white, 2 no-duel, 3 extra (one marker at most, as markerSets offers them), + 4 with dynamite.
 */
function placeCommand(target: PlaceTarget, variant: number): PlaceCommand {
  const dynamite = variant >= 4 ? { dynamite: true } : {};
  const marker = [{}, { white: true }, { noDuel: true }, { extra: true }][variant % 4];
  return Object.freeze({ type: 'PLACE_COWBOY' as const, target, ...marker, ...dynamite });
}

/**
 * Shared, frozen PLACE_COWBOY commands per board target (BOARD_TARGETS ids; its 8 variants) and
 * per stable (plain): placement prompts list dozens, a random game some 80 times.
 */
const PLACE_COMMANDS: readonly (readonly PlaceCommand[])[] = BOARD_TARGETS.map((target) =>
  Array.from({ length: 8 }, (_, variant) => placeCommand(target, variant)),
);
const STABLE_COMMANDS: readonly PlaceCommand[] = STABLE_TARGETS.map((target) => placeCommand(target, 0));

/**
 * The marker combinations of the variants (0 none, 1 white, 2 no-duel, 3 extra) as markerSets
 * offers them, and as the location rules read them (`noDuel` with the extra cowboy's own marker).
 */
const MARKERS: readonly Markers[] = [{}, { white: true }, { noDuel: true }, { extra: true }];
const LOCATION_FLAGS: readonly LocationFlags[] = MARKERS.map((m) => ({
  white: m.white === true,
  noDuel: m.noDuel === true || m.extra === true,
  extra: m.extra === true,
}));
/** A variant's markers as `markerViolation` reads them (PLACE_COMMANDS' variants, without the target). */
const VARIANT_MARKERS: readonly Markers[] = PLACE_COMMANDS[0].map(({ white, noDuel, extra, dynamite }) => ({
  white,
  noDuel,
  extra,
  dynamite,
}));

/**
 * The variants (bit v: PLACE_COMMANDS' variant v) of the marker combinations markerSets offers
 * whose figure and markers are there (`markerViolation`), without the extra cowboy if not `extra`.
 */
function variantMask(s: CarsonState, seat: Seat, extra: boolean): number {
  const player = s.players[seat];
  let offered = 1; // markerSets: the plain cowboy, then each marker the seat may use
  if (player.white === 'RESERVE') offered |= 2;
  if (player.noDuel > 0) offered |= 4;
  if (extra && holds(s, seat, SINGER, 'RED') && player.flags.every((f) => f !== 'SINGER_EXTRA:USED'))
    offered |= 8;
  const variants = player.dynamite > 0 ? 8 : 4;
  let mask = 0;
  for (let v = 0; v < variants; v++)
    if ((offered & (1 << (v % 4))) !== 0 && markerViolation(s, seat, VARIANT_MARKERS[v]) === null)
      mask |= 1 << v;
  return mask;
}

/**
 * The PLACE_COWBOY commands validate accepts, in placementCandidates' order, valid by
 * construction: validate's placement check is `markerViolation` (the figure and markers, the
 * same for every target) then `locationViolation` (the target), so this checks each marker
 * combination once, then lists each board location (boardPlacements) against a table of who
 * stands where built once. `locationViolation` reads the dynamite marker only for a stable (none
 * is offered with dynamite), so one check serves a board target with and without it. Without
 * `extra`: Stable 2's extra placement, where validate refuses the Singer's extra cowboy.
 */
function validPlacements(s: CarsonState, seat: Seat, out: CarsonCommand[], extra = true): void {
  const mask = variantMask(s, seat, extra);
  if (mask !== 0) boardPlacements(s, seat, mask, out);
  if (PORTS.horses.horsesOn(s) && (mask & 1) !== 0) {
    const plain = { white: false, noDuel: false, dynamite: false, extra: false };
    for (let k = 0; k < STABLE_TARGETS.length; k++)
      if (locationViolation(s, seat, STABLE_TARGETS[k], plain) === null) out.push(STABLE_COMMANDS[k]);
  }
}

/** Lists target `id`'s variants of marker combination `m` in `mask` (without, then with dynamite). */
function pushVariants(out: CarsonCommand[], id: number, mask: number, m: number): void {
  const commands = PLACE_COMMANDS[id];
  if ((mask & (1 << m)) !== 0) out.push(commands[m]);
  if ((mask & (16 << m)) !== 0) out.push(commands[m + 4]);
}

/** Who stands on a board location (BOARD_TARGETS id), for one seat: bits of occupancy(). */
const ANY = 1;
const OWN = 2;
const WHITE = 4;
/** A cowboy without a no-duel marker (the red Sheriff may not challenge it). */
const DUELER = 8;
/** occupancy()'s table, one entry per BOARD_TARGETS id (cleared by each call; only it writes it). */
const OCCUPANCY = new Uint8Array(BOARD_TARGETS.length);
/** BOARD_TARGETS ids by location key (`A:<action>`, `P:<n>`, `B:<n>`). */
const BOARD_IDS: ReadonlyMap<string, number> = new Map(BOARD_TARGETS.map((t, id) => [targetLoc(t), id]));

/** Per board location, the bits of the cowboys there as seen by `seat` (stables are not on it). */
function occupancy(s: CarsonState, seat: Seat): Uint8Array {
  const occ = OCCUPANCY.fill(0);
  for (let i = 0; i < s.placements.length; i++) {
    const p = s.placements[i];
    const id = BOARD_IDS.get(p.loc);
    if (id === undefined) continue;
    occ[id] |= ANY | (p.seat === seat ? OWN : 0) | (p.white ? WHITE : 0) | (p.noDuel ? 0 : DUELER);
  }
  return occ;
}

/** Per action square (ACTIONS order): its building square (-1: none), multi, Singer square. */
const ACTION_SQUARE: readonly number[] = ACTIONS.map(buildSquare);
const ACTION_MULTI: readonly boolean[] = ACTIONS.map((a) => MULTI_ACTIONS.includes(a));
const ACTION_SINGER: readonly boolean[] = ACTIONS.map((a) => SINGER_ACTIONS.includes(a));
const GAMBLING = ACTIONS.indexOf('GAMBLING');
const AMMUNITION = ACTIONS.indexOf('AMMUNITION');

/** One marker combination as the location rules read it. */
interface LocationFlags {
  white: boolean;
  /** A no-duel marker, the extra cowboy's included. */
  noDuel: boolean;
  extra: boolean;
}

/**
 * The board placements of boardTargets' order (markersFit's marker combinations on each target,
 * the variants of `mask` each) that `locationViolation` accepts, decided from the occupancy
 * table: its rules for an action square, an unowned parcel and a building, term by term
 * (legal-property.spec compares the listing with every candidate through validate). A parcel
 * with an outlaw (§10.5) goes through `locationViolation` itself.
 */
function boardPlacements(s: CarsonState, seat: Seat, mask: number, out: CarsonCommand[]): void {
  const occ = occupancy(s, seat);
  const redSheriff = isRedSheriff(s, seat);
  const combos = (mask | (mask >> 4)) & 15; // the marker combinations with some variant
  for (let a = 0; a < PARCEL_ID; a++) {
    if (!actionOpen(s, a)) continue;
    for (let m = 0; m < 4; m++)
      if ((combos & (1 << m)) !== 0 && actionFits(a, occ[a], LOCATION_FLAGS[m], redSheriff))
        pushVariants(out, a, mask, m);
  }
  // Parcels and buildings take no marker but the white cowboy: the plain and white combinations.
  const plain = (combos & 1) !== 0;
  const white = (combos & 2) !== 0;
  const outlaws = (s.outlaws?.figures.length ?? 0) > 0;
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    if (outlaws && PORTS.outlaws.hasOutlaw(s, p)) {
      outlawPlacements(s, seat, p, mask, out);
      continue;
    }
    const building = isBuilding(cell.content);
    if (cell.owner === null && !building && cell.content !== 'RIVER') {
      const o = occ[PARCEL_ID + p];
      if ((o & (OWN | WHITE)) === 0 && ((o & ANY) === 0 || !redSheriff)) {
        if (plain) pushVariants(out, PARCEL_ID + p, mask, 0);
        if (white && (o & ANY) === 0) pushVariants(out, PARCEL_ID + p, mask, 1);
      }
    }
    if (building) buildingPlacements(s, seat, p, occ[BUILDING_ID + p], mask, redSheriff, out);
  }
}

/** The action square's own rules (round marker, building, 3-guns marker), whoever places. */
function actionOpen(s: CarsonState, a: number): boolean {
  if (!buyVpOpen(ACTIONS[a], s.round)) return false;
  const sq = ACTION_SQUARE[a];
  if (sq >= 0 && s.track[sq] === null) return false;
  return !(a === AMMUNITION && s.ammunitionVoid);
}

/** markersFit and actionLocationViolation for an open action square with `o` on it. */
function actionFits(a: number, o: number, f: LocationFlags, redSheriff: boolean): boolean {
  if (f.extra ? a !== GAMBLING : f.noDuel && !ACTION_SINGER[a]) return false;
  if (ACTION_MULTI[a]) return !(f.white && (o & ANY) !== 0);
  if ((o & OWN) !== 0) return false;
  if (!f.noDuel && (o & WHITE) !== 0) return false;
  if (f.white && (o & ANY) !== 0) return false;
  return !(redSheriff && !f.noDuel && (o & DUELER) !== 0);
}

/**
 * locationViolation's building rules for parcel `p` (a building, no outlaw) with `o` on it, for
 * the plain (m = 0) and the white (m = 1) cowboy.
 */
function buildingPlacements(
  s: CarsonState,
  seat: Seat,
  p: number,
  o: number,
  mask: number,
  redSheriff: boolean,
  out: CarsonCommand[],
): void {
  if ((o & (OWN | WHITE)) !== 0) return;
  const cell = s.parcels[p];
  let attackable: boolean | undefined;
  for (let m = 0; m < 2; m++) {
    const white = m === 1;
    if ((mask & (17 << m)) === 0 || (white && (o & ANY) !== 0)) continue;
    let ok: boolean;
    if (cell.content === 'TOWN_HALL') {
      const occupant = s.townHall.occupant;
      ok = !white && occupant !== seat && !(redSheriff && ((o & ANY) !== 0 || occupant !== null));
    } else if (cell.owner !== seat && (white || redSheriff || holds(s, seat, HEROES, 'YELLOW'))) ok = false;
    else ok = attackable ??= isAttackable(s, p);
    if (ok) pushVariants(out, BUILDING_ID + p, mask, m);
  }
}

/** An outlaw's parcel (§10.5): its PARCEL and BUILDING targets as boardTargets lists them, checked one by one. */
function outlawPlacements(s: CarsonState, seat: Seat, p: number, mask: number, out: CarsonCommand[]): void {
  const redSheriff = isRedSheriff(s, seat);
  const ids: number[] = [];
  if (isPurchasable(s, p) || PORTS.outlaws.outlawLoc(s, p).startsWith('P:')) ids.push(PARCEL_ID + p);
  if (isBuilding(s.parcels[p].content)) ids.push(BUILDING_ID + p);
  for (const id of ids)
    for (let m = 0; m < 4; m++) {
      if ((mask & (17 << m)) === 0 || !markersFit(MARKERS[m], BOARD_TARGETS[id])) continue;
      const { white, noDuel, extra } = LOCATION_FLAGS[m];
      const f = { white, noDuel: noDuel && !extra, dynamite: false, extra, redSheriff };
      if (locationViolation(s, seat, BOARD_TARGETS[id], f) === null) pushVariants(out, id, mask, m);
    }
}

function pickCandidates(s: CarsonState, seat: Seat, prompt: PromptState, out: CarsonCommand[]): void {
  if (prompt.kind === 'GREAT_SERVICE') out.push({ type: 'DECLINE_ACTION' });
  for (const t of s.tiles) {
    if (t.takenBy !== null) continue;
    // Influential connections (§10.1): the tile's own side (no `side`) or either side named.
    if (t.side !== 'EITHER' && PORTS.anb.chooseSideFreely(s, seat, t.id))
      out.push({ type: 'PICK_CHARACTER', personality: t.id });
    if ((t.side === 'EITHER' && t.id !== 17) || PORTS.anb.chooseSideFreely(s, seat, t.id)) {
      out.push({ type: 'PICK_CHARACTER', personality: t.id, side: 'YELLOW' });
      out.push({ type: 'PICK_CHARACTER', personality: t.id, side: 'RED' });
    } else out.push({ type: 'PICK_CHARACTER', personality: t.id });
  }
}

function kitCandidates(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  // Kit Carson (§10.4): lock, place, or move / withdraw one of your placed cowboys (not
  // those in stables).
  out.push({ type: 'LOCK' }, ...placementCandidates(s, seat));
  kitMoves(s, seat, out);
}

/** Kit Carson: withdraw or move one of your placed cowboys (validate filters them). */
function kitMoves(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  const targets = boardTargets(s);
  const seen = new Set<string>();
  for (const p of s.placements) {
    if (p.seat !== seat || p.loc.startsWith('S:')) continue;
    const key = `${p.loc}:${p.white}:${p.dynamite}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const from = targetOf(p.loc);
    const flags = { ...(p.white && { white: true }), ...(p.dynamite && { dynamite: true }) };
    out.push({ type: 'WITHDRAW_COWBOY', from, ...flags });
    for (const to of targets) out.push({ type: 'RELOCATE_COWBOY', from, to, ...flags });
  }
}

function stableTwoCandidates(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  // Stable 2 (§10.6): nothing, pass, one extra cowboy, or move a placed one.
  out.push({ type: 'DECLINE_ACTION' }, { type: 'PASS' }, ...placementCandidates(s, seat));
  stableTwoMoves(s, seat, out);
}

/** Stable 2: move a placed cowboy to the board or back to the reserve (validate filters them). */
function stableTwoMoves(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  for (const from of PORTS.horses.movableCowboys(s, seat)) {
    const fromTarget = targetOf(from.loc);
    out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget });
    for (const to of boardTargets(s)) out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget, to });
  }
}

function candidates(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  const player = s.players[seat];
  const out: CarsonCommand[] = [];
  switch (prompt.kind) {
    case 'CHOOSE_STARTING_PARCEL':
      for (let p = 0; p < PARCEL_COUNT; p++)
        if (s.parcels[p].owner === null) out.push({ type: 'CHOOSE_STARTING_PARCEL', parcel: ref(p) });
      break;
    case 'PICK_CHARACTER':
    case 'GREAT_SERVICE':
      pickCandidates(s, seat, prompt, out);
      break;
    case 'FILL_SHEET':
      out.push(...PORTS.anb.canonicalSheets); // (legalCommands returns them directly)
      break;
    case 'PLACE_COWBOY':
      out.push({ type: 'PASS' }, ...placementCandidates(s, seat));
      break;
    case 'KIT_PLACEMENT':
      kitCandidates(s, seat, out);
      break;
    case 'STABLE_TWO':
      stableTwoCandidates(s, seat, out);
      break;
    case 'STABLE_HORSE':
    case 'BUY_HORSE':
      out.push({ type: 'DECLINE_ACTION' });
      for (const stable of STABLES) out.push({ type: prompt.kind, stable });
      break;
    case 'CHOOSE_DUEL_ORDER':
      for (const loc of prompt.locs)
        out.push({ type: 'CHOOSE_DUEL_ORDER', parcel: ref(Number(loc.slice(2))) });
      break;
    case 'BUY_PARCEL':
      out.push({ type: 'BUY_PARCEL' }, { type: 'DECLINE_ACTION' });
      break;
    case 'BUY_BUILDING':
      out.push({ type: 'BUY_BUILDING' }, { type: 'DECLINE_ACTION' });
      break;
    case 'BUY_VP':
      out.push({ type: 'DECLINE_ACTION' });
      for (let k = 1; k * prompt.price <= player.money; k++) out.push({ type: 'BUY_VP', count: k });
      break;
    case 'PLACE_BUILDING':
      out.push({ type: 'KEEP_PENDING' });
      for (const b of [...new Set(player.pending)]) {
        if (prompt.only !== null && b !== prompt.only) continue;
        for (const p of buildTargets(s, seat, b, prompt.refused))
          out.push({ type: 'BUILD_PENDING', building: b, parcel: ref(p) });
      }
      break;
    case 'PLACE_HOUSE':
      out.push({ type: 'CANCEL_BUILD' });
      for (const h of houseSpots(s, prompt.build))
        out.push({ type: 'PLACE_HOUSE', parcel: ref(h.parcel), townHouse: h.town });
      break;
    case 'CONSENT':
      out.push({ type: 'ANSWER_CONSENT', accept: false }, { type: 'ANSWER_CONSENT', accept: true });
      break;
    case 'SPEND_CASH':
      for (let a = prompt.min; a <= prompt.max; a++) out.push({ type: 'SPEND_CASH', amount: a });
      break;
    case 'PLACE_TOWN_HALL':
      for (const o of townHallOptions(s)) out.push({ type: 'PLACE_TOWN_HALL', parcel: ref(o.parcel) });
      break;
    case 'CHOOSE_OPTION':
      for (const option of prompt.options) out.push({ type: 'CHOOSE_OPTION', option });
      break;
    case 'CHOOSE_PARCEL':
      if (prompt.optional) out.push({ type: 'DECLINE_ACTION' });
      for (const p of prompt.parcels) out.push({ type: 'CHOOSE_PARCEL', parcel: ref(p) });
      break;
    case 'TAKE_BUILDING':
      out.push({ type: 'DECLINE_ACTION' });
      for (const square of prompt.squares) out.push({ type: 'TAKE_BUILDING', square });
      break;
    case 'BID':
      out.push({ type: 'DECLINE_ACTION' });
      for (let a = prompt.auction.bid + 1; a <= player.money; a++) out.push({ type: 'BID', amount: a });
      break;
    case 'MOVE_COWBOY':
      out.push({ type: 'DECLINE_ACTION' });
      for (const action of prompt.actions) out.push({ type: 'MOVE_COWBOY', action });
      break;
    case 'CHOOSE_DUEL_DIE':
      for (const dice of prompt.options) out.push({ type: 'CHOOSE_DUEL_DIE', dice: dice.slice() });
      break;
    case 'CHOOSE_DUEL_TILE': {
      const need = prompt.need[prompt.waiting.indexOf(seat)];
      for (const tiles of PORTS.might.tileChoices(mightOf(s)!.hands[seat], need))
        out.push({ type: 'CHOOSE_DUEL_TILE', tiles });
      break;
    }
  }
  return out;
}

/** Shared, frozen answers listed at many prompts (a random game lists one at a fifth of them). */
const PASS: CarsonCommand = Object.freeze({ type: 'PASS' });
const DECLINE: CarsonCommand = Object.freeze({ type: 'DECLINE_ACTION' });
const BUY_PARCEL: CarsonCommand = Object.freeze({ type: 'BUY_PARCEL' });
const BUY_BUILDING: CarsonCommand = Object.freeze({ type: 'BUY_BUILDING' });
const CONSENTS: readonly CarsonCommand[] = [false, true].map((accept) =>
  Object.freeze({ type: 'ANSWER_CONSENT' as const, accept }),
);
const STARTING_PARCELS: readonly CarsonCommand[] = PARCEL_REFS.map((parcel) =>
  Object.freeze({ type: 'CHOOSE_STARTING_PARCEL' as const, parcel }),
);

/**
 * The commands of the prompts whose candidates validate accepts by the prompt's own lists (the
 * same commands as candidates, in its order; legal-property.spec compares them with every
 * candidate through validate), or null for the prompts listed otherwise.
 */
function listedCommands(s: CarsonState, seat: Seat, prompt: PromptState): CarsonCommand[] | null {
  const money = s.players[seat].money;
  const out: CarsonCommand[] = [];
  switch (prompt.kind) {
    case 'BUY_PARCEL':
      return [BUY_PARCEL, DECLINE];
    case 'BUY_BUILDING':
      return [BUY_BUILDING, DECLINE];
    case 'CONSENT':
      return CONSENTS.slice();
    case 'CHOOSE_STARTING_PARCEL':
      // validate: an unowned parcel that is not river.
      for (let p = 0; p < PARCEL_COUNT; p++)
        if (s.parcels[p].owner === null && !isRiver(s, p)) out.push(STARTING_PARCELS[p]);
      return out;
    case 'SPEND_CASH':
      for (let a = prompt.min; a <= prompt.max; a++) out.push({ type: 'SPEND_CASH', amount: a });
      return out;
    case 'BUY_VP':
      out.push(DECLINE);
      for (let k = 1; k * prompt.price <= money; k++) out.push({ type: 'BUY_VP', count: k });
      return out;
    case 'BID':
      out.push(DECLINE);
      for (let a = Math.max(1, prompt.auction.bid + 1); a <= money; a++) out.push({ type: 'BID', amount: a });
      return out;
    case 'CHOOSE_OPTION':
      for (const option of prompt.options) out.push({ type: 'CHOOSE_OPTION', option });
      return out;
    case 'TAKE_BUILDING':
      out.push(DECLINE);
      for (const square of prompt.squares) out.push({ type: 'TAKE_BUILDING', square });
      return out;
    case 'CHOOSE_PARCEL':
      // validate: one of the parcels offered, not river.
      if (prompt.optional) out.push(DECLINE);
      for (const p of prompt.parcels) if (!isRiver(s, p)) out.push({ type: 'CHOOSE_PARCEL', parcel: ref(p) });
      return out;
    default:
      return null;
  }
}

/**
 * The commands validate accepts at the seat's prompt (roads aside), in candidates' order: the
 * placements valid by construction (validPlacements), the prompts' own lists (listedCommands),
 * every other candidate through validate.
 */
function promptCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const accepted = (c: CarsonCommand) => validate(s, seat, c) === null;
  const prompt = promptOf(s, seat);
  const listed = prompt && listedCommands(s, seat, prompt);
  if (listed) return listed;
  const out: CarsonCommand[] = [];
  switch (prompt?.kind) {
    case 'PLACE_COWBOY':
      out.push(PASS);
      validPlacements(s, seat, out);
      return out;
    case 'KIT_PLACEMENT': {
      out.push({ type: 'LOCK' });
      validPlacements(s, seat, out);
      const moves: CarsonCommand[] = [];
      kitMoves(s, seat, moves);
      return out.concat(moves.filter(accepted));
    }
    case 'STABLE_TWO': {
      out.push({ type: 'DECLINE_ACTION' }, { type: 'PASS' });
      validPlacements(s, seat, out, false);
      const moves: CarsonCommand[] = [];
      stableTwoMoves(s, seat, moves);
      return out.concat(moves.filter(accepted));
    }
    case 'PLACE_BUILDING':
    case 'PLACE_HOUSE':
    case 'PLACE_TOWN_HALL':
      return buildCommands(s, seat);
    default:
      return candidates(s, seat).filter(accepted);
  }
}

/**
 * The construction prompts' commands validate accepts, in candidates' order, valid by
 * construction: validate accepts a listed parcel when it is not river and is in the very list
 * the candidates come from (buildTargets, houseSpots, townHallOptions; the target, spot or option
 * rules are those lists' own), so this computes each list once instead of once per candidate
 * (it was a fifth of legalCommands' time in random games). Their outlaw check too for a House.
 */
function buildCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat)!;
  const out: CarsonCommand[] = [];
  if (prompt.kind === 'PLACE_BUILDING') {
    out.push({ type: 'KEEP_PENDING' });
    for (const b of [...new Set(s.players[seat].pending)]) {
      if (prompt.only !== null && b !== prompt.only) continue;
      for (const p of buildTargets(s, seat, b, prompt.refused))
        if (!isRiver(s, p)) out.push({ type: 'BUILD_PENDING', building: b, parcel: ref(p) });
    }
  } else if (prompt.kind === 'PLACE_HOUSE') {
    out.push({ type: 'CANCEL_BUILD' });
    for (const h of houseSpots(s, prompt.build))
      if (!isRiver(s, h.parcel) && !PORTS.outlaws.hasOutlaw(s, h.parcel))
        out.push({ type: 'PLACE_HOUSE', parcel: ref(h.parcel), townHouse: h.town });
  } else if (prompt.kind === 'PLACE_TOWN_HALL') {
    for (const o of townHallOptions(s))
      if (!isRiver(s, o.parcel)) out.push({ type: 'PLACE_TOWN_HALL', parcel: ref(o.parcel) });
  }
  return out;
}

export function legalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  // A New Beginning: the canonical sheets within this seat's budget ($50, + 15 − tile total with
  // Might is Right) and, in solo, without a bid (§11.1); no one holds a road yet.
  if (promptOf(s, seat)?.kind === 'FILL_SHEET')
    return PORTS.anb.canonicalSheets.filter((c) => PORTS.anb.sheetProblemFor(s, seat, c) === null);
  return withRoads(s, seat, promptCommands(s, seat));
}

/**
 * legalCommands as every candidate filtered by `validate` (what it was before the placements
 * were listed valid by construction): the reference a test compares legalCommands with.
 */
export function legalByValidation(s: CarsonState, seat: Seat): CarsonCommand[] {
  if (promptOf(s, seat)?.kind === 'FILL_SHEET')
    return PORTS.anb.canonicalSheets.filter((c) => validate(s, seat, c) === null);
  return withRoads(
    s,
    seat,
    candidates(s, seat).filter((c) => validate(s, seat, c) === null),
  );
}

/** Roads from the reserve at any prompt of the seat: exactly the edges validate() accepts. */
function withRoads(s: CarsonState, seat: Seat, out: CarsonCommand[]): CarsonCommand[] {
  const roads = s.players[seat].roads;
  if (out.length > 0 && roads > 0) {
    // A bridge takes 2 roads (§10.2).
    const edges = legalRoadEdges(s);
    for (let i = 0; i < edges.length; i++)
      if (roads >= 2 || !isBridge(s, edges[i])) out.push(ROAD_COMMANDS[edges[i]]);
  }
  return out;
}

/**
 * What a turn timer does: pass, decline (GREAT_SERVICE: keep the power), keep pending, refuse,
 * the minimum, or the first option; the sheet buys the normal start and the Marksman keeps his
 * highest dice (A New Beginning).
 * A duel tile choice (Might is Right) times out to the lowest tile(s): the first listed. Kit
 * Carson's simultaneous placement times out to LOCK (§10.4): a seat's timer ends its placing, so
 * the game never stalls on the simultaneous prompt.
 */
export function timeoutCommand(s: CarsonState, seat: Seat): CarsonCommand | null {
  const prompt = promptOf(s, seat);
  if (!prompt) return null;
  // A New Beginning: the sheet that buys the normal start (T22: $35, leaving $15, §10.1).
  if (prompt.kind === 'FILL_SHEET') return { type: 'FILL_SHEET', ...PORTS.anb.normalStartSheet };
  // Marksman: the highest die (dice) rolled — the strongest choice (§10.1).
  if (prompt.kind === 'CHOOSE_DUEL_DIE')
    return { type: 'CHOOSE_DUEL_DIE', dice: prompt.options[prompt.options.length - 1].slice() };
  const legal = legalCommands(s, seat).filter((c) => c.type !== 'PLACE_ROAD');
  // Stable 2: a timer takes no effect at all rather than ending the seat's placements.
  const prefer =
    prompt.kind === 'STABLE_TWO'
      ? ['DECLINE_ACTION']
      : ['PASS', 'LOCK', 'DECLINE_ACTION', 'KEEP_PENDING', 'CANCEL_BUILD'];
  for (const t of prefer) {
    const c = legal.find((x) => x.type === t);
    if (c) return c;
  }
  return legal[0] ?? null;
}
