/** Pure rules: prices, incomes, geometry (spec §2, §5.4, §6; worked examples §12). */
import { EDGE_COUNT, edgeId, edgeVertices, parcelFromDice, parcelSides } from './data/board';
import { STEPS } from './data/actions';
import { finalScores } from './score';
import {
  playerBeatsStandish,
  standishFinalScore,
  standishIncomeVp,
  standishStrength,
  strategyBonus,
  type CardLetter,
} from './modules/solo/solo';
import type { BuildingType } from './data/buildings';
import {
  buildingPrice,
  cityHouseIcons,
  connectedParcels,
  incomeLevel,
  isAttackable,
  isLegalRoadEdge,
  legalRoadEdges,
  newlyConnectedBy,
  onCompleteLine,
  parcelPrice,
  roadVertices,
} from './rules';
import { createRng } from '../random';
import type { CarsonCommand } from './commands';
import { RIVER_SIDE_COURSE } from './modules/river/river';
import { NORMAL_START_SHEET, sheetTotal } from './modules/anb/anb';
import type { CarsonEvent } from './events';
import { carsonCityEngine as engine } from './index';
import { Ctx } from './ctx';
import { cloneState } from './evolve';
import { advance } from './flow';
import { atPlacement, drive, FIRST_GAME, ofType, P, put, send, setTurnOrder } from './testing/fixtures';
import { startGame } from './testing/harness';
import type { CarsonState } from './state';

function city(): CarsonState {
  return atPlacement(3, FIRST_GAME, [1, 2, 3]);
}

describe('parcel price (§5.4)', () => {
  test('T2: 2 Houses, 2 Saloons and a mountain around -> $6', () => {
    const s = city();
    put(s, 4, 4, 'HOUSE');
    put(s, 5, 4, 'HOUSE', 1);
    put(s, 3, 5, 'SALOON', 0);
    put(s, 5, 6, 'SALOON', 2);
    put(s, 3, 6, 'MOUNTAIN');
    expect(parcelPrice(s, P(4, 5), 0)).toBe(6);
  });
  test('T2 boundaries: nothing around $1, everything occupied $10, red Indian $3 (§13 #23)', () => {
    const s = city();
    expect(parcelPrice(s, P(4, 5), 0)).toBe(1);
    for (let c = 3; c <= 5; c++) for (let r = 4; r <= 6; r++) put(s, c, r, 'HOUSE');
    expect(parcelPrice(s, P(4, 5), 0)).toBe(10);
    s.players[1].held = [{ id: 8, side: 'RED' }];
    expect(parcelPrice(s, P(4, 5), 1)).toBe(3);
    expect(parcelPrice(s, P(4, 5), 0)).toBe(10);
  });
  test('§13 #15: a Town House counts as one tile', () => {
    const s = city();
    put(s, 4, 4, 'TOWN_HOUSE');
    expect(parcelPrice(s, P(4, 5), 0)).toBe(2);
  });
});

