/**
 * Property test for Might is Right (§10.3): random legal games, 2-6 players, random personality
 * sets, with the module on. A random prompted seat acts (sealed tile choices are simultaneous).
 * Checks: a valid result, replay from the events equals the live state, every legal command of
 * every prompted seat is accepted, unprompted seats have none, and the duel tiles are conserved.
 * Game count: CC_MIGHT_GAMES (default small).
 */
import { isViolation } from '../engine';
import { createRng } from '../random';
import type { CarsonEvent } from './events';
import { carsonCityEngine as engine } from './index';
import type { CarsonState } from './state';
import { startGame } from './testing/harness';

const GAMES = Number(process.env.CC_MIGHT_GAMES ?? 40);
const SETS = ['RANDOM', 'RANDOM', 'FIRST_GAME', 'PROSPER', 'SETTLING_SCORES', 'GOLD_RUSH'];

function must(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

/** Every tile is in exactly one place: a hand, a sealed choice or the pile. */
function tilesConserved(s: CarsonState): void {
  const m = s.might!;
  const sets = s.seatCount === 2 ? 2 : Math.min(s.seatCount, 5);
  for (let v = 0; v <= 5; v++) {
    const n =
      m.pile[v] +
      m.hands.reduce((k, h) => k + h.filter((x) => x === v).length, 0) +
      m.chosen.reduce((k, h) => k + h.filter((x) => x === v).length, 0);
    must(n === sets, `tile ${v}: ${n} of ${sets}`);
    must(m.pile[v] >= 0, 'pile counts >= 0');
  }
  // Outside a duel nothing is sealed.
  if (s.flow.prompt?.kind !== 'CHOOSE_DUEL_TILE')
    must(
      m.chosen.every((c) => c.length === 0),
      'no stray sealed tile',
    );
}

export function mightGame(
  seats: number,
  seed: string,
  options: Record<string, unknown> = {},
): { state: CarsonState; events: CarsonEvent[] } {
  const start = startGame({ ...options, modules: ['MIGHT_IS_RIGHT'] }, seats, seed);
  let state = start.state;
  const events = [...start.events];
  const rng = createRng(seed);
  const probes = createRng(`probe-${seed}`);
  for (let n = 0; engine.result(state) === null; n++) {
    must(n < 20000, 'game too long');
    tilesConserved(state);
    const prompts = engine.pending(state);
    must(prompts.length > 0, 'a prompt or a result');
    const prompted = new Set(prompts.map((p) => p.seat));
    for (let other = 0; other < seats; other++) {
      const legal = engine.legalCommands(state, other);
      if (!prompted.has(other)) {
        must(legal.length === 0, 'only prompted seats act');
        continue;
      }
      must(legal.length > 0, `seat ${other} prompted (${prompts[0].kind}) with no legal command`);
      const sample =
        legal.length <= 12 ? legal : Array.from({ length: 3 }, () => legal[probes.int(0, legal.length - 1)]);
      for (const c of sample) {
        const parsed = engine.parseCommand(JSON.parse(JSON.stringify(c)));
        must(
          !isViolation(parsed) && JSON.stringify(parsed) === JSON.stringify(c),
          `parseCommand canonical ${JSON.stringify(c)}`,
        );
        const r = engine.decide(state, other, c, probes);
        if (isViolation(r)) throw new Error(`legal command refused: ${JSON.stringify(c)} ${r.code}`);
      }
    }
    const seat = prompts[rng.int(0, prompts.length - 1)].seat;
    const legal = engine.legalCommands(state, seat);
    const cmd = legal[rng.int(0, legal.length - 1)];
    const r = engine.decide(state, seat, cmd, createRng(`${seed}#${n}`));
    if (isViolation(r)) throw new Error(r.message);
    for (const e of r) state = engine.evolve(state, e);
    events.push(...r);
  }
  tilesConserved(state);
  return { state, events };
}

describe('property: random Might is Right games', () => {
  test(`${GAMES} games end with a result, replay exactly, accept every legal command, conserve tiles`, () => {
    const started = Date.now();
    let duels = 0;
    let draws = 0;
    for (let g = 0; g < GAMES; g++) {
      const seats = 2 + (g % 5);
      const { state, events } = mightGame(seats, `might-${g}`, { personalitySet: SETS[g % SETS.length] });
      const result = engine.result(state);
      expect(result).not.toBeNull();
      expect(result!.seats).toHaveLength(seats);
      let replay: CarsonState | null = null;
      for (const e of events) replay = engine.evolve(replay, e);
      expect(replay).toEqual(state);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      duels += events.filter((e) => e.type === 'DUEL').length;
      draws += events.filter((e) => e.type === 'DUEL_TILES_DRAWN').length;
      for (const e of events)
        if (e.type === 'DUEL') for (const p of e.participants) expect(p.dice).toEqual([]);
    }
    expect(duels).toBeGreaterThan(0);
    expect(draws).toBeGreaterThan(0);
    const ms = Date.now() - started;
    console.log(`Might is Right property: ${GAMES} games, ${duels} duels, ${draws} draws in ${ms} ms`);
  });
});
