/** Edge cases around consent, the Town Hall, the Singer and the Sheriff, and void powers. */
import { createRng } from '../random';
import { carsonCityEngine as engine } from './index';
import { generalCowboys } from './table';
import { cashLimit } from './rules';
import {
  atPick,
  atPlacement,
  drive,
  FIRST_GAME,
  ofType,
  P,
  passAll,
  placeDirect,
  prompt,
  put,
  scriptedRng,
  send,
  setTurnOrder,
} from './testing/fixtures';

const Y = (...ids: number[]) => ids.map((id) => ({ id, side: 'YELLOW' as const }));
const R = (...ids: number[]) => ids.map((id) => ({ id, side: 'RED' as const }));

test('flipping a House on another player’s parcel into a Town House needs their consent', () => {
  const s = atPlacement(2, FIRST_GAME, [2, 5]);
  // A House of seat 1 at (4,4), every neighbour occupied or owned; seat 0 builds a Hotel at (6,6).
  put(s, 4, 4, 'HOUSE', 1);
  for (const [c, r] of [
    [3, 3],
    [4, 3],
    [5, 3],
    [3, 4],
    [5, 4],
    [3, 5],
    [4, 5],
    [5, 5],
  ])
    put(s, c, r, null, 1);
  put(s, 6, 6, null, 0);
  s.roads = [6 * 8 + 5]; // H(5,6): touches (6,6)
  s.players[0].pending = ['HOTEL'];
  s.flow.prompt = { seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null };
  s.flow.tasks = [{ t: 'PLACE_TURN', index: 0 }];
  s.turnOrder = [0, 1];
  let r = send(s, 0, { type: 'BUILD_PENDING', building: 'HOTEL', parcel: { c: 6, r: 6 } });
  r = send(r.state, 0, { type: 'PLACE_HOUSE', parcel: { c: 4, r: 4 }, townHouse: true });
  expect(prompt(r.state)).toMatchObject({
    seat: 1,
    kind: 'CONSENT',
    requester: 0,
    house: { parcel: P(4, 4), town: true },
  });
  r = send(r.state, 1, { type: 'ANSWER_CONSENT', accept: true });
  expect(r.state.parcels[P(4, 4)]).toEqual({ owner: 1, content: 'TOWN_HOUSE' });
  expect(r.state.parcels[P(6, 6)]).toEqual({ owner: 0, content: 'HOTEL' });
  expect(ofType(r.events, 'CONSENT_ANSWERED')[0]).toMatchObject({ seat: 1, requester: 0, accept: true });
});

test('Town Hall: two challengers and no occupier duel; the winner’s cowboy stays across rounds', () => {
  const s = atPlacement(3, FIRST_GAME, [2, 5, 6]);
  put(s, 8, 8, 'TOWN_HALL');
  s.townHall = { parcel: P(8, 8), occupant: null };
  placeDirect(s, 0, `B:${P(8, 8)}`);
  placeDirect(s, 1, `B:${P(8, 8)}`);
  s.players[0].reserve = 2;
  s.players[1].reserve = 2;
  setTurnOrder(s, [0, 1, 2]);
  const r = drive(s, scriptedRng([1, 6]), (p) =>
    p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : p.kind === 'SPEND_CASH' ? null : undefined,
  );
  expect(ofType(r.events, 'TOWN_HALL_OCCUPIED')[0]).toMatchObject({ seat: 1, previous: null });
  expect(r.state.round).toBe(2);
  expect(r.state.townHall.occupant).toBe(1);
  // The occupier's figure is neither in the reserve nor in the general reserve: 10 - 1.
  expect(r.state.players[1].reserve + generalCowboys(r.state, 1)).toBe(9);
});

test('Singer (no-duel) may join the Sheriff’s white cowboy: both act, the Singer first', () => {
  const s = atPlacement(2, Y(1, 2, 3, 4, 5, 6, 11), [1, 11]);
  setTurnOrder(s, [0, 1]);
  let r = send(s, 0, {
    type: 'PLACE_COWBOY',
    target: { kind: 'ACTION', action: 'COWBOY_INCOME' },
    white: true,
  });
  expect(engine.legalCommands(r.state, 1)).toContainEqual({
    type: 'PLACE_COWBOY',
    target: { kind: 'ACTION', action: 'COWBOY_INCOME' },
    noDuel: true,
  });
  r = send(r.state, 1, {
    type: 'PLACE_COWBOY',
    target: { kind: 'ACTION', action: 'COWBOY_INCOME' },
    noDuel: true,
  });
  r = drive(r.state, scriptedRng([]), (p) => (p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : undefined));
  expect(ofType(r.events, 'DUEL')).toHaveLength(0);
  expect(
    ofType(r.events, 'MONEY')
      .filter((e) => e.reason === 'COWBOY_INCOME')
      .map((e) => e.seat),
  ).toEqual([1, 0]);
});

