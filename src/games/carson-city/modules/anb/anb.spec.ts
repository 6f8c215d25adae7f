/** A New Beginning (secret start, §10.1, §13 #35): sheet, reveal, bid, parcels, powers, secrecy. */
import { isViolation, type Seat } from '../../../engine';
import { createRng } from '../../../random';
import { marksmanOptions, NORMAL_START_SHEET, parcelPlacementTasks, sheetTotal, type Sheet } from './anb';
import type { CarsonCommand } from '../../commands';
import { PERSONALITIES } from '../../data/personalities';
import { Ctx } from '../../ctx';
import { startMarksmanDuel } from '../../phases/resolution/duels';
import { validate } from '../../validate';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import type { CarsonState } from '../../state';
import { determinize } from '../../bots/determinize';
import { carsonHeuristicBot } from '../../bots/heuristic';
import {
  clearCity,
  drive,
  FIRST_GAME,
  ofType,
  passAll,
  placeDirect,
  prompt,
  scriptedRng,
  send,
  setTurnOrder,
} from '../../testing/fixtures';
import { startGame } from '../../testing/harness';

type SheetCmd = Extract<CarsonCommand, { type: 'FILL_SHEET' }>;
const sheet = (over: Partial<Sheet> = {}): SheetCmd => ({
  type: 'FILL_SHEET',
  cowboys: 0,
  revolvers: 0,
  roads: 0,
  parcels: 0,
  vp: 0,
  influential: false,
  greatService: false,
  marksman: false,
  bid: 0,
  ...over,
});

const ANB = { modules: ['A_NEW_BEGINNING'] };

function anbGame(seats = 3, seed = 'anb', extra: object = {}): CarsonState {
  return startGame({ ...ANB, ...extra }, seats, seed).state;
}

/** Hand in `sheets` (seat order); the last one reveals with `rng`. */
function fillAll(
  s: CarsonState,
  sheets: SheetCmd[],
  rng = createRng('reveal'),
): { state: CarsonState; events: CarsonEvent[] } {
  let state = s;
  let events: CarsonEvent[] = [];
  sheets.forEach((c, seat) => {
    const r = send(state, seat, c, seat === sheets.length - 1 ? rng : createRng(`s${seat}`));
    state = r.state;
    events = r.events;
  });
  return { state, events };
}

/** Place every bought parcel on the first free land parcel the prompt accepts. */
function placeParcels(s: CarsonState): { state: CarsonState; order: Seat[] } {
  const order: Seat[] = [];
  let state = s;
  while (state.flow.prompt?.kind === 'CHOOSE_STARTING_PARCEL') {
    const seat = state.flow.prompt.seat;
    order.push(seat);
    const cmd = engine.legalCommands(state, seat).find((c) => c.type === 'CHOOSE_STARTING_PARCEL')!;
    state = send(state, seat, cmd).state;
  }
  return { state, order };
}

describe('setup (§10.1)', () => {
  test('$50 and 1 cowboy each, no revolver, road or parcel; every seat is asked for its sheet at once', () => {
    const s = anbGame(4);
    for (const p of s.players)
      expect([p.money, p.reserve, p.revolvers, p.roads, p.vp]).toEqual([50, 1, 0, 0, 0]);
    expect(s.parcels.every((c) => c.owner === null)).toBe(true);
    expect(engine.pending(s).map((p) => [p.seat, p.kind])).toEqual(
      [0, 1, 2, 3].map((x) => [x, 'FILL_SHEET']),
    );
    // A small canonical list (see legal.ts), the same for every seat.
    for (let seat = 0; seat < 4; seat++) {
      expect(engine.legalCommands(s, seat).length).toBeGreaterThan(300);
      expect(engine.legalCommands(s, seat).length).toBeLessThan(500);
    }
  });

  test('legalCommands lists the canonical sheets (purchase rows; the normal start with one change; powers alone), each accepted', () => {
    const s = anbGame(2);
    const legal = engine.legalCommands(s, 0) as SheetCmd[];
    expect(
      legal.every((c) => c.type === 'FILL_SHEET' && [0, 1, 5].includes(c.bid) && sheetTotal(c) <= 50),
    ).toBe(true);
    expect(new Set(legal.map((c) => JSON.stringify(c))).size).toBe(legal.length);
    for (const c of legal) expect(validate(s, 0, c)).toBeNull();
    // Any other sheet within $50 is accepted too (the list is a documented subset).
    expect(validate(s, 0, sheet({ bid: 17 }))).toBeNull();
    expect(legal).toContainEqual({ type: 'FILL_SHEET', ...NORMAL_START_SHEET });
    expect(legal).toContainEqual({ type: 'FILL_SHEET', ...NORMAL_START_SHEET, marksman: true });
    expect(legal).toContainEqual({ type: 'FILL_SHEET', ...NORMAL_START_SHEET, vp: -10 });
    expect(legal.filter((c) => c.influential && c.greatService && c.marksman)).toHaveLength(1);
  });

  test('a seat hands in once; the others still may, in any order', () => {
    let s = anbGame(3);
    s = send(s, 2, sheet()).state;
    expect(engine.pending(s).map((p) => p.seat)).toEqual([0, 1]);
    const again = engine.decide(s, 2, sheet(), createRng('x'));
    expect(isViolation(again) && again.code).toBe('NOT_YOUR_TURN');
    expect(engine.legalCommands(s, 2)).toEqual([]);
    s = send(s, 1, sheet()).state;
    expect(engine.pending(s).map((p) => p.seat)).toEqual([0]);
  });

  test('modules combine: A New Beginning with the Carson River', () => {
    const s = anbGame(2, 'anb-river', { modules: ['A_NEW_BEGINNING', 'CARSON_RIVER'] });
    expect(s.parcels.some((c) => c.content === 'RIVER')).toBe(true);
    const { state } = fillAll(s, [sheet({ parcels: 1 }), sheet({ parcels: 1 })]);
    const river = state.parcels.findIndex((c) => c.content === 'RIVER');
    const r = engine.decide(
      state,
      state.flow.prompt!.seat,
      { type: 'CHOOSE_STARTING_PARCEL', parcel: { c: (river % 8) + 1, r: Math.floor(river / 8) + 1 } },
      createRng('x'),
    );
    expect(isViolation(r) && r.code).toBe('RIVER_PARCEL');
  });
});

