/**
 * Bang! bots: every command they return is legal, determinisation agrees with the view, the bots
 * cannot see hidden roles, HEURISTIC explains itself, STRONG honours its budget.
 */
import { isViolation } from '../../engine';
import { createRng, rngFor, type Rng } from '../../random';
import { ROLES_BY_PLAYER_COUNT } from '../data/roles';
import { bangDiceEngine as engine, type BangCommand, type BangState } from '../index';
import { act, newGame, patch, startTurn } from '../testing';
import { determinize } from './determinize';
import { bangHeuristicBot } from './heuristic';
import { bangDiceBots, bangStrongBot, STRONG_DEFAULTS } from './index';
import { evaluate, sideProbabilities, WIN_VALUE } from './rollout';
import { search } from './strong';

interface Position {
  state: BangState;
  seat: number;
  legal: BangCommand[];
}

/** Positions reached by random play (every prompt of `games` games over 3-8 players). */
function randomPositions(games: number, seed: string, characterChoice = false): Position[] {
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const seats = 3 + (g % 6);
    const options = engine.parseOptions({ characterChoice: characterChoice && g % 2 === 0 }, seats);
    if (isViolation(options)) throw new Error(options.message);
    const gameSeed = `${seed}-${g}`;
    const pick = createRng(`${gameSeed}-pick`);
    const events = engine.setup(options, seats, rngFor(gameSeed, 0));
    let state = events.reduce<BangState | null>((s, e) => engine.evolve(s, e), null)!;
    let version = events.length;
    while (state.phase !== 'OVER') {
      const prompt = engine.pending(state)[0];
      const legal = engine.legalCommands(state, prompt.seat);
      out.push({ state, seat: prompt.seat, legal });
      const out2 = engine.decide(state, prompt.seat, pick.pick(legal), rngFor(gameSeed, version));
      if (isViolation(out2)) throw new Error(out2.message);
      for (const e of out2) state = engine.evolve(state, e);
      version += out2.length;
    }
  }
  return out;
}

const positions = randomPositions(24, 'bots', true);
const key = (c: unknown) => JSON.stringify(c);

function ask(bot: typeof bangHeuristicBot, p: Position, rng: Rng, budget = {}) {
  return bot.choose({ seat: p.seat, view: engine.view(p.state, p.seat), legal: p.legal, rng, budget });
}

describe('HEURISTIC', () => {
  it('returns a legal command with an explanation at every position random play reaches', () => {
    expect(positions.length).toBeGreaterThan(800);
    const kinds = new Set<string>();
    for (const [i, p] of positions.entries()) {
      const decision = ask(bangHeuristicBot, p, createRng(`h${i}`));
      expect(p.legal.map(key)).toContain(key(decision.command));
      expect(decision.explanation?.length ?? 0).toBeGreaterThan(0);
      kinds.add(engine.pending(p.state)[0].kind);
    }
    // The sample covers every kind of decision.
    expect([...kinds].sort()).toEqual(
      [
        'BART_CASSIDY_SUBSTITUTE',
        'CHOOSE_CHARACTER',
        'KIT_CARLSON_DISCARD',
        'PEDRO_RAMIREZ_DISCARD',
        'REROLL_OR_KEEP',
        'RESOLVE_BEERS',
        'RESOLVE_SHOTS',
        'ROLL',
        'SID_KETCHUM_HEAL',
      ].sort(),
    );
  });

  it('as an Outlaw next to the Sheriff, shoots the Sheriff rather than another seat', () => {
    // Seat 1 (Outlaw) rolls ONE x2: neighbours are seat 0 (Sheriff) and seat 2.
    let s = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'DEPUTY', 'RENEGADE', 'OUTLAW'],
      ['PAUL_REGRET', 'BLACK_JACK', 'ROSE_DOOLAN', 'SID_KETCHUM', 'SUZY_LAFAYETTE', 'VULTURE_SAM'],
    );
    s = startTurn(s, 1);
    s = act(s, 1, { type: 'ROLL_DICE' }, ['ONE', 'ONE', 'BEER', 'GATLING', 'DYNAMITE']).state;
    s = act(s, 1, { type: 'KEEP_DICE' }).state;
    const legal = engine.legalCommands(s, 1);
    const d = bangHeuristicBot.choose({ seat: 1, view: engine.view(s, 1), legal, rng: createRng('x') });
    expect(d.command).toEqual({
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 0, target: 0 },
        { die: 1, target: 0 },
      ],
    });
  });

  it('as the Deputy, never shoots the Sheriff when another target is in range, and heals him', () => {
    let s = newGame(
      ['SHERIFF', 'DEPUTY', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'OUTLAW'],
      ['PAUL_REGRET', 'BLACK_JACK', 'ROSE_DOOLAN', 'SID_KETCHUM', 'SUZY_LAFAYETTE', 'VULTURE_SAM'],
    );
    s = patch(s, { life: { 0: 5 } });
    s = startTurn(s, 1);
    s = act(s, 1, { type: 'ROLL_DICE' }, ['ONE', 'BEER', 'ARROW', 'GATLING', 'DYNAMITE']).state;
    s = act(s, 1, { type: 'KEEP_DICE' }).state;
    let d = bangHeuristicBot.choose({
      seat: 1,
      view: engine.view(s, 1),
      legal: engine.legalCommands(s, 1),
      rng: createRng('x'),
    });
    expect(d.command).toEqual({ type: 'RESOLVE_DICE', assignments: [{ die: 0, target: 2 }] });
    s = act(s, 1, d.command).state;
    d = bangHeuristicBot.choose({
      seat: 1,
      view: engine.view(s, 1),
      legal: engine.legalCommands(s, 1),
      rng: createRng('x'),
    });
    expect(d.command).toEqual({ type: 'RESOLVE_DICE', assignments: [{ die: 1, target: 0 }] });
  });
});

