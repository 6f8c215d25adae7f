/** Phase 2-4 behaviour: duels, purchases, building, income, end of round (§4, §5, §7). */
import { createRng } from '../random';
import { carsonCityEngine as engine } from './index';
import { firepower } from './rules';
import {
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
import { startGame } from './testing/harness';
import type { CarsonState } from './state';

function three(): CarsonState {
  // Seats: 0 Randy (Sheriff), 1 John (Banker), 2 Sarah (Settler): no passive effect that matters
  // here; the Sheriff's white cowboy is removed.
  const s = atPlacement(3, FIRST_GAME, [1, 2, 5]);
  s.players[0].white = 'NONE';
  return s;
}

describe('duels (§5.2)', () => {
  test('T1: three-way duel on a parcel, tie to the earliest passer (Randy)', () => {
    const s = three();
    const [randy, john, sarah] = [0, 1, 2];
    s.players[randy].reserve = 1;
    s.players[randy].revolvers = 1;
    s.players[john].reserve = 2;
    s.players[john].revolvers = 2;
    s.players[sarah].reserve = 1;
    s.players[sarah].revolvers = 1;
    for (const seat of [randy, john, sarah]) {
      s.players[seat].reserve -= 1;
      placeDirect(s, seat, `P:${P(4, 4)}`);
    }
    setTurnOrder(s, [randy, john, sarah]);
    const run = passAll(s, scriptedRng([5, 3, 2]));
    const duel = ofType(run.events, 'DUEL')[0];
    expect(duel.participants.map((p) => [p.seat, p.dice[0], p.firepower, p.total])).toEqual([
      [randy, 5, 1, 6],
      [john, 3, 3, 6],
      [sarah, 2, 1, 3],
    ]);
    expect(duel.winner).toBe(randy);
    expect(firepower(run.state, john)).toBe(4);
    expect(firepower(run.state, sarah)).toBe(2);
    expect(prompt(run.state)).toMatchObject({ seat: randy, kind: 'BUY_PARCEL', price: 1 });
    expect(ofType(run.events, 'COWBOY_RETURNED')).toContainEqual(
      expect.objectContaining({ seat: randy, to: 'GENERAL' }),
    );
    const bought = send(run.state, randy, { type: 'BUY_PARCEL' });
    expect(ofType(bought.events, 'PARCEL_CLAIMED')[0]).toMatchObject({
      seat: randy,
      price: 1,
      reason: 'PURCHASE',
    });
  });

  test('duel with 2 participants on an action square; loser back to reserve, winner acts', () => {
    const s = three();
    placeDirect(s, 0, 'A:COWBOY_INCOME');
    placeDirect(s, 1, 'A:COWBOY_INCOME');
    s.players[0].reserve = 2;
    s.players[1].reserve = 2;
    setTurnOrder(s, [1, 0, 2]);
    const run = passAll(s, scriptedRng([2, 6]));
    const duel = ofType(run.events, 'DUEL')[0];
    expect(duel.winner).toBe(0);
    expect(duel.losers).toEqual([1]);
    const income = ofType(run.events, 'MONEY').find((e) => e.reason === 'COWBOY_INCOME')!;
    expect(income).toMatchObject({ seat: 0, delta: 2 * (2 + 1) });
  });

  test('duel with 4 participants, tie between two not first on the track', () => {
    const s = atPlacement(4, FIRST_GAME, [1, 2, 3, 4]);
    s.players[0].white = 'NONE';
    for (let i = 0; i < 4; i++) {
      s.players[i].reserve = 0;
      placeDirect(s, i, 'A:ROADS');
    }
    setTurnOrder(s, [3, 2, 1, 0]);
    const run = passAll(s, scriptedRng([1, 4, 4, 2]));
    const duel = ofType(run.events, 'DUEL')[0];
    expect(duel.participants.map((p) => p.seat)).toEqual([3, 2, 1, 0]);
    expect(duel.winner).toBe(2);
    expect(ofType(run.events, 'ROADS_GAINED')[0]).toMatchObject({ seat: 2, count: 3 });
  });

  test('§13 #9: several parcel duels — the earliest passer involved chooses the order', () => {
    const s = three();
    placeDirect(s, 1, `P:${P(2, 2)}`);
    placeDirect(s, 2, `P:${P(2, 2)}`);
    placeDirect(s, 1, `P:${P(6, 6)}`);
    placeDirect(s, 0, `P:${P(6, 6)}`);
    setTurnOrder(s, [1, 0, 2]);
    const run = passAll(s, scriptedRng([6, 1, 6, 1]));
    expect(prompt(run.state)).toMatchObject({
      seat: 1,
      kind: 'CHOOSE_DUEL_ORDER',
      locs: [`P:${P(2, 2)}`, `P:${P(6, 6)}`],
    });
    const next = send(
      run.state,
      1,
      { type: 'CHOOSE_DUEL_ORDER', parcel: { c: 6, r: 6 } },
      scriptedRng([6, 1, 6, 1]),
    );
    const duels = ofType(next.events, 'DUEL');
    expect(duels.map((d) => d.loc)).toEqual([`P:${P(6, 6)}`, `P:${P(2, 2)}`]);
  });

  test('yellow Gunsmith +2 VP per duel won; red Sheriff +3 VP per duel lost (§13 #44)', () => {
    const s = atPlacement(
      2,
      [{ id: 1, side: 'RED' }, ...[2, 3, 4, 5, 6, 10].map((id) => ({ id, side: 'YELLOW' as const }))],
      [1, 10],
    );
    placeDirect(s, 0, 'A:AMMUNITION');
    placeDirect(s, 1, 'A:AMMUNITION');
    setTurnOrder(s, [0, 1]);
    const run = passAll(s, scriptedRng([1, 6]));
    expect(ofType(run.events, 'DUEL')[0].winner).toBe(1);
    const vps = ofType(run.events, 'VP');
    expect(vps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seat: 1, delta: 2, reason: 'GUNSMITH_DUEL_WON' }),
        expect.objectContaining({ seat: 0, delta: 3, reason: 'SHERIFF_DUEL_LOST' }),
      ]),
    );
  });
});