describe('building income (§6)', () => {
  test('T3: Saloon $5 per countable House icon; a House on a rival parcel helps only its owner', () => {
    const s = city();
    // Randy (0) Saloon at (3,3): Houses unowned, unowned, Randy's.
    put(s, 3, 3, 'SALOON', 0);
    put(s, 2, 2, 'HOUSE');
    put(s, 3, 2, 'HOUSE');
    put(s, 4, 2, 'HOUSE', 0);
    // Sarah (2) Saloon at (6,6): two unowned Houses and one on Randy's parcel.
    put(s, 6, 6, 'SALOON', 2);
    put(s, 5, 5, 'HOUSE');
    put(s, 6, 5, 'HOUSE');
    put(s, 7, 5, 'HOUSE', 0);
    expect(incomeLevel(s, P(3, 3))).toBe(15);
    expect(incomeLevel(s, P(6, 6))).toBe(10);
  });
  test('T4: Drugstore counts its owner’s adjacent Ranch twice -> $15', () => {
    const s = city();
    put(s, 4, 4, 'DRUGSTORE', 0);
    put(s, 3, 3, 'HOUSE');
    put(s, 4, 3, 'HOUSE');
    put(s, 5, 3, 'HOUSE', 0);
    put(s, 5, 4, 'RANCH', 0);
    expect(incomeLevel(s, P(4, 4))).toBe(15);
  });
  test('T5: Bank with a House and a Hotel adjacent and one Mine anywhere -> $12', () => {
    const s = city();
    put(s, 4, 4, 'BANK', 0);
    put(s, 3, 3, 'HOUSE');
    put(s, 5, 5, 'HOTEL', 0);
    put(s, 8, 8, 'MINE', 0);
    expect(incomeLevel(s, P(4, 4))).toBe(12);
  });
  test('T6: Grocery $6 own House, $3 other House, $3 rival Church -> $12', () => {
    const s = city();
    put(s, 4, 4, 'GROCERY', 0);
    put(s, 3, 3, 'HOUSE', 0);
    put(s, 4, 3, 'HOUSE', 1);
    put(s, 5, 3, 'CHURCH', 2);
    expect(incomeLevel(s, P(4, 4))).toBe(12);
  });
  test('§13 #46 Ranch: $1 per free neighbour (property tiles allowed), minimum $1', () => {
    const s = city();
    put(s, 1, 1, 'RANCH', 0);
    expect(incomeLevel(s, P(1, 1))).toBe(3);
    put(s, 2, 1, null, 1);
    expect(incomeLevel(s, P(1, 1))).toBe(3);
    put(s, 2, 1, 'HOUSE');
    put(s, 1, 2, 'MOUNTAIN');
    put(s, 2, 2, 'BANK', 1);
    expect(incomeLevel(s, P(1, 1))).toBe(1);
  });
  test('Mine: $3 per mountain unowned or own; a rival’s mountain does not count', () => {
    const s = city();
    put(s, 4, 4, 'MINE', 0);
    put(s, 3, 3, 'MOUNTAIN');
    put(s, 4, 3, 'MOUNTAIN', 0);
    put(s, 5, 3, 'MOUNTAIN', 1);
    expect(incomeLevel(s, P(4, 4))).toBe(6);
  });
  test('Hotel and Train Station count as two Houses; Church, School, Ranch, Town Hall as one', () => {
    const s = city();
    put(s, 4, 4, 'SALOON', 0);
    put(s, 3, 3, 'HOTEL', 0);
    put(s, 4, 3, 'TRAIN_STATION', 0);
    put(s, 5, 3, 'CHURCH', 0);
    put(s, 3, 4, 'SCHOOL', 0);
    put(s, 5, 4, 'RANCH', 0);
    put(s, 3, 5, 'TOWN_HALL');
    put(s, 4, 5, 'TOWN_HOUSE');
    put(s, 5, 5, 'BANK', 0);
    expect(incomeLevel(s, P(4, 4))).toBe(5 * (2 + 2 + 1 + 1 + 1 + 1 + 2));
  });
  test('Hotel: fixed $6, not raised by the Town Hall (§6.3)', () => {
    const s = city();
    put(s, 4, 4, 'HOTEL', 0);
    s.townHall = { parcel: P(8, 8), occupant: 0 };
    expect(incomeLevel(s, P(4, 4))).toBe(6);
  });
  test('caps: Drugstore and Grocery $33, Bank $45, Saloon $55, Blacksmith $40', () => {
    const s = city();
    for (let c = 1; c <= 3; c++) for (let r = 1; r <= 3; r++) put(s, c, r, 'TOWN_HOUSE', 0);
    for (const [type, cap] of [
      ['DRUGSTORE', 33],
      ['GROCERY', 33],
      ['BANK', 45],
      ['SALOON', 55],
    ] as const) {
      put(s, 2, 2, type, 0);
      expect(incomeLevel(s, P(2, 2))).toBe(cap);
    }
    for (let i = 1; i <= 8; i++) put(s, i, 8, 'RANCH', 0);
    put(s, 6, 5, 'BLACKSMITH', 0);
    s.round = 4;
    expect(incomeLevel(s, P(6, 5))).toBe(40);
  });
  test('T26: Blacksmith round 3 with 2 Ranches $25, with the Town Hall $30', () => {
    const s = city();
    s.round = 3;
    put(s, 4, 4, 'BLACKSMITH', 0);
    put(s, 1, 1, 'RANCH', 0);
    put(s, 8, 8, 'RANCH', 0);
    expect(incomeLevel(s, P(4, 4))).toBe(25);
    s.townHall = { parcel: P(6, 6), occupant: 0 };
    expect(incomeLevel(s, P(4, 4))).toBe(30);
  });
  test('§13 #12: Town Hall +1 level (+$3 Drugstore/Bank/Grocery, +$5 Saloon/Blacksmith), capped; Ranch/Mine unchanged', () => {
    const s = city();
    put(s, 2, 2, 'DRUGSTORE', 0);
    put(s, 4, 2, 'BANK', 0);
    put(s, 6, 2, 'SALOON', 0);
    put(s, 2, 5, 'GROCERY', 0);
    put(s, 4, 5, 'RANCH', 0);
    put(s, 6, 5, 'MINE', 0);
    put(s, 7, 6, 'MOUNTAIN');
    const before = [P(2, 2), P(4, 2), P(6, 2), P(2, 5), P(4, 5), P(6, 5)].map((p) => incomeLevel(s, p));
    s.townHall = { parcel: P(8, 8), occupant: 0 };
    const after = [P(2, 2), P(4, 2), P(6, 2), P(2, 5), P(4, 5), P(6, 5)].map((p) => incomeLevel(s, p));
    expect(after.map((a, i) => a - before[i])).toEqual([3, 3, 5, 3, 0, 0]);
    for (let c = 1; c <= 3; c++)
      for (let r = 1; r <= 3; r++) if (c !== 2 || r !== 2) put(s, c, r, 'TOWN_HOUSE', 0);
    expect(incomeLevel(s, P(2, 2))).toBe(33);
  });
  test('Grocery: the Town Hall always counts at $3 (§13 #12)', () => {
    const s = city();
    put(s, 4, 4, 'GROCERY', 0);
    put(s, 4, 3, 'TOWN_HALL');
    expect(incomeLevel(s, P(4, 4))).toBe(3);
  });
});

