/**
 * Queries of the table and small steps that the core flow and the modules (Might is Right,
 * Outlaws, the personalities) share. A leaf: it imports no rules module, so none of them needs
 * flow.ts for these (which kept flow.ts, might.ts, outlaws.ts and personalities/ in one cycle).
 */
import type { Seat } from '../engine';
import { ACTIONS, buildSquare, buyVpOpen, MULTI_ACTIONS, STEPS, type ActionId } from './data/actions';
import type { Ctx } from './ctx';
import type { CarsonState, MightState, Placement } from './state';

export function passIndex(s: CarsonState, seat: Seat): number {
  const i = s.passTrack.indexOf(seat);
  return i < 0 ? 99 : i;
}

/**
 * `seats` in pass order (a copy; seats off the pass track last, ties in the given order): the
 * stable sort by `passIndex`, as an insertion sort of a handful of seats without a comparator
 * closure (it runs several times in every resolution step).
 */
export function byPassOrder(s: CarsonState, seats: readonly Seat[]): Seat[] {
  const out = seats.slice();
  for (let i = 1; i < out.length; i++) {
    const seat = out[i];
    const k = passIndex(s, seat);
    let j = i - 1;
    for (; j >= 0 && passIndex(s, out[j]) > k; j--) out[j + 1] = out[j];
    out[j + 1] = seat;
  }
  return out;
}

export function placementsAt(s: CarsonState, loc: string): Placement[] {
  return s.placements.filter((p) => p.loc === loc);
}

/** Figures of `seat`'s colour in the general reserve (§13 #19). */
export function generalCowboys(s: CarsonState, seat: Seat): number {
  const onBoard = s.placements.filter((p) => p.seat === seat && !p.white).length;
  const th = s.townHall.occupant === seat ? 1 : 0;
  return 10 - s.players[seat].reserve - onBoard - th;
}

export function range(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i);
  return out;
}

/** The cowboy of `seat` at `loc` goes to the general reserve after acting or declining (§4.4). */
export function retire(ctx: Ctx, seat: Seat, loc: string, reason: string): void {
  const p = ctx.state.placements.find((x) => x.seat === seat && x.loc === loc);
  if (p) ctx.emit({ type: 'COWBOY_RETURNED', seat, loc, to: 'GENERAL', white: p.white, reason });
}

/** Doctor destinations: unresolved action squares without another player's cowboy (§13 #21). */
export function doctorDestinations(s: CarsonState): ActionId[] {
  const out: ActionId[] = [];
  for (const a of ACTIONS) {
    if (STEPS.indexOf(a) <= s.flow.step) continue;
    if (!buyVpOpen(a, s.round)) continue;
    const sq = buildSquare(a);
    if (sq >= 0 && s.track[sq] === null) continue;
    if (a === 'AMMUNITION' && s.ammunitionVoid) continue;
    // Single-winner squares must be free (no other player's cowboy; a second own one is barred
    // by §13 #41); Wages and Road (1) take anyone.
    if (!MULTI_ACTIONS.includes(a) && placementsAt(s, `A:${a}`).length > 0) continue;
    out.push(a);
  }
  return out;
}

/** The Might is Right state (§10.3); null without the module (older snapshots lack it). */
export function mightOf(s: CarsonState): MightState | null {
  return s.might ?? null;
}
