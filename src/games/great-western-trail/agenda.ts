/**
 * The agenda: the turn's control state (whose turn, its stage, the visit's used actions, the
 * decisions owed, the final round) as `evolve` derives it from the facts of the game. No event
 * holds the engine's to-do list (event schema 4; before 3 every decision ended with a `FLOW`
 * snapshot of it, read as AGENDA_RESTORED, and schema 3 wrote AGENDA_UPDATED for what its facts did
 * not explain: both still read, upcasters.ts).
 *
 * Derived from the fact alone: a turn starting (the stage, the first turn's discard-down to 4, the
 * turn count, the final round's bookkeeping), phase B starting (Kansas City's first sub-phase), the
 * end of the game; an action taken (a local action, an auxiliary action, an option chosen, a worker
 * slot's offer...) opens what its action type asks through the type's opener (derive.ts, the same
 * pure function decide's runAction uses); the fact that answers a decision settles it and asks what
 * follows; DECISION_DECLINED declines one (an untouched local action is then not used).
 *
 * `Ctx.closeAgenda` (ctx.ts) checks after every command that the facts explain the agenda decide
 * reached; it does not record anything else (a difference is an engine error).
 */
import type { Seat } from '../engine';
import { SIMMENTAL_IDS } from './cards';
import { AUXILIARY_ACTIONS, FIRST_TURN_HAND_SIZE, WORKER_SLOT_ACTIONS } from './data/player-board';
import { city as cityData, CITY_LINKS, stationMaster as stationMasterData } from './data/railroad';
import { neutralBuilding } from './data/neutral-buildings';
import { playerBuilding } from './data/player-buildings';
import { locationById } from './data/trail';
import type {
  ActionSpec,
  AuxiliaryActionId,
  CityId,
  LocationId,
  NeutralBuildingId,
  PlayerBuildingId,
  Reward,
  StationMasterId,
  WorkerKind,
  WorkerSlot,
} from './data/types';
import { WORKER_KINDS } from './data/types';
import { actsAtOnce, afterTrainMove, opensOf } from './derive';
import type { Decision, GwtState, Stage, TurnState } from './state';

/** Set on the one decision a local action opened while nothing of it is done yet (SKIP then undoes its use). */
export type OpenedAction = { index: number; building: string | null; adjacent?: string };

/** Fields of the turn a schema-3 AGENDA_UPDATED may carry (each only when it changed). */
export interface AgendaUpdate {
  seat?: Seat;
  stage?: Stage;
  location?: string | null;
  usedActions?: number[];
  usedAuxiliaryInstead?: boolean;
  usedBuildings?: string[];
  /** Decisions taken off the top of the stack (answered, declined or replaced), before `owed`. */
  settled?: number;
  /** Decisions put on the stack, bottom first. */
  owed?: Decision[];
  endTriggeredBy?: Seat | null;
  finalTurns?: Seat[];
  turnNumber?: number;
}

export function freshTurn(seat: Seat, stage: Stage): TurnState {
  return {
    seat,
    stage,
    location: null,
    usedActions: [],
    usedAuxiliaryInstead: false,
    usedBuildings: [],
    stack: [],
  };
}

/** The building tile at a location, as an id unique on the board (for 6b's "once per turn", D9). */
export function buildingKey(state: GwtState, location: string): string | null {
  const o = state.trail[location];
  if (o?.kind === 'NEUTRAL') return `N:${o.building}`;
  if (o?.kind === 'PLAYER') return `P:${o.owner}:${o.building}`;
  return null;
}

/** The local actions at `location` for `seat` (none on another player's building, a hazard or a bandit). */
export function localActions(state: GwtState, seat: Seat, location: string): readonly ActionSpec[] {
  const o = state.trail[location];
  if (!o) return [];
  if (o.kind === 'NEUTRAL') return neutralBuilding(o.building as NeutralBuildingId).actions;
  if (o.kind === 'PLAYER' && o.owner === seat) {
    const slot = locationById(location as LocationId);
    const risk = slot.kind === 'player_building_slot' ? slot.riskAction : null;
    return [...playerBuilding(o.building as PlayerBuildingId).actions, ...(risk ? [risk] : [])];
  }
  return [];
}

/** The tile indexes of foresight `column` that may be chosen (no workers once the token has left). */
export function foresightOptions(state: GwtState, column: number): number[] {
  const tiles = state.foresight[column] ?? [];
  return tiles
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t !== null && !(t.kind === 'worker' && state.jobMarketTokenRow === null))
    .map(({ i }) => i);
}

