import { randomBot } from '../../bots';
import { isViolation } from '../../engine';
import { createRng, rngFor } from '../../random';
import { playGame } from '../../tournament';
import type { CarsonCommand } from '../commands';
import type { CarsonEvent } from '../events';
import { carsonCityEngine as E } from '../index';
import { cloneState } from '../evolve';
import type { CarsonState } from '../state';
import { determinize } from './determinize';
import { carsonHeuristicBot } from './heuristic';
import { carsonCityBots } from './index';
import { carsonStrongBot, search } from './strong';

/** States met in random 4-player games (every `every`-th decision), with several option sets. */
function randomPositions(games: number, every: number): CarsonState[] {
  const out: CarsonState[] = [];
  const optionSets = [
    {},
    { personalitySet: 'RANDOM' },
    { personalitySet: 'GOLD_RUSH' },
    { personalitySet: 'SETTLING_SCORES' },
    { personalitySet: 'RANDOM', modules: ['HORSES'] },
  ];
  for (let g = 0; g < games; g++) {
    const opts = E.parseOptions(optionSets[g % optionSets.length], 4);
    if (isViolation(opts)) throw new Error(opts.message);
    let s: CarsonState | null = null;
    for (const e of E.setup(opts, 4, rngFor(`pos${g}`, 0))) s = E.evolve(s, e);
    const rng = createRng(`play${g}`);
    for (let v = 1; s && !E.result(s); v++) {
      const seat = E.pending(s)[0].seat;
      const legal = E.legalCommands(s, seat);
      if (v % every === 0) out.push(s);
      const nonRoad = legal.filter((c) => c.type !== 'PLACE_ROAD');
      const cmd = rng.pick(nonRoad.length > 0 && rng.int(0, 9) > 0 ? nonRoad : legal);
      const events = E.decide(s, seat, cmd, rngFor(`pos${g}`, v));
      if (isViolation(events)) throw new Error(events.message);
      for (const e of events) s = E.evolve(s, e);
    }
  }
  return out;
}

const positions = randomPositions(7, 9);

function isLegal(legal: CarsonCommand[], cmd: CarsonCommand): boolean {
  return legal.some((c) => JSON.stringify(c) === JSON.stringify(cmd));
}

