/**
 * Agenda rules 3, the resolution (§5) and the building choices (§5.5, §5.6): how `evolve` moves
 * the flow on from the facts of Phase 3 after the parcel purchases (the action squares, the
 * pending-placement windows, building income, the Doctor's and Undertaker's tasks), from the
 * facts of a construction (BUILD_STARTED, HOUSE_CHOSEN, CONSENT_ANSWERED, BUILD_CANCELLED,
 * PENDING_KEPT, ACTION_DECLINED), and from those of the red Banker's menu, the auctions, the
 * track's refills and the picks that take a building, in games that declare `agenda` 3 or later.
 *
 * Two parts. `resolveFlow`: the flow right after a fact, at the end of the task that emitted it
 * (or at the prompt it opened), computed from the state the fact left and the flow before it.
 * `runSilent`: from there, the agenda's tasks that emit nothing and roll nothing (an empty
 * square, a window nobody can use, building income's choices) are run by the engine's own task
 * runners on a copy, up to the next prompt; a task that would emit or roll stops it (that task
 * stays at the head: its facts come next). Like every agenda rule these may decline or miss:
 * `decide` compares the flow they derive with the one it reached and appends a FLOW when they
 * differ, so a miss costs bytes, never a wrong replay.
 */
import type { Seat } from '../engine';
import type { Rng } from '../random';
import {
  ACTIONS,
  BUILD_ACTIONS,
  BUY_VP_PRICE,
  buildSquare,
  MULTI_ACTIONS,
  ROUNDS,
  STEPS,
  type ActionId,
} from './data/actions';
import { BUILDINGS } from './data/buildings';
import { AUCTIONEER, BANKER, DOCTOR } from './data/personalities';
import { rules4 } from './agenda-version';
import { canBuildSomething } from './build';
import { Ctx } from './ctx';
import { doctorTasks } from './duel';
import { evolve } from './evolve';
import type { CarsonEvent } from './events';
import { rules4Flow } from './agenda-rules4';
import { emitsFirst, runTask } from './flow';
import { cashQueue } from './phases/end-of-round/agenda';
import { endOfRoundTasks, townHallOptions } from './phases/end-of-round/flow';
import { contested } from './phases/resolution/agenda';
import { setupFlow } from './phases/setup/agenda';
import { continueAuction, newAuction } from './personalities';
import { freeParcels } from './personalities/menus';
import { PORTS } from './ports';
import { buildingPrice, holderOf, locParcel } from './rules';
import type { Auction, CarsonState, Flow, PendingBuild, PromptState, Task } from './state';
import { byPassOrder, placementsAt, range } from './table';

/** Rules 3 (games that declare `agenda` 3 or later): the resolution and the building choices. */
export function resolveRules(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 3;
}

/**
 * The flow after `e` under rules 3 (`prev`: the state before it, `next`: after it, its flow as
 * the earlier rules left it), or null to keep that flow.
 */
export function resolveFlow(prev: CarsonState, next: CarsonState, e: CarsonEvent): Flow | null {
  const rules = RULES_OF[e.type];
  if (rules === undefined) return null;
  for (let i = 0; i < rules.length; i++) {
    const flow = rules[i](prev, next, e);
    if (flow !== null) return flow;
  }
  return null;
}

export type Rule = (prev: CarsonState, next: CarsonState, e: CarsonEvent) => Flow | null;

/**
 * The rules in the order they are asked (the first flow wins), each with the only event types it
 * can answer for (every other type it declines: null), so that an event asks only those: most
 * events are answered by none (#17: asking all eight was 15% of a replay). A type missing from a
 * rule's list would leave that rule unasked: agenda-resolve-table.spec.ts asks every rule for every
 * event of random games over every option set and fails on an answer for a type not listed.
 */