describe('the sheet prices (§10.1, §13 #35)', () => {
  test.each([
    ['cowboys', [0, 5, 11, 18, 26]],
    ['revolvers', [0, 6, 13, 21, 30]],
    ['roads', [0, 4, 6, 8, 10]],
    ['parcels', [0, 7, 14, 21, 28]],
  ] as const)('%s row: 0..4 units cost %j', (row, prices) => {
    prices.forEach((price, n) => expect(sheetTotal(sheet({ [row]: n }))).toBe(price));
  });

  test('VP columns: -10 VP -> +$20, -5 VP -> +$10, +5 VP -> $10, +10 VP -> $20', () => {
    expect([-10, -5, 0, 5, 10].map((vp) => sheetTotal(sheet({ vp })))).toEqual([-20, -10, 0, 10, 20]);
  });

  test('each power costs $10 and the bid adds its dollars', () => {
    expect(sheetTotal(sheet({ influential: true }))).toBe(10);
    expect(sheetTotal(sheet({ greatService: true }))).toBe(10);
    expect(sheetTotal(sheet({ marksman: true }))).toBe(10);
    expect(sheetTotal(sheet({ bid: 7 }))).toBe(7);
  });

  test('validation: over $50, counts outside 0..4, a VP column that does not exist, a negative bid', () => {
    const s = anbGame(2);
    const code = (c: SheetCmd) => {
      const r = engine.decide(s, 0, c, createRng('x'));
      return isViolation(r) ? r.code : 'OK';
    };
    expect(code(sheet({ cowboys: 4, revolvers: 1 }))).toBe('OK'); // $32
    expect(code(sheet({ cowboys: 4, revolvers: 4 }))).toBe('INSUFFICIENT_FUNDS'); // $56
    expect(code(sheet({ cowboys: 4, revolvers: 4, vp: -10 }))).toBe('OK'); // $36
    expect(code(sheet({ bid: 51 }))).toBe('INSUFFICIENT_FUNDS');
    expect(code(sheet({ bid: 50 }))).toBe('OK');
    expect(code(sheet({ cowboys: 5 }))).toBe('ILLEGAL_AMOUNT');
    expect(code(sheet({ parcels: -1 }))).toBe('ILLEGAL_AMOUNT');
    expect(code(sheet({ vp: 3 }))).toBe('ILLEGAL_AMOUNT');
    expect(code(sheet({ bid: -1 }))).toBe('ILLEGAL_AMOUNT');
    const wrong = engine.decide(s, 0, { type: 'PASS' }, createRng('x'));
    expect(isViolation(wrong) && wrong.code).toBe('WRONG_PROMPT');
  });

  test('parseCommand: bad shapes are INVALID_COMMAND; omitted fields are 0 / false', () => {
    const bad = [
      { type: 'FILL_SHEET', cowboys: '2' },
      { type: 'FILL_SHEET', cowboys: 1.5 },
      { type: 'FILL_SHEET', marksman: 'yes' },
      { type: 'FILL_SHEET', horses: 1 },
      { type: 'FILL_SHEET', bid: null },
    ];
    for (const raw of bad) {
      const r = engine.parseCommand(raw);
      expect(isViolation(r) && r.code).toBe('INVALID_COMMAND');
    }
    expect(engine.parseCommand({ type: 'FILL_SHEET', roads: 2, marksman: true })).toEqual(
      sheet({ roads: 2, marksman: true }),
    );
  });

  test('timeout: the sheet that buys the normal start ($35, T22)', () => {
    const s = anbGame(2);
    expect(engine.timeoutCommand(s, 1)).toEqual({ type: 'FILL_SHEET', ...NORMAL_START_SHEET });
    expect(sheetTotal(NORMAL_START_SHEET)).toBe(35);
  });
});

describe('reveal (§10.1)', () => {
  test('all sheets revealed together; money = $50 − total; cowboys, revolvers, roads, VP (negative when sold)', () => {
    const s = anbGame(3);
    const sheets = [
      sheet({ cowboys: 3, revolvers: 2, roads: 4, vp: -10 }),
      sheet({ vp: 10, marksman: true }),
      sheet({ vp: -5, bid: 3 }),
    ];
    const { state, events } = fillAll(s, sheets);
    const revealed = events.find((e) => e.type === 'SHEETS_REVEALED');
    expect(revealed).toMatchObject({ totals: [18 + 13 + 10 - 20, 20 + 10, -10 + 3] });
    const p = state.players;
    expect([p[0].money, p[0].reserve, p[0].revolvers, p[0].roads, p[0].vp]).toEqual([50 - 21, 4, 2, 4, -10]);
    expect([p[1].money, p[1].reserve, p[1].vp]).toEqual([20, 1, 10]);
    expect([p[2].money, p[2].vp]).toEqual([57, -5]);
    // No parcel bought: straight to round 1's picks, the bidder first.
    expect(state.flow.phase).toBe('PICK');
    expect(state.pickOrder[0]).toBe(2);
  });
});

