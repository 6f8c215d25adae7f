/**
 * The agenda is derived from facts (agenda.ts, event schema 3): no FLOW is written, a replay of a
 * command's events reaches exactly the live agenda, and the turn's skeleton (whose turn, the turn
 * count, the final round, the first turn's discard-down, phase B's start, Kansas City's first
 * sub-phase) follows from the facts alone: AGENDA_UPDATED never has to say it.
 */
import { isViolation } from '../engine';
import { rngFor } from '../random';
import type { GwtEvent } from './events';
import { evolve } from './evolve';
import { greatWesternTrailEngine as engine } from './index';
import type { GwtState } from './state';
import { playRandomGame } from './testing/play';

const SKELETON = ['seat', 'turnNumber', 'endTriggeredBy', 'finalTurns'];

describe('Great Western Trail: the agenda from facts', () => {
  it.each([2, 3, 4])('a random %i-player game: facts only, replay = live after every command', (seats) => {
    const types = new Set<string>();
    let updates = 0;
    const { events } = playRandomGame(
      seats,
      `agenda-${seats}`,
      {},
      {
        afterCommand(before, _seat, _command, out, after) {
          for (const e of out) types.add(e.type);
          expect(out.reduce<GwtState>((s, e) => evolve(s, e), before)).toEqual(after);
          for (const e of out) {
            if (e.type !== 'AGENDA_UPDATED') continue;
            updates++;
            expect(Object.keys(e).filter((k) => SKELETON.includes(k))).toEqual([]);
          }
        },
      },
    );
    expect(types.has('FLOW' as never)).toBe(false);
    expect(types.has('AGENDA_RESTORED')).toBe(false);
    for (const t of ['TURN_STARTED', 'PHASE_B_STARTED', 'LOCAL_ACTION_USED', 'FINAL_ROUND_STARTED'])
      expect(types).toContain(t);
    // Fewer than one sequencing record per two events (FLOW closed every decision).
    expect(updates).toBeLessThan(events.length / 2);
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
