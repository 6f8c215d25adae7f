/** Test helpers: play random legal games and build states by hand. */
import { isViolation, type Seat } from '../../engine';
import { createRng, type Rng } from '../../random';
import { carsonCityEngine as engine } from '../index';
import type { CarsonCommand } from '../commands';
import type { CarsonEvent } from '../events';
import type { CarsonOptions, CarsonState } from '../state';
import { mustReplay } from './invariants';

export interface PlayedGame {
  state: CarsonState;
  events: CarsonEvent[];
  commands: number;
}

export function startGame(
  options: unknown,
  seats: number,
  seed: string,
): { state: CarsonState; events: CarsonEvent[] } {
  const opts = engine.parseOptions(options, seats);
  if (isViolation(opts)) throw new Error(opts.message);
  const events = engine.setup(opts as CarsonOptions, seats, createRng(`${seed}:setup`));
  let state: CarsonState | null = null;
  for (const e of events) state = engine.evolve(state, e);
  return { state: state!, events };
}

/** Apply a command and evolve; throws on violation. */
export function play(
  state: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  rng: Rng,
): { state: CarsonState; events: CarsonEvent[] } {
  const r = engine.decide(state, seat, cmd, rng);
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message} for ${JSON.stringify(cmd)}`);
  let s = state;
  for (const e of r) s = engine.evolve(s, e);
  return { state: s, events: r };
}

/** Picks a command among the legal ones (uniform by default). */
export type Policy = (legal: CarsonCommand[], rng: Rng, state: CarsonState) => CarsonCommand;

export const uniform: Policy = (legal, rng) => legal[rng.int(0, legal.length - 1)];

/**
 * A policy that builds the city: it takes purchases and constructions, places cowboys on
 * buildings and parcels more often, and rarely passes — to reach Town Halls, consents, Town
 * Houses, full tracks and empty bags that uniform play seldom sees.
 */
export const builder: Policy = (legal, rng) => {
  const weight = (c: CarsonCommand): number => {
    switch (c.type) {
      case 'BUY_PARCEL':
      case 'BUY_BUILDING':
      case 'BUILD_PENDING':
      case 'PLACE_HOUSE':
      case 'TAKE_BUILDING':
        return 50;
      case 'ANSWER_CONSENT':
        return c.accept ? 3 : 1;
      case 'PLACE_COWBOY':
        return c.target.kind === 'ACTION' && /^BUILD_|ROADS|WAGES/.test(c.target.action) ? 6 : 1;
      case 'PLACE_ROAD':
        return 0.3;
      case 'PASS':
      case 'DECLINE_ACTION':
      case 'KEEP_PENDING':
      case 'CANCEL_BUILD':
        return 0.5;
      default:
        return 1;
    }
  };
  const weights = legal.map(weight);
  const total = weights.reduce((a, b) => a + b, 0);
  let x = (rng.int(0, 1_000_000) / 1_000_001) * total;
  for (let i = 0; i < legal.length; i++) {
    x -= weights[i];
    if (x < 0) return legal[i];
  }
  return legal[legal.length - 1];
};

export function randomGame(
  options: unknown,
  seats: number,
  seed: string,
  /** Called after each command with the new state, its events and the next legal commands. */
  check?: (s: CarsonState, events: CarsonEvent[], legal: CarsonCommand[]) => void,
  maxCommands = 20000,
  policy: Policy = uniform,
): PlayedGame {
  const rng = createRng(seed);
  const start = startGame(options, seats, seed);
  let state = start.state;
  const all = [...start.events];
  const legalNow = (s: CarsonState): CarsonCommand[] => {
    const prompts = engine.pending(s);
    if (prompts.length === 0) return [];
    return engine.legalCommands(s, prompts[0].seat);
  };
  let legal = legalNow(state);
  let n = 0;
  while (engine.result(state) === null) {
    const prompts = engine.pending(state);
    if (prompts.length === 0) throw new Error('no prompt and no result');
    if (legal.length === 0) throw new Error(`no legal command for ${prompts[0].kind}`);
    const cmd = policy(legal, rng, state);
    const r = play(state, prompts[0].seat, cmd, createRng(`${seed}#${n}`));
    state = r.state;
    all.push(...r.events);
    legal = legalNow(state);
    check?.(state, r.events, legal);
    if (++n > maxCommands) throw new Error('game too long');
  }
  mustReplay(all, state);
  return { state, events: all, commands: n };
}

/** One option set of a sweep; without a policy its games take uniform and builder in turn. */
export interface SweepSet {
  label: string;
  seats: number;
  options: unknown;
  policy?: Policy;
}

/**
 * `games` random games of every set (seeds `${prefix}-${label}-${seats}-${g}`), each checked by
 * `randomGame` (replay = live); `onDecision` sees every command's state before and after and its
 * events. Returns the games, in order.
 */
export function sweepOptionSets(
  sets: readonly SweepSet[],
  prefix: string,
  games: number,
  onDecision: (set: SweepSet, before: CarsonState, after: CarsonState, events: CarsonEvent[]) => void,
): PlayedGame[] {
  const played: PlayedGame[] = [];
  for (const [k, set] of sets.entries()) {
    for (let g = 0; g < games; g++) {
      const seed = `${prefix}-${set.label}-${set.seats}-${g}`;
      let before = startGame(set.options, set.seats, seed).state;
      const check = (after: CarsonState, events: CarsonEvent[]) => {
        onDecision(set, before, after, events);
        before = after;
      };
      const policy = set.policy ?? ((k + g) % 2 === 0 ? uniform : builder);
      played.push(randomGame(set.options, set.seats, seed, check, 20000, policy));
    }
  }
  return played;
}