describe('first player bid (§10.1)', () => {
  test('the highest bid picks first in round 1; the others follow in a random order', () => {
    const s = anbGame(4);
    const { state, events } = fillAll(s, [sheet({ bid: 2 }), sheet({ bid: 9 }), sheet(), sheet({ bid: 4 })]);
    const set = events.find((e) => e.type === 'FIRST_PLAYER_SET')!;
    expect(set).toMatchObject({ bids: [2, 9, 0, 4], rolls: [], winner: 1 });
    expect(state.pickOrder[0]).toBe(1);
    expect([...state.pickOrder].sort()).toEqual([0, 1, 2, 3]);
    expect(state.passTrack).toEqual(state.pickOrder);
  });

  test('ties are settled by die rolls among the tied, again while still tied', () => {
    const s = anbGame(3);
    // Seats 0 and 2 bid 5: they roll 4 and 4, then 2 and 6 -> seat 2.
    const { events } = fillAll(
      s,
      [sheet({ bid: 5 }), sheet({ bid: 1 }), sheet({ bid: 5 })],
      scriptedRng([4, 4, 2, 6]),
    );
    const set = events.find((e) => e.type === 'FIRST_PLAYER_SET')!;
    expect(set).toMatchObject({
      rolls: [
        [
          { seat: 0, die: 4 },
          { seat: 2, die: 4 },
        ],
        [
          { seat: 0, die: 2 },
          { seat: 2, die: 6 },
        ],
      ],
      winner: 2,
    });
  });
});

describe('bought parcels (§10.1 with §3 step 10)', () => {
  test('the pattern: reverse, forward, reverse... skipping players with none left', () => {
    const tasks = parcelPlacementTasks([2, 0, 1], [3, 1, 2]);
    expect(tasks.map((t) => (t.t === 'DRAFT' ? t.seat : -1))).toEqual([1, 0, 2, 2, 0, 0]);
  });

  test('placed one at a time in that order, then round 1 starts', () => {
    const s = anbGame(3);
    const { state } = fillAll(s, [
      sheet({ parcels: 3 }),
      sheet({ parcels: 1, bid: 1 }),
      sheet({ parcels: 2 }),
    ]);
    const order = state.firstOrder;
    expect(order[0]).toBe(1);
    const expected = parcelPlacementTasks(order, [3, 1, 2]).map((t) => (t.t === 'DRAFT' ? t.seat : -1));
    const { state: after, order: seen } = placeParcels(state);
    expect(seen).toEqual(expected);
    expect([0, 1, 2].map((x) => after.parcels.filter((c) => c.owner === x).length)).toEqual([3, 1, 2]);
    expect(after.players.map((p) => p.money)).toEqual([50 - 21, 50 - 8, 50 - 14]);
    expect(after.flow.phase).toBe('PICK');
  });
});

/** A 2-player game after the reveal (no parcels), seat 0 with `powers`. */
function withPowers(powers: Partial<Sheet>, extra: object = {}, other: Partial<Sheet> = {}): CarsonState {
  const s = anbGame(2, 'powers', extra);
  return fillAll(s, [sheet({ bid: 1, ...powers }), sheet(other)]).state;
}

describe('Influential connections (§10.1)', () => {
  const opts = {
    personalitySet: 'LIST',
    tiles: [1, 2, 4, 7, 11, 16, 17].map((id) => ({ id, side: 'YELLOW' })),
  };
  test('choose the side of the tile taken; it stays on that side', () => {
    let s = withPowers({ influential: true }, opts);
    expect(prompt(s)).toMatchObject({ seat: 0, kind: 'PICK_CHARACTER' });
    const legal = engine.legalCommands(s, 0);
    expect(legal).toContainEqual({ type: 'PICK_CHARACTER', personality: 7, side: 'RED' });
    expect(legal).toContainEqual({ type: 'PICK_CHARACTER', personality: 7 });
    // The Teacher's side stays forced by the round (§9.2 #17).
    expect(legal).not.toContainEqual({ type: 'PICK_CHARACTER', personality: 17, side: 'RED' });
    const r = send(s, 0, { type: 'PICK_CHARACTER', personality: 7, side: 'RED' });
    expect(r.events).toContainEqual({ type: 'TILE_FLIPPED', id: 7, side: 'RED', reason: 'INFLUENTIAL' });
    s = r.state;
    expect(s.players[0].held).toEqual([{ id: 7, side: 'RED' }]);
    expect(s.tiles.find((t) => t.id === 7)!.side).toBe('RED');
    // Without the power: no side.
    const other = engine.decide(
      s,
      1,
      { type: 'PICK_CHARACTER', personality: 4, side: 'RED' },
      createRng('x'),
    );
    expect(isViolation(other) && other.code).toBe('ILLEGAL_SIDE');
  });
});

