/**
 * The turn through the public engine (index.ts decide / legalCommands / evolve): setup for 2-4
 * players, the first turn (G19), phase A steps and fees (G1-G3), phase B local vs auxiliary (G4,
 * G5), phase C and the reshuffle (G9), hiring modifiers. Every position also checks that each
 * listed command is accepted and that a rejected command leaves the state as it was.
 */
import { createRng } from '../random';
import {
  building,
  CRIOLLO,
  GALLOWAY,
  hazard,
  bandit,
  LONGHORN,
  makeState,
  PINEYWOODS,
  SANTA_GERTRUDIS,
} from './actions/testing';
import type { GwtCommand } from './protocol';
import { greatWesternTrailEngine as engine } from './index';
import { code, legal, legalOf, must, play as publicPlay } from './testing/public';
import type { GwtState } from './state';

/** One command through the engine (testing/public.ts: a rejection must not touch the state). */
const play = (state: GwtState, command: GwtCommand, seed = 'flow') => publicPlay(state, command, seed);

/** Every listed command is accepted by decide. */
function expectListedAccepted(state: GwtState): void {
  const refused = legal(state).flatMap((c) => {
    const out = play(state, c);
    return out.ok ? [] : [`${JSON.stringify(c)}: ${out.violation.code}`];
  });
  expect(refused).toEqual([]);
}

/** Seat 0 about to move (phase A) from `at`. */
function inPhaseA(spec: Parameters<typeof makeState>[0] = {}): GwtState {
  const s = makeState(spec);
  s.turn = { ...s.turn, stage: 'MOVE', location: null };
  return s;
}

const steps = (s: GwtState, path: readonly string[]) =>
  path.filter((id) => id === 'KANSAS_CITY' || !!s.trail[id]).length;
const UPPER = ['P-A1', 'P-A2', 'P-A3', 'N-B'];
const LOWER = ['H-FLOOD-1', 'H-FLOOD-2', 'H-FLOOD-3', 'H-FLOOD-4', 'R-FLOOD-1', 'R-FLOOD-2', 'N-B'];

describe('setup (RULES.md §1)', () => {
  it.each([
    [2, 3, 7],
    [3, 5, 10],
    [4, 7, 13],
  ])(
    '%i players: 7 trail tiles, %i workers up to the token of row 2, %i market cards, foresight, objectives, seats',
    (n, workers, market) => {
      const [started] = engine.setup(engine.parseOptions({}, n) as never, n, createRng(`setup-${n}`));
      const s = engine.evolve(null, started);
      const tiles = Object.values(s.trail).filter((o) => o && o.kind !== 'NEUTRAL' && o.kind !== 'PLAYER');
      expect(tiles).toHaveLength(7);
      expect(s.jobMarket.flat().filter((w) => w !== null)).toHaveLength(workers);
      expect(s.jobMarket[0].every((w) => w !== null)).toBe(true);
      expect(s.jobMarketTokenRow).toBe(1);
      // Row 2 is filled up to the space left of the token (its last space).
      expect(s.jobMarket[1].slice(0, n - 1).every((w) => w !== null)).toBe(true);
      expect(s.jobMarket[1][n - 1]).toBeNull();
      expect(s.cattleMarket).toHaveLength(market);
      expect(s.objectiveDisplay).toHaveLength(4);
      expect(s.foresight.map((c) => c.filter((t) => t !== null).length)).toEqual([2, 2, 2]);
      expect(s.foresight[1].every((t) => t?.kind === 'worker')).toBe(true);
      expect(s.foresight[0].every((t) => t?.kind !== 'worker')).toBe(true);
      expect(Object.values(s.stationMasters).filter((m) => m !== null)).toHaveLength(5);
      s.players.forEach((p, seat) => {
        expect(p.money).toBe(6 + seat);
        expect(p.hand).toHaveLength(4 + seat);
        expect(p.hand.length + p.drawPile.length).toBe(14);
        expect(p.exchangeTokens).toBe(1);
        expect(p.objectives).toHaveLength(1);
        expect(p.objectives[0]).toMatch(/^START-/);
        expect(p.herder).toBeNull();
        expect(p.train).toBe(0);
        expect(p.certificates).toBe(0);
        expect(p.discs).toHaveLength(14);
      });
    },
  );
});

