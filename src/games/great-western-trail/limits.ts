/**
 * What the player board allows now, from the discs still on it (RULES.md §2.6): the hand limit,
 * the step limit, the certificate limit and which auxiliary actions are single / double.
 */
import type { Seat } from '../engine';
import {
  AUXILIARY_ACTIONS,
  CERTIFICATE_LIMIT_START,
  DISCS,
  HAND_LIMIT_START,
  STEP_LIMIT,
} from './data/player-board';
import type { AuxiliaryActionId, PlayerCount } from './data/types';
import type { GwtState } from './state';

/** What a player board allows, for one set of discs still on it (and a player count). */
export interface BoardLimits {
  hand: number;
  step: number;
  certificate: number;
  auxiliary: Record<AuxiliaryActionId, AuxiliaryMode>;
}

/**
 * Limits by (player count, discs on the board): a pure function of a few hundred distinct keys in a
 * game, asked on every view and many legal-command checks, so they are computed once per key.
 */
const CACHE = new Map<string, BoardLimits>();
const CACHE_MAX = 20_000;

/**
 * The last answer per discs array: appliers replace a player's `discs` (never change it in place)
 * and states share it until then, so most calls find their array here without building the key.
 * The entry keeps a copy of the discs it was computed for and is used only while they still match.
 */
const BY_ARRAY = new WeakMap<
  readonly string[],
  { seatCount: number; discs: string[]; limits: BoardLimits }
>();

export function limitsOf(state: GwtState, seat: Seat): BoardLimits {
  const discs = state.players[seat].discs;
  const last = BY_ARRAY.get(discs);
  if (last && last.seatCount === state.seatCount && sameList(last.discs, discs)) return last.limits;
  const limits = limitsByKey(state.seatCount, discs);
  BY_ARRAY.set(discs, { seatCount: state.seatCount, discs: [...discs], limits });
  return limits;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function limitsByKey(seatCount: number, discs: readonly string[]): BoardLimits {
  const key = `${seatCount}|${discs.join(',')}`;
  let hit = CACHE.get(key);
  if (!hit) {
    if (CACHE.size >= CACHE_MAX) CACHE.clear();
    hit = computeLimits(seatCount as PlayerCount, discs);
    CACHE.set(key, hit);
  }
  return hit;
}

function computeLimits(players: PlayerCount, discs: readonly string[]): BoardLimits {
  const onBoard = new Set(discs);
  const gone = DISCS.filter((d) => !onBoard.has(d.id));
  const goneIds = new Set<string>(gone.map((d) => d.id));
  const auxiliary = {} as Record<AuxiliaryActionId, AuxiliaryMode>;
  for (const aux of AUXILIARY_ACTIONS) {
    const emptied = gone.filter((d) => d.unlocks.kind === 'AUXILIARY' && d.unlocks.action === aux.id).length;
    const empty = emptied + (aux.singleAvailableFromStart ? 1 : 0);
    auxiliary[aux.id] = empty >= 2 ? 'DOUBLE' : empty === 1 ? 'SINGLE' : 'LOCKED';
  }
  return {
    hand: gone.reduce(
      (n, d) => n + (d.unlocks.kind === 'HAND_LIMIT' ? d.unlocks.bonus : 0),
      HAND_LIMIT_START,
    ),
    step: gone.reduce(
      (n, d) => n + (d.unlocks.kind === 'STEP_LIMIT' ? d.unlocks.bonus[players] : 0),
      STEP_LIMIT[players].start,
    ),
    // A CERT disc counts only once the disc it `requires` is gone too.
    certificate: gone.reduce(
      (n, d) =>
        d.unlocks.kind === 'CERTIFICATE_LIMIT' &&
        (d.unlocks.requires === null || goneIds.has(d.unlocks.requires))
          ? Math.max(n, d.unlocks.limit)
          : n,
      CERTIFICATE_LIMIT_START,
    ),
    auxiliary,
  };
}

export function handLimit(state: GwtState, seat: Seat): number {
  return limitsOf(state, seat).hand;
}

export function stepLimit(state: GwtState, seat: Seat): number {
  return limitsOf(state, seat).step;
}

/** The certificate limit: a CERT disc counts only once the disc it `requires` is gone too. */
export function certificateLimit(state: GwtState, seat: Seat): number {
  return limitsOf(state, seat).certificate;
}

export type AuxiliaryMode = 'LOCKED' | 'SINGLE' | 'DOUBLE';

/** An auxiliary action is single with one of its two disc spaces empty, double with both. */
export function auxiliaryMode(state: GwtState, seat: Seat, action: AuxiliaryActionId): AuxiliaryMode {
  return limitsOf(state, seat).auxiliary[action];
}
