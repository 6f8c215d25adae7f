import { installRules } from '../install';
import { moveTrain } from '../railroad';
import { building, CRIOLLO, makeState, SANTA_GERTRUDIS, send, sendAll, topKind } from './testing';

installRules();

describe('G10 (e): a discard whose reward is an action (2b)', () => {
  const at2b = (hand: string[]) =>
    makeState({ at: 'P-A1', trail: { 'P-A1': building(0, '2b') }, players: [{ hand }] });

  it('D6 [L316]: discard 1 Santa Gertrudis → the engine moves to the next space only (from 2: space 3, not 4)', () => {
    const start = at2b([SANTA_GERTRUDIS, CRIOLLO]);
    start.players[0].train = 2;
    const s = sendAll(
      start,
      { type: 'USE_ACTION', index: 1 },
      { type: 'DISCARD_FOR_REWARD', cards: [SANTA_GERTRUDIS] },
    );
    expect(s.players[0].discard).toEqual([SANTA_GERTRUDIS]);
    expect(topKind(s)).toBe('MOVE_ENGINE_FORWARD');
    expect(s.turn.stack[s.turn.stack.length - 1]).toMatchObject({ min: 1, max: 1 });
    expect(moveTrain.legal(s, 0)).toEqual([{ type: 'MOVE_TRAIN', to: 3 }]);
  });

  it('a Criollo is not a Santa Gertrudis; without one the action is rejected', () => {
    const asked = sendAll(at2b([SANTA_GERTRUDIS, CRIOLLO]), { type: 'USE_ACTION', index: 1 });
    expect(send(asked, { type: 'DISCARD_FOR_REWARD', cards: [CRIOLLO] }).ok).toBe(false);
    const none = send(at2b([CRIOLLO]), { type: 'USE_ACTION', index: 1 });
    expect(!none.ok && none.violation.code).toBe('REQUIREMENT_NOT_MET');
  });
});