test('Paperboy (yellow) without $3: the power is void and the cash limit is $0', () => {
  const s = atPick(2, Y(0, 1, 2, 3, 4, 5, 6, 7));
  const seat = prompt(s).seat;
  s.players[seat].money = 2;
  const r = send(s, seat, { type: 'PICK_CHARACTER', personality: 0 });
  expect(prompt(r.state).seat).not.toBe(seat);
  expect(cashLimit(r.state, seat)).toBe(0);
});

test('Lawyer: the compulsory purchase is skipped when nothing is affordable (§13 #43)', () => {
  const s = atPick(2, Y(1, 2, 3, 4, 5, 6, 18));
  const seat = prompt(s).seat;
  s.players[seat].money = 0;
  const r = send(s, seat, { type: 'PICK_CHARACTER', personality: 18 });
  expect(prompt(r.state)).toMatchObject({ kind: 'PICK_CHARACTER' });
  expect(prompt(r.state).seat).not.toBe(seat);
});

test('Auctions without a bid: the parcels stay unowned; the 3-guns marker stays on Ammunition', () => {
  const s = atPick(2, Y(1, 2, 3, 4, 5, 6, 12));
  const seat = prompt(s).seat;
  let r = send(s, seat, { type: 'PICK_CHARACTER', personality: 12 });
  r = send(r.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 1, r: 1 } });
  r = send(r.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 2, r: 1 } });
  r = send(r.state, seat, { type: 'DECLINE_ACTION' });
  r = send(r.state, 1 - seat, { type: 'DECLINE_ACTION' });
  expect(r.state.parcels[P(1, 1)].owner).toBeNull();
  const t = atPick(2, [...R(12), ...Y(1, 2, 3, 4, 5, 6)]);
  const a = prompt(t).seat;
  let q = send(t, a, { type: 'PICK_CHARACTER', personality: 12 });
  q = send(q.state, a, { type: 'DECLINE_ACTION' });
  q = send(q.state, 1 - a, { type: 'DECLINE_ACTION' });
  expect(q.state.threeGuns).toBeNull();
  expect(q.state.ammunitionVoid).toBe(false);
});

test('Doctor: his own defeated cowboy moves for free; Undertaker: a loser with under $2 loses 1 VP', () => {
  const s = atPlacement(2, [{ id: 14, side: 'EITHER' }, ...Y(1, 2, 3, 4, 5, 6)], [14, 2]);
  placeDirect(s, 0, 'A:ROADS');
  placeDirect(s, 1, 'A:ROADS');
  setTurnOrder(s, [0, 1]);
  let r = passAll(s, scriptedRng([1, 6]));
  expect(prompt(r.state)).toMatchObject({ seat: 0, kind: 'MOVE_COWBOY' });
  r = send(r.state, 0, { type: 'MOVE_COWBOY', action: 'VP_COWBOYS' });
  expect(ofType(r.events, 'COWBOY_MOVED')[0]).toMatchObject({ seat: 0, paid: 0 });
  const u = atPlacement(2, [{ id: 14, side: 'EITHER' }, ...Y(1, 2, 3, 4, 5, 6)], [2, 5]);
  u.players[0].held = [{ id: 14, side: 'RED' }];
  u.players[1].money = 1;
  placeDirect(u, 0, 'A:ROADS');
  placeDirect(u, 1, 'A:ROADS');
  setTurnOrder(u, [0, 1]);
  const v = passAll(u, scriptedRng([6, 1]));
  expect(ofType(v.events, 'VP')).toContainEqual(
    expect.objectContaining({ seat: 1, delta: -1, reason: 'UNDERTAKER' }),
  );
});

test('pending placement windows go in pass order', () => {
  const s = atPlacement(2, FIRST_GAME, [2, 5]);
  put(s, 1, 1, null, 0);
  put(s, 8, 8, null, 1);
  s.players[0].pending = ['RANCH'];
  s.players[1].pending = ['MINE'];
  setTurnOrder(s, [1, 0]);
  const seen: number[] = [];
  drive(s, createRng('w'), (p) => {
    if (p.kind === 'PLACE_COWBOY') return { type: 'PASS' };
    if (p.kind !== 'PLACE_BUILDING' || seen.length >= 4) return undefined;
    seen.push(p.seat);
    return { type: 'KEEP_PENDING' };
  });
  expect(seen).toEqual([1, 0, 1, 0]);
});

test('a player with no cowboy passes automatically', () => {
  const s = atPlacement(2, FIRST_GAME, [2, 5]);
  s.players[1].reserve = 0;
  setTurnOrder(s, [0, 1]);
  const r = send(s, 0, { type: 'PASS' });
  expect(ofType(r.events, 'PASSED')).toContainEqual(expect.objectContaining({ seat: 1, automatic: true }));
});
