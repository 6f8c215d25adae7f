/**
 * The railroad (RULES.md §3.4, G13, G18, D32): engine moves, station upgrades, station masters and
 * building 9a's extraordinary delivery.
 *
 * Track: positions 0..39, n + 0.5 for a turnout. Every space but 0 holds one engine; spaces occupied
 * by another engine are skipped (not counted, never a stop; an occupied turnout is as if absent).
 * Entering a turnout counts one step and ends the move (both directions). Reaching 39 ends the move;
 * after the optional upgrade of station 10 the engine must go back to any free space (+$3).
 *
 * Decisions (answered by `MOVE_TRAIN {to}`): `MOVE_ENGINE_FORWARD {min, max}` (optional when
 * min = 0), `MOVE_ENGINE_BACKWARD {exact, gain}`, `EXTRAORDINARY_DELIVERY`, `LEAVE_SPACE_39`.
 * Then `UPGRADE_STATION {station}` / `UPGRADE_STATION_BEHIND_ENGINE` (optional; command
 * `UPGRADE_STATION {disc, station?}`), `TAKE_STATION_MASTER {station}` (optional; command
 * `TAKE_STATION_MASTER {worker}`); the master's immediate top half is offered with actions/support
 * `offerAction` (declinable), its permanent certificates count in income (discs.ts).
 * Rewards after a backward move go through actions/rewards `applyReward`.
 */
import { violation, type RuleViolation, type Seat } from '../engine';
import type { ExecutorMap } from './actions/registry';
import type { OpenerMap } from './derive';
import { gainReward, rewardDecisions } from './actions/rewards';
import { runAction } from './actions/registry';
import { canRun, dynamicCount } from './actions/support';

export { dynamicCount };
import {
  END_OF_TRACK_BONUS_DOLLARS,
  station as stationData,
  stationAt,
  stationMaster,
  STATIONS,
  TRACK_END,
  TRACK_SPACES,
  trackNext,
  TURNOUTS,
} from './data/railroad';
import type { ActionSpec, Reward, StationId, StationMasterId, WorkerKind } from './data/types';
import { WORKER_KINDS } from './data/types';
import { checkDiscChoice, discChoices, placeDisc } from './discs';
import { KANSAS_CITY_EXECUTORS } from './kansas-city';
import { isStr, type CommandHandler } from './protocol';
import type { Decision, GwtState, TrackPos } from './state';

const bad = (message: string) => violation('INVALID_COMMAND', message);
const top = (state: GwtState) => state.turn.stack[state.turn.stack.length - 1];
const isTurnout = (p: TrackPos) => !Number.isInteger(p);

// ---------------------------------------------------------------------------------------------
// Track geometry

/** Another seat's engine stands on `p` (space 0 is shared, never occupied). */
export function occupied(state: GwtState, seat: Seat, p: TrackPos): boolean {
  return p !== 0 && state.players.some((pl, i) => i !== seat && pl.train === p);
}

/** Next positions one step forward, skipping occupied spaces (an occupied turnout is as if absent). */
function forwardStep(state: GwtState, seat: Seat, p: TrackPos): TrackPos[] {
  const out = new Set<TrackPos>();
  for (const q of trackNext(p)) {
    if (!occupied(state, seat, q)) out.add(q);
    else if (!isTurnout(q)) forwardStep(state, seat, q).forEach((x) => out.add(x));
  }
  return [...out];
}

/** Previous positions one step back (from n: n − 1 or the turnout (n − 1).5; from n.5: n). */
function trackPrev(p: TrackPos): TrackPos[] {
  if (isTurnout(p)) return [Math.floor(p)];
  if (p <= 0) return [];
  return TURNOUTS.includes(p - 0.5) ? [p - 1, p - 0.5] : [p - 1];
}

function backwardStep(state: GwtState, seat: Seat, p: TrackPos): TrackPos[] {
  const out = new Set<TrackPos>();
  for (const q of trackPrev(p)) {
    if (!occupied(state, seat, q)) out.add(q);
    else if (!isTurnout(q)) backwardStep(state, seat, q).forEach((x) => out.add(x));
  }
  return [...out];
}

