/**
 * STRONG level: determinised Monte Carlo search. The state is rebuilt from the view
 * (`determinize`: everything is public but the bag's order, which does not exist — except the
 * Might is Right duel tiles, which are sampled: a fresh sample of the unseen tiles for each round
 * of playouts, the same for every candidate, so the search never reads hidden tiles), the
 * HEURISTIC's best few commands are kept as candidates, and each candidate is played out with the
 * HEURISTIC policy for every seat (common random numbers across candidates) to the end of the
 * round (or of the game), where the position is scored by `margin` (own value minus the field's).
 * The candidate with the best mean wins. Budget: `budget.playouts` playouts in all (default
 * DEFAULT_PLAYOUTS), stopped early when `budget.timeMs` has elapsed on the injected `budget.now`.
 */
import type { BotBudget, BotInput, GameBot } from '../../bots';
import type { Seat } from '../../engine';
import { createRng, type Rng } from '../../random';
import type { CarsonCommand } from '../commands';
import { legalCommands } from '../legal';
import type { CarsonState } from '../state';
import type { CarsonView } from '../view';
import { determinize } from './determinize';
import { margin, step } from './evaluate';
import {
  committedMoney,
  heuristicPolicy,
  holdOdds,
  placementScores,
  scoreOptions,
  wagesCount,
  type Decision,
} from './heuristic';
import { BUY_VP_PRICE, buildSquare, STEPS } from '../data/actions';
import { parcelIndex } from '../data/board';
import { buildingPrice, parcelPrice } from '../rules';
import { validate } from '../validate';

/** Playouts per decision by default (all candidates together). */
export const DEFAULT_PLAYOUTS = 24;
/** Candidates kept from the heuristic's ranking. */
export const TOP_K = 5;
/** Safety cap on moves in one playout. */
const MAX_ROLLOUT_MOVES = 400;

/** Prompts worth a search; the others are answered by the heuristic directly. */
const SEARCHED = new Set([
  'PLACE_COWBOY',
  'KIT_PLACEMENT',
  'PICK_CHARACTER',
  'BUY_BUILDING',
  'BUY_PARCEL',
  'TAKE_BUILDING',
  'CHOOSE_PARCEL',
  'CHOOSE_OPTION',
]);

export interface SearchStats {
  candidates: number;
  playouts: number;
  means: number[];
}

interface TableEntry {
  command: Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>;
  gain: number;
  loc: string;
  lure: number;
  price: number;
  priceStep: number;
}

/**
 * The rollout placement policy: each seat's targets are valued once per rollout by the
 * heuristic (`placementScores`), then every turn only the hold odds are recomputed from the
 * cowboys on the board, the money already committed is checked, and the choice is validated.
 */
class LightPlacer {
  private tables = new Map<Seat, TableEntry[]>();

  choose(s: CarsonState, seat: Seat): CarsonCommand {
    let table = this.tables.get(seat);
    if (!table) {
      const legal = legalCommands(s, seat).filter(
        (c) => c.type === 'PLACE_COWBOY' && c.dynamite !== true && c.noDuel !== true && c.extra !== true,
      );
      table = [];
      for (const x of placementScores(s, seat, legal)) {
        if (x.command.type !== 'PLACE_COWBOY' || x.gain === undefined || x.loc === undefined || x.gain <= 0)
          continue;
        const t = x.command.target;
        let price = 0;
        let priceStep = 0;
        if (t.kind === 'ACTION') {
          const sq = buildSquare(t.action);
          if (sq >= 0) price = buildingPrice(s, seat, sq);
          else price = BUY_VP_PRICE[t.action] ?? 0;
          priceStep = STEPS.indexOf(t.action);
        } else if (t.kind === 'PARCEL') {
          price = parcelPrice(s, parcelIndex(t.parcel.c, t.parcel.r), seat);
          priceStep = STEPS.indexOf('PARCELS');
        }
        table.push({ command: x.command, gain: x.gain, loc: x.loc, lure: x.lure ?? 0, price, priceStep });
      }
      this.tables.set(seat, table);
    }
    const p = s.players[seat];
    const keepCost = 0.25 + (p.reserve - 1 <= 1 ? 0.15 : 0);
    const wages = 4 * wagesCount(s, seat);
    const order: { e: TableEntry; score: number }[] = [];
    for (const e of table) {
      if (e.price > 0 && p.money + wages - committedMoney(s, seat, e.priceStep) < e.price) continue;
      const free =
        e.command.white === true || e.loc === 'A:WAGES' || e.loc === 'A:ROAD' || e.loc.startsWith('S:');
      const odds = free ? 1 : holdOdds(s, seat, e.loc, false, e.lure);
      const score = e.gain * odds - keepCost + (e.command.white === true ? 0.15 + 0.1 * e.gain : 0);
      if (score > 0) order.push({ e, score });
    }
    order.sort((a, b) => b.score - a.score);
    for (const o of order) if (validate(s, seat, o.e.command) === null) return o.e.command;
    return s.flow.prompt?.kind === 'KIT_PLACEMENT' ? { type: 'LOCK' } : { type: 'PASS' };
  }
}

