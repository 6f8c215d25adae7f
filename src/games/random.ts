/**
 * Seeded, serialisable PRNG for game engines (xoroshiro128+ from pure-rand).
 *
 * The server creates one Rng per decision from the game's secret seed and the stream version the
 * decision is made at (`rngFor(seed, version)`), so a command's random outcome is reproducible
 * from the seed, and a retried command on the same version draws the same numbers. Outcomes are
 * written into events; replays never draw.
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { sha256Words128 } from './seed-hash';

export interface Rng {
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A fair die: 1..sides. */
  die(sides?: number): number;
  /** Uniform element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** The generator's state, to persist and restore with `rngFromState`. */
  state(): number[];
}

class PureRng implements Rng {
  private seeded: RandomGenerator | null;

  /** From a generator, or from a seed hashed on the first draw (many decisions never draw). */
  constructor(
    generator: RandomGenerator | null,
    private readonly seed = '',
  ) {
    this.seeded = generator;
  }

  private get generator(): RandomGenerator {
    return (this.seeded ??= generatorFor(this.seed));
  }

  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`invalid range [${min}, ${max}]`);
    }
    return uniformInt(this.generator, min, max);
  }

  die(sides = 6): number {
    return this.int(1, sides);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty array');
    return items[this.int(0, items.length - 1)];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  state(): number[] {
    return [...this.generator.getState()];
  }
}

/** An Rng from any string seed (hashed with SHA-256 into the generator's 128-bit state). */
export function createRng(seed: string): Rng {
  return new PureRng(null, seed);
}

function generatorFor(seed: string): RandomGenerator {
  // SHA-256's first 128 bits as four signed big-endian words (in JavaScript: seed-hash.ts).
  const words = sha256Words128(seed);
  if (words.every((w) => w === 0)) return xoroshiro128plus(1);
  return xoroshiro128plusFromState(words);
}

/** The Rng for the decision made at `version` of a game's stream. */
export function rngFor(gameSeed: string, version: number): Rng {
  return createRng(`${gameSeed}#${version}`);
}

export function rngFromState(state: readonly number[]): Rng {
  return new PureRng(xoroshiro128plusFromState(state));
}
