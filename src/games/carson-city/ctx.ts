/** The working context of one `decide`/`setup` call: a draft state, the events so far, the Rng. */
import type { Rng } from '../random';
import { applyEvent, cloneHorses, cloneSolo, copyPlayer } from './evolve';
import type { CarsonEvent } from './events';
import type { CarsonState, PromptState, Task } from './state';

export class Ctx {
  readonly events: CarsonEvent[] = [];
  /** In `decide`: the prompt the command answers (protocol.ts step 3). */
  answered: PromptState | null = null;

  constructor(
    public state: CarsonState,
    readonly rng: Rng,
  ) {}

  /** decide's context on `s`, over a working copy of it (`workingCopy`). */
  static over(s: CarsonState, rng: Rng): Ctx {
    return new Ctx(workingCopy(s), rng);
  }

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
    const list = this.state.flow.tasks;
    if (tasks.length === 1) list.unshift(tasks[0]);
    else if (tasks.length > 1) list.unshift(...tasks);
  }
}

/**
 * decide's working copy of `s`: its own copy of everything an event (evolve.ts `applyEvent`)
 * mutates in place, and of the flow, which the tasks change directly; the rest is shared. Parcel
 * cells, personality tiles, placements and held tiles are only ever replaced, and so are the
 * road list, the seat orders, `options`, `final` and the modules' `anb`, `might` and `outlaws`
 * (evolve.ts `TOUCHES` names what events mutate). The flow is always built as one literal: a
 * flow of one object shape keeps the stores of `prompt` and the tasks fast (copied by spread
 * from the many shapes the agenda's rules build, a prompt's store took a microsecond).
 */
function workingCopy(s: CarsonState): CarsonState {
  const f = s.flow;
  return {
    ...s,
    parcels: s.parcels.slice(),
    track: s.track.slice(),
    bag: { ...s.bag },
    players: s.players.map(copyPlayer),
    tiles: s.tiles.slice(),
    passed: s.passed.slice(),
    placements: s.placements.slice(),
    townHall: { ...s.townHall },
    flow: { phase: f.phase, tasks: f.tasks.slice(), prompt: f.prompt, step: f.step },
    horses: cloneHorses(s.horses),
    ...(s.solo ? { solo: cloneSolo(s.solo) } : {}),
  };
}
