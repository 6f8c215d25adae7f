/**
 * Rules-review findings, through the public engine: each case is a rule of the rulebook the engine
 * once got wrong (see the commit introducing it).
 */
import { makeState } from './actions/testing';
import { code, legal, legalOf, must, play, refusedListed, topKind } from './testing/public';

describe('a paid requirement takes its whole reward [L308]', () => {
  it('neutral D: after paying $2 the engine must move (1 or 2 spaces); SKIP is refused', () => {
    const s = makeState({ at: 'N-D', players: [{ money: 5 }] });
    const asked = must(s, { type: 'USE_ACTION', index: 0 }, { type: 'CHOOSE_ONE', option: 1 });
    expect(asked.players[0].money).toBe(3);
    expect(topKind(asked)).toBe('MOVE_ENGINE_FORWARD');
    expect(legalOf(asked, 'SKIP')).toEqual([]);
    expect(code(play(asked, { type: 'SKIP' }))).toBe('NOTHING_TO_SKIP');
    expect(legalOf(asked, 'MOVE_TRAIN').map((c) => c.to)).toEqual([1, 2]);
    expect(refusedListed(asked)).toEqual([]);
    expect(must(asked, { type: 'MOVE_TRAIN', to: 1 }).players[0].train).toBe(1);
  });
});
