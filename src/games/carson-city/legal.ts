/** legalCommands and timeoutCommand: candidates per prompt, kept when `validate` accepts them. */
import type { Seat } from '../engine';
import { ACTIONS, SINGER_ACTIONS, type ActionId } from './data/actions';
import { SINGER } from './data/personalities';
import { EDGE_COUNT, edgeRef, parcelRef, PARCEL_COUNT, type EdgeRef, type ParcelRef } from './data/board';
import { buildTargets, houseSpots } from './build';
import type { CarsonCommand } from './commands';
import { townHallOptions } from './flow';
import { horsesOn, movableCowboys, STABLES } from './modules/horses/horses';
import { holds, isBridge, isBuilding, isPurchasable, legalRoadEdges } from './rules';
import { mightOf, tileChoices } from './modules/might/might';
import { hasOutlaw, outlawLoc } from './modules/outlaws/outlaws';
import type { CarsonState, Placement, PromptState } from './state';
import { locationViolation, markerViolation, promptOf, validate } from './validate';
import {
  chooseSideFreely,
  NORMAL_START_SHEET,
  sheetProblemFor,
  sheetTotal,
  VP_CHOICES,
  type Sheet,
} from './modules/anb/anb';

/** Shared, frozen references for the (many) commands listed at each prompt. */
const PARCEL_REFS: readonly ParcelRef[] = Array.from({ length: PARCEL_COUNT }, (_, p) =>
  Object.freeze(parcelRef(p)),
);
const EDGE_REFS: readonly EdgeRef[] = Array.from({ length: EDGE_COUNT }, (_, e) => Object.freeze(edgeRef(e)));
const ref = (p: number): ParcelRef => PARCEL_REFS[p];

type SheetCommand = Extract<CarsonCommand, { type: 'FILL_SHEET' }>;

/** First-player bids offered by legalCommands with the normal start (any bid within $50 is accepted). */
export const CANONICAL_BIDS: readonly number[] = [0, 1, 5];

/**
 * A New Beginning sheets listed by legalCommands (§10.1). The full space (rows 0..4, the VP
 * column, three powers, bids $0..$50) has about a million sheets, so legalCommands lists a small
 * canonical subset and `validate` accepts any sheet within $50: the one documented exception to
 * "every accepted command is listed". The subset (about 400, so a client's legalCommands answer
 * stays small) is:
 * - every combination of the four purchase rows within $50, without VP, powers or bid;
 * - the normal start ($35, T22) changed in one way: each power alone, each VP column, each bid;
 * - each non-empty set of powers with nothing else.
 */
function canonicalSheets(): SheetCommand[] {
  const out: SheetCommand[] = [];
  const seen = new Set<string>();
  const add = (sheet: Sheet) => {
    const key = JSON.stringify(sheet);
    if (sheetTotal(sheet) > 50 || seen.has(key)) return;
    seen.add(key);
    out.push(Object.freeze({ type: 'FILL_SHEET', ...sheet }) as SheetCommand);
  };
  const none: Sheet = {
    cowboys: 0,
    revolvers: 0,
    roads: 0,
    parcels: 0,
    vp: 0,
    influential: false,
    greatService: false,
    marksman: false,
    bid: 0,
  };
  const counts = [0, 1, 2, 3, 4];
  for (const cowboys of counts)
    for (const revolvers of counts)
      for (const roads of counts)
        for (const parcels of counts) add({ ...none, cowboys, revolvers, roads, parcels });
  const normal: Sheet = { ...NORMAL_START_SHEET };
  for (const power of ['influential', 'greatService', 'marksman'] as const) add({ ...normal, [power]: true });
  for (const vp of VP_CHOICES) add({ ...normal, vp });
  for (const bid of CANONICAL_BIDS) add({ ...normal, bid });
  for (let powers = 1; powers < 8; powers++)
    add({
      ...none,
      influential: (powers & 1) !== 0,
      greatService: (powers & 2) !== 0,
      marksman: (powers & 4) !== 0,
    });
  return out;
}
const CANONICAL_SHEETS: readonly SheetCommand[] = canonicalSheets();
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

/** Every board location a cowboy might go to (validate filters them). */
function boardTargets(s: CarsonState): PlaceTarget[] {
  const targets: PlaceTarget[] = ACTION_TARGETS.slice();
  for (let p = 0; p < PARCEL_COUNT; p++) {
    // Outlaws: an outlaw's parcel takes fighters (§10.5), though it is not for sale.
    if (isPurchasable(s, p) || (hasOutlaw(s, p) && outlawLoc(s, p).startsWith('P:')))
      targets.push(PARCEL_TARGETS[p]);
    if (isBuilding(s.parcels[p].content)) targets.push(BUILDING_TARGETS[p]);
  }
  return targets;
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
  if (horsesOn(s)) for (const target of STABLE_TARGETS) out.push({ type: 'PLACE_COWBOY', target });
  return out;
}

const NO_PLACEMENTS: readonly Placement[] = [];

/**
 * The PLACE_COWBOY commands validate accepts, in placementCandidates' order, valid by
 * construction: validate's placement check is `markerViolation` (the figure and markers, the
 * same for every target) then `locationViolation` (the target), so this checks each marker
 * combination once and each target once per combination, against the placements indexed by
 * location once. `locationViolation` reads the dynamite marker only for a stable (none is offered
 * with dynamite), so one check serves a board target with and without it. Without `extra`:
 * Stable 2's extra placement, where validate refuses the Singer's extra cowboy.
 */