export const RULES: readonly (readonly [Rule, readonly CarsonEvent['type'][]])[] = [
  [
    (prev, next, e) => rules4Flow(next, prev.flow, e),
    [
      'SHEETS_REVEALED',
      'FIRST_PLAYER_SET',
      'OUTLAW_FIGHT',
      'CHARACTER_PICKED',
      'MINE_DYNAMITED',
      'OPTION_CHOSEN',
      'COWBOY_RETURNED',
      'DICE_ROLLED',
      'DUEL',
      'TOWN_HALL_OCCUPIED',
      'DUEL_ORDER_CHOSEN',
      'DUEL_DIE_KEPT',
    ],
  ],
  [
    (prev, next, e) => buildFlow(next, prev.flow, e),
    [
      'BUILD_STARTED',
      'HOUSE_CHOSEN',
      'CONSENT_ANSWERED',
      'BUILD_CANCELLED',
      'BUILDING_BUILT',
      'AUCTION_PARCEL_CHOSEN',
      'PENDING_KEPT',
      'ACTION_DECLINED',
      'TOWN_HALL_PLACED',
      'VP_BOUGHT',
      'HORSE_BOUGHT',
      'PARCEL_CLAIMED',
    ],
  ],
  [
    (prev, next, e) => trackFlow(next, prev.flow, e),
    ['ROUND_CLEANUP', 'TRACK_SHIFTED', 'BUILDING_DRAWN', 'BUILDING_BOUGHT'],
  ],
  [(prev, next, e) => auctionFlow(next, prev.flow, e), ['CHARACTER_PICKED', 'BID_PLACED', 'BIDDER_OUT']],
  [(prev, next, e) => PORTS.horses.wagesFlow(prev, next, e), ['MONEY', 'COWBOY_RETURNED']],
  [doctorFlow, ['COWBOY_MOVED', 'ACTION_DECLINED', 'OPTION_CHOSEN', 'VP', 'DUEL']],
  [
    (prev, next, e) => stepFlow(next, prev.flow, e),
    [
      'PLACEMENT_ENDED',
      'INCOME',
      'COWBOY_RETURNED',
      'BUILDING_BOUGHT',
      // stepOf
      'MONEY',
      'VP',
      'ROADS_GAINED',
      'THREE_GUNS_TAKEN',
      'DUEL',
    ],
  ],
  [
    (prev, next, e) => roundEndFlow(next, prev.flow, e),
    ['ROUND_ENDED', 'OPTION_CHOSEN', 'COWBOYS_GAINED', 'MONEY', 'VP'],
  ],
];

const RULES_OF: Partial<Record<CarsonEvent['type'], Rule[]>> = {};
for (const [rule, types] of RULES) for (const t of types) (RULES_OF[t] ??= []).push(rule);

// ---------------------------------------------------------------- the track and the auctions

/**
 * The track (§7 step 7, §6.3; phases/end-of-round/flow.ts `refillTrack`): ROUND_CLEANUP leaves
 * the refill and the next round; a refill is done when no square is empty or the bag is; a Town Hall drawn opens its
 * placement for the first of the pass order (another refill after it). A building taken from
 * the track at a pick (red Chinese Worker, yellow Prospector, red Cowboy, §9) refills it, then
 * (Chinese Worker) opens its placement.
 */
function trackFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  const task = f.tasks[0];
  const p = f.prompt;
  switch (e.type) {
    case 'ROUND_CLEANUP':
      if (s.solo) return null;
      return {
        phase: 'END_OF_ROUND',
        tasks: [{ t: 'REFILL' }, { t: 'ROUND_START' }],
        prompt: null,
        step: -1,
      };
    case 'TRACK_SHIFTED':
    case 'BUILDING_DRAWN': {
      if (task?.t !== 'REFILL' || p !== null) return null;
      if (e.type === 'BUILDING_DRAWN' && e.reason === 'TOWN_HALL') {
        const open = townHallOptions(s).length > 0;
        return open ? { ...f, prompt: { seat: s.passTrack[0], kind: 'PLACE_TOWN_HALL' } } : null;
      }
      if (e.type === 'BUILDING_DRAWN' && e.reason !== 'REFILL') return null;
      const bag = Object.values(s.bag).reduce((a, b) => a + b, 0);
      return s.track.includes(null) && bag > 0 ? f : { ...f, tasks: f.tasks.slice(1) };
    }
    case 'BUILDING_BOUGHT': {
      if (p?.seat !== e.seat) return null;
      if (e.reason === 'CHINESE_WORKER' && p.kind === 'TAKE_BUILDING') {
        const open: Task = { t: 'OPEN_PLACE_BUILDING', seat: e.seat, only: e.building };
        return { ...f, tasks: [{ t: 'REFILL' }, open, ...f.tasks], prompt: null };
      }
      if (p.kind !== 'CHOOSE_PARCEL' || p.purpose !== e.reason || !TAKE_AND_BUILD.includes(e.reason))
        return null;
      return { ...f, tasks: e.square !== null ? [{ t: 'REFILL' }, ...f.tasks] : f.tasks, prompt: null };
    }
    default:
      return null;
  }
}

