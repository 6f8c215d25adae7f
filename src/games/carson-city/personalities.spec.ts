/** Personalities 0-19, yellow and red sides (spec §9). */
import { createRng } from '../random';
import { carsonCityEngine as engine } from './index';
import { cashLimit, firepower, turnNumber } from './rules';
import {
  atPick,
  atPlacement,
  drive,
  ofType,
  P,
  passAll,
  pickAll,
  placeDirect,
  prompt,
  put,
  scriptedRng,
  send,
  setTurnOrder,
} from './testing/fixtures';
import type { CarsonState } from './state';
import type { Side } from './data/personalities';

const Y = (...ids: number[]) => ids.map((id) => ({ id, side: 'YELLOW' as const }));
const R = (...ids: number[]) => ids.map((id) => ({ id, side: 'RED' as const }));
const firstPicker = (s: CarsonState) => prompt(s).seat;

function pickAs(s: CarsonState, id: number, side?: Side) {
  const seat = firstPicker(s);
  return {
    seat,
    run: send(
      s,
      seat,
      { type: 'PICK_CHARACTER', personality: id, ...(side ? { side } : {}) },
      scriptedRng([]),
    ),
  };
}

describe('0 Paperboy', () => {
  test('yellow: pays $3, takes a second tile (not the Sheriff), its powers and cash limit, turn number 0 (§13 #10)', () => {
    const s = atPick(2, [...Y(0, 1, 2, 3, 4, 5, 6, 7)]);
    const { seat, run } = pickAs(s, 0);
    expect(ofType(run.events, 'MONEY')[0]).toMatchObject({ seat, delta: -3 });
    expect(prompt(run.state)).toMatchObject({ seat, kind: 'PICK_CHARACTER', paperboy: true });
    expect(engine.legalCommands(run.state, seat)).not.toContainEqual({
      type: 'PICK_CHARACTER',
      personality: 1,
    });
    const second = send(run.state, seat, { type: 'PICK_CHARACTER', personality: 2 });
    expect(ofType(second.events, 'MONEY')[0]).toMatchObject({ seat, delta: 9, reason: 'BANKER' });
    expect(cashLimit(second.state, seat)).toBe(120);
    expect(turnNumber(second.state, seat)).toBe(0);
    expect(second.state.tiles.find((t) => t.id === 2)!.takenBy).toBe(seat);
  });
  test('red: no fee, the taken tile’s cash limit minus $5', () => {
    const s = atPick(2, [...R(0), ...Y(1, 2, 3, 4, 5, 6, 7)]);
    const { seat, run } = pickAs(s, 0);
    expect(ofType(run.events, 'MONEY')).toHaveLength(0);
    const second = send(run.state, seat, { type: 'PICK_CHARACTER', personality: 4 });
    expect(cashLimit(second.state, seat)).toBe(25);
  });
});

describe('1 Sheriff', () => {
  test('yellow: the white cowboy counts for firepower, needs an empty location, and blocks others (§13 #11)', () => {
    const s = atPlacement(2, Y(1, 2, 3, 4, 5, 6, 7), [1, 2]);
    expect(s.players[0].white).toBe('RESERVE');
    expect(firepower(s, 0)).toBe(3 + 1 + 1);
    setTurnOrder(s, [0, 1]);
    let run = send(s, 0, {
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'GAMBLING' },
      white: true,
    });
    const legal = engine.legalCommands(run.state, 1);
    expect(legal).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'GAMBLING' },
    });
    expect(legal).toContainEqual({ type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'WAGES' } });
    run = send(run.state, 1, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'ROADS' } });
    // Nor on an occupied square, nor on a rival building.
    expect(engine.legalCommands(run.state, 0)).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'ROADS' },
      white: true,
    });
  });
  test('red: cannot start a duel or attack, may defend; other players may duel him', () => {
    const s = atPlacement(2, [...R(1), ...Y(2, 3, 4, 5, 6, 7)], [1, 2]);
    put(s, 2, 2, 'SALOON', 1);
    put(s, 4, 4, 'SALOON', 0);
    placeDirect(s, 1, 'A:ROADS');
    setTurnOrder(s, [0, 1]);
    const legal = engine.legalCommands(s, 0);
    expect(legal).not.toContainEqual({ type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'ROADS' } });
    expect(legal).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 2, r: 2 } },
    });
    expect(legal).toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 4, r: 4 } },
    });
    expect(legal).toContainEqual({ type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'AMMUNITION' } });
  });
});

