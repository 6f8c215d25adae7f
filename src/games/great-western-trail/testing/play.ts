/** Seeded random legal play for property tests, replay checks and benchmarks. */
import { isViolation, type Seat } from '../../engine';
import { createRng, rngFor } from '../../random';
import type { GwtEvent } from '../events';
import { greatWesternTrailEngine as engine } from '../index';
import type { GwtOptions } from '../options';
import type { GwtCommand } from '../protocol';
import type { GwtState } from '../state';

export interface PlayedGame {
  state: GwtState;
  events: GwtEvent[];
  commands: number;
}

export interface PlayHooks {
  /** After each accepted command, with the state before it and its events. */
  afterCommand?(before: GwtState, seat: Seat, command: GwtCommand, events: GwtEvent[], after: GwtState): void;
  /** Pick a command (default: uniform over the legal ones). */
  choose?(state: GwtState, seat: Seat, legal: GwtCommand[], pick: <T>(xs: T[]) => T): GwtCommand;
}

/** Play a whole game with random legal commands; throws if a listed command is refused or it never ends. */
export function playRandomGame(
  seats: number,
  seed: string,
  options: Partial<GwtOptions> = {},
  hooks: PlayHooks = {},
  maxCommands = 20_000,
): PlayedGame {
  const parsed = engine.parseOptions(options, seats);
  if (isViolation(parsed)) throw new Error(parsed.message);
  const events = engine.setup(parsed, seats, rngFor(seed, 0));
  let state = events.reduce<GwtState | null>((s, e) => engine.evolve(s, e), null)!;
  const rng = createRng(`${seed}:choices`);
  let commands = 0;
  while (!state.over) {
    if (++commands > maxCommands) throw new Error(`${seed}: no end after ${maxCommands} commands`);
    const [prompt] = engine.pending(state);
    const legal = engine.legalCommands(state, prompt.seat);
    if (legal.length === 0)
      throw new Error(`${seed}: seat ${prompt.seat} has prompt ${prompt.kind} but no legal command`);
    const command = hooks.choose
      ? hooks.choose(state, prompt.seat, legal, (xs) => rng.pick(xs))
      : rng.pick(legal);
    const out = engine.decide(state, prompt.seat, command, rngFor(seed, events.length));
    if (isViolation(out))
      throw new Error(
        `${seed}: listed command ${JSON.stringify(command)} refused: ${out.code} ${out.message}`,
      );
    const before = state;
    for (const e of out) state = engine.evolve(state, e);
    events.push(...out);
    hooks.afterCommand?.(before, prompt.seat, command, out, state);
  }
  return { state, events, commands };
}
