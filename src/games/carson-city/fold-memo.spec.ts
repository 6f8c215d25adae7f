/**
 * fold-memo.ts: the engine's evolve of a decision's own events, right after decide, returns the
 * states decide's fold reached (no second fold), and they are exactly what evolve (evolveAgenda:
 * the facts, then every agenda rule) computes.
 */
import { playRandom } from '../kit/play';
import { rngFor } from '../random';
import { evolveAgenda as evolve } from './agenda-resolve';
import { carsonCityEngine as engine } from './index';
import type { CarsonState } from './state';

describe('fold memo', () => {
  it("serves decide's own fold for its events, equal to a fresh evolve, and only for the very objects", () => {
    let served = 0;
    let folded = 0;
    playRandom(engine, 3, 'fold-memo', {}, (played) => {
      const before = played.before as CarsonState;
      const seat = engine.pending(before)[0]?.seat;
      const legal = seat === undefined ? [] : engine.legalCommands(before, seat);
      if (seat === undefined || legal.length === 0) return;
      // Decide again on this state: the memo now holds this decision's fold.
      const out = engine.decide(before, seat, legal[legal.length - 1], rngFor('fold-memo', played.version));
      if (!Array.isArray(out)) throw new Error('a listed command was refused');
      let s = before;
      let copy = structuredClone(s);
      for (const e of out) {
        const next = engine.evolve(s, e);
        // Served from the memo: the same object again (a computed state is a new one each time).
        if (engine.evolve(s, e) === next) served++;
        const fromCopy = engine.evolve(copy, e);
        expect(fromCopy).not.toBe(next);
        expect(JSON.stringify(next)).toBe(JSON.stringify(fromCopy));
        expect(JSON.stringify(next)).toBe(JSON.stringify(evolve(s, e)));
        if (e.type !== 'FLOW') folded++;
        s = next;
        copy = fromCopy;
      }
    });
    expect(folded).toBeGreaterThan(100);
    expect(served).toBe(folded);
  });
});