describe('2 Banker', () => {
  test('yellow: +$9 at once, cash limit $120', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 7)), 2);
    expect(run.state.players[seat].money).toBe(24);
    expect(cashLimit(run.state, seat)).toBe(120);
  });
  test('red: at the end of the round buy 3 VP for $3, 5 for $12 or 7 for $25', () => {
    const s = atPlacement(2, [...R(2), ...Y(1, 3, 4, 5, 6, 7)], [2, 5]);
    s.players[0].money = 30;
    setTurnOrder(s, [0, 1]);
    const run = passAll(s, scriptedRng([]));
    expect(prompt(run.state)).toMatchObject({
      seat: 0,
      kind: 'CHOOSE_OPTION',
      purpose: 'BANKER',
      options: ['NONE', 'VP3', 'VP5', 'VP7'],
    });
    const after = send(run.state, 0, { type: 'CHOOSE_OPTION', option: 'VP7' });
    expect(after.state.players[0].vp).toBe(7);
    expect(ofType(after.events, 'MONEY')[0]).toMatchObject({ delta: -25 });
  });
});

describe('3 Grocer', () => {
  test('yellow: $8 at once instead of doubling (§13 #40)', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 7)), 3);
    expect(prompt(run.state)).toMatchObject({ seat, purpose: 'GROCER', options: ['LATER', 'MONEY_NOW'] });
    const r = send(run.state, seat, { type: 'CHOOSE_OPTION', option: 'MONEY_NOW' });
    expect(r.state.players[seat].money).toBe(23);
  });
  test('red: 1 VP per House owned at the end of the round (Town House 1, Ranch/Hotel not)', () => {
    const s = atPlacement(2, [...R(3), ...Y(1, 2, 4, 5, 6, 7)], [3, 5]);
    s.players[0].flags = ['GROCER_RED:VP_PER_HOUSE'];
    put(s, 1, 1, 'HOUSE', 0);
    put(s, 2, 1, 'TOWN_HOUSE', 0);
    put(s, 3, 1, 'HOTEL', 0);
    put(s, 4, 1, 'RANCH', 0);
    setTurnOrder(s, [0, 1]);
    const run = passAll(s, scriptedRng([]));
    expect(ofType(run.events, 'VP').find((e) => e.reason === 'GROCER_HOUSES')).toMatchObject({
      seat: 0,
      delta: 2,
    });
  });
});

describe('4 Chinese Worker', () => {
  test('yellow: +2 roads at once', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 7)), 4);
    expect(run.state.players[seat].roads).toBe(3);
  });
  test('red: pay $5, take a building from the track, the track closes up and refills $12, build or keep', () => {
    const s = atPick(2, [...R(4), ...Y(1, 2, 3, 5, 6, 7)]);
    s.track = ['RANCH', 'MINE', 'BANK', 'HOTEL', 'SALOON', 'RANCH', 'MINE'];
    const { seat, run } = pickAs(s, 4);
    expect(prompt(run.state)).toMatchObject({ seat, kind: 'TAKE_BUILDING', squares: [0, 1, 2, 3, 4, 5, 6] });
    const r = send(run.state, seat, { type: 'TAKE_BUILDING', square: 2 }, scriptedRng([]));
    expect(ofType(r.events, 'BUILDING_BOUGHT')[0]).toMatchObject({ building: 'BANK', price: 5 });
    expect(r.state.track.slice(0, 6)).toEqual(['RANCH', 'MINE', 'HOTEL', 'SALOON', 'RANCH', 'MINE']);
    expect(r.state.track[6]).not.toBeNull();
    expect(prompt(r.state)).toMatchObject({ seat, kind: 'PLACE_BUILDING', only: 'BANK' });
    const kept = send(r.state, seat, { type: 'KEEP_PENDING' });
    expect(kept.state.players[seat].pending).toEqual(['BANK']);
  });
});

