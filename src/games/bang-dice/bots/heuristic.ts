/**
 * HEURISTIC: a fast, hand-written policy. It scores every legal command by the utility of the
 * position it leads to (allies healthy, enemies hurt, the Sheriff's life worth the game), from the
 * seat's view only:
 * - rerolls: a one-roll lookahead over the exact distribution of the rerolled dice (face counts,
 *   multinomial weights), valuing the final faces as they would resolve (Dynamite, best shots,
 *   beers, Gatling) and the arrows the roll would take (with the Indian attack);
 * - shots, beers, Bart/Pedro/Kit/Sid: the exact result of each legal command on a copy of the
 *   public numbers.
 */
import type { GameBot } from '../../bots';
import type { BangCommand } from '../commands';
import type { CharacterId } from '../data/characters';
import type { Face } from '../data/dice';
import type { Role } from '../data/roles';
import type { BangView } from '../view';
import {
  applyLosses,
  cloneTable,
  perspective,
  reach,
  roleGuess,
  tableOf,
  takeArrows,
  utility,
  type Perspective,
  type Table,
} from './knowledge';

const FACE_ORDER: Face[] = ['ARROW', 'DYNAMITE', 'ONE', 'TWO', 'BEER', 'GATLING'];
export type Counts = [number, number, number, number, number, number];
const A = 0;
const D = 1;
const ONE = 2;
const TWO = 3;
const BEER = 4;
const GAT = 5;

/** Every face-count outcome of throwing k dice, with its probability. */
export const OUTCOMES: { counts: Counts; p: number }[][] = (() => {
  const fact = [1, 1, 2, 6, 24, 120];
  const out: { counts: Counts; p: number }[][] = [[{ counts: [0, 0, 0, 0, 0, 0], p: 1 }]];
  for (let k = 1; k <= 5; k++) {
    const list: { counts: Counts; p: number }[] = [];
    const walk = (i: number, left: number, acc: number[]) => {
      if (i === 5) {
        const counts = [...acc, left] as Counts;
        const ways = fact[k] / counts.reduce((m, c) => m * fact[c], 1);
        list.push({ counts, p: ways / 6 ** k });
        return;
      }
      for (let c = 0; c <= left; c++) walk(i + 1, left - c, [...acc, c]);
    };
    walk(0, k, []);
    out.push(list);
  }
  return out;
})();

export function countsOf(faces: readonly Face[]): Counts {
  const c: Counts = [0, 0, 0, 0, 0, 0];
  for (const f of faces) c[FACE_ORDER.indexOf(f)]++;
  return c;
}

/** Everything fixed during one roll decision, for fast valuation of candidate final faces. */
export interface RollContext {
  pv: Perspective;
  base: Table;
  baseUtility: number;
  character: CharacterId | null;
  /** Value change of the k-th hit (1-based) on each seat. */
  hitValue: number[][];
  oneTargets: number[];
  twoTargets: number[];
  janet: boolean;
  /** Value of each successive beer (greedy, best seat first). */
  beerValues: number[];
  gatlingValue: number;
  gatlingThreshold: number;
  dynamiteValue: number;
  /** Utility change of taking 0..20 new arrows (all the rolls of a turn). */
  arrowValue: number[];
  /** Whether taking 0..20 new arrows kills me (an Indian attack). */
  arrowKills: boolean[];
}

function seatUtility(pv: Perspective, t: Table, seat: number, life: number): number {
  const saved = [t.life[seat], t.alive[seat]] as const;
  t.life[seat] = Math.max(0, Math.min(t.maxLife[seat], life));
  t.alive[seat] = t.life[seat] > 0;
  const u = utility(pv, t);
  t.life[seat] = saved[0];
  t.alive[seat] = saved[1];
  return u;
}

