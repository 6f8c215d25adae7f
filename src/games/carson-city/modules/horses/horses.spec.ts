/** The Horses module (§10.6; worked examples T10/T11 are in rules.spec.ts). */
import { isViolation } from '../../../engine';
import { createRng } from '../../../random';
import { carsonCityEngine as engine } from '../../index';
import { horseVp, rodeoScores } from './horses';
import { firepower } from '../../rules';
import { finalScores } from '../../score';
import { generalCowboys } from '../../table';
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
} from '../../testing/fixtures';
import { startGame } from '../../testing/harness';
import type { CarsonCommand } from '../../commands';
import type { CarsonState } from '../../state';

const HORSES = { modules: ['HORSES'] };

/** 3 players at their first Phase 2 prompt (Banker, Chinese Worker, Settler), turn order 0, 1, 2. */
function game(more: Record<string, unknown> = {}): CarsonState {
  const s = atPlacement(3, FIRST_GAME, [2, 4, 5], { ...HORSES, ...more });
  setTurnOrder(s, [0, 1, 2]);
  s.players.forEach((p) => (p.money = 10));
  return s;
}

const place = (action: string): CarsonCommand =>
  ({ type: 'PLACE_COWBOY', target: { kind: 'ACTION', action } }) as CarsonCommand;
const stable = (k: 1 | 2 | 3 | 4 | 5): CarsonCommand => ({
  type: 'PLACE_COWBOY',
  target: { kind: 'STABLE', stable: k },
});

function codeOf(s: CarsonState, seat: number, cmd: CarsonCommand): string | null {
  const r = engine.decide(s, seat, cmd, createRng('x'));
  return isViolation(r) ? r.code : null;
}

describe('options (§10: modules)', () => {
  test('modules default to none; HORSES is accepted; stable 3 rodeo value defaults to 2 (§13 #30)', () => {
    expect(engine.parseOptions({}, 3)).toMatchObject({ modules: [], stable3RodeoValue: 2 });
    expect(engine.parseOptions({ modules: ['HORSES'] }, 3)).toMatchObject({ modules: ['HORSES'] });
    expect(engine.parseOptions({ modules: ['HORSES'], stable3RodeoValue: 4 }, 3)).toMatchObject({
      stable3RodeoValue: 4,
    });
  });
  test.each([
    [{ modules: ['HORSE'] }, /unknown module/],
    [{ modules: ['HORSES', 'HORSES'] }, /twice/],
    [{ modules: 'HORSES' }, /list/],
    [{ modules: ['HORSES'], stable3RodeoValue: 2.5 }, /stable3RodeoValue/],
    [{ stable3RodeoValue: 3 }, /only with the HORSES/],
  ])('%j is INVALID_OPTIONS', (raw, message) => {
    const r = engine.parseOptions(raw, 3);
    expect(isViolation(r) && r.code).toBe('INVALID_OPTIONS');
    expect(isViolation(r) && r.message).toMatch(message);
  });
});

describe('setup (§10.6)', () => {
  test('each player takes 1 horse from the 25; 4 rodeo markers; none of it without the module', () => {
    const { state, events } = startGame({ modules: ['HORSES'] }, 4, 'setup');
    expect(ofType(events, 'HORSE_GAINED')).toEqual(
      [0, 1, 2, 3].map((seat) => ({ type: 'HORSE_GAINED', seat, reason: 'SETUP' })),
    );
    expect(state.horses).toMatchObject({ supply: 21, markersLeft: 4 });
    expect(state.horses!.players.map((p) => [p.supply, p.stables, p.markers])).toEqual(
      Array(4).fill([1, [0, 0, 0, 0, 0], 0]),
    );
    const plain = startGame({}, 4, 'setup');
    expect(plain.state.horses).toBeNull();
    expect(ofType(plain.events, 'HORSE_GAINED')).toEqual([]);
  });
  test('the yellow Cowboy (#15) gives a horse; the red side and the base game do not', () => {
    const tiles = [1, 2, 3, 4, 5, 6, 15].map((id) => ({ id, side: 'YELLOW' as const }));
    for (const modules of [['HORSES'], []]) {
      const { state } = startGame({ personalitySet: 'LIST', tiles, modules }, 2, 'cowboy');
      const at = drive(state, createRng('d'), (p) => (p.kind === 'PICK_CHARACTER' ? undefined : null)).state;
      const seat = prompt(at).seat;
      const r = send(at, seat, { type: 'PICK_CHARACTER', personality: 15 });
      expect(ofType(r.events, 'HORSE_GAINED')).toEqual(
        modules.length ? [{ type: 'HORSE_GAINED', seat, reason: 'COWBOY' }] : [],
      );
      if (modules.length) expect(r.state.horses!.players[seat].supply).toBe(2);
    }
  });
});