describe('actions (§5.1)', () => {
  function resolveOne(action: string, setup?: (s: CarsonState) => void, dice: number[] = []) {
    const s = three();
    setup?.(s);
    placeDirect(s, 0, `A:${action}`);
    s.players[0].reserve = 2;
    setTurnOrder(s, [0, 1, 2]);
    return passAll(s, scriptedRng(dice));
  }
  test('Wages: +$4 per cowboy, any number, no duel', () => {
    const s = three();
    placeDirect(s, 0, 'A:WAGES');
    placeDirect(s, 0, 'A:WAGES');
    placeDirect(s, 1, 'A:WAGES');
    setTurnOrder(s, [0, 1, 2]);
    const run = passAll(s, scriptedRng([]));
    expect(ofType(run.events, 'DUEL')).toHaveLength(0);
    expect(
      ofType(run.events, 'MONEY')
        .filter((e) => e.reason === 'WAGES')
        .map((e) => [e.seat, e.delta]),
    ).toEqual([
      [0, 8],
      [1, 4],
    ]);
  });
  test('Road (1): +1 road per cowboy, no duel; Roads (3): +3', () => {
    const s = three();
    placeDirect(s, 0, 'A:ROAD');
    placeDirect(s, 1, 'A:ROAD');
    placeDirect(s, 2, 'A:ROADS');
    setTurnOrder(s, [0, 1, 2]);
    const run = passAll(s, scriptedRng([]));
    expect(ofType(run.events, 'ROADS_GAINED').map((e) => [e.seat, e.count])).toEqual([
      [2, 3],
      [0, 1],
      [1, 1],
    ]);
  });
  test('Ammunition: 3-guns marker +3 firepower for the rest of the round', () => {
    const run = resolveOne('AMMUNITION', (s) => placeDirect(s, 0, 'A:COWBOY_INCOME'));
    expect(ofType(run.events, 'THREE_GUNS_TAKEN')[0]).toMatchObject({ seat: 0 });
    // Cowboy income later in the round: 2 x (2 cowboys + 1 revolver + 3).
    expect(ofType(run.events, 'MONEY').find((e) => e.reason === 'COWBOY_INCOME')).toMatchObject({
      delta: 12,
    });
  });
  test('Parcel income $2 per parcel; VP for parcels floor(n/2)', () => {
    const setup = (s: CarsonState) => {
      put(s, 1, 1, null, 0);
      put(s, 2, 1, null, 0);
      put(s, 3, 1, 'HOUSE', 0);
    };
    expect(ofType(resolveOne('PARCEL_INCOME', setup).events, 'MONEY')[0]).toMatchObject({ delta: 6 });
    expect(ofType(resolveOne('VP_PARCELS', setup).events, 'VP')[0]).toMatchObject({ delta: 1 });
  });
  test('Cowboy VP floor(firepower/2); Building VP 1 per building (not Houses/mountains)', () => {
    expect(ofType(resolveOne('VP_COWBOYS').events, 'VP')[0]).toMatchObject({ delta: 1 }); // 2 cowboys + 1 revolver
    const setup = (s: CarsonState) => {
      put(s, 1, 1, 'RANCH', 0);
      put(s, 2, 1, 'HOUSE', 0);
      put(s, 3, 1, 'MOUNTAIN', 0);
      put(s, 4, 1, 'SALOON', 0);
    };
    expect(ofType(resolveOne('VP_BUILDINGS', setup).events, 'VP')[0]).toMatchObject({ delta: 2 });
  });
  test('Gambling: both basic dice, sum', () => {
    const run = resolveOne('GAMBLING', undefined, [3, 5]);
    expect(ofType(run.events, 'MONEY')[0]).toMatchObject({ delta: 8, reason: 'GAMBLING' });
  });
  test('T18 / §13 #3: Buy VP squares by round (the marker blocks the cheapest first); $17 on $3 buys up to 5 VP', () => {
    const s = three();
    const squares = (round: number) => {
      s.round = round;
      return ['BUY_VP_5', 'BUY_VP_4', 'BUY_VP_3', 'BUY_VP_2'].filter((a) =>
        engine
          .legalCommands(s, prompt(s).seat)
          .some((c) => c.type === 'PLACE_COWBOY' && c.target.kind === 'ACTION' && c.target.action === a),
      );
    };
    setTurnOrder(s, [0, 1, 2]);
    expect(squares(1)).toEqual(['BUY_VP_5', 'BUY_VP_4', 'BUY_VP_3', 'BUY_VP_2']);
    expect(squares(2)).toEqual(['BUY_VP_5', 'BUY_VP_4', 'BUY_VP_3']);
    expect(squares(3)).toEqual(['BUY_VP_5', 'BUY_VP_4']);
    expect(squares(4)).toEqual(['BUY_VP_5']);
    const run = resolveOne('BUY_VP_3', (x) => (x.players[0].money = 17));
    expect(prompt(run.state)).toMatchObject({ kind: 'BUY_VP', price: 3 });
    const counts = engine.legalCommands(run.state, 0).flatMap((c) => (c.type === 'BUY_VP' ? [c.count] : []));
    expect(Math.max(...counts)).toBe(5);
    const done = send(run.state, 0, { type: 'BUY_VP', count: 5 });
    expect(done.state.players[0]).toMatchObject({ money: 2, vp: 5 });
    expect(ofType(done.events, 'VP_BOUGHT')[0]).toMatchObject({ count: 5, price: 3, paid: 15 });
  });
});

