/**
 * The pure rules `evolve` needs from the modules to derive the agenda (agenda.ts): the decisions
 * an action opens (an "opener" per action type that asks something) and the decisions a train
 * move leaves owed. The modules (actions/, railroad.ts) own them and decide uses the same
 * functions, so what decide asks and what a replay derives cannot drift apart. index.ts installs
 * them once (as the executors), so agenda.ts needs no import of the modules (no cycle).
 */
import { isViolation, type RuleViolation, type Seat } from '../engine';
import type { ActionSpec, ActionType } from './data/types';
import type { GwtEvent } from './events';
import type { Decision, GwtState, TrackPos } from './state';

/**
 * The decisions `spec` opens for `seat` in `state` (bottom first), or why it cannot be done. An
 * action type with an opener asks; its executor (if any) only applies the immediate effects.
 */
export type Opener<S extends ActionSpec = ActionSpec> = (
  state: GwtState,
  seat: Seat,
  spec: S,
) => Decision[] | RuleViolation;

export type OpenerMap = { [K in ActionType]?: Opener<Extract<ActionSpec, { type: K }>> };

/** What a train move answering `d` (from `from` to `to`) leaves owed, bottom first. */
export type TrainMoveRule = (
  state: GwtState,
  seat: Seat,
  d: Decision,
  from: TrackPos,
  to: TrackPos,
) => Decision[];

const openers: OpenerMap = {};
/** Action types whose executor has immediate effects besides what they open (for `opened`). */
const acting = new Map<string, (spec: ActionSpec) => boolean>();
let trainMoveRule: TrainMoveRule = () => [];

export function installOpeners(map: OpenerMap, acts: Record<string, (spec: ActionSpec) => boolean>): void {
  Object.assign(openers, map);
  for (const [type, f] of Object.entries(acts)) acting.set(type, f);
}

export function installTrainMoveRule(rule: TrainMoveRule): void {
  trainMoveRule = rule;
}

export function installedOpenerTypes(): string[] {
  return Object.keys(openers);
}

export function openerOf(spec: ActionSpec): Opener | undefined {
  return openers[spec.type] as Opener | undefined;
}

/** The decisions `spec` opens (none when it asks nothing or cannot be done). */
export function opensOf(state: GwtState, seat: Seat, spec: ActionSpec): Decision[] {
  const opener = openerOf(spec);
  if (!opener) return [];
  const out = opener(state, seat, spec);
  return isViolation(out) ? [] : out;
}

/** Whether running `spec` does something at once besides asking (then it is not "untouched"). */
export function actsAtOnce(spec: ActionSpec): boolean {
  const f = acting.get(spec.type);
  return openerOf(spec) === undefined || (f !== undefined && f(spec));
}

export function afterTrainMove(
  state: GwtState,
  seat: Seat,
  d: Decision,
  from: TrackPos,
  to: TrackPos,
): Decision[] {
  return trainMoveRule(state, seat, d, from, to);
}

/** A module's derivation for a fact of its own (objective cards, trail tiles): what it opens or settles. */
export type FactRule = (state: GwtState, event: GwtEvent) => void;

const factRules = new Map<string, FactRule>();

export function installFactRules(rules: Record<string, FactRule>): void {
  for (const [type, rule] of Object.entries(rules)) factRules.set(type, rule);
}

/** Applies the module rule for `event`, if any (evolve.ts, after the event's own effects). */
export function applyFactRule(state: GwtState, event: GwtEvent): void {
  factRules.get(event.type)?.(state, event);
}