const TAKE_AND_BUILD: readonly string[] = ['PROSPECTOR', 'COWBOY_RED'];

/**
 * Auctions (§9.2 #12, §13 #26-27; personalities `newAuction`, `bid`, `continueAuction`): the red
 * Auctioneer's pick opens the 3-guns auction, the yellow one's his lot's parcels; each bid or
 * drop-out (BID_PLACED, BIDDER_OUT, asked or not) moves the auction on, run dry up to the next
 * bidder; once it is settled the agenda goes on.
 */
function auctionFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  const p = f.prompt;
  // A New Beginning's Great service done (rules 4): a second tile, the same auction.
  if (e.type === 'CHARACTER_PICKED' && e.personality === AUCTIONEER && (!e.greatService || rules4(s))) {
    const asked = e.greatService
      ? p?.kind === 'GREAT_SERVICE' && p.seat === e.seat
      : p?.kind === 'PICK_CHARACTER' && p.seat === e.seat && p.paperboy === e.paperboy;
    if (!asked) return null;
    const goOn = e.greatService ? { ...f, prompt: null } : nextPickFlow(f);
    // The auction opens before the picks go on (the PICK tasks stay on the agenda).
    if (e.side === 'RED')
      return s.threeGuns === null
        ? dryAuction(s, { ...f, prompt: null }, newAuction(s, e.seat, 'THREE_GUNS', []))
        : goOn;
    const parcels = freeParcels(s);
    if (parcels.length < 2) return goOn;
    return {
      ...f,
      prompt: { seat: e.seat, kind: 'CHOOSE_PARCEL', purpose: 'AUCTION_1', parcels, optional: false },
    };
  }
  if ((e.type !== 'BID_PLACED' && e.type !== 'BIDDER_OUT') || p?.kind !== 'BID') return null;
  const a = JSON.parse(JSON.stringify(p.auction)) as Auction;
  const i = a.active.indexOf(e.seat);
  if (i < 0) return null;
  if (e.type === 'BID_PLACED') Object.assign(a, { bid: e.amount, bidder: e.seat, turn: i + 1 });
  else {
    a.active.splice(i, 1);
    a.turn = i;
  }
  return dryAuction(s, { ...f, prompt: null }, a);
}

/**
 * The flow after a pick that opens nothing: the next PICK task's prompt (phases/picks/agenda.ts
 * `nextPick`).
 */
function nextPickFlow(f: Flow): Flow {
  const next = f.tasks[0];
  if (next?.t !== 'PICK') return { ...f, prompt: null };
  return {
    ...f,
    tasks: f.tasks.slice(1),
    prompt: { seat: next.seat, kind: 'PICK_CHARACTER', paperboy: false },
  };
}

/**
 * Run an auction on dry (`continueAuction` mutates `a`): its next BID prompt; or, stopped by a
 * drop-out, the auction as far as it went, asking the seat whose BIDDER_OUT follows; or, settled,
 * the agenda (the lot's facts follow).
 */
function dryAuction(s: CarsonState, base: Flow, a: Auction): Flow {
  const ctx = new DryCtx({ ...s, flow: { ...base, tasks: base.tasks.slice() } }, NO_RNG);
  try {
    continueAuction(ctx, a);
    return ctx.state.flow.prompt?.kind === 'BID' ? ctx.state.flow : base;
  } catch {
    // HALT: a drop-out's or the lot's facts come next.
  }
  const settled = a.active.length === 0 || (a.active.length === 1 && a.bidder === a.active[0]);
  return settled ? base : { ...base, prompt: { seat: a.active[a.turn], kind: 'BID', auction: a } };
}