describe('building purchase and construction (§5.5, §5.6)', () => {
  function withRoads(s: CarsonState): void {
    // Centre (4,5) with its four roads.
    put(s, 4, 5, 'HOUSE');
    s.centre = P(4, 5);
    s.roads = [3 + 4 * 8, 3 + 5 * 8, 72 + 4 * 9 + 3, 72 + 4 * 9 + 4].sort((a, b) => a - b);
  }
  test('T16: John builds a Saloon with a House on the last free parcel, Sarah flips the centre, Randy keeps the Bank pending', () => {
    const s = three();
    const [randy, john, sarah] = [0, 1, 2];
    withRoads(s);
    s.track = ['RANCH', 'MINE', 'BANK', 'HOTEL', 'DRUGSTORE', 'SALOON', 'MINE'];
    // Every connected parcel except (3,4) owned; John's (3,6) and Sarah's (5,6) empty.
    put(s, 3, 5, null, john);
    put(s, 3, 6, null, john);
    put(s, 5, 6, null, sarah);
    put(s, 4, 4, 'MOUNTAIN', sarah);
    put(s, 5, 4, null, randy);
    put(s, 5, 5, null, randy);
    put(s, 4, 6, null, john);
    // (3,4) is the last free connected parcel.
    for (const seat of [randy, john, sarah]) s.players[seat].money = 20;
    placeDirect(s, john, 'A:BUILD_10');
    placeDirect(s, sarah, 'A:BUILD_8');
    placeDirect(s, randy, 'A:BUILD_5');
    setTurnOrder(s, [randy, john, sarah]);
    let run = passAll(s, scriptedRng([]));
    // Randy's $5 Bank comes first in board order (§13 #2).
    expect(prompt(run.state)).toMatchObject({
      seat: randy,
      kind: 'BUY_BUILDING',
      building: 'BANK',
      price: 5,
    });
    run = send(run.state, randy, { type: 'BUY_BUILDING' });
    expect(prompt(run.state)).toMatchObject({ seat: randy, kind: 'PLACE_BUILDING', only: 'BANK' });
    // He builds on his (5,4): the House must go to an empty connected parcel; only (3,4) is free
    // and unowned; the others belong to John and Sarah.
    run = send(run.state, randy, { type: 'BUILD_PENDING', building: 'BANK', parcel: { c: 5, r: 4 } });
    expect(prompt(run.state).kind).toBe('PLACE_HOUSE');
    // Suppose he asks John for (3,6): John refuses; then he cancels and keeps it pending.
    run = send(run.state, randy, { type: 'PLACE_HOUSE', parcel: { c: 3, r: 6 }, townHouse: false });
    expect(prompt(run.state)).toMatchObject({ seat: john, kind: 'CONSENT' });
    run = send(run.state, john, { type: 'ANSWER_CONSENT', accept: false });
    expect(prompt(run.state)).toMatchObject({ seat: randy, kind: 'PLACE_HOUSE' });
    expect(engine.legalCommands(run.state, randy)).not.toContainEqual({
      type: 'PLACE_HOUSE',
      parcel: { c: 3, r: 6 },
      townHouse: false,
    });
    run = send(run.state, randy, { type: 'CANCEL_BUILD' });
    run = send(run.state, randy, { type: 'KEEP_PENDING' });
    expect(run.state.players[randy].pending).toEqual(['BANK']);
    expect(run.state.players[randy].money).toBe(15);
    // Windows open after every square (§13 #8) for Randy while he has a possible build.
    run = drive(run.state, createRng('t16'), (p) =>
      p.kind === 'PLACE_BUILDING' && p.seat === randy ? { type: 'KEEP_PENDING' } : undefined,
    );
    expect(prompt(run.state)).toMatchObject({
      seat: sarah,
      kind: 'BUY_BUILDING',
      building: 'DRUGSTORE',
      price: 8,
    });
    run = send(run.state, sarah, { type: 'BUY_BUILDING' });
    run = send(run.state, sarah, { type: 'BUILD_PENDING', building: 'DRUGSTORE', parcel: { c: 5, r: 6 } });
    // The centre House can become a Town House: all 8 parcels around it are occupied or owned
    // (the Drugstore's own parcel counts).
    put(run.state, 3, 4, null, randy);
    expect(engine.legalCommands(run.state, sarah)).toContainEqual({
      type: 'PLACE_HOUSE',
      parcel: { c: 4, r: 5 },
      townHouse: true,
    });
    run = send(run.state, sarah, { type: 'PLACE_HOUSE', parcel: { c: 4, r: 5 }, townHouse: true });
    expect(run.state.parcels[P(4, 5)].content).toBe('TOWN_HOUSE');
    expect(run.state.parcels[P(5, 6)]).toEqual({ owner: sarah, content: 'DRUGSTORE' });
    expect(ofType(run.events, 'BUILDING_BUILT')[0]).toMatchObject({
      houses: [{ parcel: P(4, 5), town: true }],
    });
  });

  test('§13 #6: Ranch, Mine and Train Station need no House; the School needs three', () => {
    const s = three();
    withRoads(s);
    s.players[0].pending = ['RANCH', 'SCHOOL'];
    put(s, 1, 1, null, 0); // not connected: fine for a Ranch
    put(s, 3, 4, null, 0);
    s.flow.prompt = { seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null };
    s.flow.tasks.unshift({ t: 'PLACE_TURN', index: 0 });
    let run = send(s, 0, { type: 'BUILD_PENDING', building: 'RANCH', parcel: { c: 1, r: 1 } });
    expect(run.state.parcels[P(1, 1)].content).toBe('RANCH');
    expect(run.state.players[0].revolvers).toBe(2);
    expect(prompt(run.state).kind).toBe('PLACE_BUILDING');
    expect(engine.legalCommands(run.state, 0)).not.toContainEqual(
      expect.objectContaining({ building: 'SCHOOL', parcel: { c: 1, r: 1 } }),
    );
    run = send(run.state, 0, { type: 'BUILD_PENDING', building: 'SCHOOL', parcel: { c: 3, r: 4 } });
    for (const [c, r] of [
      [3, 5],
      [3, 6],
      [4, 6],
    ]) {
      expect(prompt(run.state).kind).toBe('PLACE_HOUSE');
      run = send(run.state, 0, { type: 'PLACE_HOUSE', parcel: { c, r }, townHouse: false });
    }
    expect(run.state.parcels[P(3, 4)].content).toBe('SCHOOL');
    expect([P(3, 5), P(3, 6), P(4, 6)].map((p) => run.state.parcels[p].content)).toEqual([
      'HOUSE',
      'HOUSE',
      'HOUSE',
    ]);
  });

  test('a Church cancels attacks on its owner’s adjacent buildings; attackers go back to their reserve', () => {
    const s = three();
    withRoads(s);
    put(s, 3, 4, 'SALOON', 0);
    put(s, 3, 5, null, 0);
    placeDirect(s, 1, `B:${P(3, 4)}`);
    s.players[1].reserve -= 1;
    const reserve = s.players[1].reserve;
    s.players[0].pending = ['CHURCH'];
    s.flow.prompt = { seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null };
    s.flow.tasks.unshift({ t: 'PLACE_TURN', index: 0 });
    let run = send(s, 0, { type: 'BUILD_PENDING', building: 'CHURCH', parcel: { c: 3, r: 5 } });
    run = send(run.state, 0, { type: 'PLACE_HOUSE', parcel: { c: 3, r: 6 }, townHouse: false });
    expect(ofType(run.events, 'COWBOY_RETURNED')[0]).toMatchObject({
      seat: 1,
      to: 'RESERVE',
      reason: 'CHURCH',
    });
    expect(run.state.players[1].reserve).toBe(reserve + 1);
  });
});

