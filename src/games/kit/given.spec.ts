import { violation, type GameEvent } from '../engine';
import type { Rng } from '../random';
import { firstChoiceRng, specify, type Decider } from './given';

/** A counter game: ADD k (k > 0) adds k; ROLL adds a die; seat 1 never plays. */
interface State {
  total: number;
  added: number[];
}
type Command = { type: 'ADD'; k: number } | { type: 'ROLL' };
type Event = GameEvent & { type: 'ADDED'; k: number };

const counter: Decider<State, Command, Event> = {
  decide: (state: State, seat: number, command: Command, rng: Rng) => {
    if (seat !== 0) return violation('NOT_YOUR_TURN', 'seat 0 plays');
    if (command.type === 'ROLL') return [{ type: 'ADDED', k: rng.die(6) }];
    if (command.k <= 0) return violation('NOT_POSITIVE', 'add a positive number');
    return [{ type: 'ADDED', k: command.k }];
  },
  evolve: (state: State | null, event: Event) => ({
    total: (state?.total ?? 0) + event.k,
    added: [...(state?.added ?? []), event.k],
  }),
};

const { given } = specify(counter);
const added = (k: number): Event => ({ type: 'ADDED', k });

describe('given / when / then', () => {
  it('folds the given events, decides, and compares the events exactly', () => {
    const out = given([added(2), added(3)]).when(0, { type: 'ADD', k: 4 });
    expect(out.then([added(4)]).thenState((s) => s.total === 9)).toBe(out);
    expect(out.thenAccepted()).toBe(out);
    expect(out.state).toEqual({ total: 9, added: [2, 3, 4] });
    expect(() => out.then([added(5)])).toThrow(/event 0: expected[\s\S]*"k": 5[\s\S]*but got[\s\S]*"k": 4/);
    expect(() => out.then([added(4), added(1)])).toThrow(/other events than expected/);
    expect(() => out.thenState((s) => s.total === 8)).toThrow(/the state fails/);
    expect(() => out.thenRefused('NOT_POSITIVE')).toThrow(
      /expected NOT_POSITIVE but it was accepted \(ADDED\)/,
    );
  });

  it('a state as it is, a refusal by code, and nothing to read of a refused command', () => {
    const refused = given({ total: 1, added: [1] }).when(0, { type: 'ADD', k: 0 });
    refused.thenRefused('NOT_POSITIVE');
    expect(() => refused.thenAccepted()).toThrow(/was refused: NOT_POSITIVE \(add a positive number\)/);
    expect(() => refused.thenRefused('NOT_YOUR_TURN')).toThrow(/expected NOT_YOUR_TURN but got NOT_POSITIVE/);
    expect(() => refused.then([])).toThrow(/was refused: NOT_POSITIVE/);
    expect(() => refused.state).toThrow(/was refused/);
    given([]).when(1, { type: 'ADD', k: 1 }).thenRefused('NOT_YOUR_TURN');
  });

  it('a decide that writes into its input state fails the example, accepted or refused', () => {
    const sloppy: Decider<State, Command, Event> = {
      ...counter,
      decide: (state, seat, command, rng) => {
        state.added.push(0);
        return counter.decide(state, seat, command, rng);
      },
    };
    const { given: sloppyGiven } = specify(sloppy);
    expect(() => sloppyGiven([added(1)]).when(0, { type: 'ADD', k: 2 })).toThrow(
      /decide changed its input state/,
    );
    expect(() => sloppyGiven([added(1)]).when(1, { type: 'ADD', k: 2 })).toThrow(
      /decide changed its input state/,
    );
  });

  it('goes on from an accepted step; then with a callback; a scripted Rng must be used up', () => {
    const rolled = given([added(1)])
      .when(0, { type: 'ROLL' })
      .then([added(1)]);
    rolled.when(0, { type: 'ADD', k: 2 }).thenState((s) => {
      expect(s.added).toEqual([1, 1, 2]);
    });
    given([], { total: 10, added: [] })
      .when(0, { type: 'ADD', k: 1 })
      .then((events) => expect(events).toHaveLength(1))
      .thenState((s) => s.total === 11);
    const scripted = firstChoiceRng([7]);
    expect(() => given([]).when(0, { type: 'ADD', k: 1 }, scripted)).toThrow(
      /1 scripted random values were not used/,
    );
  });

  it('the first-choice Rng takes the first choices, or the scripted ints', () => {
    const rng = firstChoiceRng([2, 1]);
    expect([rng.int(0, 5), rng.pick(['a', 'b', 'c']), rng.int(3, 5), rng.pick(['x', 'y'])]).toEqual([
      2,
      'b',
      3,
      'x',
    ]);
    expect([rng.die(), rng.shuffle([3, 1, 2]), rng.remaining()]).toEqual([1, [3, 1, 2], 0]);
  });
});
