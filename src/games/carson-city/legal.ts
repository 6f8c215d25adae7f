/** legalCommands and timeoutCommand: candidates per prompt, kept when `validate` accepts them. */
import type { Seat } from '../engine';
import { ACTIONS, SINGER_ACTIONS, type ActionId } from './data/actions';
import { SINGER } from './data/personalities';
import { EDGE_COUNT, edgeRef, parcelRef, PARCEL_COUNT, type EdgeRef, type ParcelRef } from './data/board';
import { buildTargets, houseSpots } from './build';
import type { CarsonCommand } from './commands';
import { townHallOptions } from './flow';
import { mightOf } from './table';
import { holds, isBridge, isBuilding, isPurchasable, isRedSheriff, isRiver, legalRoadEdges } from './rules';
import { STABLES, type CarsonState, type Placement, type PromptState } from './state';
import { locationViolation, markerViolation, promptOf, validate } from './validate';
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

const NO_PLACEMENTS: readonly Placement[] = [];

type PlaceCommand = Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>;

/**
 * A marker combination's place in a target's shared commands: 0 none, 1 white, 2 no-duel,
 * 3 extra (one marker at most, as markerSets offers them), + 4 with dynamite.
 */
function variantOf(flags: Markers, dynamite: boolean): number {
  const marker = flags.white ? 1 : flags.noDuel ? 2 : flags.extra ? 3 : 0;
  return marker + (dynamite ? 4 : 0);
}

/** The PLACE_COWBOY of a variant, keys as placementCandidates spreads them. */
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
  // Per marker combination, the variants whose figure and markers are there (dynamite last).
  const variants = flagSets.map((flags) =>
    dyn
      .filter((d) => markerViolation(s, seat, { ...flags, ...(d && { dynamite: true }) }) === null)
      .map((d) => variantOf(flags, d)),
  );
  // The location check's markers per combination (the dynamite marker is not read on the board),
  // with the seat's red Sheriff looked up once.
  const redSheriff = isRedSheriff(s, seat);
  const location = flagSets.map((flags) => ({
    white: flags.white === true,
    noDuel: flags.noDuel === true,
    dynamite: false,
    extra: flags.extra === true,
    redSheriff,
  }));
  const at = placementIndex(s);
  if (variants.some((v) => v.length > 0))
    // Indexed loops: for-of over these small arrays cost a third of the listing (measured).
    for (let ids = boardTargetIds(s), n = 0; n < ids.length; n++) {
      const id = ids[n];
      const target = BOARD_TARGETS[id];
      for (let i = 0; i < flagSets.length; i++) {
        const row = variants[i];
        if (row.length === 0 || !markersFit(flagSets[i], target)) continue;
        if (locationViolation(s, seat, target, location[i], at) !== null) continue;
        const commands = PLACE_COMMANDS[id];
        for (let j = 0; j < row.length; j++) out.push(commands[row[j]]);
      }
    }
  if (PORTS.horses.horsesOn(s) && variants[0][0] === 0)
    for (let k = 0; k < STABLE_TARGETS.length; k++)
      if (locationViolation(s, seat, STABLE_TARGETS[k], location[0], at) === null)
        out.push(STABLE_COMMANDS[k]);
}

/** The placements at a location key, indexed once (the location rules look many up). */
function placementIndex(s: CarsonState): (key: string) => readonly Placement[] {
  if (s.placements.length === 0) return () => NO_PLACEMENTS;
  const index = new Map<string, Placement[]>();
  for (const p of s.placements) {
    const here = index.get(p.loc);
    if (here) here.push(p);
    else index.set(p.loc, [p]);
  }
  return (key) => index.get(key) ?? NO_PLACEMENTS;
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
    case 'PLACE_BUILDING':
    case 'PLACE_HOUSE':
    case 'PLACE_TOWN_HALL':
      return buildCommands(s, seat);
    case 'CHOOSE_STARTING_PARCEL':
      // validate: an unowned parcel that is not river.
      for (let p = 0; p < PARCEL_COUNT; p++)
        if (s.parcels[p].owner === null && !isRiver(s, p))
          out.push({ type: 'CHOOSE_STARTING_PARCEL', parcel: ref(p) });
      return out;
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
