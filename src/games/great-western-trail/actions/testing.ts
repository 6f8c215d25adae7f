/**
 * Test helpers for the action modules: a minimal valid state for 2-4 seats built directly (no
 * setup), and a small runner that sends a command through its handler on a Ctx with a seeded Rng,
 * the way index.ts `decide` does (handler allowed now, parse, decide, advance, close the flow).
 */
import { isViolation, type RuleViolation } from '../../engine';
import { createRng } from '../../random';
import { Ctx } from '../ctx';
import type { HazardKind } from '../data/types';
import type { GwtEvent } from '../events';
import { advance, FLOW_HANDLERS } from '../flow';
import { handlerAllowed, type CommandHandler, type GwtCommand } from '../protocol';
import type { GwtState, Occupant, PlayerState } from '../state';
import { blankState, testPlayer } from '../testing/fixtures';
import { installRules } from '../install';
import { ACTION_HANDLERS } from './index';
import { runAction } from './registry';
import type { ActionSpec } from '../data/types';

installRules();

export const HANDLERS: readonly CommandHandler[] = [...FLOW_HANDLERS, ...ACTION_HANDLERS];

// Card ids (cards.ts: `<breed>:<vp>`).
export const CRIOLLO = 'criollo:0';
export const GALLOWAY = 'galloway:0';
export const PINEYWOODS = 'pineywoods:0';
export const SANTA_GERTRUDIS = 'santa_gertrudis:0';
export const BLACK_ANGUS = 'black_angus:1';
export const LONGHORN = 'longhorn:2';
export const CORRIENTE = 'corriente:3';
export const SHORTHORN = 'shorthorn:3';
export const HEREFORD = 'hereford:5';
export const SIMMENTAL_1 = 'simmental-1:3';
export const SIMMENTAL_2 = 'simmental-2:4';

// Trail occupants.
export const bandit = (colour: 'green' | 'orange'): Occupant => ({
  kind: 'BANDIT',
  tile: { kind: 'bandit', colour, hand: colour === 'green' ? 'green' : 'black' },
});
export const hazard = (kind: HazardKind, hand: 'green' | 'black' = 'green', vp = 2): Occupant => ({
  kind: 'HAZARD',
  tile: { kind: 'hazard', hazard: kind, hand, vp },
});
export const building = (owner: number, id: string): Occupant => ({ kind: 'PLAYER', owner, building: id });

const NEUTRAL_SLOTS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

export interface StateSpec {
  seats?: 2 | 3 | 4;
  /** Over the first-game neutral buildings (N-X holds X); null empties a slot. */
  trail?: Record<string, Occupant | null>;
  /** Per seat, over the defaults ($0, empty hand and piles, 1 worker of each kind, every disc, all 'a' tiles). */
  players?: Partial<PlayerState>[];
  /** Where the current player (seat 0) stands, in phase B (default N-A). */
  at?: string;
  simmental?: boolean;
}

export function player(over: Partial<PlayerState> = {}): PlayerState {
  return testPlayer({ buildingsInSupply: Array.from({ length: 12 }, (_, i) => `${i + 1}a`), ...over });
}

/** A minimal valid state: seat 0 in phase B at `at`, nothing else going on. */
export function makeState(spec: StateSpec = {}): GwtState {
  const seats = spec.seats ?? 2;
  const at = spec.at ?? 'N-A';
  const trail: Record<string, Occupant | null> = {};
  for (const x of NEUTRAL_SLOTS) trail[`N-${x}`] = { kind: 'NEUTRAL', building: x };
  Object.assign(trail, spec.trail ?? {});
  return blankState(seats, 'LOCATION', {
    options: { neutralBuildings: 'FIXED', playerBuildings: 'A_SIDES', simmental: spec.simmental ?? false },
    players: Array.from({ length: seats }, (_, i) =>
      player({ ...(i === 0 ? { herder: at } : {}), ...(spec.players?.[i] ?? {}) }),
    ),
    trail,
    simmentalSupply: { 2: 8, 3: 8 },
    turn: {
      seat: 0,
      stage: 'LOCATION',
      location: at,
      usedActions: [],
      usedAuxiliaryInstead: false,
      usedBuildings: [],
      stack: [],
    },
  });
}

export type Outcome =
  | { ok: true; state: GwtState; events: GwtEvent[] }
  | { ok: false; violation: RuleViolation; state: GwtState; events: [] };

/** Send `command` for the current seat (as index.ts decide does); a violation leaves `state` as it was. */
export function send(state: GwtState, command: GwtCommand, seed = 'test'): Outcome {
  const seat = state.turn.seat;
  const handler = HANDLERS.find((h) => h.type === command.type);
  if (!handler) throw new Error(`no handler for ${command.type}`);
  if (!handlerAllowed(handler, state))
    return {
      ok: false,
      violation: { violation: true, code: 'NOT_NOW', message: 'not now' },
      state,
      events: [],
    };
  const parsed = handler.parse(command as Record<string, unknown>);
  if (isViolation(parsed)) return { ok: false, violation: parsed, state, events: [] };
  const ctx = Ctx.over(state, createRng(seed));
  const wrong = handler.decide(ctx, seat, parsed);
  if (isViolation(wrong)) return { ok: false, violation: wrong, state, events: [] };
  advance(ctx);
  ctx.closeAgenda();
  return { ok: true, state: ctx.state, events: ctx.events };
}

/** Send commands in order; throws on the first violation (with its code). */
export function sendAll(state: GwtState, ...commands: GwtCommand[]): GwtState {
  for (const c of commands) {
    const out = send(state, c);
    if (!out.ok)
      throw new Error(`${JSON.stringify(c)} rejected: ${out.violation.code} ${out.violation.message}`);
    state = out.state;
  }
  return state;
}

/** Run an action spec directly for the current seat (as if its icon were used). */
export function act(state: GwtState, spec: ActionSpec, seed = 'test'): Outcome {
  const ctx = Ctx.over(state, createRng(seed));
  const wrong = runAction(ctx, state.turn.seat, spec);
  if (isViolation(wrong)) return { ok: false, violation: wrong, state, events: [] };
  // No fact says the icon was used, so what it asks is pushed by hand (runAction's 'push'): not a
  // command, no closeAgenda (which would rightly refuse an agenda no fact explains).
  return { ok: true, state: ctx.state, events: ctx.events };
}

/** Every command the allowed handlers list now. */
export function legal(state: GwtState): GwtCommand[] {
  const seat = state.turn.seat;
  return HANDLERS.filter((h) => handlerAllowed(h, state)).flatMap((h) => h.legal(state, seat));
}

/** Legal commands of one type. */
export const legalOf = (state: GwtState, type: string): GwtCommand[] =>
  legal(state).filter((c) => c.type === type);

/** Every listed command of our handlers is accepted (the "legal iff accepted" half we can check by enumeration). */
export function everyLegalAccepted(state: GwtState, types?: readonly string[]): string[] {
  const ours = new Set(ACTION_HANDLERS.map((h) => h.type));
  return legal(state)
    .filter((c) => ours.has(c.type) && (!types || types.includes(c.type)))
    .flatMap((c) => {
      const out = send(state, c);
      return out.ok ? [] : [`${JSON.stringify(c)}: ${out.violation.code}`];
    });
}

/** The kind of the decision asked now (or undefined). */
export const topKind = (state: GwtState): string | undefined =>
  state.turn.stack[state.turn.stack.length - 1]?.kind;
