/**
 * Agenda rules 3, the resolution (§5) and the building choices (§5.5, §5.6): how `evolve` moves
 * the flow on from the facts of Phase 3 after the parcel purchases (the action squares, the
 * pending-placement windows, building income, the Doctor's and Undertaker's tasks), from the
 * facts of a construction (BUILD_STARTED, HOUSE_CHOSEN, CONSENT_ANSWERED, BUILD_CANCELLED,
 * PENDING_KEPT, ACTION_DECLINED), and from those of the red Banker's menu, the auctions, the
 * track's refills and the picks that take a building, in games that declare `agenda` 3 or later.
 * This is their entry: the rules are the phases' (`phases/resolution/agenda-rules3.ts`: the
 * Doctor, the constructions, the steps; `phases/end-of-round/agenda-rules3.ts`: the track, the
 * red Banker's end of round; `phases/picks/agenda-rules3.ts`: the auctions), routed here by event
 * type (`RULES`); the dry runs' context and auction are the leaf `agenda-dry.ts`.
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
import { rules4 } from './agenda-version';
import { DryCtx, NO_RNG } from './agenda-dry';
import { evolve } from './evolve';
import type { CarsonEvent } from './events';
import { rules4Flow } from './agenda-rules4';
import { emitsFirst, runTask } from './flow';
import { roundEndFlow, trackFlow } from './phases/end-of-round/agenda-rules3';
import { auctionFlow } from './phases/picks/agenda-rules3';
import { buildFlow, doctorFlow, stepFlow } from './phases/resolution/agenda-rules3';
import { setupFlow } from './phases/setup/agenda';
import { PORTS } from './ports';
import type { CarsonState, Flow } from './state';

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

// ---------------------------------------------------------------- the silent tasks

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
