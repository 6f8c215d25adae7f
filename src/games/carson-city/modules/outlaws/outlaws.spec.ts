/** The Outlaws module (§10.5, §13 #28, #29): options, arrival, movement, fights, effects, Prisons. */
import { isViolation } from '../../../engine';
import { createRng } from '../../../random';
import { parcelFromDice, parcelRef } from '../../data/board';
import { commitBuild } from '../../build';
import { Ctx } from '../../ctx';
import { cloneState } from '../../evolve';
import { determinize } from '../../bots/determinize';
import { startGame } from '../../testing/harness';
import { carsonCityEngine as engine } from '../../index';
import { DEFAULT_OUTLAW_VP, moveOutlaw, outlawArrival, outlawMoves } from './outlaws';
import { townHallOptions } from '../../phases/end-of-round/flow';
import { firepower, incomeLevel, isPurchasable, parcelPrice } from '../../rules';
import type { CarsonState } from '../../state';
import {
  atPlacement,
  drive,
  FIRST_GAME,
  ofType,
  P,
  placeDirect,
  put,
  scriptedRng,
  send,
  setTurnOrder,
} from '../../testing/fixtures';

const ref = (c: number, r: number) => parcelRef(P(c, r));

function outlawGame(tiles = FIRST_GAME, picks = [1, 2, 3], more: Record<string, unknown> = {}): CarsonState {
  const s = atPlacement(3, tiles, picks, { modules: ['OUTLAWS'], ...more });
  s.outlaws = { strength: 10, supply: 9, figures: [], nextId: 1 };
  setTurnOrder(s, [0, 1, 2]);
  return s;
}

function addOutlaw(s: CarsonState, c: number, r: number): number {
  const o = s.outlaws!;
  const id = o.nextId;
  s.outlaws = {
    ...o,
    supply: o.supply - 1,
    nextId: id + 1,
    figures: [...o.figures, { id, parcel: P(c, r) }],
  };
  return id;
}

/** A cowboy of `seat` on `loc`, from its reserve. */
function fighter(s: CarsonState, seat: number, loc: string, dynamite = false): void {
  placeDirect(s, seat, loc, { dynamite });
  s.players[seat].reserve -= 1;
}