/** Kansas City's next sub-phase from foresight `column` on (columns without a choice are skipped). */
export function kansasCityStep(state: GwtState, column: number): Decision {
  for (let c = column; c < 3; c++)
    if (foresightOptions(state, c).length > 0) return { kind: 'FORESIGHT', column: c };
  return { kind: 'INCOME' };
}

/** The seat that ended its turn: with the final round on, it took one of the final turns. */
function finalTurnTaken(s: GwtState): void {
  if (s.endTriggeredBy !== null && s.turn.seat !== s.endTriggeredBy) s.finalTurns = s.finalTurns.slice(1);
}

/** FINAL_ROUND_STARTED: the job-market token left in `seat`'s visit; every other seat has one last turn. */
export function finalRoundStarted(s: GwtState, seat: Seat): void {
  if (s.endTriggeredBy !== null) return;
  s.endTriggeredBy = seat;
  s.finalTurns = Array.from({ length: s.seatCount - 1 }, (_, i) => (seat + 1 + i) % s.seatCount);
}

/** TURN_STARTED: the previous turn is over (a final turn taken, if so) and `seat`'s begins. */
export function turnStarted(s: GwtState, seat: Seat, turn: number): void {
  finalTurnTaken(s);
  s.turnNumber = turn;
  const p = s.players[seat];
  s.turn = freshTurn(seat, p.herder === null ? 'FIRST_PLACE' : 'MOVE');
  if (p.herder === null && p.hand.length > FIRST_TURN_HAND_SIZE)
    s.turn.stack = [{ kind: 'DISCARD_DOWN', count: p.hand.length - FIRST_TURN_HAND_SIZE }];
}

/**
 * PHASE_B_STARTED: phase B at `location` (also after a move forward in phase B: the visit starts
 * anew). In Kansas City its first sub-phase is asked, marked `arrival` (objective cards may still
 * be played before it is answered, D4).
 */
export function phaseBStarted(s: GwtState, location: string): void {
  const t = { ...s.turn, location, usedActions: [], usedAuxiliaryInstead: false };
  if (location === 'KANSAS_CITY') {
    t.stage = 'KANSAS_CITY';
    t.stack = [...t.stack, { ...kansasCityStep(s, 0), arrival: true }];
  } else {
    t.stage = 'LOCATION';
  }
  s.turn = t;
}

/** LOCAL_ACTION_USED: action `index` of the visit's location; its building counts as used this turn. */
export function localActionUsed(s: GwtState, index: number): void {
  const key = s.turn.location === null ? null : buildingKey(s, s.turn.location);
  const usedBuildings =
    key !== null && !s.turn.usedBuildings.includes(key)
      ? [...s.turn.usedBuildings, key]
      : s.turn.usedBuildings;
  s.turn = { ...s.turn, usedActions: [...s.turn.usedActions, index], usedBuildings };
}

/** FINAL_OBJECTIVES_ASKED: after the final round (a final turn taken, if so), `seat`'s choice (D20). */
export function finalObjectivesAsked(s: GwtState, seat: Seat): void {
  finalTurnTaken(s);
  s.turn = { ...freshTurn(seat, 'FINAL_OBJECTIVES'), stack: [{ kind: 'FINAL_OBJECTIVES' }] };
}

/** GAME_ENDED: the last final turn (or end-of-game choice) is over. */
export function gameEnded(s: GwtState): void {
  finalTurnTaken(s);
  s.over = true;
  s.turn = freshTurn(s.turn.seat, 'MOVE');
}

/** AGENDA_UPDATED (read from schema-3 histories only): what the sequencing changed. */
export function agendaUpdated(s: GwtState, u: AgendaUpdate): void {
  const t = { ...s.turn };
  if (u.seat !== undefined) t.seat = u.seat;
  if (u.stage !== undefined) t.stage = u.stage;
  if (u.location !== undefined) t.location = u.location;
  if (u.usedActions !== undefined) t.usedActions = u.usedActions;
  if (u.usedAuxiliaryInstead !== undefined) t.usedAuxiliaryInstead = u.usedAuxiliaryInstead;
  if (u.usedBuildings !== undefined) t.usedBuildings = u.usedBuildings;
  const { settled, owed, endTriggeredBy, finalTurns, turnNumber } = u;
  if (settled !== undefined || owed !== undefined)
    t.stack = [...t.stack.slice(0, t.stack.length - (settled ?? 0)), ...(owed ?? [])];
  s.turn = t;
  if (endTriggeredBy !== undefined) s.endTriggeredBy = endTriggeredBy;
  if (finalTurns !== undefined) s.finalTurns = finalTurns;
  if (turnNumber !== undefined) s.turnNumber = turnNumber;
}

