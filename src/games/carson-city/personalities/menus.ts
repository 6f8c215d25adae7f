/**
 * The menus a personality opens when its tile is taken in Phase 1 (§9): pure functions of the
 * state at the pick, shared by the hooks that open them (personalities/index.ts `onPick`) and by
 * the agenda rules that derive the same prompt from the CHARACTER_PICKED fact (agenda.ts), so the
 * two cannot drift apart.
 */
import type { Seat } from '../../engine';
import { PARCEL_COUNT } from '../data/board';
import type { BuildingType } from '../data/buildings';
import {
  CAPTAIN,
  CHINESE_WORKER,
  COWBOY,
  GOVERNOR,
  GROCER,
  HEROES,
  LAWYER,
  PAPERBOY,
  PROSPECTOR,
  SETTLER,
  SHERIFF,
  type Side,
} from '../data/personalities';
import { isPurchasable, outlawOn, parcelPrice, propertyTilesLeft } from '../rules';
import { generalCowboys, range } from '../table';
import type { CarsonState, PromptState } from '../state';

type Menu = (s: CarsonState, seat: Seat, side: Side) => PromptState | null;

/** Parcels a personality may hand out: unowned and without a building (§5.4). */
export function freeParcels(s: CarsonState): number[] {
  return range(PARCEL_COUNT).filter((p) => isPurchasable(s, p));
}

/** Empty unowned parcels (Prospector / red Cowboy, §13 #39). */
function emptyUnowned(s: CarsonState): number[] {
  // Not an outlaw's parcel: it cannot be bought or built on (§10.5).
  return range(PARCEL_COUNT).filter(
    (p) => s.parcels[p].owner === null && s.parcels[p].content === null && !outlawOn(s, p),
  );
}

function available(s: CarsonState, type: BuildingType): boolean {
  return s.track.includes(type) || s.bag[type] > 0;
}

function option(seat: Seat, purpose: string, options: string[]): PromptState {
  return { seat, kind: 'CHOOSE_OPTION', purpose, options };
}

/** Prospector (yellow) / Cowboy (red): pay, take a Mine/Ranch, claim an empty parcel, build (§9.1). */
function takeAndBuild(s: CarsonState, seat: Seat, type: BuildingType, price: number, purpose: string) {
  if (s.players[seat].money < price || propertyTilesLeft(s, seat) === 0 || !available(s, type)) return null;
  const parcels = emptyUnowned(s);
  if (parcels.length === 0) return null;
  return { seat, kind: 'CHOOSE_PARCEL', purpose, parcels, optional: true } satisfies PromptState;
}

/** Each menu; a personality of no entry opens none (or, as the red Auctioneer, an auction). */
export const PICK_MENUS: Record<number, Menu> = {
  [PAPERBOY]: (s, seat, side) => {
    const left = s.tiles.some((t) => t.takenBy === null && t.id !== SHERIFF && t.id !== PAPERBOY);
    // Power void, cash limit $0 (§9.2 engine guard); yellow pays $3 first.
    if (!left || (side === 'YELLOW' && s.players[seat].money < 3)) return null;
    return { seat, kind: 'PICK_CHARACTER', paperboy: true };
  },
  [GROCER]: (_s, seat, side) =>
    side === 'YELLOW'
      ? option(seat, 'GROCER', ['LATER', 'MONEY_NOW'])
      : option(seat, 'GROCER_RED', ['MONEY_NOW', 'VP_PER_HOUSE']),
  [CHINESE_WORKER]: (s, seat, side) => {
    if (side === 'YELLOW') return null;
    const squares = range(7).filter((k) => s.track[k] !== null);
    return s.players[seat].money >= 5 && squares.length > 0
      ? { seat, kind: 'TAKE_BUILDING', purpose: 'CHINESE_WORKER', squares }
      : null;
  },
  [SETTLER]: (s, seat, side) => {
    if (side === 'RED') return option(seat, 'SETTLER_RED', ['MONEY_NOW', 'VP_PER_MOUNTAIN']);
    const parcels = freeParcels(s);
    return parcels.length > 0 && propertyTilesLeft(s, seat) > 0
      ? { seat, kind: 'CHOOSE_PARCEL', purpose: 'SETTLER', parcels, optional: false }
      : null;
  },
  [CAPTAIN]: (s, seat, side) => {
    const m = s.players[seat].money;
    if (side === 'YELLOW') {
      const room = Math.min(generalCowboys(s, seat), 10 - s.players[seat].reserve);
      const costs = [1, 4, 9];
      const opts = [
        'NONE',
        ...[1, 2, 3].filter((k) => k <= room && m >= costs[k - 1]).map((k) => `COWBOYS_${k}`),
      ];
      return opts.length > 1 ? option(seat, 'CAPTAIN', opts) : null;
    }
    const opts = ['NONE', ...(m >= 3 ? ['REVOLVERS_1'] : []), ...(m >= 9 ? ['REVOLVERS_2'] : [])];
    return opts.length > 1 ? option(seat, 'CAPTAIN_RED', opts) : null;
  },
  [PROSPECTOR]: (s, seat, side) =>
    side === 'YELLOW' ? takeAndBuild(s, seat, 'MINE', 10, 'PROSPECTOR') : null,
  [GOVERNOR]: (_s, seat, side) => (side === 'RED' ? option(seat, 'GOVERNOR_TAX', ['GUNS', 'MONEY']) : null),
  [COWBOY]: (s, seat, side) => (side === 'RED' ? takeAndBuild(s, seat, 'RANCH', 8, 'COWBOY_RED') : null),
  [HEROES]: (s, seat, side) => {
    if (side !== 'RED') return null;
    const r = s.players[seat].reserve;
    return option(seat, 'HEROES_RED', [
      'VP3',
      ...(r >= 1 ? ['RETURN_1'] : []),
      ...(r >= 2 ? ['RETURN_2'] : []),
    ]);
  },
  [LAWYER]: (s, seat, side) => {
    if (side !== 'YELLOW') return null;
    // Compulsory purchase at the normal price; skipped if nothing is affordable (§13 #43).
    const parcels = freeParcels(s).filter((p) => parcelPrice(s, p, seat) <= s.players[seat].money);
    return parcels.length > 0 && propertyTilesLeft(s, seat) > 0
      ? { seat, kind: 'CHOOSE_PARCEL', purpose: 'LAWYER', parcels, optional: false }
      : null;
  },
};

/** The menu taking `personality` on `side` opens, from the state at the pick (none: null). */
export function pickMenu(s: CarsonState, seat: Seat, personality: number, side: Side): PromptState | null {
  return PICK_MENUS[personality]?.(s, seat, side) ?? null;
}

/**
 * The answers that close a pick menu and change nothing else in the flow: the picks go on (an
 * OPTION_CHOSEN of these purposes, a PARCEL_CLAIMED of these reasons).
 */
export const PICK_MENU_OPTIONS: readonly string[] = [
  'GROCER',
  'GROCER_RED',
  'SETTLER_RED',
  'CAPTAIN',
  'CAPTAIN_RED',
  'GOVERNOR_TAX',
  'HEROES_RED',
];
export const PICK_MENU_PARCELS: readonly string[] = ['SETTLER', 'LAWYER'];