describe('Outlaws options (§10.5, §13 #28)', () => {
  test('OUTLAWS is supported; outlawVP defaults to the documented table and is configurable', () => {
    expect(engine.parseOptions({ modules: ['OUTLAWS'] }, 3)).toMatchObject({
      modules: ['OUTLAWS'],
      outlawVP: [...DEFAULT_OUTLAW_VP],
    });
    expect(engine.parseOptions({ modules: ['OUTLAWS'], outlawVP: [1, 2, 3, 4, 5, 6] }, 3)).toMatchObject({
      outlawVP: [1, 2, 3, 4, 5, 6],
    });
    const parsed = engine.parseOptions({ modules: ['OUTLAWS', 'HORSES'] }, 4);
    expect(isViolation(parsed)).toBe(false);
  });
  test('the VP table is flagged like the solo data (§13 #28): PLACEHOLDER while it is the invented default, in the options and the view', () => {
    const def = engine.parseOptions({ modules: ['OUTLAWS'] }, 3);
    expect(def).toMatchObject({ outlawVP: [3, 4, 5, 6, 7, 8], outlawVPSource: 'PLACEHOLDER' });
    // Given explicitly, the invented numbers are still the placeholder.
    expect(engine.parseOptions({ modules: ['OUTLAWS'], outlawVP: [3, 4, 5, 6, 7, 8] }, 3)).toMatchObject({
      outlawVPSource: 'PLACEHOLDER',
    });
    const conf = engine.parseOptions({ modules: ['OUTLAWS'], outlawVP: [2, 3, 3, 4, 5, 6] }, 3);
    expect(conf).toMatchObject({ outlawVP: [2, 3, 3, 4, 5, 6], outlawVPSource: 'CONFIGURED' });
    // Without the module there is nothing to flag.
    const none = engine.parseOptions({}, 3);
    expect(isViolation(none) || 'outlawVPSource' in none).toBe(false);
    // Derived: the parsed module fields are accepted again as they are.
    for (const o of [def, conf, none]) {
      if (isViolation(o)) throw new Error(o.message);
      const again = { modules: o.modules, outlawVP: o.outlawVP, outlawVPSource: o.outlawVPSource };
      expect(engine.parseOptions(JSON.parse(JSON.stringify(again)), 3)).toEqual(o);
    }
    // The view repeats it.
    const g = startGame({ modules: ['OUTLAWS'] }, 3, 'flag').state;
    expect(engine.view(g, 0).outlaws).toMatchObject({
      vpTable: [3, 4, 5, 6, 7, 8],
      dataSource: 'PLACEHOLDER',
    });
    expect(engine.view(g, 'spectator').outlaws!.dataSource).toBe('PLACEHOLDER');
    const c = startGame({ modules: ['OUTLAWS'], outlawVP: [2, 3, 3, 4, 5, 6] }, 3, 'flag').state;
    expect(engine.view(c, 1).outlaws).toMatchObject({
      vpTable: [2, 3, 3, 4, 5, 6],
      dataSource: 'CONFIGURED',
    });
    // Games started before the flag existed: derived from the table.
    const old = JSON.parse(JSON.stringify(c)) as CarsonState;
    delete old.options.outlawVPSource;
    expect(engine.view(old, 1).outlaws!.dataSource).toBe('CONFIGURED');
    delete g.options.outlawVPSource;
    expect(engine.view(g, 1).outlaws!.dataSource).toBe('PLACEHOLDER');
    // The bots' rebuilt state carries it, so its view is the same.
    const d = determinize(engine.view(c, 1), 1, engine.legalCommands(c, 1));
    expect(d.state.options.outlawVPSource).toBe('CONFIGURED');
    expect(engine.view(d.state, 1).outlaws).toEqual(engine.view(c, 1).outlaws);
  });
  test.each([
    [{ modules: ['OUTLAWS'], outlawVPSource: 'CONFIGURED' }, /derived from outlawVP \(PLACEHOLDER here\)/],
    [{ modules: ['OUTLAWS'], outlawVP: [1, 2, 3, 4, 5, 6], outlawVPSource: 'PLACEHOLDER' }, /derived/],
    [{ modules: ['OUTLAWS'], outlawVPSource: 'NOPE' }, /derived/],
    [{ outlawVPSource: 'PLACEHOLDER' }, /only with the OUTLAWS/],
    [{ modules: ['OUTLAWS'], outlawVP: [1, 2, 3] }, /6 integers/],
    [{ modules: ['OUTLAWS'], outlawVP: [1, 2, 3, 4, 5, 1.5] }, /6 integers/],
    [{ modules: ['OUTLAWS'], outlawVP: 'x' }, /6 integers/],
    [{ outlawVP: [1, 2, 3, 4, 5, 6] }, /only with the OUTLAWS/],
  ])('%j is INVALID_OPTIONS', (raw, msg) => {
    const r = engine.parseOptions(raw, 3);
    expect(r).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(isViolation(r) && r.message).toMatch(msg);
  });
});