export function rollContext(pv: Perspective, view: BangView): RollContext {
  const me = pv.me;
  const base = tableOf(view, me);
  const baseUtility = utility(pv, base);
  const character = pv.characters[me];
  const hitValue = base.life.map((life, s) => {
    const values: number[] = [];
    if (!base.alive[s] || s === me) return values;
    let prev = baseUtility;
    for (let k = 1; k <= 6; k++) {
      const u = seatUtility(pv, base, s, life - k);
      let v = u - prev;
      // El Gringo makes the shooter take an arrow for the batch that hurts him.
      if (k === 1 && pv.characters[s] === 'EL_GRINGO') v -= 0.4 * pv.ally[me];
      values.push(v);
      prev = u;
    }
    return values;
  });
  const rose = character === 'ROSE_DOOLAN';
  const oneTargets = reach(base, me, 'ONE', rose);
  const twoTargets = reach(base, me, 'TWO', rose);
  // Beers: greedy over seats, each beer to the seat it helps most (wasting it is worth 0).
  const beerValues: number[] = [];
  const heal = cloneTable(base);
  const jesse = character === 'JESSE_JONES' && base.life[me] <= 4;
  for (let b = 0; b < 5; b++) {
    let best = 0;
    let bestSeat = -1;
    const u0 = utility(pv, heal);
    for (let s = 0; s < base.n; s++) {
      if (!heal.alive[s] || heal.life[s] >= heal.maxLife[s]) continue;
      const gain = jesse && s === me ? 2 : 1;
      const v = seatUtility(pv, heal, s, heal.life[s] + gain) - u0;
      if (v > best) {
        best = v;
        bestSeat = s;
      }
    }
    beerValues.push(best);
    if (bestSeat >= 0) heal.life[bestSeat] = Math.min(heal.maxLife[bestSeat], heal.life[bestSeat] + 1);
  }
  // Gatling: every other living seat loses 1 (Paul Regret none); I return my arrows.
  const gat = cloneTable(base);
  const hits = gat.life.map((_, s) => (s !== me && pv.characters[s] !== 'PAUL_REGRET' ? 1 : 0));
  applyLosses(pv, gat, hits);
  gat.pile += gat.arrows[me];
  gat.arrows[me] = 0;
  const gatlingValue = utility(pv, gat) - baseUtility;
  const dynamiteValue = seatUtility(pv, base, me, base.life[me] - 1) - baseUtility;
  const arrowKills: boolean[] = [];
  const arrowValue = Array.from({ length: 21 }, (_, k) => k).map((k) => {
    const t = cloneTable(base);
    takeArrows(pv, t, me, k);
    arrowKills.push(!t.alive[me]);
    return utility(pv, t) - baseUtility;
  });
  return {
    pv,
    base,
    baseUtility,
    character,
    hitValue,
    oneTargets,
    twoTargets,
    janet: character === 'CALAMITY_JANET',
    beerValues,
    gatlingValue,
    gatlingThreshold: character === 'WILLY_THE_KID' ? 2 : 3,
    dynamiteValue,
    arrowValue,
    arrowKills,
  };
}

/** Value of final faces `c` (counts), with `newArrows` arrows taken by the roll that made them. */
export function facesValue(ctx: RollContext, c: Counts, newArrows: number): number {
  let v = ctx.arrowValue[newArrows];
  // Killed by the Indians while rolling: the turn ends, nothing resolves.
  if (ctx.arrowKills[newArrows]) return v;
  if (c[D] >= 3) {
    v += ctx.dynamiteValue;
    if (ctx.base.life[ctx.pv.me] <= 1) return v;
  }
  // Shots: each die to the target where its next hit is worth most (forced even if negative).
  const hits: number[] = new Array<number>(ctx.base.n).fill(0);
  const shoot = (targets: number[]) => {
    let best = -Infinity;
    let bestSeat = -1;
    for (const s of targets) {
      const value = ctx.hitValue[s][hits[s]] ?? 0;
      if (value > best) {
        best = value;
        bestSeat = s;
      }
    }
    if (bestSeat >= 0) {
      hits[bestSeat]++;
      v += best;
    }
  };
  const both = ctx.janet ? [...ctx.oneTargets, ...ctx.twoTargets] : null;
  for (let i = 0; i < c[ONE]; i++) shoot(both ?? ctx.oneTargets);
  for (let i = 0; i < c[TWO]; i++) shoot(both ?? ctx.twoTargets);
  for (let i = 0; i < c[BEER]; i++) v += ctx.beerValues[i];
  if (c[GAT] >= ctx.gatlingThreshold) v += ctx.gatlingValue;
  else if (ctx.character === 'KIT_CARLSON') v += 0.2 * c[GAT];
  return v;
}

export interface Choice {
  command: BangCommand;
  explanation: string;
}

/** A distinct decision (commands with the same effect share a key) and its heuristic value. */
export interface Scored {
  command: BangCommand;
  key: string;
  value: number;
}

function best(scored: Scored[]): Scored {
  return scored.reduce((a, b) => (b.value > a.value + 1e-9 ? b : a));
}

/** Keep and every distinct reroll (by the faces kept), valued by a one-roll lookahead. */
export function scoreRerolls(view: BangView, pv: Perspective, legal: BangCommand[]): Scored[] {
  const ctx = rollContext(pv, view);
  const dice = view.turn!.dice;
  const rollsLeftAfter = view.turn!.maxRolls - view.turn!.rolls - 1;
  const out = new Map<string, Scored>();
  for (const command of legal) {
    if (command.type === 'KEEP_DICE') {
      out.set('keep', { command, key: 'keep', value: facesValue(ctx, countsOf(dice), 0) });
      continue;
    }
    if (command.type !== 'REROLL_DICE') continue;
    const keptCounts = countsOf(dice.filter((_, i) => !command.dice.includes(i)));
    const key = keptCounts.join();
    if (out.has(key)) continue;
    let value = 0;
    for (const { counts, p } of OUTCOMES[command.dice.length]) {
      const final = keptCounts.map((k, i) => k + counts[i]) as Counts;
      value += p * facesValue(ctx, final, counts[A]);
    }
    // Later rolls can still fix bad faces: a small bonus per die left free to move.
    if (rollsLeftAfter > 0) value += 0.05 * command.dice.length;
    out.set(key, { command, key, value });
  }
  return [...out.values()];
}

