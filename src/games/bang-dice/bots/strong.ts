/**
 * STRONG: determinised Monte Carlo search with common random numbers.
 *
 * 1. Candidates: the distinct decisions among the legal commands (commands with the same effect
 *    merged), pruned to the HEURISTIC's best few (`maxCandidates`), rated with the inferred roles.
 * 2. Each sample draws one determinisation (hidden roles drawn from the posterior that the
 *    table's public history gives, `inference.ts`; the rest copied from the view: `determinize`)
 *    and one dice seed; every candidate is played from that
 *    same sample (common random numbers), so candidates are compared on the same luck.
 * 3. A playout applies the candidate with the engine's decide/evolve, plays the rest of the
 *    seat's own turn with HEURISTIC (on its view of the simulated state), everyone else and
 *    `horizonTurns` further turns with the cheap rollout policy, and scores the position with
 *    `evaluate`: +-60 for a won / lost game, else 60 x (2 P(win) - 1) from a win-probability
 *    model fitted on self-play (4-8 players; a hand utility with 3).
 * 4. The best paired mean wins; with `confidence` > 0 it must beat the HEURISTIC's favourite by
 *    that many standard errors of the paired differences.
 *
 * Budget: `budget.playouts` candidate playouts (default STRONG_DEFAULTS.playouts), and
 * `budget.timeMs` measured with the injected `budget.now` when both are given. Pure and
 * deterministic given the rng (and the clock, when one is injected).
 */
import type { BotBudget, GameBot } from '../../bots';
import { isViolation } from '../../engine';
import { rngFromState, type Rng } from '../../random';
import type { BangCommand } from '../commands';
import { decide } from '../decide';
import { evolve } from '../evolve';
import { legalCommands } from '../legal';
import { pending } from '../pending';
import { beerDice, shotDice } from '../rules';
import type { BangState } from '../state';
import { view as viewOf, type BangView } from '../view';
import type { Role } from '../data/roles';
import { determinize } from './determinize';
import { roleAssignments, roleBeliefs, sampleAssignment, type RoleAssignment } from './inference';
import { heuristicChoice, scoreBeers, scoreRerolls, scoreShots, type Scored } from './heuristic';
import { perspective, unseenRoles } from './knowledge';
import { evaluate, rolloutCommand } from './rollout';

export interface StrongConfig {
  /** Candidate playouts per decision. */
  playouts: number;
  /** Turns simulated after the current one before evaluating (the game may end sooner). */
  horizonTurns: number;
  /** Candidates kept after the heuristic's pruning. */
  maxCandidates: number;
  /** Standard errors by which a candidate must beat the heuristic's favourite to replace it. */
  confidence: number;
}

export const STRONG_DEFAULTS: StrongConfig = {
  playouts: 360,
  horizonTurns: 0,
  maxCandidates: 8,
  confidence: 0,
};

/** What one search did (for explanations and tests). */
export interface SearchStats {
  candidates: number;
  playouts: number;
  samples: number;
  best: { command: BangCommand; mean: number; n: number };
  /** The candidate the heuristic rated highest. */
  heuristicBest: BangCommand;
}

function candidatesFor(
  view: BangView,
  seat: number,
  legal: BangCommand[],
  max: number,
  beliefs: Record<Role, number>[] | undefined,
): Scored[] {
  const pv = perspective(view, seat, beliefs);
  let scored: Scored[];
  const type = legal[0].type;
  if (type === 'KEEP_DICE' || type === 'REROLL_DICE') scored = scoreRerolls(view, pv, legal);
  else if (type === 'RESOLVE_DICE')
    scored = view.turn?.step === 'BEERS' ? scoreBeers(view, pv, legal) : scoreShots(view, pv, legal);
  else {
    // Small lists (Sid, Bart, Kit): the heuristic's pick first, then the rest in order.
    const pick = heuristicChoice(view, seat, legal, beliefs).command;
    const seen = new Set<string>();
    scored = [];
    for (const command of [pick, ...legal]) {
      const key = JSON.stringify(command);
      if (seen.has(key)) continue;
      seen.add(key);
      scored.push({ command, key, value: command === pick ? 1 : 0 });
    }
  }
  return scored.sort((a, b) => b.value - a.value).slice(0, max);
}

