/** Might is Right (§10.3): setup, duels with tiles, the red Gunsmith, dynamite, draws, hiding. */
import { isViolation } from '../../../engine';
import { createRng } from '../../../random';
import { randomBot } from '../../../bots';
import { playGame } from '../../../tournament';
import { determinize } from '../../bots/determinize';
import { carsonHeuristicBot } from '../../bots/heuristic';
import { carsonStrongBot } from '../../bots/strong';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import { firepower } from '../../rules';
import type { CarsonState } from '../../state';
import {
  clearCity,
  drive,
  FIRST_GAME,
  ofType,
  passAll,
  placeDirect,
  prompt,
  send,
  setTurnOrder,
} from '../../testing/fixtures';
import { startGame } from '../../testing/harness';

const MIGHT = { modules: ['MIGHT_IS_RIGHT'] };
const GUNSMITH_RED: { id: number; side: 'YELLOW' | 'RED' }[] = [
  ...[1, 2, 3, 4, 5, 6].map((id) => ({ id, side: 'YELLOW' as const })),
  { id: 10, side: 'RED' },
];

/** A Might is Right game at its first Phase 2 prompt, city cleared (like fixtures.atPlacement). */
function mightAt(
  seats: number,
  picks: number[],
  tiles: { id: number; side: 'YELLOW' | 'RED' }[] = FIRST_GAME,
): CarsonState {
  const { state } = startGame({ personalitySet: 'LIST', tiles, ...MIGHT }, seats, 'might-fixture');
  const run = drive(state, createRng('might-drive'), (p) => {
    if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
      return { type: 'PICK_CHARACTER', personality: picks[p.seat] };
    if (p.kind === 'PLACE_COWBOY') return undefined;
    return null;
  });
  const s = JSON.parse(JSON.stringify(run.state)) as CarsonState;
  clearCity(s);
  for (const p of s.players) p.white = 'NONE';
  return s;
}

/** Seats 0 and 1 duel on Cowboy income with firepower 3 each; pass order [1, 0, 2]. */
function duelOnIncome(hands: number[][], pile = [0, 0, 0, 0, 0, 0], dynamite: number[] = []): CarsonState {
  const s = mightAt(3, [1, 2, 5]);
  s.might = { ...s.might!, hands, chosen: [[], [], []], pile };
  for (const seat of [0, 1]) {
    s.players[seat].reserve = 2;
    s.players[seat].revolvers = 1;
    placeDirect(s, seat, 'A:COWBOY_INCOME', { dynamite: dynamite.includes(seat) });
  }
  setTurnOrder(s, [1, 0, 2]);
  return passAll(s, createRng('pass')).state;
}

describe('Might is Right setup (§10.3, T21)', () => {
  test('2 players: a full set 0-5 each and $15', () => {
    const { state, events } = startGame(MIGHT, 2, 'setup2');
    expect(state.might!.hands).toEqual([
      [0, 1, 2, 3, 4, 5],
      [0, 1, 2, 3, 4, 5],
    ]);
    expect(state.players.map((p) => p.money)).toEqual([15, 15]);
    expect(ofType(events, 'MONEY')).toEqual([]);
  });
  test.each([
    [3, 6, 45],
    [4, 6, 60],
    [5, 6, 75],
    [6, 5, 75],
  ])(
    '%i players: %i tiles each from shuffled sets (total %i), money $30 - own total, announced',
    (n, each, total) => {
      for (const seed of ['a', 'b', 'c']) {
        const { state, events } = startGame(MIGHT, n, `setup${n}${seed}`);
        const m = state.might!;
        expect(m.hands.every((h) => h.length === each)).toBe(true);
        expect(m.hands.flat().reduce((a, b) => a + b, 0)).toBe(total);
        expect(m.pile).toEqual([0, 0, 0, 0, 0, 0]);
        const dealt = ofType(events, 'DUEL_TILES_DEALT');
        expect(dealt.map((e) => e.seat)).toEqual(Array.from({ length: n }, (_, i) => i));
        for (const e of dealt) {
          expect(e.total).toBe(m.hands[e.seat].reduce((a, b) => a + b, 0));
          expect(engine.view(state, (e.seat + 1) % n).duelTiles!.players[e.seat].announced).toBe(e.total);
          expect(state.players[e.seat].money).toBe(30 - e.total);
          // The total is public; the values reach only their owner.
          const other = (e.seat + 1) % n;
          expect(engine.redact(e, other, null)).toEqual({ ...e, tiles: null });
          expect(engine.redact(e, e.seat, null)).toEqual(e);
          expect(engine.redact(e, 'spectator', null)).toEqual({ ...e, tiles: null });
        }
      }
    },
  );
  test('options: modules validated; the modules not built here are "not yet supported"', () => {
    expect(engine.parseOptions({}, 3)).toMatchObject({ modules: [] });
    expect(engine.parseOptions(MIGHT, 3)).toMatchObject({ modules: ['MIGHT_IS_RIGHT'] });
    for (const bad of [
      { modules: ['NOPE'] },
      { modules: 'MIGHT_IS_RIGHT' },
      { modules: ['MIGHT_IS_RIGHT', 'MIGHT_IS_RIGHT'] },
    ]) {
      expect(engine.parseOptions(bad, 3)).toMatchObject({ code: 'INVALID_OPTIONS' });
    }
    for (const m of [] as string[]) {
      const r = engine.parseOptions({ modules: [m] }, 3);
      expect(r).toMatchObject({ code: 'INVALID_OPTIONS' });
      expect(isViolation(r) && r.message).toMatch(/not yet supported/);
    }
  });
});

