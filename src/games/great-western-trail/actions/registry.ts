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

export type Executor<S extends ActionSpec = ActionSpec> = (
  ctx: Ctx,
  seat: Seat,
  spec: S,
) => RuleViolation | void;

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
  const wrong = run?.(ctx, seat, spec);
  if (wrong) return wrong;
  if (opened === 'push') for (const d of decisions) ctx.push(d);
}

/** The action types that have an executor (tests check every printed action has one). */
export function installedActionTypes(): string[] {
  return [...new Set([...Object.keys(table), ...installedOpenerTypes()])];
}
