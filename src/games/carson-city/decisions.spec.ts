/** Spec §13 decisions not covered elsewhere (each test names its decision number). */
import { createRng } from '../random';
import { carsonCityEngine as engine } from './index';
import { Ctx } from './ctx';
import { refillTrack } from './phases/end-of-round/flow';
import { cloneState } from './evolve';
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

test('§13 #16: the Grocer’s doubling applies after the cap (a capped $55 Saloon pays $110)', () => {
  const s = atPlacement(2, FIRST_GAME, [3, 2]);
  s.players[0].flags = ['GROCER:LATER'];
  put(s, 2, 2, 'SALOON', 0);
  for (let c = 1; c <= 3; c++)
    for (let r = 1; r <= 3; r++) if (c !== 2 || r !== 2) put(s, c, r, 'TOWN_HOUSE');
  setTurnOrder(s, [0, 1]);
  let run = passAll(s, scriptedRng([]));
  run = send(run.state, 0, { type: 'CHOOSE_OPTION', option: 'DOUBLE_SALOON' });
  expect(ofType(run.events, 'INCOME')[0]).toMatchObject({ base: 55, multiplier: 2, amount: 110 });
});

test('§13 #17: attacking a School is legal and steals $0', () => {
  const s = atPlacement(2, FIRST_GAME, [2, 5]);
  put(s, 2, 2, 'SCHOOL', 0);
  setTurnOrder(s, [1, 0]);
  expect(engine.legalCommands(s, 1)).toContainEqual({
    type: 'PLACE_COWBOY',
    target: { kind: 'BUILDING', parcel: { c: 2, r: 2 } },
  });
  placeDirect(s, 1, `B:${P(2, 2)}`);
  const run = passAll(s, scriptedRng([]));
  expect(ofType(run.events, 'INCOME')[0]).toMatchObject({
    building: 'SCHOOL',
    amount: 0,
    attacker: 1,
    stolen: 0,
  });
});

test('§13 #18: a player under the cash limit may still spend, 1 VP per $10', () => {
  const s = atPlacement(2, FIRST_GAME, [2, 5]);
  s.players[0].money = 54;
  setTurnOrder(s, [0, 1]);
  const run = passAll(s, scriptedRng([]));
  expect(prompt(run.state)).toMatchObject({ seat: 0, kind: 'SPEND_CASH', min: 0, max: 54 });
  const r = send(run.state, 0, { type: 'SPEND_CASH', amount: 29 });
  expect(ofType(r.events, 'CASH_SPENT')[0]).toMatchObject({ amount: 29, vp: 2, cashLimit: 120 });
});

test('§13 #24: the red Governor’s gun tax counts revolver markers only (not Mercenary or 3-guns)', () => {
  const s = atPick(3, [...R(13), ...Y(1, 2, 3, 4, 5, 7)]);
  const gov = prompt(s).seat;
  const [a, b] = [0, 1, 2].filter((x) => x !== gov);
  s.players[a].revolvers = 4;
  s.players[b].revolvers = 2;
  s.players[b].money = 1;
  s.threeGuns = a;
  let r = send(s, gov, { type: 'PICK_CHARACTER', personality: 13 });
  r = send(r.state, gov, { type: 'CHOOSE_OPTION', option: 'GUNS' });
  expect(r.state.players[a].money).toBe(11);
  expect(r.state.players[b].money).toBe(0); // pays what he has
  expect(r.state.players[gov].money).toBe(15 + 5);
});

test('§13 #42: personality end-of-round effects come before the cash limit (red Banker buys VP first)', () => {
  const s = atPlacement(2, [...R(2), ...Y(1, 3, 4, 5, 6, 7)], [2, 5]);
  s.players[0].money = 85;
  setTurnOrder(s, [0, 1]);
  let run = passAll(s, scriptedRng([]));
  expect(prompt(run.state)).toMatchObject({ purpose: 'BANKER' });
  run = send(run.state, 0, { type: 'CHOOSE_OPTION', option: 'VP7' });
  expect(prompt(run.state)).toMatchObject({ seat: 0, kind: 'SPEND_CASH', min: 0, max: 60 });
});