/** Where `seat`'s engine may stop moving forward `min`..`max` steps (at least 1). */
export function forwardTargets(state: GwtState, seat: Seat, min: number, max: number): TrackPos[] {
  const stops = new Set<TrackPos>();
  forwardWalk(state, seat, min, max, (next) => {
    next.forEach((q) => stops.add(q));
    return false;
  });
  return [...stops].sort((a, b) => a - b);
}

/** Whether `forwardTargets` has any stop (the walk ends at the first step that reaches one). */
function canMoveForward(state: GwtState, seat: Seat, min: number, max: number): boolean {
  return forwardWalk(state, seat, min, max, (next) => next.size > 0);
}

/** The forward walk: `reached` sees the positions of every step from `min` (at least 1); true stops it. */
function forwardWalk(
  state: GwtState,
  seat: Seat,
  min: number,
  max: number,
  reached: (next: Set<TrackPos>) => boolean,
): boolean {
  let frontier = [state.players[seat].train];
  for (let step = 1; step <= max && frontier.length > 0; step++) {
    const next = new Set<TrackPos>();
    for (const p of frontier) for (const q of forwardStep(state, seat, p)) next.add(q);
    if (step >= Math.max(1, min) && reached(next)) return true;
    frontier = [...next].filter((q) => !isTurnout(q) && q !== TRACK_END);
  }
  return false;
}

/** Where `seat`'s engine may stop moving back exactly `exact` steps (a turnout only as the last step). */
export function backwardTargets(state: GwtState, seat: Seat, exact: number): TrackPos[] {
  let frontier = [state.players[seat].train];
  for (let step = 1; step <= exact; step++) {
    const next = new Set<TrackPos>();
    for (const p of frontier)
      if (step === 1 || !isTurnout(p)) for (const q of backwardStep(state, seat, p)) next.add(q);
    frontier = [...next];
  }
  return exact >= 1 ? frontier.sort((a, b) => a - b) : [];
}

/** Every free position behind the engine (9a: move back any distance ≥ 1; space 39: go back). */
export function positionsBehind(
  state: GwtState,
  seat: Seat,
  from: TrackPos = state.players[seat].train,
): TrackPos[] {
  return TRACK_SPACES.map((s) => s.position).filter((q) => q < from && !occupied(state, seat, q));
}

