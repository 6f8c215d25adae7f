/** decide: validate a command, apply it, then run the automatic steps to the next prompt. */
import { isViolation, type RuleViolation, type Seat } from '../engine';
import type { Rng } from '../random';
import type { CarsonCommand } from './commands';
import { Ctx } from './ctx';
import { evolveAgenda as evolve } from './agenda-resolve';
import { rememberFold, rememberStep } from './fold-memo';
import type { CarsonEvent } from './events';
import { advance } from './flow';
import type { CarsonState } from './state';
import { validate } from './validate';
import { HANDLERS } from './protocol';

export function decide(
  state: CarsonState,
  seat: Seat,
  command: CarsonCommand,
  rng: Rng,
): CarsonEvent[] | RuleViolation {
  const v = validate(state, seat, command);
  if (isViolation(v)) return v;
  const ctx = Ctx.over(state, rng);
  const prompt = ctx.state.flow.prompt!;
  ctx.answered = prompt;
  // A road may be sent at any prompt of the seat and leaves it open (§13 #14).
  if (command.type !== 'PLACE_ROAD') ctx.prompt(null);
  HANDLERS[command.type]!.decide(ctx, seat, command);
  advance(ctx);
  finishFlow(ctx, state);
  return ctx.events;
}

/**
 * Close a decision (or the setup, `from` null): the events' facts, folded by `evolve` from `from`,
 * move the flow on by agenda.ts's rules. In games of agenda rules 4 they always reach the control
 * state the engine reached; in older games a FLOW event records it where they do not, so replaying
 * the events from `from` rebuilds the state exactly. A rules-4 miss is an engine bug, which the
 * contract (no engine appends a FLOW, every option set) and agenda-rules4.spec fail on; a live game
 * that meets one still records its FLOW, as older rules do, and goes on: a thrown error would
 * refuse every command of that position, and a correspondence game (its bot and timer turns too)
 * would stall for good. Operators find such games by a FLOW after a GAME_STARTED of agenda 4.
 */
export function finishFlow(ctx: Ctx, from: CarsonState | null): void {
  let derived = from;
  rememberFold(from);
  for (const e of ctx.events) rememberStep(e, (derived = evolve(derived, e)));
  const flow = ctx.state.flow;
  if (derived && sameJson(derived.flow, flow)) return;
  ctx.emit({ type: 'FLOW', flow: { ...flow, tasks: flow.tasks.slice() } });
}

/** Deep equality of JSON values (object key order aside; keys holding undefined count as absent). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  // No closures (this runs after every decision). Arrays of one length: entry by entry (an
  // undefined entry matches only an undefined one, as keys holding undefined count as absent);
  // otherwise a's defined keys all match in b, and b has as many defined keys.
  if (arrays && (a as unknown[]).length === (b as unknown[]).length) {
    const x = a as unknown[];
    const y = b as unknown[];
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      const w = y[i];
      // The same entry (most of the agenda's tasks are shared): no call.
      if (v !== w && (v === undefined || w === undefined || !sameJson(v, w))) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for-in, not Object.keys: no key arrays (plain JSON values: own enumerable keys only).
  let defined = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    defined++;
    const w = y[k];
    if (v !== w && !sameJson(v, w)) return false;
  }
  for (const k in y) if (y[k] !== undefined) defined--;
  return defined === 0;
}