// ---------------------------------------------------------------------------------------------
// Decisions opened and settled by the facts of event schema 4 (none of this runs for events read
// from older histories, which record their agenda: their facts carry `recorded`, upcasters.ts).

const topOf = (s: GwtState): Decision | undefined => s.turn.stack[s.turn.stack.length - 1];

/** Takes the decision asked now off the stack when it is one of `kinds` (never mutating the turn). */
export function settle(s: GwtState, kinds: readonly string[]): Decision | undefined {
  const d = topOf(s);
  if (!d || !kinds.includes(d.kind)) return undefined;
  s.turn = { ...s.turn, stack: s.turn.stack.slice(0, -1) };
  return d;
}

/** Puts `decisions` on the stack (the last is asked first). */
export function owe(s: GwtState, decisions: readonly Decision[]): void {
  if (decisions.length > 0) s.turn = { ...s.turn, stack: [...s.turn.stack, ...decisions] };
}

/** The decisions `spec` opens, all optional when `optional` (a worker slot's offer). */
export function actionTaken(s: GwtState, seat: Seat, spec: ActionSpec, optional = false): Decision[] {
  const opened = opensOf(s, seat, spec).map((d) => (optional ? { ...d, optional: true } : d));
  owe(s, opened);
  return opened;
}

/**
 * LOCAL_ACTION_USED (schema 4): the bookkeeping, then the decisions the action opens. One question
 * and nothing done: it carries `opened`, so declining it forgoes the action as if never started
 * and the single auxiliary action instead stays possible [L188].
 */
export function localActionTaken(s: GwtState, seat: Seat, index: number, spec: ActionSpec): void {
  const key = s.turn.location === null ? null : buildingKey(s, s.turn.location);
  const newBuilding = key !== null && !s.turn.usedBuildings.includes(key);
  localActionUsed(s, index);
  const opened = actionTaken(s, seat, spec);
  if (opened.length === 1 && !actsAtOnce(spec)) markOpened(s, { index, building: newBuilding ? key : null });
}

function markOpened(s: GwtState, opened: OpenedAction): void {
  const stack = s.turn.stack;
  s.turn = { ...s.turn, stack: [...stack.slice(0, -1), { ...stack[stack.length - 1], opened }] };
}

/** The spec of an auxiliary action. */
export function auxiliarySpec(action: AuxiliaryActionId, double: boolean): ActionSpec {
  const aux = AUXILIARY_ACTIONS.find((a) => a.id === action)!;
  return double ? aux.double : aux.single;
}

/** AUXILIARY_ACTION_USED: answering the auxiliary-action icon, or instead of the local actions. */
export function auxiliaryActionUsed(
  s: GwtState,
  seat: Seat,
  action: AuxiliaryActionId,
  double: boolean,
): void {
  if (!settle(s, ['AUXILIARY_ACTION'])) s.turn = { ...s.turn, usedAuxiliaryInstead: true };
  actionTaken(s, seat, auxiliarySpec(action, double));
}

/** OPTION_CHOSEN: option `option` of the "choose one" asked now; its question carries `opened` on. */
export function optionChosen(s: GwtState, seat: Seat, option: number): void {
  const d = settle(s, ['CHOOSE_ONE']) as (Decision & { options: readonly ActionSpec[] }) | undefined;
  if (!d) return;
  const spec = d.options[option];
  const opened = actionTaken(s, seat, spec);
  if (d.opened && opened.length === 1 && opened[0].optional && !actsAtOnce(spec))
    markOpened(s, d.opened as OpenedAction);
}

/** DECISION_DECLINED: the optional decision asked now is declined; an untouched local action is not used. */
export function decisionDeclined(s: GwtState): void {
  const top = topOf(s);
  if (!top) return;
  const t = { ...s.turn, stack: s.turn.stack.slice(0, -1) };
  const opened = top.opened as OpenedAction | undefined;
  if (opened && t.stage === 'LOCATION') {
    t.usedActions = t.usedActions.filter((i) => i !== opened.index);
    if (opened.adjacent) t.usedBuildings = t.usedBuildings.filter((b) => b !== opened.adjacent);
    if (opened.building && t.usedActions.length === 0)
      t.usedBuildings = t.usedBuildings.filter((b) => b !== opened.building);
  }
  s.turn = t;
}

