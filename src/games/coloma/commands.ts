/** Commands as they arrive (JSON) and their shape check. Rule checks live in actions.ts. */
import { CommonViolations, typeForMessage, violation, type RuleViolation } from '../engine';
import { isBuildingId, type BuildingId } from './data/buildings';
import type { DeckEnd, Tool } from './events';

export type ColomaCommand =
  /** Opening discard (RULES.md §1.2 step 8): 2 cards of the 6, each to the deck's top or bottom. */
  | { type: 'RETURN_OPENING'; cards: BuildingId[]; to: DeckEnd[] }
  /** Event 5: Gold to spend for 3 VP each (0 = none). */
  | { type: 'SPEND_GOLD'; gold: number }
  /** `mule`: the Mule's Site, with the Mule Duel only. */
  | { type: 'DIAL'; site: number; mule: number | null }
  /** Site 1: Sutter's Mill's Shovel (Common) / Wheelbarrow (Boom). */
  | { type: 'SHOVEL' }
  | { type: 'WHEELBARROW' }
  /** Barker Common: buy Tents and Horses; `gold` Nuggets paid as Bucks. */
  | { type: 'BUY'; tents: number; horses: number; gold: number }
  /** Barker Boom: a Barrel from space `from` (0 = the face-down stack, 1-4 face up). */
  | { type: 'TAKE_BARREL'; from: number }
  | { type: 'EXPLORE_RIVER'; tool: Tool; gold: number }
  | { type: 'BUILD_BRIDGE'; tool: Tool; bridge: string; gold: number }
  | { type: 'BUILD'; tool: Tool; card: BuildingId; gold: number }
  /** A Wagon action: the spaces entered in order; `stopBenefit` takes the final Town's Stop benefit. */
  | { type: 'WAGON'; path: string[]; stopBenefit: boolean }
  | { type: 'PLACE_GUNMEN'; row: number }
  | { type: 'PLACE_TENT'; event: number | null; land: string | null }
  /** Hotel module: Site 3's Hammer / Saw builds the top Hotel instead of a Town Building. */
  | { type: 'BUILD_HOTEL'; tool: Tool; gold: number }
  /** Hotel module: with Site 5's Common, Dudes from the Lodge into empty Hotel rooms, 2 VP each. */
  | { type: 'HOTEL_GUESTS'; dudes: number }
  /** Site 5 Boom. */
  | { type: 'GAIN_TENT' }
  /**
   * A Town Building ability. `discard` / `to`: the card a discard cost returns; `event` / `land`:
   * Toll House's Tent; `from`: Undertaker's Barrel space; `gold`: Nuggets paid as Bucks.
   */
  | {
      type: 'ABILITY';
      card: BuildingId;
      index: number;
      gold: number;
      discard: BuildingId | null;
      to: DeckEnd;
      event: number | null;
      land: string | null;
      from: number | null;
    }
  | { type: 'USE_BARREL'; index: number }
  /**
   * Specialized Pioneers, once per turn (D24): Robber (a Wagon action for 3 Mine-Cart Gold),
   * Homesteader (a Tent to build `card` at its Saw cost), Maverick (discard for BUCKS or DUDES),
   * Vigilante (a used Barrel to fill `row` with Gunmen).
   */
  | { type: 'ROB' }
  | { type: 'HOMESTEAD'; card: BuildingId }
  | { type: 'MAVERICK'; discard: BuildingId; to: DeckEnd; gain: 'BUCKS' | 'DUDES' }
  | { type: 'VIGILANTE'; row: number }
  | { type: 'FINISH_TURN' };

export type CommandType = ColomaCommand['type'];

const bad = (message: string): RuleViolation => violation(CommonViolations.INVALID_COMMAND, message);
const int = (x: unknown, min: number, max: number): x is number =>
  Number.isInteger(x) && (x as number) >= min && (x as number) <= max;
const tool = (x: unknown): x is Tool => x === 'HAMMER' || x === 'SAW';
const end = (x: unknown): x is DeckEnd => x === 'TOP' || x === 'BOTTOM';
const goldOf = (x: unknown): number | null => (x === undefined ? 0 : int(x, 0, 30) ? x : null);
const optInt = (x: unknown, min: number, max: number): number | null | undefined =>
  x === undefined || x === null ? null : int(x, min, max) ? x : undefined;
const optStr = (x: unknown): string | null | undefined =>
  x === undefined || x === null ? null : typeof x === 'string' ? x : undefined;

type Parser = (c: Record<string, unknown>) => ColomaCommand | string;

