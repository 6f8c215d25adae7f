/**
 * STRONG level: determinised Monte-Carlo search guided by the HEURISTIC. From the view it samples
 * full states (`determinize`: other seats' hands, every deck order, the face-down Barrels and
 * unrevealed Dials drawn from what the seat cannot see; never the real hidden state), and for each
 * candidate in each sample plays the candidate and then a HEURISTIC playout (common random numbers
 * across the candidates of a sample), scoring the position reached with `margin` (evaluate.ts).
 * - Dial: the five Sites are the candidates; the playout runs every seat to the end of the Round
 *   (the reveal, the Bust and every turn), so it sees who else goes where.
 * - Turn: the HEURISTIC's best TOP_K distinct commands (commands differing only in how much Gold
 *   pays count once, the HEURISTIC's payment kept) and FINISH_TURN; the playout finishes the own
 *   turn.
 * - Other prompts (opening discard, Event 5) are left to the HEURISTIC.
 * Budget: `budget.playouts` playouts in all (default DIAL_PLAYOUTS for a Dial, TURN_PLAYOUTS for
 * a turn command), stopped early once
 * `budget.timeMs` has elapsed on the injected `budget.now` (at least one full sample is done).
 */
import type { BotBudget, BotDecision, BotInput, GameBot } from '../../bots';
import { isViolation, type Seat } from '../../engine';
import { sampledSearch, type SampledSearch, type SearchStats } from '../../kit/search';
import type { Rng } from '../../random';
import type { ColomaCommand } from '../commands';
import { decideWithState } from '../decide';
import { colomaEngine as engine } from '../index';
import type { ColomaState } from '../state';
import type { ColomaView } from '../view';
import { determinize } from './determinize';
import { margin } from './evaluate';
import { colomaHeuristicBot, rank } from './heuristic';

/**
 * Playouts per decision by default (all candidates and samples together): a Dial's five Sites are
 * each played to the Round's end and decide most of a Round, so they get more samples. Measured
 * CPU time per decision is in strength.md.
 */
export const DIAL_PLAYOUTS = 100;
export const TURN_PLAYOUTS = 60;
/** Turn candidates kept from the heuristic's ranking (FINISH_TURN is added). */
export const TOP_K = 6;
/** Safety cap on the commands of one playout. */
const MAX_PLAYOUT_COMMANDS = 400;

/** `s` after `seat` plays `command`; null if the engine refuses it. */
export function step(s: ColomaState, seat: Seat, command: ColomaCommand, rng: Rng): ColomaState | null {
  const out = decideWithState(s, seat, command, rng);
  return isViolation(out) ? null : out.state;
}

/**
 * What the HEURISTIC reads of `seat`'s view (its own hand, the public state), made without
 * copying: a playout's states are private to the search and the HEURISTIC only reads.
 */
function playoutView(s: ColomaState, seat: Seat): ColomaView {
  const players = s.players.map((p) => (p.seat === seat ? p : { ...p, hand: null }));
  return { ...s, players } as unknown as ColomaView;
}

/** Play the HEURISTIC for every seat from `start` while `more` holds. */
function playout(start: ColomaState, rng: Rng, more: (s: ColomaState) => boolean): ColomaState {
  let s = start;
  for (let i = 0; i < MAX_PLAYOUT_COMMANDS && !s.result && more(s); i++) {
    const prompt = engine.pending(s)[0];
    if (!prompt) return s;
    const legal = engine.legalCommands(s, prompt.seat);
    if (legal.length === 0) return s;
    const command =
      legal.length === 1
        ? legal[0]
        : colomaHeuristicBot.choose({ seat: prompt.seat, view: playoutView(s, prompt.seat), legal, rng })
            .command;
    const next = step(s, prompt.seat, command, rng);
    if (!next) return s;
    s = next;
  }
  return s;
}

type Horizon = (root: ColomaState, seat: Seat) => (s: ColomaState) => boolean;

const toRoundEnd: Horizon = (root) => (s) => s.year === root.year && s.round === root.round;
const toTurnEnd: Horizon = (root, seat) => (s) =>
  s.phase === 'TURNS' && s.turn?.seat === seat && s.round === root.round && s.year === root.year;

export type { SearchStats } from '../../kit/search';

/** Search among `cands` for `seat`, sampling states from `view`; returns the best index and statistics. */
export function search(
  view: ColomaView,
  seat: Seat,
  cands: ColomaCommand[],
  horizon: Horizon,
  rng: Rng,
  budget: BotBudget | undefined,
  fallback = TURN_PLAYOUTS,
): { best: number; stats: SearchStats } {
  const spec: SampledSearch<ColomaState, ColomaCommand> = {
    sample: (r) => determinize(view, seat, r),
    play: (s, command, r) => step(s, seat, command, r),
    value: (root, after, r) => margin(playout(after, r, horizon(root, seat)), seat),
  };
  return sampledSearch(cands, spec, rng, budget, fallback);
}

/** One Dial per Site (the Mule, in the Mule Duel, drawn among that Site's legal forms). */
function dialCandidates(legal: ColomaCommand[], rng: Rng): ColomaCommand[] {
  return [1, 2, 3, 4, 5].flatMap((site) => {
    const forms = legal.filter((c) => c.type === 'DIAL' && c.site === site);
    return forms.length ? [rng.pick(forms)] : [];
  });
}

function turnCandidates(view: ColomaView, legal: ColomaCommand[], rng: Rng): ColomaCommand[] {
  const ranked = legal
    .filter((c) => c.type !== 'FINISH_TURN')
    .map((c) => ({ c, score: rank(c, view), tie: rng.int(0, 1_000_000) }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie);
  const seen = new Set<string>();
  const cands: ColomaCommand[] = [];
  for (const { c } of ranked) {
    if (cands.length >= TOP_K) break;
    const key = JSON.stringify({ ...c, gold: 0 });
    if (seen.has(key)) continue;
    seen.add(key);
    cands.push(c);
  }
  const finish = legal.find((c) => c.type === 'FINISH_TURN');
  if (finish) cands.push(finish);
  return cands;
}

function describe(c: ColomaCommand): string {
  return c.type === 'DIAL' ? `dial Site ${c.site}` : c.type;
}

function choose({
  seat,
  view,
  legal,
  rng,
  budget,
}: BotInput<ColomaView, ColomaCommand>): BotDecision<ColomaCommand> {
  if (legal.length === 1) return { command: legal[0], explanation: 'the only legal command' };
  const kind = legal[0].type;
  const turn = view.phase === 'TURNS';
  if (kind !== 'DIAL' && !turn) return colomaHeuristicBot.choose({ seat, view, legal, rng });
  const cands = kind === 'DIAL' ? dialCandidates(legal, rng) : turnCandidates(view, legal, rng);
  if (cands.length === 1) return { command: cands[0], explanation: 'the only candidate' };
  const dial = kind === 'DIAL';
  const { best, stats } = dial
    ? search(view, seat, cands, toRoundEnd, rng, budget, DIAL_PLAYOUTS)
    : search(view, seat, cands, toTurnEnd, rng, budget, TURN_PLAYOUTS);
  return {
    command: cands[best],
    explanation:
      `${describe(cands[best])}: best mean margin ${stats.means[best].toFixed(2)} VP of ${stats.candidates} ` +
      `candidates over ${stats.samples} sampled states (${stats.playouts} playouts)`,
  };
}

export const colomaStrongBot: GameBot<ColomaView, ColomaCommand> = { level: 'STRONG', choose };
