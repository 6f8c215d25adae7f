/** Fixtures for rule tests: scripted dice, hand-made boards, and a driver for prompts. */
import { isViolation, type Seat } from '../../engine';
import { createRng, type Rng } from '../../random';
import { parcelIndex } from '../data/board';
import { carsonCityEngine as engine } from '../index';
import type { CarsonCommand } from '../commands';
import type { CarsonEvent } from '../events';
import type { CarsonState, Content, PromptState } from '../state';
import { startGame } from './harness';

/** An Rng whose int()/die() return the scripted values first (then a seeded fallback). */
export function scriptedRng(values: number[], seed = 'fallback'): Rng {
  const fallback = createRng(seed);
  const queue = values.slice();
  const rng: Rng = {
    int(min, max) {
      if (queue.length > 0) {
        const v = queue.shift()!;
        if (v < min || v > max) throw new Error(`scripted ${v} outside [${min}, ${max}]`);
        return v;
      }
      return fallback.int(min, max);
    },
    die(sides = 6) {
      return rng.int(1, sides);
    },
    pick(items) {
      return items[rng.int(0, items.length - 1)];
    },
    shuffle(items) {
      return fallback.shuffle(items);
    },
    state() {
      return [];
    },
  };
  return rng;
}

export const P = (c: number, r: number) => parcelIndex(c, r);

export interface Run {
  state: CarsonState;
  events: CarsonEvent[];
}

/** Send a command (throws on violation) and evolve. */
export function send(state: CarsonState, seat: Seat, cmd: CarsonCommand, rng: Rng = createRng('send')): Run {
  const r = engine.decide(state, seat, cmd, rng);
  if (isViolation(r)) throw new Error(`${r.code}: ${r.message} (${JSON.stringify(cmd)})`);
  let s = state;
  for (const e of r) s = engine.evolve(s, e);
  return { state: s, events: r };
}

export function prompt(s: CarsonState): PromptState {
  if (!s.flow.prompt) throw new Error('no prompt');
  return s.flow.prompt;
}

/**
 * Answer prompts with `answer` until it returns undefined (or the game ends); events collected.
 * Default answers: PASS for placement, the timeout command otherwise.
 */
export function drive(
  state: CarsonState,
  rng: Rng,
  answer: (p: PromptState, s: CarsonState) => CarsonCommand | undefined | null,
): Run {
  let s = state;
  const events: CarsonEvent[] = [];
  for (let i = 0; i < 500 && s.flow.prompt; i++) {
    const p = s.flow.prompt;
    let cmd = answer(p, s);
    if (cmd === undefined) break;
    if (cmd === null) cmd = engine.timeoutCommand(s, p.seat)!;
    const r = send(s, p.seat, cmd, rng);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/**
 * A game at its first Phase 2 prompt: `picks[seat]` = personality taken in round 1 (with `side`
 * for tile 14), the draft done on the first free parcels, then the city cleared (no parcels owned,
 * nothing built, no roads) so a test can lay out exactly what it needs.
 */
export function atPlacement(
  seats: number,
  tiles: { id: number; side: 'YELLOW' | 'RED' | 'EITHER' }[],
  picks: number[],
  /** More options, e.g. `{ modules: ['HORSES'] }`. */
  more: Record<string, unknown> = {},
): CarsonState {
  const { state } = startGame({ personalitySet: 'LIST', tiles, ...more }, seats, 'fixture');
  const run = drive(state, createRng('fixture-drive'), (p) => {
    if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
      return {
        type: 'PICK_CHARACTER',
        personality: picks[p.seat],
        ...(picks[p.seat] === 14 ? { side: 'YELLOW' } : {}),
      };
    if (p.kind === 'PLACE_COWBOY') return undefined;
    return null;
  });
  const s = JSON.parse(JSON.stringify(run.state)) as CarsonState;
  clearCity(s);
  return s;
}

export function clearCity(s: CarsonState): void {
  for (const cell of s.parcels) {
    cell.owner = null;
    cell.content = null;
  }
  s.roads = [];
  s.townHall = { parcel: null, occupant: null };
}

export function put(s: CarsonState, c: number, r: number, content: Content, owner: Seat | null = null): void {
  s.parcels[P(c, r)] = { owner, content };
}

/** Make the Phase 2 turn order (and so the pass order when everyone passes) `order`. */
export function setTurnOrder(s: CarsonState, order: Seat[]): void {
  s.turnOrder = order.slice();
  s.passed = [];
  s.flow.prompt = { seat: order[0], kind: 'PLACE_COWBOY', index: 0 };
}

/** Put a cowboy directly (bypassing turns) from the reserve. */
export function placeDirect(
  s: CarsonState,
  seat: Seat,
  loc: string,
  extra: Partial<{ white: boolean; noDuel: boolean; dynamite: boolean }> = {},
): void {
  s.placements.push({
    seat,
    loc,
    white: extra.white ?? false,
    noDuel: extra.noDuel ?? false,
    dynamite: extra.dynamite ?? false,
    extra: false,
  });
}

/** Everyone passes in turn order; stops at the first prompt that is not PLACE_COWBOY. */
export function passAll(s: CarsonState, rng: Rng): Run {
  return drive(s, rng, (p) => (p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : undefined));
}

export function ofType<T extends CarsonEvent['type']>(
  events: CarsonEvent[],
  type: T,
): Extract<CarsonEvent, { type: T }>[] {
  return events.filter((e): e is Extract<CarsonEvent, { type: T }> => e.type === type);
}

export const FIRST_GAME = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, side: 'YELLOW' as const }));

/** A game at its first PICK_CHARACTER prompt (draft answered with the first free parcels), city cleared but the centre kept. */
export function atPick(
  seats: number,
  tiles: { id: number; side: 'YELLOW' | 'RED' | 'EITHER' }[],
  seed = 'pick',
): CarsonState {
  const { state } = startGame({ personalitySet: 'LIST', tiles }, seats, seed);
  const run = drive(state, createRng('pick-drive'), (p) => (p.kind === 'PICK_CHARACTER' ? undefined : null));
  const s = JSON.parse(JSON.stringify(run.state)) as CarsonState;
  for (const cell of s.parcels) cell.owner = null;
  return s;
}

/** Phase 1: `picks` maps seat -> personality; other prompts get the timeout answer; stops at Phase 2. */
export function pickAll(
  state: CarsonState,
  picks: Record<number, number>,
  rng: Rng = createRng('picks'),
): Run {
  return drive(state, rng, (p) => {
    if (p.kind === 'PLACE_COWBOY') return undefined;
    if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
      return picks[p.seat] === undefined ? undefined : { type: 'PICK_CHARACTER', personality: picks[p.seat] };
    return null;
  });
}

/** The state a list of events folds to from nothing (the engine's evolve, as a replay runs it). */
export function replayAll(events: CarsonEvent[]): CarsonState {
  let s: CarsonState | null = null;
  for (const e of events) s = engine.evolve(s, e);
  return s!;
}

/** Does one of the events have this type? */
export const has = (events: CarsonEvent[], type: CarsonEvent['type']) => events.some((e) => e.type === type);

/** Does a seat hold the personality tile `id` (on `side`, when given)? */
export const held = (s: CarsonState, id: number, side?: string) =>
  s.players.some((p) => p.held.some((h) => h.id === id && (side === undefined || h.side === side)));
