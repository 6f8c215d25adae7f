/** The working context of one `decide`/`setup` call: a draft state, the events so far, the Rng. */
import type { Rng } from '../random';
import { applyEvent } from './evolve';
import type { CarsonEvent } from './events';
import type { CarsonState, PromptState, Task } from './state';

export class Ctx {
  readonly events: CarsonEvent[] = [];

  constructor(
    public state: CarsonState,
    readonly rng: Rng,
  ) {}

  emit(e: CarsonEvent): void {
    this.state = applyEvent(this.state, e);
    this.events.push(e);
  }

  /** Open a prompt (the flow is recorded by one FLOW event at the end of the call). */
  prompt(p: PromptState | null): void {
    this.state.flow.prompt = p;
  }

  /** Put tasks at the front of the agenda, in the given order. */
  push(...tasks: Task[]): void {
    this.state.flow.tasks.unshift(...tasks);
  }
}