describe('arrival (start of rounds 2-4)', () => {
  test('strength = black + 7, count by the white die, parcels by the basic dice; the roller is first on the pass track', () => {
    const s = outlawGame();
    s.passTrack = [2, 0, 1];
    s.round = 2;
    // black 3 -> strength 10; white 4 -> 2 outlaws; then (1,1) and (6,6).
    const ctx = new Ctx(cloneState(s), scriptedRng([3, 4, 1, 1, 6, 6]));
    outlawArrival(ctx);
    const [arrived] = ofType(ctx.events, 'OUTLAWS_ARRIVED');
    expect(arrived).toMatchObject({
      roller: 2,
      black: 3,
      white: 4,
      strength: 10,
      count: 2,
      vp: DEFAULT_OUTLAW_VP[2],
    });
    expect(ofType(ctx.events, 'OUTLAW_PLACED').map((e) => e.parcel)).toEqual([
      parcelFromDice(1, 1),
      parcelFromDice(6, 6),
    ]);
    expect(ctx.state.outlaws).toMatchObject({ strength: 10, supply: 7 });
  });
  test.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
  ])('white %i -> %i outlaw(s)', (white, count) => {
    const s = outlawGame();
    const ctx = new Ctx(cloneState(s), scriptedRng([6, white, 1, 1, 2, 2, 3, 3]));
    outlawArrival(ctx);
    expect(ofType(ctx.events, 'OUTLAWS_ARRIVED')[0]).toMatchObject({ strength: 13, count });
    expect(ofType(ctx.events, 'OUTLAW_PLACED')).toHaveLength(count);
  });
  test('rolled again on an outlaw and next to a Prison; jailed at once on a Prison (VP to its owner, §13 #29)', () => {
    const s = outlawGame();
    addOutlaw(s, 2, 2); // dice (1,1)
    put(s, 5, 5, 'PRISON', 1); // dice (4,4); (3,3)..(5,5) N8 parcels blocked around it
    // black 1 (strength 8), white 3 (2 outlaws): (1,1) outlaw -> again; (3,3) = parcel (4,4), next
    // to the Prison -> again; (2,5) ok. Second: (4,4) = the Prison itself -> jailed.
    const ctx = new Ctx(cloneState(s), scriptedRng([1, 3, 1, 1, 3, 3, 2, 5, 4, 4]));
    outlawArrival(ctx);
    const placed = ofType(ctx.events, 'OUTLAW_PLACED');
    expect(placed[0].rolls.map((r) => r.reroll)).toEqual(['OUTLAW', 'PRISON', null]);
    expect(placed[0].parcel).toBe(parcelFromDice(2, 5));
    expect(placed[1].parcel).toBe(P(5, 5));
    expect(ofType(ctx.events, 'OUTLAW_JAILED')).toEqual([
      { type: 'OUTLAW_JAILED', id: placed[1].id, parcel: P(5, 5), owner: 1, vp: DEFAULT_OUTLAW_VP[0] },
    ]);
    expect(ctx.state.players[1].vp).toBe(s.players[1].vp + DEFAULT_OUTLAW_VP[0]);
    expect(ctx.state.outlaws!.figures.map((f) => f.parcel)).toEqual([P(2, 2), parcelFromDice(2, 5)]);
    expect(ctx.state.outlaws!.supply).toBe(9 - 2);
  });
  test('a real game: arrivals come before the picks of rounds 2-4 only, and survivors take the new strength', () => {
    const { state, events } = (() => {
      const opts = engine.parseOptions({ modules: ['OUTLAWS'] }, 3);
      if (isViolation(opts)) throw new Error(opts.message);
      let st: CarsonState | null = null;
      const all = [];
      const setupEvents = engine.setup(opts, 3, createRng('arrive'));
      for (const e of setupEvents) st = engine.evolve(st, e);
      all.push(...setupEvents);
      const rng = createRng('arrive-play');
      while (st && !engine.result(st)) {
        const seat = engine.pending(st)[0].seat;
        const cmd = engine.timeoutCommand(st, seat)!;
        const r = engine.decide(st, seat, cmd, rng);
        if (isViolation(r)) throw new Error(r.message);
        for (const e of r) st = engine.evolve(st, e);
        all.push(...r);
      }
      return { state: st!, events: all };
    })();
    expect(engine.result(state)).not.toBeNull();
    const rounds = ofType(events, 'OUTLAWS_ARRIVED').map((e) => e.round);
    expect(rounds).toEqual([2, 3, 4]);
    for (const a of ofType(events, 'OUTLAWS_ARRIVED')) {
      const i = events.indexOf(a);
      const started = events
        .slice(0, i)
        .reverse()
        .find((e) => e.type === 'ROUND_STARTED');
      expect(started).toMatchObject({ round: a.round });
      expect(events.slice(events.indexOf(started!), i).some((e) => e.type === 'CHARACTER_PICKED')).toBe(
        false,
      );
    }
  });
});

