/**
 * Player buildings (RULES.md §3.3) and building 6b (use an adjacent building, §3.12, D9).
 *
 * PLACE_BUILDING: one unbuilt tile on an empty building slot (craftsmen ≥ the tile's, pay the rate ×
 * the tile's craftsmen), or on a slot holding one of your own buildings that needs fewer craftsmen
 * (craftsmen ≥ the difference, pay the rate × the difference; the old tile leaves the game).
 * Replacing the building your herder stands on does not let you use the new one this turn [L507].
 * Decision PLACE_BUILDING {costPerCraftsman} → command `PLACE_BUILDING {building, location}`.
 *
 * USE_ADJACENT_BUILDING (6b): the local actions of the building on the location directly before or
 * after this one along the trail (empty slots are passed; any owner, neutral included; a building
 * already used this turn cannot be used again).
 * Decision USE_ADJACENT_BUILDING {from} → command `USE_ADJACENT_BUILDING {location}`; then decision
 * ADJACENT_ACTIONS {location, used} → command `USE_ADJACENT_ACTION {index}` (each once, any order),
 * SKIP ends the visit.
 */
import { violation, type RuleViolation, type Seat } from '../../engine';
import { owe, settle } from '../agenda';
import { playerBuilding } from '../data/player-buildings';
import { BUILDING_SLOT_IDS, LOCATIONS } from '../data/trail';
import type { PlayerBuildingId } from '../data/types';
import { isInt, isStr, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import { opensOf, type FactRule, type OpenerMap } from '../derive';
import type { GwtEvent } from '../events';
import { runAction } from './registry';
import { bad, buildingActions, buildingKeyAt, canRun, topOf } from './support';

// ---------------------------------------------------------------------------------------------
// Placing a building

export type PlaceBuildingDecision = { kind: 'PLACE_BUILDING'; costPerCraftsman: number; optional?: boolean };

export interface Placement {
  building: string;
  location: string;
  /** Your building replaced there, or null for an empty slot. */
  replaced: string | null;
  /** Craftsmen needed (the difference when replacing). */
  craftsmen: number;
  cost: number;
}

const SLOTS = new Set<string>(BUILDING_SLOT_IDS);

/** The placement of `building` on `location` for `seat`, or why it is impossible. */
export function placement(
  state: GwtState,
  seat: Seat,
  building: string,
  location: string,
  rate: number,
): Placement | RuleViolation {
  return placementOr(state, seat, building, location, rate, true)!;
}

/** `placement`; with `why` false an impossible one is null (no violation built: legal lists try them all). */
function placementOr(
  state: GwtState,
  seat: Seat,
  building: string,
  location: string,
  rate: number,
  why: boolean,
): Placement | RuleViolation | null {
  const p = state.players[seat];
  if (!p.buildingsInSupply.includes(building))
    return why ? violation('NOT_YOUR_TILE', `You have no unbuilt tile ${building}.`) : null;
  if (!SLOTS.has(location))
    return why ? violation('NOT_A_BUILDING_SLOT', `${location} is not a building slot.`) : null;
  const craftsmen = playerBuilding(building as PlayerBuildingId).craftsmen;
  const o = state.trail[location];
  let replaced: string | null = null;
  let need = craftsmen;
  if (o) {
    if (o.kind !== 'PLAYER' || o.owner !== seat)
      return why ? violation('SLOT_TAKEN', `${location} is taken.`) : null;
    const old = playerBuilding(o.building as PlayerBuildingId).craftsmen;
    if (old >= craftsmen)
      return why
        ? violation('REPLACE_WITH_HIGHER', 'A building can only be replaced by one needing more craftsmen.')
        : null;
    replaced = o.building;
    need = craftsmen - old;
  }
  if (p.workers.craftsman < need)
    return why ? violation('NOT_ENOUGH_CRAFTSMEN', `This needs ${need} craftsmen.`) : null;
  const cost = rate * need;
  if (p.money < cost) return why ? violation('NOT_ENOUGH_MONEY', `This costs $${cost}.`) : null;
  return { building, location, replaced, craftsmen: need, cost } satisfies Placement;
}

/** Every placement `seat` can make now at `rate` dollars per craftsman (`first`: only the first found). */
export function placements(state: GwtState, seat: Seat, rate: number, first = false): Placement[] {
  const out: Placement[] = [];
  for (const building of [...new Set(state.players[seat].buildingsInSupply)].sort())
    for (const location of BUILDING_SLOT_IDS) {
      const pl = placementOr(state, seat, building, location, rate, false) as Placement | null;
      if (pl) out.push(pl);
      if (first && pl) return out;
    }
  return out;
}

export type PlaceCmd = { type: 'PLACE_BUILDING'; building: string; location: string };

export const placeBuilding: CommandHandler<PlaceCmd> = {
  type: 'PLACE_BUILDING',
  answers: ['PLACE_BUILDING'],
  parse: (raw) =>
    isStr(raw.building) && isStr(raw.location)
      ? { type: 'PLACE_BUILDING', building: raw.building, location: raw.location }
      : bad('PLACE_BUILDING needs building and location'),
  decide(ctx, seat, cmd) {
    const rate = topOf<PlaceBuildingDecision>(ctx.state).costPerCraftsman;
    const pl = placement(ctx.state, seat, cmd.building, cmd.location, rate);
    if ('violation' in pl) return pl;
    ctx.money(seat, -pl.cost, 'BUILDING');
    // Answers PLACE_BUILDING; under the herder it is not usable this turn (BUILDING_FACT_RULES).
    ctx.emit({
      type: 'BUILDING_PLACED',
      seat,
      building: pl.building,
      location: pl.location,
      replaced: pl.replaced,
      cost: pl.cost,
    });
  },
  legal(state, seat) {
    const rate = topOf<PlaceBuildingDecision>(state).costPerCraftsman;
    return placements(state, seat, rate).map(({ building, location }) => ({
      type: 'PLACE_BUILDING',
      building,
      location,
    }));
  },
};

/**
 * A building placed under the herder (a replacement there) is not usable this turn [L507]: it
 * counts as used, and the visit's remaining local actions are closed.
 */
function blockIfUnderHerder(s: GwtState, seat: Seat, location: string): void {
  if (s.players[seat].herder !== location) return;
  const t = { ...s.turn };
  const key = buildingKeyAt(s, location);
  if (key && !t.usedBuildings.includes(key)) t.usedBuildings = [...t.usedBuildings, key];
  if (t.location === location) {
    const n = buildingActions(s, seat, location).length;
    t.usedActions = [...new Set([...t.usedActions, ...Array.from({ length: n }, (_, i) => i)])];
  }
  s.turn = t;
}

// ---------------------------------------------------------------------------------------------
// Using an adjacent building (6b)

/** Set by flow.ts USE_ACTION while nothing of the local action is done yet (SKIP then undoes its use). */
export type OpenedAction = { index: number; building: string | null; adjacent?: string };
export type AdjacentDecision = {
  kind: 'USE_ADJACENT_BUILDING';
  from: string;
  optional?: boolean;
  opened?: OpenedAction;
};
export type AdjacentActionsDecision = {
  kind: 'ADJACENT_ACTIONS';
  location: string;
  used: number[];
  optional: true;
  opened?: OpenedAction;
};

const PREVIOUS = new Map<string, string[]>();
for (const l of LOCATIONS) for (const n of l.next) PREVIOUS.set(n, [...(PREVIOUS.get(n) ?? []), l.id]);

/** The first location (a tile, or Kansas City) in each direction from `from`, passing empty slots. */
function neighbourLocations(state: GwtState, from: string): string[] {
  const out = new Set<string>();
  const walk = (at: string, step: (id: string) => readonly string[]) => {
    for (const id of step(at)) {
      if (id === 'START' || id === 'KANSAS_CITY') continue;
      if (state.trail[id]) out.add(id);
      else walk(id, step);
    }
  };
  walk(from, (id) => PREVIOUS.get(id) ?? []);
  walk(from, (id) => LOCATIONS.find((l) => l.id === id)?.next ?? []);
  return [...out].sort();
}

/** The adjacent buildings `seat` may use from `from` now (a building with actions, not used this turn). */
export function adjacentBuildings(state: GwtState, seat: Seat, from: string): string[] {
  return neighbourLocations(state, from).filter((id) => {
    const key = buildingKeyAt(state, id);
    return (
      key !== null && !state.turn.usedBuildings.includes(key) && buildingActions(state, seat, id).length > 0
    );
  });
}

/** Where the building whose action runs now stands: an adjacent building in use (6b), else the herder's location. */
function currentBuildingLocation(state: GwtState): string | null {
  const adjacent = [...state.turn.stack].reverse().find((d) => d.kind === 'ADJACENT_ACTIONS') as
    AdjacentActionsDecision | undefined;
  return adjacent?.location ?? state.turn.location;
}

export type UseAdjacentCmd = { type: 'USE_ADJACENT_BUILDING'; location: string };
export type UseAdjacentActionCmd = { type: 'USE_ADJACENT_ACTION'; index: number };

export const useAdjacentBuilding: CommandHandler<UseAdjacentCmd> = {
  type: 'USE_ADJACENT_BUILDING',
  answers: ['USE_ADJACENT_BUILDING'],
  parse: (raw) =>
    isStr(raw.location)
      ? { type: 'USE_ADJACENT_BUILDING', location: raw.location }
      : bad('USE_ADJACENT_BUILDING needs location'),
  decide(ctx, seat, cmd) {
    const d = topOf<AdjacentDecision>(ctx.state);
    if (!adjacentBuildings(ctx.state, seat, d.from).includes(cmd.location))
      return violation('NOT_ADJACENT', `${cmd.location} is not an adjacent building you can use now.`);
    // Its actions are asked next (BUILDING_FACT_RULES).
    ctx.emit({ type: 'ADJACENT_BUILDING_USED', seat, location: cmd.location });
  },
  legal(state, seat) {
    const d = topOf<AdjacentDecision>(state);
    return adjacentBuildings(state, seat, d.from).map((location) => ({
      type: 'USE_ADJACENT_BUILDING',
      location,
    }));
  },
};

export const useAdjacentAction: CommandHandler<UseAdjacentActionCmd> = {
  type: 'USE_ADJACENT_ACTION',
  answers: ['ADJACENT_ACTIONS'],
  parse: (raw) =>
    isInt(raw.index)
      ? { type: 'USE_ADJACENT_ACTION', index: raw.index }
      : bad('USE_ADJACENT_ACTION needs index: integer'),
  decide(ctx, seat, cmd) {
    const d = topOf<AdjacentActionsDecision>(ctx.state);
    const actions = buildingActions(ctx.state, seat, d.location);
    if (cmd.index < 0 || cmd.index >= actions.length)
      return violation('NO_SUCH_ACTION', 'No such local action there.');
    if (d.used.includes(cmd.index)) return violation('ACTION_USED', 'Each local action once per visit.');
    if (!canRun(ctx.state, seat, actions[cmd.index]))
      return violation('ACTION_IMPOSSIBLE', 'That action cannot be done now.');
    // The fact opens what the action asks (BUILDING_FACT_RULES), then its effects follow (checked
    // above, on the state with the visit still on).
    ctx.emit({ type: 'ADJACENT_ACTION_USED', seat, index: cmd.index });
    return runAction(ctx, seat, actions[cmd.index], 'checked');
  },
  legal(state, seat) {
    const d = topOf<AdjacentActionsDecision>(state);
    return buildingActions(state, seat, d.location).flatMap((spec, index) =>
      d.used.includes(index) || !canRun(state, seat, spec)
        ? []
        : [{ type: 'USE_ADJACENT_ACTION' as const, index }],
    );
  },
};

export const BUILDING_OPENERS: OpenerMap = {
  PLACE_BUILDING(state, seat, spec) {
    if (placements(state, seat, spec.costPerCraftsman, true).length === 0)
      return violation('NO_PLACEMENT', 'You cannot place (or pay for) any building now.');
    return [
      {
        kind: 'PLACE_BUILDING',
        costPerCraftsman: spec.costPerCraftsman,
        optional: true,
      } satisfies PlaceBuildingDecision,
    ];
  },
  USE_ADJACENT_BUILDING(state, seat) {
    const from = currentBuildingLocation(state);
    if (!from || adjacentBuildings(state, seat, from).length === 0)
      return violation('NO_ADJACENT_BUILDING', 'There is no adjacent building you can use now.');
    return [{ kind: 'USE_ADJACENT_BUILDING', from, optional: true } satisfies AdjacentDecision];
  },
};

/** What the building facts answer and open (derive.ts; index.ts installs them). */
export const BUILDING_FACT_RULES: Record<string, FactRule> = {
  BUILDING_PLACED(s, e) {
    const { seat, location } = e as Extract<GwtEvent, { type: 'BUILDING_PLACED' }>;
    if (settle(s, ['PLACE_BUILDING'])) blockIfUnderHerder(s, seat, location);
  },
  /** 6b: the building's key counts as used; its actions are asked (still nothing done: SKIP forgoes 6b). */
  ADJACENT_BUILDING_USED(s, e) {
    const { location } = e as Extract<GwtEvent, { type: 'ADJACENT_BUILDING_USED' }>;
    const d = settle(s, ['USE_ADJACENT_BUILDING']) as AdjacentDecision | undefined;
    if (!d) return;
    const key = buildingKeyAt(s, location)!;
    s.turn = { ...s.turn, usedBuildings: [...s.turn.usedBuildings, key] };
    const next: AdjacentActionsDecision = { kind: 'ADJACENT_ACTIONS', location, used: [], optional: true };
    if (d.opened) next.opened = { ...d.opened, adjacent: key };
    owe(s, [next]);
  },
  /** One of the adjacent building's actions: after the last one the visit is over; then what it asks. */
  ADJACENT_ACTION_USED(s, e) {
    const { seat, index } = e as Extract<GwtEvent, { type: 'ADJACENT_ACTION_USED' }>;
    const d = settle(s, ['ADJACENT_ACTIONS']) as AdjacentActionsDecision | undefined;
    if (!d) return;
    const actions = buildingActions(s, seat, d.location);
    const { opened: _done, ...rest } = d;
    const next: AdjacentActionsDecision = { ...rest, used: [...d.used, index] };
    // What it asks is read with the visit still on (a chain through another 6b starts from it).
    owe(s, [next]);
    const opened = opensOf(s, seat, actions[index]);
    if (next.used.length >= actions.length) settle(s, ['ADJACENT_ACTIONS']);
    owe(s, opened);
  },
};

export const BUILDING_HANDLERS: CommandHandler[] = [
  placeBuilding,
  useAdjacentBuilding,
  useAdjacentAction,
] as CommandHandler[];
