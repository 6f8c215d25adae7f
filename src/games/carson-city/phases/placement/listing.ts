/**
 * Phase 2's placement listing (§4.3): the PLACE_COWBOY forms a seat may send, as candidates
 * (every board target with each marker combination, for the reference) and valid by construction
 * (`validPlacements`: the placement rules of ./rules.ts decided once per marker combination and
 * once per location from a table of who stands where). Shared by the placement commands, Kit
 * Carson's session (§10.4) and Horses' stable 2 (§10.6).
 */
import type { Seat } from '../../../engine';
import {
  ACTIONS,
  buildSquare,
  buyVpOpen,
  MULTI_ACTIONS,
  SINGER_ACTIONS,
  type ActionId,
} from '../../data/actions';
import { PARCEL_COUNT } from '../../data/board';
import { STABLES } from '../../data/modules';
import { HEROES, SINGER } from '../../data/personalities';
import type { CarsonCommand } from '../../commands';
import { holds, isAttackable, isBuilding, isPurchasable, isRedSheriff } from '../../rules';
import type { CarsonState } from '../../state';
import { PORTS } from '../../ports';
import { PARCEL_REFS, ref } from '../refs';
import { locationViolation, markerViolation, targetLoc } from './rules';

export type PlaceTarget = Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>['target'];

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
export function boardTargets(s: CarsonState): PlaceTarget[] {
  return boardTargetIds(s).map((id) => BOARD_TARGETS[id]);
}

/** The target naming a location key (board locations only). */
export function targetOf(loc: string): PlaceTarget {
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
export function placementCandidates(s: CarsonState, seat: Seat): PlaceCommand[] {
  const out: PlaceCommand[] = [];
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

export type PlaceCommand = Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>;

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
export function validPlacements(s: CarsonState, seat: Seat, out: PlaceCommand[], extra = true): void {
  const mask = variantMask(s, seat, extra);
  if (mask !== 0) boardPlacements(s, seat, mask, out);
  if (PORTS.horses.horsesOn(s) && (mask & 1) !== 0) {
    const plain = { white: false, noDuel: false, dynamite: false, extra: false };
    for (let k = 0; k < STABLE_TARGETS.length; k++)
      if (locationViolation(s, seat, STABLE_TARGETS[k], plain) === null) out.push(STABLE_COMMANDS[k]);
  }
}

/** Lists target `id`'s variants of marker combination `m` in `mask` (without, then with dynamite). */
function pushVariants(out: PlaceCommand[], id: number, mask: number, m: number): void {
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
function boardPlacements(s: CarsonState, seat: Seat, mask: number, out: PlaceCommand[]): void {
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
  out: PlaceCommand[],
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
function outlawPlacements(s: CarsonState, seat: Seat, p: number, mask: number, out: PlaceCommand[]): void {
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