describe('movement (end of Phase 1)', () => {
  test('the first player on the turn track orders the moves (CHOOSE_OPTION OUTLAW_MOVE_ORDER, timeout: oldest first)', () => {
    const s = outlawGame();
    s.turnOrder = [1, 2, 0];
    addOutlaw(s, 2, 2);
    addOutlaw(s, 7, 7);
    const ctx = new Ctx(cloneState(s), createRng('order'));
    ctx.state.flow.prompt = null;
    outlawMoves(ctx, null);
    expect(ctx.state.flow.prompt).toEqual({
      seat: 1,
      kind: 'CHOOSE_OPTION',
      purpose: 'OUTLAW_MOVE_ORDER',
      options: ['OUTLAW_1', 'OUTLAW_2'],
    });
  });
  test('moves one step to the highest income around; ignores a building next to a Prison or holding another outlaw', () => {
    const s = outlawGame();
    s.round = 2;
    put(s, 4, 4, 'SALOON', 0);
    put(s, 3, 3, 'HOUSE');
    put(s, 5, 3, 'BLACKSMITH', 1); // $10, but next to a Prison
    put(s, 6, 2, 'PRISON', 2);
    put(s, 3, 5, 'BLACKSMITH', 2); // $10, but another outlaw stands on it
    put(s, 5, 5, 'HOTEL', 1); // $6: the best one left
    const id = addOutlaw(s, 4, 4);
    addOutlaw(s, 3, 5);
    const ctx = new Ctx(cloneState(s), createRng('m'));
    moveOutlaw(ctx, id);
    const [moved] = ofType(ctx.events, 'OUTLAW_MOVED');
    expect(moved).toMatchObject({ from: P(4, 4), to: P(5, 5), reason: 'HIGHEST_INCOME' });
    expect(moved.candidates.map((c) => c.parcel)).toEqual([P(4, 4), P(5, 5)]);
  });
  test('ties are drawn with the Rng; the yellow Heroes holder counts $0; no income around: stays', () => {
    const s = outlawGame();
    put(s, 3, 3, 'HOTEL', 0);
    put(s, 5, 5, 'HOTEL', 1);
    put(s, 5, 3, 'HOTEL', 2);
    s.players[2].held = [{ id: 16, side: 'YELLOW' }];
    const id = addOutlaw(s, 4, 4);
    const ctx = new Ctx(cloneState(s), scriptedRng([1]));
    moveOutlaw(ctx, id);
    const [moved] = ofType(ctx.events, 'OUTLAW_MOVED');
    expect(moved.tied).toEqual([P(3, 3), P(5, 5)]);
    expect(moved.to).toBe(P(5, 5));
    expect(moved.candidates.find((c) => c.parcel === P(5, 3))!.income).toBe(0);
    const lone = outlawGame();
    const id2 = addOutlaw(lone, 4, 4);
    put(lone, 5, 5, 'CHURCH', 0);
    const ctx2 = new Ctx(cloneState(lone), createRng('x'));
    moveOutlaw(ctx2, id2);
    expect(ofType(ctx2.events, 'OUTLAW_MOVED')[0]).toMatchObject({
      from: P(4, 4),
      to: P(4, 4),
      reason: 'NO_INCOME',
    });
  });
});

/** Everyone passes (turn order 0, 1, 2): the fights run at building income with these dice. */
function toEstate(s: CarsonState, dice: number[]) {
  return drive(s, scriptedRng(dice), (p) => {
    if (p.kind === 'PLACE_COWBOY') return { type: 'PASS' };
    if (p.kind === 'SPEND_CASH' || p.kind === 'CHOOSE_DUEL_TILE') return undefined;
    if (p.kind === 'CHOOSE_OPTION' && p.purpose.startsWith('OUTLAW_REWARD')) return undefined;
    return null;
  });
}

