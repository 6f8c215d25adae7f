/**
 * A position's worth for one seat, in victory points: its final score if the game ended now
 * (score.ts, with the money counted exactly instead of in whole $5 steps) plus what its resources
 * should still turn into before the end. The resource prices shrink with `remaining` (the share of
 * the game still to play, read off the job market) so that at the end only the score counts:
 * - money: $5 = 1 VP at the end; during the game a dollar buys cattle, buildings and stations;
 * - the deck: the expected breeding value of a hand drawn from it (each breed counts once: the
 *   chance that a breed is in a hand of the hand limit, times its value), which is the income and
 *   the reach of every later delivery; certificates add to it;
 * - workers by kind, the engine's position, the discs already off the board (hand, step,
 *   certificate and auxiliary unlocks), the buildings on the trail (their actions and fees);
 * - the hand in Kansas City's reach now: its breeding value plus the certificates.
 * Calibrated on self-play (strength.md): more of these resources at the same score is ahead.
 */
import type { Seat } from '../../engine';
import { cattle, isCattle } from '../cards';
import { handBreedingValue } from '../data/cattle';
import { JOB_MARKET_ROWS } from '../data/tiles';
import { certificateLimit, handLimit, stepLimit } from '../limits';
import { buildingsOf, finalScore, permanentCertificates } from '../score';
import type { CardId, GwtState } from '../state';

/** The share of the game still to play: 1 at the start, 0 once the job-market token is gone. */
export function remaining(s: GwtState): number {
  if (s.jobMarketTokenRow === null || s.over) return 0;
  const row = s.jobMarketTokenRow;
  const filled = s.jobMarket[row]?.filter((w) => w !== null).length ?? 0;
  const done = row + filled / Math.max(1, s.seatCount);
  return Math.max(0, Math.min(1, (JOB_MARKET_ROWS - done) / (JOB_MARKET_ROWS - 1.5)));
}

function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return -Infinity;
  let x = 0;
  for (let i = 0; i < k; i++) x += Math.log(n - i) - Math.log(i + 1);
  return x;
}

/** Expected breeding value of a hand of `handSize` cards drawn from `deck` (distinct breeds count once). */
export function expectedHandValue(deck: readonly CardId[], handSize: number): number {
  const cards = deck.filter(isCattle).map(cattle);
  const n = deck.length;
  if (n === 0) return 0;
  const h = Math.min(handSize, n);
  const breeds = new Map<string, { count: number; value: number }>();
  for (const c of cards) {
    const b = breeds.get(c.breed) ?? { count: 0, value: 0 };
    b.count++;
    b.value = Math.max(b.value, c.breedingValue);
    breeds.set(c.breed, b);
  }
  let sum = 0;
  const all = logChoose(n, h);
  for (const { count, value } of breeds.values()) {
    const none = n - count >= h ? Math.exp(logChoose(n - count, h) - all) : 0;
    sum += value * (1 - none);
  }
  return sum;
}

/** The whole deck of a seat (hand, draw pile, discard pile). */
export function deck(s: GwtState, seat: Seat): CardId[] {
  const p = s.players[seat];
  return [...p.hand, ...p.drawPile, ...p.discard];
}

export interface Evaluation {
  total: number;
  score: number;
  resources: number;
}

/** The worth of the position for `seat` (see the module comment). */
export function evaluate(s: GwtState, seat: Seat): Evaluation {
  const p = s.players[seat];
  const sheet = finalScore(s, seat);
  const score = sheet.total - sheet.money + Math.max(0, p.money) / 5;
  const g = remaining(s);
  if (g <= 0) return { total: score, score, resources: 0 };
  const perm = permanentCertificates(s, seat);
  const hl = handLimit(s, seat);
  const deckValue = expectedHandValue(deck(s, seat), hl);
  const discsGone = 14 - p.discs.length;
  const workers = p.workers;
  let r = 0;
  r += p.money * 0.18 * g;
  r += deckValue * 2.2 * g;
  r += (Math.min(p.certificates, certificateLimit(s, seat)) * 0.5 + perm * 1.5) * g;
  r += ((workers.cowboy - 1) * 1.4 + (workers.engineer - 1) * 1.3 + (workers.craftsman - 1) * 1.1) * g;
  r += Math.min(p.train, 39) * 0.2 * g;
  r += (discsGone * 0.4 + (hl - 4) * 1.5 + (stepLimit(s, seat) - 4) * 0.5) * g;
  r += buildingsOf(s, seat).length * 1.2 * g;
  r += p.exchangeTokens * 0.5 * g;
  // The hand ready for Kansas City (its value now, before the next refill).
  r +=
    (handBreedingValue(p.hand.filter(isCattle).map(cattle)) + p.certificates + perm) *
    0.15 *
    Math.min(1, g * 3);
  return { total: score + r, score, resources: r };
}