describe('building income step (§5.7)', () => {
  test('T25: a $15 Saloon successfully attacked: attacker $7, owner $8', () => {
    const s = three();
    put(s, 4, 4, 'SALOON', 0);
    for (const [c, r] of [
      [3, 3],
      [4, 3],
      [5, 3],
    ])
      put(s, c, r, 'HOUSE');
    placeDirect(s, 1, `B:${P(4, 4)}`);
    setTurnOrder(s, [0, 1, 2]);
    const run = passAll(s, scriptedRng([]));
    expect(ofType(run.events, 'INCOME')[0]).toMatchObject({
      owner: 0,
      base: 15,
      amount: 15,
      attacker: 1,
      stolen: 7,
      received: 8,
    });
  });
  test('a defender who wins the duel keeps the whole income', () => {
    const s = three();
    put(s, 4, 4, 'SALOON', 0);
    put(s, 3, 3, 'HOUSE');
    placeDirect(s, 1, `B:${P(4, 4)}`);
    placeDirect(s, 0, `B:${P(4, 4)}`);
    setTurnOrder(s, [0, 1, 2]);
    const run = passAll(s, scriptedRng([6, 1]));
    expect(ofType(run.events, 'DUEL')[0].winner).toBe(0);
    expect(ofType(run.events, 'INCOME')[0]).toMatchObject({ attacker: null, received: 5 });
  });
  test('T13: yellow Grocer doubles Banks under attack: Abigail $18, Randy $18 + $24 = $42; control $9 / $21', () => {
    for (const double of [true, false]) {
      const s = atPlacement(2, FIRST_GAME, [3, 1]);
      const [randy, abigail] = [0, 1];
      s.players[abigail].white = 'NONE';
      s.players[randy].flags = ['GROCER:LATER'];
      // Bank A: 6 House icons ($18, no Mines owned); Bank B: 4 icons ($12).
      put(s, 2, 2, 'BANK', randy);
      for (const [c, r] of [
        [1, 1],
        [2, 1],
        [3, 1],
      ])
        put(s, c, r, 'TOWN_HOUSE');
      put(s, 6, 6, 'BANK', randy);
      for (const [c, r] of [
        [5, 5],
        [6, 5],
      ])
        put(s, c, r, 'TOWN_HOUSE');
      placeDirect(s, abigail, `B:${P(2, 2)}`);
      setTurnOrder(s, [randy, abigail]);
      let run = passAll(s, scriptedRng([]));
      expect(prompt(run.state)).toMatchObject({
        seat: randy,
        kind: 'CHOOSE_OPTION',
        purpose: 'GROCER_INCOME',
        options: ['MONEY', 'DOUBLE_BANK'],
      });
      run = send(run.state, randy, { type: 'CHOOSE_OPTION', option: double ? 'DOUBLE_BANK' : 'MONEY' });
      const incomes = ofType(run.events, 'INCOME');
      const toAbigail = incomes.reduce((a, e) => a + e.stolen, 0);
      const toRandy = incomes.reduce((a, e) => a + e.received, 0);
      expect([toAbigail, toRandy]).toEqual(double ? [18, 42] : [9, 21]);
    }
  });
  test('T14: Randy takes the Town Hall from Sarah in round 3; levels move; Sarah’s cowboy returns', () => {
    const s = three();
    const [randy, sarah] = [0, 2];
    s.round = 3;
    put(s, 8, 8, 'TOWN_HALL');
    s.townHall = { parcel: P(8, 8), occupant: sarah };
    s.players[sarah].reserve -= 1;
    put(s, 1, 1, 'SALOON', randy);
    put(s, 3, 1, 'BLACKSMITH', randy);
    put(s, 5, 1, 'BANK', randy);
    put(s, 7, 1, 'RANCH', randy);
    put(s, 1, 4, 'DRUGSTORE', sarah);
    put(s, 3, 4, 'BANK', sarah);
    put(s, 2, 5, 'HOUSE');
    placeDirect(s, randy, `B:${P(8, 8)}`);
    const sarahReserve = s.players[sarah].reserve;
    setTurnOrder(s, [randy, 1, sarah]);
    const run = passAll(s, scriptedRng([6, 1]));
    expect(ofType(run.events, 'TOWN_HALL_OCCUPIED')[0]).toMatchObject({ seat: randy, previous: sarah });
    const inc = Object.fromEntries(
      ofType(run.events, 'INCOME').map((e) => [`${e.owner}:${e.building}`, e.base]),
    );
    // Randy: Saloon 0 + 5, Blacksmith 15 + 5 (1 Ranch) + 5, Bank 0 + 3, Ranch unchanged.
    expect(inc[`${randy}:SALOON`]).toBe(5);
    expect(inc[`${randy}:BLACKSMITH`]).toBe(25);
    expect(inc[`${randy}:BANK`]).toBe(3);
    expect(inc[`${randy}:RANCH`]).toBe(5); // 5 free neighbours, no Town Hall level
    // Sarah: no bonus any more: Drugstore 3 (one House), Bank 3.
    expect(inc[`${sarah}:DRUGSTORE`]).toBe(3);
    expect(inc[`${sarah}:BANK`]).toBe(3);
    expect(run.state.townHall.occupant).toBe(randy);
    // The ousted occupier loses the duel: her cowboy goes back to her personal reserve.
    expect(ofType(run.events, 'DUEL')[0]).toMatchObject({
      loc: `B:${P(8, 8)}`,
      winner: randy,
      losers: [sarah],
    });
    const afterDuel = ofType(run.events, 'COWBOYS_GAINED').find((e) => e.seat === sarah)!;
    expect(afterDuel.count).toBe(5); // +5 after round 3 (limited by free figures: 10 - 3 - 1 - 1)
    expect(sarahReserve + 1 + 5).toBeLessThanOrEqual(10);
    expect(run.state.placements.filter((p) => p.loc === `B:${P(8, 8)}`)).toEqual([]);
  });
});