describe('fights (just before building income)', () => {
  test('a lone cowboy wins with strength >= the outlaw (the outlaw never rolls): VP, cowboy to the general reserve', () => {
    const s = outlawGame();
    addOutlaw(s, 4, 4);
    fighter(s, 1, `P:${P(4, 4)}`);
    const fp = firepower(s, 1);
    const die = Math.max(1, 8 - fp);
    s.outlaws = { ...s.outlaws!, strength: fp + die };
    const vp0 = s.players[1].vp;
    const { state, events } = toEstate(s, [die]);
    const [fight] = ofType(events, 'OUTLAW_FIGHT');
    expect(fight).toMatchObject({ winner: 1, losers: [], strength: fp + die });
    expect(fight.participants[0]).toMatchObject({ seat: 1, dice: [die], total: fp + die });
    expect(state.players[1].vp).toBe(vp0 + DEFAULT_OUTLAW_VP[fp + die - 8]);
    expect(state.outlaws!.figures).toEqual([]);
    expect(state.outlaws!.supply).toBe(9);
    expect(
      events.some(
        (e) => e.type === 'COWBOY_RETURNED' && e.seat === 1 && e.to === 'GENERAL' && e.reason === 'OUTLAW',
      ),
    ).toBe(true);
  });
  test('below its strength the outlaw wins: cowboys back to their personal reserves, the outlaw stays', () => {
    const s = outlawGame();
    addOutlaw(s, 4, 4);
    fighter(s, 0, `P:${P(4, 4)}`);
    fighter(s, 1, `P:${P(4, 4)}`);
    s.outlaws = { ...s.outlaws!, strength: 13 };
    const reserves = s.players.map((p) => p.reserve);
    const { state, events } = toEstate(s, [1, 1]);
    const [fight] = ofType(events, 'OUTLAW_FIGHT');
    expect(fight.winner).toBeNull();
    expect(fight.losers).toEqual([0, 1]);
    expect(state.outlaws!.figures.map((f) => f.parcel)).toEqual([P(4, 4)]);
    expect(state.players[0].reserve).toBeGreaterThanOrEqual(reserves[0] + 1);
  });
  test('players tied above the strength: the earliest on the pass track wins, the other cowboy goes home', () => {
    const s = outlawGame();
    addOutlaw(s, 4, 4);
    fighter(s, 0, `P:${P(4, 4)}`);
    fighter(s, 1, `P:${P(4, 4)}`);
    s.outlaws = { ...s.outlaws!, strength: 8 };
    const f0 = firepower(s, 0);
    const f1 = firepower(s, 1);
    const total = Math.max(f0, f1, 7) + 1;
    const { events } = toEstate(s, [total - f0, total - f1]);
    const [fight] = ofType(events, 'OUTLAW_FIGHT');
    expect(fight.participants.map((p) => p.total)).toEqual([total, total]);
    expect(fight.winner).toBe(0);
    expect(fight.losers).toEqual([1]);
  });
  test("on an opponent's building the winner may attack it instead of taking the VP (no VP, steals half)", () => {
    const s = outlawGame();
    put(s, 4, 4, 'HOTEL', 0); // $6
    addOutlaw(s, 4, 4);
    fighter(s, 1, `B:${P(4, 4)}`);
    s.outlaws = { ...s.outlaws!, strength: 8 };
    const vp1 = s.players[1].vp;
    const run = toEstate(s, [6]);
    expect(run.state.flow.prompt).toEqual({
      seat: 1,
      kind: 'CHOOSE_OPTION',
      purpose: `OUTLAW_REWARD:${P(4, 4)}`,
      options: ['VP', 'ATTACK'],
    });
    expect(engine.timeoutCommand(run.state, 1)).toEqual({ type: 'CHOOSE_OPTION', option: 'VP' });
    const then = (option: string) => {
      const chosen = send(run.state, 1, { type: 'CHOOSE_OPTION', option });
      const rest = toEstate(chosen.state, []);
      return { state: rest.state, events: [...chosen.events, ...rest.events] };
    };
    const attack = then('ATTACK');
    const [income] = ofType(attack.events, 'INCOME');
    expect(income).toMatchObject({ owner: 0, attacker: 1, amount: 6, stolen: 3, received: 3 });
    expect(income.outlaw).toBeUndefined();
    expect(attack.state.players[1].vp).toBe(vp1);
    const vp = then('VP');
    expect(ofType(vp.events, 'INCOME')[0]).toMatchObject({ owner: 0, attacker: null, received: 6 });
    expect(vp.state.players[1].vp).toBe(vp1 + DEFAULT_OUTLAW_VP[0]);
  });
  test('the owner who defeats the outlaw on its own building takes the VP and the full income', () => {
    const s = outlawGame();
    put(s, 4, 4, 'HOTEL', 0);
    addOutlaw(s, 4, 4);
    fighter(s, 0, `B:${P(4, 4)}`);
    s.outlaws = { ...s.outlaws!, strength: 8 };
    const { state, events } = toEstate(s, [6]);
    expect(state.flow.prompt?.kind).not.toBe('CHOOSE_OPTION');
    expect(ofType(events, 'INCOME')[0]).toMatchObject({ owner: 0, received: 6 });
    expect(ofType(events, 'VP').some((e) => e.seat === 0 && e.reason === 'OUTLAW')).toBe(true);
  });
  test('yellow Gunsmith +2 VP per outlaw duel won; Doctor +$3 per outlaw defeated; Undertaker +$2 and the losers pay', () => {
    const s = outlawGame();
    s.players[1].held = [{ id: 10, side: 'YELLOW' }];
    s.players[2].held = [{ id: 14, side: 'YELLOW' }];
    addOutlaw(s, 4, 4);
    fighter(s, 1, `P:${P(4, 4)}`);
    s.outlaws = { ...s.outlaws!, strength: 8 };
    const money2 = s.players[2].money;
    const { events } = toEstate(s, [6]);
    const vps = ofType(events, 'VP')
      .filter((e) => e.seat === 1)
      .map((e) => e.reason);
    expect(vps).toEqual(expect.arrayContaining(['GUNSMITH_DUEL_WON', 'OUTLAW']));
    expect(ofType(events, 'MONEY').find((e) => e.reason === 'DOCTOR_OUTLAW')).toMatchObject({
      seat: 2,
      delta: 3,
    });
    expect(money2).toBeGreaterThanOrEqual(0);

    // Undertaker: +$2 per outlaw defeated; a loser (here against strength 13) pays $2 or loses 1 VP.
    const u = outlawGame();
    u.players[2].held = [{ id: 14, side: 'RED' }];
    addOutlaw(u, 4, 4);
    addOutlaw(u, 7, 7);
    fighter(u, 1, `P:${P(4, 4)}`);
    fighter(u, 0, `P:${P(7, 7)}`);
    u.outlaws = { ...u.outlaws!, strength: 8 };
    const won = toEstate(u, [6, 1]);
    const fights = ofType(won.events, 'OUTLAW_FIGHT');
    expect(fights.map((f) => f.winner)).toEqual([1, firepower(u, 0) + 1 >= 8 ? 0 : null]);
    expect(ofType(won.events, 'MONEY').find((e) => e.reason === 'UNDERTAKER_OUTLAW')).toMatchObject({
      seat: 2,
      delta: 2,
    });
    const l = outlawGame();
    l.players[2].held = [{ id: 14, side: 'RED' }];
    addOutlaw(l, 4, 4);
    fighter(l, 0, `P:${P(4, 4)}`);
    l.outlaws = { ...l.outlaws!, strength: 13 };
    const lost = toEstate(l, [1]);
    expect(ofType(lost.events, 'OUTLAW_FIGHT')[0].winner).toBeNull();
    expect(
      lost.events.some(
        (e) =>
          (e.type === 'OPTION_CHOSEN' && e.purpose === 'UNDERTAKER') ||
          (e.type === 'VP' && e.reason === 'UNDERTAKER'),
      ),
    ).toBe(true);
    expect(ofType(lost.events, 'MONEY').some((e) => e.reason === 'UNDERTAKER_OUTLAW')).toBe(false);
  });
  test('the red Gunsmith rerolls a losing die against an outlaw', () => {
    const s = outlawGame();
    s.players[1].held = [{ id: 10, side: 'RED' }];
    addOutlaw(s, 4, 4);
    fighter(s, 1, `P:${P(4, 4)}`);
    s.outlaws = { ...s.outlaws!, strength: firepower(s, 1) + 5 };
    const { events } = toEstate(s, [1, 6]);
    expect(ofType(events, 'DICE_ROLLED').find((e) => e.purpose.startsWith('GUNSMITH_REROLL'))).toMatchObject({
      seat: 1,
      dice: [6],
    });
    expect(ofType(events, 'OUTLAW_FIGHT')[0].winner).toBe(1);
  });
});

