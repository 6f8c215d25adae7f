/** The Mule Duel, 2-player variant (RB L635-L666, RULES.md §5.2). */
import { isViolation } from '../engine';
import { colomaEngine as engine } from './index';
import { act, attempt, dialAll, endTurns, newGame, ofType, patch, skipOpening } from './testing';

const code = (r: unknown) => (isViolation(r) ? r.code : 'ACCEPTED');
const duel = () => skipOpening(newGame(2, { modules: ['MULE_DUEL'] }));

describe('Mule Duel', () => {
  test('2 players only; no Buster; a Carrot of each colour on every Event; the Barker fires no Event (RB L643-L651)', () => {
    expect(isViolation(engine.parseOptions({ modules: ['MULE_DUEL'] }, 3))).toBe(true);
    const g = duel();
    expect(g.buster).toBeNull();
    expect(g.players.map((p) => p.carrots)).toEqual([
      [1, 2, 3, 4, 5],
      [1, 2, 3, 4, 5],
    ]);
    expect(g.players.map((p) => p.dudes)).toEqual([2, 2]); // Round 1's Event 1 did not fire
  });

  test('each player dials a Site for the Mule too, secretly (RB L653)', () => {
    const g = duel();
    expect(code(attempt(g, 0, { type: 'DIAL', site: 3, mule: null }))).toBe('ILLEGAL_TARGET');
    const { state, events } = act(g, 0, { type: 'DIAL', site: 3, mule: 2 });
    expect(engine.redact(events[0], 1, g)).toMatchObject({ site: null, mule: null });
    expect(engine.view(state, 1).players[0].muleDial).toBeNull();
  });

  test('TC11: the Mule on Site 2 eats its Carrot on Event 2: 1 Gold (2 with a Tent), the Carrot leaves (RB L657)', () => {
    const g = patch(duel(), (x) => Object.assign(x.players[1], { eventTents: [2], tents: 0 }));
    const { state, events } = dialAll(g, [3, 4], [2, 2]);
    expect(ofType(events, 'CARROT_EATEN').map((e) => e.seat)).toEqual([0, 1]);
    expect(ofType(events, 'GAINED').map((e) => [e.seat, e.gains])).toEqual([
      [0, { gold: 1 }],
      [1, { gold: 2 }],
    ]);
    expect(state.players.map((p) => p.carrots)).toEqual([
      [1, 3, 4, 5],
      [1, 3, 4, 5],
    ]);
    const again = dialAll(endTurns(state).state, [3, 4], [2, 1]);
    expect(ofType(again.events, 'CARROT_EATEN')).toEqual([{ type: 'CARROT_EATEN', seat: 1, event: 1 }]); // no Carrot left on 2 for seat 0
  });

  test('Mules count for the Bust but take no action (RB L660, L666)', () => {
    const { state } = dialAll(duel(), [3, 4], [4, 5]);
    expect(state.bust).toBe(4);
    expect(state.queue).toEqual([0, 1]);
  });

  test("a Mule on Event 5 opens its owner's Gold-for-VP choice before the turns (D33)", () => {
    const { state } = dialAll(duel(), [3, 4], [1, 5]);
    expect(state.phase).toBe('EVENT_5');
    expect(engine.pending(state)).toEqual([{ seat: 1, kind: 'EVENT_5' }]);
    const after = act(state, 1, { type: 'SPEND_GOLD', gold: 1 }).state;
    expect(after.players[1].vp).toBe(3);
    expect(after.phase).toBe('TURNS');
  });
});