describe('5 Settler', () => {
  test('yellow: one unowned parcel for free', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 7)), 5);
    expect(prompt(run.state)).toMatchObject({
      seat,
      kind: 'CHOOSE_PARCEL',
      purpose: 'SETTLER',
      optional: false,
    });
    const r = send(run.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 1, r: 1 } });
    expect(r.state.parcels[P(1, 1)].owner).toBe(seat);
    expect(r.state.players[seat].money).toBe(15);
  });
  test('red: $8 at once, or 1 VP per Mountain owned at the end of the round', () => {
    const s = atPlacement(2, [...R(5), ...Y(1, 2, 3, 4, 6, 7)], [5, 2]);
    s.players[0].flags = ['SETTLER_RED:VP_PER_MOUNTAIN'];
    put(s, 1, 1, 'MOUNTAIN', 0);
    put(s, 3, 1, 'MOUNTAIN', 0);
    put(s, 5, 1, 'MOUNTAIN', 1);
    setTurnOrder(s, [0, 1]);
    const run = passAll(s, scriptedRng([]));
    expect(ofType(run.events, 'VP').find((e) => e.reason === 'SETTLER_MOUNTAINS')).toMatchObject({
      seat: 0,
      delta: 2,
    });
  });
});

describe('6 Captain', () => {
  test('yellow: $1 / $4 / $9 for 1 / 2 / 3 cowboys from the general reserve', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 7)), 6);
    expect(prompt(run.state)).toMatchObject({ options: ['NONE', 'COWBOYS_1', 'COWBOYS_2', 'COWBOYS_3'] });
    const r = send(run.state, seat, { type: 'CHOOSE_OPTION', option: 'COWBOYS_3' });
    expect(r.state.players[seat]).toMatchObject({ reserve: 6, money: 6 });
  });
  test('red: $3 for 1 or $9 for 2 revolver markers, kept all game', () => {
    const { seat, run } = pickAs(atPick(2, [...R(6), ...Y(1, 2, 3, 4, 5, 7)]), 6);
    const r = send(run.state, seat, { type: 'CHOOSE_OPTION', option: 'REVOLVERS_2' });
    expect(r.state.players[seat]).toMatchObject({ revolvers: 3, money: 6 });
  });
});

describe('7 Mercenary', () => {
  test('yellow +3, red +2 firepower this round', () => {
    for (const [side, bonus] of [
      ['YELLOW', 3],
      ['RED', 2],
    ] as const) {
      const s = atPlacement(2, [{ id: 7, side }, ...Y(1, 2, 3, 4, 5, 6)], [7, 2]);
      expect(firepower(s, 0) - firepower(s, 1)).toBe(bonus);
    }
  });
});

describe('8 Indian', () => {
  test('yellow: 2 random parcels with the basic dice, rolling again on an owned one', () => {
    const s = atPick(2, Y(1, 2, 3, 4, 5, 6, 8));
    s.parcels[P(2, 2)].owner = 1 - firstPicker(s);
    const seat = firstPicker(s);
    const r = send(s, seat, { type: 'PICK_CHARACTER', personality: 8 }, scriptedRng([1, 1, 1, 2, 6, 6]));
    const claims = ofType(r.events, 'PARCEL_CLAIMED');
    expect(claims.map((c) => [c.parcel, c.rolls])).toEqual([
      [
        P(2, 3),
        [
          [1, 1],
          [1, 2],
        ],
      ],
      [P(7, 7), [[6, 6]]],
    ]);
  });
});