describe('setup with the Simmental variant (RULES.md §5.1)', () => {
  it.each([
    [2, 9],
    [3, 12],
    [4, 15],
  ])(
    '%i players: %i market cards; the 8 calves shuffled into the market deck; levels 2 and 3 in the supply',
    (n, market) => {
      const [started] = engine.setup(
        engine.parseOptions({ simmental: true }, n) as never,
        n,
        createRng(`simmental-${n}`),
      );
      const s = engine.evolve(null, started);
      expect(s.cattleMarket).toHaveLength(market);
      expect([...s.cattleMarket, ...s.cattleDeck]).toHaveLength(44);
      expect([...s.cattleMarket, ...s.cattleDeck].filter((c) => c.startsWith('simmental-1'))).toHaveLength(8);
      expect(s.simmentalSupply).toEqual({ 2: 8, 3: 8 });
    },
  );
});

describe('G19: the first turn', () => {
  it('seat 3 (of 3) holds 6 cards and $8, discards exactly 2, then puts the herder on any neutral building for free', () => {
    const [started] = engine.setup(engine.parseOptions({}, 3) as never, 3, createRng('g19'));
    let s = engine.evolve(null, started);
    expect(s.players[2]).toMatchObject({ money: 8 });
    expect(s.players[2].hand).toHaveLength(6);
    // Seat 1 has 4 cards: no discard, straight to the placement.
    expect(legal(s).every((c) => c.type === 'START_AT' || c.type === 'USE_EXCHANGE_TOKEN')).toBe(true);
    expect(code(play(s, { type: 'MOVE_HERDER', path: ['N-A'] }))).toBe('NOT_NOW');
    expect(code(play(s, { type: 'START_AT', location: 'P-A1' }))).toBe('NOT_A_NEUTRAL_BUILDING');
    s = must(s, { type: 'START_AT', location: 'N-G' }, { type: 'END_TURN' });
    expect(s.turn.seat).toBe(1);
    s = must(
      s,
      { type: 'DISCARD', cards: [s.players[1].hand[0]] },
      { type: 'START_AT', location: 'N-G' },
      { type: 'END_TURN' },
    );
    expect(s.turn.seat).toBe(2);
    expect(s.turn.stack[s.turn.stack.length - 1]).toMatchObject({ kind: 'DISCARD_DOWN', count: 2 });
    expect(code(play(s, { type: 'DISCARD', cards: [s.players[2].hand[0]] }))).toBe('WRONG_CARD_COUNT');
    expect(code(play(s, { type: 'START_AT', location: 'N-A' }))).toBe('NOT_NOW');
    expectListedAccepted(s);
    s = must(s, { type: 'DISCARD', cards: s.players[2].hand.slice(0, 2) });
    expect(s.players[2].hand).toHaveLength(4);
    expect(s.players[2].discard).toHaveLength(2);
    // Any neutral building, also one where other herders stand; no fee, no steps.
    expect(
      legalOf(s, 'START_AT')
        .map((c) => c.location)
        .sort(),
    ).toEqual(['N-A', 'N-B', 'N-C', 'N-D', 'N-E', 'N-F', 'N-G']);
    s = must(s, { type: 'START_AT', location: 'N-G' });
    expect(s.players[2]).toMatchObject({ herder: 'N-G', money: 8 });
    expect(s.turn).toMatchObject({ seat: 2, stage: 'LOCATION', location: 'N-G' });
  });
});

describe('G1: steps count locations, not spaces', () => {
  const s = inPhaseA({
    at: 'N-A',
    trail: { 'P-A1': building(0, '1a'), 'H-FLOOD-1': hazard('flood'), 'H-FLOOD-2': hazard('flood') },
  });

  it('via the building: 2 steps; via two floods: 3 steps; the tiles cannot be skipped, empty slots are no stops', () => {
    expect(steps(s, UPPER)).toBe(2);
    expect(steps(s, LOWER)).toBe(3);
    expect(code(play(s, { type: 'MOVE_HERDER', path: UPPER }))).toBe('ACCEPTED');
    expect(code(play(s, { type: 'MOVE_HERDER', path: LOWER }))).toBe('ACCEPTED');
    expect(code(play(s, { type: 'MOVE_HERDER', path: ['N-B'] }))).toBe('ILLEGAL_PATH');
    expect(code(play(s, { type: 'MOVE_HERDER', path: ['P-A1', 'P-A2'] }))).toBe('ILLEGAL_PATH');
    const listed = legalOf(s, 'MOVE_HERDER').map((c) => c.path as string[]);
    expect(listed).toContainEqual(UPPER);
    expect(listed).toContainEqual(LOWER);
    expect(listed.every((p) => steps(s, p) >= 1 && steps(s, p) <= 3)).toBe(true);
    expectListedAccepted(s);
  });
});