function rerollChoice(view: BangView, pv: Perspective, legal: BangCommand[]): Choice {
  const scored = scoreRerolls(view, pv, legal);
  const chosen = best(scored);
  const dice = view.turn!.dice;
  const faces = dice.join(' ');
  const keepValue = scored.find((s) => s.key === 'keep')?.value ?? 0;
  if (chosen.command.type !== 'REROLL_DICE') {
    return { command: chosen.command, explanation: `keeps ${faces}: no reroll is expected to improve it` };
  }
  const rerolled = chosen.command.dice.map((i) => dice[i]).join(' ');
  return {
    command: chosen.command,
    explanation: `rerolls ${rerolled} (of ${faces}); expected gain ${(chosen.value - keepValue).toFixed(2)}`,
  };
}

export function hitsOfCommand(command: Extract<BangCommand, { type: 'RESOLVE_DICE' }>, n: number): number[] {
  const hits = new Array<number>(n).fill(0);
  for (const a of command.assignments) {
    hits[a.target] += command.slabDouble && command.slabDouble.shotDie === a.die ? 2 : 1;
  }
  return hits;
}

/** Every distinct shot assignment (by points per seat and whether Slab doubles), valued exactly. */
export function scoreShots(view: BangView, pv: Perspective, legal: BangCommand[]): Scored[] {
  const base = tableOf(view, pv.me);
  const ctx = rollContext(pv, view);
  const gringo = pv.characters.findIndex((c) => c === 'EL_GRINGO');
  const out = new Map<string, Scored>();
  for (const command of legal) {
    if (command.type !== 'RESOLVE_DICE') continue;
    const hits = hitsOfCommand(command, base.n);
    const key = `${hits.join()}|${command.slabDouble ? 1 : 0}`;
    if (out.has(key)) continue;
    const t = cloneTable(base);
    applyLosses(pv, t, hits);
    if (gringo >= 0 && hits[gringo] > 0 && base.alive[gringo]) takeArrows(pv, t, pv.me, 1);
    let value = utility(pv, t);
    // Slab's double spends a beer that would otherwise heal.
    if (command.slabDouble) value -= ctx.beerValues[0];
    out.set(key, { command, key, value });
  }
  return [...out.values()];
}

function shotsChoice(view: BangView, pv: Perspective, legal: BangCommand[]): Choice {
  const command = best(scoreShots(view, pv, legal)).command as Extract<BangCommand, { type: 'RESOLVE_DICE' }>;
  const hits = hitsOfCommand(command, view.seatCount);
  const parts = hits.flatMap((h, s) => (h > 0 ? [`${h} at seat ${s} (${roleGuess(pv, s)})`] : []));
  return {
    command,
    explanation: `as ${pv.myRole.toLowerCase()}, shoots ${parts.join(', ')}${command.slabDouble ? ' with a Slab double' : ''}`,
  };
}

/** Every distinct beer assignment (by life gained per seat), valued exactly. */
export function scoreBeers(view: BangView, pv: Perspective, legal: BangCommand[]): Scored[] {
  const base = tableOf(view, pv.me);
  const roller = view.players[pv.me];
  const jesse = roller.character === 'JESSE_JONES' && roller.life <= 4;
  const out = new Map<string, Scored>();
  for (const command of legal) {
    if (command.type !== 'RESOLVE_DICE') continue;
    const gains = new Array<number>(base.n).fill(0);
    for (const a of command.assignments) gains[a.target] += jesse && a.target === pv.me ? 2 : 1;
    const t = cloneTable(base);
    for (let s = 0; s < t.n; s++) t.life[s] = Math.min(t.maxLife[s], t.life[s] + gains[s]);
    const key = t.life.join();
    if (out.has(key)) continue;
    out.set(key, { command, key, value: utility(pv, t) });
  }
  return [...out.values()];
}

function beersChoice(view: BangView, pv: Perspective, legal: BangCommand[]): Choice {
  const command = best(scoreBeers(view, pv, legal)).command as Extract<BangCommand, { type: 'RESOLVE_DICE' }>;
  const to = command.assignments.map((a) =>
    a.target === pv.me ? 'self' : `seat ${a.target} (${roleGuess(pv, a.target)})`,
  );
  return { command, explanation: `beer to ${to.join(', ')}` };
}

