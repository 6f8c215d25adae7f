/**
 * flow.ts `emitsFirst`: agenda-resolve.ts `runSilent` leaves a task it answers true for at the
 * head without running it dry, as if the dry run had stopped at once. That holds only if running
 * it does stop before it finishes, every time: here every such task met in random games (every
 * task of the agenda after each event, not only the head) is run on a context whose first emit or
 * roll throws, and must throw.
 */
import { playRandom } from '../kit/play';
import type { Rng } from '../random';
import { Ctx } from './ctx';
import { emitsFirst, runTask } from './flow';
import { carsonCityEngine as engine } from './index';
import type { CarsonEvent } from './events';
import type { CarsonState, Task } from './state';

const STOP = new Error('stopped: an emit or a roll');
const stop = (): never => {
  throw STOP;
};
const NO_RNG: Rng = { int: stop, die: stop, pick: stop, shuffle: stop, state: stop };

class StopCtx extends Ctx {
  override emit(): void {
    stop();
  }
}

/** Does running `task` on `s` (dry) finish without an emit, a roll or a failure? */
function runsThrough(s: CarsonState, task: Task): boolean {
  const tasks = s.flow.tasks.filter((t) => t !== task);
  const ctx = new StopCtx({ ...s, flow: { ...s.flow, tasks } }, NO_RNG);
  try {
    runTask(ctx, task);
    return true;
  } catch {
    return false;
  }
}

describe('emitsFirst', () => {
  it.each([
    [4, {}],
    [3, { modules: ['HORSES', 'OUTLAWS'] }],
    [2, { modules: ['MIGHT_IS_RIGHT', 'A_NEW_BEGINNING'] }],
    [1, { solo: { strategy: 'URBAN' } }],
  ])('every task it answers true for stops at once (%i seats, %j)', (seats, options) => {
    const kinds = new Set<string>();
    let checked = 0;
    playRandom(engine, seats, `emits-first-${seats}`, options, (played) => {
      let s = played.before as CarsonState;
      for (const e of played.events as CarsonEvent[]) {
        s = engine.evolve(s, e);
        for (const task of s.flow.tasks) {
          if (!emitsFirst(s, task)) continue;
          expect([task.t, runsThrough(s, task)]).toEqual([task.t, false]);
          kinds.add(task.t);
          checked++;
        }
      }
    });
    expect(checked).toBeGreaterThan(20);
    expect(kinds.has('PERFORM') || kinds.has('BUY_PARCEL')).toBe(true);
  });
});
