/**
 * Rules-review findings, through the public engine: each case is a rule of the rulebook the engine
 * once got wrong (see the commit introducing it).
 */
import { bandit, makeState } from './actions/testing';
import { code, given, legal, legalOf, must, play, refusedListed, topKind } from './testing/public';

describe('a paid requirement takes its whole reward [L308]', () => {
  it('neutral D: after paying $2 the engine must move (1 or 2 spaces); SKIP is refused', () => {
    const asked = given(makeState({ at: 'N-D', players: [{ money: 5 }] }))
      .when(0, { type: 'USE_ACTION', index: 0 })
      .when(0, { type: 'CHOOSE_ONE', option: 1 })
      .thenState((s) => s.players[0].money === 3 && topKind(s) === 'MOVE_ENGINE_FORWARD');
    expect(legalOf(asked.state, 'SKIP')).toEqual([]);
    asked.when(0, { type: 'SKIP' }).thenRefused('NOTHING_TO_SKIP');
    expect(legalOf(asked.state, 'MOVE_TRAIN').map((c) => c.to)).toEqual([1, 2]);
    expect(refusedListed(asked.state)).toEqual([]);
    asked.when(0, { type: 'MOVE_TRAIN', to: 1 }).thenState((s) => s.players[0].train === 1);
  });
});

describe('only when every local action is forgone, one single auxiliary action instead [L188]', () => {
  it('opening a local action and declining it before doing anything leaves the auxiliary action (and the action) available', () => {
    const s = makeState({ at: 'N-A', players: [{ money: 20, hand: ['galloway:0'] }] });
    s.jobMarketTokenRow = 2;
    s.jobMarket[0] = ['cowboy', null];
    const declined = given(s)
      .when(0, { type: 'USE_ACTION', index: 1 })
      .thenState((opened) => topKind(opened) === 'HIRE_WORKER')
      .when(0, { type: 'SKIP' })
      .thenState((t) => {
        expect(t.turn.usedActions).toEqual([]);
        expect(legalOf(t, 'USE_AUXILIARY').length).toBeGreaterThan(0);
        expect(legalOf(t, 'USE_ACTION').map((c) => c.index)).toEqual([0, 1, 2]);
        expect(refusedListed(t)).toEqual([]);
      });
    declined
      .when(0, { type: 'USE_AUXILIARY', action: 'AUX1', double: false })
      .thenState((t) => t.players[0].money === 21);
  });

  it('an action that did something stays used: buying a card then ending the purchase; a discard done', () => {
    const s = makeState({ at: 'N-E', players: [{ money: 20, hand: ['pineywoods:0'] }] });
    s.cattleMarket = ['longhorn:2', 'longhorn:2'];
    const bought = must(
      s,
      { type: 'USE_ACTION', index: 1 },
      { type: 'BUY_CATTLE', option: 0, cards: ['longhorn:2'] },
    );
    // One cowboy: the purchase ended with the buy.
    expect(bought.turn.usedActions).toEqual([1]);
    expect(code(play(bought, { type: 'USE_AUXILIARY', action: 'AUX1', double: false }))).toBe(
      'AUXILIARY_NOT_ALLOWED',
    );
    const two = makeState({
      at: 'N-E',
      players: [{ money: 20, workers: { cowboy: 2, craftsman: 1, engineer: 1 } }],
    });
    two.cattleMarket = ['longhorn:2'];
    two.cattleDeck = ['corriente:3', 'corriente:3'];
    const drew = must(two, { type: 'USE_ACTION', index: 1 }, { type: 'DRAW_MARKET_CARDS' }, { type: 'SKIP' });
    expect(drew.turn.usedActions).toEqual([1]);
    expect(legalOf(drew, 'USE_AUXILIARY')).toEqual([]);
    // A paid requirement (D: $2) is never undone.
    const d = makeState({ at: 'N-D', players: [{ money: 5 }] });
    const paid = must(d, { type: 'USE_ACTION', index: 0 }, { type: 'CHOOSE_ONE', option: 1 });
    expect(legal(paid).some((c) => c.type === 'SKIP')).toBe(false);
  });
});

