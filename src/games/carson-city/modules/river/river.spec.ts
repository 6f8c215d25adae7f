/** Carson River module (§10.2, §13 #38): options, setup, parcels, income, bridges, scoring, Schools. */
import { CommonViolations, isViolation, type RuleViolation, type Seat } from '../../../engine';
import { createRng } from '../../../random';
import { edgeId, edgeVertices, parcelSides } from '../../data/board';
import { courseProblem, edgeParcels, RIVER_SIDE_COURSE, riverMountains, riverSides } from './river';
import { houseSpots } from '../../build';
import type { CarsonCommand } from '../../commands';
import { carsonCityEngine as engine } from '../../index';
import { townHallOptions } from '../../phases/end-of-round/flow';
import { finalScores } from '../../score';
import { bridgeSlots, incomeLevel, isBridge, legalRoadEdges, parcelPrice } from '../../rules';
import type { CarsonOptions, CarsonState, PendingBuild } from '../../state';
import {
  atPick,
  atPlacement,
  FIRST_GAME,
  ofType,
  P,
  put,
  scriptedRng,
  send,
  setTurnOrder,
} from '../../testing/fixtures';
import { startGame } from '../../testing/harness';
import { Codes } from '../../validate';

/** Row 4 from the west edge to the east edge: 8 river tiles (T20's count). */
const ROW4 = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => ({ c, r: 4 }));
const TILES_ROW4 = { modules: ['CARSON_RIVER'], river: { board: 'TILES', course: ROW4 } };

const H = (x: number, y: number) => edgeId({ dir: 'H', x, y });
const V = (x: number, y: number) => edgeId({ dir: 'V', x, y });

/** A cleared 3-player city (fixtures.atPlacement) with the river on row 4 and seat 0 to act. */
function riverCity(): CarsonState {
  const s = atPlacement(3, FIRST_GAME, [1, 2, 3]);
  for (const r of ROW4) put(s, r.c, r.r, 'RIVER');
  setTurnOrder(s, [0, 1, 2]);
  return s;
}

function refusal(s: CarsonState, seat: Seat, cmd: CarsonCommand): RuleViolation {
  const r = engine.decide(s, seat, cmd, createRng('x'));
  if (!isViolation(r)) throw new Error(`accepted: ${JSON.stringify(cmd)}`);
  return r;
}

function options(raw: unknown): CarsonOptions | RuleViolation {
  return engine.parseOptions(raw, 3);
}