/** Numbered spaces moved over going back from `from` to `to` (turnouts and occupied spaces not counted, D32). */
export function numberedSpacesBack(state: GwtState, seat: Seat, from: TrackPos, to: TrackPos): number {
  let n = 0;
  for (let q = Math.ceil(to); q < from; q++) if (!occupied(state, seat, q)) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Stations

/** Whether `seat` may upgrade `id` now: no disc of theirs there, the cost affordable, a disc available. */
export function canUpgradeStation(state: GwtState, seat: Seat, id: StationId): boolean {
  const st = stationData(id);
  if ((state.stationDiscs[id] ?? []).includes(seat)) return false;
  if (state.players[seat].money < st.upgradeCostDollars) return false;
  return discChoices(state, seat, { station: id }, st.upgradeCostDollars).length > 0;
}

/** Stations behind the engine `seat` may upgrade (building 9b). */
export function stationsBehind(state: GwtState, seat: Seat): StationId[] {
  const train = state.players[seat].train;
  return STATIONS.filter((s) => s.position < train && canUpgradeStation(state, seat, s.id)).map((s) => s.id);
}

/** After the engine stopped on `p`: the station there may be upgraded. */
function stationOffer(state: GwtState, seat: Seat, p: TrackPos): Decision[] {
  const st = stationAt(p);
  return st && canUpgradeStation(state, seat, st.id)
    ? [{ kind: 'UPGRADE_STATION', station: st.id, optional: true }]
    : [];
}

/** `state` with `dollars` more for `seat` (what a reward paid before the station is offered). */
function richer(state: GwtState, seat: Seat, dollars: number): GwtState {
  if (!dollars) return state;
  const players = state.players.map((p, i) => (i === seat ? { ...p, money: p.money + dollars } : p));
  return { ...state, players };
}

/**
 * What an engine move answering `d` leaves owed, bottom first (derive.ts; `evolve` applies it on
 * TRAIN_MOVED, the engine already moved): space 39's way back, the reward's questions, the station
 * where the engine stopped (after the reward's or the bonus's money), the extraordinary delivery.
 */
export function trainMoveFollowUps(
  state: GwtState,
  seat: Seat,
  d: Decision,
  from: TrackPos,
  to: TrackPos,
): Decision[] {
  switch (d.kind) {
    case 'MOVE_ENGINE_FORWARD':
      return [...(to === TRACK_END ? [{ kind: 'LEAVE_SPACE_39' }] : []), ...stationOffer(state, seat, to)];
    case 'MOVE_ENGINE_BACKWARD': {
      const gain = (d as MoveDecision).gain ?? {};
      return [
        ...rewardDecisions(state, seat, gain),
        ...stationOffer(richer(state, seat, gain.dollars ?? 0), seat, to),
      ];
    }
    case 'LEAVE_SPACE_39':
      return stationOffer(richer(state, seat, END_OF_TRACK_BONUS_DOLLARS), seat, to);
    case 'EXTRAORDINARY_DELIVERY': {
      // Deliver first, then the station where it stopped may be upgraded.
      const st = stationAt(to);
      const upgrade: Decision[] =
        st && !(state.stationDiscs[st.id] ?? []).includes(seat)
          ? [{ kind: 'UPGRADE_STATION', station: st.id, optional: true }]
          : [];
      return [
        ...upgrade,
        { kind: 'DELIVER', value: numberedSpacesBack(state, seat, from, to), transport: false },
      ];
    }
    default:
      return [];
  }
}

/** Rows with a worker that can leave for a station master (never the printed one). */
export function removableWorkers(state: GwtState, seat: Seat): WorkerKind[] {
  return WORKER_KINDS.filter((w) => state.players[seat].workers[w] >= 2);
}

// ---------------------------------------------------------------------------------------------
// Executors

function payable(state: GwtState, seat: Seat, dollars: number | undefined): RuleViolation | null {
  if (dollars && state.players[seat].money < dollars)
    return violation('NOT_ENOUGH_MONEY', `This costs $${dollars}.`);
  return null;
}

function forward(state: GwtState, seat: Seat, min: number, max: number): Decision[] | RuleViolation {
  if (!canMoveForward(state, seat, min, max)) {
    if (min <= 0) return [];
    return violation('ENGINE_CANNOT_MOVE', 'Your engine cannot move forward.');
  }
  return [{ kind: 'MOVE_ENGINE_FORWARD', min, max, ...(min <= 0 ? { optional: true } : {}) }];
}

/** The engine moves and station upgrades asked (derive.ts openers; the executors below only pay). */
export const RAILROAD_OPENERS: OpenerMap = {
  MOVE_ENGINE_FORWARD: (state, seat, spec) =>
    forward(state, seat, spec.min, dynamicCount(state, seat, spec.max)),
  PAY_THEN_MOVE_ENGINE_FORWARD(state, seat, spec) {
    const wrong = payable(state, seat, spec.payDollars);
    if (wrong) return wrong;
    // Paid: the reward is taken in full [L308], so the move is at least 1 space (not declinable).
    return forward(state, seat, Math.max(1, spec.min), spec.max);
  },
  MOVE_ENGINE_BACKWARD(state, seat, spec) {
    const wrong = payable(state, seat, spec.payDollars);
    if (wrong) return wrong;
    if (backwardTargets(state, seat, spec.exact).length === 0)
      return violation('ENGINE_CANNOT_MOVE', `Your engine cannot move back exactly ${spec.exact}.`);
    return [{ kind: 'MOVE_ENGINE_BACKWARD', exact: spec.exact, gain: spec.gain ?? {} }];
  },
  UPGRADE_STATION_BEHIND_ENGINE(state, seat) {
    if (stationsBehind(state, seat).length === 0)
      return violation('NO_STATION_TO_UPGRADE', 'No station behind your engine can be upgraded by you now.');
    return [{ kind: 'UPGRADE_STATION_BEHIND_ENGINE', optional: true }];
  },
  EXTRAORDINARY_DELIVERY(state, seat) {
    if (positionsBehind(state, seat).length === 0)
      return violation('ENGINE_CANNOT_MOVE', 'Your engine cannot move back.');
    return [{ kind: 'EXTRAORDINARY_DELIVERY' }];
  },
};

/** Of the asking action types here, those that also pay at once (derive.ts `actsAtOnce`). */
export const RAILROAD_ACTING = {
  PAY_THEN_MOVE_ENGINE_FORWARD: (spec: ActionSpec) => !!(spec as { payDollars?: number }).payDollars,
  MOVE_ENGINE_BACKWARD: (spec: ActionSpec) => !!(spec as { payDollars?: number }).payDollars,
};

export const RAILROAD_EXECUTORS: ExecutorMap = {
  ...KANSAS_CITY_EXECUTORS,
  PAY_THEN_MOVE_ENGINE_FORWARD(ctx, seat, spec) {
    ctx.money(seat, -spec.payDollars, 'ENGINE');
  },
  MOVE_ENGINE_BACKWARD(ctx, seat, spec) {
    if (spec.payDollars) ctx.money(seat, -spec.payDollars, 'ENGINE');
  },
};

// ---------------------------------------------------------------------------------------------
// Commands

export type MoveTrainCmd = { type: 'MOVE_TRAIN'; to: number };
type MoveDecision = Decision & { min?: number; max?: number; exact?: number; gain?: Reward };

/** The stops the move asked now allows. */
export function moveTargets(state: GwtState, seat: Seat, d: MoveDecision): TrackPos[] {
  switch (d.kind) {
    case 'MOVE_ENGINE_FORWARD':
      return forwardTargets(state, seat, d.min ?? 0, d.max ?? 0);
    case 'MOVE_ENGINE_BACKWARD':
      return backwardTargets(state, seat, d.exact ?? 0);
    case 'EXTRAORDINARY_DELIVERY':
    case 'LEAVE_SPACE_39':
      return positionsBehind(state, seat);
    default:
      return [];
  }
}

export const moveTrain: CommandHandler<MoveTrainCmd> = {
  type: 'MOVE_TRAIN',
  answers: ['MOVE_ENGINE_FORWARD', 'MOVE_ENGINE_BACKWARD', 'EXTRAORDINARY_DELIVERY', 'LEAVE_SPACE_39'],
  parse: (raw) =>
    typeof raw.to === 'number' && Number.isInteger(raw.to * 2)
      ? { type: 'MOVE_TRAIN', to: raw.to }
      : bad('MOVE_TRAIN needs to: a track position (n or n.5)'),
  decide(ctx, seat, cmd) {
    const s = ctx.state;
    const d = ctx.top() as MoveDecision;
    if (!moveTargets(s, seat, d).includes(cmd.to))
      return violation('ILLEGAL_TRAIN_MOVE', `Your engine cannot stop on ${cmd.to} with this move.`);
    const from = s.players[seat].train;
    // Answers `d`; what the move leaves owed follows from it (trainMoveFollowUps, agenda.ts).
    ctx.emit({ type: 'TRAIN_MOVED', seat, from, to: cmd.to });
    if (d.kind === 'MOVE_ENGINE_BACKWARD') gainReward(ctx, seat, d.gain ?? {}, 'ENGINE');
    if (d.kind === 'LEAVE_SPACE_39') ctx.money(seat, END_OF_TRACK_BONUS_DOLLARS, 'SPACE_39');
  },
  legal: (state, seat) =>
    moveTargets(state, seat, top(state) as MoveDecision).map((to) => ({ type: 'MOVE_TRAIN', to })),
};

export type UpgradeCmd = { type: 'UPGRADE_STATION'; disc: string | null; station?: StationId };

function upgradeStationOf(state: GwtState, d: Decision, cmd: UpgradeCmd): StationId | null {
  if (d.kind === 'UPGRADE_STATION') return d.station as StationId;
  return cmd.station ?? null;
}

export const upgradeStation: CommandHandler<UpgradeCmd> = {
  type: 'UPGRADE_STATION',
  answers: ['UPGRADE_STATION', 'UPGRADE_STATION_BEHIND_ENGINE'],
  parse: (raw) =>
    (isStr(raw.disc) || raw.disc === null) &&
    (raw.station === undefined || (isStr(raw.station) && STATIONS.some((s) => s.id === raw.station)))
      ? {
          type: 'UPGRADE_STATION',
          disc: raw.disc as string | null,
          ...(raw.station !== undefined ? { station: raw.station as StationId } : {}),
        }
      : bad(
          'UPGRADE_STATION needs disc: a disc id (or a station id to move your disc from), and station for building 9b',
        ),
  decide(ctx, seat, cmd) {
    const s = ctx.state;
    const d = ctx.top()!;
    const id = upgradeStationOf(s, d, cmd);
    if (!id) return violation('NO_STATION', 'Name the station to upgrade.');
    if (d.kind === 'UPGRADE_STATION' && cmd.station !== undefined)
      return violation('WRONG_STATION', `The station is ${id} (send UPGRADE_STATION with the disc only).`);
    const st = stationData(id);
    if (d.kind === 'UPGRADE_STATION_BEHIND_ENGINE' && !(st.position < s.players[seat].train))
      return violation('STATION_NOT_BEHIND', `${id} is not behind your engine.`);
    if ((s.stationDiscs[id] ?? []).includes(seat))
      return violation('STATION_ALREADY_UPGRADED', `You already have a disc on ${id}.`);
    if (s.players[seat].money < st.upgradeCostDollars)
      return violation('NOT_ENOUGH_MONEY', `Upgrading ${id} costs $${st.upgradeCostDollars}.`);
    const wrong = checkDiscChoice(s, seat, { station: id }, cmd.disc, st.upgradeCostDollars);
    if (wrong) return wrong;
    ctx.money(seat, -st.upgradeCostDollars, 'STATION');
    // The disc answers the upgrade and offers the station master (agenda.ts stationUpgraded).
    placeDisc(ctx, seat, cmd.disc, { station: id });
  },
  legal(state, seat) {
    const d = top(state);
    const ids =
      d.kind === 'UPGRADE_STATION'
        ? canUpgradeStation(state, seat, d.station as StationId)
          ? [d.station as StationId]
          : []
        : stationsBehind(state, seat);
    return ids.flatMap((id) =>
      discChoices(state, seat, { station: id }, stationData(id).upgradeCostDollars).map(
        (disc): UpgradeCmd => ({
          type: 'UPGRADE_STATION',
          disc,
          ...(d.kind === 'UPGRADE_STATION' ? {} : { station: id }),
        }),
      ),
    );
  },
};

export type TakeMasterCmd = { type: 'TAKE_STATION_MASTER'; worker: WorkerKind };
export const takeStationMaster: CommandHandler<TakeMasterCmd> = {
  type: 'TAKE_STATION_MASTER',
  answers: ['TAKE_STATION_MASTER'],
  parse: (raw) =>
    isStr(raw.worker) && (WORKER_KINDS as readonly string[]).includes(raw.worker)
      ? { type: 'TAKE_STATION_MASTER', worker: raw.worker as WorkerKind }
      : bad('TAKE_STATION_MASTER needs worker: cowboy, craftsman or engineer'),
  decide(ctx, seat, cmd) {
    const d = ctx.top()!;
    const id = d.station as StationId;
    const master = ctx.state.stationMasters[id];
    if (!master) return violation('NO_STATION_MASTER', 'That station master is gone.');
    if (!removableWorkers(ctx.state, seat).includes(cmd.worker))
      return violation('NO_REMOVABLE_WORKER', `You have no ${cmd.worker} besides the printed one.`);
    // Answers the offer; the top half, an immediate action the player may do or decline, is
    // offered like a worker-slot action (agenda.ts stationMasterTaken).
    ctx.emit({ type: 'STATION_MASTER_TAKEN', seat, station: id, master, worker: cmd.worker });
    const t = stationMaster(master as StationMasterId).top;
    if (t.kind === 'IMMEDIATE' && canRun(ctx.state, seat, t.action))
      return runAction(ctx, seat, t.action, 'derived');
  },
  legal: (state, seat) =>
    removableWorkers(state, seat).map((worker) => ({ type: 'TAKE_STATION_MASTER', worker })),
};

export const RAILROAD_HANDLERS: CommandHandler[] = [
  moveTrain,
  upgradeStation,
  takeStationMaster,
] as CommandHandler[];
