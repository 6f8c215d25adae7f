/**
 * Property test for Might is Right (§10.3): random legal games, 2-6 players, random personality
 * sets, with the module on. A random prompted seat acts (sealed tile choices are simultaneous).
 * Checks: a valid result, every legal command of every prompted seat is accepted in any arrival
 * order (the contract suite plays the first prompted seat only), and the duel tiles are conserved.
 * With A New Beginning (§10.1, §13 #35) some games make every sheet a Marksman's (5-tile draws, the
 * offer to discard the last 2 tiles).
 * Game count: CC_MIGHT_GAMES (default small).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import { isViolation } from '../../../engine';
import { createRng } from '../../../random';
import type { CarsonCommand } from '../../commands';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import type { CarsonState } from '../../state';
import { startGame } from '../../testing/harness';
import { must, mustReplay } from '../../testing/invariants';

const GAMES = Number(process.env.CC_MIGHT_GAMES ?? 40);
const SETS = ['RANDOM', 'RANDOM', 'FIRST_GAME', 'PROSPER', 'SETTLING_SCORES', 'GOLD_RUSH'];

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
  // Outside a duel nothing is sealed (the Marksman's discard offer opens a duel).
  if (s.flow.prompt?.kind !== 'CHOOSE_DUEL_TILE')
    must(
      m.chosen.every((c) => c.length === 0),
      'no stray sealed tile',
    );
}

/** A New Beginning: pick a Marksman's sheet when one is listed (else any), so the power shows up. */
function marksmanBias(legal: CarsonCommand[]): CarsonCommand[] {
  const m = legal.filter((c) => c.type === 'FILL_SHEET' && c.marksman);
  return m.length > 0 ? m : legal;
}

export function mightGame(
  seats: number,
  seed: string,
  options: Record<string, unknown> = {},
  marksmen = false,
): { state: CarsonState; events: CarsonEvent[] } {
  const extra = (options.modules as string[] | undefined) ?? [];
  const start = startGame({ ...options, modules: ['MIGHT_IS_RIGHT', ...extra] }, seats, seed);
  let state = start.state;
  const events = [...start.events];
  const rng = createRng(seed);
  const probes = createRng(`probe-${seed}`);
  for (let n = 0; engine.result(state) === null; n++) {
    must(n < 20000, 'game too long');
    tilesConserved(state);
    const prompts = engine.pending(state);
    must(prompts.length > 0, 'a prompt or a result');
    // Seats without a prompt have nothing to do, in every arrival order at the sealed choices
    // (the contract suite always plays the first prompted seat; parsed forms are its check).
    const prompted = new Set(prompts.map((p) => p.seat));
    for (let other = 0; other < seats; other++)
      if (!prompted.has(other))
        must(engine.legalCommands(state, other).length === 0, `unprompted seat ${other} has no command`);
    for (const { seat: other } of prompts) {
      const legal = engine.legalCommands(state, other);
      must(legal.length > 0, `seat ${other} prompted (${prompts[0].kind}) with no legal command`);
      const sample =
        legal.length <= 12 ? legal : Array.from({ length: 3 }, () => legal[probes.int(0, legal.length - 1)]);
      for (const c of sample) {
        const r = engine.decide(state, other, c, probes);
        if (isViolation(r)) throw new Error(`legal command refused: ${JSON.stringify(c)} ${r.code}`);
      }
    }
    const seat = prompts[rng.int(0, prompts.length - 1)].seat;
    const all = engine.legalCommands(state, seat);
    const legal = marksmen ? marksmanBias(all) : all;
    const cmd = legal[rng.int(0, legal.length - 1)];
    const r = engine.decide(state, seat, cmd, createRng(`${seed}#${n}`));
    if (isViolation(r)) throw new Error(r.message);
    for (const e of r) state = engine.evolve(state, e);
    events.push(...r);
  }
  tilesConserved(state);
  mustReplay(events, state);
  return { state, events };
}

/**
 * A twin of `s` that differs only in secrets `viewer` cannot see: one tile of seat `x`'s hand is
 * swapped with a different tile from the pile or from another hidden hand. Null if impossible.
 */