describe('Might is Right: a duel tile instead of the die (§13 #34)', () => {
  test('the fighter chooses a tile (sealed); the outlaw plays none; the tiles go to the pile', () => {
    const s = outlawGame(FIRST_GAME, [1, 2, 3], { modules: ['OUTLAWS', 'MIGHT_IS_RIGHT'] });
    addOutlaw(s, 4, 4);
    fighter(s, 1, `P:${P(4, 4)}`);
    s.might = { ...s.might!, hands: s.might!.hands.map((h, i) => (i === 1 ? [0, 5] : h)) };
    const fp = firepower(s, 1);
    s.outlaws = { ...s.outlaws!, strength: Math.max(8, fp + 5) };
    const run = toEstate(s, []);
    expect(run.state.flow.prompt).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1], need: [1] });
    expect(run.state.flow.prompt).toMatchObject({ duel: { then: { kind: 'OUTLAW' } } });
    const win = send(run.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [5] });
    const [fight] = ofType(win.events, 'OUTLAW_FIGHT');
    expect(fight.participants[0]).toMatchObject({ seat: 1, dice: [], tiles: [5], total: fp + 5 });
    expect(fight.winner).toBe(fp + 5 >= 8 ? 1 : null);
    expect(win.state.might!.pile[5]).toBe(run.state.might!.pile[5] + 1);
    const lose = send(run.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [0] });
    expect(ofType(lose.events, 'OUTLAW_FIGHT')[0].winner).toBeNull();
    expect(lose.state.outlaws!.figures).toHaveLength(1);
  });
});