describe('options (§10, §10.2)', () => {
  test('modules default to none, without a river', () => {
    expect(options({})).toMatchObject({ modules: [], river: null });
  });
  test('unknown modules and modules not built yet are INVALID_OPTIONS', () => {
    expect(options({ modules: ['RIVERDANCE'] })).toMatchObject({ code: CommonViolations.INVALID_OPTIONS });
    for (const m of [] as string[]) {
      const r = options({ modules: [m] });
      expect(r).toMatchObject({ code: CommonViolations.INVALID_OPTIONS });
      expect((r as RuleViolation).message).toMatch(/not yet supported/);
    }
    expect(options({ modules: 'CARSON_RIVER' })).toMatchObject({ code: CommonViolations.INVALID_OPTIONS });
    expect(options({ modules: ['CARSON_RIVER', 'CARSON_RIVER'] })).toMatchObject({
      code: CommonViolations.INVALID_OPTIONS,
    });
  });
  test('CARSON_RIVER alone is the river side of the board with the documented default course', () => {
    const o = options({ modules: ['CARSON_RIVER'] }) as CarsonOptions;
    expect(o.modules).toEqual(['CARSON_RIVER']);
    expect(o.river).toEqual({ board: 'RIVER_SIDE', course: RIVER_SIDE_COURSE });
    expect(courseProblem(RIVER_SIDE_COURSE)).toBeNull();
    expect(options({ modules: ['CARSON_RIVER'], river: { board: 'RIVER_SIDE' } })).toEqual(o);
    expect(options({ modules: ['CARSON_RIVER'], river: null })).toEqual(o);
    // Parsed options are accepted again (as a LIST: the base options re-parse that way).
    expect(options({ ...o, personalitySet: 'LIST' })).toEqual({ ...o, personalitySet: 'LIST' });
    expect(options({ modules: [], river: null })).toMatchObject({ modules: [], river: null });
    const tiles = options(TILES_ROW4) as CarsonOptions;
    expect(options({ ...tiles, personalitySet: 'LIST' })).toEqual({ ...tiles, personalitySet: 'LIST' });
    expect(
      options({ modules: ['CARSON_RIVER'], river: { board: 'RIVER_SIDE', course: ROW4 } }),
    ).toMatchObject({ code: CommonViolations.INVALID_OPTIONS });
  });
  test('river tiles: an agreed course from board edge to board edge', () => {
    expect(options(TILES_ROW4)).toMatchObject({ river: { board: 'TILES', course: ROW4 } });
    // A bend: west edge, then down to the south edge.
    const bend = [
      { c: 1, r: 2 },
      { c: 2, r: 2 },
      { c: 3, r: 2 },
      { c: 3, r: 3 },
      { c: 3, r: 4 },
      { c: 3, r: 5 },
      { c: 3, r: 6 },
      { c: 3, r: 7 },
      { c: 3, r: 8 },
    ];
    expect(options({ modules: ['CARSON_RIVER'], river: { board: 'TILES', course: bend } })).toMatchObject({
      river: { course: bend },
    });
  });
  test('bad courses and a river without the module are INVALID_OPTIONS', () => {
    const bad = (course: unknown, why: RegExp) => {
      const r = options({ modules: ['CARSON_RIVER'], river: { board: 'TILES', course } });
      expect(r).toMatchObject({ code: CommonViolations.INVALID_OPTIONS });
      expect((r as RuleViolation).message).toMatch(why);
    };
    bad(undefined, /course/);
    bad([{ c: 1, r: 4 }], /2 to 15/);
    bad([...ROW4, ...[8, 7, 6, 5, 4, 3, 2, 1].map((c) => ({ c, r: 6 }))], /2 to 15/);
    bad(
      [
        { c: 1, r: 4 },
        { c: 3, r: 4 },
      ],
      /share a side/,
    );
    bad(
      [
        { c: 1, r: 4 },
        { c: 2, r: 5 },
      ],
      /share a side/,
    );
    bad(
      [
        { c: 1, r: 4 },
        { c: 2, r: 4 },
        { c: 3, r: 4 },
      ],
      /board edge/,
    );
    bad(
      [
        { c: 1, r: 4 },
        { c: 1, r: 4 },
      ],
      /once/,
    );
    bad(
      [
        { c: 0, r: 4 },
        { c: 1, r: 4 },
      ],
      /1\.\.8/,
    );
    // U-turn whose arms run side by side: the river touches itself.
    bad(
      [
        { c: 1, r: 2 },
        { c: 2, r: 2 },
        { c: 2, r: 3 },
        { c: 1, r: 3 },
      ],
      /touch itself/,
    );
    // A loop that comes back to touch itself only at a corner.
    bad(
      [
        { c: 1, r: 3 },
        { c: 2, r: 3 },
        { c: 3, r: 3 },
        { c: 3, r: 2 },
        { c: 4, r: 2 },
        { c: 5, r: 2 },
        { c: 5, r: 3 },
        { c: 5, r: 4 },
        { c: 4, r: 4 },
        { c: 4, r: 5 },
        { c: 4, r: 6 },
        { c: 4, r: 7 },
        { c: 4, r: 8 },
      ],
      /corner/,
    );
    expect(options({ river: { board: 'RIVER_SIDE' } })).toMatchObject({
      code: CommonViolations.INVALID_OPTIONS,
    });
    expect(options({ modules: ['CARSON_RIVER'], river: { board: 'SKY' } })).toMatchObject({
      code: CommonViolations.INVALID_OPTIONS,
    });
  });
});