function twinOf(s: CarsonState, viewer: number, x: number): CarsonState | null {
  const t = JSON.parse(JSON.stringify(s)) as CarsonState;
  const m = t.might!;
  const hand = m.hands[x];
  for (let i = 0; i < hand.length; i++) {
    const v = hand[i];
    const w = m.pile.findIndex((n, k) => n > 0 && k !== v);
    if (w >= 0) {
      m.pile[w] -= 1;
      m.pile[v] += 1;
      hand[i] = w;
      hand.sort((a, b) => a - b);
      return t;
    }
    for (let y = 0; y < t.seatCount; y++) {
      if (y === viewer || y === x) continue;
      const j = m.hands[y].findIndex((u) => u !== v);
      if (j < 0) continue;
      hand[i] = m.hands[y][j];
      m.hands[y][j] = v;
      hand.sort((a, b) => a - b);
      m.hands[y].sort((a, b) => a - b);
      return t;
    }
  }
  return null;
}

const seen = (s: CarsonState, viewer: number) =>
  JSON.stringify({
    view: engine.view(s, viewer),
    legal: engine.legalCommands(s, viewer),
    pending: engine.pending(s),
  });

describe('property: hidden duel tiles', () => {
  test('what a seat sees never depends on another seat’s tiles or sealed choice', () => {
    let twins = 0;
    let sealed = 0;
    let discards = 0;
    for (let g = 0; g < Math.max(4, Math.ceil(GAMES / 4)); g++) {
      const seats = 3 + (g % 4);
      // Every other game with A New Beginning, every sheet a Marksman's (sealed sheets, 5-tile
      // draws, the discard of the last 2 tiles).
      const anb = g % 2 === 1;
      const modules = anb ? ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'] : ['MIGHT_IS_RIGHT'];
      const start = startGame({ modules, personalitySet: 'RANDOM' }, seats, `hide-${g}`);
      let state = start.state;
      const rng = createRng(`hide-${g}`);
      for (let n = 0; engine.result(state) === null && n < 20000; n++) {
        const prompts = engine.pending(state);
        const viewer = rng.int(0, seats - 1);
        const x = (viewer + 1 + rng.int(0, seats - 2)) % seats;
        const twin = twinOf(state, viewer, x);
        if (twin) {
          twins++;
          must(seen(twin, viewer) === seen(state, viewer), `seat ${viewer} sees seat ${x}'s tiles`);
          // A sealed choice by x, different in the twin, is invisible to the viewer until the reveal.
          const p = state.flow.prompt;
          if (p && p.kind === 'CHOOSE_DUEL_TILE' && p.waiting.includes(x) && p.waiting.length > 1) {
            const a = engine.legalCommands(state, x).filter((c) => c.type === 'CHOOSE_DUEL_TILE');
            const b = engine.legalCommands(twin, x).filter((c) => c.type === 'CHOOSE_DUEL_TILE');
            const ca = a[a.length - 1];
            const cb = b[0];
            const ea = engine.decide(state, x, ca, createRng('same'));
            const eb = engine.decide(twin, x, cb, createRng('same'));
            if (isViolation(ea) || isViolation(eb)) throw new Error('sealed choice refused');
            let sa = state;
            let sb = twin;
            for (const e of ea) sa = engine.evolve(sa, e);
            for (const e of eb) sb = engine.evolve(sb, e);
            must(
              JSON.stringify(ea.map((e) => engine.redact(e, viewer, state))) ===
                JSON.stringify(eb.map((e) => engine.redact(e, viewer, twin))),
              'sealed choice leaks through events',
            );
            must(seen(sa, viewer) === seen(sb, viewer), 'sealed choice leaks through the view');
            sealed++;
          }
          // A Marksman's discard of his last 2 tiles (different in the twin) and his draw of 5.
          if (p && p.kind === 'CHOOSE_OPTION' && p.purpose === 'MARKSMAN_DISCARD' && p.seat === x) {
            const cmd = { type: 'CHOOSE_OPTION', option: 'DISCARD' } as const;
            const ea = engine.decide(state, x, cmd, createRng('same'));
            const eb = engine.decide(twin, x, cmd, createRng('same'));
            if (isViolation(ea) || isViolation(eb)) throw new Error('discard refused');
            let sa = state;
            let sb = twin;
            for (const e of ea) sa = engine.evolve(sa, e);
            for (const e of eb) sb = engine.evolve(sb, e);
            must(
              JSON.stringify(ea.map((e) => engine.redact(e, viewer, state))) ===
                JSON.stringify(eb.map((e) => engine.redact(e, viewer, twin))),
              'a discard leaks through events',
            );
            must(seen(sa, viewer) === seen(sb, viewer), 'a discard leaks through the view');
            discards++;
          }
        }
        const seat = prompts[rng.int(0, prompts.length - 1)].seat;
        const all = engine.legalCommands(state, seat);
        const legal = anb ? marksmanBias(all) : all;
        const r = engine.decide(
          state,
          seat,
          legal[rng.int(0, legal.length - 1)],
          createRng(`hide-${g}#${n}`),
        );
        if (isViolation(r)) throw new Error(r.message);
        for (const e of r) state = engine.evolve(state, e);
      }
    }
    expect(twins).toBeGreaterThan(100);
    expect(sealed).toBeGreaterThan(0);
    expect(discards).toBeGreaterThan(0);
  });
});