describe('geometry (§2)', () => {
  test('§13 #7 dice addressing: die d -> column/row d+1 (inner 6x6)', () => {
    expect(parcelFromDice(1, 1)).toBe(P(2, 2));
    expect(parcelFromDice(6, 6)).toBe(P(7, 7));
  });
  test('T17: centre (4,5), 9 connected parcels, H(4,4) connects (6,4) and (6,5), H(6,6) illegal', () => {
    const s = city();
    const centre = parcelFromDice(3, 4);
    expect(centre).toBe(P(4, 5));
    s.roads = parcelSides(centre).sort((a, b) => a - b);
    expect(s.roads).toEqual(
      [
        edgeId({ dir: 'H', x: 3, y: 4 }),
        edgeId({ dir: 'H', x: 3, y: 5 }),
        edgeId({ dir: 'V', x: 3, y: 4 }),
        edgeId({ dir: 'V', x: 4, y: 4 }),
      ].sort((a, b) => a - b),
    );
    const connected = connectedParcels(s);
    expect(connected.size).toBe(9);
    for (let c = 3; c <= 5; c++) for (let r = 4; r <= 6; r++) expect(connected.has(P(c, r))).toBe(true);
    expect(connected.has(P(6, 5))).toBe(false);
    const h44 = edgeId({ dir: 'H', x: 4, y: 4 });
    expect(legalRoadEdges(s)).toContain(h44);
    expect(newlyConnectedBy(s, h44)).toEqual([P(6, 4), P(6, 5)].sort((a, b) => a - b));
    expect(legalRoadEdges(s)).not.toContain(edgeId({ dir: 'H', x: 6, y: 6 }));
  });
  test('legal road slots: every free edge with an end on the network, on random networks', () => {
    // The definition (§5.4) written plainly, against legalRoadEdges's flagged typed array.
    const plain = (st: CarsonState) => {
      const v = roadVertices(st);
      const taken = new Set(st.roads);
      const out: number[] = [];
      for (let e = 0; e < EDGE_COUNT; e++)
        if (!taken.has(e) && edgeVertices(e).some((x) => v.has(x))) out.push(e);
      return out;
    };
    const s = city();
    const rng = createRng('road-slots');
    for (let n = 0; n < 200; n++) {
      s.roads = [...new Set(Array.from({ length: rng.int(0, 40) }, () => rng.int(0, EDGE_COUNT - 1)))];
      expect(legalRoadEdges(s)).toEqual(plain(s));
      const legal = new Set(plain(s));
      for (let e = -1; e <= EDGE_COUNT; e++) expect(isLegalRoadEdge(s, e)).toBe(legal.has(e));
    }
  });
  test('§13 #14: border edges are legal road slots', () => {
    const s = city();
    s.roads = [edgeId({ dir: 'H', x: 0, y: 1 })];
    // V(0,0) runs along the west border from (0,0) to (0,1) and touches the road's end (0,1).
    expect(legalRoadEdges(s)).toContain(edgeId({ dir: 'V', x: 0, y: 0 }));
    expect(legalRoadEdges(s)).not.toContain(edgeId({ dir: 'H', x: 0, y: 0 }));
    expect(legalRoadEdges(s)).not.toContain(edgeId({ dir: 'H', x: 0, y: 1 })); // one road per edge
  });
  test('§13 #13: Train Station needs a side on a complete interior straight line', () => {
    const s = city();
    s.roads = [0, 1, 2, 3, 4, 5, 6, 7].map((x) => edgeId({ dir: 'H', x, y: 3 }));
    expect(onCompleteLine(s, P(2, 3))).toBe(true);
    expect(onCompleteLine(s, P(2, 4))).toBe(true);
    expect(onCompleteLine(s, P(2, 5))).toBe(false);
    s.roads = [0, 1, 2, 3, 4, 5, 6, 7].map((x) => edgeId({ dir: 'H', x, y: 0 }));
    expect(onCompleteLine(s, P(2, 1))).toBe(false); // border line excluded
  });
});