describe('setup with the river (§3 steps 4, 6 and 10, §10.2)', () => {
  test('the river is laid first; centre and mountain rolls on it are rolled again', () => {
    const o = options({ ...TILES_ROW4, personalitySet: 'FIRST_GAME' }) as CarsonOptions;
    // Centre: (3,3) -> (4,4) river, again (3,4) -> (4,5). Mountain 1: (1,3) -> (2,4) river, again (5,5) -> (6,6).
    const events = engine.setup(o, 3, scriptedRng([3, 3, 3, 4, 1, 3, 5, 5]));
    let s: CarsonState | null = null;
    for (const e of events) s = engine.evolve(s, e);
    const river = ofType(events, 'RIVER_PLACED');
    expect(river).toEqual([
      { type: 'RIVER_PLACED', board: 'TILES', parcels: ROW4.map((r) => P(r.c, r.r)), mountains: 7 },
    ]);
    const centre = ofType(events, 'TOWN_CENTRE_PLACED')[0];
    expect(centre).toMatchObject({ white: 3, black: 4, parcel: P(4, 5), rerolled: [[3, 3]] });
    const mountains = ofType(events, 'MOUNTAIN_PLACED');
    expect(mountains).toHaveLength(7);
    expect(mountains[0]).toEqual({
      type: 'MOUNTAIN_PLACED',
      rolls: [
        [1, 3],
        [5, 5],
      ],
      parcel: P(6, 6),
    });
    for (const r of ROW4) expect(s!.parcels[P(r.c, r.r)]).toEqual({ owner: null, content: 'RIVER' });
    // Initial roads around the centre are never bridges.
    for (const e of parcelSides(P(4, 5))) expect(isBridge(s!, e)).toBe(false);
  });
  test('the draft never takes a river parcel (RIVER_PARCEL); legal commands do not offer one', () => {
    const { state } = startGame(TILES_ROW4, 3, 'draft');
    const seat = state.flow.prompt!.seat;
    expect(state.flow.prompt!.kind).toBe('CHOOSE_STARTING_PARCEL');
    expect(refusal(state, seat, { type: 'CHOOSE_STARTING_PARCEL', parcel: { c: 2, r: 4 } }).code).toBe(
      Codes.RIVER_PARCEL,
    );
    const offered = engine.legalCommands(state, seat).filter((c) => c.type === 'CHOOSE_STARTING_PARCEL');
    expect(offered.some((c) => c.type === 'CHOOSE_STARTING_PARCEL' && c.parcel.r === 4)).toBe(false);
    expect(offered).toHaveLength(64 - 8);
  });
  test('the view shows the river, its bridge slots and the bridges built', () => {
    const { state } = startGame(TILES_ROW4, 3, 'view');
    const v = engine.view(state, 0);
    expect(v.river!.board).toBe('TILES');
    expect(v.river!.parcels).toEqual(ROW4);
    // V(0..8, 3): the two border edges and the 7 edges between river parcels.
    expect(v.river!.bridgeSlots).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((x) => ({ dir: 'V', x, y: 3 })));
    expect(v.river!.bridges).toEqual([]);
    expect(engine.view(startGame({}, 3, 'view').state, 0).river).toBeNull();
  });
});