describe('property: random Might is Right games', () => {
  test(`${GAMES} games end with a result, replay exactly, accept every legal command, conserve tiles`, () => {
    const started = Date.now();
    let duels = 0;
    let draws = 0;
    let offers = 0;
    let fives = 0;
    for (let g = 0; g < GAMES; g++) {
      const seats = 2 + (g % 5);
      // Modules combine freely (§10): every third game adds Horses, every fourth the river, every
      // fifth A New Beginning with Marksmen (§13 #35).
      const anb = g % 5 === 3;
      const modules = [
        ...(anb ? ['A_NEW_BEGINNING'] : []),
        ...(g % 3 === 1 ? ['HORSES'] : []),
        ...(g % 4 === 2 ? ['CARSON_RIVER'] : []),
      ];
      const { state, events } = mightGame(
        seats,
        `might-${g}`,
        {
          personalitySet: SETS[g % SETS.length],
          modules,
        },
        anb,
      );
      if (anb) {
        // Money: $50 − sheet total + (15 − own tile total) at the reveal (§13 #35).
        const dealt = events.filter((e) => e.type === 'DUEL_TILES_DEALT');
        const revealed = events.find((e) => e.type === 'SHEETS_REVEALED');
        if (revealed?.type === 'SHEETS_REVEALED') {
          for (const e of dealt)
            if (e.type === 'DUEL_TILES_DEALT')
              expect(revealed.totals[e.seat]).toBeLessThanOrEqual(65 - e.total);
        }
        offers += events.filter((e) => e.type === 'OPTION_CHOSEN' && e.purpose === 'MARKSMAN_DISCARD').length;
        fives += events.filter((e) => e.type === 'DUEL_TILES_DRAWN' && e.count === 5).length;
      }
      const result = engine.result(state);
      expect(result).not.toBeNull();
      expect(result!.seats).toHaveLength(seats);
      duels += events.filter((e) => e.type === 'DUEL').length;
      draws += events.filter((e) => e.type === 'DUEL_TILES_DRAWN').length;
      for (const e of events)
        if (e.type === 'DUEL') for (const p of e.participants) expect(p.dice).toEqual([]);
    }
    expect(duels).toBeGreaterThan(0);
    expect(draws).toBeGreaterThan(0);
    expect(offers).toBeGreaterThan(0);
    expect(fives).toBeGreaterThan(0);
    const ms = Date.now() - started;
    console.log(
      `Might is Right property: ${GAMES} games, ${duels} duels, ${draws} draws, ${offers} Marksman discard offers, ${fives} draws of 5 in ${ms} ms`,
    );
  });
});