describe('9 Prospector', () => {
  test('yellow: pay $10, take a Mine from the track, build it on an empty unowned parcel, track shifts', () => {
    const s = atPick(2, Y(1, 2, 3, 4, 5, 6, 9));
    s.track = ['RANCH', 'MINE', 'BANK', 'HOTEL', 'SALOON', 'RANCH', 'MINE'];
    const { seat, run } = pickAs(s, 9);
    const empty = (prompt(run.state) as { parcels: number[] }).parcels[0];
    const r = send(
      run.state,
      seat,
      { type: 'CHOOSE_PARCEL', parcel: { c: (empty % 8) + 1, r: Math.floor(empty / 8) + 1 } },
      scriptedRng([]),
    );
    expect(r.state.parcels[empty]).toEqual({ owner: seat, content: 'MINE' });
    expect(r.state.players[seat]).toMatchObject({ money: 5, revolvers: 2 });
    expect(r.state.track.slice(0, 6)).toEqual(['RANCH', 'BANK', 'HOTEL', 'SALOON', 'RANCH', 'MINE']);
  });
  test('red: 2 dynamite; dynamite with a cowboy rolls two dice in a duel; on a Mine it triples income', () => {
    const s = atPick(2, [...R(9), ...Y(1, 2, 3, 4, 5, 6)]);
    const { seat, run } = pickAs(s, 9);
    expect(run.state.players[seat].dynamite).toBe(2);
    expect(run.state.dynamiteSupply).toBe(5);
    const st = atPlacement(2, [...R(9), ...Y(1, 2, 3, 4, 5, 6)], [9, 2]);
    st.players[0].dynamite = 2;
    put(st, 4, 4, 'MINE', 0);
    put(st, 3, 3, 'MOUNTAIN');
    setTurnOrder(st, [0, 1]);
    let r = send(st, 0, {
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'GAMBLING' },
      dynamite: true,
    });
    r = send(r.state, 1, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } });
    r = drive(r.state, scriptedRng([1, 1, 6, 3, 3]), (p) =>
      p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : undefined,
    );
    const duel = ofType(r.events, 'DUEL')[0];
    expect(duel.participants.find((x) => x.seat === 0)!.dice).toHaveLength(2);
    expect(prompt(r.state)).toMatchObject({
      seat: 0,
      purpose: 'DYNAMITE',
      options: ['DONE', `MINE_${P(4, 4)}`],
    });
    r = send(r.state, 0, { type: 'CHOOSE_OPTION', option: `MINE_${P(4, 4)}` });
    expect(ofType(r.events, 'INCOME')[0]).toMatchObject({ base: 3, multiplier: 3, amount: 9 });
  });
});

test('9 red: dynamite with a cowboy on one’s own Mine: triple income and two dice if attacked', () => {
  const s = atPlacement(2, [...R(9), ...Y(1, 2, 3, 4, 5, 6)], [9, 2]);
  s.players[0].dynamite = 1;
  put(s, 4, 4, 'MINE', 0);
  put(s, 3, 3, 'MOUNTAIN');
  put(s, 5, 5, 'MOUNTAIN');
  setTurnOrder(s, [0, 1]);
  let r = send(s, 0, {
    type: 'PLACE_COWBOY',
    target: { kind: 'BUILDING', parcel: { c: 4, r: 4 } },
    dynamite: true,
  });
  r = send(r.state, 1, { type: 'PLACE_COWBOY', target: { kind: 'BUILDING', parcel: { c: 4, r: 4 } } });
  r = drive(r.state, scriptedRng([1, 1, 6]), (p) =>
    p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : undefined,
  );
  const duel = ofType(r.events, 'DUEL')[0];
  expect(duel.participants.find((x) => x.seat === 0)!.dice).toEqual([1, 1]);
  expect(duel.winner).toBe(1);
  // Attacked at x3: the attacker takes floor(18 / 2).
  expect(ofType(r.events, 'INCOME')[0]).toMatchObject({
    base: 6,
    multiplier: 3,
    amount: 18,
    attacker: 1,
    stolen: 9,
    received: 9,
  });
});

