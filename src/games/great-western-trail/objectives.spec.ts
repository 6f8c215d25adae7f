/**
 * Playing objective cards (RULES.md §3.5, D4). The handlers are driven directly on a Ctx, as
 * index.ts does. (Objective evaluation and D20 are tested in score.spec.ts.)
 */
import { isViolation } from '../engine';
import { createRng } from '../random';
import { Ctx } from './ctx';
import type { GwtEvent } from './events';
import { evolve } from './evolve';
import { GWT_HANDLERS } from './index';
import { beginKansasCity } from './kansas-city';
import {
  objectiveAction,
  OBJECTIVE_ACTION,
  OBJECTIVE_HANDLERS,
  objectivePlayable,
  playObjective,
} from './objectives';
import { handlerAllowed, type CommandHandler, type GwtCommand } from './protocol';
import type { Decision, GwtState, KcTile, PlayerState, Stage } from './state';
import { blankState, testPlayer } from './testing/fixtures';

function player(over: Partial<PlayerState> = {}): PlayerState {
  return testPlayer({ money: 5, herder: 'N-A', ...over });
}

function state(stage: Stage, seats = 3): GwtState {
  return blankState(seats, stage, {
    players: Array.from({ length: seats }, () => player()),
    trail: { 'N-A': { kind: 'NEUTRAL', building: 'A' } },
    jobMarket: [],
    turn: {
      seat: 0,
      stage,
      location: stage === 'LOCATION' ? 'N-A' : null,
      usedActions: [],
      usedAuxiliaryInstead: false,
      usedBuildings: [],
      stack: [],
    },
    turnNumber: 7,
  });
}

/** Run `handler` like index.ts decide: allowed?, decide, then the FLOW record. */
function run(s: GwtState, seat: number, handler: CommandHandler, raw: Record<string, unknown>) {
  if (!handlerAllowed(handler, s)) return { violation: 'NOT_NOW' as const };
  const cmd = handler.parse(raw);
  if (isViolation(cmd)) return { violation: cmd.code };
  const ctx = Ctx.over(s, createRng('objectives-spec'));
  const wrong = handler.decide(ctx, seat, cmd as GwtCommand);
  if (isViolation(wrong)) return { violation: wrong.code };
  ctx.closeAgenda();
  return { events: ctx.events, state: ctx.state };
}

/** The events replayed on `before` give `after` (the appliers agree with the draft). */
function replays(before: GwtState, events: GwtEvent[], after: GwtState): void {
  expect(events.reduce((s, e) => evolve(s, e), before)).toEqual(after);
}

const FLOOD: KcTile = { kind: 'hazard', hazard: 'flood', hand: 'green', vp: 4 };

/** Seat 0 (hand `hand`, $5) arrives in Kansas City: its first sub-phase is asked. */
function kansasCity(
  hand: string[],
  foresight: (KcTile | null)[][] = [
    [FLOOD, FLOOD],
    [FLOOD, null],
    [null, null],
  ],
) {
  const s = state('KANSAS_CITY');
  s.foresight = foresight;
  s.turn.location = 'KANSAS_CITY';
  s.players[0].herder = 'KANSAS_CITY';
  s.players[0].hand = hand;
  const ctx = Ctx.over(s, createRng('objectives-kc'));
  beginKansasCity(ctx, 0);
  return ctx.state;
}

/** The handler of a command type, as composed by index.ts (which also installs the executors). */
const handler = (type: string) => GWT_HANDLERS.find((h) => h.type === type)!;