describe('Might is Right duels (§10.3, §5.2)', () => {
  test('sealed simultaneous choice, revealed together; strength = firepower + tile; tiles to the pile', () => {
    const s = duelOnIncome([
      [1, 3, 5],
      [0, 2, 4],
      [0, 1, 2, 3, 4, 5],
    ]);
    expect(prompt(s)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1, 0], need: [1, 1], late: false });
    expect(engine.pending(s).map((p) => [p.seat, p.kind])).toEqual([
      [1, 'CHOOSE_DUEL_TILE'],
      [0, 'CHOOSE_DUEL_TILE'],
    ]);
    expect(engine.legalCommands(s, 0)).toEqual(
      [1, 3, 5].map((t) => ({ type: 'CHOOSE_DUEL_TILE', tiles: [t] })),
    );
    expect(engine.legalCommands(s, 2)).toEqual([]);
    expect(engine.timeoutCommand(s, 1)).toEqual({ type: 'CHOOSE_DUEL_TILE', tiles: [0] });
    expect(engine.decide(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [2] }, createRng('x'))).toMatchObject({
      code: 'ILLEGAL_TILES',
    });
    // Seat 0 (not the first listed) answers first: any waiting seat may.
    const a = send(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [3] });
    expect(ofType(a.events, 'DUEL')).toEqual([]);
    expect(engine.pending(a.state).map((p) => p.seat)).toEqual([1]);
    expect(engine.decide(a.state, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [5] }, createRng('x'))).toMatchObject(
      { code: 'NOT_YOUR_TURN' },
    );
    expect(engine.view(a.state, 1).duelTiles!.players[0]).toMatchObject({
      seat: 0,
      count: 2,
      tiles: null,
      chosenCount: 1,
      chosen: null,
    });
    expect(engine.view(a.state, 0).duelTiles!.players[0]).toMatchObject({
      seat: 0,
      count: 2,
      tiles: [1, 5],
      chosenCount: 1,
      chosen: [3],
    });
    const b = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [2] });
    expect(ofType(b.events, 'DUEL_TILES_REVEALED')[0].choices).toEqual([
      { seat: 1, tiles: [2] },
      { seat: 0, tiles: [3] },
    ]);
    const duel = ofType(b.events, 'DUEL')[0];
    expect(duel.participants.map((p) => [p.seat, p.tiles, p.dice, p.firepower, p.total])).toEqual([
      [1, [2], [], 3, 5],
      [0, [3], [], 3, 6],
    ]);
    expect(duel.winner).toBe(0);
    expect(b.state.might!.pile).toEqual([0, 0, 1, 1, 0, 0]);
    expect(b.state.might!.hands.slice(0, 2)).toEqual([
      [1, 5],
      [0, 4],
    ]);
    expect(b.state.might!.chosen).toEqual([[], [], []]);
    expect(ofType(b.events, 'MONEY').find((e) => e.reason === 'COWBOY_INCOME')).toMatchObject({ seat: 0 });
  });

  test('ties go to the earliest on the pass track (§5.2 step 4)', () => {
    const s = duelOnIncome([
      [1, 2, 5],
      [0, 2, 4],
      [0, 1, 2, 3, 4, 5],
    ]);
    const a = send(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [2] });
    const b = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [2] });
    const duel = ofType(b.events, 'DUEL')[0];
    expect(duel.participants.map((p) => p.total)).toEqual([5, 5]);
    expect(duel.winner).toBe(1); // seat 1 passed first
  });

  test('the red Gunsmith chooses after the others are revealed, and never rerolls', () => {
    const s = mightAt(3, [1, 2, 10], GUNSMITH_RED);
    s.might = {
      ...s.might!,
      hands: [
        [0, 1, 2, 3, 4, 5],
        [1, 4],
        [0, 3, 5],
      ],
      chosen: [[], [], []],
      pile: [0, 0, 0, 0, 0, 0],
    };
    for (const seat of [1, 2]) {
      s.players[seat].reserve = 2;
      s.players[seat].revolvers = 1;
      placeDirect(s, seat, 'A:COWBOY_INCOME');
    }
    setTurnOrder(s, [2, 1, 0]);
    const r = passAll(s, createRng('pass')).state;
    expect(prompt(r)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [1], late: false });
    expect(engine.legalCommands(r, 2)).toEqual([]);
    const a = send(r, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [4] });
    expect(ofType(a.events, 'DUEL_TILES_REVEALED')[0].choices).toEqual([{ seat: 1, tiles: [4] }]);
    expect(prompt(a.state)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [2], late: true });
    // The Gunsmith sees the revealed tile; the redacted events told him too.
    expect(engine.view(a.state, 2).duelTiles!.players[1].chosen).toEqual([4]);
    const fp = [firepower(a.state, 1), firepower(a.state, 2)];
    const b = send(a.state, 2, { type: 'CHOOSE_DUEL_TILE', tiles: [5] });
    const duel = ofType(b.events, 'DUEL')[0];
    expect(duel.participants.map((p) => [p.seat, p.tiles])).toEqual([
      [2, [5]],
      [1, [4]],
    ]);
    expect(duel.winner).toBe(fp[1] + 5 >= fp[0] + 4 ? 2 : 1);
    expect(ofType(b.events, 'DICE_ROLLED')).toEqual([]);
  });

  test('dynamite: two tiles, both added (§9.2 #9/10)', () => {
    const s = duelOnIncome(
      [
        [1, 3, 5],
        [0, 2, 4],
        [0, 1, 2, 3, 4, 5],
      ],
      undefined,
      [0],
    );
    expect(prompt(s)).toMatchObject({ waiting: [1, 0], need: [1, 2] });
    expect(engine.legalCommands(s, 0).map((c) => (c.type === 'CHOOSE_DUEL_TILE' ? c.tiles : []))).toEqual([
      [1, 3],
      [1, 5],
      [3, 5],
    ]);
    expect(engine.decide(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [5] }, createRng('x'))).toMatchObject({
      code: 'ILLEGAL_TILES',
    });
    const a = send(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [1, 3] });
    const b = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [4] });
    const duel = ofType(b.events, 'DUEL')[0];
    expect(duel.participants.map((p) => [p.seat, p.tiles, p.total])).toEqual([
      [1, [4], 7],
      [0, [1, 3], 7],
    ]);
    expect(b.state.might!.pile).toEqual([0, 1, 0, 1, 1, 0]);
  });

  test('running out: the last tile is played without a prompt; then 3 drawn at random from the pile', () => {
    const s = duelOnIncome([[4], [0, 1, 2, 3], [5]], [0, 1, 1, 1, 1, 0]);
    // Seat 0 has one tile: played at once (its hand size is public). Only seat 1 is asked.
    expect(prompt(s)).toMatchObject({ waiting: [1] });
    const b = send(s, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [0] });
    const duel = ofType(b.events, 'DUEL')[0];
    expect(duel.participants.map((p) => [p.seat, p.tiles])).toEqual([
      [1, [0]],
      [0, [4]],
    ]);
    const drawn = ofType(b.events, 'DUEL_TILES_DRAWN');
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({ seat: 0, count: 3 });
    expect(b.state.might!.hands[0]).toEqual(drawn[0].tiles);
    expect(b.state.might!.pile.reduce((a, x) => a + x, 0)).toBe(4 + 2 - 3);
    expect(engine.redact(drawn[0], 1, s)).toEqual({ ...drawn[0], tiles: null });
  });

  test('fewer than 3 in the pile: draw what remains, in pass order; the used tiles come back (pile reuse)', () => {
    const s = mightAt(3, [1, 2, 5]);
    s.might = {
      ...s.might!,
      hands: [[4], [1], [0, 2, 3, 5]],
      chosen: [[], [], []],
      pile: [0, 0, 0, 0, 0, 0],
    };
    for (const seat of [0, 1]) placeDirect(s, seat, 'A:COWBOY_INCOME');
    setTurnOrder(s, [1, 0, 2]);
    const run = passAll(s, createRng('pass'));
    // Both had one tile: no prompt, the duel resolved at once.
    const duel = ofType(run.events, 'DUEL')[0];
    expect(duel.participants.map((p) => p.tiles)).toEqual([[1], [4]]);
    const drawn = ofType(run.events, 'DUEL_TILES_DRAWN');
    expect(drawn).toEqual([{ type: 'DUEL_TILES_DRAWN', seat: 1, tiles: [1, 4], count: 2 }]);
    expect(run.state.might!.hands.slice(0, 2)).toEqual([[], [1, 4]]);
    expect(run.state.might!.pile).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('dynamite with one tile: play it, draw at once, choose the second from the draw', () => {
    const s = duelOnIncome([[3], [0, 2, 4], []], [1, 1, 0, 0, 0, 0], [0]);
    expect(prompt(s)).toMatchObject({ waiting: [1, 0], need: [1, 1] });
    expect(s.might!.chosen[0]).toEqual([3]);
    expect(s.might!.hands[0]).toEqual([0, 1]);
    const a = send(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [1] });
    const b = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [4] });
    expect(ofType(b.events, 'DUEL')[0].participants.map((p) => [p.seat, p.tiles])).toEqual([
      [1, [4]],
      [0, [1, 3]],
    ]);
  });

  test('a building attack duel and a Town Hall duel also use tiles', () => {
    const s = mightAt(3, [1, 2, 5]);
    s.might = { ...s.might!, hands: [[1, 2], [3, 4], [5]], chosen: [[], [], []], pile: [0, 0, 0, 0, 0, 0] };
    s.parcels[20] = { owner: 0, content: 'RANCH' };
    placeDirect(s, 0, 'B:20');
    placeDirect(s, 1, 'B:20');
    setTurnOrder(s, [0, 1, 2]);
    const r = passAll(s, createRng('pass'));
    expect(prompt(r.state)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [0, 1] });
    const a = send(r.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [4] });
    const b = send(a.state, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [1] });
    const duel = ofType(b.events, 'DUEL')[0];
    expect(duel.loc).toBe('B:20');
    expect(duel.participants.every((p) => p.dice.length === 0 && p.tiles!.length === 1)).toBe(true);
  });
});

