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
import { actionTaken, owe, settle } from '../agenda';
import { locationById } from '../data/trail';
import type { ActionSpec, LocationId } from '../data/types';
import type { FactRule, OpenerMap } from '../derive';
import type { GwtEvent } from '../events';
import { isStr, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import { runAction } from './registry';
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
    // Answers COLLECT_BOUNTY and opens what the bounty asks (TRAIL_TILE_FACT_RULES below).
    ctx.emit({ type: 'TRAIL_TILE_TAKEN', seat, location: cmd.location });
    if (plainDollars(slot.bounty)) ctx.money(seat, slot.bounty.amount, 'BOUNTY');
    else return runAction(ctx, seat, slot.bounty, 'derived');
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
    ctx.money(seat, -d.payDollars, 'HAZARD');
    // Answers REMOVE_HAZARD and asks the next removal, if any (TRAIL_TILE_FACT_RULES below).
    ctx.emit({ type: 'TRAIL_TILE_TAKEN', seat, location: cmd.location });
  },
  legal(state, seat) {
    const d = topOf<HazardDecision>(state);
    if (state.players[seat].money < d.payDollars) return [];
    return hazardLocations(state).map((location) => ({ type: 'REMOVE_HAZARD', location }));
  },
};

export const TRAIL_TILE_OPENERS: OpenerMap = {
  COLLECT_BOUNTY(state) {
    if (banditLocations(state).length === 0)
      return violation('NO_BANDIT', 'There is no bandit on the board.');
    return [{ kind: 'COLLECT_BOUNTY', optional: true } satisfies BountyDecision];
  },
  REMOVE_HAZARD(state, seat, spec) {
    if (hazardLocations(state).length === 0)
      return violation('NO_HAZARD', 'There is no hazard on the board.');
    if (state.players[seat].money < spec.payDollars)
      return violation('NOT_ENOUGH_MONEY', `Removing a hazard costs $${spec.payDollars}.`);
    return [
      {
        kind: 'REMOVE_HAZARD',
        payDollars: spec.payDollars,
        count: spec.count,
        optional: true,
      } satisfies HazardDecision,
    ];
  },
};

const plainDollars = (a: ActionSpec): a is Extract<ActionSpec, { type: 'GAIN_DOLLARS' }> =>
  a.type === 'GAIN_DOLLARS' && !a.per;

/** What a tile taken off the trail answers and opens (derive.ts; index.ts installs it). */
export const TRAIL_TILE_FACT_RULES: Record<string, FactRule> = {
  TRAIL_TILE_TAKEN(s, e) {
    const { seat, location } = e as Extract<GwtEvent, { type: 'TRAIL_TILE_TAKEN' }>;
    if (settle(s, ['COLLECT_BOUNTY'])) {
      const slot = locationById(location as LocationId);
      if (slot.kind === 'bandit_slot' && !plainDollars(slot.bounty)) actionTaken(s, seat, slot.bounty);
      return;
    }
    const d = settle(s, ['REMOVE_HAZARD']) as HazardDecision | undefined;
    if (d && d.count > 1 && canRemoveHazard(s, seat, d.payDollars))
      owe(s, [
        {
          kind: 'REMOVE_HAZARD',
          payDollars: d.payDollars,
          count: d.count - 1,
          optional: true,
        } satisfies HazardDecision,
      ]);
  },
};

export const TRAIL_TILE_HANDLERS: CommandHandler[] = [collectBounty, removeHazard] as CommandHandler[];
