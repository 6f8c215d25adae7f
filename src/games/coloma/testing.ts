/**
 * Test support (imported by the specs only): a scripted Rng, a game builder with fixed decks and
 * Sheriff, a driver that fails loudly on a rule violation, and state patches for positions the
 * rules could reach.
 */
import { isViolation, type RuleViolation } from '../engine';
import { firstChoiceRng, specify } from '../kit/given';
import type { Rng } from '../random';
import type { ColomaCommand } from './commands';
import { BUILDING_IDS, type BuildingId } from './data/buildings';
import { decide } from './decide';
import type { ColomaEvent } from './events';
import { evolve } from './evolve';
import { setup } from './flow';
import { parseOptions } from './options';
import type { ColomaState } from './state';
import { copyJson } from '../kit/copy';

/** An Rng that always takes the first choice (picks index 0, shuffles keep order, int = min), or `ints` in order. */
export const scriptedRng = firstChoiceRng;

/** Given/When/Then over Coloma (kit/given.ts), with the first-choice Rng. */
export const { given } = specify({ decide, evolve }, () => scriptedRng());

export function replay(events: ColomaEvent[], from: ColomaState | null = null): ColomaState {
  return events.reduce<ColomaState | null>((s, e) => evolve(s, e), from)!;
}

/** A game with seat 0 as Sheriff and every deck in BUILDING_IDS order (hand = its first 6 cards). */
export function newGame(seats: number, raw: Record<string, unknown> = {}): ColomaState {
  const options = parseOptions(
    { sheriff: 0, decks: Array.from({ length: seats }, () => [...BUILDING_IDS]), ...raw },
    seats,
  );
  if (isViolation(options)) throw new Error(options.message);
  return replay(setup(options, seats, scriptedRng()));
}

export interface Step {
  state: ColomaState;
  events: ColomaEvent[];
}

export function act(
  state: ColomaState,
  seat: number,
  command: ColomaCommand,
  rng: Rng = scriptedRng(),
): Step {
  const out = decide(state, seat, command, rng);
  if (isViolation(out)) throw new Error(`${out.code}: ${out.message}`);
  return { state: replay(out, state), events: out };
}

export function attempt(
  state: ColomaState,
  seat: number,
  command: ColomaCommand,
): ColomaEvent[] | RuleViolation {
  return decide(state, seat, command, scriptedRng());
}

/** Every seat returns its last two opening cards to the bottom. */
export function skipOpening(state: ColomaState): ColomaState {
  let s = state;
  for (const p of s.players) {
    const hand = s.players[p.seat].hand;
    s = act(s, p.seat, {
      type: 'RETURN_OPENING',
      cards: hand.slice(-2) as BuildingId[],
      to: ['BOTTOM', 'BOTTOM'],
    }).state;
  }
  return s;
}

/** Every seat dials `sites[seat]` (and its Mule `mules[seat]` in the Mule Duel). */
export function dialAll(state: ColomaState, sites: number[], mules: number[] | null = null): Step {
  let s = state;
  const events: ColomaEvent[] = [];
  sites.forEach((site, seat) => {
    const step = act(s, seat, { type: 'DIAL', site, mule: mules ? mules[seat] : null });
    s = step.state;
    events.push(...step.events);
  });
  return { state: s, events };
}

/** A copy with some players' fields changed (tests build reachable positions). */
export function patch(state: ColomaState, f: (s: ColomaState) => void): ColomaState {
  const { data, ...rest } = state;
  const s: ColomaState = { ...copyJson(rest), data };
  f(s);
  return s;
}

export function ofType<T extends ColomaEvent['type']>(
  events: ColomaEvent[],
  type: T,
): Extract<ColomaEvent, { type: T }>[] {
  return events.filter((e): e is Extract<ColomaEvent, { type: T }> => e.type === type);
}

/** Every queued seat ends its turn (the Round then runs on). */
export function endTurns(state: ColomaState): Step {
  let s = state;
  const events: ColomaEvent[] = [];
  while (s.phase === 'TURNS' && s.turn) {
    const step = act(s, s.turn.seat, { type: 'FINISH_TURN' });
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

/** End the turns before `seat`'s. */
export function untilTurn(state: ColomaState, seat: number): ColomaState {
  let s = state;
  while (s.turn && s.turn.seat !== seat) s = act(s, s.turn.seat, { type: 'FINISH_TURN' }).state;
  return s;
}
