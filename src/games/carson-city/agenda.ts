/**
 * The agenda from facts: how `evolve` moves the control state (`state.flow`: the open prompt and
 * the automatic steps still to run) on each domain event, in games that declare these rules
 * (GAME_STARTED `agenda`, event schema 2), so that the history needs no `FLOW` event where they
 * reproduce what `decide` did.
 *
 * `decide` checks its own result: it folds its events through `evolve` from the state it started
 * from and appends a `FLOW` event only when the flow so derived differs from the one it reached
 * (a step these rules do not cover yet: duels, income, the end of a round...). A rule may
 * therefore be partial or decline (return null: the flow stays as it was), never wrong in a way
 * that reaches the history. Covered so far, which is most of a game's decisions: the starting
 * parcels, the start of a round and the picks, the placement turns (Phase 2, with Horses' stable
 * offer), Kit Carson's simultaneous placement, the parcel purchases of step 1, the cash limit at
 * the end of a round, and the end of the game.
 *
 * This file is the entry (`followFlow`, asked by evolve.ts): it dispatches each event to its
 * rulebook phase's rules, phases/<phase>/agenda.ts (setup §3, picks §4.2, placement §4.3,
 * resolution §4.4-§5, end of round §7), and keeps the rules no single phase owns: the sealed
 * choices made one seat at a time (A New Beginning's sheets at setup, Might is Right's duel tiles
 * in the resolution) and Horses' Wages' forward to its module. The rules' versions are
 * agenda-version.ts.
 */
import type { Seat } from '../engine';
import type { CarsonEvent } from './events';
import { PICK_MENU_OPTIONS, PICK_MENU_PARCELS } from './personalities/menus';
import { PORTS } from './ports';
import { locParcel } from './rules';
import type { CarsonState, Flow } from './state';
import { rules2, rules4 } from './agenda-version';
import { afterDraft } from './phases/setup/agenda';
import { afterMenu, afterPick, afterPick2, roundStart } from './phases/picks/agenda';
import { afterPlacement, placementStart } from './phases/placement/agenda';
import { afterDuel, afterParcelRetire, afterPurchase } from './phases/resolution/agenda';
import { cashQueue, roundEnd } from './phases/end-of-round/agenda';

/** The flow after `e`, applied to `s` (its facts already applied; `s.flow` as before `e`). */
export function followFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  const f = s.flow;
  switch (e.type) {
    case 'PARCEL_CLAIMED':
      if (e.reason === 'DRAFT') return afterDraft(f, e.seat);
      return rules2(s) && PICK_MENU_PARCELS.includes(e.reason) ? afterMenu(f, e.seat, e.reason) : null;
    case 'CHARACTER_PICKED':
      if (rules2(s)) return afterPick2(s, e);
      return afterPick(f, e.seat, e.paperboy || e.greatService === true);
    case 'OPTION_CHOSEN':
      return rules2(s) && PICK_MENU_OPTIONS.includes(e.purpose) ? afterMenu(f, e.seat, e.purpose) : null;
    case 'HORSE_STABLED':
    case 'HORSE_KEPT':
      return rules2(s) ? PORTS.horses.afterStable(s, e) : null;
    case 'SHEET_SEALED':
    case 'DUEL_TILES_CHOSEN':
      return rules2(s) ? nextSealed(s, f, e.seat) : null;
    case 'DUEL':
      return rules2(s) ? afterDuel(s, e.loc) : null;
    case 'OUTLAW_MOVED':
      return rules2(s) ? PORTS.outlaws.afterOutlawMove(s, e.id) : null;
    case 'BUILDING_BOUGHT':
      return rules2(s) ? afterPurchase(f, e) : null;
    case 'ROUND_ENDED':
      return rules2(s) ? roundEnd(s) : null;
    case 'COWBOY_PLACED':
    case 'PASSED':
    case 'COWBOY_RELOCATED':
    case 'COWBOY_WITHDRAWN':
      return afterPlacement(s, e);
    case 'COWBOY_RETURNED':
      return e.reason === 'PARCEL_PURCHASE' ? afterParcelRetire(s, e.seat, locParcel(e.loc)) : null;
    case 'ROUND_STARTED':
      return roundStart(s, e.round, e.pickOrder);
    case 'TURN_ORDER_SET':
      return placementStart(s);
    case 'CASH_SPENT':
      return f.prompt?.kind === 'SPEND_CASH' && f.prompt.seat === e.seat ? cashQueue(s, f, f.tasks) : null;
    case 'GAME_ENDED':
      return { ...f, phase: 'GAME_OVER', tasks: [], prompt: null, step: -1 };
    default:
      return null;
  }
}

/**
 * Rules 2, sealed choices made one seat at a time (A New Beginning's sheets, §10.1; Might is
 * Right's duel tiles, §10.3): while others still have to choose, the next of them is asked.
 */
function nextSealed(s: CarsonState, f: Flow, seat: Seat): Flow | null {
  const p = f.prompt;
  if (p === null || (p.kind !== 'FILL_SHEET' && p.kind !== 'CHOOSE_DUEL_TILE')) return null;
  // Any waiting seat may hand in (the choices are simultaneous); rules 2 and 3 asked only the first.
  if (p.seat !== seat && !(rules4(s) && p.waiting.includes(seat))) return null;
  const i = p.waiting.indexOf(seat);
  const waiting = p.waiting.filter((_, k) => k !== i);
  if (waiting.length === 0) return null;
  if (p.kind === 'FILL_SHEET') return { ...f, prompt: { seat: waiting[0], kind: 'FILL_SHEET', waiting } };
  const need = p.need.filter((_, k) => k !== i);
  return { ...f, prompt: { ...p, seat: waiting[0], waiting, need } };
}
