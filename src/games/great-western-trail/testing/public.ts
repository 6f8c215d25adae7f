/**
 * Commands through the public engine (index.ts `decide` / `legalCommands`, events applied with
 * `evolve`), for tests that check what clients get. A rejected command must leave its input as it was.
 */
import { isViolation, type RuleViolation } from '../../engine';
import { specify } from '../../kit/given';
import { createRng } from '../../random';
import type { GwtEvent } from '../events';
import { greatWesternTrailEngine as engine } from '../index';
import type { GwtCommand } from '../protocol';
import type { GwtState } from '../state';

export type Played =
  | { ok: true; state: GwtState; events: GwtEvent[] }
  | { ok: false; violation: RuleViolation; state: GwtState };

/** One command for the seat to play; throws if a rejection changed the input state. */
export function play(state: GwtState, command: GwtCommand, seed = 'public'): Played {
  const before = JSON.stringify(state);
  const out = engine.decide(state, state.turn.seat, command, createRng(seed));
  if (JSON.stringify(state) !== before)
    throw new Error(`decide mutated its input on ${JSON.stringify(command)}`);
  if (isViolation(out)) return { ok: false, violation: out, state };
  return { ok: true, state: out.reduce<GwtState>((s, e) => engine.evolve(s, e), state), events: out };
}

/** Given/When/Then over the public engine (kit/given.ts), each `when` on createRng('public') as `play`. */
export const { given } = specify(engine, () => createRng('public'));

/** Commands in order; throws on the first rejection (with its code). */
export function must(state: GwtState, ...commands: GwtCommand[]): GwtState {
  for (const c of commands) {
    const out = play(state, c);
    if (!out.ok)
      throw new Error(`${JSON.stringify(c)} rejected: ${out.violation.code} ${out.violation.message}`);
    state = out.state;
  }
  return state;
}

/** 'ACCEPTED' or the violation code. */
export const code = (out: Played): string => (out.ok ? 'ACCEPTED' : out.violation.code);

export const legal = (state: GwtState): GwtCommand[] => engine.legalCommands(state, state.turn.seat);
export const legalOf = (state: GwtState, type: string): GwtCommand[] =>
  legal(state).filter((c) => c.type === type);

/** The listed commands that decide refuses (should be none). */
export function refusedListed(state: GwtState): string[] {
  return legal(state).flatMap((c) => {
    const out = play(state, c);
    return out.ok ? [] : [`${JSON.stringify(c)}: ${out.violation.code}`];
  });
}

export const topKind = (state: GwtState): string | undefined =>
  state.turn.stack[state.turn.stack.length - 1]?.kind;