describe('T20 and river parcels (§10.2)', () => {
  test('T20: mountains 9 - floor(tiles / 3); 6 on the river board', () => {
    expect(riverMountains('TILES', 8)).toBe(7);
    expect(riverMountains('RIVER_SIDE', RIVER_SIDE_COURSE.length)).toBe(6);
  });
  test('buying a river parcel is refused (RIVER_PARCEL) and never offered', () => {
    const s = riverCity();
    const cmd: CarsonCommand = { type: 'PLACE_COWBOY', target: { kind: 'PARCEL', parcel: { c: 4, r: 4 } } };
    expect(refusal(s, 0, cmd).code).toBe(Codes.RIVER_PARCEL);
    const targets = engine
      .legalCommands(s, 0)
      .filter((c) => c.type === 'PLACE_COWBOY' && c.target.kind === 'PARCEL');
    expect(targets.length).toBeGreaterThan(0);
    expect(
      targets.some((c) => c.type === 'PLACE_COWBOY' && c.target.kind === 'PARCEL' && c.target.parcel.r === 4),
    ).toBe(false);
  });
  test('building or adding a House on a river parcel is refused (RIVER_PARCEL)', () => {
    const s = riverCity();
    s.players[0].pending = ['RANCH', 'DRUGSTORE'];
    s.roads = parcelSides(P(4, 5));
    put(s, 4, 5, null, 0);
    s.flow.prompt = { seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null };
    expect(refusal(s, 0, { type: 'BUILD_PENDING', building: 'RANCH', parcel: { c: 4, r: 4 } }).code).toBe(
      Codes.RIVER_PARCEL,
    );
    const build: PendingBuild = {
      building: 'DRUGSTORE',
      parcel: P(4, 5),
      needed: 1,
      houses: [],
      refused: [],
      mode: 'WINDOW',
    };
    s.flow.prompt = { seat: 0, kind: 'PLACE_HOUSE', build };
    // (4,4) is connected (a corner on the road) but it is river: no House.
    expect(houseSpots(s, build).some((h) => h.parcel === P(4, 4))).toBe(false);
    expect(houseSpots(s, build).some((h) => h.parcel === P(3, 5))).toBe(true);
    expect(refusal(s, 0, { type: 'PLACE_HOUSE', parcel: { c: 4, r: 4 }, townHouse: false }).code).toBe(
      Codes.RIVER_PARCEL,
    );
  });
  test('the Town House condition counts river parcels as occupied', () => {
    const s = riverCity();
    put(s, 4, 5, 'HOUSE');
    // Around (4,5): (3,4), (4,4), (5,4) are river; the other five hold a property tile or a tile.
    put(s, 3, 5, null, 1);
    put(s, 5, 5, 'MOUNTAIN');
    put(s, 3, 6, 'HOUSE');
    put(s, 4, 6, null, 2);
    put(s, 5, 6, 'RANCH', 2);
    const build: PendingBuild = {
      building: 'BANK',
      parcel: P(6, 7),
      needed: 1,
      houses: [],
      refused: [],
      mode: 'WINDOW',
    };
    expect(houseSpots(s, build)).toContainEqual({ parcel: P(4, 5), town: true });
    put(s, 4, 4, null); // without the river there, (4,5) is not surrounded
    expect(houseSpots(s, build)).not.toContainEqual({ parcel: P(4, 5), town: true });
  });
  test('Ranch income counts river parcels as free; the river adds nothing to parcel prices', () => {
    const s = riverCity();
    put(s, 2, 5, 'RANCH', 0);
    for (const [c, r] of [
      [1, 5],
      [3, 5],
      [1, 6],
      [2, 6],
      [3, 6],
    ])
      put(s, c, r, 'HOUSE');
    // Free around (2,5): only the river parcels (1,4), (2,4), (3,4).
    expect(incomeLevel(s, P(2, 5))).toBe(3);
    expect(parcelPrice(s, P(2, 3), 0)).toBe(1);
    expect(parcelPrice(s, P(2, 3), null)).toBe(1);
  });
  test('Mine: +$3 once when touching the river, whatever the number of river parcels', () => {
    const s = riverCity();
    put(s, 5, 5, 'MINE', 0); // touches (4,4), (5,4), (6,4)
    put(s, 6, 6, 'MOUNTAIN');
    expect(incomeLevel(s, P(5, 5))).toBe(3 + 3);
    put(s, 5, 6, 'MINE', 0); // no river around, same mountain
    expect(incomeLevel(s, P(5, 6))).toBe(3);
    put(s, 1, 3, 'MINE', 0); // no mountain, river at (1,4) and (2,4)
    expect(incomeLevel(s, P(1, 3))).toBe(3);
    put(s, 3, 2, 'MINE', 0); // river two rows away: nothing
    expect(incomeLevel(s, P(3, 2))).toBe(0);
  });
});

