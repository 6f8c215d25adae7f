import {
  BLACK_ANGUS,
  CORRIENTE,
  everyLegalAccepted,
  HEREFORD,
  legalOf,
  LONGHORN,
  makeState,
  send,
  sendAll,
  SHORTHORN,
  SIMMENTAL_1,
  topKind,
} from './testing';
import type { GwtState } from '../state';

const BUY = (option: number, ...cards: string[]) => ({ type: 'BUY_CATTLE', option, cards });
// BUYING_OPTIONS indexes: 0 v3 1c $6 · 1 v3 2c $3 · 2 2×v3 3c $5 · 3 v4 1c $12 · 4 v4 3c $6 · 5 2×v4 5c $8 ·
// 6 v5 2c $12 · 7 v5 4c $6 · 8 Simmental 1c $8 · 9 Simmental 2c $5.

function at(cowboys: number, money: number, market: string[], simmental = false): GwtState {
  const s = makeState({
    at: 'N-E',
    simmental,
    players: [{ money, workers: { cowboy: cowboys, craftsman: 1, engineer: 1 } }],
  });
  s.cattleMarket = market;
  s.cattleDeck = [HEREFORD, 'hereford:6', 'shorthorn:4'];
  return sendAll(s, { type: 'USE_ACTION', index: 1 });
}

describe('G12: buying cattle', () => {
  it('(a) 1 cowboy: a value-3 card for $6, or a Shorthorn for $12; a Hereford or a second card is rejected', () => {
    const s = at(1, 30, [LONGHORN, BLACK_ANGUS, SHORTHORN, HEREFORD]);
    const v3 = sendAll(s, BUY(0, LONGHORN));
    expect(v3.players[0]).toMatchObject({ money: 24, discard: [LONGHORN] });
    expect(v3.cattleMarket).toEqual([BLACK_ANGUS, SHORTHORN, HEREFORD]);
    expect(v3.turn.stack).toEqual([]);
    expect(sendAll(s, BUY(3, SHORTHORN)).players[0].money).toBe(18);
    const hereford = send(s, BUY(6, HEREFORD));
    expect(!hereford.ok && hereford.violation.code).toBe('NOT_ENOUGH_COWBOYS');
    expect(send(s, BUY(2, LONGHORN, BLACK_ANGUS)).ok).toBe(false);
    expect(legalOf(s, 'BUY_CATTLE')).toEqual([BUY(0, BLACK_ANGUS), BUY(0, LONGHORN), BUY(3, SHORTHORN)]);
  });

  it('(b) 2 cowboys: 2 value-3 cards at $6 each ($12), or 1 for $3, or a Hereford for $12', () => {
    const s = at(2, 30, [LONGHORN, BLACK_ANGUS, HEREFORD]);
    const two = sendAll(s, BUY(0, LONGHORN));
    expect(topKind(two)).toBe('BUY_CATTLE');
    const done = sendAll(two, BUY(0, BLACK_ANGUS));
    expect(done.players[0]).toMatchObject({ money: 18, discard: [LONGHORN, BLACK_ANGUS] });
    expect(done.turn.stack).toEqual([]);
    expect(sendAll(s, BUY(1, LONGHORN)).players[0].money).toBe(27);
    expect(sendAll(s, BUY(6, HEREFORD)).players[0].money).toBe(18);
  });

  it('(c) 3 cowboys: 2 value-3 cards for $5; (d) 5 cowboys: 2 Shorthorns for $8', () => {
    const c = sendAll(at(3, 5, [LONGHORN, CORRIENTE]), BUY(2, CORRIENTE, LONGHORN));
    expect(c.players[0]).toMatchObject({ money: 0, discard: [CORRIENTE, LONGHORN] });
    const d = sendAll(at(5, 8, [SHORTHORN, 'shorthorn:5']), BUY(5, SHORTHORN, 'shorthorn:5'));
    expect(d.players[0]).toMatchObject({ money: 0, discard: [SHORTHORN, 'shorthorn:5'] });
    expect(d.turn.stack).toEqual([]);
  });

  it('(e) draw 2 with an unused cowboy: the market grows beyond its size, the new cards can be bought', () => {
    let s = at(2, 20, [LONGHORN]);
    s = sendAll(s, BUY(0, LONGHORN));
    s = sendAll(s, { type: 'DRAW_MARKET_CARDS' });
    expect(s.cattleMarket).toHaveLength(2);
    expect(s.cattleDeck).toHaveLength(1);
    expect(s.turn.stack).toEqual([]); // both cowboys used
    // Draw first, then buy a drawn card with the other cowboy.
    let t = at(2, 20, []);
    t = sendAll(t, { type: 'DRAW_MARKET_CARDS' });
    expect(topKind(t)).toBe('BUY_CATTLE');
    const card = t.cattleMarket.find((c) => c.startsWith('shorthorn'));
    if (card) expect(sendAll(t, BUY(3, card)).players[0].money).toBe(8);
  });

  it('a card not in the market is rejected; SKIP ends the action; nothing changes on a violation', () => {
    const s = at(2, 20, [LONGHORN]);
    const out = send(s, BUY(0, CORRIENTE));
    expect(!out.ok && out.violation.code).toBe('NOT_IN_MARKET');
    expect(out.state).toBe(s);
    const wrongValue = send(s, BUY(3, LONGHORN));
    expect(!wrongValue.ok && wrongValue.violation.code).toBe('CARDS_DO_NOT_QUALIFY');
    expect(sendAll(s, { type: 'SKIP' }).turn.stack).toEqual([]);
  });

  it('Simmental options only with the variant, and only for a level-1 Simmental', () => {
    const off = at(2, 20, [SIMMENTAL_1, LONGHORN]);
    expect(send(off, BUY(8, SIMMENTAL_1)).ok).toBe(false);
    const on = at(2, 20, [SIMMENTAL_1, LONGHORN], true);
    expect(send(on, BUY(8, LONGHORN)).ok).toBe(false);
    expect(send(on, BUY(0, SIMMENTAL_1)).ok).toBe(false);
    expect(sendAll(on, BUY(9, SIMMENTAL_1)).players[0]).toMatchObject({ money: 15, discard: [SIMMENTAL_1] });
    expect(everyLegalAccepted(on)).toEqual([]);
  });
});