describe('end of round (§7) and game end (§8)', () => {
  test('T8: cash limits — Randy $54 Banker keeps all; John $28 Sheriff spends $10 -> 1 VP; Sarah $34 Chinese Worker spends $4', () => {
    const s = atPlacement(3, FIRST_GAME, [2, 1, 4]);
    const [randy, john, sarah] = [0, 1, 2];
    s.players[john].white = 'NONE';
    s.players[randy].money = 54;
    s.players[john].money = 28;
    s.players[sarah].money = 34;
    setTurnOrder(s, [randy, john, sarah]);
    let run = passAll(s, scriptedRng([]));
    const spend: Record<number, number> = { [randy]: 0, [john]: 10, [sarah]: 4 };
    const mins: Record<number, number> = {};
    run = drive(run.state, createRng('t8'), (p) => {
      if (p.kind !== 'SPEND_CASH') return undefined;
      mins[p.seat] = p.min;
      return { type: 'SPEND_CASH', amount: spend[p.seat] };
    });
    expect(mins).toEqual({ [randy]: 0, [john]: 8, [sarah]: 4 });
    expect(run.state.players.map((p) => [p.money, p.vp])).toEqual([
      [54, 0],
      [18, 1],
      [30, 0],
    ]);
  });
  test('§13 #19: new cowboys +4 after round 1, capped at 10 in the reserve and by free figures', () => {
    const s = three();
    s.players[0].reserve = 8;
    s.players[1].reserve = 3;
    s.players[2].reserve = 2;
    s.townHall = { parcel: P(8, 8), occupant: 2 };
    put(s, 8, 8, 'TOWN_HALL');
    setTurnOrder(s, [0, 1, 2]);
    const run = drive(s, createRng('c'), (p) =>
      p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : p.kind === 'SPEND_CASH' ? null : undefined,
    );
    const gained = Object.fromEntries(ofType(run.events, 'COWBOYS_GAINED').map((e) => [e.seat, e.count]));
    expect(gained).toEqual({ 0: 2, 1: 4, 2: 4 });
    expect(run.state.round).toBe(2);
  });
  test('§13 #45 and #2: unbought buildings slide to the cheapest squares, empty ones refill cheapest first', () => {
    const s = three();
    s.track = ['RANCH', null, 'BANK', null, 'HOTEL', null, null];
    setTurnOrder(s, [0, 1, 2]);
    const run = drive(s, createRng('r'), (p) =>
      p.kind === 'PLACE_COWBOY'
        ? { type: 'PASS' }
        : p.kind === 'SPEND_CASH' || p.kind === 'PLACE_TOWN_HALL'
          ? null
          : undefined,
    );
    expect(ofType(run.events, 'TRACK_SHIFTED')[0].track).toEqual([
      'RANCH',
      'BANK',
      'HOTEL',
      null,
      null,
      null,
      null,
    ]);
    // (A Town Hall drawn meanwhile goes to the city, not to a square: §6.3.)
    expect(
      ofType(run.events, 'BUILDING_DRAWN').flatMap((e) => (e.square === null ? [] : [e.square])),
    ).toEqual([3, 4, 5, 6]);
    expect(run.state.track.every((b) => b !== null)).toBe(true);
  });
  test('T24: draft order D, C, B, A, then A, B, C, D (§13 #4)', () => {
    const { state } = startGame({}, 4, 'draft');
    const order = state.firstOrder;
    const seen: number[] = [];
    drive(state, createRng('d'), (p) => {
      if (p.kind !== 'CHOOSE_STARTING_PARCEL') return undefined;
      seen.push(p.seat);
      return null;
    });
    expect(seen).toEqual([...order.slice().reverse(), ...order]);
  });
  test('§13 #5: final tie goes to the earliest on the last pass track', () => {
    const s = three();
    s.flow = { phase: 'GAME_OVER', tasks: [], prompt: null, step: -1 };
    s.passTrack = [2, 0, 1];
    s.final = [0, 1, 2].map((seat) => ({
      seat,
      vpDuringPlay: 5,
      money: 0,
      possessions: 0,
      bridges: 0,
      teacher: 0,
      trainStation: 0,
      horses: 0,
      kitCarson: 0,
      total: 5,
    }));
    s.players.forEach((p) => ((p.vp = 5), (p.money = 0)));
    const result = engine.result(s)!;
    expect(result.winners).toEqual([2]);
    expect(result.seats.map((x) => x.rank)).toEqual([2, 3, 1]);
  });
});