/** Whether placing foresight `tile` takes the job-market token out of the market (kansas-city.ts placeWorker). */
function tokenLeavesWith(s: GwtState, tile: unknown): boolean {
  const row = s.jobMarketTokenRow;
  if ((tile as { kind?: string } | null)?.kind !== 'worker' || row === null) return false;
  const col = s.jobMarket[row].findIndex((x) => x === null);
  return col === s.jobMarket[row].length - 1 && row + 1 >= s.jobMarket.length;
}

/** FORESIGHT_TAKEN (before the slot empties): that sub-phase is answered, the next one is asked. */
export function foresightTaken(s: GwtState, column: number, index: number): void {
  if (!settle(s, ['FORESIGHT'])) return;
  const gone = tokenLeavesWith(s, s.foresight[column][index]);
  owe(s, [kansasCityStep(gone ? { ...s, jobMarketTokenRow: null } : s, column + 1)]);
}

/** Whether `seat` may upgrade a Simmental now (variant; Kansas City after income). */
export function simmentalUpgradable(state: GwtState, seat: Seat): boolean {
  const hand = state.players[seat].hand;
  const has = (card: string) => hand.includes(card);
  return (
    (has(SIMMENTAL_IDS[1]) && state.simmentalSupply[2] > 0) ||
    (has(SIMMENTAL_IDS[2]) && state.simmentalSupply[3] > 0)
  );
}

/** Kansas City income of `value`: the delivery of that value is owed, after the Simmental upgrade if any. */
export function incomeReceived(s: GwtState, seat: Seat, value: number): void {
  if (!settle(s, ['INCOME'])) return;
  const deliver: Decision = { kind: 'DELIVER', value, transport: true };
  // Not optional: the hand is discarded when this is answered (UPGRADE_SIMMENTAL 0/0 declines).
  if (s.options.simmental && simmentalUpgradable(s, seat))
    owe(s, [deliver, { kind: 'SIMMENTAL_UPGRADE', value }]);
  else owe(s, [deliver]);
}

/**
 * Cards discarded answer a discard asked now (down to the hand size, after a draw, for a reward);
 * a discard for a reward then asks what the reward asks and opens its follow-up action (2b).
 */
export function cardsDiscarded(s: GwtState, seat: Seat): void {
  const d = settle(s, ['DISCARD_DOWN', 'DISCARD_AFTER_DRAW', 'DISCARD_CARDS', 'DISCARD_OBJECTIVE_CARD']) as
    (Decision & { gain?: Reward; then?: ActionSpec }) | undefined;
  if (d?.gain) owe(s, rewardDecisions(s, seat, d.gain));
  if (d?.kind === 'DISCARD_CARDS' && d.then) actionTaken(s, seat, d.then);
}

/** A station master taken answers TAKE_STATION_MASTER; its immediate top half is offered (optional). */
export function stationMasterTaken(s: GwtState, seat: Seat, master: string): void {
  if (!settle(s, ['TAKE_STATION_MASTER'])) return;
  const top = stationMasterData(master as StationMasterId).top;
  if (top.kind === 'IMMEDIATE') actionTaken(s, seat, top.action, true);
}

/** An exchange token used: draw 2 (as many as there are), then discard as many. */
export function exchangeTokenUsed(s: GwtState, seat: Seat): void {
  const p = s.players[seat];
  const count = Math.min(2, p.drawPile.length + p.discard.length);
  if (count > 0) owe(s, [{ kind: 'DISCARD_AFTER_DRAW', count }]);
}

const TRAIN_MOVES = [
  'MOVE_ENGINE_FORWARD',
  'MOVE_ENGINE_BACKWARD',
  'EXTRAORDINARY_DELIVERY',
  'LEAVE_SPACE_39',
];

/** TRAIN_MOVED (after the engine moved) answering an engine move: what the move leaves owed (railroad.ts). */
export function trainMoved(s: GwtState, seat: Seat, from: number, to: number): void {
  const d = settle(s, TRAIN_MOVES);
  if (d) owe(s, afterTrainMove(s, seat, d, from, to));
}

/** REMOVE_CARDS answered: cards removed from the game. */
export function cardsRemoved(s: GwtState): void {
  settle(s, ['REMOVE_CARDS']);
}

