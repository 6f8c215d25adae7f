/**
 * Given/When/Then for rulebook examples, in the spirit of a decider specification: given a
 * history (events, folded from nothing with `evolve`, or a state), when a seat sends a command
 * (decided with a scripted Rng), then these events, this refusal, or a state that passes a check.
 *
 *   const { given } = specify(engine);
 *   given(state).when(0, { type: 'ROLL_DICE' }, dice).then([...events]).thenState((s) => ...);
 *   given(events).when(1, command).thenRefused('NOT_YOUR_TURN');
 *
 * An accepted step can go on (`.when(...)` again, from the state its events reached). A failed
 * expectation throws an Error saying what was expected and what came (the helpers are plain
 * code, usable from any test runner). An Rng with a `remaining()` count (a scripted one) must
 * be used up by an accepted command: scripted dice nobody rolled are a wrong example.
 */
import {
  isViolation,
  type GameCommand,
  type GameEngine,
  type GameEvent,
  type RuleViolation,
  type Seat,
} from '../engine';
import type { Rng } from '../random';

/** What the helpers need of an engine (any GameEngine, or a game's decide and evolve). */
export type Decider<S, C extends GameCommand, E extends GameEvent> = Pick<
  GameEngine<unknown, S, C, E>,
  'decide' | 'evolve'
>;

/**
 * An Rng that always takes the first choice (int = min, pick = the first item, shuffles keep the
 * order, dice show 1), or the scripted `ints` in order for int and pick (an index).
 */
export function firstChoiceRng(ints: number[] = []): Rng & { remaining(): number } {
  const queue = [...ints];
  return {
    int: (min: number) => queue.shift() ?? min,
    die: () => 1,
    pick: <T>(items: readonly T[]) => items[queue.shift() ?? 0],
    shuffle: <T>(items: readonly T[]) => [...items],
    state: () => [],
    remaining: () => queue.length,
  };
}

/** JSON with sorted keys: equal for equal plain data, whatever the key order (undefined fields dropped). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const show = (value: unknown) => JSON.stringify(value, null, 2);

/** Where two event lists first differ, for the failure message. */
function firstDifference(actual: readonly unknown[], expected: readonly unknown[]): string {
  for (let i = 0; i < Math.max(actual.length, expected.length); i++)
    if (canonical(actual[i]) !== canonical(expected[i]))
      return `event ${i}: expected ${show(expected[i])}\nbut got ${show(actual[i])}`;
  return 'no difference';
}

/** The outcome of one command: its events (or refusal) and what to expect of it. */
export interface When<S, C extends GameCommand, E extends GameEvent> {
  /** The events the command caused (throws if it was refused). */
  readonly events: E[];
  /** The state they lead to (throws if it was refused). */
  readonly state: S;
  /** Exactly these events, in this order (or a callback asserting on them). */
  then(expected: readonly E[] | ((events: E[]) => void)): When<S, C, E>;
  /** Accepted (whatever the events). */
  thenAccepted(): When<S, C, E>;
  /** Refused with this violation code. */
  thenRefused(code: string): When<S, C, E>;
  /** The state after the events passes `check` (false fails; a callback may assert instead). */
  thenState(check: (state: S) => boolean | void): When<S, C, E>;
  /** Another command, from the state this accepted one reached. */
  when(seat: Seat, command: C, rng?: Rng): When<S, C, E>;
}

export interface Given<S, C extends GameCommand, E extends GameEvent> {
  readonly state: S;
  when(seat: Seat, command: C, rng?: Rng): When<S, C, E>;
}

export interface Specification<S, C extends GameCommand, E extends GameEvent> {
  /** A history: events (folded from nothing, or onto `from`) or a state as it is. */
  given(history: readonly E[] | S, from?: S): Given<S, C, E>;
}

/** Given/When/Then over `engine`; `rng` makes the Rng of a `when` that names none (default: first choices). */
export function specify<S, C extends GameCommand, E extends GameEvent>(
  engine: Decider<S, C, E>,
  rng: () => Rng = () => firstChoiceRng(),
): Specification<S, C, E> {
  const fold = (from: S | null, events: readonly E[]): S =>
    events.reduce<S | null>((s, e) => engine.evolve(s, e), from) as S;

  function when(before: S, seat: Seat, command: C, given?: Rng): When<S, C, E> {
    const random = given ?? rng();
    const input = JSON.stringify(before);
    const out: E[] | RuleViolation = engine.decide(before, seat, command, random);
    const what = `seat ${seat}'s ${JSON.stringify(command)}`;
    // decide is pure: accepted or refused, it leaves the state it was given as it was.
    if (JSON.stringify(before) !== input) throw new Error(`${what}: decide changed its input state`);
    let after: S | undefined;
    const accepted = (): E[] => {
      if (isViolation(out)) throw new Error(`${what} was refused: ${out.code} (${out.message})`);
      return out;
    };
    if (!isViolation(out)) {
      const left = (random as Partial<{ remaining(): number }>).remaining?.() ?? 0;
      if (left > 0) throw new Error(`${what}: ${left} scripted random values were not used`);
    }
    const outcome: When<S, C, E> = {
      get events() {
        return accepted();
      },
      get state() {
        return (after ??= fold(before, accepted()));
      },
      then(expected) {
        const events = accepted();
        if (typeof expected === 'function') expected(events);
        else if (canonical(events) !== canonical(expected))
          throw new Error(`${what}: other events than expected\n${firstDifference(events, expected)}`);
        return outcome;
      },
      thenAccepted() {
        accepted();
        return outcome;
      },
      thenRefused(code) {
        if (!isViolation(out))
          throw new Error(
            `${what}: expected ${code} but it was accepted (${out.map((e) => e.type).join(', ')})`,
          );
        if (out.code !== code)
          throw new Error(`${what}: expected ${code} but got ${out.code} (${out.message})`);
        return outcome;
      },
      thenState(check) {
        if (check(outcome.state) === false) throw new Error(`${what}: the state fails ${check.toString()}`);
        return outcome;
      },
      when: (nextSeat, next, nextRng) => when(outcome.state, nextSeat, next, nextRng),
    };
    return outcome;
  }

  return {
    given(history, from) {
      const state = Array.isArray(history) ? fold(from ?? null, history as readonly E[]) : (history as S);
      return { state, when: (seat, command, r) => when(state, seat, command, r) };
    },
  };
}
