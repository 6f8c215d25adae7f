/**
 * The working context of one `setup`/`decide` call, which command handlers (./protocol.ts) write
 * into: the working state, the events emitted so far and the call's Rng. Emitting is the one way
 * to change the state: the event is folded into the working state (as `evolve` will fold it on
 * replay) and recorded, so the events are the single source of truth and what decide returns
 * replays to the state it reached.
 *
 * How an event is folded is the game's: Coloma's `evolve` returns a new state (the input is never
 * written), Great Western Trail applies it in place to a private shallow draft (its appliers
 * replace what they change, never write into it). Games extend the class with their shared effects.
 */
import type { GameEvent } from '../engine';
import type { Rng } from '../random';

/** Folds one event into the working state, returning the state after it (may be the same object). */
export type Fold<S, E> = (state: S, event: E) => S;

export class WorkingContext<S, E extends GameEvent> {
  readonly events: E[] = [];

  constructor(
    public state: S,
    readonly rng: Rng,
    private readonly fold: Fold<S, E>,
  ) {}

  /** Fold `event` into the working state and record it. */
  emit(event: E): void {
    this.state = this.fold(this.state, event);
    this.events.push(event);
  }
}