describe('10 Gunsmith', () => {
  test('red: 1 dynamite, and a losing die is rolled again once', () => {
    const s = atPlacement(2, [...R(10), ...Y(1, 2, 3, 4, 5, 6)], [10, 2]);
    expect(s.players[0].dynamite).toBe(1);
    placeDirect(s, 0, 'A:ROADS');
    placeDirect(s, 1, 'A:ROADS');
    setTurnOrder(s, [0, 1]);
    const run = passAll(s, scriptedRng([1, 6, 6]));
    const duel = ofType(run.events, 'DUEL')[0];
    expect(duel.participants.find((p) => p.seat === 0)!.dice).toEqual([6]);
    expect(duel.winner).toBe(0);
    expect(ofType(run.events, 'DICE_ROLLED')[0]).toMatchObject({ seat: 0, purpose: 'GUNSMITH_REROLL:1' });
  });
});

describe('11 Singer', () => {
  test('yellow: a no-duel cowboy acts first, the others duel normally; not on Buy VP (§13 #20)', () => {
    const s = atPlacement(3, Y(1, 2, 3, 4, 5, 6, 11), [11, 2, 3]);
    expect(s.players[0].noDuel).toBe(2);
    setTurnOrder(s, [0, 1, 2]);
    expect(engine.legalCommands(s, 0)).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'BUY_VP_5' },
      noDuel: true,
    });
    let r = send(s, 0, {
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'VP_COWBOYS' },
      noDuel: true,
    });
    r = send(r.state, 1, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'VP_COWBOYS' } });
    r = send(r.state, 2, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'VP_COWBOYS' } });
    r = drive(r.state, scriptedRng([6, 1]), (p) =>
      p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : p.kind === 'CHOOSE_OPTION' ? null : undefined,
    );
    const vp = ofType(r.events, 'VP').filter((e) => e.reason === 'VP_COWBOYS');
    expect(vp.map((e) => e.seat)).toEqual([0, 1]);
    expect(
      ofType(r.events, 'DUEL')[0]
        .participants.map((p) => p.seat)
        .sort(),
    ).toEqual([1, 2]);
  });
  test('red: an extra cowboy from the general reserve on Gambling earns the product of the dice', () => {
    const s = atPlacement(2, [...R(11), ...Y(1, 2, 3, 4, 5, 6)], [11, 2]);
    setTurnOrder(s, [0, 1]);
    let r = send(s, 0, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' }, extra: true });
    expect(r.state.players[0].reserve).toBe(3);
    r = send(r.state, 1, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } });
    r = drive(r.state, scriptedRng([4, 5, 2, 3]), (p) =>
      p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : undefined,
    );
    const gains = ofType(r.events, 'MONEY').filter((e) => e.reason === 'GAMBLING');
    expect(gains.map((g) => [g.seat, g.delta])).toEqual([
      [0, 20],
      [1, 5],
    ]);
  });
});

describe('12 Auctioneer', () => {
  test('yellow: two parcels auctioned together; winner pays half to the bank, half (rounded up) to the Auctioneer (§13 #26)', () => {
    const s = atPick(2, Y(1, 2, 3, 4, 5, 6, 12));
    const { seat, run } = pickAs(s, 12);
    const other = 1 - seat;
    let r = send(run.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 1, r: 1 } });
    r = send(r.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 8, r: 8 } });
    expect(prompt(r.state)).toMatchObject({ seat, kind: 'BID' });
    r = send(r.state, seat, { type: 'BID', amount: 3 });
    expect(prompt(r.state)).toMatchObject({ seat: other, kind: 'BID' });
    r = send(r.state, other, { type: 'BID', amount: 7 });
    r = send(r.state, seat, { type: 'DECLINE_ACTION' });
    expect(r.state.parcels[P(1, 1)].owner).toBe(other);
    expect(r.state.parcels[P(8, 8)].owner).toBe(other);
    expect(r.state.players[other].money).toBe(8);
    expect(r.state.players[seat].money).toBe(19);
  });
  test('red: the 3-guns marker is auctioned; Ammunition is void this round (§13 #27)', () => {
    const s = atPick(2, [...R(12), ...Y(1, 2, 3, 4, 5, 6)]);
    const { seat, run } = pickAs(s, 12);
    let r = send(run.state, seat, { type: 'DECLINE_ACTION' });
    r = send(r.state, 1 - seat, { type: 'BID', amount: 4 });
    expect(r.state.threeGuns).toBe(1 - seat);
    expect(r.state.players[seat].money).toBe(19);
    expect(r.state.ammunitionVoid).toBe(true);
  });
});

