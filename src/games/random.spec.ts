import { createRng, rngFor, rngFromState } from './random';

describe('seeded PRNG', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = createRng('table-1');
    const b = createRng('table-1');
    const c = createRng('table-2');
    const seqA = Array.from({ length: 20 }, () => a.die());
    const seqB = Array.from({ length: 20 }, () => b.die());
    const seqC = Array.from({ length: 20 }, () => c.die());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('keeps the seed-to-sequence mapping that stored games were played with', () => {
    // Pinned: a change of hashing or seeding here would re-deal every recorded game.
    const rng = createRng('table-1');
    expect(Array.from({ length: 8 }, () => rng.int(0, 999))).toEqual([76, 786, 519, 925, 25, 461, 909, 743]);
    expect(createRng('table-1').state()).toEqual([1466420273, -1365459310, 990059175, -615873262]);
    expect(rngFor('seed', 7).int(0, 1e6)).toBe(33740);
  });

  it('derives a distinct stream per stream version', () => {
    const draws = (v: number) => Array.from({ length: 10 }, () => rngFor('seed', v).int(0, 1000)).join();
    expect(draws(1)).toEqual(draws(1));
    expect(draws(1)).not.toEqual(draws(2));
  });

  it('serialises and restores its state mid-sequence', () => {
    const rng = createRng('x');
    rng.int(1, 100);
    const saved = rng.state();
    const next = [rng.int(1, 100), rng.int(1, 100)];
    const restored = rngFromState(saved);
    expect([restored.int(1, 100), restored.int(1, 100)]).toEqual(next);
  });

  it('stays in range and is roughly uniform for a die', () => {
    const rng = createRng('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60000; i++) counts[rng.die() - 1]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = createRng('s').shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort()).toEqual(input);
  });

  it('rejects empty picks and bad ranges', () => {
    const rng = createRng('e');
    expect(() => rng.pick([])).toThrow(RangeError);
    expect(() => rng.int(3, 2)).toThrow(RangeError);
  });
});