describe('G2: step limits by player count and step discs', () => {
  /** The most steps among the listed moves, on a trail full of tiles (no limit from the trail). */
  function maxSteps(seats: 2 | 3 | 4, removed: string[]): number {
    const trail: Record<string, ReturnType<typeof hazard>> = {};
    for (const k of ['flood', 'drought', 'rockfall'] as const)
      for (let i = 1; i <= 4; i++) trail[`H-${k.toUpperCase()}-${i}`] = hazard(k);
    const s = inPhaseA({ seats, at: 'N-A', trail, players: [{ money: 50 }] });
    s.players[0].discs = s.players[0].discs.filter((d) => !removed.includes(d));
    const lengths = legalOf(s, 'MOVE_HERDER').map((c) => steps(s, c.path as string[]));
    const longest = legalOf(s, 'MOVE_HERDER').find(
      (c) => steps(s, c.path as string[]) === Math.max(...lengths),
    )!;
    // One more location than the limit is rejected.
    const tooLong = [...(longest.path as string[])];
    const from = tooLong[tooLong.length - 1];
    const onward = legalOf(
      { ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, herder: from } : p)) },
      'MOVE_HERDER',
    ).find((c) => steps(s, c.path as string[]) === 1);
    if (onward)
      expect(code(play(s, { type: 'MOVE_HERDER', path: [...tooLong, ...(onward.path as string[])] }))).toBe(
        'TOO_MANY_STEPS',
      );
    return Math.max(...lengths);
  }

  it('2 or 3 players start at 3; 4 players at 4', () => {
    expect(maxSteps(2, [])).toBe(3);
    expect(maxSteps(3, [])).toBe(3);
    expect(maxSteps(4, [])).toBe(4);
  });
  it('red has 5: 2 players with both step discs gone, or 3 players with STEP-DOLLARS gone', () => {
    expect(maxSteps(2, ['STEP-DOLLARS', 'STEP-VP'])).toBe(5);
    expect(maxSteps(3, ['STEP-DOLLARS'])).toBe(5);
  });
  it('4 players: 6 / 5 / 7 after STEP-DOLLARS / STEP-VP / both', () => {
    expect(maxSteps(4, ['STEP-DOLLARS'])).toBe(6);
    expect(maxSteps(4, ['STEP-VP'])).toBe(5);
    expect(maxSteps(4, ['STEP-DOLLARS', 'STEP-VP'])).toBe(7);
  });
});