describe('determinize', () => {
  it('never contradicts the view: the sampled state shows the viewer exactly its view and legal commands', () => {
    const rng = createRng('det');
    let checked = 0;
    for (const [i, p] of positions.entries()) {
      if (i % 3 !== 0) continue;
      // The prompted seat, and another seat (living or not) that only watches.
      for (const seat of [p.seat, (p.seat + 1 + (i % (p.state.seatCount - 1))) % p.state.seatCount]) {
        const view = engine.view(p.state, seat);
        const det = determinize(view, seat, rng);
        expect(engine.view(det, seat)).toEqual(view);
        expect([...det.players.map((x) => x.role)].sort()).toEqual(
          [...ROLES_BY_PLAYER_COUNT[p.state.seatCount]].sort(),
        );
        expect(det.players[seat].role).toBe(p.state.players[seat].role);
        for (const x of det.players) {
          if (view.players[x.seat].role !== null) expect(x.role).toBe(view.players[x.seat].role);
        }
        if (seat === p.seat) {
          expect(engine.legalCommands(det, seat).map(key)).toEqual(p.legal.map(key));
          const c = p.legal[i % p.legal.length];
          expect(isViolation(engine.decide(det, seat, c, rngFor('d', i)))).toBe(false);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('continues like the real game: the same command and dice give the same public position', () => {
    let compared = 0;
    for (const [i, p] of positions.entries()) {
      const prompt = engine.pending(p.state)[0];
      // A SHOT batch's hits on other seats are not in Bart's view: they are sampled.
      if (prompt.kind === 'BART_CASSIDY_SUBSTITUTE' || p.state.phase !== 'PLAYING') continue;
      const det = determinize(engine.view(p.state, p.seat), p.seat, createRng(`c${i}`));
      const c = p.legal[i % p.legal.length];
      const real = engine.decide(p.state, p.seat, c, rngFor('same', i));
      const sampled = engine.decide(det, p.seat, c, rngFor('same', i));
      if (isViolation(real) || isViolation(sampled)) throw new Error('rejected');
      const after = (s: BangState, events: typeof real) => events.reduce((x, e) => engine.evolve(x, e), s);
      const a = after(p.state, real);
      const b = after(det, sampled);
      // The game may end differently only through hidden roles (who wins); compare the table.
      const table = (s: BangState) =>
        JSON.stringify({
          players: engine.view(s, p.seat).players.map((x) => [x.life, x.arrows, x.alive]),
          turn: s.turn && { ...s.turn, batch: null },
        });
      if (a.phase === 'OVER' || b.phase === 'OVER') continue;
      expect(table(b)).toBe(table(a));
      compared++;
    }
    expect(compared).toBeGreaterThan(600);
  });
});

describe('information hiding', () => {
  /** Swap two hidden roles (seen from `seat`): a state the seat cannot tell from the real one. */
  function twin(state: BangState, seat: number): BangState | null {
    const hidden = state.players.filter((p) => p.alive && p.seat !== seat && !p.roleFaceUp);
    const a = hidden.find((p) => hidden.some((q) => q.role !== p.role));
    const b = a && hidden.find((q) => q.role !== a.role);
    if (!a || !b) return null;
    const s: BangState = JSON.parse(JSON.stringify(state));
    s.players[a.seat].role = b.role;
    s.players[b.seat].role = a.role;
    return s;
  }

  it('gives both bots identical input, hence identical output, in states differing only in hidden roles', () => {
    let compared = 0;
    for (const [i, p] of positions.entries()) {
      if (i % 7 !== 0 || p.state.threePlayer) continue;
      const other = twin(p.state, p.seat);
      if (!other) continue;
      const view = engine.view(p.state, p.seat);
      expect(engine.view(other, p.seat)).toEqual(view);
      expect(engine.legalCommands(other, p.seat)).toEqual(p.legal);
      const h1 = ask(bangHeuristicBot, p, createRng(`i${i}`));
      const h2 = ask(bangHeuristicBot, { ...p, state: other }, createRng(`i${i}`));
      expect(h2).toEqual(h1);
      if (i % 35 === 0) {
        const s1 = ask(bangStrongBot, p, createRng(`s${i}`), { playouts: 24 });
        const s2 = ask(bangStrongBot, { ...p, state: other }, createRng(`s${i}`), { playouts: 24 });
        expect(s2).toEqual(s1);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});

describe('STRONG', () => {
  it('is registered with HEURISTIC', () => {
    expect(Object.keys(bangDiceBots).sort()).toEqual(['HEURISTIC', 'STRONG']);
    expect(bangDiceBots.STRONG.level).toBe('STRONG');
  });

  it('returns a legal command at sampled positions (small budget), deterministically for a seed', () => {
    let asked = 0;
    for (const [i, p] of positions.entries()) {
      if (i % 40 !== 0) continue;
      const d = ask(bangStrongBot, p, createRng(`st${i}`), { playouts: 16 });
      expect(p.legal.map(key)).toContain(key(d.command));
      expect(d.explanation?.length ?? 0).toBeGreaterThan(0);
      expect(ask(bangStrongBot, p, createRng(`st${i}`), { playouts: 16 })).toEqual(d);
      asked++;
    }
    expect(asked).toBeGreaterThan(20);
  });

  it('spends at most its default playout budget per move', () => {
    const rerolls = positions.filter((p) => engine.pending(p.state)[0].kind === 'REROLL_OR_KEEP');
    const p = rerolls.find((x) => x.legal.length >= 16)!;
    const stats = search(engine.view(p.state, p.seat), p.seat, p.legal, createRng('budget'));
    expect(stats.candidates).toBeLessThanOrEqual(STRONG_DEFAULTS.maxCandidates);
    expect(stats.candidates).toBeGreaterThan(1);
    expect(stats.playouts).toBeLessThanOrEqual(STRONG_DEFAULTS.playouts);
    expect(stats.playouts).toBeGreaterThan(STRONG_DEFAULTS.playouts / 2);
  });

  it('stops at the time budget on the injected clock', () => {
    const p = positions.find(
      (x) => engine.pending(x.state)[0].kind === 'REROLL_OR_KEEP' && x.legal.length >= 8,
    )!;
    let clock = 0;
    const now = () => clock++;
    const stats = search(engine.view(p.state, p.seat), p.seat, p.legal, createRng('clock'), {
      timeMs: 5,
      now,
    });
    // One clock read per sample: the deadline allows about five samples.
    expect(stats.samples).toBeLessThanOrEqual(6);
    expect(p.legal.map(key)).toContain(key(stats.best.command));
  });
});

describe('STRONG evaluation', () => {
  it("gives side probabilities that sum to 1 and react to the Sheriff's life", () => {
    const s = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'DEPUTY', 'RENEGADE', 'OUTLAW'],
      ['PAUL_REGRET', 'BLACK_JACK', 'ROSE_DOOLAN', 'SID_KETCHUM', 'SUZY_LAFAYETTE', 'VULTURE_SAM'],
    );
    const full = sideProbabilities(s);
    expect(full.LAW + full.OUTLAWS + full.RENEGADE).toBeCloseTo(1, 9);
    const hurt = sideProbabilities(patch(s, { life: { 0: 2 } }));
    expect(hurt.OUTLAWS).toBeGreaterThan(full.OUTLAWS);
    expect(hurt.LAW).toBeLessThan(full.LAW);
    // Values are bounded by a won / lost game and have the team's sign.
    for (const seat of [0, 1, 3, 4]) {
      expect(Math.abs(evaluate(s, seat))).toBeLessThan(WIN_VALUE);
    }
    expect(evaluate(patch(s, { life: { 0: 2 } }), 1)).toBeGreaterThan(evaluate(s, 1));
    expect(evaluate(patch(s, { life: { 0: 2 } }), 3)).toBeLessThan(evaluate(s, 3));
  });
});