describe('objective cards between the local actions of a building used through 6b (D4, [L397])', () => {
  it('after one of the adjacent building’s actions and before the next, an objective card may be played', () => {
    const s = makeState({
      at: 'P-A2',
      trail: { 'P-A2': { kind: 'PLAYER', owner: 0, building: '6b' } },
      players: [{ hand: ['santa_gertrudis:0', 'OBJ-01'], money: 3 }],
    });
    given(s)
      .when(0, { type: 'USE_ACTION', index: 0 })
      .when(0, { type: 'USE_ADJACENT_BUILDING', location: 'N-B' })
      .when(0, { type: 'USE_ADJACENT_ACTION', index: 0 })
      .when(0, { type: 'DISCARD_FOR_REWARD', cards: ['santa_gertrudis:0'] })
      .thenState((t) => {
        expect(topKind(t)).toBe('ADJACENT_ACTIONS');
        expect(legalOf(t, 'PLAY_OBJECTIVE')).toEqual([{ type: 'PLAY_OBJECTIVE', card: 'OBJ-01' }]);
      })
      .when(0, { type: 'PLAY_OBJECTIVE', card: 'OBJ-01' })
      .when(0, { type: 'OBJECTIVE_ACTION' })
      .thenState((t) => {
        expect(t.players[0]).toMatchObject({ money: 7, objectives: ['OBJ-01'] });
        // Back to the adjacent building: its other action is still there.
        expect(topKind(t)).toBe('ADJACENT_ACTIONS');
        expect(refusedListed(t)).toEqual([]);
      });
    // Not in the middle of an action.
    given(s)
      .when(0, { type: 'USE_ACTION', index: 0 })
      .when(0, { type: 'PLAY_OBJECTIVE', card: 'OBJ-01' })
      .thenRefused('NOT_NOW');
  });
});

describe('6b declined before anything was done [L188]', () => {
  it('choosing the adjacent building and then doing none of its actions leaves 6b and the neighbour unused', () => {
    const s = makeState({
      at: 'P-A2',
      trail: { 'P-A2': { kind: 'PLAYER', owner: 0, building: '6b' } },
      players: [{ hand: ['santa_gertrudis:0'], money: 3 }],
    });
    const declined = must(
      s,
      { type: 'USE_ACTION', index: 0 },
      { type: 'USE_ADJACENT_BUILDING', location: 'N-B' },
      { type: 'SKIP' },
    );
    expect(declined.turn).toMatchObject({ usedActions: [], usedBuildings: [], stack: [] });
    expect(must(declined, { type: 'USE_AUXILIARY', action: 'AUX1', double: false }).players[0].money).toBe(4);
    // Once an adjacent action is done, the visit stays used.
    const done = must(
      s,
      { type: 'USE_ACTION', index: 0 },
      { type: 'USE_ADJACENT_BUILDING', location: 'N-B' },
      { type: 'USE_ADJACENT_ACTION', index: 0 },
      { type: 'DISCARD_FOR_REWARD', cards: ['santa_gertrudis:0'] },
      { type: 'SKIP' },
    );
    expect(done.turn.usedActions).toEqual([0]);
    expect(done.turn.usedBuildings.sort()).toEqual(['N:B', 'P:0:6b']);
    expect(legalOf(done, 'USE_AUXILIARY')).toEqual([]);
  });
});

describe('a "choose one" local action declined after choosing, before anything was done [L188]', () => {
  it('neutral D: bounty chosen, then declined: the single auxiliary action instead stays possible', () => {
    const s = makeState({ at: 'N-D', trail: { 'BANDIT-4': bandit('green') }, players: [{ money: 0 }] });
    const chosen = given(s)
      .when(0, { type: 'USE_ACTION', index: 0 })
      .when(0, { type: 'CHOOSE_ONE', option: 0 });
    chosen
      .when(0, { type: 'SKIP' })
      .thenState((declined) => declined.turn.usedActions.length === 0)
      .when(0, { type: 'USE_AUXILIARY', action: 'AUX1', double: false })
      .thenState((t) => t.players[0].money === 1);
    chosen
      .when(0, { type: 'COLLECT_BOUNTY', location: 'BANDIT-4' })
      .thenState((taken) => taken.players[0].money === 3 && legalOf(taken, 'USE_AUXILIARY').length === 0);
  });
});