/** The posterior over hidden roles, or undefined when nothing is hidden or it cannot matter. */
function inferenceFor(view: BangView, seat: number): RoleAssignment[] | undefined {
  if (view.phase !== 'PLAYING' || view.threePlayer || view.players[seat].role === null) return undefined;
  const hidden = view.players.filter((p) => p.role === null).length;
  // Nothing hidden, or a view this model does not fit: fall back to the counting prior rather
  // than fail a bot turn.
  if (hidden === 0 || hidden !== unseenRoles(view).length) return undefined;
  return roleAssignments(view, seat);
}

function beliefsFor(view: BangView, seat: number): Record<Role, number>[] | undefined {
  const assignments = inferenceFor(view, seat);
  return assignments && roleBeliefs(assignments, view.seatCount);
}

/** Seed words for a sub-stream, drawn from the bot's rng. */
function seedWords(rng: Rng): number[] {
  return [
    rng.int(-0x7fffffff, 0x7fffffff),
    rng.int(-0x7fffffff, 0x7fffffff),
    rng.int(-0x7fffffff, 0x7fffffff),
    rng.int(1, 0x7fffffff),
  ];
}

function advanceWith(state: BangState, events: readonly { type: string }[]): BangState {
  let s = state;
  for (const e of events) s = evolve(s, e as Parameters<typeof evolve>[1]);
  return s;
}

/** Whether the legal list is small enough to enumerate inside a playout (beers can be 8^5). */
function smallChoice(state: BangState, kind: string): boolean {
  if (kind === 'RESOLVE_BEERS' || kind === 'RESOLVE_SHOTS') {
    const dice = kind === 'RESOLVE_BEERS' ? beerDice(state).length : shotDice(state.turn!.dice).length;
    const living = state.players.filter((p) => p.alive).length;
    return living ** dice <= 512;
  }
  return true;
}

/**
 * Play `command` for `seat` from `start`; the rest of the seat's own turn with the HEURISTIC (it
 * sees only its view of the simulated state), everyone else and later turns with the cheap
 * rollout policy; stop at the game's end or after `horizonTurns` more turns, and evaluate.
 */
export function playout(
  start: BangState,
  seat: number,
  command: BangCommand,
  rng: Rng,
  horizonTurns: number,
  beliefs?: Record<Role, number>[],
): number {
  const first = decide(start, seat, command, rng);
  if (isViolation(first)) return Number.NaN;
  let state = advanceWith(start, first);
  const currentTurn = start.turn?.number ?? 0;
  const lastTurn = currentTurn + horizonTurns;
  for (let steps = 0; steps < 400; steps++) {
    if (state.phase === 'OVER') break;
    const turnNumber = state.turn?.number ?? 0;
    if (turnNumber > lastTurn) break;
    const prompt = pending(state)[0];
    if (!prompt) break;
    let next: BangCommand;
    if (prompt.seat === seat && turnNumber === currentTurn && smallChoice(state, prompt.kind)) {
      next = heuristicChoice(viewOf(state, seat), seat, legalCommands(state, seat), beliefs).command;
    } else {
      next = rolloutCommand(state, prompt.seat, rng);
    }
    let out = decide(state, prompt.seat, next, rng);
    if (isViolation(out)) {
      // The cheap policy should always be legal; never let a slip end the search.
      out = decide(state, prompt.seat, legalCommands(state, prompt.seat)[0], rng);
      if (isViolation(out)) break;
    }
    state = advanceWith(state, out);
  }
  return evaluate(state, seat);
}

/**
 * Every candidate is played on the same samples (determinisation + dice seed). The best mean
 * wins; it replaces the HEURISTIC's favourite only when the paired mean difference exceeds
 * `confidence` standard errors (0 = plain argmax, ties keep the favourite).
 */