describe('Might is Right hidden information', () => {
  /** Everything seat `viewer` observes after each command. */
  function observe(s: CarsonState, viewer: number, events: CarsonEvent[], before: CarsonState): string {
    return JSON.stringify({
      view: engine.view(s, viewer),
      legal: engine.legalCommands(s, viewer),
      pending: engine.pending(s),
      events: events.map((e) => engine.redact(e, viewer, before)),
    });
  }

  test("a seat's view, legal commands and redacted events do not depend on another seat's tiles or sealed choice", () => {
    // Seats 0 and 1 duel; seat 2 watches; seat 0 differs between the twins: hand and choice.
    const s = duelOnIncome([
      [1, 3, 5],
      [0, 2, 4],
      [0, 1, 2, 3, 4, 5],
    ]);
    const twin = JSON.parse(JSON.stringify(s)) as CarsonState;
    twin.might!.hands[0] = [0, 0, 4];
    for (const viewer of [1, 2, 'spectator'] as const) {
      expect(engine.view(twin, viewer)).toEqual(engine.view(s, viewer));
      if (viewer !== 'spectator')
        expect(engine.legalCommands(twin, viewer)).toEqual(engine.legalCommands(s, viewer));
    }
    expect(engine.pending(twin)).toEqual(engine.pending(s));
    const a = send(s, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [5] }, createRng('same'));
    const b = send(twin, 0, { type: 'CHOOSE_DUEL_TILE', tiles: [0] }, createRng('same'));
    for (const viewer of [1, 2])
      expect(observe(b.state, viewer, b.events, twin)).toEqual(observe(a.state, viewer, a.events, s));
    // The sealed value never appears in what seat 1 receives before the reveal.
    expect(JSON.stringify(a.events.map((e) => engine.redact(e, 1, s)))).not.toMatch(/"tiles":\[5\]/);
    // What seat 1 would be told if it tried seat 0's command: the same in both.
    expect(engine.decide(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [5] }, createRng('x'))).toEqual(
      engine.decide(b.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [5] }, createRng('x')),
    );
    // The bots decide from the view: a determinized state is the same for both twins.
    const legal = engine.legalCommands(a.state, 1);
    const da = determinize(engine.view(a.state, 1), 1, legal, createRng('det'));
    const db = determinize(engine.view(b.state, 1), 1, legal, createRng('det'));
    expect(db).toEqual(da);
    // ...and it reproduces the seat's view and legal commands (the unseen tiles are a sample).
    expect(engine.view(da.state, 1)).toEqual(engine.view(a.state, 1));
    expect(engine.legalCommands(da.state, 1)).toEqual(legal);
    for (const bot of [carsonHeuristicBot, carsonStrongBot]) {
      const ca = bot.choose({
        seat: 1,
        view: engine.view(a.state, 1),
        legal,
        rng: createRng('bot'),
        budget: { playouts: 4 },
      });
      const cb = bot.choose({
        seat: 1,
        view: engine.view(b.state, 1),
        legal,
        rng: createRng('bot'),
        budget: { playouts: 4 },
      });
      expect(cb).toEqual(ca);
    }
    // The reveal makes the choices public: from there on the twins may differ.
    const ra = send(a.state, 1, { type: 'CHOOSE_DUEL_TILE', tiles: [4] });
    expect(ofType(ra.events, 'DUEL_TILES_REVEALED')[0].choices).toContainEqual({ seat: 0, tiles: [5] });
  });

  test('whole games: the views of a seat never contain another seat’s tiles, events are redacted', () => {
    const { state, events } = startGame(MIGHT, 4, 'hide');
    for (const e of events) {
      const r = engine.redact(e, 3, null);
      if (r && r.type === 'DUEL_TILES_DEALT' && e.type === 'DUEL_TILES_DEALT' && e.seat !== 3)
        expect(r.tiles).toBeNull();
    }
    const v = engine.view(state, 3).duelTiles!;
    expect(v.players.filter((p) => p.seat !== 3).every((p) => p.tiles === null && p.count === 6)).toBe(true);
    expect(v.players[3].tiles).toEqual(state.might!.hands[3]);
    expect(v.pile).toBe(0);
  });
});