describe('13 Governor', () => {
  test('yellow: +1 road; +1 VP for each road reaching a newly connected parcel', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 13)), 13);
    expect(run.state.players[seat].roads).toBe(2);
    const s = atPlacement(2, Y(1, 2, 3, 4, 5, 6, 13), [13, 2]);
    // Three sides of the centre (4,5); the fourth side joins two network vertices.
    s.roads = [edge('H', 3, 4), edge('H', 3, 5), edge('V', 4, 4)].sort((a, b) => a - b);
    s.players[0].roads = 2;
    setTurnOrder(s, [0, 1]);
    let r = send(s, 0, { type: 'PLACE_ROAD', edge: { dir: 'H', x: 4, y: 4 } });
    expect(ofType(r.events, 'ROAD_PLACED')[0].newlyConnected).toEqual(
      [P(6, 4), P(6, 5)].sort((a, b) => a - b),
    );
    expect(ofType(r.events, 'VP')[0]).toMatchObject({ seat: 0, delta: 1, reason: 'GOVERNOR_ROAD' });
    r = send(r.state, 0, { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 4 } });
    expect(ofType(r.events, 'VP')).toHaveLength(0);
  });
  test('T28: red money tax: $0 / $9 / $10 / $41 pay $0 / $1 / $1 / $5; guns tax counts revolver markers (§13 #24)', () => {
    const s = atPick(5, [...R(13), ...Y(1, 2, 3, 4, 5, 6)]);
    const gov = firstPicker(s);
    const others = [0, 1, 2, 3, 4].filter((x) => x !== gov);
    [0, 9, 10, 41].forEach((m, i) => (s.players[others[i]].money = m));
    const { run } = pickAs(s, 13);
    const r = send(run.state, gov, { type: 'CHOOSE_OPTION', option: 'MONEY' });
    expect(others.map((o) => r.state.players[o].money)).toEqual([0, 8, 9, 36]);
    expect(r.state.players[gov].money).toBe(15 + 7);
  });
});

function edge(dir: 'H' | 'V', x: number, y: number): number {
  return dir === 'H' ? y * 8 + x : 72 + y * 9 + x;
}

