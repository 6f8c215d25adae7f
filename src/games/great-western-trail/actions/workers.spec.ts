import {
  CRIOLLO,
  everyLegalAccepted,
  legalOf,
  makeState,
  PINEYWOODS,
  SANTA_GERTRUDIS,
  send,
  sendAll,
  topKind,
} from './testing';
import type { GwtState } from '../state';

const USE = (index: number) => ({ type: 'USE_ACTION', index });
const HIRE = (row: number, col: number) => ({ type: 'HIRE_WORKER', row, col });

/** G11's job market (4 players): token in row 4; row 3 ($7) and row 4 hold an engineer, row 2 ($6) a cowboy. */
function g11(): GwtState {
  const s = makeState({
    seats: 4,
    at: 'N-A',
    players: [
      {
        money: 20,
        workers: { cowboy: 1, craftsman: 1, engineer: 2 },
        hand: [CRIOLLO, PINEYWOODS, PINEYWOODS, SANTA_GERTRUDIS],
      },
    ],
  });
  s.jobMarketTokenRow = 3; // row 4 (rows are 0-based in the state)
  s.jobMarket[1][3] = 'cowboy';
  s.jobMarket[2][0] = 'engineer';
  s.jobMarket[3][0] = 'engineer';
  return s;
}

describe('G11: hiring at neutral A', () => {
  it('engineer from row 3 for $7, its slot-3 action (Criollo → $2), then a cowboy from row 2 for $6 + $2', () => {
    let s = g11();
    // A's Galloway action is impossible.
    const galloway = send(s, USE(0));
    expect(!galloway.ok && galloway.violation.code).toBe('REQUIREMENT_NOT_MET');

    s = sendAll(s, USE(1));
    expect(topKind(s)).toBe('HIRE_WORKER');
    const tokenRow = send(s, HIRE(3, 0));
    expect(!tokenRow.ok && tokenRow.violation.code).toBe('TOKEN_ROW');
    expect(legalOf(s, 'HIRE_WORKER')).toEqual([HIRE(1, 3), HIRE(2, 0)]);

    s = sendAll(s, HIRE(2, 0));
    expect(s.players[0].money).toBe(13);
    expect(s.players[0].workers.engineer).toBe(3);
    expect(s.jobMarket[2][0]).toBeNull();
    // The slot-3 immediate action is offered (optional).
    expect(s.turn.stack).toEqual([
      {
        kind: 'DISCARD_CARDS',
        count: 1,
        card: { kind: 'BREED', breed: 'criollo' },
        gain: { dollars: 2 },
        optional: true,
      },
    ]);
    s = sendAll(s, { type: 'DISCARD_FOR_REWARD', cards: [CRIOLLO] });
    expect(s.players[0].money).toBe(15);

    s = sendAll(s, USE(2), HIRE(1, 3));
    expect(s.players[0].money).toBe(7);
    expect(s.players[0].workers).toEqual({ cowboy: 2, craftsman: 1, engineer: 3 });
    expect(s.turn.stack).toEqual([]); // cowboy slot 2 has no action
  });

  it('the slot action may be declined', () => {
    const s = sendAll(g11(), USE(1), HIRE(2, 0), { type: 'SKIP' });
    expect(s.players[0]).toMatchObject({
      money: 13,
      hand: [CRIOLLO, PINEYWOODS, PINEYWOODS, SANTA_GERTRUDIS],
    });
    expect(s.turn.stack).toEqual([]);
  });

  it('no Criollo in hand: the slot action is not offered', () => {
    const s = g11();
    s.players[0].hand = [PINEYWOODS];
    expect(sendAll(s, USE(1), HIRE(2, 0)).turn.stack).toEqual([]);
  });

  it('violations change nothing: no money, a full row, an empty space', () => {
    const poor = g11();
    poor.players[0].money = 6;
    const out = send(sendAll(poor, USE(1)), HIRE(2, 0));
    expect(!out.ok && out.violation.code).toBe('NOT_ENOUGH_MONEY');
    expect(send(poor, USE(2)).ok).toBe(false); // +$2: nothing affordable ($8, $9), the action is rejected
    const full = g11();
    full.players[0].workers.engineer = 6;
    const fs = sendAll(full, USE(1));
    expect(legalOf(fs, 'HIRE_WORKER')).toEqual([HIRE(1, 3)]);
    const f = send(fs, HIRE(2, 0));
    expect(!f.ok && f.violation.code).toBe('WORKER_ROW_FULL');
    const e = send(fs, HIRE(0, 0));
    expect(!e.ok && e.violation.code).toBe('NO_WORKER_THERE');
  });

  it('after the token has left the market every row can be hired', () => {
    const s = g11();
    s.jobMarketTokenRow = null;
    expect(legalOf(sendAll(s, USE(1)), 'HIRE_WORKER')).toEqual([HIRE(1, 3), HIRE(2, 0), HIRE(3, 0)]);
  });

  it('craftsman slot 4 offers a building at $1 per craftsman', () => {
    const s = makeState({
      seats: 2,
      players: [{ money: 20, workers: { cowboy: 1, craftsman: 3, engineer: 1 } }],
    });
    s.jobMarket[0][0] = 'craftsman';
    const hired = sendAll(s, USE(1), HIRE(0, 0));
    expect(hired.players[0].money).toBe(14);
    expect(hired.turn.stack).toEqual([{ kind: 'PLACE_BUILDING', costPerCraftsman: 1, optional: true }]);
    const built = sendAll(hired, { type: 'PLACE_BUILDING', building: '4a', location: 'P-A1' });
    expect(built.players[0].money).toBe(12);
    expect(built.trail['P-A1']).toEqual({ kind: 'PLAYER', owner: 0, building: '4a' });
  });

  it('every listed hire is accepted', () => {
    expect(everyLegalAccepted(sendAll(g11(), USE(1)))).toEqual([]);
  });
});
