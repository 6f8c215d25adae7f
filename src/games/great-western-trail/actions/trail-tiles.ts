/**
 * Taking tiles off the trail (RULES.md §3.6, §3.7). A herder standing on a taken tile stays on the
 * emptied space (D31).
 *
 * COLLECT_BOUNTY: take a bandit from any of the 9 bandit slots (on the trail or not), keep it, and
 * gain the bounty printed on that slot (data/trail). Decision COLLECT_BOUNTY → command
 * `COLLECT_BOUNTY {location}`.
 *
 * REMOVE_HAZARD: take a hazard from any hazard slot, paying `payDollars` for it; up to `count`
 * tiles (11a: 2), each paid. Decision REMOVE_HAZARD {payDollars, count} → command
 * `REMOVE_HAZARD {location}`; after the first tile, the next is optional (SKIP stops).
 */
import { violation, type Seat } from '../../engine';
import { locationById } from '../data/trail';
import type { LocationId } from '../data/types';
import { isStr, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import { runAction, type ExecutorMap } from './registry';
import { bad, topOf } from './support';

export type BountyDecision = { kind: 'COLLECT_BOUNTY'; optional?: boolean };
export type HazardDecision = { kind: 'REMOVE_HAZARD'; payDollars: number; count: number; optional?: boolean };

/** Bandit slots holding a bandit tile. */
export const banditLocations = (state: GwtState): string[] =>
  Object.entries(state.trail)
    .filter(([, o]) => o?.kind === 'BANDIT')
    .map(([id]) => id)
    .sort();

/** Hazard slots holding a hazard tile. */
export const hazardLocations = (state: GwtState): string[] =>
  Object.entries(state.trail)
    .filter(([, o]) => o?.kind === 'HAZARD')
    .map(([id]) => id)
    .sort();

const canRemoveHazard = (state: GwtState, seat: Seat, pay: number) =>
  hazardLocations(state).length > 0 && state.players[seat].money >= pay;

export type BountyCmd = { type: 'COLLECT_BOUNTY'; location: string };
export type HazardCmd = { type: 'REMOVE_HAZARD'; location: string };

export const collectBounty: CommandHandler<BountyCmd> = {
  type: 'COLLECT_BOUNTY',
  answers: ['COLLECT_BOUNTY'],
  parse: (raw) =>
    isStr(raw.location)
      ? { type: 'COLLECT_BOUNTY', location: raw.location }
      : bad('COLLECT_BOUNTY needs location'),
  decide(ctx, seat, cmd) {
    if (ctx.state.trail[cmd.location]?.kind !== 'BANDIT')
      return violation('NO_BANDIT_THERE', `There is no bandit on ${cmd.location}.`);
    const slot = locationById(cmd.location as LocationId);
    if (slot.kind !== 'bandit_slot')
      return violation('NO_BANDIT_THERE', `${cmd.location} is not a bandit slot.`);
    ctx.pop();
    ctx.emit({ type: 'TRAIL_TILE_TAKEN', seat, location: cmd.location });
    if (slot.bounty.type === 'GAIN_DOLLARS' && !slot.bounty.per)
      ctx.money(seat, slot.bounty.amount, 'BOUNTY');
    else return runAction(ctx, seat, slot.bounty);
  },
  legal: (state) => banditLocations(state).map((location) => ({ type: 'COLLECT_BOUNTY', location })),
};

export const removeHazard: CommandHandler<HazardCmd> = {
  type: 'REMOVE_HAZARD',
  answers: ['REMOVE_HAZARD'],
  parse: (raw) =>
    isStr(raw.location)
      ? { type: 'REMOVE_HAZARD', location: raw.location }
      : bad('REMOVE_HAZARD needs location'),
  decide(ctx, seat, cmd) {
    const d = topOf<HazardDecision>(ctx.state);
    if (ctx.state.trail[cmd.location]?.kind !== 'HAZARD')
      return violation('NO_HAZARD_THERE', `There is no hazard on ${cmd.location}.`);
    if (ctx.state.players[seat].money < d.payDollars)
      return violation('NOT_ENOUGH_MONEY', `Removing a hazard costs $${d.payDollars}.`);
    ctx.pop();
    ctx.money(seat, -d.payDollars, 'HAZARD');
    ctx.emit({ type: 'TRAIL_TILE_TAKEN', seat, location: cmd.location });
    if (d.count > 1 && canRemoveHazard(ctx.state, seat, d.payDollars))
      ctx.push({
        kind: 'REMOVE_HAZARD',
        payDollars: d.payDollars,
        count: d.count - 1,
        optional: true,
      } satisfies HazardDecision);
  },
  legal(state, seat) {
    const d = topOf<HazardDecision>(state);
    if (state.players[seat].money < d.payDollars) return [];
    return hazardLocations(state).map((location) => ({ type: 'REMOVE_HAZARD', location }));
  },
};

export const TRAIL_TILE_EXECUTORS: ExecutorMap = {
  COLLECT_BOUNTY(ctx) {
    if (banditLocations(ctx.state).length === 0)
      return violation('NO_BANDIT', 'There is no bandit on the board.');
    ctx.push({ kind: 'COLLECT_BOUNTY', optional: true } satisfies BountyDecision);
  },
  REMOVE_HAZARD(ctx, seat, spec) {
    if (hazardLocations(ctx.state).length === 0)
      return violation('NO_HAZARD', 'There is no hazard on the board.');
    if (ctx.state.players[seat].money < spec.payDollars)
      return violation('NOT_ENOUGH_MONEY', `Removing a hazard costs $${spec.payDollars}.`);
    ctx.push({
      kind: 'REMOVE_HAZARD',
      payDollars: spec.payDollars,
      count: spec.count,
      optional: true,
    } satisfies HazardDecision);
  },
};

export const TRAIL_TILE_HANDLERS: CommandHandler[] = [collectBounty, removeHazard] as CommandHandler[];