export function search(
  view: BangView,
  seat: number,
  legal: BangCommand[],
  rng: Rng,
  budget: BotBudget = {},
  config: StrongConfig = STRONG_DEFAULTS,
): SearchStats {
  // What the public history says about the hidden roles: determinisations are drawn from it.
  const assignments = inferenceFor(view, seat);
  const beliefs = assignments && roleBeliefs(assignments, view.seatCount);
  const candidates = candidatesFor(view, seat, legal, config.maxCandidates, beliefs);
  const total = Math.max(candidates.length, budget.playouts ?? config.playouts);
  const now = budget.now;
  const deadline = now && budget.timeMs !== undefined ? now() + budget.timeMs : null;
  const values: number[][] = candidates.map(() => []);
  const valid = candidates.map(() => true);
  let playouts = 0;
  let samples = 0;
  const perCandidate = Math.max(1, Math.floor(total / candidates.length));
  for (let k = 0; k < perCandidate; k++) {
    if (deadline !== null && now!() >= deadline) break;
    const dealRng = rngFromState(seedWords(rng));
    const determinisation = determinize(
      view,
      seat,
      dealRng,
      assignments ? sampleAssignment(assignments, dealRng) : undefined,
    );
    const dice = seedWords(rng);
    samples++;
    candidates.forEach((candidate, i) => {
      if (!valid[i]) return;
      const value = playout(
        determinisation,
        seat,
        candidate.command,
        rngFromState(dice),
        config.horizonTurns,
        beliefs,
      );
      playouts++;
      if (Number.isNaN(value)) valid[i] = false;
      else values[i].push(value);
    });
  }
  const mean = (i: number) =>
    valid[i] && values[i].length > 0 ? values[i].reduce((a, b) => a + b, 0) / values[i].length : -Infinity;
  let bestIndex = 0;
  for (let i = 1; i < candidates.length; i++) if (mean(i) > mean(bestIndex)) bestIndex = i;
  if (bestIndex !== 0 && valid[0] && values[0].length === values[bestIndex].length && values[0].length > 1) {
    const diffs = values[bestIndex].map((v, j) => v - values[0][j]);
    const m = diffs.reduce((a, b) => a + b, 0) / diffs.length;
    const variance = diffs.reduce((a, d) => a + (d - m) * (d - m), 0) / (diffs.length - 1);
    if (m <= config.confidence * Math.sqrt(variance / diffs.length)) bestIndex = 0;
  }
  return {
    candidates: candidates.length,
    playouts,
    samples,
    best: { command: candidates[bestIndex].command, mean: mean(bestIndex), n: values[bestIndex].length },
    heuristicBest: candidates[0].command,
  };
}

export function strongChoice(
  view: BangView,
  seat: number,
  legal: BangCommand[],
  rng: Rng,
  budget: BotBudget = {},
  config: StrongConfig = STRONG_DEFAULTS,
): { command: BangCommand; explanation: string } {
  const type = legal[0].type;
  const trivial =
    legal.length === 1 ||
    type === 'CHOOSE_CHARACTER' ||
    type === 'PEDRO_RAMIREZ_DISCARD' ||
    view.phase !== 'PLAYING';
  if (trivial) return heuristicChoice(view, seat, legal, beliefsFor(view, seat));
  const stats = search(view, seat, legal, rng, budget, config);
  if (stats.candidates === 1) return heuristicChoice(view, seat, legal, beliefsFor(view, seat));
  const heuristicPick = stats.heuristicBest;
  const why =
    JSON.stringify(heuristicPick) === JSON.stringify(stats.best.command)
      ? 'the heuristic agrees'
      : `the heuristic preferred: ${describe(heuristicPick)}`;
  return {
    command: stats.best.command,
    explanation:
      `${describe(stats.best.command)}: best of ${stats.candidates} options over ${stats.samples} sampled deals ` +
      `(${stats.playouts} playouts, mean value ${stats.best.mean.toFixed(1)}); ${why}`,
  };
}

function describe(command: BangCommand): string {
  switch (command.type) {
    case 'REROLL_DICE':
      return `reroll dice ${command.dice.join(', ')}`;
    case 'KEEP_DICE':
      return 'keep the dice';
    case 'RESOLVE_DICE':
      return `assign ${command.assignments.map((a) => `die ${a.die} to seat ${a.target}`).join(', ')}`;
    default:
      return command.type.toLowerCase().replace(/_/g, ' ');
  }
}

export const bangStrongBot: GameBot<BangView, BangCommand> = {
  level: 'STRONG',
  choose: ({ seat, view, legal, rng, budget }) => strongChoice(view, seat, legal, rng, budget),
};
