/**
 * Running an action from the vocabulary (data/types ActionSpec), whatever its source: a building's
 * local action, an auxiliary action, a worker slot, a station master, a city link, an objective
 * card, a bandit slot. An executor either applies the action at once (nothing to choose) or pushes
 * a decision whose `kind` is the action type; the command of the same name answers it.
 *
 * The table is installed once by index.ts from the modules' executor maps, so modules can run
 * nested actions (CHOOSE_ONE, DISCARD_CARDS ... then) without importing each other.
 */
import { isViolation, violation, type RuleViolation, type Seat } from '../../engine';
import type { Ctx } from '../ctx';
import { installedOpenerTypes, openerOf } from '../derive';
import type { ActionSpec, ActionType } from '../data/types';
import type { GwtState } from '../state';

/**
 * An action's immediate effects. It never refuses (its return type says so): whether an action can
 * be done is its opener's answer (or, for an action that asks nothing, that it has an executor),
 * so `canRunAction` needs no dry run.
 */
export type Executor<S extends ActionSpec = ActionSpec> = (ctx: Ctx, seat: Seat, spec: S) => undefined;

export type ExecutorMap = { [K in ActionType]?: Executor<Extract<ActionSpec, { type: K }>> };

const table: ExecutorMap = {};

export function installExecutors(...maps: ExecutorMap[]): void {
  for (const map of maps) Object.assign(table, map);
}

/**
 * Run `spec`: an action type that asks has an opener (derive.ts), whose decisions are pushed here,
 * after the executor's immediate effects, unless `opened` is 'derived': the fact just emitted
 * (LOCAL_ACTION_USED, AUXILIARY_ACTION_USED, OPTION_CHOSEN...) already opened them in `evolve`
 * ('checked': and the caller already knows the action can be done, so the opener is not asked).
 */
export function runAction(
  ctx: Ctx,
  seat: Seat,
  spec: ActionSpec,
  opened: 'push' | 'derived' | 'checked' = 'push',
): RuleViolation | void {
  const run = table[spec.type] as Executor | undefined;
  const opener = openerOf(spec);
  if (!opener) {
    if (!run) return violation('ACTION_UNAVAILABLE', `Action ${spec.type} is not available.`);
    return run(ctx, seat, spec);
  }
  if (opened === 'checked') return run?.(ctx, seat, spec);
  const decisions = opener(ctx.state, seat, spec);
  if (isViolation(decisions)) return decisions;
  run?.(ctx, seat, spec);
  if (opened === 'push') for (const d of decisions) ctx.push(d);
}

/**
 * Whether `runAction` would accept `spec` for `seat` in `state`, without running it: executors
 * never refuse, so this is the opener's answer (openers are pure), or for an action that asks
 * nothing whether it has an executor. Exactly the old dry run's answer, without copying the state.
 */
export function canRunAction(state: GwtState, seat: Seat, spec: ActionSpec): boolean {
  const opener = openerOf(spec);
  if (opener) return !isViolation(opener(state, seat, spec));
  return table[spec.type] !== undefined;
}

/** The action types that have an executor (tests check every printed action has one). */
export function installedActionTypes(): string[] {
  return [...new Set([...Object.keys(table), ...installedOpenerTypes()])];
}