describe('bridges (§10.2, §13 #38)', () => {
  test('a bridge slot is an edge whose every parcel is river (border edges: their only parcel)', () => {
    const s = riverCity();
    expect(edgeParcels(V(0, 3))).toEqual([P(1, 4)]);
    expect(isBridge(s, V(0, 3))).toBe(true);
    expect(isBridge(s, V(3, 3))).toBe(true);
    expect(isBridge(s, H(3, 3))).toBe(false); // the bank between (4,4) and (4,3)
    expect(isBridge(s, H(3, 4))).toBe(false);
    expect(bridgeSlots(s)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((x) => V(x, 3)));
    // Every edge from the north bank (y = 3) to the south bank (y = 4) is a bridge slot.
    for (let x = 0; x <= 8; x++) expect(isBridge(s, V(x, 3))).toBe(true);
    expect(bridgeSlots(atPlacement(3, FIRST_GAME, [1, 2, 3]))).toEqual([]);
  });
  test('crossing takes 2 roads from the reserve: refused with one (BRIDGE_NEEDS_TWO_ROADS), not offered', () => {
    const s = riverCity();
    s.roads = [H(2, 3)]; // on the north bank, ends at vertex (3,3)
    s.players[0].roads = 1;
    const bridge: CarsonCommand = { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 3 } };
    expect(legalRoadEdges(s)).toContain(V(3, 3));
    expect(refusal(s, 0, bridge).code).toBe(Codes.BRIDGE_NEEDS_TWO_ROADS);
    const roads = engine
      .legalCommands(s, 0)
      .filter((c) => c.type === 'PLACE_ROAD')
      .map((c) => (c.type === 'PLACE_ROAD' ? edgeId(c.edge) : -1));
    expect(roads).not.toContain(V(3, 3));
    expect(roads).not.toContain(V(2, 3));
    expect(roads).toContain(V(3, 2));
    s.players[0].roads = 2;
    expect(engine.legalCommands(s, 0)).toContainEqual(bridge);
  });
  test('a bridge spends 2 roads, is a normal road edge afterwards and connects the other bank', () => {
    const s = riverCity();
    s.roads = [H(2, 3)];
    s.players[0].roads = 3;
    const r = send(s, 0, { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 3 } });
    expect(ofType(r.events, 'ROAD_PLACED')).toEqual([
      {
        type: 'ROAD_PLACED',
        seat: 0,
        edge: V(3, 3),
        newlyConnected: [P(3, 5), P(4, 5)],
        fromReserve: true,
        bridge: true,
      },
    ]);
    expect(r.state.players[0].roads).toBe(1);
    // Roads may now go on along the south bank.
    expect(legalRoadEdges(r.state)).toContain(H(3, 4));
    expect(engine.view(r.state, 0).river!.bridges).toEqual([{ dir: 'V', x: 3, y: 3 }]);
  });
  test('without a bridge a road cannot reach the other bank', () => {
    const s = riverCity();
    s.roads = [H(0, 3), H(1, 3), H(2, 3), H(3, 3), H(4, 3), H(5, 3), H(6, 3), H(7, 3)];
    const normal = legalRoadEdges(s).filter((e) => !isBridge(s, e));
    expect(normal.length).toBeGreaterThan(0);
    // No normal road touches a vertex of the south bank (vertex row y >= 4).
    for (const e of normal) for (const v of edgeVertices(e)) expect(Math.floor(v / 9)).toBeLessThanOrEqual(3);
  });
  test('yellow Governor: +2 VP for a bridge reaching a newly connected parcel; no VP for reaching only river', () => {
    const s = riverCity();
    s.players[0].held = [{ id: 13, side: 'YELLOW' }];
    s.players[0].roads = 3;
    s.roads = [H(2, 3)];
    const r = send(s, 0, { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 3 } });
    expect(ofType(r.events, 'VP')).toEqual([{ type: 'VP', seat: 0, delta: 2, reason: 'GOVERNOR_BRIDGE' }]);
    // A bridge that reaches nothing new: no VP.
    const t = riverCity();
    t.players[0].held = [{ id: 13, side: 'YELLOW' }];
    t.players[0].roads = 2;
    t.roads = [H(2, 3), H(3, 4), H(2, 4)];
    expect(ofType(send(t, 0, { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 3 } }).events, 'VP')).toEqual(
      [],
    );
    // A normal road whose only newly connected parcels are river: no VP (README decision).
    const u = riverCity();
    u.players[0].held = [{ id: 13, side: 'YELLOW' }];
    u.players[0].roads = 1;
    u.roads = [H(2, 2), H(3, 2)];
    const ru = send(u, 0, { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 2 } });
    expect(ofType(ru.events, 'ROAD_PLACED')[0].newlyConnected).toEqual([P(3, 4), P(4, 4)]);
    expect(ofType(ru.events, 'VP')).toEqual([]);
    // A normal road reaching land: +1 as usual.
    u.roads = [H(2, 2)];
    expect(ofType(send(u, 0, { type: 'PLACE_ROAD', edge: { dir: 'H', x: 3, y: 2 } }).events, 'VP')).toEqual([
      { type: 'VP', seat: 0, delta: 1, reason: 'GOVERNOR_ROAD' },
    ]);
  });
  test('end scoring: 3 VP instead of 2 for a possession a bridge touches at a corner', () => {
    const s = riverCity();
    s.roads = [H(2, 3), V(3, 3)];
    put(s, 4, 5, 'HOUSE', 0); // corner (3,4) of the bridge
    put(s, 3, 3, null, 0); // touched, but an empty property tile scores nothing
    put(s, 6, 6, 'MOUNTAIN', 0); // far from the bridge
    put(s, 4, 3, 'MINE', 1); // corner (3,3)
    put(s, 5, 5, 'HOUSE', 1); // no corner on the bridge
    const { scores } = finalScores(s);
    expect(scores[0]).toMatchObject({ possessions: 4, bridges: 1 });
    expect(scores[1]).toMatchObject({ possessions: 4, bridges: 1 });
    expect(scores[0].total).toBe(s.players[0].vp + scores[0].money + 5);
  });
  test('the Town Hall roads from the general reserve never make a bridge', () => {
    const s = riverCity();
    s.roads = [H(2, 3)];
    // Every land parcel north of the river is taken: the free ones are across the river.
    for (let r = 1; r <= 3; r++) for (let c = 1; c <= 8; c++) put(s, c, r, null, 0);
    expect(townHallOptions(s)).toEqual([]);
    s.roads = [H(2, 3), V(3, 3)];
    expect(townHallOptions(s).map((o) => o.parcel)).toContain(P(3, 5));
  });
});

