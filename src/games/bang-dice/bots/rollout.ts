/**
 * The cheap policy STRONG simulates every seat with, and the evaluation of a simulated position.
 *
 * The policy acts on a determinised state, but each simulated seat only uses what that seat
 * would know (its own role, face-up roles, the counting prior for the rest); it builds its command
 * directly (no legalCommands enumeration), which keeps a playout to a few hundred microseconds.
 */
import type { Rng } from '../../random';
import type { BangCommand, DieAssignment } from '../commands';
import { ROLES_BY_PLAYER_COUNT, THREE_PLAYER_TARGET, type Role } from '../data/roles';
import { pending } from '../pending';
import {
  bartAllowance,
  beerDice,
  kitAllowance,
  kitSources,
  pedroOwed,
  rerollableDice,
  shotDice,
  shotTargets,
  usedAs,
} from '../rules';
import type { BangState } from '../state';
import { roleWeight, TUNING } from './knowledge';

/** How much `seat` wants each seat healthy, from what `seat` knows in `state`. */
export function seatAllies(state: BangState, seat: number): number[] {
  const me = state.players[seat];
  const n = state.seatCount;
  const ally = new Array<number>(n).fill(0);
  if (state.threePlayer) {
    const target = THREE_PLAYER_TARGET[me.role];
    for (const p of state.players) {
      ally[p.seat] = p.seat === seat ? 1 : state.mode === 'LAST_SURVIVOR' || p.role === target ? -1 : -0.4;
    }
    return ally;
  }
  const pool = [...(ROLES_BY_PLAYER_COUNT[n] ?? [])];
  const drop = (r: Role) => {
    const i = pool.indexOf(r);
    if (i >= 0) pool.splice(i, 1);
  };
  drop(me.role);
  for (const p of state.players) if (p.seat !== seat && p.roleFaceUp) drop(p.role);
  const outlawsLeft =
    pool.filter((r) => r === 'OUTLAW').length +
    state.players.filter((p) => p.alive && p.roleFaceUp && p.role === 'OUTLAW').length +
    (me.role === 'OUTLAW' ? 1 : 0);
  const othersThanSheriffAndRenegades = state.players.filter(
    (p) => p.alive && p.seat !== seat && !(p.roleFaceUp && (p.role === 'SHERIFF' || p.role === 'RENEGADE')),
  ).length;
  const ctx = { outlawsLeft, othersThanSheriffAndRenegades };
  let hiddenWeight = 0;
  for (const r of pool) hiddenWeight += roleWeight(me.role, r, ctx) / pool.length;
  for (const p of state.players) {
    if (p.seat === seat) ally[p.seat] = me.role === 'SHERIFF' ? 1.3 : 1;
    else if (p.roleFaceUp) ally[p.seat] = roleWeight(me.role, p.role, ctx);
    else ally[p.seat] = hiddenWeight;
  }
  return ally;
}

/** The same weights with every role known (the evaluation of a simulated position). */
export function trueAllies(state: BangState, seat: number): number[] {
  const me = state.players[seat];
  if (state.threePlayer) return seatAllies(state, seat);
  const outlawsLeft = state.players.filter((p) => p.alive && p.role === 'OUTLAW').length;
  const othersThanSheriffAndRenegades = state.players.filter(
    (p) => p.alive && p.seat !== seat && p.role !== 'SHERIFF' && p.role !== 'RENEGADE',
  ).length;
  const ctx = { outlawsLeft, othersThanSheriffAndRenegades };
  return state.players.map((p) =>
    p.seat === seat ? (me.role === 'SHERIFF' ? 1.3 : 1) : roleWeight(me.role, p.role, ctx),
  );
}

/**
 * Value of a simulated position for `seat`: ±WIN once the game is over, else allies' minus
 * enemies' health (the Sheriff's life counting for the game it decides), in life points.
 */
export const WIN_VALUE = 60;

export function evaluate(state: BangState, seat: number): number {
  if (state.outcome) {
    if (state.outcome.winners.includes(seat)) return WIN_VALUE;
    return state.outcome.winners.length === 0 ? 0 : -WIN_VALUE;
  }
  if (!state.threePlayer) return WIN_VALUE * (2 * winProbability(state, seat) - 1);
  const ally = trueAllies(state, seat);
  const arrowRisk = state.pile <= 3 ? 0.5 : state.pile <= 6 ? 0.3 : 0.15;
  let u = 0;
  for (const p of state.players) {
    if (!p.alive) continue;
    const sheriff = p.role === 'SHERIFF' && !state.threePlayer;
    const aliveValue = sheriff ? TUNING.sheriffAlive : TUNING.aliveValue;
    const lifeWeight = sheriff ? TUNING.sheriffLife : 1;
    const arrows = p.character === 'JOURDONNAIS' ? Math.min(1, p.arrows) : p.arrows;
    const life = p.life + (p.life <= 2 ? 0.5 * p.life : 1) - Math.min(p.life, arrows) * arrowRisk;
    u += ally[p.seat] * (aliveValue + lifeWeight * life);
  }
  return u;
}