describe('Might is Right bots', () => {
  test('determinize (with a sample) reproduces each seat view, its legal commands, and the agenda when exact', () => {
    let checked = 0;
    let exact = 0;
    for (const g of [0, 1, 2]) {
      const seats = 3 + g;
      let state = startGame({ ...MIGHT, personalitySet: 'RANDOM' }, seats, `det-${g}`).state;
      const rng = createRng(`det-${g}`);
      for (let n = 0; engine.result(state) === null; n++) {
        const prompts = engine.pending(state);
        const seat = prompts[rng.int(0, prompts.length - 1)].seat;
        const legal = engine.legalCommands(state, seat);
        if (n % 3 === 0 || prompts[0].kind === 'CHOOSE_DUEL_TILE') {
          const view = engine.view(state, seat);
          const d = determinize(view, seat, legal, createRng(`s${n}`));
          expect(engine.view(d.state, seat)).toEqual(view);
          expect(engine.legalCommands(d.state, seat)).toEqual(legal);
          if (d.exact) {
            exact++;
            expect(d.state.flow.tasks).toEqual(state.flow.tasks);
          }
          checked++;
        }
        const r = engine.decide(state, seat, legal[rng.int(0, legal.length - 1)], createRng(`det-${g}#${n}`));
        if (isViolation(r)) throw new Error(r.message);
        for (const e of r) state = engine.evolve(state, e);
      }
    }
    expect(exact).toBeGreaterThan(checked * 0.8);
  });

  test('an all-HEURISTIC 4-player game with the module finishes', () => {
    const played = playGame(
      engine,
      MIGHT,
      [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot],
      'might-h',
    );
    expect(played.result.winners.length).toBeGreaterThan(0);
    expect(played.events.some((e) => e.type === 'DUEL')).toBe(true);
  });
  test('STRONG (small budget) and RANDOM finish a 3-player game with the module', () => {
    const played = playGame(engine, MIGHT, [carsonStrongBot, randomBot, carsonHeuristicBot], 'might-s', {
      budget: { playouts: 2 },
    });
    expect(played.result.seats).toHaveLength(3);
  });
});