describe('prices, attack rules, scoring', () => {
  test('T23: yellow Chinese Worker pays half rounded up: $2 $2 $3 $3 $4 $5 $6', () => {
    const s = city();
    s.players[0].held = [{ id: 4, side: 'YELLOW' }];
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => buildingPrice(s, 0, k))).toEqual([2, 2, 3, 3, 4, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => buildingPrice(s, 1, k))).toEqual([3, 4, 5, 6, 8, 10, 12]);
  });
  test('not attackable: Prison, Church, Train Station, Town Hall, Church-protected, yellow Heroes; School is (§13 #17)', () => {
    const s = city();
    put(s, 1, 1, 'PRISON', 0);
    put(s, 3, 1, 'CHURCH', 0);
    put(s, 5, 1, 'TRAIN_STATION', 0);
    put(s, 7, 1, 'TOWN_HALL');
    put(s, 1, 5, 'SCHOOL', 0);
    put(s, 4, 2, 'SALOON', 0); // next to own Church
    put(s, 4, 5, 'SALOON', 1); // next to a rival's Church: attackable
    put(s, 4, 6, 'CHURCH', 0);
    for (const p of [P(1, 1), P(3, 1), P(5, 1), P(7, 1), P(4, 2)]) expect(isAttackable(s, p)).toBe(false);
    expect(isAttackable(s, P(1, 5))).toBe(true);
    expect(isAttackable(s, P(4, 5))).toBe(true);
    s.players[1].held = [{ id: 16, side: 'YELLOW' }];
    expect(isAttackable(s, P(4, 5))).toBe(false);
  });
  test('T7: Train Station owner scores floor(23/2) = 11 (12 Houses, 2 Hotels, 4 Ranches, 1 Church, 1 Station)', () => {
    const s = city();
    let k = 0;
    const next = () => {
      const p = k++;
      return [(p % 8) + 1, Math.floor(p / 8) + 1] as const;
    };
    for (let i = 0; i < 12; i++) put(s, ...next(), 'HOUSE');
    for (let i = 0; i < 2; i++) put(s, ...next(), 'HOTEL', 1);
    for (let i = 0; i < 4; i++) put(s, ...next(), 'RANCH', 1);
    put(s, ...next(), 'CHURCH', 1);
    put(s, ...next(), 'TRAIN_STATION', 0);
    expect(cityHouseIcons(s)).toBe(23);
    const score = finalScores(s).scores.find((x) => x.seat === 0)!;
    expect(score.trainStation).toBe(11);
    expect(score.possessions).toBe(2);
  });
  test('§13 #1: resolution order puts cowboy income before building income', () => {
    expect(STEPS.indexOf('COWBOY_INCOME')).toBeLessThan(STEPS.indexOf('ESTATE'));
    expect(STEPS.slice(0, 5)).toEqual(['WAGES', 'AMMUNITION', 'ROADS', 'ROAD', 'PARCELS']);
    expect(STEPS.slice(-4)).toEqual(['BUY_VP_5', 'BUY_VP_4', 'BUY_VP_3', 'BUY_VP_2']);
  });
});

