import { act, building, legalOf, makeState, send, sendAll, topKind } from './testing';

const MOVE = (...path: string[]) => ({ type: 'MOVE_HERDER_FORWARD', path });

describe('herder-move actions (D10)', () => {
  it('3a: forward 1 step with fees, then phase B again at the new location', () => {
    // Mary's 3a on P-A1; John's 4a (black hand: $2 with 2 players) on P-A2.
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '3a'), 'P-A2': building(1, '4a') },
      players: [{ money: 5 }],
    });
    const asked = sendAll(s, { type: 'USE_ACTION', index: 1 });
    expect(topKind(asked)).toBe('MOVE_HERDER_FORWARD');
    expect(legalOf(asked, 'MOVE_HERDER_FORWARD')).toEqual([MOVE('P-A2')]);
    const two = send(asked, MOVE('P-A2', 'P-A3', 'N-B'));
    expect(!two.ok && two.violation.code).toBe('TOO_MANY_STEPS');
    const moved = sendAll(asked, MOVE('P-A2'));
    expect(moved.players[0].herder).toBe('P-A2');
    expect(moved.players[0].money).toBe(3);
    expect(moved.players[1].money).toBe(2);
    expect(moved.turn).toMatchObject({ stage: 'LOCATION', location: 'P-A2', usedActions: [], stack: [] });
    // On another player's building: no local actions, one single auxiliary action.
    expect(legalOf(moved, 'USE_ACTION')).toEqual([]);
    expect(sendAll(moved, { type: 'USE_AUXILIARY', action: 'AUX1' }).players[0].money).toBe(4);
  });

  it('empty slots are passed freely: 3a from P-A1 reaches N-B when P-A2 and P-A3 are empty', () => {
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '3a') },
      players: [{ money: 2, hand: ['santa_gertrudis:0'] }],
    });
    const moved = sendAll(s, { type: 'USE_ACTION', index: 1 }, MOVE('P-A2', 'P-A3', 'N-B'));
    expect(moved.turn).toMatchObject({ stage: 'LOCATION', location: 'N-B' });
    expect(legalOf(moved, 'USE_ACTION')).toEqual([
      { type: 'USE_ACTION', index: 0 },
      { type: 'USE_ACTION', index: 1 },
    ]);
  });
  it('a building move may end in Kansas City, which then runs its sub-phases', () => {
    const s = makeState({ at: 'P-G1', trail: { 'P-G1': building(0, '3a') } });
    const asked = sendAll(s, { type: 'USE_ACTION', index: 1 });
    expect(legalOf(asked, 'MOVE_HERDER_FORWARD')).toEqual([MOVE('KANSAS_CITY')]);
    const kc = sendAll(asked, MOVE('KANSAS_CITY'));
    expect(kc.players[0].herder).toBe('KANSAS_CITY');
    expect(kc.turn).toMatchObject({ stage: 'KANSAS_CITY', location: 'KANSAS_CITY' });
    expect(kc.turn.stack.length).toBeGreaterThan(0);
  });
});

describe('the free move of objective cards 20-24 (D33)', () => {
  it('in phase B: no fees, never into Kansas City, and the turn goes on with phase C', () => {
    const s = makeState({ at: 'N-A', trail: { 'P-A1': building(1, '4a') }, players: [{ money: 5 }] });
    const asked = act(s, { type: 'MOVE_HERDER_FORWARD_FREE', min: 1, max: 3 });
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    const done = sendAll(asked.state, MOVE('P-A1', 'P-A2', 'P-A3', 'N-B'));
    expect(done.players[0]).toMatchObject({ herder: 'N-B', money: 5 });
    expect(done.players[1].money).toBe(0);
    expect(done.turn.seat).toBe(1);
  });

  it('before phase A: phase A follows from the new location', () => {
    const s = makeState({ at: 'N-A' });
    s.turn = { ...s.turn, stage: 'MOVE', location: null };
    const asked = act(s, { type: 'MOVE_HERDER_FORWARD_FREE', min: 1, max: 3 });
    const done = sendAll(asked.state, MOVE('P-A1', 'P-A2', 'P-A3', 'N-B'));
    expect(done.players[0].herder).toBe('N-B');
    expect(done.turn).toMatchObject({ seat: 0, stage: 'MOVE', stack: [] });
  });

  it('Kansas City is not a destination', () => {
    const s = makeState({ at: 'P-G1', trail: { 'P-G1': building(0, '1a') } });
    const out = act(s, { type: 'MOVE_HERDER_FORWARD_FREE', min: 1, max: 3 });
    expect(!out.ok && out.violation.code).toBe('NO_PATH');
  });
});