/** Play `s` forward with the heuristic for every seat until the round ends or the game is over. */
export function rollout(start: CarsonState, rng: Rng, horizonRound: number): CarsonState {
  let s = start;
  const placer = new LightPlacer();
  for (let i = 0; i < MAX_ROLLOUT_MOVES; i++) {
    if (s.flow.phase === 'GAME_OVER' || !s.flow.prompt) return s;
    if (
      s.round > horizonRound ||
      (s.round === horizonRound && s.flow.phase === 'PICK' && s.players.every((p) => p.held.length === 0))
    )
      return s;
    const prompt = s.flow.prompt;
    // Kit Carson: the unlocked seats take turns in the rollout (any of them may act, §10.4).
    const seat = prompt.kind === 'KIT_PLACEMENT' ? prompt.seats[i % prompt.seats.length] : prompt.seat;
    if (prompt.kind === 'PLACE_COWBOY' || prompt.kind === 'KIT_PLACEMENT') {
      const next = step(s, seat, placer.choose(s, seat), rng);
      if (!next) return s;
      s = next;
      continue;
    }
    const legal = legalCommands(s, seat);
    if (legal.length === 0) return s;
    const d = legal.length === 1 ? legal[0] : heuristicPolicy(s, seat, legal, rng).command;
    const next = step(s, seat, d, rng);
    if (!next) return s;
    s = next;
  }
  return s;
}

function score(s: CarsonState, seat: Seat): number {
  if (s.flow.phase === 'GAME_OVER' && s.final) {
    const mine = s.final[seat].total;
    const best = Math.max(...s.final.filter((f) => f.seat !== seat).map((f) => f.total));
    // Winning matters most; the margin breaks ties between candidates.
    return (mine > best ? 6 : mine === best ? 2 : 0) + (mine - best) * 0.5;
  }
  return margin(s, seat);
}

/** Search among `cands` from state `s`; returns the index of the best and the statistics. */
export function search(
  s: CarsonState,
  seat: Seat,
  cands: CarsonCommand[],
  rng: Rng,
  budget: BotBudget | undefined,
  /** Might is Right: a new determinization of the hidden tiles per round of playouts. */
  sample?: (r: Rng) => CarsonState,
): { best: number; stats: SearchStats } {
  const total = Math.max(cands.length, budget?.playouts ?? DEFAULT_PLAYOUTS);
  const deadline = budget?.now && budget.timeMs !== undefined ? budget.now() + budget.timeMs : null;
  const sums = new Array<number>(cands.length).fill(0);
  const counts = new Array<number>(cands.length).fill(0);
  // Horizon: the end of this round (round 4: the end of the game).
  const horizon = s.round + 1;
  const base = rng.int(0, 1_000_000_000);
  let done = 0;
  for (let i = 0; done < total; i++) {
    if (deadline !== null && i > 0 && budget!.now!() >= deadline) break;
    const root = sample ? sample(createRng(`${base}:${i}:sample`)) : s;
    for (let k = 0; k < cands.length && done < total; k++) {
      const r = createRng(`${base}:${i}`);
      const next = step(root, seat, cands[k], r);
      if (!next) {
        sums[k] = -Infinity;
        counts[k] += 1;
        done++;
        continue;
      }
      const end = rollout(next, r, horizon);
      sums[k] += score(end, seat);
      counts[k] += 1;
      done++;
    }
  }
  const means = sums.map((x, k) => (counts[k] > 0 ? x / counts[k] : -Infinity));
  let best = 0;
  for (let k = 1; k < cands.length; k++) if (means[k] > means[best]) best = k;
  return { best, stats: { candidates: cands.length, playouts: done, means } };
}

/** The STRONG policy on a full state. */
export function strongPolicy(
  s: CarsonState,
  seat: Seat,
  legal: CarsonCommand[],
  rng: Rng,
  budget?: BotBudget,
  sample?: (r: Rng) => CarsonState,
): Decision {
  const kind = s.flow.prompt?.kind ?? '';
  const h = heuristicPolicy(s, seat, legal, rng);
  if (!SEARCHED.has(kind) || h.command.type === 'PLACE_ROAD') return h;
  const scored = scoreOptions(s, seat, legal, rng).sort((a, b) => b.score - a.score);
  const cands: CarsonCommand[] = [];
  for (const x of scored) {
    if (cands.length >= TOP_K) break;
    if (!cands.includes(x.command)) cands.push(x.command);
  }
  const pass = legal.find((c) => c.type === 'PASS' || c.type === 'LOCK');
  if (pass && !cands.includes(pass)) cands.push(pass);
  if (cands.length <= 1) return h;
  const { best, stats } = search(s, seat, cands, rng, budget, sample);
  const why = scored.find((x) => x.command === cands[best])?.why ?? 'searched';
  return {
    command: cands[best],
    explanation: `search: best of ${cands.length} candidates over ${stats.playouts} playouts (mean margin ${stats.means[best].toFixed(2)}); ${why}`,
  };
}

export const carsonStrongBot: GameBot<CarsonView, CarsonCommand> = {
  level: 'STRONG',
  choose({ seat, view, legal, rng, budget }: BotInput<CarsonView, CarsonCommand>): Decision {
    if (legal.length === 1) return { command: legal[0], explanation: 'only legal command' };
    const { state } = determinize(view, seat, legal, rng);
    const sample = view.duelTiles ? (r: Rng) => determinize(view, seat, legal, r).state : undefined;
    const d = strongPolicy(state, seat, legal.slice(), rng, budget, sample);
    const chosen = legal.includes(d.command)
      ? d.command
      : legal.find((c) => JSON.stringify(c) === JSON.stringify(d.command));
    return chosen
      ? { command: chosen, explanation: d.explanation }
      : { command: legal[0], explanation: 'fallback: first legal command' };
  },
};