describe('Prisons and Churches', () => {
  test('a Prison built next to an outlaw does not chase it: its own building stays a candidate', () => {
    const s = outlawGame();
    put(s, 4, 4, 'HOTEL', 0); // $6
    put(s, 5, 5, 'BANK', 1); // $3: less, but not next to the Prison
    put(s, 6, 6, 'HOUSE');
    put(s, 3, 3, 'PRISON', 2);
    const id = addOutlaw(s, 4, 4);
    const ctx = new Ctx(cloneState(s), createRng('p'));
    moveOutlaw(ctx, id);
    expect(ofType(ctx.events, 'OUTLAW_MOVED')[0]).toMatchObject({ to: P(4, 4), reason: 'ALREADY_HIGHEST' });
  });
  test('a Church built next to an outlaw building does not send its fighters home (Churches do not affect outlaws)', () => {
    const s = outlawGame();
    put(s, 4, 4, 'HOTEL', 0);
    put(s, 5, 5, null, 0);
    addOutlaw(s, 4, 4);
    fighter(s, 1, `B:${P(4, 4)}`);
    const ctx = new Ctx(cloneState(s), createRng('c'));
    commitBuild(ctx, 0, {
      building: 'CHURCH',
      parcel: P(5, 5),
      needed: 0,
      houses: [],
      refused: [],
      mode: 'WINDOW',
    });
    expect(ofType(ctx.events, 'COWBOY_RETURNED')).toEqual([]);
    expect(ctx.state.placements.some((p) => p.seat === 1 && p.loc === `B:${P(4, 4)}`)).toBe(true);
  });
});

