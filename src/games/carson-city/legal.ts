/** legalCommands and timeoutCommand: candidates per prompt, kept when `validate` accepts them. */
import type { Seat } from '../engine';
import { EDGE_COUNT, edgeRef, PARCEL_COUNT, type EdgeRef } from './data/board';
import { buildTargets, houseSpots } from './build';
import type { CarsonCommand, CarsonCommandType } from './commands';
import { townHallOptions } from './flow';
import { mightOf } from './table';
import { isBridge, isRiver, legalRoadEdges } from './rules';
import { STABLES } from './data/modules';
import type { CarsonState, PromptState } from './state';
import { promptOf, validate } from './validate';
import { PORTS } from './ports';
import { boardTargets, placementCandidates, targetOf, validPlacements } from './phases/placement/listing';
import { PARCEL_REFS, ref } from './phases/refs';
import { BY_PROMPT, HANDLERS, type PromptKind } from './protocol';

const EDGE_REFS: readonly EdgeRef[] = Array.from({ length: EDGE_COUNT }, (_, e) => Object.freeze(edgeRef(e)));
/** Shared, frozen PLACE_ROAD commands (listed at every prompt of a seat holding a road). */
const ROAD_COMMANDS: readonly CarsonCommand[] = EDGE_REFS.map((edge) =>
  Object.freeze({ type: 'PLACE_ROAD' as const, edge }),
);

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

function oldLegalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
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
function oldLegalByValidation(s: CarsonState, seat: Seat): CarsonCommand[] {
  if (promptOf(s, seat)?.kind === 'FILL_SHEET')
    return PORTS.anb.canonicalSheets.filter((c) => validate(s, seat, c) === null);
  return withRoads(
    s,
    seat,
    candidates(s, seat).filter((c) => validate(s, seat, c) === null),
  );
}

/**
 * TRANSITIONAL: the command types answering each prompt kind before the table; a prompt is listed
 * from the table once all of them have handlers, by the old code until then.
 */
const OLD_ANSWERS: Record<PromptKind, readonly CarsonCommandType[]> = {
  CHOOSE_STARTING_PARCEL: ['CHOOSE_STARTING_PARCEL'],
  FILL_SHEET: ['FILL_SHEET'],
  PICK_CHARACTER: ['PICK_CHARACTER'],
  GREAT_SERVICE: ['DECLINE_ACTION', 'PICK_CHARACTER'],
  PLACE_COWBOY: ['PASS', 'PLACE_COWBOY'],
  KIT_PLACEMENT: ['LOCK', 'PLACE_COWBOY', 'RELOCATE_COWBOY', 'WITHDRAW_COWBOY'],
  STABLE_TWO: ['DECLINE_ACTION', 'PASS', 'PLACE_COWBOY', 'MOVE_PLACED_COWBOY'],
  STABLE_HORSE: ['DECLINE_ACTION', 'STABLE_HORSE'],
  BUY_HORSE: ['DECLINE_ACTION', 'BUY_HORSE'],
  CHOOSE_DUEL_ORDER: ['CHOOSE_DUEL_ORDER'],
  BUY_PARCEL: ['BUY_PARCEL', 'DECLINE_ACTION'],
  BUY_BUILDING: ['BUY_BUILDING', 'DECLINE_ACTION'],
  BUY_VP: ['DECLINE_ACTION', 'BUY_VP'],
  PLACE_BUILDING: ['KEEP_PENDING', 'BUILD_PENDING'],
  PLACE_HOUSE: ['CANCEL_BUILD', 'PLACE_HOUSE'],
  CONSENT: ['ANSWER_CONSENT'],
  SPEND_CASH: ['SPEND_CASH'],
  PLACE_TOWN_HALL: ['PLACE_TOWN_HALL'],
  CHOOSE_OPTION: ['CHOOSE_OPTION'],
  CHOOSE_PARCEL: ['DECLINE_ACTION', 'CHOOSE_PARCEL'],
  TAKE_BUILDING: ['DECLINE_ACTION', 'TAKE_BUILDING'],
  BID: ['DECLINE_ACTION', 'BID'],
  MOVE_COWBOY: ['DECLINE_ACTION', 'MOVE_COWBOY'],
  CHOOSE_DUEL_DIE: ['CHOOSE_DUEL_DIE'],
  CHOOSE_DUEL_TILE: ['CHOOSE_DUEL_TILE'],
};
const fromTable = (kind: PromptKind) => OLD_ANSWERS[kind].every((t) => HANDLERS[t] !== undefined);

/**
 * The commands validate accepts at the seat's prompt (protocol.ts step 4): the `legal` forms of
 * the handlers answering it, in the table's order, then (when anything else is listed) the roads.
 */
export function legalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  if (!fromTable(prompt.kind)) return oldLegalCommands(s, seat);
  const hs = BY_PROMPT[prompt.kind]!;
  let out: CarsonCommand[] | null = null;
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i];
    if (h.alongside) continue;
    const forms = h.legal(s, seat);
    if (forms.length === 0) continue;
    if (out === null) out = forms;
    else for (let k = 0; k < forms.length; k++) out.push(forms[k]);
  }
  if (out === null) return [];
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i];
    if (!h.alongside) continue;
    const forms = h.legal(s, seat);
    for (let k = 0; k < forms.length; k++) out.push(forms[k]);
  }
  return out;
}

/**
 * legalCommands as every handler's candidates (`candidates`, else `legal`) filtered by `validate`,
 * in the same shape: the reference a test compares legalCommands with.
 */
export function legalByValidation(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  if (!fromTable(prompt.kind)) return oldLegalByValidation(s, seat);
  const accepted = (c: CarsonCommand) => validate(s, seat, c) === null;
  const hs = BY_PROMPT[prompt.kind]!;
  const out: CarsonCommand[] = [];
  for (const alongside of [false, true]) {
    if (alongside && out.length === 0) break;
    for (const h of hs)
      if ((h.alongside === true) === alongside)
        out.push(...(h.candidates ? h.candidates(s, seat) : h.legal(s, seat)).filter(accepted));
  }
  return out;
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
