/**
 * The agenda is derived from facts (agenda.ts, event schema 4): for every option set no FLOW and
 * no AGENDA_UPDATED is written, a replay of a command's events reaches exactly the live agenda, and
 * an agenda the facts do not explain is an engine error. The turn's skeleton (whose turn, the turn
 * count, the final round, the first turn's discard-down, phase B's start, Kansas City's first
 * sub-phase) and the decisions follow from the facts alone.
 */
import { isViolation } from '../engine';
import { optionSets } from '../kit/option-sets';
import { rngFor } from '../random';
import { Ctx } from './ctx';
import type { GwtEvent } from './events';
import { evolve } from './evolve';
import { greatWesternTrailEngine as engine } from './index';
import type { GwtState } from './state';
import { playRandomGame } from './testing/play';

describe('Great Western Trail: the agenda from facts', () => {
  const sets = optionSets().filter((o) => o.type === 'great-western-trail');

  it.each(sets.map((o) => [o.label, o.seats, o.options] as const))(
    '%s, %i players: facts only (no FLOW, no AGENDA_UPDATED), replay = live after every command',
    (label, seats, options) => {
      const types = new Set<string>();
      playRandomGame(seats, `agenda-${label}-${seats}`, options as never, {
        afterCommand(before, _seat, _command, out, after) {
          for (const e of out) types.add(e.type);
          expect(out.reduce<GwtState>((s, e) => evolve(s, e), before)).toEqual(after);
        },
      });
      for (const t of ['FLOW', 'AGENDA_UPDATED', 'AGENDA_RESTORED']) expect(types).not.toContain(t);
      for (const t of ['TURN_STARTED', 'PHASE_B_STARTED', 'LOCAL_ACTION_USED', 'FINAL_ROUND_STARTED'])
        expect(types).toContain(t);
    },
  );

  it('an agenda the facts do not explain fails the command with an engine error (nothing is stored)', () => {
    const [started] = engine.setup(engine.parseOptions({}, 2) as never, 2, rngFor('agenda-bug', 0));
    const s = evolve(null, started);
    const ctx = Ctx.over(s, rngFor('agenda-bug', 1));
    ctx.push({ kind: 'DISCARD_AFTER_DRAW', count: 1 }); // by hand, no fact
    expect(() => ctx.closeAgenda()).toThrow(/facts do not explain the agenda/);
  });

  it('a foresight tile taken answers its sub-phase and asks the next one; read from an old history it changes nothing', () => {
    const { events } = playRandomGame(2, 'agenda-foresight');
    const i = events.findIndex((e) => e.type === 'FORESIGHT_TAKEN');
    const before = events.slice(0, i).reduce<GwtState | null>((s, e) => evolve(s, e), null)!;
    const e = events[i] as Extract<GwtEvent, { type: 'FORESIGHT_TAKEN' }>;
    expect(before.turn.stack[before.turn.stack.length - 1]).toMatchObject({
      kind: 'FORESIGHT',
      column: e.column,
    });
    const after = evolve(before, e);
    const top = after.turn.stack[after.turn.stack.length - 1];
    expect(top.kind === 'INCOME' || (top.kind === 'FORESIGHT' && (top.column as number) > e.column)).toBe(
      true,
    );
    expect(evolve(before, { ...e, recorded: true }).turn.stack).toEqual(before.turn.stack);
  });

  it('a turn start is the fact alone: the stage, the turn count and the first turn’s discard-down', () => {
    const [started] = engine.setup(engine.parseOptions({}, 2) as never, 2, rngFor('agenda-setup', 0));
    const s = evolve(null, started);
    const seat = (s.turn.seat + 1) % 2;
    const hand = s.players[seat].hand.length;
    const next = evolve(s, { type: 'TURN_STARTED', seat, turn: 2 });
    expect(next.turnNumber).toBe(2);
    expect(next.turn).toMatchObject({ seat, stage: 'FIRST_PLACE', location: null, usedActions: [] });
    expect(next.turn.stack).toEqual(hand > 4 ? [{ kind: 'DISCARD_DOWN', count: hand - 4 }] : []);
    expect(s.turnNumber).toBe(1); // evolve is pure
  });

  it('arriving in Kansas City asks its first sub-phase, marked as the arrival (D4)', () => {
    const { events } = playRandomGame(2, 'agenda-kc', {}, {});
    const i = events.findIndex((e) => e.type === 'PHASE_B_STARTED' && e.location === 'KANSAS_CITY');
    expect(i).toBeGreaterThan(0);
    const before = events.slice(0, i).reduce<GwtState | null>((s, e) => evolve(s, e), null)!;
    const at = evolve(before, events[i]);
    expect(at.turn.stage).toBe('KANSAS_CITY');
    expect(at.turn.stack[at.turn.stack.length - 1]).toMatchObject({ arrival: true });
    expect(['FORESIGHT', 'INCOME']).toContain(at.turn.stack[at.turn.stack.length - 1].kind);
  });

  it('the final round: its start, each final turn taken and the end are facts', () => {
    const { events } = playRandomGame(3, 'agenda-end');
    const from = events.findIndex((e) => e.type === 'FINAL_ROUND_STARTED');
    const tail = events.slice(from).filter((e) => e.type === 'TURN_STARTED' || e.type === 'GAME_ENDED');
    const trigger = (events[from] as Extract<GwtEvent, { type: 'FINAL_ROUND_STARTED' }>).seat;
    // Every other seat has one last turn, in seat order after the trigger, then the game ends.
    expect(tail.map((e) => (e.type === 'TURN_STARTED' ? e.seat : 'END'))).toEqual([
      (trigger + 1) % 3,
      (trigger + 2) % 3,
      'END',
    ]);
    const final = events.reduce<GwtState | null>((s, e) => evolve(s, e), null)!;
    expect(final).toMatchObject({ over: true, endTriggeredBy: trigger, finalTurns: [] });
    expect(isViolation(engine.decide(final, final.turn.seat, { type: 'END_TURN' }, rngFor('x', 0)))).toBe(
      true,
    );
  });
});