function hitWorth(state: BangState, ally: number[], target: number, already: number): number {
  const p = state.players[target];
  const left = p.life - already;
  if (left <= 0) return -0.01;
  const kill = left === 1 ? (p.role === 'SHERIFF' && p.roleFaceUp && !state.threePlayer ? 25 : 3) : 0;
  return -ally[target] * (1 + kill);
}

function wantsBeer(state: BangState, ally: number[], seat: number): boolean {
  return state.players.some((p) => p.alive && p.life < p.maxLife && (p.seat === seat || ally[p.seat] > 0.3));
}

/** The cheap policy's command for `seat` (which must have a prompt). */
export function rolloutCommand(state: BangState, seat: number, rng: Rng): BangCommand {
  const prompt = pending(state).find((p) => p.seat === seat);
  if (!prompt) throw new Error(`rollout: seat ${seat} has no prompt`);
  const turn = state.turn!;
  const me = state.players[seat];
  switch (prompt.kind) {
    case 'CHOOSE_CHARACTER':
      return { type: 'CHOOSE_CHARACTER', character: rng.pick(me.offers) };
    case 'ROLL':
      return { type: 'ROLL_DICE' };
    case 'SID_KETCHUM_HEAL': {
      const ally = seatAllies(state, seat);
      let best = seat;
      let bestValue = 0;
      for (const p of state.players) {
        if (!p.alive || p.life >= p.maxLife) continue;
        const v = ally[p.seat] * (p.life <= 2 ? 2 : 1);
        if (v > bestValue) {
          best = p.seat;
          bestValue = v;
        }
      }
      return { type: 'SID_KETCHUM_HEAL', target: best };
    }
    case 'REROLL_OR_KEEP': {
      const ally = seatAllies(state, seat);
      const dice = turn.dice;
      const threshold = me.character === 'WILLY_THE_KID' ? 2 : 3;
      const gatlings = dice.filter((f) => f === 'GATLING').length;
      const dynamite = dice.filter((f) => f === 'DYNAMITE').length;
      if (dynamite === 2 && me.life <= 2) return { type: 'KEEP_DICE' };
      const hostile = (type: 'ONE' | 'TWO') => shotTargets(state, seat, type).some((t) => ally[t] < -0.15);
      const oneGood = hostile('ONE') || (me.character === 'CALAMITY_JANET' && hostile('TWO'));
      const twoGood = hostile('TWO') || (me.character === 'CALAMITY_JANET' && hostile('ONE'));
      let beersWanted = wantsBeer(state, ally, seat) ? Math.max(1, me.maxLife - me.life) : 0;
      const keepGatling =
        gatlings >= threshold - 1 ||
        (gatlings >= 1 && turn.rolls < turn.maxRolls - 1 && gatlings + 1 >= threshold - 1);
      const reroll: number[] = [];
      for (const i of rerollableDice(state)) {
        const f = dice[i];
        let keep = false;
        if (f === 'ONE') keep = oneGood;
        else if (f === 'TWO') keep = twoGood;
        else if (f === 'BEER') keep = beersWanted-- > 0;
        else if (f === 'GATLING') keep = keepGatling;
        else if (f === 'DYNAMITE') keep = true;
        if (!keep) reroll.push(i);
      }
      return reroll.length > 0 ? { type: 'REROLL_DICE', dice: reroll } : { type: 'KEEP_DICE' };
    }
    case 'RESOLVE_SHOTS': {
      const ally = seatAllies(state, seat);
      const janet = me.character === 'CALAMITY_JANET';
      const hits = new Array<number>(state.seatCount).fill(0);
      const assignments: DieAssignment[] = [];
      for (const die of shotDice(turn.dice)) {
        const face = turn.dice[die] as 'ONE' | 'TWO';
        let best: DieAssignment | null = null;
        let bestValue = -Infinity;
        for (const swap of janet ? [false, true] : [false]) {
          for (const target of shotTargets(state, seat, usedAs(face, swap))) {
            const v = hitWorth(state, ally, target, hits[target]);
            if (v > bestValue) {
              bestValue = v;
              best = swap ? { die, target, swap: true } : { die, target };
            }
          }
        }
        hits[best!.target]++;
        assignments.push(best!);
      }
      return { type: 'RESOLVE_DICE', assignments };
    }
    case 'RESOLVE_BEERS': {
      const ally = seatAllies(state, seat);
      const life = state.players.map((p) => p.life);
      const assignments = beerDice(state).map((die): DieAssignment => {
        let best = -1;
        let bestValue = 0;
        for (const p of state.players) {
          if (!p.alive || life[p.seat] >= p.maxLife) continue;
          const v = ally[p.seat] * (life[p.seat] <= 2 ? 2 : 1);
          if (v > bestValue) {
            bestValue = v;
            best = p.seat;
          }
        }
        if (best < 0) {
          // Nobody worth healing: waste it on a full seat, else on the friendliest.
          const full = state.players.find((p) => p.alive && life[p.seat] >= p.maxLife);
          best = full ? full.seat : seat;
        }
        life[best]++;
        return { die, target: best };
      });
      return { type: 'RESOLVE_DICE', assignments };
    }
    case 'BART_CASSIDY_SUBSTITUTE': {
      const max = bartAllowance(state)?.max ?? 0;
      return { type: 'BART_CASSIDY_TAKE_ARROWS', count: state.pile - max >= 3 || me.life <= max ? max : 0 };
    }
    case 'PEDRO_RAMIREZ_DISCARD':
      return { type: 'PEDRO_RAMIREZ_DISCARD', count: pedroOwed(state)?.max ?? 0 };
    case 'KIT_CARLSON_DISCARD': {
      const ally = seatAllies(state, seat);
      const { limit } = kitAllowance(state);
      const from: number[] = [];
      const sources = kitSources(state)
        .filter((s) => ally[s.seat] > 0)
        .sort((a, b) => ally[b.seat] - ally[a.seat]);
      for (const s of sources) for (let i = 0; i < s.arrows && from.length < limit; i++) from.push(s.seat);
      return { type: 'KIT_CARLSON_DISCARD', from: from.sort((a, b) => a - b) };
    }
  }
}