function bestBy(legal: BangCommand[], value: (c: BangCommand) => number): BangCommand {
  let best = legal[0];
  let bestValue = -Infinity;
  for (const c of legal) {
    const v = value(c);
    if (v > bestValue + 1e-9) {
      best = c;
      bestValue = v;
    }
  }
  return best;
}

const CHARACTER_PREFERENCE: CharacterId[] = [
  'VULTURE_SAM',
  'JESSE_JONES',
  'PAUL_REGRET',
  'ROSE_DOOLAN',
  'LUCKY_DUKE',
  'WILLY_THE_KID',
  'SLAB_THE_KILLER',
  'BART_CASSIDY',
  'SUZY_LAFAYETTE',
  'SID_KETCHUM',
  'BLACK_JACK',
  'CALAMITY_JANET',
  'PEDRO_RAMIREZ',
  'EL_GRINGO',
  'JOURDONNAIS',
  'KIT_CARLSON',
];

/** The heuristic decision for `seat`, from its view and legal commands only. */
/**
 * The HEURISTIC's pick. `inferred` replaces the counting prior over hidden roles (STRONG passes
 * the beliefs it read from the public history; the HEURISTIC level itself never does).
 */
export function heuristicChoice(
  view: BangView,
  seat: number,
  legal: BangCommand[],
  inferred?: Record<Role, number>[],
): Choice {
  if (legal.length === 1) return { command: legal[0], explanation: 'the only legal command' };
  const first = legal[0];
  if (first.type === 'CHOOSE_CHARACTER') {
    const command = bestBy(legal, (c) =>
      c.type === 'CHOOSE_CHARACTER' ? -CHARACTER_PREFERENCE.indexOf(c.character) : -Infinity,
    );
    return { command, explanation: 'picks the character it rates higher' };
  }
  const pv = perspective(view, seat, inferred);
  const base = tableOf(view, seat);
  switch (first.type) {
    case 'KEEP_DICE':
    case 'REROLL_DICE':
      return rerollChoice(view, pv, legal);
    case 'RESOLVE_DICE': {
      const step = view.turn?.step;
      return step === 'BEERS' ? beersChoice(view, pv, legal) : shotsChoice(view, pv, legal);
    }
    case 'SID_KETCHUM_HEAL': {
      const command = bestBy(legal, (c) => {
        if (c.type !== 'SID_KETCHUM_HEAL') return -Infinity;
        const t = cloneTable(base);
        t.life[c.target] = Math.min(t.maxLife[c.target], t.life[c.target] + 1);
        return utility(pv, t);
      });
      const target = (command as { target: number }).target;
      return {
        command,
        explanation: `heals ${target === seat ? 'himself' : `seat ${target} (${roleGuess(pv, target)})`}`,
      };
    }
    case 'BART_CASSIDY_TAKE_ARROWS': {
      const prompt = view.prompts.find((p) => p.seat === seat);
      const points = Number((prompt?.detail as { points?: number } | undefined)?.points ?? 0);
      const command = bestBy(legal, (c) => {
        if (c.type !== 'BART_CASSIDY_TAKE_ARROWS') return -Infinity;
        const t = cloneTable(base);
        t.arrows[seat] += c.count;
        t.pile -= c.count;
        const hits = new Array<number>(t.n).fill(0);
        hits[seat] = points - c.count;
        applyLosses(pv, t, hits);
        return utility(pv, t);
      });
      return {
        command,
        explanation: `takes ${(command as { count: number }).count} arrow(s) instead of life`,
      };
    }
    case 'PEDRO_RAMIREZ_DISCARD': {
      const command = bestBy(legal, (c) => (c.type === 'PEDRO_RAMIREZ_DISCARD' ? c.count : -Infinity));
      return { command, explanation: `returns ${(command as { count: number }).count} arrow(s)` };
    }
    case 'KIT_CARLSON_DISCARD': {
      const command = bestBy(legal, (c) => {
        if (c.type !== 'KIT_CARLSON_DISCARD') return -Infinity;
        const t = cloneTable(base);
        for (const s of c.from) {
          t.arrows[s]--;
          t.pile++;
        }
        return utility(pv, t);
      });
      const from = (command as { from: number[] }).from;
      return {
        command,
        explanation: `returns arrows of ${from.length ? from.map((s) => `seat ${s}`).join(', ') : 'nobody'}`,
      };
    }
    default:
      return { command: first, explanation: 'the only kind of command offered' };
  }
}

export const bangHeuristicBot: GameBot<BangView, BangCommand> = {
  level: 'HEURISTIC',
  choose: ({ seat, view, legal }) => heuristicChoice(view, seat, legal),
};
