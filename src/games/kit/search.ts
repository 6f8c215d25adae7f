/**
 * The sampling search the STRONG bots share (Coloma and Great Western Trail):
 * for each sampled full state (a determinisation of the seat's view), every candidate is played
 * and then valued (a playout and an evaluation), all candidates of a sample on the same random
 * stream (common random numbers, so their difference is not drowned in luck). The candidate with
 * the best mean wins. It stops after `budget.playouts` playouts (default `playouts`), or once
 * `budget.timeMs` has passed on the injected `budget.now`: the clock is read before every playout
 * after the first sample (which is always played in full), so a decision overruns the budget by
 * at most one sampled state and one playout, and a sample the deadline cuts short is left out.
 */
import type { BotBudget } from '../bots';
import { createRng, type Rng } from '../random';

export interface SampledSearch<S, C> {
  /** A full state consistent with what the seat sees. */
  sample(rng: Rng): S;
  /** `state` after the seat plays `command`; null if the engine refuses it (never chosen). */
  play(state: S, command: C, rng: Rng): S | null;
  /** The value of `after` (reached from the sample `root`) for the seat, e.g. its margin after a playout. */
  value(root: S, after: S, rng: Rng): number;
}

export interface SearchStats {
  candidates: number;
  samples: number;
  playouts: number;
  means: number[];
}

/** Search among `cands`; returns the best index and statistics. */
export function sampledSearch<S, C>(
  cands: C[],
  spec: SampledSearch<S, C>,
  rng: Rng,
  budget: BotBudget | undefined,
  playouts: number,
): { best: number; stats: SearchStats } {
  const total = Math.max(cands.length, budget?.playouts ?? playouts);
  const deadline = budget?.now && budget.timeMs !== undefined ? budget.now() + budget.timeMs : null;
  const late = () => deadline !== null && budget!.now!() >= deadline;
  const sums = new Array<number>(cands.length).fill(0);
  const counts = new Array<number>(cands.length).fill(0);
  const base = rng.int(0, 1_000_000_000);
  let done = 0;
  let samples = 0;
  for (let i = 0; done < total; i++) {
    if (i > 0 && late()) break;
    const root = spec.sample(createRng(`${base}:${i}:sample`));
    const values: number[] = [];
    let cut = false;
    for (let k = 0; k < cands.length && done + values.length < total; k++) {
      // Past the deadline a sample is abandoned (its candidates would be compared on unequal luck).
      if (i > 0 && k > 0 && late()) {
        cut = true;
        break;
      }
      const r = createRng(`${base}:${i}:play`);
      const next = spec.play(root, cands[k], r);
      values.push(next ? spec.value(root, next, r) : -Infinity);
    }
    if (cut) break;
    samples++;
    values.forEach((v, k) => {
      sums[k] += v;
      counts[k]++;
    });
    done += values.length;
  }
  const means = sums.map((x, k) => (counts[k] > 0 ? x / counts[k] : -Infinity));
  let best = 0;
  for (let k = 1; k < cands.length; k++) if (means[k] > means[best] + 1e-9) best = k;
  return { best, stats: { candidates: cands.length, samples, playouts: done, means } };
}