describe('Carson City bots', () => {
  it('exports both levels', () => {
    expect(carsonCityBots.HEURISTIC.level).toBe('HEURISTIC');
    expect(carsonCityBots.STRONG.level).toBe('STRONG');
  });

  it('determinize rebuilds a state with the same view and legal commands, and the agenda when exact', () => {
    let exact = 0;
    for (const s of positions) {
      const seat = E.pending(s)[0].seat;
      const view = E.view(s, seat);
      const legal = E.legalCommands(s, seat);
      const d = determinize(view, seat, legal);
      expect(E.view(d.state, seat)).toEqual(view);
      expect(E.legalCommands(d.state, seat)).toEqual(legal);
      if (d.exact) {
        exact++;
        expect(d.state.flow.tasks).toEqual(s.flow.tasks);
      }
    }
    expect(exact).toBeGreaterThan(positions.length * 0.9);
  });

  it('HEURISTIC answers every sampled position with a legal command and an explanation', () => {
    for (const [i, s] of positions.entries()) {
      const seat = E.pending(s)[0].seat;
      const legal = E.legalCommands(s, seat);
      const d = carsonHeuristicBot.choose({ seat, view: E.view(s, seat), legal, rng: createRng(`h${i}`) });
      expect(isLegal(legal, d.command)).toBe(true);
      expect(isViolation(E.decide(s, seat, d.command, createRng('x')))).toBe(false);
      expect(d.explanation).toEqual(expect.any(String));
      expect(d.explanation!.length).toBeGreaterThan(0);
    }
  });

  it('STRONG answers sampled positions with a legal command within a small budget', () => {
    for (const [i, s] of positions.entries()) {
      if (i % 8 !== 0) continue;
      const seat = E.pending(s)[0].seat;
      const legal = E.legalCommands(s, seat);
      const d = carsonStrongBot.choose({
        seat,
        view: E.view(s, seat),
        legal,
        rng: createRng(`s${i}`),
        budget: { playouts: 4 },
      });
      expect(isLegal(legal, d.command)).toBe(true);
      expect(d.explanation).toEqual(expect.any(String));
    }
  });

  it('decides from the view only: states that look the same give the same choice', () => {
    const later = positions.filter((s) => s.round >= 2 && s.flow.phase === 'PLACEMENT').slice(0, 4);
    expect(later.length).toBeGreaterThan(0);
    for (const [i, s] of later.entries()) {
      const seat = s.flow.prompt!.seat;
      // Hidden from the view: the round-1 order after round 1, and per-round bookkeeping.
      const twin = cloneState(s);
      twin.firstOrder = s.firstOrder.slice().reverse();
      twin.players.forEach((p) => (p.ownIncome += 7));
      expect(E.view(twin, seat)).toEqual(E.view(s, seat));
      const legal = E.legalCommands(s, seat);
      for (const bot of [carsonHeuristicBot, carsonStrongBot]) {
        const a = bot.choose({
          seat,
          view: E.view(s, seat),
          legal,
          rng: createRng(`v${i}`),
          budget: { playouts: 6 },
        });
        const b = bot.choose({
          seat,
          view: E.view(twin, seat),
          legal: E.legalCommands(twin, seat),
          rng: createRng(`v${i}`),
          budget: { playouts: 6 },
        });
        expect(b).toEqual(a);
      }
    }
  });

  it('STRONG is bounded by its playout budget and stops on the injected clock', () => {
    const s = positions.find((x) => x.flow.phase === 'PLACEMENT')!;
    const seat = s.flow.prompt!.seat;
    const legal = E.legalCommands(s, seat);
    const cands = legal
      .filter((c) => c.type === 'PASS' || (c.type === 'PLACE_COWBOY' && c.target.kind === 'ACTION'))
      .slice(0, 3);
    const { stats } = search(s, seat, cands, createRng('b'), { playouts: 7 });
    expect(stats.playouts).toBe(7);
    let clock = 0;
    const timed = search(s, seat, cands, createRng('b'), { playouts: 1000, timeMs: 2, now: () => clock++ });
    expect(timed.stats.playouts).toBeLessThan(1000);
    expect(timed.stats.playouts).toBeGreaterThanOrEqual(cands.length);
    const d = carsonStrongBot.choose({
      seat,
      view: E.view(s, seat),
      legal,
      rng: createRng('c'),
      budget: { playouts: 5 },
    });
    expect(d.explanation).toMatch(/playouts|only|one move|nothing|worth|odds/);
  });

  it('an all-HEURISTIC 4-player Carson River game finishes (§10.2), on the river board and on tiles', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const row4 = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => ({ c, r: 4 }));
    for (const river of [{ board: 'RIVER_SIDE' }, { board: 'TILES', course: row4 }]) {
      const played = playGame(
        E,
        { modules: ['CARSON_RIVER'], river, personalitySet: 'RANDOM' },
        bots,
        `river-${river.board}`,
      );
      expect(played.result.winners).toHaveLength(1);
      expect(played.result.seats).toHaveLength(4);
      expect(played.moves.every((m) => (m.explanation ?? '').length > 0)).toBe(true);
    }
  });

  it('STRONG finishes a Carson River game (small budget) with HEURISTIC opponents', () => {
    const bots = [carsonStrongBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['CARSON_RIVER'] }, bots, 'river-strong', {
      budget: { playouts: 2 },
    });
    expect(played.result.winners).toHaveLength(1);
  });

  it('determinize keeps the river: same view and legal commands in a river game', () => {
    const opts = E.parseOptions({ modules: ['CARSON_RIVER'], personalitySet: 'RANDOM' }, 4);
    if (isViolation(opts)) throw new Error(opts.message);
    let s: CarsonState | null = null;
    for (const e of E.setup(opts, 4, rngFor('river-det', 0))) s = E.evolve(s, e);
    const rng = createRng('river-det-play');
    for (let v = 1; s && !E.result(s) && v < 400; v++) {
      const seat = E.pending(s)[0].seat;
      const legal = E.legalCommands(s, seat);
      if (v % 25 === 0) {
        const view = E.view(s, seat);
        expect(view.river).not.toBeNull();
        const d = determinize(view, seat, legal);
        expect(E.view(d.state, seat)).toEqual(view);
        expect(E.legalCommands(d.state, seat)).toEqual(legal);
      }
      const events = E.decide(s, seat, rng.pick(legal), rngFor('river-det', v));
      if (isViolation(events)) throw new Error(events.message);
      for (const e of events) s = E.evolve(s, e);
    }
  });

  it('an all-HEURISTIC 4-player Horses game finishes, with horses bought, stabled and scored', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['HORSES'] }, bots, 'horses-h4');
    expect(played.result.winners).toHaveLength(1);
    const types = played.events.map((e) => (e as { type: string }).type);
    expect(types.filter((t) => t === 'RODEO')).toHaveLength(4);
    expect(types).toContain('HORSE_STABLED');
    expect(types).toContain('HORSE_BOUGHT');
    const ended = played.events.find((e) => (e as { type: string }).type === 'GAME_ENDED') as unknown as {
      scores: { horses: number }[];
    };
    expect(ended.scores.reduce((a, x) => a + x.horses, 0)).toBeGreaterThanOrEqual(4);
    expect(played.moves.every((m) => (m.explanation ?? '').length > 0)).toBe(true);
  });

  it('STRONG (small budget) plays a Horses game to the end against HEURISTIC', () => {
    const bots = [carsonStrongBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['HORSES'] }, bots, 'horses-s3', { budget: { playouts: 2 } });
    expect(played.result.seats).toHaveLength(3);
    expect(played.moves.some((m) => m.seat === 0)).toBe(true);
  });

  it('determinize is exact at the Horses prompts (stable horse, stable 2, Wages horse)', () => {
    const seen = new Set<string>();
    for (let g = 0; g < 6; g++) {
      const opts = E.parseOptions({ modules: ['HORSES'], personalitySet: 'RANDOM' }, 3 + (g % 3));
      if (isViolation(opts)) throw new Error(opts.message);
      let s: CarsonState | null = null;
      for (const e of E.setup(opts, 3 + (g % 3), rngFor(`hp${g}`, 0))) s = E.evolve(s, e);
      const rng = createRng(`hplay${g}`);
      for (let v = 1; s && !E.result(s); v++) {
        const seat = E.pending(s)[0].seat;
        const legal = E.legalCommands(s, seat);
        const kind = s.flow.prompt!.kind;
        if (kind === 'STABLE_HORSE' || kind === 'STABLE_TWO' || kind === 'BUY_HORSE') {
          seen.add(kind);
          const view = E.view(s, seat);
          const d = determinize(view, seat, legal);
          expect(E.view(d.state, seat)).toEqual(view);
          expect(E.legalCommands(d.state, seat)).toEqual(legal);
          expect(d.exact).toBe(true);
          expect(d.state.flow.tasks).toEqual(s.flow.tasks);
        }
        const cmd = rng.pick(legal.filter((c) => c.type !== 'PLACE_ROAD'));
        const events = E.decide(s, seat, cmd, rngFor(`hp${g}`, v));
        if (isViolation(events)) throw new Error(events.message);
        for (const e of events) s = E.evolve(s, e);
      }
    }
    expect([...seen].sort()).toEqual(['BUY_HORSE', 'STABLE_HORSE', 'STABLE_TWO']);
  });

  it('an all-HEURISTIC 4-player Outlaws game finishes, with arrivals, moves and fights', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['OUTLAWS'] }, bots, 'outlaws-h4');
    expect(played.result.winners).toHaveLength(1);
    const types = played.events.map((e) => (e as { type: string }).type);
    expect(types.filter((t) => t === 'OUTLAWS_ARRIVED')).toHaveLength(3);
    expect(types).toContain('OUTLAW_PLACED');
    expect(types).toContain('OUTLAW_MOVED');
    expect(played.moves.every((m) => (m.explanation ?? '').length > 0)).toBe(true);
  });

  it('an all-HEURISTIC 3-player Outlaws + Might is Right game finishes (outlaw fights with tiles)', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['MIGHT_IS_RIGHT', 'OUTLAWS'] }, bots, 'outlaws-m3');
    expect(played.result.winners).toHaveLength(1);
  });

  it('STRONG (small budget) plays an Outlaws + Horses game to the end against HEURISTIC', () => {
    const bots = [carsonStrongBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['OUTLAWS', 'HORSES'] }, bots, 'outlaws-s3', {
      budget: { playouts: 2 },
    });
    expect(played.result.seats).toHaveLength(3);
    expect(played.moves.some((m) => m.seat === 0)).toBe(true);
  });

  it('determinize is exact at the Outlaws prompts (move order, fight reward) and sees the outlaws', () => {
    const seen = new Set<string>();
    for (let g = 0; g < 8; g++) {
      // Odd games add Might is Right: outlaw fights with sealed tiles.
      const modules = g % 2 ? ['MIGHT_IS_RIGHT', 'OUTLAWS'] : ['OUTLAWS'];
      const opts = E.parseOptions({ modules, personalitySet: 'RANDOM' }, 3 + (g % 3));
      if (isViolation(opts)) throw new Error(opts.message);
      let s: CarsonState | null = null;
      for (const e of E.setup(opts, 3 + (g % 3), rngFor(`op${g}`, 0))) s = E.evolve(s, e);
      const rng = createRng(`oplay${g}`);
      for (let v = 1; s && !E.result(s); v++) {
        const seat = E.pending(s)[0].seat;
        const legal = E.legalCommands(s, seat);
        const p = s.flow.prompt!;
        const view = E.view(s, seat);
        const tileFight = p.kind === 'CHOOSE_DUEL_TILE' && p.duel.then.kind === 'OUTLAW';
        if (
          tileFight ||
          (p.kind === 'CHOOSE_OPTION' &&
            (p.purpose === 'OUTLAW_MOVE_ORDER' || p.purpose.startsWith('OUTLAW_REWARD:')))
        ) {
          seen.add(tileFight ? 'OUTLAW_TILE_FIGHT' : (p as { purpose: string }).purpose.split(':')[0]);
          const d = determinize(view, seat, legal);
          expect(E.view(d.state, seat)).toEqual(view);
          expect(E.legalCommands(d.state, seat)).toEqual(legal);
          expect(d.exact).toBe(true);
          expect(d.state.flow.tasks).toEqual(s.flow.tasks);
        } else if (v % 25 === 0) {
          expect(E.view(determinize(view, seat, legal).state, seat).outlaws).toEqual(view.outlaws);
        }
        // Placements: fight outlaws often, so rewards come up.
        const fights = legal.filter(
          (c) =>
            c.type === 'PLACE_COWBOY' &&
            c.target.kind !== 'ACTION' &&
            c.target.kind !== 'STABLE' &&
            view.outlaws!.figures.some(
              (f) =>
                f.parcel.c === (c.target as { parcel: { c: number } }).parcel.c &&
                f.parcel.r === (c.target as { parcel: { r: number } }).parcel.r,
            ),
        );
        const pool =
          fights.length > 0 && rng.int(0, 1) === 0 ? fights : legal.filter((c) => c.type !== 'PLACE_ROAD');
        const events = E.decide(s, seat, rng.pick(pool), rngFor(`op${g}`, v));
        if (isViolation(events)) throw new Error(events.message);
        for (const e of events) s = E.evolve(s, e);
      }
    }
    expect([...seen].sort()).toEqual(['OUTLAW_MOVE_ORDER', 'OUTLAW_REWARD', 'OUTLAW_TILE_FIGHT']);
  });

  it('STRONG answers positions of Horses games with a legal command', () => {
    const horsePositions = positions.filter((s) => s.horses !== null).slice(0, 12);
    expect(horsePositions.length).toBeGreaterThan(0);
    for (const [i, s] of horsePositions.entries()) {
      if (i % 4 !== 0) continue;
      const seat = E.pending(s)[0].seat;
      const legal = E.legalCommands(s, seat);
      const d = carsonStrongBot.choose({
        seat,
        view: E.view(s, seat),
        legal,
        rng: createRng(`hs${i}`),
        budget: { playouts: 3 },
      });
      expect(isLegal(legal, d.command)).toBe(true);
    }
  });

  it('HEURISTIC plays whole games against RANDOM and beats it', () => {
    let wins = 0;
    for (let g = 0; g < 2; g++) {
      const bots = [carsonHeuristicBot, randomBot, randomBot, randomBot];
      const seats = bots.map((_, i) => bots[(i + g) % 4]);
      const played = playGame(E, {}, seats, `full${g}`);
      const h = (4 - g) % 4;
      if (played.result.winners.includes(h)) wins++;
      expect(played.moves.every((m) => seats[m.seat] === randomBot || (m.explanation ?? '').length > 0)).toBe(
        true,
      );
    }
    expect(wins).toBeGreaterThanOrEqual(1);
  });

  // ------------------------------------------------------------ A New Beginning (§10.1)

  it('all-HEURISTIC 4-player games with A New Beginning finish (every power played)', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(
      E,
      { modules: ['A_NEW_BEGINNING'], personalitySet: 'RANDOM' },
      bots,
      'anb-heuristic',
    );
    expect(played.result.winners).toHaveLength(1);
    expect(played.result.seats).toHaveLength(4);
    const revealed = played.events.find((e) => e.type === 'SHEETS_REVEALED');
    expect(revealed).toBeDefined();
    expect(played.moves.every((m) => (m.explanation ?? '').length > 0)).toBe(true);
  });

  it('all-HEURISTIC games with A New Beginning and Might is Right finish (§13 #35: Marksmen draw 5)', () => {
    for (const [seats, seed] of [
      [4, 'anb-might-h'],
      [2, 'anb-might-h2'],
    ] as const) {
      const bots = Array.from({ length: seats }, () => carsonHeuristicBot);
      const played = playGame(
        E,
        { modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'], personalitySet: 'RANDOM' },
        bots,
        seed,
      );
      expect(played.result.seats).toHaveLength(seats);
      expect(played.events.some((e) => e.type === 'SHEETS_REVEALED')).toBe(true);
      const duels = (played.events as CarsonEvent[]).filter((e) => e.type === 'DUEL');
      expect(duels.length).toBeGreaterThan(0);
      expect(duels.every((e) => e.type === 'DUEL' && e.participants.every((p) => p.dice.length === 0))).toBe(
        true,
      );
      expect(played.moves.every((m) => (m.explanation ?? '').length > 0)).toBe(true);
    }
  });

  it('STRONG (small budget) and RANDOM finish an A New Beginning + Might is Right game', () => {
    const bots = [carsonStrongBot, randomBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'] }, bots, 'anb-might-s', {
      budget: { playouts: 2 },
    });
    expect(played.result.seats).toHaveLength(3);
  });

  it('STRONG finishes an A New Beginning game (small budget) with HEURISTIC opponents', () => {
    const bots = [carsonStrongBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, { modules: ['A_NEW_BEGINNING', 'CARSON_RIVER'] }, bots, 'anb-strong', {
      budget: { playouts: 2 },
    });
    expect(played.result.winners).toHaveLength(1);
  });

  it('determinize never sees sealed sheets, and rebuilds A New Beginning positions (view and legal commands)', () => {
    const opts = E.parseOptions({ modules: ['A_NEW_BEGINNING'], personalitySet: 'RANDOM' }, 3);
    if (isViolation(opts)) throw new Error(opts.message);
    let s: CarsonState | null = null;
    for (const e of E.setup(opts, 3, rngFor('anb-det', 0))) s = E.evolve(s, e);
    const rng = createRng('anb-det-play');
    let checked = 0;
    for (let v = 1; s && !E.result(s) && v < 500; v++) {
      const seat = E.pending(s)[0].seat;
      const legal = E.legalCommands(s, seat);
      if (s.flow.prompt?.kind === 'FILL_SHEET' && v > 1) {
        // Seat 0 has sealed its sheet: seat 1's determinized state knows nothing of it.
        const d = determinize(E.view(s, 1), 1, E.legalCommands(s, 1));
        expect(s.anb!.sheets[0]).not.toBeNull();
        expect(d.state.anb!.sheets[0]).toBeNull();
        expect(d.state.anb!.sealed[0]).toBe(true);
      }
      if (
        v % 7 === 0 ||
        s.flow.prompt?.kind === 'GREAT_SERVICE' ||
        s.flow.prompt?.kind === 'CHOOSE_DUEL_DIE'
      ) {
        const view = E.view(s, seat);
        const d = determinize(view, seat, legal);
        expect(E.view(d.state, seat)).toEqual(view);
        expect(E.legalCommands(d.state, seat)).toEqual(legal);
        if (d.exact) expect(d.state.flow.tasks).toEqual(s.flow.tasks);
        checked++;
      }
      const cmd = carsonHeuristicBot.choose({ seat, view: E.view(s, seat), legal, rng }).command;
      const events = E.decide(s, seat, cmd, rngFor('anb-det', v));
      if (isViolation(events)) throw new Error(events.message);
      for (const e of events) s = E.evolve(s, e);
    }
    expect(checked).toBeGreaterThan(10);
  });
});