describe('G3: fees, short of money (4 players)', () => {
  const s = inPhaseA({
    seats: 4,
    at: 'N-A',
    trail: {
      'P-A1': building(1, '4a'), // David: black hand
      'P-A2': building(2, '1a'), // John: green hand
      'H-FLOOD-1': hazard('flood', 'green'),
      'H-FLOOD-2': hazard('flood', 'black'),
    },
    players: [{ money: 2 }, { money: 0 }, { money: 0 }, { money: 0 }],
  });

  it('upper route: David gets $2 (black, 4 players), John gets $0 (green $1 forgiven); phase B follows', () => {
    const out = must(s, { type: 'MOVE_HERDER', path: UPPER });
    expect(out.players.map((p) => p.money)).toEqual([0, 2, 0, 0]);
    expect(out.turn).toMatchObject({ stage: 'LOCATION', location: 'N-B' });
    // The forgiven $1 is never paid later.
    const later = must(out, { type: 'USE_AUXILIARY', action: 'AUX1', double: false });
    expect(later.players.map((p) => p.money)).toEqual([1, 2, 0, 0]);
  });

  it('lower route: $1 to the bank (green), then the last $1 of the black $2; no opponent gains', () => {
    const out = play(s, {
      type: 'MOVE_HERDER',
      path: ['H-FLOOD-1', 'H-FLOOD-2', 'H-FLOOD-3', 'H-FLOOD-4', 'R-FLOOD-1', 'R-FLOOD-2', 'N-B'],
    });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.state.players.map((p) => p.money)).toEqual([0, 0, 0, 0]);
    expect(
      out.events.filter((e) => e.type === 'FEE_PAID').map((e) => (e as { amount: number }).amount),
    ).toEqual([1, 1]);
  });

  it.each([
    [2, 'green', 2],
    [2, 'black', 2],
    [3, 'green', 2],
    [3, 'black', 1],
    [4, 'green', 1],
    [4, 'black', 2],
  ] as const)('%i players, %s hand: $%i', (seats, hand, fee) => {
    const t = inPhaseA({
      seats,
      at: 'N-A',
      trail: { 'H-FLOOD-1': hazard('flood', hand) },
      players: [{ money: 10 }],
    });
    const out = must(t, { type: 'MOVE_HERDER', path: ['H-FLOOD-1'] });
    expect(out.players[0].money).toBe(10 - fee);
  });

  it('both hands (7a): $4 / $3 / $3 to the owner; own and neutral buildings never charge', () => {
    for (const [seats, fee] of [
      [2, 4],
      [3, 3],
      [4, 3],
    ] as const) {
      const t = inPhaseA({
        seats,
        at: 'N-A',
        trail: { 'P-A1': building(1, '7a'), 'P-A2': building(0, '4a') },
        players: [{ money: 10 }],
      });
      const out = must(t, { type: 'MOVE_HERDER', path: UPPER });
      expect([out.players[0].money, out.players[1].money]).toEqual([10 - fee, fee]);
    }
  });
});

describe('G4/G5: local actions or one single auxiliary action', () => {
  it('G4: on her 2a on R-FLOOD-1 the three local actions in any order; then no auxiliary action', () => {
    const s = makeState({
      at: 'R-FLOOD-1',
      trail: { 'R-FLOOD-1': building(0, '2a') },
      players: [{ money: 5, hand: [GALLOWAY, CRIOLLO, CRIOLLO, PINEYWOODS] }],
    });
    s.cattleMarket = [LONGHORN];
    expect(legalOf(s, 'USE_ACTION').map((c) => c.index)).toEqual([0, 1, 2]);
    expect(legalOf(s, 'USE_AUXILIARY').length).toBeGreaterThan(0);
    expectListedAccepted(s);
    // Buying first with $5: the Longhorn ($6) is not offered and is rejected.
    const buying = must(s, { type: 'USE_ACTION', index: 1 });
    expect(code(play(buying, { type: 'BUY_CATTLE', option: 0, cards: [LONGHORN] }))).toBe('NOT_ENOUGH_MONEY');
    // Galloway first ($4 → $9), then the Longhorn ($3 left), then the risk action (certificate 1).
    let t = must(s, { type: 'USE_ACTION', index: 0 }, { type: 'DISCARD_FOR_REWARD', cards: [GALLOWAY] });
    expect(t.players[0].money).toBe(9);
    expect(code(play(t, { type: 'USE_AUXILIARY', action: 'AUX1', double: false }))).toBe(
      'AUXILIARY_NOT_ALLOWED',
    );
    expect(legalOf(t, 'USE_AUXILIARY')).toEqual([]);
    t = must(t, { type: 'USE_ACTION', index: 1 }, { type: 'BUY_CATTLE', option: 0, cards: [LONGHORN] });
    expect(t.players[0]).toMatchObject({ money: 3 });
    expect(t.players[0].discard).toContain(LONGHORN);
    t = must(t, { type: 'USE_ACTION', index: 2 }, { type: 'DISCARD_FOR_REWARD', cards: [CRIOLLO] });
    expect(t.players[0].certificates).toBe(1);
    expect(legalOf(t, 'USE_ACTION')).toEqual([]);
    expect(code(play(t, { type: 'USE_ACTION', index: 0 }))).toBe('ACTION_USED');
  });

  it('G4: with no local action done, one single auxiliary action instead, and then no local action', () => {
    const s = makeState({
      at: 'R-FLOOD-1',
      trail: { 'R-FLOOD-1': building(0, '2a') },
      players: [{ money: 5, hand: [GALLOWAY] }],
    });
    const t = must(s, { type: 'USE_AUXILIARY', action: 'AUX1', double: false });
    expect(t.players[0].money).toBe(6);
    expect(legalOf(t, 'USE_ACTION')).toEqual([]);
    expect(code(play(t, { type: 'USE_ACTION', index: 0 }))).toBe('AUXILIARY_TAKEN');
    expect(code(play(t, { type: 'USE_AUXILIARY', action: 'AUX1', double: false }))).toBe(
      'AUXILIARY_NOT_ALLOWED',
    );
  });

  it.each([
    ['another player’s building', building(1, '2a')],
    ['a hazard', hazard('flood')],
    ['a bandit', bandit('green')],
  ])(
    'G5: on %s only one single auxiliary action: +$1, never $2, even with AUX1-DOUBLE gone',
    (_, occupant) => {
      const s = makeState({
        at: 'P-A1',
        trail: { 'P-A1': occupant },
        players: [{ money: 0, hand: [GALLOWAY] }],
      });
      s.players[0].discs = s.players[0].discs.filter((d) => d !== 'AUX1-DOUBLE');
      expect(legalOf(s, 'USE_ACTION')).toEqual([]);
      expect(code(play(s, { type: 'USE_ACTION', index: 0 }))).toBe('NO_SUCH_ACTION');
      expect(legalOf(s, 'USE_AUXILIARY')).not.toContainEqual({
        type: 'USE_AUXILIARY',
        action: 'AUX1',
        double: true,
      });
      expect(code(play(s, { type: 'USE_AUXILIARY', action: 'AUX1', double: true }))).toBe(
        'DOUBLE_NOT_ALLOWED',
      );
      expectListedAccepted(s);
      expect(must(s, { type: 'USE_AUXILIARY', action: 'AUX1', double: false }).players[0].money).toBe(1);
    },
  );

  it('G5: the same auxiliary action through neutral G may be doubled: +$2', () => {
    const s = makeState({ at: 'N-G', players: [{ money: 0 }] });
    s.players[0].discs = s.players[0].discs.filter((d) => d !== 'AUX1-DOUBLE');
    const asked = must(s, { type: 'USE_ACTION', index: 1 });
    expect(legalOf(asked, 'USE_AUXILIARY')).toContainEqual({
      type: 'USE_AUXILIARY',
      action: 'AUX1',
      double: true,
    });
    expect(must(asked, { type: 'USE_AUXILIARY', action: 'AUX1', double: true }).players[0].money).toBe(2);
  });
});