describe('14 Doctor / Undertaker', () => {
  test('Doctor: a defeated cowboy may move to a free unresolved action square for $3 to the Doctor (§13 #21)', () => {
    const s = atPlacement(3, [{ id: 14, side: 'EITHER' }, ...Y(1, 2, 3, 4, 5, 6)], [14, 2, 5]);
    placeDirect(s, 1, 'A:ROADS');
    placeDirect(s, 2, 'A:ROADS');
    setTurnOrder(s, [0, 1, 2]);
    let r = passAll(s, scriptedRng([6, 1]));
    expect(prompt(r.state)).toMatchObject({ seat: 2, kind: 'MOVE_COWBOY' });
    const actions = (prompt(r.state) as { actions: string[] }).actions;
    expect(actions).not.toContain('WAGES');
    expect(actions).not.toContain('ROADS');
    expect(actions).toContain('VP_COWBOYS');
    r = send(r.state, 2, { type: 'MOVE_COWBOY', action: 'GAMBLING' }, scriptedRng([2, 2]));
    expect(ofType(r.events, 'COWBOY_MOVED')[0]).toMatchObject({ seat: 2, paid: 3 });
    expect(ofType(r.events, 'MONEY')).toContainEqual(
      expect.objectContaining({ seat: 0, delta: 3, reason: 'DOCTOR' }),
    );
    expect(ofType(r.events, 'MONEY')).toContainEqual(
      expect.objectContaining({ seat: 2, delta: 4, reason: 'GAMBLING' }),
    );
  });
  test('Undertaker: each defeated cowboy’s owner pays $2 or loses 1 VP (§13 #25)', () => {
    const s = atPick(3, [{ id: 14, side: 'EITHER' }, ...Y(1, 2, 3, 4, 5, 6)]);
    const und = firstPicker(s);
    const picked = send(s, und, { type: 'PICK_CHARACTER', personality: 14, side: 'RED' });
    expect(picked.state.players[und].held).toEqual([{ id: 14, side: 'RED' }]);
    const st = atPlacement(3, [{ id: 14, side: 'EITHER' }, ...Y(1, 2, 3, 4, 5, 6)], [2, 5, 3]);
    st.players[0].held = [{ id: 14, side: 'RED' }];
    placeDirect(st, 1, 'A:ROADS');
    placeDirect(st, 2, 'A:ROADS');
    setTurnOrder(st, [0, 1, 2]);
    let r = passAll(st, scriptedRng([6, 1]));
    expect(prompt(r.state)).toMatchObject({ seat: 2, purpose: 'UNDERTAKER', options: ['PAY', 'LOSE_VP'] });
    r = send(r.state, 2, { type: 'CHOOSE_OPTION', option: 'PAY' });
    expect(
      ofType(r.events, 'MONEY')
        .slice(0, 2)
        .map((e) => [e.seat, e.delta]),
    ).toEqual([
      [2, -2],
      [0, 2],
    ]);
  });
});

describe('15 Cowboy', () => {
  test('red: pay $8, take a Ranch, build it on an empty unowned parcel', () => {
    const s = atPick(2, [...R(15), ...Y(1, 2, 3, 4, 5, 6)]);
    const { seat, run } = pickAs(s, 15);
    const r = send(run.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 1, r: 1 } }, scriptedRng([]));
    expect(r.state.parcels[P(1, 1)]).toEqual({ owner: seat, content: 'RANCH' });
    expect(r.state.players[seat].money).toBe(7);
  });
  test('yellow: no effect without the Horses variant', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 15)), 15);
    expect(run.state.players[seat].money).toBe(15);
  });
});

describe('16 Heroes', () => {
  test('yellow: buildings immune, and the holder cannot attack', () => {
    const s = atPlacement(2, Y(1, 2, 3, 4, 5, 6, 16), [16, 2]);
    put(s, 2, 2, 'SALOON', 0);
    put(s, 5, 5, 'SALOON', 1);
    setTurnOrder(s, [1, 0]);
    expect(engine.legalCommands(s, 1)).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 2, r: 2 } },
    });
    setTurnOrder(s, [0, 1]);
    expect(engine.legalCommands(s, 0)).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 5, r: 5 } },
    });
  });
  test('red: +3 VP, or return 1 cowboy for +6 VP, or 2 for +9 VP', () => {
    const { seat, run } = pickAs(atPick(2, [...R(16), ...Y(1, 2, 3, 4, 5, 6)]), 16);
    const r = send(run.state, seat, { type: 'CHOOSE_OPTION', option: 'RETURN_2' });
    expect(r.state.players[seat]).toMatchObject({ reserve: 1, vp: 9 });
  });
});

