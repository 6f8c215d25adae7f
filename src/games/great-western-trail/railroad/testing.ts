/**
 * Test helpers for the railroad, discs and Kansas City modules: a minimal valid GwtState, and
 * `send`, which runs one command the way index.ts `decide` does (handler allowed now, parse,
 * decide on a private draft, advance, close the flow). To merge with actions/testing.ts later.
 */
import { isViolation, type RuleViolation, type Seat } from '../../engine';
import { createRng } from '../../random';
import { ACTION_HANDLERS } from '../actions/index';
import { installRules } from '../install';
import { runAction } from '../actions/registry';
import { Ctx } from '../ctx';
import { STATIONS } from '../data/railroad';
import { LOCATIONS } from '../data/trail';
import { FIRST_GAME_NEUTRAL_SETUP } from '../data/neutral-buildings';
import { NEUTRAL_SLOT_IDS, type ActionSpec } from '../data/types';
import type { GwtEvent } from '../events';
import { advance, FLOW_HANDLERS } from '../flow';
import { KANSAS_CITY_HANDLERS } from '../kansas-city';
import { handlerAllowed, type CommandHandler, type GwtCommand } from '../protocol';
import { RAILROAD_HANDLERS } from '../railroad';
import type { GwtState, PlayerState } from '../state';
import { blankState, testPlayer } from '../testing/fixtures';

export function makePlayer(patch: Partial<PlayerState> = {}): PlayerState {
  return testPlayer(patch);
}

/** A minimal valid state: neutral buildings on A..G, empty everything else, seat 0 to play in `stage`. */
export function makeState(seatCount = 2, stage: GwtState['turn']['stage'] = 'LOCATION'): GwtState {
  const trail: GwtState['trail'] = Object.fromEntries(
    LOCATIONS.filter((l) => l.kind !== 'start' && l.kind !== 'kansas_city').map((l) => [l.id, null]),
  );
  NEUTRAL_SLOT_IDS.forEach(
    (slot) => (trail[slot] = { kind: 'NEUTRAL', building: FIRST_GAME_NEUTRAL_SETUP[slot] }),
  );
  return blankState(seatCount, stage, {
    trail,
    stationMasters: Object.fromEntries(
      STATIONS.filter((s) => s.hasStationMasterSlot).map((s) => [s.id, null]),
    ),
    stationDiscs: Object.fromEntries(STATIONS.map((s) => [s.id, []])),
  });
}

/** The real executor table (actions/ and the railroad's), as index.ts installs it. */
export function installForTests(): void {
  installRules();
}

const HANDLERS: CommandHandler[] = [
  ...FLOW_HANDLERS,
  ...ACTION_HANDLERS,
  ...RAILROAD_HANDLERS,
  ...KANSAS_CITY_HANDLERS,
];

export type Sent = { state: GwtState; events: GwtEvent[] };

/** One command as index.ts `decide` runs it; the input state is never mutated. */
export function send(
  state: GwtState,
  raw: GwtCommand,
  seat: Seat = state.turn.seat,
  seed = 'test',
): Sent | RuleViolation {
  const handler = HANDLERS.find((h) => h.type === raw.type);
  if (!handler) throw new Error(`no handler for ${raw.type}`);
  if (!handlerAllowed(handler, state)) return { violation: true, code: 'NOT_NOW', message: raw.type };
  const cmd = handler.parse(raw as Record<string, unknown>);
  if (isViolation(cmd)) return cmd;
  const ctx = Ctx.over(state, createRng(seed));
  const wrong = handler.decide(ctx, seat, cmd);
  if (isViolation(wrong)) return wrong;
  advance(ctx);
  ctx.closeAgenda();
  return { state: ctx.state, events: ctx.events };
}

/** `send`, failing the test on a violation. */
export function ok(state: GwtState, raw: GwtCommand, seat?: Seat, seed?: string): Sent {
  const r = send(state, raw, seat, seed);
  if (isViolation(r)) throw new Error(`${raw.type} rejected: ${r.code} ${r.message}`);
  return r;
}

/** Run an action spec (as a building would) on a copy of `state`. */
export function act(
  state: GwtState,
  spec: ActionSpec,
  seat: Seat = state.turn.seat,
  seed = 'test',
): Sent | RuleViolation {
  const ctx = Ctx.over(state, createRng(seed));
  const wrong = runAction(ctx, seat, spec);
  if (isViolation(wrong)) return wrong;
  // No fact says the icon was used, so what it asks is pushed by hand (runAction's 'push'): not a
  // command, no closeAgenda (which would rightly refuse an agenda no fact explains).
  return { state: ctx.state, events: ctx.events };
}

export function actOk(state: GwtState, spec: ActionSpec, seat?: Seat, seed?: string): Sent {
  const r = act(state, spec, seat, seed);
  if (isViolation(r)) throw new Error(`${spec.type} rejected: ${r.code} ${r.message}`);
  return r;
}

/** Every legal command of the current player for the handlers of these modules (and SKIP). */
export function legal(state: GwtState, seat: Seat = state.turn.seat): GwtCommand[] {
  return HANDLERS.filter((h) => handlerAllowed(h, state)).flatMap((h) => h.legal(state, seat));
}

export const topDecision = (state: GwtState) => state.turn.stack[state.turn.stack.length - 1];