/** An objective card taken from the display or the deck answers TAKE_OBJECTIVE_CARD. */
export function objectiveCardGained(s: GwtState, from: string): void {
  if (from === 'DISPLAY' || from === 'DECK') settle(s, ['TAKE_OBJECTIVE_CARD']);
}

/** A herder move by an action answers it; a visit of an adjacent building (6b) ends with the herder leaving. */
export function herderMoved(s: GwtState): void {
  if (!settle(s, ['MOVE_HERDER_FORWARD', 'MOVE_HERDER_FORWARD_FREE'])) return;
  s.turn = { ...s.turn, stack: s.turn.stack.filter((x) => x.kind !== 'ADJACENT_ACTIONS') };
}

/** A worker hired answers HIRE_WORKER; the immediate action of the slot it went to is offered (optional). */
export function workerHired(s: GwtState, seat: Seat, worker: WorkerKind): void {
  if (!settle(s, ['HIRE_WORKER'])) return;
  const immediate = WORKER_SLOT_ACTIONS[worker][s.players[seat].workers[worker] as WorkerSlot];
  if (immediate) actionTaken(s, seat, immediate, true);
}

/** A disc onto a station answers the upgrade; the station master there is offered (optional). */
export function stationUpgraded(s: GwtState, seat: Seat, station: string): void {
  if (!settle(s, ['UPGRADE_STATION', 'UPGRADE_STATION_BEHIND_ENGINE'])) return;
  const master = s.stationMasters[station];
  if (master && WORKER_KINDS.some((w) => s.players[seat].workers[w] >= 2))
    owe(s, [{ kind: 'TAKE_STATION_MASTER', station, master, optional: true }]);
}

/**
 * DELIVERED answers DELIVER (before its disc is placed): the city's own action and the link
 * actions it completes are opened, the first link asked first (kansas-city.ts `deliver`).
 */
export function delivered(s: GwtState, seat: Seat, city: CityId, withDisc: boolean): void {
  if (!settle(s, ['DELIVER']) || !withDisc) return;
  const hadDisc = (id: CityId) => (s.cityDiscs[id] ?? []).includes(seat);
  const c = cityData(city);
  if (c.onDelivery && !(c.onDelivery.type === 'GAIN_DOLLARS' && !c.onDelivery.per))
    actionTaken(s, seat, c.onDelivery);
  const links = CITY_LINKS.filter(
    (l) =>
      l.onCompletion &&
      l.between.includes(city) &&
      hadDisc(l.between[0] === city ? l.between[1] : l.between[0]),
  );
  for (const l of [...links].reverse()) actionTaken(s, seat, l.onCompletion!);
}

/** COWBOYS_USED: `count` cowboys of the buying action fewer; it ends with the last one (something was done: no `opened`). */
export function cowboysUsed(s: GwtState, count: number): void {
  const d = settle(s, ['BUY_CATTLE']) as (Decision & { cowboysLeft: number }) | undefined;
  if (!d) return;
  const { opened: _done, ...rest } = d;
  if (d.cowboysLeft - count > 0) owe(s, [{ ...rest, cowboysLeft: d.cowboysLeft - count }]);
}

/** DRAW_CHOSEN: the draw "up to N" is answered; the discard of as many as are drawn is asked. */
export function drawChosen(s: GwtState, seat: Seat, count: number): void {
  if (!settle(s, ['DRAW_THEN_DISCARD'])) return;
  const p = s.players[seat];
  const n = Math.min(count, p.drawPile.length + p.discard.length);
  if (n > 0) owe(s, [{ kind: 'DISCARD_AFTER_DRAW', count: n }]);
}

/** Whether an objective card can be taken now (display or deck not empty). */
export const objectiveAvailable = (state: GwtState): boolean =>
  state.objectiveDisplay.length > 0 || state.objectiveDeck.length > 0;

/** The part of `reward` that is asked, bottom first (the stack is answered from the top). */
export function rewardDecisions(state: GwtState, seat: Seat, reward: Reward): Decision[] {
  const out: Decision[] = [];
  if (reward.removeCardsFromGameUpTo && state.players[seat].hand.length > 0)
    out.push({
      kind: 'REMOVE_CARDS',
      upTo: reward.removeCardsFromGameUpTo,
      optional: true,
    });
  if (objectiveAvailable(state))
    for (let i = 0; i < (reward.objectiveCardsToHand ?? 0); i++)
      out.push({ kind: 'TAKE_OBJECTIVE_CARD', to: 'HAND' });
  return out;
}