const PARSERS: Record<CommandType, Parser> = {
  RETURN_OPENING: (c) =>
    Array.isArray(c.cards) &&
    c.cards.length === 2 &&
    c.cards.every(isBuildingId) &&
    Array.isArray(c.to) &&
    c.to.length === 2 &&
    c.to.every(end)
      ? { type: 'RETURN_OPENING', cards: [...c.cards], to: [...c.to] }
      : 'RETURN_OPENING needs cards: [2 building ids] and to: [TOP|BOTTOM, TOP|BOTTOM]',
  SPEND_GOLD: (c) =>
    int(c.gold, 0, 2) ? { type: 'SPEND_GOLD', gold: c.gold } : 'SPEND_GOLD needs gold 0..2',
  DIAL: (c) => {
    const mule = optInt(c.mule, 1, 5);
    return int(c.site, 1, 5) && mule !== undefined
      ? { type: 'DIAL', site: c.site, mule }
      : 'DIAL needs site 1..5 (and mule 1..5 in the Mule Duel)';
  },
  SHOVEL: () => ({ type: 'SHOVEL' }),
  WHEELBARROW: () => ({ type: 'WHEELBARROW' }),
  BUY: (c) => {
    const gold = goldOf(c.gold);
    return int(c.tents ?? 0, 0, 8) && int(c.horses ?? 0, 0, 6) && gold !== null
      ? { type: 'BUY', tents: (c.tents ?? 0) as number, horses: (c.horses ?? 0) as number, gold }
      : 'BUY needs tents 0..8, horses 0..6, gold?';
  },
  TAKE_BARREL: (c) =>
    int(c.from, 0, 4) ? { type: 'TAKE_BARREL', from: c.from } : 'TAKE_BARREL needs from 0..4',
  EXPLORE_RIVER: (c) => {
    const gold = goldOf(c.gold);
    return tool(c.tool) && gold !== null
      ? { type: 'EXPLORE_RIVER', tool: c.tool, gold }
      : 'EXPLORE_RIVER needs tool HAMMER|SAW';
  },
  BUILD_BRIDGE: (c) => {
    const gold = goldOf(c.gold);
    return tool(c.tool) && typeof c.bridge === 'string' && gold !== null
      ? { type: 'BUILD_BRIDGE', tool: c.tool, bridge: c.bridge, gold }
      : 'BUILD_BRIDGE needs tool and bridge';
  },
  BUILD: (c) => {
    const gold = goldOf(c.gold);
    return tool(c.tool) && isBuildingId(c.card) && gold !== null
      ? { type: 'BUILD', tool: c.tool, card: c.card, gold }
      : 'BUILD needs tool and card';
  },
  WAGON: (c) =>
    Array.isArray(c.path) &&
    c.path.length > 0 &&
    c.path.length <= 30 &&
    c.path.every((x) => typeof x === 'string')
      ? { type: 'WAGON', path: [...(c.path as string[])], stopBenefit: c.stopBenefit === true }
      : 'WAGON needs path: [space ids]',
  PLACE_GUNMEN: (c) => (int(c.row, 0, 11) ? { type: 'PLACE_GUNMEN', row: c.row } : 'PLACE_GUNMEN needs row'),
  PLACE_TENT: (c) => {
    const event = optInt(c.event, 1, 5);
    const land = optStr(c.land);
    if (event === undefined || land === undefined || (event === null) === (land === null))
      return 'PLACE_TENT needs one of event 1..5 or land';
    return { type: 'PLACE_TENT', event, land };
  },
  GAIN_TENT: () => ({ type: 'GAIN_TENT' }),
  BUILD_HOTEL: (c) => {
    const gold = goldOf(c.gold);
    return tool(c.tool) && gold !== null
      ? { type: 'BUILD_HOTEL', tool: c.tool, gold }
      : 'BUILD_HOTEL needs tool HAMMER|SAW';
  },
  HOTEL_GUESTS: (c) =>
    int(c.dudes, 1, 24) ? { type: 'HOTEL_GUESTS', dudes: c.dudes } : 'HOTEL_GUESTS needs dudes 1..24',
  ABILITY: (c) => {
    const gold = goldOf(c.gold);
    const event = optInt(c.event, 1, 5);
    const land = optStr(c.land);
    const from = optInt(c.from, 0, 4);
    const discard =
      c.discard === undefined || c.discard === null ? null : isBuildingId(c.discard) ? c.discard : undefined;
    const to = c.to === undefined ? 'BOTTOM' : end(c.to) ? c.to : undefined;
    if (
      !isBuildingId(c.card) ||
      !int(c.index, 0, 1) ||
      gold === null ||
      event === undefined ||
      land === undefined ||
      from === undefined ||
      discard === undefined ||
      to === undefined
    )
      return 'ABILITY needs card, index 0|1 and well-formed gold?, discard?, to?, event?, land?, from?';
    return { type: 'ABILITY', card: c.card, index: c.index, gold, discard, to, event, land, from };
  },
  USE_BARREL: (c) =>
    int(c.index, 0, 29) ? { type: 'USE_BARREL', index: c.index } : 'USE_BARREL needs index',
  FINISH_TURN: () => ({ type: 'FINISH_TURN' }),
  ROB: () => ({ type: 'ROB' }),
  HOMESTEAD: (c) => (isBuildingId(c.card) ? { type: 'HOMESTEAD', card: c.card } : 'HOMESTEAD needs card'),
  MAVERICK: (c) =>
    isBuildingId(c.discard) && (c.to === undefined || end(c.to)) && (c.gain === 'BUCKS' || c.gain === 'DUDES')
      ? { type: 'MAVERICK', discard: c.discard, to: (c.to ?? 'BOTTOM') as DeckEnd, gain: c.gain }
      : 'MAVERICK needs discard, to?, gain BUCKS|DUDES',
  VIGILANTE: (c) => (int(c.row, 0, 11) ? { type: 'VIGILANTE', row: c.row } : 'VIGILANTE needs row'),
};

export function parseCommand(raw: unknown): ColomaCommand | RuleViolation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('a command is an object');
  const c = raw as Record<string, unknown>;
  // Own properties only: a client's `__proto__` or `constructor` is an unknown command, not a lookup.
  const parser =
    typeof c.type === 'string' && Object.hasOwn(PARSERS, c.type) ? PARSERS[c.type as CommandType] : undefined;
  if (!parser) return bad(`unknown command type ${typeForMessage(c.type)}`);
  const out = parser(c);
  return typeof out === 'string' ? bad(out) : out;
}
export const COLOMA_COMMAND_TYPES = Object.keys(PARSERS) as CommandType[];
