/**
 * Agenda rules 3 of Phase 3 (agenda-resolve.ts `RULES` asks them): the Doctor's and Undertaker's
 * tasks after a step's duel (§9), a construction's choices (§5.5, §5.6; and the yellow
 * Auctioneer's lot), the action squares' steps (§5.1) up to building income (§5.7).
 */
import type { Seat } from '../../../engine';
import {
  ACTIONS,
  BUILD_ACTIONS,
  BUY_VP_PRICE,
  buildSquare,
  MULTI_ACTIONS,
  ROUNDS,
  STEPS,
  type ActionId,
} from '../../data/actions';
import { BUILDINGS } from '../../data/buildings';
import { DOCTOR } from '../../data/personalities';
import { rules4 } from '../../agenda-version';
import { dryAuction } from '../../agenda-dry';
import { canBuildSomething, onlyOf } from '../../build';
import { doctorTasks } from '../../duel';
import type { CarsonEvent } from '../../events';
import { newAuction } from '../../personalities';
import { freeParcels } from '../../personalities/menus';
import { PORTS } from '../../ports';
import { buildingPrice, holderOf, locParcel } from '../../rules';
import type { CarsonState, Flow, PendingBuild, PromptState, Task } from '../../state';
import { byPassOrder, placementsAt, range } from '../../table';
import { contested } from './agenda';

// ---------------------------------------------------------------- the Doctor and the Undertaker (§9)

/**
 * A step's duel (parcels, buildings) with the Doctor or Undertaker in play (§9.1 #14): his tasks
 * for the defeated cowboys come before the step's other duels (phases/resolution/duels.ts
 * `stepDuels`: the DUELS task, its chooser fixed at the step's first duel, §13 #9). His prompts (MOVE_COWBOY, the
 * Undertaker's CHOOSE_OPTION) are answered by COWBOY_MOVED, ACTION_DECLINED or OPTION_CHOSEN;
 * the Undertaker's VP with no money to pay ends his task.
 */
export function doctorFlow(prev: CarsonState, s: CarsonState, e: CarsonEvent): Flow | null {
  const f = prev.flow;
  const p = f.prompt;
  if (holderOf(s, DOCTOR) === null || f.phase !== 'RESOLVE') return null;
  if (e.type === 'COWBOY_MOVED' || (e.type === 'ACTION_DECLINED' && e.prompt === 'MOVE_COWBOY'))
    return p?.kind === 'MOVE_COWBOY' && p.seat === e.seat ? { ...f, prompt: null } : null;
  if (e.type === 'OPTION_CHOSEN' && e.purpose === 'UNDERTAKER')
    return p?.kind === 'CHOOSE_OPTION' && p.purpose === 'UNDERTAKER' && p.seat === e.seat
      ? { ...f, prompt: null }
      : null;
  if (e.type === 'VP' && e.reason === 'UNDERTAKER' && p === null) {
    const [task, ...rest] = f.tasks;
    return task?.t === 'PERSONALITY' && task.stage === 'UNDERTAKER' && task.seat === e.seat
      ? { ...f, tasks: rest }
      : null;
  }
  if (e.type !== 'DUEL' || e.loc.startsWith('A:')) return null;
  // Rules 4, Might is Right: the step's tile duel settled (its task, or its last tile prompt).
  const tile = rules4(s) && tileDuelOf(f, e.loc);
  const [task, ...rest] = tile && p === null ? f.tasks.slice(1) : f.tasks;
  if (task?.t !== 'DUELS') return null;
  if (p !== null && !tile && (p.kind !== 'CHOOSE_DUEL_ORDER' || !p.locs.includes(e.loc))) return null;
  const chooser = task.chooser ?? firstInvolved(prev, task.step);
  return { ...f, prompt: null, tasks: [...doctorTasks(s, e.losers), { ...task, chooser }, ...rest] };
}

