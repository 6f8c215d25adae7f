/**
 * The states `decide` reached folding its own events (decide.ts `finishFlow`), kept for the one
 * decision folded last, so that the caller's `evolve` of those same events from the same state
 * (every caller folds a decision's events right after it) returns them instead of computing them
 * again. `evolve` is pure, so the state remembered for (state, event) is exactly what it would
 * compute; a lookup matches only the very objects folded (identity, never equality), and the
 * memo holds one decision's states at most.
 */
import type { CarsonEvent } from './events';
import type { CarsonState } from './state';

let from: CarsonState | null = null;
let events: readonly CarsonEvent[] = [];
let states: CarsonState[] = [];

/** Starts the memo of one decision's fold from `start` (null: the setup). */
export function rememberFold(start: CarsonState | null): void {
  from = start;
  events = [];
  states = [];
}

/** `next` is `evolve(previous state of this fold, event)`. */
export function rememberStep(event: CarsonEvent, next: CarsonState): void {
  (events as CarsonEvent[]).push(event);
  states.push(next);
}

/** `evolve(state, event)` when this very event was folded from this very state last; else undefined. */
export function recallFold(state: CarsonState | null, event: CarsonEvent): CarsonState | undefined {
  const i = events.indexOf(event);
  if (i < 0 || (i === 0 ? from : states[i - 1]) !== state) return undefined;
  return states[i];
}