describe('G9: phase C refill and the reshuffle timing', () => {
  const hand = [CRIOLLO, CRIOLLO, GALLOWAY, PINEYWOODS, SANTA_GERTRUDIS];
  const base = (drawPile: string[]) => {
    const s = makeState({
      at: 'N-F',
      players: [{ hand: [...hand], drawPile, discard: [LONGHORN, LONGHORN, LONGHORN] }],
    });
    s.players[0].discs = s.players[0].discs.filter((d) => d !== 'HAND-1');
    return must(
      s,
      { type: 'USE_ACTION', index: 0 },
      { type: 'DISCARD_FOR_REWARD', cards: [CRIOLLO, CRIOLLO] },
    );
  };

  it('hand 3 of 5, draw pile 2: draws both, no reshuffle (draw pile 0, discard pile kept)', () => {
    const s = base([GALLOWAY, GALLOWAY]);
    expect(s.players[0].hand).toHaveLength(3);
    expect(s.players[0].money).toBe(4);
    const out = play(s, { type: 'END_TURN' });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const p = out.state.players[0];
    expect(p.hand).toHaveLength(5);
    expect(p.drawPile).toHaveLength(0);
    expect(p.discard.sort()).toEqual([CRIOLLO, CRIOLLO, LONGHORN, LONGHORN, LONGHORN].sort());
    expect(out.events.some((e) => e.type === 'CARDS_DRAWN' && e.reshuffled)).toBe(false);
    expect(out.state.turn.seat).toBe(1);
  });

  it('draw pile 1: draws it, then reshuffles the discard pile (the cards just discarded included) and draws 1 more', () => {
    const s = base([GALLOWAY]);
    const out = play(s, { type: 'END_TURN' });
    if (!out.ok) throw new Error('rejected');
    const p = out.state.players[0];
    expect(p.hand).toHaveLength(5);
    expect(p.discard).toHaveLength(0);
    expect(p.drawPile).toHaveLength(4);
    expect(
      out.events
        .filter((e) => e.type === 'CARDS_DRAWN')
        .map((e) => (e as { reshuffled: boolean }).reshuffled),
    ).toEqual([false, true]);
  });
});