/** The outcome classes of the 4-8 player game, as the value model predicts them. */
export type Side = 'LAW' | 'OUTLAWS' | 'RENEGADE';

/**
 * Features of a 4-8 player position with every role known (a determinised state), scaled to
 * about [0, 1], for the win-probability model.
 */
export function valueFeatures(state: BangState): number[] {
  const players = state.players;
  const sheriff = players.find((p) => p.role === 'SHERIFF')!;
  const group = (role: string) => players.filter((p) => p.alive && p.role === role);
  const sum = (ps: { life: number }[]) => ps.reduce((a, p) => a + p.life, 0);
  const arrows = (ps: { arrows: number }[]) => ps.reduce((a, p) => a + p.arrows, 0);
  const outlaws = group('OUTLAW');
  const deputies = group('DEPUTY');
  const renegades = group('RENEGADE');
  const circle = players.filter((p) => p.alive).map((p) => p.seat);
  const n = circle.length;
  const at = circle.indexOf(sheriff.seat);
  const near = (k: number) =>
    at < 0 || n < 2
      ? 0
      : new Set(
          [circle[(at + k) % n], circle[(((at - k) % n) + n) % n]].filter(
            (s) => players[s].role === 'OUTLAW',
          ),
        ).size;
  const roller = state.turn ? players[state.turn.seat] : null;
  return [
    1,
    sheriff.life / 10,
    sheriff.life <= 3 ? 1 : 0,
    sheriff.arrows / 9,
    outlaws.length / 3,
    sum(outlaws) / 24,
    arrows(outlaws) / 9,
    deputies.length / 2,
    sum(deputies) / 18,
    renegades.length / 2,
    sum(renegades) / 18,
    arrows(renegades) / 9,
    near(1) / 2,
    near(2) / 2,
    state.pile / 9,
    n / 8,
    roller?.role === 'OUTLAW' ? 1 : 0,
    roller?.role === 'SHERIFF' || roller?.role === 'DEPUTY' ? 1 : 0,
  ];
}

/**
 * Softmax regression weights (LAW, OUTLAWS, RENEGADE) over `valueFeatures`, fitted on 3,000
 * HEURISTIC self-play games of 4-8 players (54,669 turn starts; held-out log loss 0.77 against
 * 0.98 for the class prior).
 */
const VALUE_WEIGHTS: number[][] = [
  [
    0.02, 1.242, -0.362, -0.876, -0.273, -1.665, 0.935, 0.276, 1.581, -0.112, -0.824, 0.658, -0.217, -0.189,
    0.351, -0.059, -0.064, 0.093,
  ],
  [
    0.166, -1.171, 0.286, 0.676, 0.478, 2.514, -1.123, 0.254, -1.01, 0.04, -1.456, 0.09, 0.602, 0.311, -0.363,
    0.274, 0.231, 0.054,
  ],
  [
    -0.185, -0.072, 0.076, 0.2, -0.205, -0.848, 0.189, -0.531, -0.571, 0.072, 2.28, -0.748, -0.386, -0.122,
    0.012, -0.215, -0.167, -0.147,
  ],
];

/** P(each side wins) for a running 4-8 player position with every role known. */
export function sideProbabilities(state: BangState): Record<Side, number> {
  const f = valueFeatures(state);
  const z = VALUE_WEIGHTS.map((w) => w.reduce((a, wi, i) => a + wi * f[i], 0));
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const total = e[0] + e[1] + e[2];
  return { LAW: e[0] / total, OUTLAWS: e[1] / total, RENEGADE: e[2] / total };
}

/** P(`seat` wins) in a running 4-8 player position with every role known. */
export function winProbability(state: BangState, seat: number): number {
  const me = state.players[seat];
  const p = sideProbabilities(state);
  switch (me.role) {
    case 'SHERIFF':
    case 'DEPUTY':
      return p.LAW;
    case 'OUTLAW':
      return p.OUTLAWS;
    case 'RENEGADE': {
      if (!me.alive) return 0;
      const renegades = state.players.filter((x) => x.alive && x.role === 'RENEGADE').length;
      return p.RENEGADE / renegades;
    }
  }
}