function validPlacements(s: CarsonState, seat: Seat, out: CarsonCommand[], extra = true): void {
  const flagSets = markerSets(s, seat).filter((f) => extra || !f.extra);
  const dyn = s.players[seat].dynamite > 0 ? [false, true] : [false];
  // Per marker combination, its commands' maker when the figure and markers are there.
  const makers = flagSets.map((flags) =>
    dyn.map((d) =>
      markerViolation(s, seat, { ...flags, ...(d && { dynamite: true }) }) ? null : maker(flags, d),
    ),
  );
  const index = new Map<string, Placement[]>();
  for (const p of s.placements) {
    const here = index.get(p.loc);
    if (here) here.push(p);
    else index.set(p.loc, [p]);
  }
  const at = (key: string) => index.get(key) ?? NO_PLACEMENTS;
  const fits = (target: PlaceTarget, flags: Markers) => {
    const f = {
      white: flags.white === true,
      noDuel: flags.noDuel === true,
      dynamite: false,
      extra: flags.extra === true,
    };
    return locationViolation(s, seat, target, f, at) === null;
  };
  const usable = makers.map((m) => m.some((x) => x !== null));
  const board = usable.includes(true) ? boardTargets(s) : [];
  for (const target of board) {
    for (let i = 0; i < flagSets.length; i++) {
      if (!usable[i] || !markersFit(flagSets[i], target) || !fits(target, flagSets[i])) continue;
      const row = makers[i];
      for (let j = 0; j < row.length; j++) {
        const make = row[j];
        if (make) out.push(make(target));
      }
    }
  }
  if (horsesOn(s) && makers[0][0])
    for (const target of STABLE_TARGETS) if (fits(target, {})) out.push({ type: 'PLACE_COWBOY', target });
}

type Make = (target: PlaceTarget) => CarsonCommand;

/** A PLACE_COWBOY with these markers, keys as placementCandidates spreads them (one marker at most). */
function maker(flags: Markers, dynamite: boolean): Make {
  const type = 'PLACE_COWBOY' as const;
  if (flags.white)
    return dynamite
      ? (target) => ({ type, target, white: true, dynamite })
      : (target) => ({ type, target, white: true });
  if (flags.noDuel)
    return dynamite
      ? (target) => ({ type, target, noDuel: true, dynamite })
      : (target) => ({ type, target, noDuel: true });
  if (flags.extra)
    return dynamite
      ? (target) => ({ type, target, extra: true, dynamite })
      : (target) => ({ type, target, extra: true });
  return dynamite ? (target) => ({ type, target, dynamite }) : (target) => ({ type, target });
}

function pickCandidates(s: CarsonState, seat: Seat, prompt: PromptState, out: CarsonCommand[]): void {
  if (prompt.kind === 'GREAT_SERVICE') out.push({ type: 'DECLINE_ACTION' });
  for (const t of s.tiles) {
    if (t.takenBy !== null) continue;
    // Influential connections (§10.1): the tile's own side (no `side`) or either side named.
    if (t.side !== 'EITHER' && chooseSideFreely(s, seat, t.id))
      out.push({ type: 'PICK_CHARACTER', personality: t.id });
    if ((t.side === 'EITHER' && t.id !== 17) || chooseSideFreely(s, seat, t.id)) {
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
  for (const from of movableCowboys(s, seat)) {
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
      out.push(...CANONICAL_SHEETS); // (legalCommands returns them directly)
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
      for (const tiles of tileChoices(mightOf(s)!.hands[seat], need))
        out.push({ type: 'CHOOSE_DUEL_TILE', tiles });
      break;
    }
  }
  return out;
}

/**
 * The commands validate accepts at the seat's prompt (roads aside), in candidates' order: the
 * placements valid by construction (validPlacements), every other candidate through validate.
 */
function promptCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const accepted = (c: CarsonCommand) => validate(s, seat, c) === null;
  const out: CarsonCommand[] = [];
  switch (promptOf(s, seat)?.kind) {
    case 'PLACE_COWBOY':
      out.push({ type: 'PASS' });
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
    default:
      return candidates(s, seat).filter(accepted);
  }
}

export function legalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  // A New Beginning: the canonical sheets within this seat's budget ($50, + 15 − tile total with
  // Might is Right) and, in solo, without a bid (§11.1); no one holds a road yet.
  if (promptOf(s, seat)?.kind === 'FILL_SHEET')
    return CANONICAL_SHEETS.filter((c) => sheetProblemFor(s, seat, c) === null);
  return withRoads(s, seat, promptCommands(s, seat));
}

/**
 * legalCommands as every candidate filtered by `validate` (what it was before the placements
 * were listed valid by construction): the reference a test compares legalCommands with.
 */
export function legalByValidation(s: CarsonState, seat: Seat): CarsonCommand[] {
  if (promptOf(s, seat)?.kind === 'FILL_SHEET')
    return CANONICAL_SHEETS.filter((c) => validate(s, seat, c) === null);
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
    for (const e of legalRoadEdges(s))
      if (roads >= 2 || !isBridge(s, e)) out.push({ type: 'PLACE_ROAD', edge: EDGE_REFS[e] });
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
  if (prompt.kind === 'FILL_SHEET') return { type: 'FILL_SHEET', ...NORMAL_START_SHEET };
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