describe('17 Teacher', () => {
  test('yellow in rounds 1-3: its holder picks first next round', () => {
    const s = atPick(3, Y(1, 2, 3, 4, 5, 6, 17));
    const order = s.pickOrder;
    const last = order[2];
    let r = pickAll(s, { [order[0]]: 2, [order[1]]: 5, [last]: 17 });
    r = drive(r.state, createRng('t'), (p) =>
      p.kind === 'PICK_CHARACTER' ? undefined : p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : null,
    );
    expect(r.state.round).toBe(2);
    expect(r.state.pickOrder[0]).toBe(last);
  });
  test('red in round 4: 2 VP per School, Prison or Church, +2 VP without a Saloon', () => {
    const s = atPlacement(2, Y(1, 2, 3, 4, 5, 6, 17), [17, 2]);
    s.round = 4;
    s.players[0].held = [{ id: 17, side: 'RED' }];
    put(s, 1, 1, 'SCHOOL', 0);
    put(s, 3, 1, 'CHURCH', 0);
    setTurnOrder(s, [0, 1]);
    const r = drive(s, createRng('t4'), (p) => (p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : null));
    expect(r.state.final!.find((f) => f.seat === 0)!.teacher).toBe(6);
  });
});

describe('18 Lawyer / Editor', () => {
  test('Lawyer: must buy a parcel at once; challengers on his parcels go back before any duel (§13 #43)', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 18)), 18);
    expect(prompt(run.state)).toMatchObject({
      seat,
      kind: 'CHOOSE_PARCEL',
      purpose: 'LAWYER',
      optional: false,
    });
    expect(engine.legalCommands(run.state, seat)).not.toContainEqual({ type: 'DECLINE_ACTION' });
    const s = atPlacement(2, Y(1, 2, 3, 4, 5, 6, 18), [18, 2]);
    placeDirect(s, 0, `P:${P(1, 1)}`);
    placeDirect(s, 1, `P:${P(1, 1)}`);
    setTurnOrder(s, [1, 0]);
    const r = passAll(s, scriptedRng([]));
    expect(ofType(r.events, 'DUEL')).toHaveLength(0);
    expect(ofType(r.events, 'COWBOY_RETURNED')[0]).toMatchObject({
      seat: 1,
      to: 'RESERVE',
      reason: 'LAWYER',
    });
    expect(prompt(r.state)).toMatchObject({ seat: 0, kind: 'BUY_PARCEL' });
  });
  test('T9 / §13 #22 Editor: ceil(own building income / $5 x round) VP — round 2 with $33 -> 4 VP', () => {
    const s = atPlacement(2, [...R(18), ...Y(1, 2, 3, 4, 5, 6)], [18, 2]);
    s.round = 2;
    put(s, 4, 4, 'SALOON', 0);
    // 6 countable icons: 3 Town Houses = $30, plus a Hotel for $6 = $36... use a $33 Drugstore instead.
    put(s, 4, 4, 'DRUGSTORE', 0);
    for (const [c, r] of [
      [3, 3],
      [4, 3],
      [5, 3],
      [3, 4],
      [5, 4],
    ])
      put(s, c, r, 'TOWN_HOUSE');
    put(s, 3, 5, 'HOUSE');
    setTurnOrder(s, [0, 1]);
    const r = passAll(s, scriptedRng([]));
    expect(ofType(r.events, 'INCOME')[0]).toMatchObject({ received: 33 });
    expect(ofType(r.events, 'VP').find((e) => e.reason === 'EDITOR')).toMatchObject({ seat: 0, delta: 4 });
  });
});

describe('19 Santa Claus', () => {
  test('yellow: +5 VP at once', () => {
    const { seat, run } = pickAs(atPick(2, Y(1, 2, 3, 4, 5, 6, 19)), 19);
    expect(run.state.players[seat].vp).toBe(5);
  });
  test('red: +2 VP and the white die: 1-2 nothing, 3-4 +$5, 5-6 +$5 and a cowboy', () => {
    for (const [die, money, reserve] of [
      [1, 15, 3],
      [4, 20, 3],
      [6, 20, 4],
    ]) {
      const s = atPick(2, [...R(19), ...Y(1, 2, 3, 4, 5, 6)]);
      const seat = firstPicker(s);
      const r = send(s, seat, { type: 'PICK_CHARACTER', personality: 19 }, scriptedRng([die]));
      expect(r.state.players[seat]).toMatchObject({ vp: 2, money, reserve });
    }
  });
});