describe('§12 worked examples of the Carson River (§10.2)', () => {
  test('T20 — River mountains: 8 river tiles -> 7 mountains; river board -> 6', () => {
    const row4 = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => ({ c, r: 4 }));
    const tiles = startGame({ modules: ['CARSON_RIVER'], river: { board: 'TILES', course: row4 } }, 3, 't20');
    const board = startGame({ modules: ['CARSON_RIVER'] }, 3, 't20');
    const base = startGame({}, 3, 't20');
    const count = (s: CarsonState, content: string) => s.parcels.filter((c) => c.content === content).length;
    expect(tiles.events.filter((e) => e.type === 'MOUNTAIN_PLACED')).toHaveLength(7);
    expect(count(tiles.state, 'MOUNTAIN')).toBe(7);
    expect(count(tiles.state, 'RIVER')).toBe(8);
    expect(count(board.state, 'MOUNTAIN')).toBe(6);
    expect(count(board.state, 'RIVER')).toBe(RIVER_SIDE_COURSE.length);
    expect(count(base.state, 'MOUNTAIN')).toBe(9);
    expect(count(base.state, 'RIVER')).toBe(0);
  });
});

describe('§12 worked examples of the Horses module (§10.6)', () => {
  test('T10 — Horses end scoring: 3 horses and 2 rodeo markers -> 9 VP', () => {
    const s = atPlacement(2, FIRST_GAME, [2, 4], { modules: ['HORSES'] });
    setTurnOrder(s, [0, 1]);
    s.round = 4;
    s.horses!.players[0] = { supply: 3, stables: [0, 0, 0, 0, 0], markers: 2 };
    expect(finalScores(s).scores[0].horses).toBe(9);
    // End to end: round 4 ends (its rodeo has no points, so no marker), then the final score.
    const end = drive(s, createRng('t10'), (p) => (p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : null));
    const ended = ofType(end.events, 'GAME_ENDED')[0];
    expect(ended.scores[0].horses).toBe(9);
    expect(ended.scores[1].horses).toBe(1);
    expect(engine.result(end.state)!.seats[0].detail).toMatchObject({ horses: 9 });
  });
  test('T11 — Rodeo: John 14, Sarah 6, John takes the marker', () => {
    let s = atPlacement(2, FIRST_GAME, [2, 4], { modules: ['HORSES'] });
    setTurnOrder(s, [0, 1]);
    const [john, sarah] = [0, 1];
    s.horses!.players[john].supply = 3;
    s.horses!.players[sarah].supply = 2;
    s.horses!.supply = 25 - 5;
    const act = (action: string) =>
      ({ type: 'PLACE_COWBOY', target: { kind: 'ACTION', action } }) as CarsonCommand;
    const script: [number, CarsonCommand][] = [
      // John: a cowboy in stable 4 and a horse there.
      [john, { type: 'PLACE_COWBOY', target: { kind: 'STABLE', stable: 4 } }],
      [john, { type: 'STABLE_HORSE', stable: 4 }],
      [sarah, act('ROADS')],
      [sarah, { type: 'STABLE_HORSE', stable: 1 }],
      [john, act('GAMBLING')],
      [john, { type: 'STABLE_HORSE', stable: 4 }],
      [sarah, act('PARCEL_INCOME')],
      [sarah, { type: 'STABLE_HORSE', stable: 5 }],
      [john, act('COWBOY_INCOME')],
      [john, { type: 'STABLE_HORSE', stable: 2 }],
      [john, { type: 'DECLINE_ACTION' }],
      [sarah, { type: 'PASS' }],
      // John has no cowboy left: he passes automatically.
    ];
    const events: CarsonEvent[] = [];
    for (const [seat, cmd] of script) {
      const r = send(s, seat, cmd);
      s = r.state;
      events.push(...r.events);
    }
    const rest = drive(s, createRng('t11'), (_p, st) => (st.flow.phase === 'PICK' ? undefined : null));
    events.push(...rest.events);
    const rodeo = ofType(events, 'RODEO')[0];
    // John: 1 x 2 + (2 x 3) x 2 = 14; Sarah: 1 x 1 + 1 x 5 = 6.
    expect(rodeo.scores.map((x) => x.score)).toEqual([14, 6]);
    expect(rodeo.scores[john].stables.filter((x) => x.points > 0)).toEqual([
      { stable: 2, horses: 1, hat: 2, cowboy: false, points: 2 },
      { stable: 4, horses: 2, hat: 3, cowboy: true, points: 12 },
    ]);
    expect(rodeo.scores[sarah].stables.filter((x) => x.points > 0)).toEqual([
      { stable: 1, horses: 1, hat: 1, cowboy: false, points: 1 },
      { stable: 5, horses: 1, hat: 5, cowboy: false, points: 5 },
    ]);
    expect(rodeo.winner).toBe(john);
    expect(rest.state.horses!.players.map((p) => [p.supply, p.markers])).toEqual([
      [3, 1],
      [2, 0],
    ]);
  });
});