describe('Schools: at most one on each side of the river (§10.2)', () => {
  test('sides are the land regions the river separates', () => {
    const side = riverSides(ROW4.map((r) => P(r.c, r.r)));
    expect(side[P(4, 4)]).toBe(-1);
    expect(side[P(1, 1)]).toBe(side[P(8, 3)]);
    expect(side[P(1, 5)]).toBe(side[P(8, 8)]);
    expect(side[P(1, 1)]).not.toBe(side[P(1, 5)]);
  });
  test('a second School on the same side is refused (ONE_SCHOOL_PER_SIDE); the other side is fine', () => {
    const s = riverCity();
    put(s, 5, 2, 'SCHOOL', 1);
    put(s, 3, 2, null, 0);
    put(s, 3, 6, null, 0);
    s.roads = [...parcelSides(P(3, 2)), ...parcelSides(P(3, 6))];
    s.players[0].pending = ['SCHOOL'];
    s.flow.prompt = { seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null };
    expect(refusal(s, 0, { type: 'BUILD_PENDING', building: 'SCHOOL', parcel: { c: 3, r: 2 } }).code).toBe(
      Codes.ONE_SCHOOL_PER_SIDE,
    );
    const legal = engine.legalCommands(s, 0);
    expect(legal).toContainEqual({ type: 'BUILD_PENDING', building: 'SCHOOL', parcel: { c: 3, r: 6 } });
    expect(legal).not.toContainEqual({ type: 'BUILD_PENDING', building: 'SCHOOL', parcel: { c: 3, r: 2 } });
    // Without the river, two Schools anywhere.
    for (const r of ROW4) put(s, r.c, r.r, null);
    expect(engine.legalCommands(s, 0)).toContainEqual({
      type: 'BUILD_PENDING',
      building: 'SCHOOL',
      parcel: { c: 3, r: 2 },
    });
  });
});