describe('a horse into a stable after each placement (§10.6)', () => {
  test('offered after a placement while the personal supply has one; declining keeps it', () => {
    let s = game();
    s = send(s, 0, place('ROADS')).state;
    expect(prompt(s)).toEqual({ seat: 0, kind: 'STABLE_HORSE', index: 0 });
    expect(engine.legalCommands(s, 0)).toEqual([
      { type: 'DECLINE_ACTION' },
      ...[1, 2, 3, 4, 5].map((k) => ({ type: 'STABLE_HORSE', stable: k })),
    ]);
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'DECLINE_ACTION' });
    s = send(s, 0, { type: 'DECLINE_ACTION' }).state;
    expect(prompt(s)).toMatchObject({ seat: 1, kind: 'PLACE_COWBOY' });
    expect(s.horses!.players[0].supply).toBe(1);
  });
  test('stable 4: +$2 at once; no horse left -> no prompt after the next placement', () => {
    let s = game();
    s = send(s, 0, place('ROADS')).state;
    const r = send(s, 0, { type: 'STABLE_HORSE', stable: 4 });
    expect(r.events.slice(0, 2)).toEqual([
      { type: 'HORSE_STABLED', seat: 0, stable: 4 },
      { type: 'MONEY', seat: 0, delta: 2, reason: 'STABLE_4' },
    ]);
    s = r.state;
    expect(s.players[0].money).toBe(12);
    expect(s.horses!.players[0]).toMatchObject({ supply: 0, stables: [0, 0, 0, 1, 0] });
    s = send(s, 1, { type: 'PASS' }).state;
    s = send(s, 2, { type: 'PASS' }).state;
    s = send(s, 0, place('GAMBLING')).state;
    expect(prompt(s)).toMatchObject({ seat: 0, kind: 'PLACE_COWBOY' });
  });
  test('a STABLE_HORSE command outside its prompt is WRONG_PROMPT; without a horse NO_HORSE', () => {
    const s = game();
    expect(codeOf(s, 0, { type: 'STABLE_HORSE', stable: 1 })).toBe('WRONG_PROMPT');
    const at = send(s, 0, place('ROADS')).state;
    at.horses!.players[0].supply = 0;
    expect(codeOf(at, 0, { type: 'STABLE_HORSE', stable: 1 })).toBe('NO_HORSE');
  });
  test('stable 1: +1 firepower with a horse, +2 with three or more (§5.3)', () => {
    const s = game();
    const base = firepower(s, 0);
    s.horses!.players[0].stables[0] = 1;
    expect(firepower(s, 0)).toBe(base + 1);
    s.horses!.players[0].stables[0] = 2;
    expect(firepower(s, 0)).toBe(base + 1);
    s.horses!.players[0].stables[0] = 3;
    expect(firepower(s, 0)).toBe(base + 2);
    expect(engine.view(s, 0).players[0].firepower).toBe(base + 2);
  });
});