describe('Great service done (§10.1)', () => {
  const opts = {
    personalitySet: 'LIST',
    tiles: [1, 2, 4, 7, 11, 16, 17].map((id) => ({ id, side: 'YELLOW' })),
  };
  test('after all picks, a second tile from those left; cash limits add; the lowest number sets the turn order; once per game', () => {
    let s = withPowers({ greatService: true }, opts);
    s = send(s, 0, { type: 'PICK_CHARACTER', personality: 7 }).state;
    s = send(s, 1, { type: 'PICK_CHARACTER', personality: 4 }).state;
    expect(prompt(s)).toMatchObject({ seat: 0, kind: 'GREAT_SERVICE', tiles: [1, 2, 11, 16, 17] });
    const taken = engine.decide(s, 0, { type: 'PICK_CHARACTER', personality: 4 }, createRng('x'));
    expect(isViolation(taken) && taken.code).toBe('TILE_UNAVAILABLE');
    const r = send(s, 0, { type: 'PICK_CHARACTER', personality: 1 });
    expect(r.events).toContainEqual({
      type: 'CHARACTER_PICKED',
      seat: 0,
      personality: 1,
      side: 'YELLOW',
      paperboy: false,
      greatService: true,
    });
    s = r.state;
    expect(s.players[0].held).toEqual([
      { id: 7, side: 'YELLOW' },
      { id: 1, side: 'YELLOW', second: true },
    ]);
    expect(s.turnOrder).toEqual([0, 1]);
    const view = engine.view(s, 1);
    expect(view.players[0].cashLimit).toBe(tileLimit(7) + tileLimit(1));
    expect(s.anb!.greatServiceUsed).toEqual([true, false]);
    // Once per game: not offered again in round 2.
    let r2 = playToRound(s, 2);
    expect(r2.flow.prompt?.kind).toBe('PICK_CHARACTER');
    while (r2.flow.phase === 'PICK') {
      const seat = r2.flow.prompt!.seat;
      expect(r2.flow.prompt!.kind).not.toBe('GREAT_SERVICE');
      r2 = send(r2, seat, engine.timeoutCommand(r2, seat)!).state;
    }
  });

  test('declining keeps the power for a later round; the Paperboy cannot be the second tile', () => {
    const paper = {
      personalitySet: 'LIST',
      tiles: [0, 1, 2, 4, 7, 11, 16, 17].map((id) => ({ id, side: 'YELLOW' })),
    };
    let s = withPowers({ greatService: true }, paper);
    s = send(s, 0, { type: 'PICK_CHARACTER', personality: 7 }).state;
    s = send(s, 1, { type: 'PICK_CHARACTER', personality: 4 }).state;
    expect(prompt(s).kind).toBe('GREAT_SERVICE');
    const pb = engine.decide(s, 0, { type: 'PICK_CHARACTER', personality: 0 }, createRng('x'));
    expect(isViolation(pb) && pb.code).toBe('TILE_UNAVAILABLE');
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'DECLINE_ACTION' });
    s = send(s, 0, { type: 'DECLINE_ACTION' }).state;
    expect(s.flow.phase).toBe('PLACEMENT');
    expect(s.anb!.greatServiceUsed).toEqual([false, false]);
  });

  test('several users answer in turn order (lowest first tile first)', () => {
    let s = withPowers({ greatService: true }, opts, { greatService: true });
    s = send(s, 0, { type: 'PICK_CHARACTER', personality: 7 }).state;
    s = send(s, 1, { type: 'PICK_CHARACTER', personality: 4 }).state;
    expect(prompt(s)).toMatchObject({ seat: 1, kind: 'GREAT_SERVICE' });
    s = send(s, 1, { type: 'PICK_CHARACTER', personality: 16 }).state;
    expect(prompt(s)).toMatchObject({ seat: 0, kind: 'GREAT_SERVICE', tiles: [1, 2, 11, 17] });
  });
});

/** Play timeouts (pass, decline, the minimum...) until round `round` starts. */
function playToRound(s: CarsonState, round: number): CarsonState {
  let state = s;
  for (let i = 0; i < 2000 && !(state.round === round && state.flow.phase === 'PICK'); i++) {
    const seat = state.flow.prompt!.seat;
    state = send(state, seat, engine.timeoutCommand(state, seat)!, createRng(`t${i}`)).state;
  }
  return state;
}

/** Cash limit of a tile's yellow side, from the data table. */
function tileLimit(id: number): number {
  return PERSONALITIES[id].cashLimit.YELLOW;
}

