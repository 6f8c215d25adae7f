/**
 * Coloma's STRONG bot: its samples agree with everything the seat sees and with nothing it does
 * not, its choice depends on the view alone, it honours the injected clock, and it outscores
 * HEURISTIC in seeded games (the measured strength is in strength.md).
 */
import type { GameBot } from '../../bots';
import { isViolation } from '../../engine';
import { playRandom } from '../../kit/play';
import { createRng, rngFor } from '../../random';
import { playGame } from '../../tournament';
import type { ColomaCommand } from '../commands';
import { decideWithState } from '../decide';
import { colomaEngine as engine } from '../index';
import type { ColomaState } from '../state';
import type { ColomaView } from '../view';
import { determinize } from './determinize';
import { colomaHeuristicBot } from './heuristic';
import { colomaStrongBot } from './strong';

/** States met in a seeded HEURISTIC game, one every `every` moves (the seat to move with each). */
function positions(seats: number, options: Record<string, unknown>, seed: string, every: number) {
  const parsed = engine.parseOptions(options, seats);
  if (isViolation(parsed)) throw new Error(parsed.message);
  const rng = createRng(seed);
  let s = engine.setup(parsed, seats, rng).reduce<ColomaState | null>((st, e) => engine.evolve(st, e), null)!;
  const out: { state: ColomaState; seat: number }[] = [];
  for (let i = 0; !engine.result(s); i++) {
    const seat = engine.pending(s)[0].seat;
    if (i % every === 0) out.push({ state: s, seat });
    const legal = engine.legalCommands(s, seat);
    const c = colomaHeuristicBot.choose({ seat, view: engine.view(s, seat), legal, rng }).command;
    const events = engine.decide(s, seat, c, rng);
    if (isViolation(events)) throw new Error(events.message);
    s = events.reduce((st, e) => engine.evolve(st, e), s);
  }
  return out;
}

/** The same position with everything `seat` cannot see changed: other hands, decks, Barrels, Dials. */
function scrambled(s: ColomaState, seat: number): ColomaState {
  const t = structuredClone(s);
  const rng = createRng('scramble');
  for (const p of t.players) {
    if (p.seat !== seat) {
      const cards = rng.shuffle([...p.hand, ...p.deck]);
      p.hand = cards.slice(0, p.hand.length);
      p.deck = cards.slice(p.hand.length);
      if (p.dial !== null) p.dial = (p.dial % 5) + 1;
    } else p.deck = rng.shuffle(p.deck);
  }
  const ids = Object.keys(t.barrelPool);
  const n = Object.values(t.barrelPool).reduce((a, b) => a + b, 0);
  t.barrelPool = Object.fromEntries(ids.map((id, i) => [id, i === 0 ? n : 0]));
  return t;
}

const SETS: [number, Record<string, unknown>][] = [
  [2, {}],
  [4, { modules: ['HOTELS'] }],
  [3, { modules: ['SPECIALIZED_PIONEERS'] }],
  [2, { modules: ['MULE_DUEL', 'HOTELS'] }],
];

describe('Coloma STRONG bot', () => {
  test('a playout step (decideWithState) reaches the state decide then evolve reach, its input untouched', () => {
    let checked = 0;
    playRandom(engine, 2, 'coloma-step', { modules: ['HOTELS', 'MULE_DUEL'] }, (played) => {
      const before = played.before as ColomaState;
      const copy = structuredClone(before);
      const out = decideWithState(
        before,
        played.seat,
        played.command as ColomaCommand,
        rngFor('coloma-step', played.version),
      );
      if (isViolation(out)) throw new Error(out.message);
      expect(out.events).toEqual(played.events);
      expect(out.state).toEqual(played.after);
      expect(before).toEqual(copy);
      checked++;
    });
    expect(checked).toBeGreaterThan(50);
  });

  test('a sampled state shows the seat exactly its own view, whatever the game’s modules', () => {
    for (const [seats, options] of SETS) {
      for (const { state, seat } of positions(seats, options, `det-${seats}`, 23)) {
        const v = engine.view(state, seat);
        for (let k = 0; k < 3; k++) {
          const sample = determinize(v, seat, createRng(`d${k}`));
          expect(engine.view(sample, seat)).toEqual(v);
          expect(engine.legalCommands(sample, seat)).toEqual(engine.legalCommands(state, seat));
        }
      }
    }
  });

  test('its choice depends on the view only: hidden information changed, same command', () => {
    const budget = { playouts: 8 };
    let searched = 0;
    for (const { state, seat } of positions(3, {}, 'peek', 11).slice(0, 14)) {
      const other = scrambled(state, seat);
      expect(engine.view(other, seat)).toEqual(engine.view(state, seat));
      const legal = engine.legalCommands(state, seat);
      const choose = (s: ColomaState) =>
        colomaStrongBot.choose({ seat, view: engine.view(s, seat), legal, rng: createRng('same'), budget });
      const a = choose(state);
      expect(choose(other)).toEqual(a);
      expect(legal).toContainEqual(a.command);
      if (a.explanation?.includes('sampled states')) searched++;
    }
    expect(searched).toBeGreaterThan(3);
  });

  /** STRONG's Dial on a 4-player position, with a 500 ms budget read from `now`. */
  function dialUnderClock(now: () => number): ReturnType<typeof colomaStrongBot.choose> {
    const { state, seat } = positions(4, {}, 'clock', 1).find(
      (x) => x.state.phase === 'DIAL' && x.state.players[x.seat].dial === null,
    )!;
    return colomaStrongBot.choose({
      seat,
      view: engine.view(state, seat),
      legal: engine.legalCommands(state, seat),
      rng: createRng('clock'),
      budget: { playouts: 500, timeMs: 500, now },
    });
  }

  test('stops sampling once the injected clock passes the time budget (one sample at least)', () => {
    let t = 0;
    const d = dialUnderClock(() => (t += 1000));
    expect(d.explanation).toMatch(/over 1 sampled states \(5 playouts\)/);
  });

  test('a sample the deadline cuts short is left out: the clock is read before every later playout', () => {
    // Reads: the start, before sample 2, before its 2nd playout (all in time), before its 3rd (late).
    let reads = 0;
    const d = dialUnderClock(() => (++reads <= 3 ? 0 : 10_000));
    expect(reads).toBe(4);
    expect(d.explanation).toMatch(/over 1 sampled states \(5 playouts\)/);
  });

  test('outscores HEURISTIC over 4 seeded 2-player games, seats alternating', () => {
    let strong = 0;
    let heuristic = 0;
    for (let g = 0; g < 4; g++) {
      const bots = (
        g % 2 === 0 ? [colomaStrongBot, colomaHeuristicBot] : [colomaHeuristicBot, colomaStrongBot]
      ) as GameBot<ColomaView, ColomaCommand>[];
      const { result } = playGame(engine, {}, bots as GameBot[], `strong-${Math.floor(g / 2)}`, {
        budget: { playouts: 15 },
      });
      for (const r of result.seats) {
        if ((r.seat + g) % 2 === 0) strong += r.score!;
        else heuristic += r.score!;
      }
    }
    expect(strong).toBeGreaterThan(heuristic);
  });
});
