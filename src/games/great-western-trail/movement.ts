/**
 * Moving the herder along the trail (phase A, and the "move your herder forward" actions).
 *
 * A move is given as its `path`: every trail node entered, in order, destination last, so that a
 * route through a branch is never ambiguous. Only locations count as steps: Kansas City, and slots
 * with a tile on them (empty slots are passed freely). You cannot go past Kansas City.
 */
import { violation, type RuleViolation, type Seat } from '../engine';
import type { Ctx } from './ctx';
import { playerBuilding } from './data/player-buildings';
import { feeFor, locationById, LOCATION_IDS } from './data/trail';
import type { Hand, LocationId, PlayerBuildingId } from './data/types';
import type { GwtState } from './state';

const KNOWN = new Set<string>(LOCATION_IDS);

export function isLocation(state: GwtState, id: string): boolean {
  return id === 'KANSAS_CITY' || (id !== 'START' && !!state.trail[id]);
}

/** Forward neighbours of a node ('START' leads to the first neutral building). */
export function nextNodes(id: string): readonly string[] {
  return locationById(id as LocationId).next;
}

/** The fee hand of what lies at `id` for `seat` (none on your own building or a neutral one). */
export function feeHand(state: GwtState, seat: Seat, id: string): { hand: Hand; to: Seat | null } {
  const o = state.trail[id];
  if (!o) return { hand: 'none', to: null };
  if (o.kind === 'HAZARD') return { hand: o.tile.hand, to: null };
  if (o.kind === 'BANDIT') return { hand: o.tile.hand, to: null };
  if (o.kind === 'PLAYER' && o.owner !== seat)
    return { hand: playerBuilding(o.building as PlayerBuildingId).hand, to: o.owner };
  return { hand: 'none', to: null };
}

/** Steps a path takes (locations in it). */
export function stepsOf(state: GwtState, path: readonly string[]): number {
  return path.filter((id) => isLocation(state, id)).length;
}

/**
 * Check `path` from `from`: known nodes along trail edges, ending on a location, `min`..`max` steps,
 * and (for `noKansasCity`) not into Kansas City.
 */
export function checkPath(
  state: GwtState,
  from: string,
  path: readonly string[],
  min: number,
  max: number,
  noKansasCity = false,
): RuleViolation | null {
  if (path.length === 0 || path.some((id) => !KNOWN.has(id)))
    return violation('ILLEGAL_PATH', 'The path must name trail locations.');
  let at = from;
  for (const id of path) {
    if (!nextNodes(at).includes(id))
      return violation('ILLEGAL_PATH', `${id} does not follow ${at} on the trail.`);
    at = id;
  }
  if (!isLocation(state, at))
    return violation('ILLEGAL_PATH', `The herder must stop on a location; ${at} is empty.`);
  if (noKansasCity && at === 'KANSAS_CITY')
    return violation('ILLEGAL_PATH', 'This move may not enter Kansas City.');
  const steps = stepsOf(state, path);
  if (steps < min || steps > max)
    return violation('TOO_MANY_STEPS', `This move takes ${steps} steps; allowed: ${min} to ${max}.`);
  return null;
}

/** Every path from `from` of `min`..`max` steps (for legal commands and bots). */
export function pathsFrom(
  state: GwtState,
  from: string,
  min: number,
  max: number,
  noKansasCity = false,
): string[][] {
  const out: string[][] = [];
  // One path grown and shrunk along the walk; a copy of it for every move listed.
  const path: string[] = [];
  const walk = (at: string, steps: number) => {
    for (const id of nextNodes(at)) {
      const counts = isLocation(state, id);
      const s = steps + (counts ? 1 : 0);
      if (s > max) continue;
      path.push(id);
      if (counts && s >= min && !(noKansasCity && id === 'KANSAS_CITY')) out.push([...path]);
      if (id !== 'KANSAS_CITY') walk(id, s);
      path.pop();
    }
  };
  walk(from, 0);
  return out;
}

/**
 * Move `seat`'s herder along a checked path. Fees (unless `free`) are paid for every location
 * passed or reached, as far as the money goes ("pay what you can, never later").
 */
export function moveHerder(ctx: Ctx, seat: Seat, path: readonly string[], free = false): void {
  if (!free) {
    const players = ctx.state.seatCount as 2 | 3 | 4;
    for (const id of path) {
      if (!isLocation(ctx.state, id)) continue;
      const { hand, to } = feeHand(ctx.state, seat, id);
      const fee = Math.min(feeFor(hand, players), ctx.state.players[seat].money);
      if (fee > 0) ctx.emit({ type: 'FEE_PAID', seat, to, amount: fee, location: id });
    }
  }
  ctx.emit({ type: 'HERDER_MOVED', seat, path: [...path], ...(free ? { free: true } : {}) });
}