describe('Marksman (§10.1, §5.2)', () => {
  test('the dice he may keep: one of each pair, distinct, weakest first', () => {
    expect(marksmanOptions([2, 5])).toEqual([[2], [5]]);
    expect(marksmanOptions([3, 3])).toEqual([[3]]);
    expect(marksmanOptions([1, 4, 6, 2])).toEqual([
      [1, 2],
      [2, 4],
      [1, 6],
      [4, 6],
    ]);
  });

  /** A duel at Ammunition between seats 0 (Marksman) and 1, with the game's end as what follows. */
  function marksmanDuel(dice: number[], dynamite = false): Ctx {
    const s = withPowers({ marksman: true });
    const ctx = new Ctx(structuredClone(s), scriptedRng(dice));
    ctx.state.passTrack = [0, 1];
    ctx.state.flow.tasks = [{ t: 'FINAL' }];
    ctx.prompt(null);
    if (dynamite)
      ctx.state.placements.push({
        seat: 0,
        loc: 'A:AMMUNITION',
        white: false,
        noDuel: false,
        dynamite: true,
        extra: false,
      });
    startMarksmanDuel(ctx, {
      loc: 'A:AMMUNITION',
      seats: [0, 1],
      then: { kind: 'NONE' },
      rolls: [],
      kept: [],
    });
    return ctx;
  }

  test('every duel: two dice rolled, he chooses which one counts (even the lower one)', () => {
    const ctx = marksmanDuel([2, 5, 6]);
    expect(ctx.events).toContainEqual({ type: 'DICE_ROLLED', seat: 0, purpose: 'MARKSMAN', dice: [2, 5] });
    const s = ctx.state;
    expect(s.flow.prompt).toMatchObject({ seat: 0, kind: 'CHOOSE_DUEL_DIE', options: [[2], [5]] });
    expect(engine.legalCommands(s, 0)).toEqual([
      { type: 'CHOOSE_DUEL_DIE', dice: [2] },
      { type: 'CHOOSE_DUEL_DIE', dice: [5] },
    ]);
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'CHOOSE_DUEL_DIE', dice: [5] });
    const bad = engine.decide(s, 0, { type: 'CHOOSE_DUEL_DIE', dice: [6] }, createRng('x'));
    expect(isViolation(bad) && bad.code).toBe('ILLEGAL_OPTION');
    const r = send(s, 0, { type: 'CHOOSE_DUEL_DIE', dice: [2] });
    expect(r.events).toContainEqual({ type: 'DUEL_DIE_KEPT', seat: 0, loc: 'A:AMMUNITION', dice: [2] });
    const d = r.events.find((e) => e.type === 'DUEL')!;
    const fp = s.players.map((p) => p.reserve + p.revolvers);
    expect(d.type === 'DUEL' && d.participants).toEqual([
      { seat: 0, dice: [2], rolled: [2, 5], firepower: fp[0], total: fp[0] + 2 },
      { seat: 1, dice: [6], firepower: fp[1], total: fp[1] + 6 },
    ]);
  });

  test('two equal dice: nothing to choose, the duel is settled at once', () => {
    const ctx = marksmanDuel([4, 4, 1]);
    expect(ctx.state.flow.prompt).toBeNull();
    const d = ctx.events.find((e) => e.type === 'DUEL')!;
    expect(d.type === 'DUEL' && d.participants[0]).toMatchObject({ dice: [4], rolled: [4, 4] });
  });

  test('with dynamite: two pairs, one die of each kept', () => {
    const ctx = marksmanDuel([1, 4, 6, 2, 3], true);
    expect(ctx.state.flow.prompt).toMatchObject({
      kind: 'CHOOSE_DUEL_DIE',
      options: [
        [1, 2],
        [2, 4],
        [1, 6],
        [4, 6],
      ],
    });
    const r = send(ctx.state, 0, { type: 'CHOOSE_DUEL_DIE', dice: [6, 4] });
    const d = r.events.find((e) => e.type === 'DUEL')!;
    expect(d.type === 'DUEL' && d.participants[0]).toMatchObject({ dice: [4, 6], rolled: [1, 4, 6, 2] });
    expect(d.type === 'DUEL' && d.participants[1]).toMatchObject({ dice: [3] });
  });

  test('parseCommand: dice are 1..6, one or two, put in ascending order', () => {
    expect(engine.parseCommand({ type: 'CHOOSE_DUEL_DIE', dice: [5, 2] })).toEqual({
      type: 'CHOOSE_DUEL_DIE',
      dice: [2, 5],
    });
    for (const dice of [[], [0], [7], [1, 2, 3], '3', [2.5]]) {
      const r = engine.parseCommand({ type: 'CHOOSE_DUEL_DIE', dice });
      expect(isViolation(r) && r.code).toBe('INVALID_COMMAND');
    }
  });
});

describe('secrecy (§10.1: sheets are sealed until the reveal)', () => {
  test("two states that differ only in another seat's sealed sheet give the same view and redacted events", () => {
    const s = anbGame(3);
    const a = engine.decide(s, 1, sheet({ cowboys: 4, marksman: true, bid: 7 }), createRng('a'));
    const b = engine.decide(s, 1, sheet({ parcels: 2, vp: -10 }), createRng('b'));
    if (isViolation(a) || isViolation(b)) throw new Error('refused');
    let sa = s;
    for (const e of a) sa = engine.evolve(sa, e);
    let sb = s;
    for (const e of b) sb = engine.evolve(sb, e);
    expect(sa).not.toEqual(sb);
    for (const viewer of [0, 2, 'spectator'] as const) {
      expect(engine.view(sa, viewer)).toEqual(engine.view(sb, viewer));
      expect(a.map((e) => engine.redact(e, viewer, s))).toEqual(b.map((e) => engine.redact(e, viewer, s)));
      expect(JSON.stringify(engine.pending(sa))).toBe(JSON.stringify(engine.pending(sb)));
    }
    // The sender sees its own sheet.
    expect(engine.view(sa, 1).newBeginning!.seats[1].sheet).toMatchObject({ cowboys: 4, bid: 7 });
    expect(engine.view(sa, 0).newBeginning!.seats[1]).toMatchObject({
      sealed: true,
      sheet: null,
      total: null,
    });
    // Once everyone has handed in, all is public.
    let open = send(sa, 0, sheet()).state;
    open = send(open, 2, sheet()).state;
    expect(engine.view(open, 0).newBeginning!.seats[1].sheet).toMatchObject({ cowboys: 4, bid: 7 });
  });
});

describe('rules.spec T22 companion', () => {
  test('the normal-start sheet gives the normal start', () => {
    const { state } = fillAll(anbGame(2), [
      sheet({ ...NORMAL_START_SHEET }),
      sheet({ ...NORMAL_START_SHEET }),
    ]);
    const { state: after } = placeParcels(state);
    for (let seat = 0; seat < 2; seat++) {
      const p = after.players[seat];
      expect([
        p.money,
        p.reserve,
        p.revolvers,
        p.roads,
        after.parcels.filter((c) => c.owner === seat).length,
      ]).toEqual([15, 3, 1, 1, 2]);
    }
  });
});

