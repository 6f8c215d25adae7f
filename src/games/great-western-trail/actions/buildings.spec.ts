import {
  act,
  building,
  CRIOLLO,
  everyLegalAccepted,
  GALLOWAY,
  legalOf,
  makeState,
  SANTA_GERTRUDIS,
  send,
  sendAll,
  topKind,
} from './testing';
import type { GwtState } from '../state';

const USE = (index: number) => ({ type: 'USE_ACTION', index });
const PLACE = (b: string, location: string) => ({ type: 'PLACE_BUILDING', building: b, location });

/** At neutral B with `craftsmen` and `money`, the place-building action asked ($2 per craftsman). */
function atB(craftsmen: number, money: number, trail: GwtState['trail'] = {}): GwtState {
  const s = makeState({
    at: 'N-B',
    trail,
    players: [{ money, workers: { cowboy: 1, craftsman: craftsmen, engineer: 1 } }],
  });
  return sendAll(s, USE(1));
}

describe('G15: placing and replacing a building', () => {
  it('a 2-craftsman tile (4a) on an empty slot needs 2 craftsmen and costs $4', () => {
    const s = sendAll(atB(2, 10), PLACE('4a', 'P-A1'));
    expect(s.players[0].money).toBe(6);
    expect(s.trail['P-A1']).toEqual({ kind: 'PLAYER', owner: 0, building: '4a' });
    expect(s.players[0].buildingsInSupply).not.toContain('4a');
    expect(s.turn.stack).toEqual([]);
    const one = send(atB(1, 10), PLACE('4a', 'P-A1'));
    expect(!one.ok && one.violation.code).toBe('NOT_ENOUGH_CRAFTSMEN');
  });

  it('replacing it by 7a (5 craftsmen) needs 3 craftsmen and costs $6; the old tile leaves the game', () => {
    const s = atB(3, 6, { 'P-A1': building(0, '4a') });
    s.players[0].buildingsInSupply = s.players[0].buildingsInSupply.filter((b) => b !== '4a');
    const done = sendAll(s, PLACE('7a', 'P-A1'));
    expect(done.players[0].money).toBe(0);
    expect(done.trail['P-A1']).toEqual({ kind: 'PLAYER', owner: 0, building: '7a' });
    expect(done.players[0].buildingsInSupply).not.toContain('4a');
    expect(done.players[0].buildingsInSupply).not.toContain('7a');
    // 2 craftsmen are not enough for the difference of 3.
    const two = send(atB(2, 6, { 'P-A1': building(0, '4a') }), PLACE('7a', 'P-A1'));
    expect(!two.ok && two.violation.code).toBe('NOT_ENOUGH_CRAFTSMEN');
  });

  it('via a craftsman slot ($1 per craftsman) the same builds cost $2 and $3', () => {
    const fresh = act(
      makeState({ players: [{ money: 2, workers: { cowboy: 1, craftsman: 2, engineer: 1 } }] }),
      {
        type: 'PLACE_BUILDING',
        costPerCraftsman: 1,
      },
    );
    expect(fresh.ok && sendAll(fresh.state, PLACE('4a', 'P-A1')).players[0].money).toBe(0);
    const replace = act(
      makeState({
        trail: { 'P-A1': building(0, '4a') },
        players: [{ money: 3, workers: { cowboy: 1, craftsman: 3, engineer: 1 } }],
      }),
      { type: 'PLACE_BUILDING', costPerCraftsman: 1 },
    );
    expect(replace.ok && sendAll(replace.state, PLACE('7a', 'P-A1')).players[0].money).toBe(0);
  });

  it('rejected: equal or lower craftsmen, another player’s building, not a building slot, not your tile, no money', () => {
    const s = atB(6, 4, { 'P-A1': building(0, '4a'), 'P-A2': building(1, '1a') });
    const codes = [
      PLACE('3a', 'P-A1'),
      PLACE('12a', 'P-A2'),
      PLACE('1a', 'H-FLOOD-1'),
      PLACE('4b', 'P-A3'),
      PLACE('7a', 'P-A3'),
    ].map((c) => {
      const out = send(s, c);
      expect(out.state).toBe(s);
      return !out.ok && out.violation.code;
    });
    expect(codes).toEqual([
      'REPLACE_WITH_HIGHER',
      'SLOT_TAKEN',
      'NOT_A_BUILDING_SLOT',
      'NOT_YOUR_TILE',
      'NOT_ENOUGH_MONEY',
    ]);
  });

  it('with nothing placeable (no money), the action is rejected', () => {
    const s = makeState({ at: 'N-B', players: [{ money: 1 }] });
    const out = send(s, USE(1));
    expect(!out.ok && out.violation.code).toBe('NO_PLACEMENT');
  });

  it('a building replaced under the herder cannot be used this turn', () => {
    // Mary stands on her 6a (hire at -$1), hires her 4th craftsman (slot 4: build at $1 per craftsman)
    // and replaces the 6a under her herder by 7a.
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '6a') },
      players: [
        { money: 20, workers: { cowboy: 1, craftsman: 3, engineer: 1 }, bandits: ['green', 'orange'] },
      ],
    });
    s.players[0].buildingsInSupply = s.players[0].buildingsInSupply.filter((b) => b !== '6a');
    s.jobMarket[0][0] = 'craftsman';
    let t = sendAll(s, USE(0), { type: 'HIRE_WORKER', row: 0, col: 0 });
    expect(t.players[0].money).toBe(15);
    expect(topKind(t)).toBe('PLACE_BUILDING');
    t = sendAll(t, PLACE('7a', 'P-A1'));
    expect(t.players[0].money).toBe(14);
    expect(t.trail['P-A1']).toEqual({ kind: 'PLAYER', owner: 0, building: '7a' });
    expect(send(t, USE(0)).ok).toBe(false);
    expect(legalOf(t, 'USE_ACTION')).toEqual([]);
  });

  it('every listed placement is accepted', () => {
    expect(everyLegalAccepted(atB(3, 5, { 'P-A1': building(0, '1a') }))).toEqual([]);
  });
});