// ---------------------------------------------------------------- the Doctor and the Undertaker (§9)

/**
 * A step's duel (parcels, buildings) with the Doctor or Undertaker in play (§9.1 #14): his tasks
 * for the defeated cowboys come before the step's other duels (phases/resolution/duels.ts
 * `stepDuels`: the DUELS task, its chooser fixed at the step's first duel, §13 #9). His prompts (MOVE_COWBOY, the
 * Undertaker's CHOOSE_OPTION) are answered by COWBOY_MOVED, ACTION_DECLINED or OPTION_CHOSEN;
 * the Undertaker's VP with no money to pay ends his task.
 */
function doctorFlow(prev: CarsonState, s: CarsonState, e: CarsonEvent): Flow | null {
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

// ---------------------------------------------------------------- the end of a round (§7)

/**
 * The end of a round with a red Banker (§9.1 #3; rules 2 leave it out; in solo, rules 4): ROUND_ENDED opens his
 * menu, after the end-of-round effects of the tiles before his in pass order (none opens a
 * choice); his answer, and every gain of the effects and new cowboys that follow it, lead to the
 * cash limit in pass order (§7 step 5), as rules 2 derive it without a Banker.
 */
function roundEndFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  // Solo (rules 4): the same, Standish's end of round (SOLO_EOR) after the tiles' effects.
  if (s.solo && !rules4(s)) return null;
  const p = f.prompt;
  if (e.type === 'ROUND_ENDED') return bankerMenu(s);
  if (e.type === 'OPTION_CHOSEN' && e.purpose === 'BANKER')
    return p?.kind === 'CHOOSE_OPTION' && p.purpose === 'BANKER' && p.seat === e.seat
      ? cashLimitFlow(s)
      : null;
  if (f.phase !== 'END_OF_ROUND' || (p !== null && p.kind !== 'SPEND_CASH') || f.tasks[0]?.t !== 'EOR_CASH')
    return null;
  // The gains of the effects and new cowboys all come before the first cash decision (a road's
  // Governor VP may come at any prompt: not one of them).
  const gain =
    e.type === 'COWBOYS_GAINED' ||
    ((e.type === 'MONEY' || e.type === 'VP') && !e.reason.startsWith('GOVERNOR_'));
  return gain ? cashLimitFlow(s) : null;
}

function cashSeats(s: CarsonState): Seat[] {
  return s.passed.filter((x) => s.solo?.standish !== x);
}

function lastTask(s: CarsonState): Task {
  return s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' };
}

/** The cash limit from the first seat of the pass order (the agenda's EOR_CASH, §7 step 5). */
function cashLimitFlow(s: CarsonState): Flow {
  const last = lastTask(s);
  const base: Flow = { phase: 'END_OF_ROUND', tasks: [last], prompt: null, step: -1 };
  return cashQueue(s, base, [{ t: 'EOR_CASH', queue: cashSeats(s) }, last]) ?? base;
}

/** ROUND_ENDED with a red Banker: his menu (personalities `BANKER.endOfRound`), else null. */
function bankerMenu(s: CarsonState): Flow | null {
  const banker = holderOf(s, BANKER, 'RED');
  if (banker === null) return null;
  const m = s.players[banker].money;
  const options = [
    'NONE',
    ...(m >= 3 ? ['VP3'] : []),
    ...(m >= 12 ? ['VP5'] : []),
    ...(m >= 25 ? ['VP7'] : []),
  ];
  if (options.length === 1) return cashLimitFlow(s);
  const tiles = endOfRoundTasks(s);
  const at = tiles.findIndex((t) => t.t === 'PERSONALITY' && t.seat === banker && t.id === BANKER);
  const tasks: Task[] = [
    ...tiles.slice(at + 1),
    ...(s.solo ? [{ t: 'SOLO_EOR' } as Task] : []),
    { t: 'EOR_COWBOYS' },
    { t: 'EOR_CASH', queue: cashSeats(s) },
    lastTask(s),
  ];
  const prompt: PromptState = { seat: banker, kind: 'CHOOSE_OPTION', purpose: 'BANKER', options };
  return { phase: 'END_OF_ROUND', tasks, prompt, step: -1 };
}

