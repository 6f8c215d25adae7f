/**
 * Helpers shared by the action modules: whether an action can be run now (a dry run), offering an
 * action the player may decline (worker-slot immediate actions), card choices for legal-command
 * lists, dynamic counts, and the local actions of a building (for 6b and building replacement).
 */
import { violation, type RuleViolation, type Seat } from '../../engine';
import { isCattle } from '../cards';
import type { Ctx } from '../ctx';
import { neutralBuilding } from '../data/neutral-buildings';
import { playerBuilding } from '../data/player-buildings';
import { locationById } from '../data/trail';
import type {
  ActionSpec,
  DynamicCount,
  LocationId,
  NeutralBuildingId,
  PlayerBuildingId,
} from '../data/types';
import { canRunAction, runAction } from './registry';
import type { Decision, GwtState } from '../state';

export const bad = (message: string): RuleViolation => violation('INVALID_COMMAND', message);

/**
 * Whether `spec` can be run for `seat` now (registry.ts `canRunAction`): an action that cannot be
 * done at all is refused by its opener (no qualifying card, no affordable worker, no bandit...),
 * so this is exact without running it.
 */
export function canRun(state: GwtState, seat: Seat, spec: ActionSpec): boolean {
  return canRunAction(state, seat, spec);
}

/**
 * Offer `spec` to the player, who may do it or decline (worker-slot immediate actions, RULES.md
 * §3.1): nothing happens if it cannot be done; an action that asks something is asked with
 * `optional: true` (SKIP declines it); an action with nothing to ask is simply done.
 */
export function offerAction(ctx: Ctx, seat: Seat, spec: ActionSpec): void {
  if (!canRun(ctx.state, seat, spec)) return;
  const stack = ctx.state.turn.stack;
  const before = stack.length;
  runAction(ctx, seat, spec);
  for (let i = before; i < stack.length; i++) stack[i].optional = true;
}

/** The decision on top of the stack, typed by the caller (handlers run only when it is theirs). */
export function topOf<D extends Decision>(state: GwtState): D {
  return state.turn.stack[state.turn.stack.length - 1] as D;
}

/** Every way to pick `count` cards of `pile` (as sorted multisets), optionally only cards passing `filter`. */
export function cardChoices(
  pile: readonly string[],
  count: number,
  filter: (c: string) => boolean = () => true,
): string[][] {
  const kinds = [...new Set(pile.filter(filter))].sort();
  const avail = kinds.map((k) => pile.filter((c) => c === k).length);
  const out: string[][] = [];
  const walk = (i: number, left: number, acc: string[]) => {
    if (left === 0) return void out.push(acc);
    if (i >= kinds.length) return;
    for (let n = Math.min(left, avail[i]); n >= 0; n--)
      walk(i + 1, left - n, [...acc, ...Array<string>(n).fill(kinds[i])]);
  };
  walk(0, count, []);
  return out;
}

/** Cattle cards in `seat`'s hand. */
export const cattleInHand = (state: GwtState, seat: Seat): string[] =>
  state.players[seat].hand.filter(isCattle);

/** Own player buildings standing on slots in the woods (1a, 7b). */
export function ownBuildingsInWoods(state: GwtState, seat: Seat): number {
  return Object.entries(state.trail).filter(([id, o]) => {
    if (o?.kind !== 'PLAYER' || o.owner !== seat) return false;
    const slot = locationById(id as LocationId);
    return slot.kind === 'player_building_slot' && slot.inWoods;
  }).length;
}

/** Stations holding a disc of `seat` (12b). */
export function upgradedStations(state: GwtState, seat: Seat): number {
  return Object.values(state.stationDiscs).filter((seats) => seats.includes(seat)).length;
}

/** The value of a count that depends on the player's state. */
export function dynamicCount(state: GwtState, seat: Seat, count: number | DynamicCount): number {
  if (typeof count === 'number') return count;
  const p = state.players[seat];
  switch (count) {
    case 'NUMBER_OF_ENGINEERS':
      return p.workers.engineer;
    case 'NUMBER_OF_COWBOYS':
      return p.workers.cowboy;
    case 'OWN_BUILDINGS_IN_WOODS':
      return ownBuildingsInWoods(state, seat);
    case 'HAZARD_TILES_YOU_OWN':
      return p.hazards.length;
  }
}

/** The building at a location as a board-unique key (the same keys as flow.ts for "once per turn"). */
export function buildingKeyAt(state: GwtState, location: string): string | null {
  const o = state.trail[location];
  if (o?.kind === 'NEUTRAL') return `N:${o.building}`;
  if (o?.kind === 'PLAYER') return `P:${o.owner}:${o.building}`;
  return null;
}

/**
 * The local actions of the building at `location` when `seat` uses them: a neutral building's, or a
 * player building's (any owner: 6b may use another player's building) plus the slot's risk action
 * for the owner only. Not a building: none.
 */
export function buildingActions(state: GwtState, seat: Seat, location: string): readonly ActionSpec[] {
  const o = state.trail[location];
  if (o?.kind === 'NEUTRAL') return neutralBuilding(o.building as NeutralBuildingId).actions;
  if (o?.kind === 'PLAYER') {
    const slot = locationById(location as LocationId);
    const risk = o.owner === seat && slot.kind === 'player_building_slot' ? slot.riskAction : null;
    return [...playerBuilding(o.building as PlayerBuildingId).actions, ...(risk ? [risk] : [])];
  }
  return [];
}