describe('A New Beginning with Might is Right (§10.1, §10.3, §13 #35)', () => {
  const BOTH = { modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'] };
  const code = (s: CarsonState, seat: number, c: SheetCmd) => {
    const r = engine.decide(s, seat, c, createRng('x'));
    return isViolation(r) ? r.code : 'OK';
  };

  test('options: the pair is accepted (canonical order)', () => {
    expect(engine.parseOptions({ modules: ['MIGHT_IS_RIGHT', 'A_NEW_BEGINNING'] }, 3)).toMatchObject({
      modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'],
    });
  });

  test('3 players: tiles dealt and totals announced before the sheets; money = $50 − sheet + (15 − own total)', () => {
    const { state: s, events } = startGame(BOTH, 3, 'anb-might');
    expect(s.might!.hands).toEqual([
      [1, 3, 3, 3, 4, 4],
      [0, 0, 2, 2, 5, 5],
      [0, 1, 1, 2, 4, 5],
    ]);
    expect(ofType(events, 'DUEL_TILES_DEALT').map((e) => e.total)).toEqual([18, 14, 13]);
    expect(ofType(events, 'MONEY')).toEqual([
      { type: 'MONEY', seat: 0, delta: -3, reason: 'MIGHT_IS_RIGHT' },
      { type: 'MONEY', seat: 1, delta: 1, reason: 'MIGHT_IS_RIGHT' },
      { type: 'MONEY', seat: 2, delta: 2, reason: 'MIGHT_IS_RIGHT' },
    ]);
    // What each may spend on its sheet: $47, $51, $52.
    expect(s.players.map((p) => [p.money, p.reserve, p.revolvers, p.roads])).toEqual([
      [47, 1, 0, 0],
      [51, 1, 0, 0],
      [52, 1, 0, 0],
    ]);
    expect(prompt(s)).toMatchObject({ kind: 'FILL_SHEET', waiting: [0, 1, 2] });
    const { state } = fillAll(s, [
      sheet({ ...NORMAL_START_SHEET }), // $35
      sheet({ cowboys: 4, revolvers: 2, roads: 1, parcels: 1, bid: 1 }), // $26 + 13 + 4 + 7 + 1 = $51
      sheet({ marksman: true, vp: 10, bid: 2 }), // $32
    ]);
    expect(state.players.map((p) => p.money)).toEqual([
      50 - 35 + 15 - 18,
      50 - 51 + 15 - 14,
      50 - 32 + 15 - 13,
    ]);
    expect(state.players.map((p) => p.money)).toEqual([12, 0, 20]);
    expect(state.players.map((p) => [p.reserve, p.revolvers, p.roads, p.vp])).toEqual([
      [3, 1, 1, 0],
      [5, 2, 1, 0],
      [1, 0, 0, 10],
    ]);
    // The hands are untouched by the sheets.
    expect(state.might!.hands[2]).toEqual([0, 1, 1, 2, 4, 5]);
  });

  test('T21 + T22: the normal-start sheet gives exactly the Might is Right start, $30 − own total (13 → $17)', () => {
    const s = startGame(BOTH, 3, 'anb-might').state;
    const { state } = fillAll(
      s,
      [0, 1, 2].map(() => sheet({ ...NORMAL_START_SHEET })),
    );
    expect(state.might!.announced).toEqual([18, 14, 13]);
    expect(state.players.map((p) => p.money)).toEqual([30 - 18, 30 - 14, 30 - 13]);
    expect(state.players[2].money).toBe(17);
  });

  test('the sheet budget is $50 + (15 − own total): over it is INSUFFICIENT_FUNDS; legalCommands lists only affordable sheets', () => {
    const s = startGame(BOTH, 3, 'anb-might').state;
    // Seat 0 (total 18): $47. Seat 1 (total 14): $51.
    expect(code(s, 0, sheet({ bid: 47 }))).toBe('OK');
    expect(code(s, 0, sheet({ bid: 48 }))).toBe('INSUFFICIENT_FUNDS');
    expect(code(s, 0, sheet({ cowboys: 4, revolvers: 3 }))).toBe('OK'); // $26 + $21 = $47
    expect(code(s, 0, sheet({ cowboys: 4, revolvers: 3, roads: 1 }))).toBe('INSUFFICIENT_FUNDS'); // $51
    expect(code(s, 1, sheet({ bid: 51 }))).toBe('OK');
    expect(code(s, 1, sheet({ bid: 52 }))).toBe('INSUFFICIENT_FUNDS');
    const legal0 = engine.legalCommands(s, 0) as SheetCmd[];
    const legal1 = engine.legalCommands(s, 1) as SheetCmd[];
    expect(Math.max(...legal0.map(sheetTotal))).toBe(47);
    expect(Math.max(...legal1.map(sheetTotal))).toBe(50); // the canonical list stops at $50
    expect(legal0.length).toBeLessThan(legal1.length);
    for (const c of legal0) expect(validate(s, 0, c)).toBeNull();
    expect(legal0).toContainEqual({ type: 'FILL_SHEET', ...NORMAL_START_SHEET });
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'FILL_SHEET', ...NORMAL_START_SHEET });
  });

  test('6 players (5 tiles each): seat 0 with total 9 may spend $56; 2 players (sets of 15): exactly $50', () => {
    const six = startGame(BOTH, 6, 'anb-might-6').state;
    expect(six.might!.announced).toEqual([9, 15, 9, 10, 18, 14]);
    expect(six.players.map((p) => p.money)).toEqual([56, 50, 56, 55, 47, 51]);
    expect(code(six, 0, sheet({ bid: 56 }))).toBe('OK');
    expect(code(six, 0, sheet({ bid: 57 }))).toBe('INSUFFICIENT_FUNDS');
    const two = startGame(BOTH, 2, 'anb-might-2');
    expect(ofType(two.events, 'MONEY')).toEqual([]);
    expect(code(two.state, 0, sheet({ bid: 50 }))).toBe('OK');
    expect(code(two.state, 0, sheet({ bid: 51 }))).toBe('INSUFFICIENT_FUNDS');
    const { state } = fillAll(two.state, [
      sheet({ ...NORMAL_START_SHEET }),
      sheet({ marksman: true, revolvers: 2 }),
    ]);
    expect(state.players.map((p) => p.money)).toEqual([15, 50 - 23]);
  });

  /**
   * 3 players, seat 0 a Marksman (§10.1), at Phase 2 with the city cleared; then seats 0 and 1
   * duel on Cowboy income with `hands` and `pile` (pass order [1, 0, 2]).
   */
  function marksmanTileDuel(hands: number[][], pile: number[], marksman = true): CarsonState {
    return marksmanTileRun(hands, pile, marksman).state;
  }

  function marksmanTileRun(
    hands: number[][],
    pile: number[],
    marksman = true,
  ): { state: CarsonState; events: CarsonEvent[] } {
    let s = startGame({ ...BOTH, personalitySet: 'LIST', tiles: FIRST_GAME }, 3, 'anb-might-duel').state;
    s = fillAll(s, [
      sheet({ ...NORMAL_START_SHEET, marksman, parcels: 0 }),
      sheet({ ...NORMAL_START_SHEET, parcels: 0 }),
      sheet({ ...NORMAL_START_SHEET, parcels: 0 }),
    ]).state;
    s = drive(s, createRng('to-placement'), (p) => (p.kind === 'PLACE_COWBOY' ? undefined : null)).state;
    const t = JSON.parse(JSON.stringify(s)) as CarsonState;
    clearCity(t);
    for (const p of t.players) p.white = 'NONE';
    t.might = { ...t.might!, hands, chosen: [[], [], []], pile };
    for (const seat of [0, 1]) placeDirect(t, seat, 'A:COWBOY_INCOME');
    setTurnOrder(t, [1, 0, 2]);
    return passAll(t, createRng('pass'));
  }

  test('running out: the Marksman draws 5, the others 3, in pass order (seat 1 first); fewer when the pile is short', () => {
    // Both hold one tile: played at once, the duel is settled, then the draws.
    const full = marksmanTileRun([[4], [2], [0, 1, 2, 3, 4, 5]], [1, 1, 1, 1, 1, 1]);
    expect(ofType(full.events, 'DUEL_TILES_DRAWN').map((e) => [e.seat, e.count])).toEqual([
      [1, 3],
      [0, 5],
    ]);
    expect(full.state.might!.hands.map((h) => h.length)).toEqual([5, 3, 6]);
    // 6 in the pile + the 2 played = 8 = 3 + 5 drawn.
    expect(full.state.might!.pile).toEqual([0, 0, 0, 0, 0, 0]);
    // 3 + 2 played = 5 in the pile: seat 1 draws 3, the Marksman the 2 left.
    const short = marksmanTileRun([[4], [2], [0, 1, 2, 3, 4, 5]], [0, 0, 0, 1, 1, 1]);
    expect(ofType(short.events, 'DUEL_TILES_DRAWN').map((e) => [e.seat, e.count])).toEqual([
      [1, 3],
      [0, 2],
    ]);
    // Without the power: 3.
    const plain = marksmanTileRun([[4], [2], [0, 1, 2, 3, 4, 5]], [1, 1, 1, 1, 1, 1], false);
    expect(ofType(plain.events, 'DUEL_TILES_DRAWN').map((e) => [e.seat, e.count])).toEqual([
      [1, 3],
      [0, 3],
    ]);
  });

  test('the Marksman holding his last 2 tiles is asked first whether to discard them; DISCARD: both to the pile, 5 drawn, then the sealed choice', () => {
    const s = marksmanTileDuel([[0, 1], [2, 3, 4], [5]], [0, 0, 0, 0, 3, 3]);
    expect(prompt(s)).toMatchObject({
      seat: 0,
      kind: 'CHOOSE_OPTION',
      purpose: 'MARKSMAN_DISCARD',
      options: ['KEEP', 'DISCARD'],
      duel: { loc: 'A:COWBOY_INCOME', seats: [1, 0], revealed: false, discardAsked: [0] },
    });
    expect(engine.pending(s).map((p) => [p.seat, p.kind])).toEqual([[0, 'CHOOSE_OPTION']]);
    expect(engine.legalCommands(s, 0).filter((c) => c.type !== 'PLACE_ROAD')).toEqual([
      { type: 'CHOOSE_OPTION', option: 'KEEP' },
      { type: 'CHOOSE_OPTION', option: 'DISCARD' },
    ]);
    expect(engine.legalCommands(s, 1)).toEqual([]);
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'CHOOSE_OPTION', option: 'KEEP' });
    // The pile is then 0, 1, 4, 4, 4, 5, 5, 5: the scripted draws take indexes 7, 6, 5, 4, 3.
    const r = send(s, 0, { type: 'CHOOSE_OPTION', option: 'DISCARD' }, scriptedRng([7, 6, 5, 4, 3]));
    expect(r.events.slice(0, 3)).toEqual([
      { type: 'OPTION_CHOSEN', seat: 0, purpose: 'MARKSMAN_DISCARD', option: 'DISCARD' },
      { type: 'DUEL_TILES_DISCARDED', seat: 0, tiles: [0, 1], count: 2 },
      { type: 'DUEL_TILES_DRAWN', seat: 0, tiles: [4, 4, 5, 5, 5], count: 5 },
    ]);
    expect(r.state.might!.hands[0]).toEqual([4, 4, 5, 5, 5]);
    expect(r.state.might!.pile).toEqual([1, 1, 0, 0, 1, 0]);
    expect(prompt(r.state)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1, 0], need: [1, 1] });
    const a = send(r.state, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [5] });
    const b = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [4] });
    const duel = ofType(b.events, 'DUEL')[0];
    const fp = r.state.players.map((p) => p.reserve + p.revolvers);
    expect(duel.participants).toEqual([
      { seat: 1, dice: [], tiles: [4], firepower: fp[1], total: fp[1] + 4 },
      { seat: 0, dice: [], tiles: [5], firepower: fp[0], total: fp[0] + 5 },
    ]);
  });

  test('KEEP: nothing moves and he is not asked again in that duel; a non-Marksman or a Marksman with 3 tiles is never asked', () => {
    const s = marksmanTileDuel([[0, 1], [2, 3, 4], [5]], [0, 0, 0, 0, 3, 3]);
    const r = send(s, 0, { type: 'CHOOSE_OPTION', option: 'KEEP' });
    expect(
      r.events.filter((e) => e.type === 'DUEL_TILES_DISCARDED' || e.type === 'DUEL_TILES_DRAWN'),
    ).toEqual([]);
    expect(r.state.might!.hands[0]).toEqual([0, 1]);
    expect(prompt(r.state)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1, 0] });
    const plain = marksmanTileDuel([[0, 1], [2, 3, 4], [5]], [0, 0, 0, 0, 3, 3], false);
    expect(prompt(plain)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1, 0] });
    const three = marksmanTileDuel([[0, 1, 2], [3, 4], [5]], [0, 0, 0, 0, 3, 3]);
    expect(prompt(three)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1, 0] });
  });

  test('no dice duels with Might is Right: the Marksman plays tiles, never rolls', () => {
    const s = marksmanTileDuel([[1, 2, 3], [2, 3, 4], [5]], [0, 0, 0, 0, 0, 0]);
    const a = send(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [3] });
    const b = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [2] });
    expect(b.events.some((e) => e.type === 'DICE_ROLLED' || e.type === 'DUEL_DIE_KEPT')).toBe(false);
    expect(ofType(b.events, 'DUEL')[0].participants.map((p) => [p.seat, p.dice, p.tiles, p.rolled])).toEqual([
      [1, [], [2], undefined],
      [0, [], [3], undefined],
    ]);
  });

  test("hidden information: another seat's hand, sealed sheet and discarded tiles never reach a viewer", () => {
    // Before the reveal: seat 0's hand (same total, 18) and sealed sheet differ between twins.
    const s = startGame(BOTH, 3, 'anb-might').state;
    const twin = JSON.parse(JSON.stringify(s)) as CarsonState;
    twin.might!.hands[0] = [2, 2, 3, 3, 4, 4];
    const a = send(s, 0, sheet({ marksman: true, bid: 7 }), createRng('same'));
    const b = send(twin, 0, sheet({ parcels: 3, vp: -5 }), createRng('same'));
    for (const viewer of [1, 2, 'spectator'] as const) {
      expect(engine.view(b.state, viewer)).toEqual(engine.view(a.state, viewer));
      expect(b.events.map((e) => engine.redact(e, viewer, twin))).toEqual(
        a.events.map((e) => engine.redact(e, viewer, s)),
      );
      if (viewer !== 'spectator')
        expect(engine.legalCommands(b.state, viewer)).toEqual(engine.legalCommands(a.state, viewer));
    }
    expect(engine.pending(b.state)).toEqual(engine.pending(a.state));
    expect(engine.view(a.state, 0).duelTiles!.players[0].tiles).toEqual([1, 3, 3, 3, 4, 4]);
    expect(engine.view(a.state, 0).newBeginning!.seats[0].sheet).toMatchObject({ marksman: true, bid: 7 });
    expect(engine.view(a.state, 1).duelTiles!.players[0]).toMatchObject({
      tiles: null,
      count: 6,
      announced: 18,
    });
    // The Marksman's discard: the values (and those he draws) are his alone.
    const d = marksmanTileDuel([[0, 1], [2, 3, 4], [5]], [0, 0, 0, 0, 3, 3]);
    const dt = JSON.parse(JSON.stringify(d)) as CarsonState;
    dt.might!.hands[0] = [0, 5];
    dt.might!.hands[2] = [1];
    for (const viewer of [1, 'spectator'] as const)
      expect(engine.view(dt, viewer)).toEqual(engine.view(d, viewer));
    const ra = send(d, 0, { type: 'CHOOSE_OPTION', option: 'DISCARD' }, createRng('same'));
    const rb = send(dt, 0, { type: 'CHOOSE_OPTION', option: 'DISCARD' }, createRng('same'));
    expect(ra.state.might!.hands[0]).not.toEqual(rb.state.might!.hands[0]);
    for (const viewer of [1, 'spectator'] as const) {
      expect(engine.view(rb.state, viewer)).toEqual(engine.view(ra.state, viewer));
      expect(rb.events.map((e) => engine.redact(e, viewer, dt))).toEqual(
        ra.events.map((e) => engine.redact(e, viewer, d)),
      );
    }
    expect(engine.redact(ra.events[1], 1, d)).toEqual({
      type: 'DUEL_TILES_DISCARDED',
      seat: 0,
      tiles: null,
      count: 2,
    });
    // determinize from seat 1's view at the offer and after it: its view and commands come back.
    for (const st of [d, ra.state]) {
      const legal = engine.legalCommands(st, 1);
      const det = determinize(engine.view(st, 1), 1, legal, createRng('det'));
      expect(engine.view(det.state, 1)).toEqual(engine.view(st, 1));
      expect(engine.legalCommands(det.state, 1)).toEqual(legal);
      expect(det.exact).toBe(true);
      expect(det.state.flow.tasks).toEqual(st.flow.tasks);
    }
    // The HEURISTIC bot discards two weak tiles.
    const choice = carsonHeuristicBot.choose({
      seat: 0,
      view: engine.view(d, 0),
      legal: engine.legalCommands(d, 0),
      rng: createRng('bot'),
    });
    expect(choice.command).toEqual({ type: 'CHOOSE_OPTION', option: 'DISCARD' });
  });
});