/** Is the tile duel of a step's duels at `loc` running in `f` (might.ts: its task, or its prompts)? */
function tileDuelOf(f: Flow, loc: string): boolean {
  const p = f.prompt;
  const head = f.tasks[0];
  if (p === null) return head?.t === 'TILE_DUEL' && head.duel.loc === loc && head.duel.then.kind === 'NONE';
  if (
    p.kind === 'CHOOSE_DUEL_TILE' ||
    (p.kind === 'CHOOSE_OPTION' && p.purpose === PORTS.might.marksmanDiscardPurpose)
  )
    return p.duel?.loc === loc && p.duel.then.kind === 'NONE';
  return false;
}

/**
 * The earliest passer among the seats of a step's contested locations (phases/resolution/duels.ts
 * `stepDuels`).
 */
function firstInvolved(s: CarsonState, step: 'PARCELS' | 'ESTATE'): Seat {
  if (s.solo) return s.solo.standish === 0 ? 1 : 0; // the player orders them (§11.5)
  const involved = new Set<Seat>();
  for (const loc of contested(s, step)) for (const p of placementsAt(s, loc)) involved.add(p.seat);
  return byPassOrder(s, [...involved])[0];
}

// ---------------------------------------------------------------- constructions (§5.5, §5.6)

/** A construction's facts: the choices of PLACE_BUILDING, PLACE_HOUSE and CONSENT prompts. */
export function buildFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  const p = f.prompt;
  switch (e.type) {
    case 'BUILD_STARTED': {
      if (p?.kind !== 'PLACE_BUILDING' || p.seat !== e.seat) return null;
      const build: PendingBuild = {
        building: e.building,
        parcel: e.parcel,
        needed: BUILDINGS[e.building].houses,
        houses: [],
        refused: p.refused ?? [],
        mode: p.mode,
      };
      // No House needed: BUILDING_BUILT follows and reads the build from this prompt.
      return { ...f, prompt: { seat: e.seat, kind: 'PLACE_HOUSE', build } };
    }
    case 'HOUSE_CHOSEN': {
      if (p?.kind !== 'PLACE_HOUSE' || p.seat !== e.seat) return null;
      const house = { parcel: e.parcel, town: e.town };
      const owner = s.parcels[e.parcel].owner;
      if (owner !== null && owner !== e.seat)
        return { ...f, prompt: { seat: owner, kind: 'CONSENT', requester: e.seat, build: p.build, house } };
      return housePrompt(f, e.seat, { ...p.build, houses: [...p.build.houses, house] });
    }
    case 'CONSENT_ANSWERED': {
      if (p?.kind !== 'CONSENT' || p.requester !== e.requester || p.house.parcel !== e.parcel) return null;
      const build = e.accept
        ? { ...p.build, houses: [...p.build.houses, p.house] }
        : { ...p.build, refused: [...p.build.refused, p.house.parcel] };
      return housePrompt(f, e.requester, build);
    }
    case 'BUILD_CANCELLED': {
      if (p?.kind !== 'PLACE_HOUSE' || p.seat !== e.seat) return null;
      const refused = p.build.refused;
      const prompt: PromptState = {
        seat: e.seat,
        kind: 'PLACE_BUILDING',
        mode: p.build.mode,
        only: onlyOf(p.build),
        ...(refused.length > 0 && { refused }),
      };
      return { ...f, prompt };
    }
    case 'BUILDING_BUILT':
      return built(s, f, e.seat);
    case 'AUCTION_PARCEL_CHOSEN': {
      // The yellow Auctioneer's lot (personalities `AUCTION_1`): the second parcel, any other free
      // one; with both, the auction opens.
      if (p?.kind !== 'CHOOSE_PARCEL' || !p.purpose.startsWith('AUCTION_') || p.seat !== e.seat) return null;
      if (p.purpose !== 'AUCTION_1') {
        const lot = [Number(p.purpose.slice('AUCTION_2:'.length)), e.parcel].sort((a, b) => a - b);
        return dryAuction(s, { ...f, prompt: null }, newAuction(s, e.seat, 'PARCELS', lot));
      }
      const parcels = freeParcels(s).filter((q) => q !== e.parcel);
      const purpose = `AUCTION_2:${e.parcel}`;
      return { ...f, prompt: { seat: e.seat, kind: 'CHOOSE_PARCEL', purpose, parcels, optional: false } };
    }
    case 'PENDING_KEPT':
      return p?.kind === 'PLACE_BUILDING' && p.seat === e.seat ? { ...f, prompt: null } : null;
    case 'ACTION_DECLINED':
      // A decline does nothing else (decide): the agenda goes on.
      return p?.seat === e.seat && p.kind === e.prompt ? { ...f, prompt: null } : null;
    case 'TOWN_HALL_PLACED':
      return p?.kind === 'PLACE_TOWN_HALL' && p.seat === e.seat ? { ...f, prompt: null } : null;
    case 'VP_BOUGHT':
    case 'HORSE_BOUGHT':
      return closes(f, e.seat) ? { ...f, prompt: null } : null;
    case 'PARCEL_CLAIMED':
      return e.reason === 'PURCHASE' && closes(f, e.seat) ? { ...f, prompt: null } : null;
    default:
      return null;
  }
}

