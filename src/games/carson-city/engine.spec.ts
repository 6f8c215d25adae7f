/** The GameEngine contract: options, setup, commands, prompts, views, results. */
import { isViolation } from '../engine';
import { createRng } from '../random';
import { carsonCityEngine as engine } from './index';
import { parcelRef } from './data/board';
import { atPlacement, FIRST_GAME, P, prompt, send, setTurnOrder, placeDirect } from './testing/fixtures';
import { randomGame, startGame } from './testing/harness';

describe('engine contract', () => {
  test('identity and seats', () => {
    expect(engine.type).toBe('carson-city');
    expect(engine.title).toBe('Carson City');
    expect(engine.seats).toEqual({ min: 1, max: 6 }); // 1 = the solo mode (§11)
  });

  test('parseOptions: defaults, suggested sets, random, explicit lists, errors', () => {
    expect(engine.parseOptions(undefined, 3)).toMatchObject({
      buildings: 'FULL',
      personalitySet: 'FIRST_GAME',
    });
    expect(engine.parseOptions({ personalitySet: 'GOLD_RUSH' }, 4)).toMatchObject({
      personalitySet: 'GOLD_RUSH',
    });
    expect(engine.parseOptions({ personalitySet: 'RANDOM', buildings: 'FIRST_GAME' }, 2)).toMatchObject({
      tiles: [],
    });
    const list = engine.parseOptions(
      { tiles: [0, 1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, side: 'RED' })) },
      2,
    );
    expect(list).toMatchObject({ personalitySet: 'LIST' });
    for (const bad of [
      { personalitySet: 'NOPE' },
      { buildings: 'SOME' },
      { tiles: [1, 2, 3].map((id) => ({ id, side: 'YELLOW' })) },
      { tiles: [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, side: 'YELLOW' })) }, // Paperboy needs 8
      { extra: 1 },
    ]) {
      const r = engine.parseOptions(bad, 3);
      expect(isViolation(r) && r.code).toBe('INVALID_OPTIONS');
    }
    expect(isViolation(engine.parseOptions({}, 7))).toBe(true);
    expect(isViolation(engine.parseOptions({}, 1))).toBe(true);
  });

  test('setup (§3, §13 #47: the 2nd edition’s revolver): $15, 3 cowboys, 1 revolver, 1 road; centre and 9 mountains in the inner 6x6; preset squares', () => {
    for (let seats = 2; seats <= 6; seats++) {
      const { state, events } = startGame({}, seats, `setup-${seats}`);
      expect(state.players).toHaveLength(seats);
      for (const p of state.players)
        expect(p).toMatchObject({ money: 15, reserve: 3, revolvers: 1, roads: 1, vp: 0 });
      const inner = (p: number) => {
        const { c, r } = parcelRef(p);
        return c >= 2 && c <= 7 && r >= 2 && r <= 7;
      };
      expect(inner(state.centre)).toBe(true);
      expect(state.parcels[state.centre].content).toBe('HOUSE');
      expect(state.roads).toHaveLength(4);
      const mountains = state.parcels
        .map((c, i) => [c, i] as const)
        .filter(([c]) => c.content === 'MOUNTAIN');
      expect(mountains).toHaveLength(9);
      expect(mountains.every(([, i]) => inner(i))).toBe(true);
      expect(state.track[0]).toBe('RANCH');
      expect(state.track[1]).toBe('MINE');
      expect(state.track[5]).toBe('RANCH');
      expect(state.track[6]).toBe('MINE');
      expect(state.track.slice(2, 5).every((b) => b !== null && b !== 'TOWN_HALL')).toBe(true);
      expect(Object.values(state.bag).reduce((a, b) => a + b, 0)).toBe(38 - 7);
      expect(state.bag.TOWN_HALL).toBe(1);
      expect(events[0].type).toBe('GAME_STARTED');
      expect(engine.pending(state)).toEqual([
        { seat: state.firstOrder[seats - 1], kind: 'CHOOSE_STARTING_PARCEL', detail: {} },
      ]);
    }
  });

  test('first-game bag holds 26 buildings with the 4 preset ones (§3 step 2)', () => {
    const { state } = startGame({ buildings: 'FIRST_GAME' }, 3, 'fg');
    expect(Object.values(state.bag).reduce((a, b) => a + b, 0)).toBe(26 - 7);
    expect(
      state.bag.GROCERY +
        state.bag.SCHOOL +
        state.bag.BLACKSMITH +
        state.bag.TOWN_HALL +
        state.bag.TRAIN_STATION,
    ).toBe(0);
  });

  test('personality sets: 7 tiles, 8 with the Paperboy; the Doctor is turned by its holder', () => {
    const a = startGame({ personalitySet: 'QUIET_TOWN' }, 5, 'q').state;
    expect(a.tiles.map((t) => t.id)).toEqual([1, 2, 5, 11, 13, 14, 16]);
    expect(a.tiles.find((t) => t.id === 14)!.side).toBe('EITHER');
    const b = startGame({ personalitySet: 'PROSPER' }, 5, 'p').state;
    expect(b.tiles).toHaveLength(8);
    for (let i = 0; i < 20; i++) {
      const r = startGame({ personalitySet: 'RANDOM' }, 3, `r${i}`).state;
      expect(r.tiles.length).toBe(r.tiles.some((t) => t.id === 0) ? 8 : 7);
    }
  });

  test('parseCommand shape-checks (INVALID_COMMAND for malformed or unknown fields)', () => {
    const ok = [
      { type: 'PASS' },
      { type: 'PICK_CHARACTER', personality: 14, side: 'RED' },
      { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'WAGES' }, dynamite: true },
      { type: 'PLACE_COWBOY', target: { kind: 'PARCEL', parcel: { c: 1, r: 8 } } },
      { type: 'PLACE_ROAD', edge: { dir: 'V', x: 8, y: 7 } },
      { type: 'BUILD_PENDING', building: 'SALOON', parcel: { c: 2, r: 3 } },
      { type: 'PLACE_HOUSE', parcel: { c: 2, r: 3 }, townHouse: true },
      { type: 'SPEND_CASH', amount: 12 },
    ];
    for (const c of ok) expect(engine.parseCommand(c)).toEqual(c);
    // Canonical form: false flags are dropped.
    expect(
      engine.parseCommand({
        type: 'PLACE_COWBOY',
        target: { kind: 'ACTION', action: 'ROAD' },
        white: false,
        dynamite: false,
      }),
    ).toEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'ROAD' },
    });
    const bad = [
      null,
      [],
      { type: 'NOPE' },
      { type: 'PASS', extra: 1 },
      { type: 'PICK_CHARACTER', personality: 20 },
      { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'FLY' } },
      { type: 'PLACE_COWBOY', target: { kind: 'PARCEL', parcel: { c: 0, r: 1 } } },
      { type: 'PLACE_ROAD', edge: { dir: 'H', x: 8, y: 0 } },
      { type: 'BUILD_PENDING', building: 'CASTLE', parcel: { c: 1, r: 1 } },
      { type: 'PLACE_HOUSE', parcel: { c: 1, r: 1 } },
      { type: 'BID', amount: 1.5 },
    ];
    for (const c of bad) {
      const r = engine.parseCommand(c);
      expect(isViolation(r) && r.code).toBe('INVALID_COMMAND');
    }
  });

  test('violations: NOT_YOUR_TURN, WRONG_PROMPT, ILLEGAL_PARCEL, GAME_OVER', () => {
    const { state } = startGame({}, 3, 'v');
    const seat = prompt(state).seat;
    const other = (seat + 1) % 3;
    const r1 = engine.decide(
      state,
      other,
      { type: 'CHOOSE_STARTING_PARCEL', parcel: { c: 1, r: 1 } },
      createRng('x'),
    );
    expect(isViolation(r1) && r1.code).toBe('NOT_YOUR_TURN');
    const r2 = engine.decide(state, seat, { type: 'PASS' }, createRng('x'));
    expect(isViolation(r2) && r2.code).toBe('WRONG_PROMPT');
    const after = send(state, seat, { type: 'CHOOSE_STARTING_PARCEL', parcel: { c: 1, r: 1 } }).state;
    const next = prompt(after).seat;
    const r3 = engine.decide(
      after,
      next,
      { type: 'CHOOSE_STARTING_PARCEL', parcel: { c: 1, r: 1 } },
      createRng('x'),
    );
    expect(isViolation(r3) && r3.code).toBe('ILLEGAL_PARCEL');
    const done = randomGame({}, 2, 'over').state;
    const r4 = engine.decide(done, 0, { type: 'PASS' }, createRng('x'));
    expect(isViolation(r4) && r4.code).toBe('GAME_OVER');
    expect(engine.pending(done)).toEqual([]);
    expect(engine.legalCommands(done, 0)).toEqual([]);
    expect(engine.timeoutCommand(done, 0)).toBeNull();
  });

  test('timeoutCommand: pass in placement, decline purchases, minimum spending', () => {
    const s = atPlacement(2, FIRST_GAME, [2, 5]);
    setTurnOrder(s, [0, 1]);
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'PASS' });
    expect(engine.timeoutCommand(s, 1)).toBeNull();
    placeDirect(s, 0, 'A:BUY_VP_5');
    let r = send(s, 0, { type: 'PASS' });
    r = send(r.state, 1, { type: 'PASS' });
    expect(prompt(r.state).kind).toBe('BUY_VP');
    expect(engine.timeoutCommand(r.state, 0)).toEqual({ type: 'DECLINE_ACTION' });
  });

  test('§13 #41: no second own cowboy on a single-winner location; any number on Wages and Road (1)', () => {
    const s = atPlacement(2, FIRST_GAME, [2, 5]);
    setTurnOrder(s, [0, 1]);
    let r = send(s, 0, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } });
    r = send(r.state, 1, { type: 'PASS' });
    const legal = engine.legalCommands(r.state, 0);
    expect(legal).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'GAMBLING' },
    });
    r = send(r.state, 0, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'WAGES' } });
    expect(engine.legalCommands(r.state, 0)).toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'ACTION', action: 'WAGES' },
    });
  });

  test('§13 #11/#12: the white cowboy cannot occupy the Town Hall; the occupier cannot add a cowboy; only unowned parcels', () => {
    const s = atPlacement(2, FIRST_GAME, [1, 2]);
    s.parcels[P(5, 5)] = { owner: null, content: 'TOWN_HALL' };
    s.townHall = { parcel: P(5, 5), occupant: 1 };
    s.parcels[P(2, 2)] = { owner: 1, content: null };
    setTurnOrder(s, [0, 1]);
    const legal0 = engine.legalCommands(s, 0);
    expect(legal0).toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 5, r: 5 } },
    });
    expect(legal0).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 5, r: 5 } },
      white: true,
    });
    expect(legal0).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'PARCEL', parcel: { c: 5, r: 5 } },
    });
    expect(legal0).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'PARCEL', parcel: { c: 2, r: 2 } },
    });
    setTurnOrder(s, [1, 0]);
    expect(engine.legalCommands(s, 1)).not.toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: { c: 5, r: 5 } },
    });
  });

  test('view: the whole board, tracks, money, prompts; bag shown as counts; redact keeps everything', () => {
    const { state, events } = startGame({}, 3, 'view');
    const v = engine.view(state, 'spectator');
    expect(v.parcels).toHaveLength(64);
    expect(v.roads).toHaveLength(4);
    expect(v.track.map((t) => t.price)).toEqual([3, 4, 5, 6, 8, 10, 12]);
    expect(v.bag.total).toBe(31);
    expect(v.players[0]).toMatchObject({
      money: 15,
      reserve: 3,
      firepower: 4,
      roads: 1,
      propertyTilesLeft: 12,
    });
    expect(v.prompts).toEqual(engine.pending(state));
    expect(engine.view(state, 0)).toEqual({ ...v, viewer: 0 });
    for (const e of events) expect(engine.redact(e, 1, null)).toEqual(e);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  test('result: ranks, winner and score breakdown per seat', () => {
    const g = randomGame({ personalitySet: 'RANDOM' }, 4, 'result');
    const r = engine.result(g.state)!;
    expect(r.reason).toBe('FINAL_SCORING');
    expect(r.seats.map((x) => x.rank).sort()).toEqual([1, 2, 3, 4]);
    const top = r.seats.find((x) => x.rank === 1)!;
    expect(r.winners).toEqual([top.seat]);
    for (const x of r.seats) {
      const d = x.detail as Record<string, number>;
      expect(d.total).toBe(
        d.vpDuringPlay + d.money + d.possessions + d.bridges + d.teacher + d.trainStation + d.horses,
      );
      expect(x.score).toBe(d.total);
      if (x.rank > 1) expect(x.score!).toBeLessThanOrEqual(top.score!);
    }
  });
});