describe('hiring modifiers (RULES.md §3.1)', () => {
  it('D35: engineer slot 4 hires $2 cheaper (with $20 at A: row-4 engineer $5, then a row-4 cowboy $3)', () => {
    const s = makeState({
      at: 'N-A',
      players: [{ money: 20, workers: { cowboy: 1, craftsman: 1, engineer: 3 } }],
    });
    s.jobMarketTokenRow = 5;
    s.jobMarket[3] = ['engineer', 'cowboy']; // row 4: $5
    const asked = must(s, { type: 'USE_ACTION', index: 1 }, { type: 'HIRE_WORKER', row: 3, col: 0 });
    expect(asked.players[0]).toMatchObject({ money: 15, workers: { engineer: 4 } });
    expect(asked.turn.stack[asked.turn.stack.length - 1]).toMatchObject({
      kind: 'HIRE_WORKER',
      costModifier: -2,
    });
    expectListedAccepted(asked);
    const hired = must(asked, { type: 'HIRE_WORKER', row: 3, col: 1 });
    expect(hired.players[0]).toMatchObject({ money: 15 - 3, workers: { cowboy: 2 } });
  });

  it('D35: a player who can pay the cheap hire but not the row price may hire', () => {
    const s = makeState({
      at: 'N-A',
      players: [{ money: 8, workers: { cowboy: 1, craftsman: 1, engineer: 3 } }],
    });
    s.jobMarketTokenRow = 5;
    s.jobMarket[3] = ['engineer', 'cowboy']; // row 4: $5
    const asked = must(s, { type: 'USE_ACTION', index: 1 }, { type: 'HIRE_WORKER', row: 3, col: 0 });
    expect(asked.players[0].money).toBe(3);
    const hired = must(asked, { type: 'HIRE_WORKER', row: 3, col: 1 });
    expect(hired.players[0]).toMatchObject({ money: 0, workers: { cowboy: 2 } });
  });
});

describe('D2: exchange tokens [L441]', () => {
  const withToken = (drawPile: string[], discard: string[] = []) =>
    inPhaseA({ players: [{ hand: [CRIOLLO], drawPile, discard, exchangeTokens: 1 }, { exchangeTokens: 0 }] });

  it('draws exactly 2 cards (not "up to 2") and then discards as many', () => {
    const s = must(withToken([GALLOWAY, PINEYWOODS, LONGHORN]), { type: 'USE_EXCHANGE_TOKEN' });
    expect(s.players[0].exchangeTokens).toBe(0);
    expect(s.players[0].hand).toHaveLength(3);
    expect(s.players[0].drawPile).toHaveLength(1);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'DISCARD_AFTER_DRAW', count: 2 });
    expect(legalOf(s, 'DISCARD').every((c) => (c.cards as string[]).length === 2)).toBe(true);
    expect(code(play(s, { type: 'DISCARD', cards: [CRIOLLO] }))).toBe('WRONG_CARD_COUNT');
    const done = must(s, { type: 'DISCARD', cards: s.players[0].hand.slice(0, 2) });
    expect(done.players[0].hand).toHaveLength(1);
    expect(done.players[0].exchangeTokens).toBe(0);
  });

  it('with 1 card left in draw and discard piles together, draws that one and discards one', () => {
    const s = must(withToken([GALLOWAY]), { type: 'USE_EXCHANGE_TOKEN' });
    expect(s.players[0].hand).toHaveLength(2);
    expect(s.turn.stack.at(-1)).toEqual({ kind: 'DISCARD_AFTER_DRAW', count: 1 });
  });

  it('only on your own turn: another seat holding a token can send nothing', () => {
    const s = withToken([GALLOWAY, PINEYWOODS]);
    s.players[1].exchangeTokens = 1;
    expect(engine.legalCommands(s, 1)).toEqual([]);
    expect(engine.decide(s, 1, { type: 'USE_EXCHANGE_TOKEN' }, createRng('d2'))).toMatchObject({
      code: 'NOT_YOUR_TURN',
    });
  });
});
