/**
 * What a check refuses with (validate's answers, shared by every command handler): the stable
 * refusal codes, and the prompt a seat answers now (`promptOf`). A leaf file: the handlers, the
 * placement rules and validate.ts all read it, so none of them imports another for it.
 */
import { violation, type RuleViolation, type Seat } from '../engine';
import type { CarsonState, PromptState } from './state';

export const Codes = {
  WRONG_PROMPT: 'WRONG_PROMPT',
  ILLEGAL_TARGET: 'ILLEGAL_TARGET',
  ILLEGAL_PARCEL: 'ILLEGAL_PARCEL',
  ILLEGAL_ROAD: 'ILLEGAL_ROAD',
  NO_ROADS: 'NO_ROADS',
  NO_COWBOY: 'NO_COWBOY',
  TILE_UNAVAILABLE: 'TILE_UNAVAILABLE',
  ILLEGAL_SIDE: 'ILLEGAL_SIDE',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  ILLEGAL_AMOUNT: 'ILLEGAL_AMOUNT',
  ILLEGAL_OPTION: 'ILLEGAL_OPTION',
  NOT_PENDING: 'NOT_PENDING',
  NO_MARKER: 'NO_MARKER',
  /** Carson River: a river parcel can never be owned, bought, built on or given a House (§10.2). */
  RIVER_PARCEL: 'RIVER_PARCEL',
  /** Carson River: a bridge takes 2 roads from your own reserve (§10.2). */
  BRIDGE_NEEDS_TWO_ROADS: 'BRIDGE_NEEDS_TWO_ROADS',
  /** Carson River: at most one School on each side of the river (§10.2). */
  ONE_SCHOOL_PER_SIDE: 'ONE_SCHOOL_PER_SIDE',
  NO_HORSE: 'NO_HORSE',
  ILLEGAL_TILES: 'ILLEGAL_TILES',
  /** Outlaws: an outlaw's parcel cannot be bought, built on or given a House (§10.5). */
  OUTLAW_PARCEL: 'OUTLAW_PARCEL',
} as const;

/** Carson River: the refusal of a river parcel (§10.2). */
export const riverViolation = (): RuleViolation =>
  violation(Codes.RIVER_PARCEL, 'a river parcel can never be owned, bought or built on (§10.2)');

/** The open prompt of `seat`, if any. */
export function promptOf(s: CarsonState, seat: Seat): PromptState | null {
  const p = s.flow.prompt;
  if (!p || s.flow.phase === 'GAME_OVER') return null;
  // A New Beginning's sheets: every seat still waiting answers the same simultaneous prompt.
  if (p.kind === 'FILL_SHEET') return p.waiting.includes(seat) ? p : null;
  // Might is Right: a sealed tile choice is open to every waiting seat at once (§10.3).
  if (p.kind === 'CHOOSE_DUEL_TILE') return p.waiting.includes(seat) ? p : null;
  // Kit Carson: one simultaneous prompt for every seat that has not locked (§10.4).
  if (p.kind === 'KIT_PLACEMENT') return p.seats.includes(seat) ? p : null;
  return p.seat === seat ? p : null;
}

/** The open prompt of `seat` when it is of `kind` (a handler reads the prompt it answers). */
export function promptOfKind<K extends PromptState['kind']>(
  s: CarsonState,
  seat: Seat,
  kind: K,
): Extract<PromptState, { kind: K }> | null {
  const p = promptOf(s, seat);
  return p !== null && p.kind === kind ? (p as Extract<PromptState, { kind: K }>) : null;
}