// ---------------------------------------------------------------- constructions (§5.5, §5.6)

/** A construction's facts: the choices of PLACE_BUILDING, PLACE_HOUSE and CONSENT prompts. */
function buildFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
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

function onlyOf(build: PendingBuild): PendingBuild['building'] | null {
  return build.mode === 'PURCHASE' ? build.building : null;
}

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
function stepFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
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

// ---------------------------------------------------------------- the silent tasks

const HALT = new Error('halt: the task emits or rolls');

function halt(): never {
  throw HALT;
}

/** An Rng whose every use stops the dry run (a roll is always followed by its fact). */
const NO_RNG: Rng = { int: halt, die: halt, pick: halt, shuffle: halt, state: halt };

/** A context whose every emit stops the dry run (that fact will come as the next event). */
class DryCtx extends Ctx {
  override emit(): void {
    halt();
  }
}

/**
 * Run the agenda of `s` with the flow `flow` while its tasks emit nothing and roll nothing: the
 * flow at the next prompt, or with the first task that would emit still at the head.
 */
export function runSilent(s: CarsonState, flow: Flow): Flow {
  return silentRun({ ...s }, flow);
}

/**
 * runSilent on `s` itself, whose `flow` it replaces (evolveAgenda's own new state: no copy of it).
 * The tasks change the state only through the flow (an emit or a roll stops them first): its
 * own object here, and a new agenda array for each task, so the flow before a task that stops
 * needs no copy (its agenda array is left as it was).
 */
function silentRun(s: CarsonState, flow: Flow): Flow {
  s.flow = { ...flow };
  const ctx = new DryCtx(s, NO_RNG);
  for (let i = 0; i < 200; i++) {
    const f = ctx.state.flow;
    const tasks = f.tasks;
    if (f.prompt !== null || f.phase === 'GAME_OVER' || tasks.length === 0) return f;
    if (emitsFirst(ctx.state, tasks[0])) return f; // it would stop at once (HALT)
    const { phase, prompt, step } = f;
    f.tasks = tasks.slice(1);
    try {
      runTask(ctx, tasks[0]);
    } catch {
      // HALT (the task's facts come next), or a task this state cannot run yet: either way the
      // flow stays before it (deterministic, so replay and decide derive the same).
      return { ...f, phase, tasks, prompt, step };
    }
  }
  return ctx.state.flow;
}

/**
 * Rules 4: a Marksman duel's DUEL after its last choice (DUEL_DIE_KEPT). The silent tasks run
 * since then have put the duel's task back at the head (it rolls: they stop there); the engine
 * settles the duel it already holds, so the rules after a duel see the agenda without that task.
 */
export function settledMarksmanDuel(s: CarsonState, loc: string): CarsonState {
  const head = s.flow.tasks[0];
  if (!rules4(s) || s.flow.prompt !== null || head?.t !== 'MARKSMAN_DUEL' || head.duel.loc !== loc) return s;
  return { ...s, flow: { ...s.flow, tasks: s.flow.tasks.slice(1) } };
}

/**
 * `evolve` (evolve.ts: the facts, then agenda rules 1 and 2) and, in games of rules 3, these
 * rules: the engine's `evolve`, and the one `decide` checks its flow against.
 */
export function evolveAgenda(state: CarsonState | null, event: CarsonEvent): CarsonState {
  if (state !== null && event.type === 'DUEL') state = settledMarksmanDuel(state, event.loc);
  const next = evolve(state, event);
  if (state === null) {
    if (rules4(next)) next.flow = setupFlow(next);
    return next;
  }
  if (!resolveRules(next) || event.type === 'FLOW') return next;
  const flow = resolveFlow(state, next, event) ?? next.flow;
  next.flow = flow.prompt === null && flow.phase !== 'GAME_OVER' ? silentRun(next, flow) : flow;
  return next;
}
