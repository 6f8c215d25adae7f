/**
 * STRONG level: determinised search over the rest of the bot's own turn. From the view it samples
 * several full states (`determinize`: the other hands, the bags and the decks drawn from what the
 * seat cannot see; never another seat's hidden cards), keeps the HEURISTIC's best few commands as
 * candidates (TOP_K, ties included), and for each candidate in each sample plays the command and
 * then the rest of its own turn greedily with the HEURISTIC (common random numbers across the
 * candidates of a sample), and scores the position reached with `winChance` (evaluate.ts: a
 * softmax over every seat's final score predicted with prices fitted on simulated games; the
 * older hand-set `margin` is the option `objective: 'margin'`). The best mean wins. Budget:
 * `budget.playouts` playouts in all (default DEFAULT_PLAYOUTS), stopped early once
 * `budget.timeMs` has elapsed on the injected `budget.now` (at least one full sample is done; the
 * loop is the kit's `sampledSearch`, src/games/kit/search.ts, shared with Coloma).
 * `createGwtStrongBot({ extraTurns })` plays that many more own turns after the current one in
 * each playout (the other seats stand still), a longer horizon to measure (strength.md); the
 * STRONG level is `extraTurns: 0`, `objective: 'win'`.
 */
import type { BotBudget, BotDecision, BotInput, GameBot } from '../../bots';
import type { Seat } from '../../engine';
import { sampledSearch, type SampledSearch, type SearchStats } from '../../kit/search';
import type { Rng } from '../../random';
import type { GwtCommand } from '../protocol';
import { freshTurn } from '../agenda';
import type { GwtState } from '../state';
import type { GwtView } from '../view';
import { determinize } from './determinize';
import { margin, predictedFinal, winChance } from './evaluate';
import { describe, gwtHeuristicBot, heuristicOnState, rankCommands } from './heuristic';
import { engine, step } from './sim';

export { step };

/** Playouts per decision by default (all candidates and samples together). */
export const DEFAULT_PLAYOUTS = 24;
/** Candidates kept from the heuristic's ranking. */
export const TOP_K = 5;
/** Prompts worth a search (the others, such as foresight and discards, are left to the heuristic). */
const SEARCHED = new Set([
  'FIRST_PLACE',
  'MOVE',
  'LOCATION',
  'BUY_CATTLE',
  'HIRE_WORKER',
  'PLACE_BUILDING',
  'DELIVER',
  'UPGRADE_STATION',
  'MOVE_ENGINE_FORWARD',
  'SPEND_CERTIFICATES',
  'CHOOSE_ONE',
  'TAKE_STATION_MASTER',
  'DISCARD_CARDS',
  'AUXILIARY_ACTION',
]);
/** Safety cap on the commands of one turn completion. */
const MAX_TURN_COMMANDS = 60;

/** Play `seat`'s turn to its end with the HEURISTIC (the state after the last own command). */
export function finishTurn(start: GwtState, seat: Seat, rng: Rng): GwtState {
  let s = start;
  for (let i = 0; i < MAX_TURN_COMMANDS; i++) {
    if (s.over || s.turn.seat !== seat) return s;
    const legal = engine.legalCommands(s, seat);
    if (legal.length === 0) return s;
    const command = legal.length === 1 ? legal[0] : heuristicOnState(s, seat, legal, rng);
    const next = step(s, seat, command, rng);
    if (!next) return s;
    s = next;
  }
  return s;
}

/**
 * `finishTurn`, then `extra` more turns of `seat` played at once with the HEURISTIC while the other
 * seats stand still (a solo look-ahead: what the position leads to, e.g. the next Kansas City
 * visit). Stops once the game's end is triggered or the turn is handed over mid-decision.
 */
export function playOn(start: GwtState, seat: Seat, rng: Rng, extra: number): GwtState {
  let s = finishTurn(start, seat, rng);
  for (let t = 0; t < extra; t++) {
    if (s.over || s.endTriggeredBy !== null || s.finalTurns.length > 0) break;
    if (s.turn.stage !== 'MOVE' || s.turn.stack.length > 0 || s.players[seat].herder === null) break;
    s = finishTurn({ ...s, turn: freshTurn(seat, 'MOVE') }, seat, rng);
  }
  return s;
}