/** Own worth minus the best other seat's (what the search maximises). */
export function margin(s: GwtState, seat: Seat): number {
  const mine = evaluate(s, seat).total;
  let best = -Infinity;
  for (let o = 0; o < s.seatCount; o++) if (o !== seat) best = Math.max(best, evaluate(s, o).total);
  return mine - (best === -Infinity ? 0 : best);
}

/**
 * Prices fitted on simulated games (strength.md, "The fitted evaluation"): 160 HEURISTIC
 * self-play games (80 with 3 seats, 80 with 4), every seat at every change of turn (about 50,000
 * rows), the final score minus the score now regressed by least squares on the resources of
 * `evaluate` times `remaining` (the hand term times min(1, 3 x remaining)), the prices held
 * non-negative (a resource never hurts); `g` and `g2` are the common share of the game left and its
 * square (equal for all seats, so they cancel in `winChance`). Held-out error of the final score
 * 9.8 VP (the hand-set `evaluate` 11.7). The temperature of `winChance`, exp(t0 + t1 x remaining)
 * VP, is the maximum-likelihood fit of the actual winners on the same rows.
 */
export const FITTED = {
  g: -41.73,
  g2: 34.92,
  money: 0.708,
  deckValue: 4.165,
  certificates: 1.518,
  permanentCertificates: 6.999,
  cowboys: 10.105,
  engineers: 0,
  craftsmen: 2.711,
  train: 0,
  discsGone: 0.914,
  handLimit: 7.706,
  stepLimit: 0,
  buildings: 4.703,
  exchangeTokens: 0.938,
  kansasCityHand: 0.311,
  t0: 1.1795,
  t1: 1.3038,
} as const;

/** The expected final score of `seat` under the fitted prices (FITTED). */
export function predictedFinal(s: GwtState, seat: Seat): number {
  const p = s.players[seat];
  const sheet = finalScore(s, seat);
  const score = sheet.total - sheet.money + Math.max(0, p.money) / 5;
  const g = remaining(s);
  if (g <= 0) return score;
  const f = FITTED;
  const perm = permanentCertificates(s, seat);
  const hl = handLimit(s, seat);
  const w = p.workers;
  const linear =
    p.money * f.money +
    expectedHandValue(deck(s, seat), hl) * f.deckValue +
    Math.min(p.certificates, certificateLimit(s, seat)) * f.certificates +
    perm * f.permanentCertificates +
    (w.cowboy - 1) * f.cowboys +
    (w.engineer - 1) * f.engineers +
    (w.craftsman - 1) * f.craftsmen +
    Math.min(p.train, 39) * f.train +
    (14 - p.discs.length) * f.discsGone +
    (hl - 4) * f.handLimit +
    (stepLimit(s, seat) - 4) * f.stepLimit +
    buildingsOf(s, seat).length * f.buildings +
    p.exchangeTokens * f.exchangeTokens;
  const kansasCity =
    (handBreedingValue(p.hand.filter(isCattle).map(cattle)) + p.certificates + perm) *
    f.kansasCityHand *
    Math.min(1, g * 3);
  return score + f.g * g + f.g2 * g * g + linear * g + kansasCity;
}

/**
 * The chance that `seat` wins from here: a softmax of the seats' `predictedFinal` at the fitted
 * temperature (about 12 VP at the start, 3 VP at the end). Unlike `margin` it weighs every rival,
 * and a point matters most where the game is close.
 */
export function winChance(s: GwtState, seat: Seat): number {
  const t = Math.exp(FITTED.t0 + FITTED.t1 * remaining(s));
  const z = Array.from({ length: s.seatCount }, (_, o) => predictedFinal(s, o) / t);
  const top = Math.max(...z);
  let sum = 0;
  for (const x of z) sum += Math.exp(x - top);
  return Math.exp(z[seat] - top) / sum;
}
