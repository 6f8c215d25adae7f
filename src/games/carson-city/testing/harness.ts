/** Test helpers: play random legal games and build states by hand. */
import { isViolation, type Seat } from '../../engine';
import { createRng, type Rng } from '../../random';
import { carsonCityEngine as engine } from '../index';
import type { CarsonCommand } from '../commands';
import type { CarsonEvent } from '../events';
import type { CarsonOptions, CarsonState } from '../state';

export interface PlayedGame {
  state: CarsonState;
  events: CarsonEvent[];
  commands: number;
}

export function startGame(options: unknown, seats: number, seed: string): { state: CarsonState; events: CarsonEvent[] } {
  const opts = engine.parseOptions(options, seats);
  if (isViolation(opts)) throw new Error(opts.message);
  const events = engine.setup(opts as CarsonOptions, seats, createRng(`${seed}:setup`));
  let state: CarsonState | null = null;
  for (const e of events) state = engine.evolve(state, e);
  return { state: state!, events };
}

/** Apply a command and evolve; throws on violation. */
export function play(state: CarsonState, seat: Seat, cmd: CarsonCommand, rng: Rng): { state: CarsonState; events: CarsonEvent[] } {
  const r = engine.decide(state, seat, cmd, rng);
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message} for ${JSON.stringify(cmd)}`);
  let s = state;
  for (const e of r) s = engine.evolve(s, e);
  return { state: s, events: r };
}

export function randomGame(
  options: unknown,
  seats: number,
  seed: string,
  check?: (s: CarsonState, events: CarsonEvent[]) => void,
  maxCommands = 20000,
): PlayedGame {
  const rng = createRng(seed);
  const start = startGame(options, seats, seed);
  let state = start.state;
  const all = [...start.events];
  let n = 0;
  while (engine.result(state) === null) {
    const prompts = engine.pending(state);
    if (prompts.length === 0) throw new Error('no prompt and no result');
    const seat = prompts[0].seat;
    const legal = engine.legalCommands(state, seat);
    if (legal.length === 0) throw new Error(`no legal command for ${prompts[0].kind}`);
    const cmd = legal[rng.int(0, legal.length - 1)];
    const r = play(state, seat, cmd, createRng(`${seed}#${n}`));
    state = r.state;
    all.push(...r.events);
    check?.(state, r.events);
    if (++n > maxCommands) throw new Error('game too long');
  }
  return { state, events: all, commands: n };
}
