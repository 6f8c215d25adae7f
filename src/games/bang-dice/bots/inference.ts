/**
 * Reading hidden roles from the table's public history (the view's `shotsAt` and `beersTo`).
 *
 * Players choose whom to shoot and whom to give beer, and those choices betray their roles: an
 * Outlaw aims most of his shots at the Sheriff, a Deputy almost never does, and Deputies and the
 * Renegade are the ones who give the Sheriff beer. This module computes the exact posterior over
 * every assignment of the unseen roles to the seats that hide one:
 *
 *   P(assignment | history) ∝ Π over chosen acts a→b of rate[role(a)][role(b)] ^ TEMPER
 *
 * (the prior is uniform over assignments: the deal is a shuffle). The number of assignments is
 * small (at most 60 with 8 players: 6 hidden seats holding 2 Deputies, 3 Outlaws and a Renegade
 * minus the viewer's own role), so they are enumerated, not sampled.
 *
 * The rates are per target seat: how likely one chosen shot (or beer) of a player with the row's
 * role lands on one given seat of the column's role. They were measured from 1,100 games of
 * HEURISTIC self-play at 4 to 8 seats (points aimed at each role divided by the seats holding it)
 * and rounded; a floor keeps a forced or odd shot from ruling a role out, and TEMPER (< 1) allows
 * for opponents, people included, who play differently from the bots the rates came from.
 */
import type { Rng } from '../../random';
import { ROLES_BY_PLAYER_COUNT, type Role } from '../data/roles';
import type { BangView } from '../view';
import { unseenRoles } from './knowledge';

type RateTable = Readonly<Record<Role, Readonly<Record<Role, number>>>>;

/** Per-seat rate of a chosen shot point of the row's role landing on a seat of the column's role. */
export const SHOT_RATES: RateTable = Object.freeze({
  SHERIFF: { SHERIFF: 0, DEPUTY: 0.22, OUTLAW: 0.17, RENEGADE: 0.25 },
  DEPUTY: { SHERIFF: 0.005, DEPUTY: 0.1, OUTLAW: 0.2, RENEGADE: 0.3 },
  OUTLAW: { SHERIFF: 0.78, DEPUTY: 0.08, OUTLAW: 0.04, RENEGADE: 0.06 },
  RENEGADE: { SHERIFF: 0.1, DEPUTY: 0.27, OUTLAW: 0.19, RENEGADE: 0.1 },
});

/** The same for a beer given to another seat (beers a player drinks himself say nothing). */
export const BEER_RATES: RateTable = Object.freeze({
  SHERIFF: { SHERIFF: 0, DEPUTY: 0.25, OUTLAW: 0.2, RENEGADE: 0.2 },
  DEPUTY: { SHERIFF: 0.97, DEPUTY: 0.01, OUTLAW: 0.005, RENEGADE: 0.005 },
  OUTLAW: { SHERIFF: 0.03, DEPUTY: 0.25, OUTLAW: 0.22, RENEGADE: 0.27 },
  RENEGADE: { SHERIFF: 0.95, DEPUTY: 0.02, OUTLAW: 0.02, RENEGADE: 0.01 },
});

/** No single act may make a role more than 1/FLOOR times less likely than another. */
export const RATE_FLOOR = 0.03;
/** Exponent on each act's likelihood: below 1, the evidence is trusted less than the rates say. */
export const TEMPER = 0.7;

export interface RoleAssignment {
  /** Role of every seat (the viewer's own and the face-up ones included). */
  roles: Role[];
  /** Posterior probability (all assignments' probabilities sum to 1). */
  p: number;
}

/** Every distinct way of dealing `pool` to `seats` (multiset permutations). */
function deals(pool: Role[], seats: number): Role[][] {
  const counts = new Map<Role, number>();
  for (const r of pool) counts.set(r, (counts.get(r) ?? 0) + 1);
  const kinds = [...counts.keys()];
  const out: Role[][] = [];
  const walk = (acc: Role[]) => {
    if (acc.length === seats) {
      out.push(acc.slice());
      return;
    }
    for (const r of kinds) {
      const left = counts.get(r)!;
      if (left === 0) continue;
      counts.set(r, left - 1);
      acc.push(r);
      walk(acc);
      acc.pop();
      counts.set(r, left);
    }
  };
  walk([]);
  return out;
}

function logRate(table: RateTable, from: Role, to: Role): number {
  return TEMPER * Math.log(Math.max(RATE_FLOOR, table[from][to]));
}

/**
 * The posterior over role assignments for `me`, from the public history in `view`. With 3
 * players (every role public), or nothing hidden, it is the single known assignment.
 */
export function roleAssignments(view: BangView, me: number): RoleAssignment[] {
  const known = view.players.map((p) => p.role);
  if (known[me] === null) throw new Error('roleAssignments: the viewer must know its own role');
  const hidden = view.players.filter((p) => p.role === null).map((p) => p.seat);
  const pool = unseenRoles(view);
  if (hidden.length === 0 || view.threePlayer) return [{ roles: known.map((r) => r ?? 'OUTLAW'), p: 1 }];
  if (pool.length !== hidden.length || !ROLES_BY_PLAYER_COUNT[view.seatCount])
    throw new Error(`roleAssignments: ${hidden.length} hidden seats for ${pool.length} unseen roles`);

  const n = view.seatCount;
  const out: RoleAssignment[] = [];
  let best = -Infinity;
  const logs: number[] = [];
  for (const deal of deals(pool, hidden.length)) {
    const roles = known.slice() as Role[];
    hidden.forEach((seat, i) => (roles[seat] = deal[i]));
    let log = 0;
    for (let a = 0; a < n; a++) {
      const shots = view.players[a].shotsAt;
      const beers = view.players[a].beersTo;
      for (let b = 0; b < n; b++) {
        if (b === a) continue;
        if (shots[b] > 0) log += shots[b] * logRate(SHOT_RATES, roles[a], roles[b]);
        if (beers[b] > 0) log += beers[b] * logRate(BEER_RATES, roles[a], roles[b]);
      }
    }
    out.push({ roles, p: 0 });
    logs.push(log);
    if (log > best) best = log;
  }
  let total = 0;
  out.forEach((a, i) => {
    a.p = Math.exp(logs[i] - best);
    total += a.p;
  });
  for (const a of out) a.p /= total;
  return out;
}

/** Per seat, the probability of each role (the marginals of the posterior). */
export function roleBeliefs(
  assignments: readonly RoleAssignment[],
  seatCount: number,
): Record<Role, number>[] {
  const beliefs = Array.from({ length: seatCount }, () => ({
    SHERIFF: 0,
    DEPUTY: 0,
    OUTLAW: 0,
    RENEGADE: 0,
  }));
  for (const a of assignments) a.roles.forEach((r, seat) => (beliefs[seat][r] += a.p));
  return beliefs;
}

/** One assignment drawn from the posterior. */
export function sampleAssignment(assignments: readonly RoleAssignment[], rng: Rng): Role[] {
  let x = rng.int(0, 999_999) / 1_000_000;
  for (const a of assignments) {
    if (x < a.p) return a.roles;
    x -= a.p;
  }
  return assignments[assignments.length - 1].roles;
}