/** Does a fact of `seat` answer the open prompt of a resolution step (the agenda goes on)? */
function closes(f: Flow, seat: Seat): boolean {
  const p = f.prompt;
  return f.phase === 'RESOLVE' && p !== null && p.seat === seat && CLOSED_BY_ANSWER.includes(p.kind);
}

const CLOSED_BY_ANSWER: readonly PromptState['kind'][] = [
  'BUY_PARCEL',
  'BUY_BUILDING',
  'BUY_VP',
  'BUY_HORSE',
];

/** The next House of the build, or (all chosen) the build as BUILDING_BUILT will read it. */
function housePrompt(f: Flow, seat: Seat, build: PendingBuild): Flow {
  return { ...f, prompt: { seat, kind: 'PLACE_HOUSE', build } };
}

/**
 * A building placed from a PLACE_HOUSE prompt (BUILD_STARTED set it): a window goes on for the
 * same seat while it has a pending building it can build or a road to place (§5.6), else the
 * agenda goes on.
 */
function built(s: CarsonState, f: Flow, seat: Seat): Flow | null {
  const p = f.prompt;
  if (p?.kind !== 'PLACE_HOUSE' || p.seat !== seat) return null;
  const pl = s.players[seat];
  if (p.build.mode === 'WINDOW' && pl.pending.length > 0 && (canBuildSomething(s, seat) || pl.roads > 0))
    return { ...f, prompt: { seat, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null } };
  return { ...f, prompt: null };
}

// ---------------------------------------------------------------- the steps (§5.1)

/** The round's tasks after the resolution (endPlacement's tail): rodeo, end of round. */
function roundTail(s: CarsonState): Task[] {
  return [
    ...(s.horses ? [{ t: 'RODEO' } as Task] : []),
    { t: 'EOR_PERSONALITIES' },
    ...(s.solo ? [{ t: 'SOLO_EOR' } as Task] : []),
    { t: 'EOR_COWBOYS' },
    { t: 'EOR_CASH', queue: s.passTrack.filter((x) => s.solo?.standish !== x) },
    s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' },
  ];
}

/** The steps after step `k` (index into STEPS), then the round's tail. */
function afterStep(s: CarsonState, k: number): Task[] {
  return [...STEP_TASKS.slice(k + 1), ...roundTail(s)];
}

/**
 * One STEP task per step, shared by every agenda that holds it (tasks are replaced, never changed
 * in place): the resolution's facts rebuild the steps left after each of them.
 */
