/**
 * Test support (imported by the specs only): a scripted Rng that throws forced faces, and a
 * small driver that applies commands and fails loudly on a rule violation.
 */
import { isViolation, type RuleViolation } from '../engine';
import type { Rng } from '../random';
import type { CharacterId } from './data/characters';
import { FACES, type Face } from './data/dice';
import type { Role } from './data/roles';
import type { BangCommand } from './commands';
import { decide, setup } from './decide';
import type { BangEvent } from './events';
import { evolve } from './evolve';
import { specify } from '../kit/given';
import { parseOptions } from './options';
import type { BangState } from './state';

/** An Rng whose dice show `faces` in order; shuffles keep the input order. */
export function scriptedRng(faces: Face[] = []): Rng & { remaining(): number } {
  const queue = [...faces];
  return {
    int: (min: number) => min,
    die: () => {
      const face = queue.shift();
      if (!face) throw new Error('scripted dice exhausted');
      return FACES.indexOf(face) + 1;
    },
    pick: <T>(items: readonly T[]) => items[0],
    shuffle: <T>(items: readonly T[]) => [...items],
    state: () => [],
    remaining: () => queue.length,
  };
}

export function replay(events: BangEvent[], from: BangState | null = null): BangState {
  return events.reduce<BangState | null>((s, e) => evolve(s, e), from)!;
}

/** A game with fixed roles and characters by seat (no randomness in the deal). */
export function newGame(roles: Role[], characters: CharacterId[]): BangState {
  const options = parseOptions({ roles, characters }, roles.length);
  if (isViolation(options)) throw new Error(options.message);
  return replay(setup(options, roles.length, scriptedRng()));
}

export interface Patch {
  life?: Record<number, number>;
  arrows?: Record<number, number>;
  dead?: number[];
  pile?: number;
}

/** Adjust life/arrows/eliminations directly (tests build positions the rules could reach). */
export function patch(state: BangState, p: Patch): BangState {
  const s: BangState = JSON.parse(JSON.stringify(state));
  for (const [seat, life] of Object.entries(p.life ?? {})) s.players[Number(seat)].life = life;
  for (const [seat, arrows] of Object.entries(p.arrows ?? {})) s.players[Number(seat)].arrows = arrows;
  for (const seat of p.dead ?? []) {
    const pl = s.players[seat];
    s.pile += pl.arrows;
    pl.alive = false;
    pl.life = 0;
    pl.arrows = 0;
    pl.roleFaceUp = true;
  }
  if (p.pile !== undefined) s.pile = p.pile;
  const held = s.players.reduce((sum, pl) => sum + pl.arrows, 0);
  if (held + s.pile !== 9) throw new Error(`patched arrows do not add up to 9 (${held} + ${s.pile})`);
  return s;
}

/** Start `seat`'s turn now (as if play had reached it). */
export function startTurn(state: BangState, seat: number): BangState {
  return evolve(state, { type: 'TURN_STARTED', seat, turn: (state.turn?.number ?? 0) + 1 });
}

export interface Step {
  state: BangState;
  events: BangEvent[];
}

export function act(state: BangState, seat: number, command: BangCommand, faces: Face[] = []): Step {
  const rng = scriptedRng(faces);
  const out = decide(state, seat, command, rng);
  if (isViolation(out)) throw new Error(`${out.code}: ${out.message}`);
  if (rng.remaining() > 0) throw new Error(`${rng.remaining()} scripted faces unused`);
  return { state: replay(out, state), events: out };
}

export function attempt(
  state: BangState,
  seat: number,
  command: BangCommand,
  faces: Face[] = [],
): BangEvent[] | RuleViolation {
  return decide(state, seat, command, scriptedRng(faces));
}

export function ofType<T extends BangEvent['type']>(
  events: BangEvent[],
  type: T,
): Extract<BangEvent, { type: T }>[] {
  return events.filter((e): e is Extract<BangEvent, { type: T }> => e.type === type);
}

/** Given/When/Then over Bang! (kit/given.ts); a `when` with no Rng rolls no dice. */
export const { given } = specify({ decide, evolve }, () => scriptedRng());

/** A scripted Rng whose dice show `faces`, for a `when`. */
export const dice = (...faces: Face[]) => scriptedRng(faces);