test('§13 #8: a pending-placement window opens after every building square, used or not', () => {
  const s = atPlacement(2, FIRST_GAME, [2, 5]);
  put(s, 1, 1, null, 0);
  s.players[0].pending = ['RANCH'];
  setTurnOrder(s, [0, 1]);
  const run = passAll(s, scriptedRng([]));
  expect(prompt(run.state)).toMatchObject({ seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW' });
  expect(run.state.flow.step).toBe(5); // right after the $3 square (step 6 of the board sequence)
  let windows = 0;
  const r = drive(run.state, createRng('w'), (p) => {
    if (p.kind !== 'PLACE_BUILDING') return undefined;
    windows++;
    return { type: 'KEEP_PENDING' };
  });
  expect(windows).toBe(7);
  expect(r.state.players[0].pending).toEqual(['RANCH']);
});

test('§13 #12 / §6.3: a Town Hall drawn at refill goes to the first passer on an unowned connected parcel, or with the fewest new roads', () => {
  const s = atPlacement(3, FIRST_GAME, [2, 5, 6]);
  s.track = ['RANCH', 'MINE', 'BANK', 'HOTEL', 'SALOON', 'RANCH', null];
  for (const t of Object.keys(s.bag) as (keyof typeof s.bag)[]) s.bag[t] = 0;
  s.bag.TOWN_HALL = 1;
  s.bag.CHURCH = 1;
  s.passTrack = [2, 0, 1];
  // No connected empty unowned parcel: the only road touches owned parcels.
  s.roads = [0]; // H(0,0) on the north border: touches (1,1) and (2,1)
  put(s, 1, 1, null, 0);
  put(s, 2, 1, null, 1);
  const ctx = new Ctx(cloneState(s), scriptedRng([1])); // pool [CHURCH, TOWN_HALL]: draw the Town Hall
  ctx.state.flow.prompt = null;
  ctx.state.flow.tasks = [{ t: 'PLACE_TURN', index: 0 }]; // what follows the refill here
  refillTrack(ctx);
  expect(ofType(ctx.events, 'BUILDING_DRAWN')[0]).toMatchObject({ building: 'TOWN_HALL', square: null });
  expect(ctx.state.flow.prompt).toMatchObject({ seat: 2, kind: 'PLACE_TOWN_HALL' });
  ctx.emit({ type: 'FLOW', flow: ctx.state.flow });
  const legal = engine.legalCommands(ctx.state, 2);
  // One new road from vertex (2,0) or (1,1)... reaches (3,1) or (1,2)/(2,2).
  expect(legal.length).toBeGreaterThan(0);
  const r = send(ctx.state, 2, legal[0] as never, scriptedRng([0]));
  const placed = ofType(r.events, 'TOWN_HALL_PLACED')[0];
  expect(placed.roads).toHaveLength(1);
  expect(r.state.parcels[placed.parcel]).toEqual({ owner: null, content: 'TOWN_HALL' });
  expect(r.state.track[6]).toBe('CHURCH'); // the refill then continues
});

test('§13 #39: the Prospector takes a Mine from the bag when none is on the track', () => {
  const s = atPick(2, Y(1, 2, 3, 4, 5, 6, 9));
  s.track = ['RANCH', 'BANK', 'BANK', 'HOTEL', 'SALOON', 'RANCH', 'HOTEL'];
  const mines = s.bag.MINE;
  const seat = prompt(s).seat;
  let r = send(s, seat, { type: 'PICK_CHARACTER', personality: 9 });
  r = send(r.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 8, r: 8 } });
  expect(ofType(r.events, 'BUILDING_BOUGHT')[0]).toMatchObject({ from: 'BAG', building: 'MINE', price: 10 });
  expect(r.state.bag.MINE).toBe(mines - 1);
  expect(r.state.track).toEqual(s.track);
});

test('§13 #26: auction bids may not exceed the bidder’s money; bidders need 2 property tiles', () => {
  const s = atPick(3, Y(1, 2, 3, 4, 5, 6, 12));
  const seat = prompt(s).seat;
  const poor = (seat + 1) % 3;
  const full = (seat + 2) % 3;
  s.players[poor].money = 4;
  for (let i = 0; i < 11; i++) s.parcels[40 + i].owner = full;
  let r = send(s, seat, { type: 'PICK_CHARACTER', personality: 12 });
  r = send(r.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 1, r: 1 } });
  r = send(r.state, seat, { type: 'CHOOSE_PARCEL', parcel: { c: 2, r: 1 } });
  r = send(r.state, seat, { type: 'BID', amount: 2 });
  expect(prompt(r.state).seat).toBe(poor);
  const bids = engine.legalCommands(r.state, poor).flatMap((c) => (c.type === 'BID' ? [c.amount] : []));
  expect(bids).toEqual([3, 4]);
  r = send(r.state, poor, { type: 'DECLINE_ACTION' });
  expect(r.state.parcels[P(1, 1)].owner).toBe(seat); // the full player never bid
  expect(r.state.players[seat].money).toBe(15 - 1);
});