const STEP_TASKS: readonly Task[] = STEPS.map((step): Task => ({ t: 'STEP', step }));

/** Each action's step (index into STEPS). */
const ACTION_STEP = new Map<string, number>(ACTIONS.map((a) => [a, STEPS.indexOf(a)]));

/** The step a fact of the resolution belongs to (index into STEPS), or -1. */
function stepOf(e: CarsonEvent): number {
  switch (e.type) {
    case 'COWBOY_RETURNED':
      return e.to === 'GENERAL' ? (ACTION_STEP.get(e.reason) ?? -1) : -1;
    case 'MONEY':
    case 'VP':
    case 'ROADS_GAINED':
    case 'THREE_GUNS_TAKEN':
      return e.seat !== null ? (ACTION_STEP.get(e.reason) ?? -1) : -1;
    case 'DUEL':
      return e.loc.startsWith('A:') ? STEPS.indexOf(e.loc.slice(2) as ActionId) : -1;
    default:
      return -1;
  }
}

/**
 * A fact of an action square's step: the flow at the end of the task that emitted it. What is
 * left of the step comes from the cowboys still on the square (§5.1: the Singer's no-duel
 * cowboys first, then the one left after the duel), then its window (building squares, §5.6).
 * A cowboy leaving to act opens the square's purchase when the seat can pay (§5.5, Buy VP).
 */
export function stepFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  if (e.type === 'PLACEMENT_ENDED') {
    const tasks = [...STEP_TASKS, ...roundTail(s)];
    return { phase: 'RESOLVE', tasks, prompt: null, step: f.step };
  }
  if (e.type === 'INCOME' || (e.type === 'COWBOY_RETURNED' && e.reason === 'ESTATE'))
    return afterIncome(s, f);
  // Rules 4, solo: Standish's free building (§11.5) comes after his cowboy left the square (the
  // silent tasks ran past it): the step again from its square, his placement next.
  if (e.type === 'BUILDING_BOUGHT' && e.reason === 'STANDISH' && e.square !== null && rules4(s)) {
    const k = STEPS.indexOf(BUILD_ACTIONS[e.square]);
    if (f.phase !== 'RESOLVE' || f.prompt !== null || k < 0) return null;
    const left = leftOnSquare(s, BUILD_ACTIONS[e.square], e);
    return left && { phase: 'RESOLVE', tasks: [...left, ...afterStep(s, k)], prompt: null, step: k };
  }
  const k = stepOf(e);
  if (k < 0 || f.phase !== 'RESOLVE' || k < f.step) return null;
  // Rules 4: a gain after its cowboy left (perform: the return, then the gain) when the silent
  // tasks since opened the Doctor's or Undertaker's prompt: it stays open.
  if (rules4(s) && e.type !== 'COWBOY_RETURNED' && e.type !== 'DUEL' && isDoctorPrompt(f.prompt)) return null;
  const action = STEPS[k] as ActionId;
  const r4 = rules4(s) && e.type !== 'DUEL';
  const left = leftOnSquare(s, action, e, r4 ? doctorTasksLeft(f) : [], r4 ? duelTaskLeft(f, action) : null);
  if (left === null) return null;
  const tasks = [...left, ...afterStep(s, k)];
  const prompt =
    e.type === 'COWBOY_RETURNED' && !MULTI_ACTIONS.includes(action)
      ? purchasePrompt(s, e.seat, action)
      : null;
  return { phase: 'RESOLVE', tasks, prompt, step: k };
}