export type { SearchStats } from '../../kit/search';

/**
 * Search among `cands` for `seat`, sampling states from `view` (the kit's sampled search): each
 * candidate played, then the rest of the turn (and `extraTurns` more) with the HEURISTIC, valued
 * by `margin`. Returns the best index and statistics.
 */
export function search(
  view: GwtView,
  seat: Seat,
  cands: GwtCommand[],
  rng: Rng,
  budget: BotBudget | undefined,
  extraTurns = 0,
  objective: Objective = 'win',
): { best: number; stats: SearchStats } {
  const spec: SampledSearch<GwtState, GwtCommand> = {
    sample: (r) => determinize(view, seat, r),
    play: (s, command, r) => step(s, seat, command, r),
    value: (_root, after, r) => valueOf(playOn(after, seat, r, extraTurns), seat, objective),
  };
  return sampledSearch(cands, spec, rng, budget, DEFAULT_PLAYOUTS);
}

/**
 * What a playout's end is worth: 'win' (the default) is `winChance` (the fitted evaluation, a
 * softmax over every seat) plus a small tie-break on the own `predictedFinal` (so that a hopeless
 * or a won position still prefers more points); 'margin' is the older hand-set own worth minus
 * the best other seat's (strength.md compares them).
 */
export type Objective = 'win' | 'margin';

/** The tie-break weight of the own predicted final score in 'win' (per VP). */
const SCORE_TIE_BREAK = 0.001;

function valueOf(s: GwtState, seat: Seat, objective: Objective): number {
  if (objective === 'margin') return margin(s, seat);
  return winChance(s, seat) + SCORE_TIE_BREAK * predictedFinal(s, seat);
}

export interface StrongOptions {
  /** Own turns played after the current one in each playout (default 0). */
  extraTurns?: number;
  /** The value of a playout's end (default 'win'). */
  objective?: Objective;
}

/** A STRONG bot with `options` (the STRONG level is `gwtStrongBot`, the defaults). */
export function createGwtStrongBot(options: StrongOptions = {}): GameBot<GwtView, GwtCommand> {
  const extraTurns = options.extraTurns ?? 0;
  const objective = options.objective ?? 'win';
  return {
    level: 'STRONG',
    choose: (input) => chooseStrong(input, extraTurns, objective),
  };
}

function chooseStrong(
  { seat, view, legal, rng, budget }: BotInput<GwtView, GwtCommand>,
  extraTurns: number,
  objective: Objective,
): BotDecision<GwtCommand> {
  if (legal.length === 1) return { command: legal[0], explanation: 'the only legal command' };
  if (!SEARCHED.has(view.prompt?.kind ?? '')) return gwtHeuristicBot.choose({ seat, view, legal, rng });
  let ranked = rankCommands(view, seat, legal);
  // The heuristic's guards stay: nothing it scores below zero while something scores above (a
  // local action it would decline), and no declining an action it opened (which loops).
  if (ranked[0].score >= 0) ranked = ranked.filter((x) => x.score >= 0);
  const opened = (view.prompt?.detail as { opened?: unknown } | undefined)?.opened !== undefined;
  if (opened && ranked[0].command.type !== 'SKIP') ranked = ranked.filter((x) => x.command.type !== 'SKIP');
  const cands: GwtCommand[] = [];
  const cutoff = ranked[Math.min(TOP_K, ranked.length) - 1].score;
  for (const x of ranked) if (cands.length < TOP_K || x.score >= cutoff - 1e-9) cands.push(x.command);
  if (cands.length === 1) return gwtHeuristicBot.choose({ seat, view, legal, rng });
  const { best, stats } = search(view, seat, cands, rng, budget, extraTurns, objective);
  const h = ranked.findIndex((x) => x.command === cands[best]);
  return {
    command: cands[best],
    explanation:
      `${describe(cands[best])}: best mean ${objective === 'win' ? 'value' : 'margin'} ${stats.means[best].toFixed(objective === 'win' ? 3 : 2)} of ${stats.candidates} candidates ` +
      `over ${stats.samples} sampled states (${stats.playouts} turn completions); heuristic rank ${h + 1}`,
  };
}

export const gwtStrongBot = createGwtStrongBot();
