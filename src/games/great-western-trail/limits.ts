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

const removed = (state: GwtState, seat: Seat) => {
  const onBoard = new Set(state.players[seat].discs);
  return DISCS.filter((d) => !onBoard.has(d.id));
};

export function handLimit(state: GwtState, seat: Seat): number {
  return removed(state, seat).reduce(
    (n, d) => n + (d.unlocks.kind === 'HAND_LIMIT' ? d.unlocks.bonus : 0),
    HAND_LIMIT_START,
  );
}

export function stepLimit(state: GwtState, seat: Seat): number {
  const players = state.seatCount as PlayerCount;
  return removed(state, seat).reduce(
    (n, d) => n + (d.unlocks.kind === 'STEP_LIMIT' ? d.unlocks.bonus[players] : 0),
    STEP_LIMIT[players].start,
  );
}

/** The certificate limit: a CERT disc counts only once the disc it `requires` is gone too. */
export function certificateLimit(state: GwtState, seat: Seat): number {
  const gone = removed(state, seat);
  const goneIds = new Set<string>(gone.map((d) => d.id));
  return gone.reduce(
    (n, d) =>
      d.unlocks.kind === 'CERTIFICATE_LIMIT' &&
      (d.unlocks.requires === null || goneIds.has(d.unlocks.requires))
        ? Math.max(n, d.unlocks.limit)
        : n,
    CERTIFICATE_LIMIT_START,
  );
}

export type AuxiliaryMode = 'LOCKED' | 'SINGLE' | 'DOUBLE';

/** An auxiliary action is single with one of its two disc spaces empty, double with both. */
export function auxiliaryMode(state: GwtState, seat: Seat, action: AuxiliaryActionId): AuxiliaryMode {
  const aux = AUXILIARY_ACTIONS.find((a) => a.id === action)!;
  const emptied = removed(state, seat).filter(
    (d) => d.unlocks.kind === 'AUXILIARY' && d.unlocks.action === action,
  ).length;
  const empty = emptied + (aux.singleAvailableFromStart ? 1 : 0);
  return empty >= 2 ? 'DOUBLE' : empty === 1 ? 'SINGLE' : 'LOCKED';
}