describe('PLAY_OBJECTIVE', () => {
  it('puts the card in the area and offers its immediate action as an optional decision', () => {
    const s = state('MOVE');
    s.players[0].hand = ['criollo:0', 'OBJ-01', 'pineywoods:0'];
    const out = run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-01' });
    if ('violation' in out) throw new Error(out.violation);
    expect(out.events[0]).toEqual({ type: 'OBJECTIVE_PLAYED', seat: 0, card: 'OBJ-01' });
    expect(out.state.players[0].hand).toEqual(['criollo:0', 'pineywoods:0']);
    expect(out.state.players[0].objectives).toEqual(['OBJ-01']);
    expect(out.state.turn.stage).toBe('MOVE');
    expect(out.state.turn.stack).toEqual([{ kind: OBJECTIVE_ACTION, card: 'OBJ-01', optional: true }]);
    replays(s, out.events, out.state);

    // Do it: +$2, the decision is gone, phase A is still to come.
    const done = run(out.state, 0, objectiveAction, { type: 'OBJECTIVE_ACTION' });
    if ('violation' in done) throw new Error(done.violation);
    expect(done.state.players[0].money).toBe(7);
    expect(done.state.turn.stack).toEqual([]);
    expect(done.state.turn.stage).toBe('MOVE');
    replays(out.state, done.events, done.state);
  });

  it('is allowed before phase A and between actions in phase B only (D4)', () => {
    const allowed = (stage: Stage, stack: Decision[] = []) => {
      const s = state(stage);
      s.turn.stack = stack;
      return handlerAllowed(playObjective, s);
    };
    expect(allowed('MOVE')).toBe(true);
    expect(allowed('LOCATION')).toBe(true);
    // Kansas City: only its first sub-phase, still unanswered on arrival (the next test).
    expect(objectivePlayable(state('KANSAS_CITY'))).toBe(false);
    const kc = state('KANSAS_CITY');
    kc.turn.stack = [{ kind: 'FORESIGHT', column: 1 }];
    expect(objectivePlayable(kc)).toBe(false);
    kc.turn.stack = [{ kind: 'FORESIGHT', column: 0, arrival: true }];
    expect(objectivePlayable(kc)).toBe(true);
    expect(allowed('FIRST_PLACE')).toBe(false);
    // Mid-action (a decision owed): never.
    expect(allowed('LOCATION', [{ kind: 'DISCARD_AFTER_DRAW', count: 2 }])).toBe(false);
    expect(allowed('MOVE', [{ kind: OBJECTIVE_ACTION, card: 'OBJ-01', optional: true }])).toBe(false);
  });

  it('in phase B it leaves the stage as it is: the free herder move then ends the turn (D33)', () => {
    const s = state('LOCATION');
    s.trail['N-B'] = { kind: 'NEUTRAL', building: 'B' };
    s.turn.usedActions = [0];
    s.players[0].hand = ['OBJ-20'];
    s.players[0].drawPile = ['criollo:0', 'criollo:0', 'criollo:0', 'criollo:0', 'criollo:0'];
    const out = run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-20' });
    if ('violation' in out) throw new Error(out.violation);
    expect(out.state.turn).toMatchObject({ stage: 'LOCATION', location: 'N-A', usedActions: [0] });
    expect(out.state.turn.stack).toEqual([{ kind: OBJECTIVE_ACTION, card: 'OBJ-20', optional: true }]);
    expect(objectiveAction.legal(out.state, 0)).toEqual([{ type: 'OBJECTIVE_ACTION' }]);
    const asked = run(out.state, 0, objectiveAction, { type: 'OBJECTIVE_ACTION' });
    if ('violation' in asked) throw new Error(asked.violation);
    expect(asked.state.turn.stack.at(-1)?.kind).toBe('MOVE_HERDER_FORWARD_FREE');
    const path = handler('MOVE_HERDER_FORWARD').legal(asked.state, 0).at(-1)!;
    expect(path.path).toContain('N-B');
    const moved = run(asked.state, 0, handler('MOVE_HERDER_FORWARD'), path);
    if ('violation' in moved) throw new Error(moved.violation);
    // No fee, no phase B at N-B: phase C (hand refilled to 4), then seat 1's turn.
    expect(moved.state.players[0]).toMatchObject({ herder: 'N-B', money: 5 });
    expect(moved.state.players[0].hand).toHaveLength(4);
    expect(moved.state.turn).toMatchObject({ seat: 1, stage: 'MOVE' });
  });

  it('offers no immediate action that cannot be done (a free move with nowhere to go)', () => {
    const s = state('MOVE');
    s.players[0].hand = ['OBJ-21'];
    const out = run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-21' });
    if ('violation' in out) throw new Error(out.violation);
    expect(out.state.players[0].objectives).toEqual(['OBJ-21']);
    expect(out.state.turn.stack).toEqual([]);
  });

  it('rejects cards not in hand, cattle cards and unknown ids', () => {
    const s = state('MOVE');
    s.players[0].hand = ['criollo:0', 'OBJ-02'];
    s.players[0].discard = ['OBJ-03'];
    expect(run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-03' })).toEqual({
      violation: 'CARD_NOT_IN_HAND',
    });
    expect(run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'criollo:0' })).toEqual({
      violation: 'NOT_AN_OBJECTIVE',
    });
    expect(run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-99' })).toEqual({
      violation: 'NOT_AN_OBJECTIVE',
    });
    expect(run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE' })).toEqual({ violation: 'INVALID_COMMAND' });
  });

  it('may be played on arriving in Kansas City, before foresight 1, and again after its immediate action (D4: [L168], [L397])', () => {
    const s = kansasCity(['OBJ-01', 'OBJ-02', 'criollo:0']);
    expect(s.turn.stack).toEqual([{ kind: 'FORESIGHT', column: 0, arrival: true }]);
    expect(playObjective.legal(s, 0)).toEqual([
      { type: 'PLAY_OBJECTIVE', card: 'OBJ-01' },
      { type: 'PLAY_OBJECTIVE', card: 'OBJ-02' },
    ]);
    const out = run(s, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-01' });
    if ('violation' in out) throw new Error(out.violation);
    // OBJ-01 goes to the area (so income will not discard it, [L243]) and offers its +$2.
    expect(out.state.players[0].objectives).toEqual(['OBJ-01']);
    const paid = run(out.state, 0, objectiveAction, { type: 'OBJECTIVE_ACTION' });
    if ('violation' in paid) throw new Error(paid.violation);
    expect(paid.state.players[0].money).toBe(7);
    replays(out.state, paid.events, paid.state);
    // The action is over and foresight 1 not yet chosen: another card may follow.
    expect(paid.state.turn.stack).toEqual([{ kind: 'FORESIGHT', column: 0, arrival: true }]);
    expect(playObjective.legal(paid.state, 0)).toEqual([{ type: 'PLAY_OBJECTIVE', card: 'OBJ-02' }]);
  });

  it('is refused between Kansas City sub-phases: once foresight 1 is chosen the sequence runs on (D4: [L200])', () => {
    const s = kansasCity(['OBJ-01', 'criollo:0']);
    const chosen = run(s, 0, handler('FORESIGHT'), { type: 'FORESIGHT', index: 0 });
    if ('violation' in chosen) throw new Error(chosen.violation);
    expect(chosen.state.turn.stack).toEqual([{ kind: 'FORESIGHT', column: 1 }]);
    expect(playObjective.legal(chosen.state, 0)).toEqual([]);
    expect(run(chosen.state, 0, playObjective, { type: 'PLAY_OBJECTIVE', card: 'OBJ-01' })).toEqual({
      violation: 'NOT_NOW',
    });
  });

  it('on arriving in Kansas City with no foresight to choose, may be played before income (D4)', () => {
    const s = kansasCity(
      ['OBJ-01'],
      [
        [null, null],
        [null, null],
        [null, null],
      ],
    );
    expect(s.turn.stack).toEqual([{ kind: 'INCOME', arrival: true }]);
    expect(playObjective.legal(s, 0)).toEqual([{ type: 'PLAY_OBJECTIVE', card: 'OBJ-01' }]);
    const income = run(s, 0, handler('SPEND_CERTIFICATES'), { type: 'SPEND_CERTIFICATES', count: 0 });
    if ('violation' in income) throw new Error(income.violation);
    expect(income.state.turn.stack.at(-1)?.kind).toBe('DELIVER');
    expect(playObjective.legal(income.state, 0)).toEqual([]);
  });

  it('lists each objective card in hand once', () => {
    const s = state('LOCATION');
    s.players[0].hand = ['OBJ-10', 'criollo:0', 'OBJ-02', 'criollo:0'];
    expect(playObjective.legal(s, 0)).toEqual([
      { type: 'PLAY_OBJECTIVE', card: 'OBJ-02' },
      { type: 'PLAY_OBJECTIVE', card: 'OBJ-10' },
    ]);
    expect(OBJECTIVE_HANDLERS.map((h) => h.type)).toEqual(['PLAY_OBJECTIVE', 'OBJECTIVE_ACTION']);
  });
});