/** The tasks left of `action`'s step after `e`, or null where these rules do not reach. */
function leftOnSquare(
  s: CarsonState,
  action: ActionId,
  e: CarsonEvent,
  carried: Task[] = [],
  duelTask: Task | null = null,
): Task[] | null {
  const here = placementsAt(s, `A:${action}`);
  if (MULTI_ACTIONS.includes(action)) {
    // Horses: each seat's Wages are a task with its horse offer (§10.6), left to a FLOW.
    return here.length === 0 || !(action === 'WAGES' && s.horses) ? [] : null;
  }
  const first = here.filter((p) => p.noDuel);
  const others = here.filter((p) => !p.noDuel);
  if (others.length > 1 && duelTask !== null) {
    // Rules 4: the square's tile or Marksman duel still to come, after the no-duel cowboys.
    const tasks: Task[] = [...first.map((p): Task => ({ t: 'PERFORM', seat: p.seat, action })), duelTask];
    if (buildSquare(action) >= 0) tasks.push({ t: 'WINDOW', queue: byPassOrder(s, range(s.seatCount)) });
    return tasks;
  }
  if (others.length > 1) return null;
  const tasks: Task[] = [...first, ...others].map((p): Task => ({ t: 'PERFORM', seat: p.seat, action }));
  if (e.type === 'DUEL') {
    const after = doctorTasks(s, e.losers);
    tasks.splice(first.length, 0, ...after);
  } else tasks.splice(first.length, 0, ...carried);
  if (buildSquare(action) >= 0) tasks.push({ t: 'WINDOW', queue: byPassOrder(s, range(s.seatCount)) });
  return tasks;
}

/**
 * Rules 4: the tile or Marksman duel task of `action`'s square still on the agenda
 * (phases/resolution/flow.ts `runStep`).
 */
function duelTaskLeft(f: Flow, action: ActionId): Task | null {
  const loc = `A:${action}`;
  for (const t of f.tasks) {
    if (t.t === 'STEP') return null;
    if ((t.t === 'TILE_DUEL' || t.t === 'MARKSMAN_DUEL') && t.duel.loc === loc) return t;
  }
  return null;
}

function isDoctorPrompt(p: PromptState | null): boolean {
  return p?.kind === 'MOVE_COWBOY' || (p?.kind === 'CHOOSE_OPTION' && p.purpose === 'UNDERTAKER');
}

/**
 * Rules 4: the Doctor's or Undertaker's tasks a step's duel left, not yet run (a no-duel cowboy
 * acting before them does not drop them, §5.1).
 */
function doctorTasksLeft(f: Flow): Task[] {
  const end = f.tasks.findIndex((t) => t.t === 'STEP' || t.t === 'WINDOW');
  return f.tasks
    .slice(0, end < 0 ? f.tasks.length : end)
    .filter((t) => t.t === 'PERSONALITY' && t.id === DOCTOR);
}

/**
 * The purchase a cowboy leaving a building or Buy-VP square opens (phases/resolution/flow.ts
 * `perform`).
 */
function purchasePrompt(s: CarsonState, seat: Seat, action: ActionId): PromptState | null {
  if (s.solo?.standish === seat) return null; // his purchases are free, their facts follow (§11.5)
  const square = buildSquare(action);
  const money = s.players[seat].money;
  if (square >= 0) {
    const building = s.track[square];
    if (building === null) return null;
    const price = buildingPrice(s, seat, square);
    return money >= price ? { seat, kind: 'BUY_BUILDING', square, building, price } : null;
  }
  const price = BUY_VP_PRICE[action];
  return price !== undefined && money >= price ? { seat, kind: 'BUY_VP', price } : null;
}

/**
 * Building income (§5.7 step 4): after the last INCOME and the last attacker or defender leaving,
 * the Editor's hooks (EDITOR) and the steps after it.
 */
function afterIncome(s: CarsonState, f: Flow): Flow | null {
  const k = STEPS.indexOf('ESTATE');
  if (f.phase !== 'RESOLVE' || f.step !== k) return null;
  if (s.placements.some((p) => p.loc.startsWith('B:') && locParcel(p.loc) !== s.townHall.parcel)) return null;
  return { phase: 'RESOLVE', tasks: [{ t: 'EDITOR' }, ...afterStep(s, k)], prompt: null, step: k };
}