describe('§12 worked examples of the solo mode (§11; the rule arithmetic in solo.ts, the flow not built yet)', () => {
  test('T12 — Standish final score 33 + 6 x 2 + 5 = 50 (solo)', () => {
    // Urban, owning a Saloon, a Grocery and a Bank (bonus 5), 6 parcels with buildings or Houses.
    const owned: BuildingType[] = ['SALOON', 'GROCERY', 'BANK', 'HOTEL'];
    const bonus = strategyBonus('URBAN', owned);
    expect(bonus).toBe(5);
    expect(standishFinalScore(33, 6, bonus)).toBe(50);
    expect(strategyBonus('URBAN', ['SALOON', 'BANK'])).toBe(0);
  });
  test('T15 — Solo Sheriff bonus: Standish strength 9 + 2 = 11 (solo)', () => {
    const power = { A: 2, B: 2, C: 2, D: 1, E: 1, F: 1, G: 1, H: 1, I: 2, X: 2 } as const;
    const cards: CardLetter[] = ['A', 'C', 'I', 'H', 'D', 'E']; // 2 + 2 + 2 + 1 + 1 + 1 = 9
    const strength = standishStrength(cards, 1, 'SHERIFF', power);
    expect(strength).toBe(11);
    expect(playerBeatsStandish(11, strength)).toBe(false); // he wins ties
    expect(playerBeatsStandish(12, strength)).toBe(true);
  });
  test('T27 — Standish income conversion: round 3, $27 -> 6 VP (solo)', () => {
    expect(standishIncomeVp(3, 27)).toBe(6);
  });
});

describe('§12 worked examples of Might is Right (§10.3)', () => {
  test('T21 — Might is Right starting money (4 players: 60 in all, total 13 -> $17; 2 players: $15)', t21);
});

/** T21 (§10.3, §13 #34): starting money with duel tiles. */
function t21(): void {
  let seen13 = false;
  for (let k = 0; k < 100; k++) {
    const { state, events } = startGame({ modules: ['MIGHT_IS_RIGHT'] }, 4, `t21-${k}`);
    const dealt = events.filter((e) => e.type === 'DUEL_TILES_DEALT');
    expect(dealt.reduce((a, e) => a + e.total, 0)).toBe(60);
    for (const e of dealt) {
      expect(state.players[e.seat].money).toBe(30 - e.total);
      if (e.total === 13) {
        seen13 = true;
        expect(state.players[e.seat].money).toBe(17);
      }
    }
  }
  expect(seen13).toBe(true);
  const two = startGame({ modules: ['MIGHT_IS_RIGHT'] }, 2, 't21-2').state;
  expect(two.players.map((p) => p.money)).toEqual([15, 15]);
}