describe('effects of a present outlaw', () => {
  test('a building under an undefeated outlaw pays half rounded down (T25: $15 Saloon -> $7); not for the yellow Heroes', () => {
    const s = outlawGame();
    put(s, 4, 4, 'SALOON', 0);
    put(s, 3, 3, 'HOUSE');
    put(s, 5, 5, 'HOUSE');
    put(s, 3, 5, 'HOUSE');
    expect(incomeLevel(s, P(4, 4))).toBe(15);
    addOutlaw(s, 4, 4);
    const { events } = toEstate(s, []);
    expect(ofType(events, 'INCOME')[0]).toMatchObject({ owner: 0, amount: 15, received: 7, outlaw: true });
    const h = outlawGame();
    put(h, 4, 4, 'HOTEL', 0);
    h.players[0].held = [{ id: 16, side: 'YELLOW' }];
    addOutlaw(h, 4, 4);
    expect(ofType(toEstate(h, []).events, 'INCOME')[0]).toMatchObject({ received: 6 });
  });
  test("an outlaw's parcel cannot be bought or built on; a cowboy there fights instead", () => {
    const s = outlawGame();
    put(s, 4, 4, null, 0);
    put(s, 6, 6, null);
    addOutlaw(s, 4, 4);
    addOutlaw(s, 6, 6);
    expect(isPurchasable(s, P(6, 6))).toBe(false);
    // Unowned outlaw parcel: PLACE_COWBOY PARCEL is the fight, and no BUY_PARCEL follows.
    const legal = engine.legalCommands(s, 0);
    expect(legal).toContainEqual({ type: 'PLACE_COWBOY', target: { kind: 'PARCEL', parcel: ref(6, 6) } });
    // A Church-protected building under an outlaw takes fighters (not an attack).
    put(s, 2, 2, 'HOTEL', 1);
    put(s, 3, 2, 'CHURCH', 1);
    addOutlaw(s, 2, 2);
    expect(engine.legalCommands(s, 0)).toContainEqual({
      type: 'PLACE_COWBOY',
      target: { kind: 'BUILDING', parcel: ref(2, 2) },
    });
    expect(
      engine.decide(
        s,
        0,
        { type: 'PLACE_COWBOY', target: { kind: 'PARCEL', parcel: ref(2, 2) } },
        createRng('x'),
      ),
    ).toMatchObject({ code: 'OUTLAW_PARCEL' });
    // Building on one's own outlaw parcel is refused.
    s.players[0].pending = ['HOTEL'];
    s.flow.prompt = { seat: 0, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null };
    expect(
      engine.decide(s, 0, { type: 'BUILD_PENDING', building: 'HOTEL', parcel: ref(4, 4) }, createRng('x')),
    ).toMatchObject({ code: 'OUTLAW_PARCEL' });
    expect(
      engine
        .legalCommands(s, 0)
        .some((c) => c.type === 'BUILD_PENDING' && P(c.parcel.c, c.parcel.r) === P(4, 4)),
    ).toBe(false);
  });
  test('an outlaw adds nothing to parcel prices, leaves a parcel free for Ranch income (§13 #46) and keeps the Town Hall off', () => {
    const s = outlawGame();
    put(s, 4, 4, 'RANCH', 0);
    const before = { price: parcelPrice(s, P(5, 5), 1), ranch: incomeLevel(s, P(4, 4)) };
    addOutlaw(s, 5, 4);
    expect(parcelPrice(s, P(5, 5), 1)).toBe(before.price);
    expect(incomeLevel(s, P(4, 4))).toBe(before.ranch);
    expect(townHallOptions(s).some((o) => o.parcel === P(5, 4))).toBe(false);
  });
  test('fighting on an unowned parcel buys nothing at the Parcels step', () => {
    const s = outlawGame();
    addOutlaw(s, 6, 6);
    fighter(s, 0, `P:${P(6, 6)}`);
    s.outlaws = { ...s.outlaws!, strength: 13 };
    const { events } = toEstate(s, [1]);
    expect(ofType(events, 'PARCEL_CLAIMED')).toEqual([]);
    expect(ofType(events, 'OUTLAW_FIGHT')).toHaveLength(1);
  });
});