describe('commands in a river game never throw (parseCommand, decide)', () => {
  test('every edge as PLACE_ROAD: accepted, ILLEGAL_ROAD or BRIDGE_NEEDS_TWO_ROADS; junk is INVALID_COMMAND', () => {
    const s = riverCity();
    s.roads = [H(2, 3), H(3, 3)];
    s.players[0].roads = 1;
    const codes = new Set<string>();
    for (const dir of ['H', 'V'] as const) {
      for (let x = 0; x <= 8; x++) {
        for (let y = 0; y <= 8; y++) {
          const parsed = engine.parseCommand({ type: 'PLACE_ROAD', edge: { dir, x, y } });
          if (isViolation(parsed)) {
            expect(parsed.code).toBe(CommonViolations.INVALID_COMMAND);
            continue;
          }
          const r = engine.decide(s, 0, parsed, createRng('e'));
          if (isViolation(r)) codes.add(r.code);
        }
      }
    }
    expect([...codes].sort()).toEqual([Codes.BRIDGE_NEEDS_TWO_ROADS, Codes.ILLEGAL_ROAD].sort());
    for (const junk of [
      { type: 'PLACE_ROAD', edge: { dir: 'V', x: 3, y: 3, bridge: true } },
      { type: 'PLACE_ROAD', edge: { dir: 'D', x: 3, y: 3 } },
      { type: 'PLACE_ROAD', edge: { dir: 'V', x: 9, y: 3 } },
      { type: 'PLACE_ROAD', bridge: true, edge: { dir: 'V', x: 3, y: 3 } },
      { type: 'BUILD_BRIDGE' },
      { type: 'PLACE_COWBOY', target: { kind: 'PARCEL', parcel: { c: 4, r: 4, river: true } } },
      null,
      'RIVER',
    ]) {
      expect(engine.parseCommand(junk)).toMatchObject({ code: CommonViolations.INVALID_COMMAND });
    }
  });
});

describe('river parcels in personality and Town Hall choices (§9.2 #8, §6.3)', () => {
  test('the yellow Indian rolls again on a river parcel', () => {
    const s = atPick(
      2,
      [1, 2, 3, 4, 5, 6, 8].map((id) => ({ id, side: 'YELLOW' as const })),
    );
    s.parcels[P(2, 3)] = { owner: null, content: 'RIVER' };
    s.parcels[P(2, 2)] = { owner: null, content: null };
    const seat = s.flow.prompt!.seat;
    const r = send(s, seat, { type: 'PICK_CHARACTER', personality: 8 }, scriptedRng([1, 2, 1, 1, 6, 6]));
    const claims = ofType(r.events, 'PARCEL_CLAIMED');
    expect(claims.map((c) => [c.parcel, c.rolls])).toEqual([
      [
        P(2, 2),
        [
          [1, 2],
          [1, 1],
        ],
      ],
      [P(7, 7), [[6, 6]]],
    ]);
  });
  test('the Town Hall and a chosen parcel on the river are RIVER_PARCEL', () => {
    const s = riverCity();
    s.roads = parcelSides(P(4, 5));
    s.flow.prompt = { seat: 0, kind: 'PLACE_TOWN_HALL' };
    expect(townHallOptions(s).some((o) => o.parcel === P(4, 4))).toBe(false);
    expect(refusal(s, 0, { type: 'PLACE_TOWN_HALL', parcel: { c: 4, r: 4 } }).code).toBe(Codes.RIVER_PARCEL);
    s.flow.prompt = {
      seat: 0,
      kind: 'CHOOSE_PARCEL',
      purpose: 'SETTLER',
      parcels: [P(4, 5)],
      optional: false,
    };
    expect(refusal(s, 0, { type: 'CHOOSE_PARCEL', parcel: { c: 4, r: 4 } }).code).toBe(Codes.RIVER_PARCEL);
  });
  test('the default river side splits the board into two sides', () => {
    const side = riverSides(RIVER_SIDE_COURSE.map((r) => P(r.c, r.r)));
    expect(new Set(side.filter((x) => x >= 0)).size).toBe(2);
  });
});