describe('T19 — Outlaw movement (§10.5, PT example)', () => {
  test('outlaw 1 leaves Randy’s Saloon for Abigail’s richer Drugstore (the Church beside it does not stop it); outlaw 2 stays on its Blacksmith', () => {
    const s = atPlacement(3, FIRST_GAME, [1, 2, 3], { modules: ['OUTLAWS'] });
    s.round = 2;
    // Randy (0): Saloon at (4,4) with one House around -> $5.
    put(s, 4, 4, 'SALOON', 0);
    put(s, 3, 3, 'HOUSE');
    // Abigail (1): Drugstore at (5,4), next to her Church at (6,4) and Houses -> $9.
    put(s, 5, 4, 'DRUGSTORE', 1);
    put(s, 6, 4, 'CHURCH', 1);
    put(s, 6, 3, 'HOUSE');
    put(s, 6, 5, 'HOUSE');
    // Outlaw 2 on seat 2's Blacksmith at (3,7): round 2 -> $10. Around: a House, a Church, a
    // lower-income Bank ($3) and a lower-income Ranch ($5).
    put(s, 3, 7, 'BLACKSMITH', 2);
    put(s, 2, 6, 'HOUSE');
    put(s, 3, 6, 'CHURCH', 0);
    put(s, 4, 7, 'BANK', 0);
    put(s, 2, 7, 'RANCH', 1);
    expect(incomeLevel(s, P(5, 4))).toBeGreaterThan(incomeLevel(s, P(4, 4)));
    for (const q of [P(4, 7), P(2, 7)]) expect(incomeLevel(s, q)).toBeLessThan(incomeLevel(s, P(3, 7)));
    s.outlaws = {
      strength: 10,
      supply: 7,
      nextId: 3,
      figures: [
        { id: 1, parcel: P(4, 4) },
        { id: 2, parcel: P(3, 7) },
      ],
    };
    // End of Phase 1: the first player orders the moves (outlaw 1 first, then outlaw 2).
    s.turnOrder = [0, 1, 2];
    s.flow.prompt = null;
    s.flow.tasks = [
      { t: 'OUTLAW_MOVES', remaining: null },
      { t: 'PLACE_TURN', index: 0 },
    ];
    const ctx = new Ctx(cloneState(s), createRng('t19'));
    advance(ctx);
    expect(ctx.state.flow.prompt).toMatchObject({
      seat: 0,
      kind: 'CHOOSE_OPTION',
      purpose: 'OUTLAW_MOVE_ORDER',
      options: ['OUTLAW_1', 'OUTLAW_2'],
    });
    // A hand-built position: its prompt follows from no fact, so a FLOW records it (as stored games' do).
    ctx.emit({ type: 'FLOW', flow: ctx.state.flow });
    let state = s;
    for (const e of ctx.events) state = engine.evolve(state, e);
    const run = send(state, 0, { type: 'CHOOSE_OPTION', option: 'OUTLAW_1' });
    const moves = run.events.filter(
      (e): e is Extract<CarsonEvent, { type: 'OUTLAW_MOVED' }> => e.type === 'OUTLAW_MOVED',
    );
    expect(moves.map((m) => [m.id, m.from, m.to, m.reason])).toEqual([
      [1, P(4, 4), P(5, 4), 'HIGHEST_INCOME'],
      [2, P(3, 7), P(3, 7), 'ALREADY_HIGHEST'],
    ]);
    expect(run.state.outlaws!.figures.map((f) => f.parcel)).toEqual([P(5, 4), P(3, 7)]);
    expect(run.state.flow.prompt).toMatchObject({ kind: 'PLACE_COWBOY' });
  });
});

describe('A New Beginning (§10.1)', () => {
  test('T22 — the sheet +2 cowboys, 1 revolver, 1 road, 2 parcels costs $35 -> $15, 3 cowboys, 1 revolver, 1 road, 2 parcels', () => {
    const normal = { cowboys: 2, revolvers: 1, roads: 1, parcels: 2 };
    expect(sheetTotal({ ...NORMAL_START_SHEET, ...normal })).toBe(11 + 6 + 4 + 14);
    let s = startGame({ modules: ['A_NEW_BEGINNING'] }, 2, 't22').state;
    for (const seat of [0, 1])
      s = send(s, seat, { type: 'FILL_SHEET', ...NORMAL_START_SHEET, ...normal }).state;
    while (s.flow.prompt?.kind === 'CHOOSE_STARTING_PARCEL') {
      const seat = s.flow.prompt.seat;
      s = send(s, seat, engine.legalCommands(s, seat)[0]).state;
    }
    for (const seat of [0, 1]) {
      const p = s.players[seat];
      const parcels = s.parcels.filter((c) => c.owner === seat).length;
      expect({
        money: p.money,
        cowboys: p.reserve,
        revolvers: p.revolvers,
        roads: p.roads,
        parcels,
        vp: p.vp,
      }).toEqual({
        money: 15,
        cowboys: 3,
        revolvers: 1,
        roads: 1,
        parcels: 2,
        vp: 0,
      });
    }
  });
});
