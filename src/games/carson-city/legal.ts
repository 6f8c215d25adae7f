/** legalCommands and timeoutCommand: candidates per prompt, kept when `validate` accepts them. */
import type { Seat } from '../engine';
import { ACTIONS, type ActionId } from './data/actions';
import { EDGE_COUNT, edgeRef, parcelRef, PARCEL_COUNT, type EdgeRef, type ParcelRef } from './data/board';
import { buildTargets, houseSpots } from './build';
import type { CarsonCommand } from './commands';
import { townHallOptions } from './flow';
import { horsesOn, movableCowboys, STABLES } from './horses';
import { isBridge, isBuilding, isPurchasable, legalRoadEdges } from './rules';
import { mightOf, tileChoices } from './might';
import { hasOutlaw, outlawLoc } from './outlaws';
import type { CarsonState } from './state';
import { promptOf, validate } from './validate';

/** Shared, frozen references for the (many) commands listed at each prompt. */
const PARCEL_REFS: readonly ParcelRef[] = Array.from({ length: PARCEL_COUNT }, (_, p) => Object.freeze(parcelRef(p)));
const EDGE_REFS: readonly EdgeRef[] = Array.from({ length: EDGE_COUNT }, (_, e) => Object.freeze(edgeRef(e)));
const ref = (p: number): ParcelRef => PARCEL_REFS[p];

type PlaceTarget = Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>['target'];

/** Every board location a cowboy might go to (validate filters them). */
function boardTargets(s: CarsonState): PlaceTarget[] {
  const targets: PlaceTarget[] = ACTIONS.map((action) => ({ kind: 'ACTION' as const, action }));
  for (let p = 0; p < PARCEL_COUNT; p++) {
    // Outlaws: an outlaw's parcel takes fighters (§10.5), though it is not for sale.
    if (isPurchasable(s, p) || (hasOutlaw(s, p) && outlawLoc(s, p).startsWith('P:'))) targets.push({ kind: 'PARCEL', parcel: ref(p) });
    if (isBuilding(s.parcels[p].content)) targets.push({ kind: 'BUILDING', parcel: ref(p) });
  }
  return targets;
}

/** The target naming a location key (board locations only). */
function targetOf(loc: string): PlaceTarget {
  if (loc.startsWith('A:')) return { kind: 'ACTION', action: loc.slice(2) as ActionId };
  return { kind: loc[0] === 'P' ? 'PARCEL' : 'BUILDING', parcel: ref(Number(loc.slice(2))) };
}

/** PLACE_COWBOY candidates: board targets with each marker combination, and (Horses) stables. */
function placementCandidates(s: CarsonState, seat: Seat): CarsonCommand[] {
  const player = s.players[seat];
  const out: CarsonCommand[] = [];
  const flagSets: { white?: boolean; noDuel?: boolean; extra?: boolean }[] = [{}];
  if (player.white === 'RESERVE') flagSets.push({ white: true });
  if (player.noDuel > 0) flagSets.push({ noDuel: true });
  if (player.flags.every((f) => f !== 'SINGER_EXTRA:USED')) flagSets.push({ extra: true });
  const dyn = player.dynamite > 0 ? [false, true] : [false];
  for (const target of boardTargets(s)) {
    for (const flags of flagSets) {
      if ((flags.noDuel || flags.extra) && target.kind !== 'ACTION') continue;
      for (const d of dyn) out.push({ type: 'PLACE_COWBOY', target, ...flags, ...(d ? { dynamite: true } : {}) });
    }
  }
  if (horsesOn(s)) for (const stable of STABLES) out.push({ type: 'PLACE_COWBOY', target: { kind: 'STABLE', stable } });
  return out;
}

function candidates(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  const player = s.players[seat];
  const out: CarsonCommand[] = [];
  switch (prompt.kind) {
    case 'CHOOSE_STARTING_PARCEL':
      for (let p = 0; p < PARCEL_COUNT; p++) if (s.parcels[p].owner === null) out.push({ type: 'CHOOSE_STARTING_PARCEL', parcel: ref(p) });
      break;
    case 'PICK_CHARACTER':
      for (const t of s.tiles) {
        if (t.takenBy !== null) continue;
        if (t.side === 'EITHER' && t.id !== 17) {
          out.push({ type: 'PICK_CHARACTER', personality: t.id, side: 'YELLOW' });
          out.push({ type: 'PICK_CHARACTER', personality: t.id, side: 'RED' });
        } else out.push({ type: 'PICK_CHARACTER', personality: t.id });
      }
      break;
    case 'PLACE_COWBOY':
      out.push({ type: 'PASS' }, ...placementCandidates(s, seat));
      break;
    case 'STABLE_TWO':
      // Stable 2 (§10.6): nothing, pass, one extra cowboy, or move a placed one.
      out.push({ type: 'DECLINE_ACTION' }, { type: 'PASS' }, ...placementCandidates(s, seat));
      for (const from of movableCowboys(s, seat)) {
        const fromTarget = targetOf(from.loc);
        out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget });
        for (const to of boardTargets(s)) out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget, to });
      }
      break;
    case 'STABLE_HORSE':
    case 'BUY_HORSE':
      out.push({ type: 'DECLINE_ACTION' });
      for (const stable of STABLES) out.push({ type: prompt.kind, stable });
      break;
    case 'CHOOSE_DUEL_ORDER':
      for (const loc of prompt.locs) out.push({ type: 'CHOOSE_DUEL_ORDER', parcel: ref(Number(loc.slice(2))) });
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
        for (const p of buildTargets(s, seat, b, prompt.refused)) out.push({ type: 'BUILD_PENDING', building: b, parcel: ref(p) });
      }
      break;
    case 'PLACE_HOUSE':
      out.push({ type: 'CANCEL_BUILD' });
      for (const h of houseSpots(s, prompt.build)) out.push({ type: 'PLACE_HOUSE', parcel: ref(h.parcel), townHouse: h.town });
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
    case 'CHOOSE_DUEL_TILE': {
      const need = prompt.need[prompt.waiting.indexOf(seat)];
      for (const tiles of tileChoices(mightOf(s)!.hands[seat], need)) out.push({ type: 'CHOOSE_DUEL_TILE', tiles });
      break;
    }
  }
  return out;
}

export function legalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const out = candidates(s, seat).filter((c) => validate(s, seat, c) === null);
  // Roads from the reserve at any prompt of the seat: exactly the edges validate() accepts.
  const roads = s.players[seat].roads;
  if (out.length > 0 && roads > 0) {
    // A bridge takes 2 roads (§10.2).
    for (const e of legalRoadEdges(s)) if (roads >= 2 || !isBridge(s, e)) out.push({ type: 'PLACE_ROAD', edge: EDGE_REFS[e] });
  }
  return out;
}

/**
 * What a turn timer does: pass, decline, keep pending, refuse, the minimum, or the first option.
 * A duel tile choice (Might is Right) times out to the lowest tile(s): the first listed.
 */
export function timeoutCommand(s: CarsonState, seat: Seat): CarsonCommand | null {
  const prompt = promptOf(s, seat);
  if (!prompt) return null;
  const legal = legalCommands(s, seat).filter((c) => c.type !== 'PLACE_ROAD');
  // Stable 2: a timer takes no effect at all rather than ending the seat's placements.
  const prefer = prompt.kind === 'STABLE_TWO' ? ['DECLINE_ACTION'] : ['PASS', 'DECLINE_ACTION', 'KEEP_PENDING', 'CANCEL_BUILD'];
  for (const t of prefer) {
    const c = legal.find((x) => x.type === t);
    if (c) return c;
  }
  return legal[0] ?? null;
}
