/**
 * Random games (2-6 players, each with every module combination, seeded): resources are conserved
 * after every command; decide and evolve leave their input state unchanged at every command; no view
 * or redacted event shows another seat's hand, deck order or unrevealed Dial; and at the end the
 * stored (JSON round-tripped) events replay to the live state. The full engine contract (every legal
 * command accepted, determinism, JSON views and redaction, timeouts) is checked for every Coloma
 * option set by src/games/contract.spec.ts.
 */
import { isViolation } from '../engine';
import { createRng } from '../random';
import { replay } from '../upcast';
import { colomaEngine as engine } from './index';
import type { ColomaEvent } from './events';
import { BARRELS_TOTAL, DUDES_PER_COLOUR, TENTS_PER_COLOUR } from './evolve';
import { gunmenOf } from './rules';
import type { ColomaState } from './state';

function conserved(s: ColomaState, goldTotal: number): void {
  for (const p of s.players) {
    const dudes = p.dudes + p.supplyDudes + gunmenOf(s, p.seat) + p.dead + p.guests;
    expect(dudes).toBe(DUDES_PER_COLOUR);
    expect(p.tents + p.supplyTents + p.eventTents.length + p.lands.length).toBe(TENTS_PER_COLOUR);
    expect(p.hand.length + p.deck.length + p.tableau.length).toBe(16);
    expect(new Set([...p.hand, ...p.deck, ...p.tableau]).size).toBe(16);
    for (const v of [p.bucks, p.gold, p.horses, p.dudes, p.tents, p.supplyDudes, p.supplyTents])
      expect(v).toBeGreaterThanOrEqual(0);
    expect(p.horses).toBeLessThanOrEqual(6);
    expect(p.bridges.length).toBeLessThanOrEqual(Math.min(4, p.rivers));
  }
  const gold = s.gold[0] + s.gold[1] + s.gold[2] + s.mineCart + s.players.reduce((n, p) => n + p.gold, 0);
  expect(gold).toBe(goldTotal);
  const count = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const barrels =
    s.hideout.filter((b) => b !== null).length +
    count(s.barrelPool) +
    count(s.barrelDiscard) +
    s.players.reduce((n, p) => n + p.barrels.length, 0);
  expect(barrels).toBe(BARRELS_TOTAL);
  expect(s.outlaws).toBeLessThanOrEqual(15);
}

function secretsHidden(s: ColomaState, events: ColomaEvent[], stateBefore: ColomaState): void {
  for (let viewer = 0; viewer < s.seatCount; viewer++) {
    const v = engine.view(s, viewer);
    for (const p of v.players) {
      if (p.seat !== viewer) expect(p.hand).toBeNull();
      if (p.seat !== viewer) expect([p.dial, p.muleDial]).toEqual([null, null]);
      expect(p).not.toHaveProperty('deck');
    }
    for (const e of events) {
      const r = engine.redact(e, viewer, stateBefore);
      if (!r) continue;
      if (r.type === 'DECK_DEALT') expect(r.deck).toEqual([]);
      if (
        (r.type === 'CARDS_DRAWN' || r.type === 'CARDS_RETURNED' || r.type === 'DECK_DEALT') &&
        r.seat !== viewer
      )
        expect(r.type === 'DECK_DEALT' ? r.hand : r.cards).toEqual([]);
      if (r.type === 'DIAL_SET' && r.seat !== viewer) expect([r.site, r.mule]).toEqual([null, null]);
      if (r.type === 'GAME_STARTED') expect(r.options.decks).toBeNull();
    }
  }
}

function playRandom(seats: number, seed: string, modules: string[]): ColomaState {
  const rng = createRng(seed);
  const options = engine.parseOptions({ modules }, seats);
  if (isViolation(options)) throw new Error(options.message);
  const log: ColomaEvent[] = engine.setup(options, seats, rng);
  let s = log.reduce<ColomaState | null>((st, e) => engine.evolve(st, e), null)!;
  const goldTotal = s.gold[0] + s.gold[1] + s.gold[2] + s.players.reduce((n, p) => n + p.gold, 0);
  for (let step = 0; step < 20000 && !engine.result(s); step++) {
    const prompts = engine.pending(s);
    expect(prompts.length).toBeGreaterThan(0);
    const seat = prompts[rng.int(0, prompts.length - 1)].seat;
    const legal = engine.legalCommands(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    // Lean towards acting: FINISH_TURN only one time in four while something else is legal.
    const others = legal.filter((c) => c.type !== 'FINISH_TURN');
    const command =
      others.length > 0 && rng.int(0, 3) > 0
        ? others[rng.int(0, others.length - 1)]
        : legal[rng.int(0, legal.length - 1)];
    const input = JSON.stringify(s);
    const out = engine.decide(s, seat, command, rng);
    if (isViolation(out))
      throw new Error(`${seed} step ${step}: ${JSON.stringify(command)} refused: ${out.message}`);
    const next = out.reduce((st, e) => engine.evolve(st, e), s);
    if (JSON.stringify(s) !== input) throw new Error(`${seed} step ${step}: input state changed`);
    log.push(...out);
    secretsHidden(next, out, s);
    s = next;
    conserved(s, goldTotal);
  }
  expect(engine.result(s)).not.toBeNull();
  const stored = log.map((e) => ({
    payload: JSON.parse(JSON.stringify(e)) as ColomaEvent,
    schemaVersion: engine.eventSchema ?? 1,
  }));
  expect(JSON.stringify(replay(engine, null, stored))).toBe(JSON.stringify(s));
  return s;
}

const MODULES = ['HOTELS', 'MULE_DUEL', 'SPECIALIZED_PIONEERS'];
/** Every module combination the game accepts for `seats` (the Mule Duel is 2-player only). */
function combinations(seats: number): string[][] {
  const all = Array.from({ length: 8 }, (_, m) => MODULES.filter((_, i) => m & (1 << i)));
  return all.filter((mods) => !isViolation(engine.parseOptions({ modules: mods }, seats)));
}
/** Games per (player count, combination); COLOMA_PROPERTY_GAMES=100 plays thousands in all. */
const GAMES = Number(process.env.COLOMA_PROPERTY_GAMES ?? 1);

describe('Coloma random games (property)', () => {
  test('the combinations: 8 with 2 players (the Mule Duel too), 4 with 3-6', () => {
    expect([2, 3, 4, 5, 6].map((n) => combinations(n).length)).toEqual([8, 4, 4, 4, 4]);
  });

  test.each([2, 3, 4, 5, 6])(
    '%i players, every module combination: conservation, purity, hidden information, replay = live',
    (seats) => {
      for (const modules of combinations(seats)) {
        for (let g = 0; g < GAMES; g++) {
          const end = playRandom(seats, `coloma-${seats}-${modules.join('+')}-${g}`, modules);
          expect(end.phase).toBe('OVER');
          expect(end.result!.seats).toHaveLength(seats);
          expect(end.year).toBe(4);
        }
      }
    },
  );
});