describe('stable 2: extra cowboy, move, pass (§10.6)', () => {
  function atStableTwo(): CarsonState {
    let s = game();
    s.horses!.players[0].supply = 2;
    s = send(s, 0, place('ROADS')).state;
    s = send(s, 0, { type: 'STABLE_HORSE', stable: 2 }).state;
    expect(prompt(s)).toEqual({ seat: 0, kind: 'STABLE_TWO', index: 0 });
    return s;
  }
  test('an extra cowboy from the reserve, which may bring another horse', () => {
    const s = atStableTwo();
    const r = send(s, 0, place('GAMBLING'));
    expect(r.events.slice(0, 2)).toEqual([
      { type: 'STABLE_TWO_CHOSEN', seat: 0, choice: 'EXTRA_COWBOY' },
      expect.objectContaining({ type: 'COWBOY_PLACED', seat: 0, loc: 'A:GAMBLING' }),
    ]);
    expect(r.state.players[0].reserve).toBe(1);
    expect(prompt(r.state)).toEqual({ seat: 0, kind: 'STABLE_HORSE', index: 0 });
    const next = send(r.state, 0, { type: 'DECLINE_ACTION' }).state;
    expect(prompt(next)).toMatchObject({ seat: 1, kind: 'PLACE_COWBOY' });
  });
  test('move a placed cowboy to another location, or back to the reserve (no horse after a move)', () => {
    const s = atStableTwo();
    const moved = send(s, 0, {
      type: 'MOVE_PLACED_COWBOY',
      from: { kind: 'ACTION', action: 'ROADS' },
      to: { kind: 'ACTION', action: 'GAMBLING' },
    });
    expect(moved.state.placements.filter((p) => p.seat === 0).map((p) => p.loc)).toEqual(['A:GAMBLING']);
    expect(moved.state.players[0].reserve).toBe(2);
    expect(prompt(moved.state)).toMatchObject({ seat: 1, kind: 'PLACE_COWBOY' });
    const back = send(s, 0, { type: 'MOVE_PLACED_COWBOY', from: { kind: 'ACTION', action: 'ROADS' } });
    expect(back.state.placements.filter((p) => p.seat === 0)).toEqual([]);
    expect(back.state.players[0].reserve).toBe(3);
    expect(ofType(back.events, 'COWBOY_RETURNED')[0]).toMatchObject({
      seat: 0,
      loc: 'A:ROADS',
      to: 'RESERVE',
      reason: 'STABLE_2',
    });
  });
  test('illegal moves: nothing of yours there, the same location, into a stable, a cowboy with a marker', () => {
    const s = atStableTwo();
    const from = { kind: 'ACTION', action: 'ROADS' } as const;
    expect(codeOf(s, 0, { type: 'MOVE_PLACED_COWBOY', from: { kind: 'ACTION', action: 'GAMBLING' } })).toBe(
      'ILLEGAL_TARGET',
    );
    expect(codeOf(s, 0, { type: 'MOVE_PLACED_COWBOY', from, to: from })).toBe('ILLEGAL_TARGET');
    expect(codeOf(s, 0, { type: 'MOVE_PLACED_COWBOY', from, to: { kind: 'STABLE', stable: 1 } })).toBe(
      'ILLEGAL_TARGET',
    );
    s.placements.push({
      seat: 0,
      loc: 'A:AMMUNITION',
      white: false,
      noDuel: false,
      dynamite: true,
      extra: false,
    });
    expect(codeOf(s, 0, { type: 'MOVE_PLACED_COWBOY', from: { kind: 'ACTION', action: 'AMMUNITION' } })).toBe(
      'ILLEGAL_TARGET',
    );
    // The destination obeys the placement rules (§13 #41: no second own cowboy on a square).
    s.placements.push({
      seat: 0,
      loc: 'A:GAMBLING',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    expect(
      codeOf(s, 0, { type: 'MOVE_PLACED_COWBOY', from, to: { kind: 'ACTION', action: 'GAMBLING' } }),
    ).toBe('ILLEGAL_TARGET');
  });
  test('pass: the seat takes the first free pass space and places no more; timeout takes nothing', () => {
    const s = atStableTwo();
    expect(engine.timeoutCommand(s, 0)).toEqual({ type: 'DECLINE_ACTION' });
    const r = send(s, 0, { type: 'PASS' });
    expect(r.events.slice(0, 2)).toEqual([
      { type: 'STABLE_TWO_CHOSEN', seat: 0, choice: 'PASS' },
      { type: 'PASSED', seat: 0, position: 1, automatic: false },
    ]);
    let t = send(r.state, 1, place('GAMBLING')).state;
    t = send(t, 1, { type: 'DECLINE_ACTION' }).state;
    expect(prompt(t)).toMatchObject({ seat: 2, kind: 'PLACE_COWBOY' });
    t = send(t, 2, { type: 'PASS' }).state;
    expect(prompt(t)).toMatchObject({ seat: 1, kind: 'PLACE_COWBOY' });
    const nothing = send(s, 0, { type: 'DECLINE_ACTION' });
    expect(nothing.events[0]).toEqual({ type: 'STABLE_TWO_CHOSEN', seat: 0, choice: 'NOTHING' });
    expect(prompt(nothing.state)).toMatchObject({ seat: 1, kind: 'PLACE_COWBOY' });
  });
});

describe('a cowboy in one of your own stables (§10.6)', () => {
  test('from the reserve instead of the board, once per stable, then a horse may follow (§13 #32)', () => {
    let s = game();
    const r = send(s, 0, stable(3));
    expect(ofType(r.events, 'COWBOY_PLACED')[0]).toMatchObject({ seat: 0, loc: 'S:3' });
    expect(r.state.players[0].reserve).toBe(2);
    expect(prompt(r.state)).toMatchObject({ seat: 0, kind: 'STABLE_HORSE' });
    s = send(r.state, 0, { type: 'DECLINE_ACTION' }).state;
    s = send(s, 1, stable(3)).state; // another player's stable 3 is their own
    s = send(s, 1, { type: 'DECLINE_ACTION' }).state;
    s = send(s, 2, { type: 'PASS' }).state;
    expect(codeOf(s, 0, stable(3))).toBe('ILLEGAL_TARGET');
    expect(codeOf(s, 0, stable(5))).toBeNull();
    expect(engine.legalCommands(s, 0)).not.toContainEqual(stable(3));
    expect(engine.legalCommands(s, 0)).toContainEqual(stable(5));
    const v = engine.view(s, 0);
    expect(v.cowboys).toContainEqual(
      expect.objectContaining({ seat: 0, location: { kind: 'STABLE', stable: 3 } }),
    );
    expect(v.horses!.players[0].stables[2]).toEqual({ stable: 3, horses: 0, cowboy: true });
  });
  test('no stables without the module; no dynamite in a stable', () => {
    const plain = atPlacement(3, FIRST_GAME, [2, 4, 5]);
    setTurnOrder(plain, [0, 1, 2]);
    expect(codeOf(plain, 0, stable(1))).toBe('ILLEGAL_TARGET');
    expect(
      engine.legalCommands(plain, 0).some((c) => c.type === 'PLACE_COWBOY' && c.target.kind === 'STABLE'),
    ).toBe(false);
    const s = game();
    s.players[0].dynamite = 1;
    expect(codeOf(s, 0, { ...stable(1), dynamite: true } as CarsonCommand)).toBe('ILLEGAL_TARGET');
  });
});

describe('Wages: $4 for a horse instead of $4 (§10.6, §13 #31)', () => {
  test('in pass order; one horse per player; other cowboys paid first; straight into a stable', () => {
    const s = game();
    s.players[0].money = 0;
    placeDirect(s, 0, 'A:WAGES');
    placeDirect(s, 0, 'A:WAGES');
    placeDirect(s, 1, 'A:WAGES');
    setTurnOrder(s, [1, 0, 2]); // everyone passes: pass order 1, 0, 2
    const run = passAll(s, scriptedRng([]));
    expect(prompt(run.state)).toEqual({ seat: 1, kind: 'BUY_HORSE', price: 4 });
    expect(engine.legalCommands(run.state, 1)).toEqual([
      { type: 'DECLINE_ACTION' },
      ...[1, 2, 3, 4, 5].map((k) => ({ type: 'BUY_HORSE', stable: k })),
    ]);
    expect(engine.timeoutCommand(run.state, 1)).toEqual({ type: 'DECLINE_ACTION' });
    const declined = send(run.state, 1, { type: 'DECLINE_ACTION' });
    expect(declined.events[0]).toEqual({ type: 'MONEY', seat: 1, delta: 4, reason: 'WAGES' });
    // Seat 0: its second cowboy's $4 first, then the choice ($0 + $4 pays the horse).
    expect(ofType(declined.events, 'MONEY')).toContainEqual({
      type: 'MONEY',
      seat: 0,
      delta: 4,
      reason: 'WAGES',
    });
    expect(prompt(declined.state)).toEqual({ seat: 0, kind: 'BUY_HORSE', price: 4 });
    const bought = send(declined.state, 0, { type: 'BUY_HORSE', stable: 2 });
    expect(bought.events[0]).toEqual({ type: 'HORSE_BOUGHT', seat: 0, price: 4, stable: 2 });
    expect(bought.state.players[0].money).toBe(0);
    // The round then runs to its end: the bought horse stood in stable 2 at the rodeo, then
    // joined the personal supply.
    const rodeo = ofType(bought.events, 'RODEO')[0];
    expect(rodeo.scores[0].stables[1]).toMatchObject({ stable: 2, horses: 1 });
    expect(bought.state.horses!.players[0]).toMatchObject({ supply: 2, stables: [0, 0, 0, 0, 0] });
    expect(bought.state.horses!.supply).toBe(25 - 3 - 1);
    // Stable 2's placement options do nothing in Phase 3, and no second purchase.
    expect(ofType(bought.events, 'STABLE_TWO_CHOSEN')).toEqual([]);
    expect(bought.state.flow.prompt?.kind).not.toBe('STABLE_TWO');
    expect(bought.state.flow.prompt?.kind).not.toBe('BUY_HORSE');
  });
  test('stable 4 pays $2 in Phase 3 too; a seat that cannot pay or an empty supply just gets $4', () => {
    const s = game();
    placeDirect(s, 0, 'A:WAGES');
    placeDirect(s, 1, 'A:WAGES');
    s.players[1].money = 3;
    const run = passAll(s, scriptedRng([]));
    expect(prompt(run.state)).toMatchObject({ seat: 0, kind: 'BUY_HORSE' });
    const r = send(run.state, 0, { type: 'BUY_HORSE', stable: 4 });
    expect(r.events.slice(0, 2)).toEqual([
      { type: 'HORSE_BOUGHT', seat: 0, price: 4, stable: 4 },
      { type: 'MONEY', seat: 0, delta: 2, reason: 'STABLE_4' },
    ]);
    // Seat 1 ($3, one cowboy) cannot buy: plain Wages, no prompt.
    expect(ofType(r.events, 'MONEY')).toContainEqual({ type: 'MONEY', seat: 1, delta: 4, reason: 'WAGES' });
    expect(r.state.flow.prompt?.kind).not.toBe('BUY_HORSE');
    const empty = game();
    empty.horses!.supply = 0;
    placeDirect(empty, 0, 'A:WAGES');
    const e = passAll(empty, scriptedRng([]));
    expect(ofType(e.events, 'MONEY')).toContainEqual({ type: 'MONEY', seat: 0, delta: 4, reason: 'WAGES' });
    expect(ofType(e.events, 'HORSE_BOUGHT')).toEqual([]);
  });
});

describe('stable 3: each horse doubles one Ranch (§5.7, §10.6)', () => {
  function ranches(): CarsonState {
    const s = game();
    put(s, 1, 1, 'RANCH', 0); // corner: 3 free neighbours -> $3
    put(s, 5, 5, 'RANCH', 0); // 8 free neighbours -> $8
    return s;
  }
  const incomes = (s: CarsonState) => {
    const run = passAll(s, scriptedRng([]));
    return {
      run,
      income: ofType(run.events, 'INCOME').map((e) => [e.parcel, e.base, e.multiplier, e.received]),
    };
  };
  test('one horse doubles the best Ranch; two horses both; none without horses; after the $8 cap (§13 #16)', () => {
    const s = ranches();
    expect(incomes(s).income).toEqual([
      [P(1, 1), 3, 1, 3],
      [P(5, 5), 8, 1, 8],
    ]);
    s.horses!.players[0].stables[2] = 1;
    const one = incomes(s);
    expect(ofType(one.run.events, 'RANCHES_DOUBLED')).toEqual([
      { type: 'RANCHES_DOUBLED', seat: 0, parcels: [P(5, 5)] },
    ]);
    expect(one.income).toEqual([
      [P(1, 1), 3, 1, 3],
      [P(5, 5), 8, 2, 16],
    ]);
    s.horses!.players[0].stables[2] = 3;
    expect(incomes(s).income).toEqual([
      [P(1, 1), 3, 2, 6],
      [P(5, 5), 8, 2, 16],
    ]);
  });
  test('does not combine with the Grocer doubling Ranches', () => {
    const s = ranches();
    s.horses!.players[0].stables[2] = 2;
    s.players[0].doubled = 'RANCH';
    const r = incomes(s);
    expect(ofType(r.run.events, 'RANCHES_DOUBLED')).toEqual([]);
    expect(r.income.map((x) => x[2])).toEqual([2, 2]);
  });
});

describe('the rodeo (§7 step 1, §10.6)', () => {
  test('highest score takes a marker; horses go back to the supply, stable cowboys to the general reserve', () => {
    const s = game();
    s.horses!.players[0].supply = 0;
    s.horses!.players[0].stables = [0, 0, 0, 0, 2];
    s.players[0].reserve -= 1;
    placeDirect(s, 0, 'S:5');
    const general = generalCowboys(s, 0);
    const run = passAll(s, scriptedRng([]));
    const rodeo = ofType(run.events, 'RODEO')[0];
    expect(rodeo.scores.map((x) => x.score)).toEqual([20, 0, 0]);
    expect(rodeo.winner).toBe(0);
    expect(ofType(run.events, 'HORSES_RETURNED')).toEqual([{ type: 'HORSES_RETURNED', seat: 0, count: 2 }]);
    expect(ofType(run.events, 'COWBOY_RETURNED')).toContainEqual(
      expect.objectContaining({ seat: 0, loc: 'S:5', to: 'GENERAL', reason: 'RODEO' }),
    );
    // The rodeo comes before the round's other end steps.
    const types = run.events.map((e) => e.type);
    expect(types.indexOf('RODEO')).toBeLessThan(types.indexOf('ROUND_ENDED'));
    expect(run.state.horses!.players[0]).toMatchObject({ supply: 2, stables: [0, 0, 0, 0, 0], markers: 1 });
    expect(run.state.horses!.markersLeft).toBe(3);
    // Back in the general reserve before the new cowboys of §7 step 4 are counted.
    const back = run.events.findIndex((e) => e.type === 'COWBOY_RETURNED' && e.loc === 'S:5');
    expect(back).toBeLessThan(run.events.findIndex((e) => e.type === 'COWBOYS_GAINED'));
    expect(generalCowboys(run.state, 0)).toBe(general + 1 - 4);
    expect(run.state.placements).toEqual([]);
  });
  test('ties go to the leftmost on the pass-order track; nobody wins a rodeo without points', () => {
    for (const [order, winner] of [
      [[1, 0, 2], 1],
      [[2, 0, 1], 0],
    ] as const) {
      const s = game();
      s.horses!.players[0].stables = [0, 1, 0, 0, 0];
      s.horses!.players[1].stables = [2, 0, 0, 0, 0];
      setTurnOrder(s, [...order]);
      const rodeo = ofType(passAll(s, scriptedRng([])).events, 'RODEO')[0];
      expect(rodeo.scores.map((x) => x.score)).toEqual([2, 2, 0]);
      expect(rodeo.winner).toBe(winner);
    }
    const none = passAll(game(), scriptedRng([]));
    expect(ofType(none.events, 'RODEO')[0].winner).toBeNull();
    expect(none.state.horses!.markersLeft).toBe(4);
  });
  test('stable 3 hat is the option (default 2, §13 #30); a cowboy doubles stable 5 too', () => {
    for (const [more, expected] of [
      [{}, 4],
      [{ stable3RodeoValue: 4 }, 8],
    ] as const) {
      const s = game(more);
      s.horses!.players[0].stables = [0, 0, 2, 0, 0];
      expect(rodeoScores(s)[0].score).toBe(expected);
      expect(engine.view(s, 1).horses!.players[0].rodeoScore).toBe(expected);
    }
    const s = game();
    s.horses!.players[0].stables = [0, 0, 0, 0, 1];
    placeDirect(s, 0, 'S:5');
    expect(rodeoScores(s)[0].stables[4]).toEqual({ stable: 5, horses: 1, hat: 5, cowboy: true, points: 10 });
  });
});

describe('end scoring (§8 item 3)', () => {
  test('horses x (1 + rodeo markers) in the final score and its total', () => {
    const s = game();
    s.horses!.players[1].supply = 4;
    s.horses!.players[1].markers = 1;
    const { scores } = finalScores(s);
    expect(scores[1].horses).toBe(8);
    expect(scores[0].horses).toBe(1);
    expect(scores[1].total - scores[1].horses).toBe(
      scores[1].vpDuringPlay +
        scores[1].money +
        scores[1].possessions +
        scores[1].teacher +
        scores[1].trainStation,
    );
    expect(horseVp(0, 3)).toBe(0);
  });
});

describe('purity', () => {
  test('decide and evolve never mutate the states they are given (a whole Horses game)', () => {
    const { state } = startGame({ modules: ['HORSES'], personalitySet: 'RANDOM' }, 4, 'pure');
    let s = state;
    const rng = createRng('pure-play');
    let horseEvents = 0;
    for (let n = 0; n < 20000 && !engine.result(s); n++) {
      const seat = engine.pending(s)[0].seat;
      const legal = engine.legalCommands(s, seat);
      const before = JSON.stringify(s);
      const events = engine.decide(s, seat, legal[rng.int(0, legal.length - 1)], createRng(`p${n}`));
      if (isViolation(events)) throw new Error(events.message);
      let next = s;
      for (const e of events) {
        const prev = JSON.stringify(next);
        const after = engine.evolve(next, e);
        expect(JSON.stringify(next)).toBe(prev);
        next = after;
        if (/HORSE|RODEO/.test(e.type)) horseEvents++;
      }
      expect(JSON.stringify(s)).toBe(before);
      s = next;
    }
    expect(engine.result(s)).not.toBeNull();
    expect(horseEvents).toBeGreaterThan(10);
  });
});

describe('view and prompts', () => {
  test('the view shows the module and the horses; pending prompts carry their detail', () => {
    let s = game();
    const v = engine.view(s, 2);
    expect(v.modules).toEqual(['HORSES']);
    expect(v.horses).toMatchObject({ supply: 22, rodeoMarkersLeft: 4, hats: [1, 2, 2, 3, 5] });
    expect(v.horses!.players[1]).toEqual({
      seat: 1,
      supply: 1,
      stables: [1, 2, 3, 4, 5].map((stable) => ({ stable, horses: 0, cowboy: false })),
      rodeoMarkers: 0,
      rodeoScore: 0,
      horses: 1,
      horseVp: 1,
    });
    s = send(s, 0, place('ROADS')).state;
    expect(engine.pending(s)).toEqual([{ seat: 0, kind: 'STABLE_HORSE', detail: { index: 0 } }]);
    const plain = atPlacement(3, FIRST_GAME, [2, 4, 5]);
    expect(engine.view(plain, 0)).toMatchObject({ modules: [], horses: null });
  });
});

describe('commands: shapes (never a throw)', () => {
  test.each([
    [{ type: 'STABLE_HORSE', stable: 6 }],
    [{ type: 'STABLE_HORSE', stable: '1' }],
    [{ type: 'BUY_HORSE' }],
    [{ type: 'BUY_HORSE', stable: 1, extra: 1 }],
    [{ type: 'PLACE_COWBOY', target: { kind: 'STABLE', stable: 0 } }],
    [{ type: 'PLACE_COWBOY', target: { kind: 'STABLE', stable: 1, parcel: { c: 1, r: 1 } } }],
    [{ type: 'MOVE_PLACED_COWBOY' }],
    [{ type: 'MOVE_PLACED_COWBOY', from: null }],
    [{ type: 'MOVE_PLACED_COWBOY', from: { kind: 'ACTION', action: 'ROADS' }, to: 'reserve' }],
  ])('%j is INVALID_COMMAND', (raw) => {
    const r = engine.parseCommand(raw);
    expect(isViolation(r) && r.code).toBe('INVALID_COMMAND');
  });
  test('well-formed horse commands parse to their canonical form', () => {
    expect(engine.parseCommand({ type: 'BUY_HORSE', stable: 3 })).toEqual({ type: 'BUY_HORSE', stable: 3 });
    expect(
      engine.parseCommand({ type: 'PLACE_COWBOY', target: { kind: 'STABLE', stable: 2 }, white: false }),
    ).toEqual(stable(2));
    expect(
      engine.parseCommand({ type: 'MOVE_PLACED_COWBOY', from: { kind: 'PARCEL', parcel: { c: 2, r: 3 } } }),
    ).toEqual({
      type: 'MOVE_PLACED_COWBOY',
      from: { kind: 'PARCEL', parcel: { c: 2, r: 3 } },
    });
  });
});