describe('6b: using an adjacent building', () => {
  // Mary's 6b on P-A2; P-A1 (before) holds John's 2a; P-A3 (after) is empty, so N-B is the next location.
  const start = () =>
    makeState({
      at: 'P-A2',
      trail: { 'P-A2': building(0, '6b'), 'P-A1': building(1, '2a') },
      players: [{ hand: [SANTA_GERTRUDIS, CRIOLLO], money: 3 }],
    });

  it('the locations directly before and after (passing empty slots), any owner; the chosen one is used once', () => {
    const asked = sendAll(start(), USE(0));
    expect(topKind(asked)).toBe('USE_ADJACENT_BUILDING');
    expect(legalOf(asked, 'USE_ADJACENT_BUILDING').map((c) => c.location)).toEqual(['N-B', 'P-A1']);
    expect(send(asked, { type: 'USE_ADJACENT_BUILDING', location: 'N-C' }).ok).toBe(false);
    let s = sendAll(asked, { type: 'USE_ADJACENT_BUILDING', location: 'N-B' });
    expect(topKind(s)).toBe('ADJACENT_ACTIONS');
    expect(s.turn.usedBuildings).toContain('N:B');
    // B's first action: discard a Santa Gertrudis → $2.
    s = sendAll(
      s,
      { type: 'USE_ADJACENT_ACTION', index: 0 },
      { type: 'DISCARD_FOR_REWARD', cards: [SANTA_GERTRUDIS] },
    );
    expect(s.players[0].money).toBe(5);
    expect(send(s, { type: 'USE_ADJACENT_ACTION', index: 0 }).ok).toBe(false);
    s = sendAll(s, { type: 'SKIP' });
    expect(s.turn.stack).toEqual([]);
  });

  it('D9 [L445]: a herder move from a building used through 6b that lands on it runs phase B there in full', () => {
    // Mary's 3a on P-A3, right after her 6b: through 6b she moves the herder 1 step, onto the 3a.
    const s = makeState({
      at: 'P-A2',
      trail: { 'P-A2': building(0, '6b'), 'P-A3': building(0, '3a') },
      players: [{ hand: [CRIOLLO, CRIOLLO], money: 3 }],
    });
    const moved = sendAll(
      s,
      USE(0),
      { type: 'USE_ADJACENT_BUILDING', location: 'P-A3' },
      { type: 'USE_ADJACENT_ACTION', index: 1 },
      { type: 'MOVE_HERDER_FORWARD', path: ['P-A3'] },
    );
    expect(moved.players[0].herder).toBe('P-A3');
    expect(moved.turn).toMatchObject({ stage: 'LOCATION', location: 'P-A3', usedActions: [] });
    expect(legalOf(moved, 'USE_ACTION')).toEqual([USE(0), USE(1)]);
    const paid = sendAll(moved, USE(0), { type: 'DISCARD_FOR_REWARD', cards: [CRIOLLO, CRIOLLO] });
    expect(paid.players[0].money).toBe(6);
  });

  it('another player’s building: its actions, without the risk action; a building used this turn is not offered', () => {
    const s = start();
    s.turn.usedBuildings = ['N:B'];
    s.players[0].hand = [GALLOWAY];
    const asked = sendAll(s, USE(0));
    expect(legalOf(asked, 'USE_ADJACENT_BUILDING').map((c) => c.location)).toEqual(['P-A1']);
    const visit = sendAll(asked, { type: 'USE_ADJACENT_BUILDING', location: 'P-A1' });
    expect(legalOf(visit, 'USE_ADJACENT_ACTION').map((c) => c.index)).toEqual([0, 1]);
    expect(
      sendAll(
        visit,
        { type: 'USE_ADJACENT_ACTION', index: 0 },
        { type: 'DISCARD_FOR_REWARD', cards: [GALLOWAY] },
      ).players[0].money,
    ).toBe(7);
  });

  it('a chain through another player’s 6b uses the building next to that one; the visit ends after its last action', () => {
    const s = makeState({
      at: 'P-A2',
      trail: { 'P-A2': building(0, '6b'), 'P-A1': building(1, '6b') },
      players: [{ hand: [GALLOWAY], money: 0 }],
    });
    let t = sendAll(
      s,
      USE(0),
      { type: 'USE_ADJACENT_BUILDING', location: 'P-A1' },
      { type: 'USE_ADJACENT_ACTION', index: 0 },
    );
    expect(t.turn.stack).toEqual([{ kind: 'USE_ADJACENT_BUILDING', from: 'P-A1', optional: true }]);
    expect(legalOf(t, 'USE_ADJACENT_BUILDING').map((c) => c.location)).toEqual(['N-A']);
    t = sendAll(
      t,
      { type: 'USE_ADJACENT_BUILDING', location: 'N-A' },
      { type: 'USE_ADJACENT_ACTION', index: 0 },
    );
    t = sendAll(t, { type: 'DISCARD_FOR_REWARD', cards: [GALLOWAY] });
    expect(t.players[0].money).toBe(2);
    expect(t.turn.stack).toEqual([{ kind: 'ADJACENT_ACTIONS', location: 'N-A', used: [0], optional: true }]);
    expect(t.turn.usedBuildings).toEqual(['P:0:6b', 'P:1:6b', 'N:A']);
  });

  it('no usable neighbour: the action is rejected', () => {
    const s = start();
    s.turn.usedBuildings = ['N:B', 'P:1:2a'];
    const out = send(s, USE(0));
    expect(!out.ok && out.violation.code).toBe('NO_ADJACENT_BUILDING');
  });
});
