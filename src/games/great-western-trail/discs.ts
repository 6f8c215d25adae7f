/**
 * Player-board discs leaving the board for a station or a city (RULES.md §2.4 step 2, §2.6, D3,
 * D17), and the certificate track (§3.9, D24).
 *
 * A disc choice is a string: a disc id still on the player board (`CERT-4`, `HAND-1`...), or a
 * station id (`STATION-3`) meaning "move my disc from that station" (only when no board disc can be
 * taken), or null (a delivery with no disc at all: no board disc and no station disc).
 *
 * Corners: a white-corner space takes only white-corner discs, a black-corner space any disc; when
 * no white-corner disc is left on the board, a black one may stand in on a white space. Hand-limit
 * discs cost $5 when removed, so they are offered only if the $5 (plus the cost that comes with the
 * placement: station cost, transport cost) can be paid.
 */
import { violation, type RuleViolation, type Seat } from '../engine';
import type { Ctx } from './ctx';
import { CERTIFICATE_TRACK, disc as discData, DISCS } from './data/player-board';
import { city, discFits, station, STATION_MASTERS } from './data/railroad';
import type { CityId, Corner, DiscId, StationId } from './data/types';
import type { GwtState } from './state';

export type DiscTarget = { station: StationId } | { city: CityId };
/** A disc id on the board, a station id (move the disc from there), or null (no disc at all). */
export type DiscChoice = string | null;

const BOARD_DISC_IDS = new Set<string>(DISCS.map((d) => d.id));

export function targetCorner(target: DiscTarget): Corner {
  return 'station' in target ? station(target.station).corner : city(target.city).corner;
}

/** Dollars removing this disc costs (HAND-1/HAND-2: $5), 0 otherwise. */
export function discRemovalCost(id: string): number {
  const d = discData(id as DiscId);
  return d.unlocks.kind === 'HAND_LIMIT' ? d.unlocks.removalCostDollars : 0;
}

/** Stations holding `seat`'s disc. */
export function stationsWithDisc(state: GwtState, seat: Seat): StationId[] {
  return Object.entries(state.stationDiscs)
    .filter(([, seats]) => seats.includes(seat))
    .map(([id]) => id as StationId);
}

/**
 * The disc choices `seat` has for `target`, when `extraCost` dollars must also be paid with the
 * placement (station upgrade cost, transport cost). Board discs first; if none can be taken, the
 * seat's station discs (never the target station); if none either, `[null]` for a city (the
 * delivery happens without a disc, D3) and `[]` for a station (no upgrade possible).
 */
export function discChoices(state: GwtState, seat: Seat, target: DiscTarget, extraCost = 0): DiscChoice[] {
  const p = state.players[seat];
  const corner = targetCorner(target);
  const onBoard = DISCS.filter((d) => p.discs.includes(d.id));
  const whiteLeft = onBoard.some((d) => d.corner === 'white');
  const fits = onBoard.filter((d) => discFits(d.corner, corner) || !whiteLeft);
  const board = fits.filter((d) => p.money >= extraCost + discRemovalCost(d.id)).map((d) => d.id as string);
  if (board.length > 0) return board;
  const fromStations = stationsWithDisc(state, seat).filter(
    (s) => !('station' in target && target.station === s),
  );
  if (fromStations.length > 0) return fromStations;
  return 'city' in target ? [null] : [];
}

export function checkDiscChoice(
  state: GwtState,
  seat: Seat,
  target: DiscTarget,
  choice: DiscChoice,
  extraCost = 0,
): RuleViolation | null {
  const choices = discChoices(state, seat, target, extraCost);
  if (choices.includes(choice)) return null;
  if (choice !== null && BOARD_DISC_IDS.has(choice)) {
    const p = state.players[seat];
    if (!p.discs.includes(choice))
      return violation('DISC_NOT_ON_BOARD', `Disc ${choice} is no longer on your board.`);
    const whiteLeft = DISCS.some((d) => d.corner === 'white' && p.discs.includes(d.id));
    if (discData(choice as DiscId).corner === 'black' && targetCorner(target) === 'white' && whiteLeft)
      return violation(
        'WRONG_DISC_CORNER',
        'A black-corner disc may go on a white-corner space only when no white-corner disc is left.',
      );
    if (discRemovalCost(choice) > 0 && p.money < extraCost + discRemovalCost(choice))
      return violation(
        'CANNOT_AFFORD_DISC',
        `Removing ${choice} costs $${discRemovalCost(choice)}, which you cannot pay here.`,
      );
  }
  return violation(
    'ILLEGAL_DISC',
    `Choose one of: ${choices.map((c) => c ?? 'none').join(', ') || 'none (not possible)'}.`,
  );
}

/**
 * Put the chosen disc on `target` (checked before). Removing STEP-DOLLARS gains $3 at once,
 * removing a HAND disc costs $5 at once; the other effects follow from the discs left (limits.ts).
 */
/** A disc id from the player board (not a station id standing for a disc moved off a station). */
export function isBoardDisc(choice: string): boolean {
  return BOARD_DISC_IDS.has(choice);
}

export function placeDisc(ctx: Ctx, seat: Seat, choice: DiscChoice, target: DiscTarget): void {
  const fromBoard = choice !== null && BOARD_DISC_IDS.has(choice);
  const fromStation = choice !== null && !fromBoard ? choice : null;
  ctx.emit({ type: 'DISC_PLACED', seat, disc: fromBoard ? choice : null, fromStation, to: target });
  if (!fromBoard) return;
  const d = discData(choice as DiscId);
  if (d.unlocks.kind === 'HAND_LIMIT') ctx.money(seat, -d.unlocks.removalCostDollars, 'DISC');
  if (d.unlocks.kind === 'STEP_LIMIT' && d.unlocks.onRemoval?.type === 'GAIN_DOLLARS')
    ctx.money(seat, d.unlocks.onRemoval.amount, 'DISC');
}

// ---------------------------------------------------------------------------------------------
// Certificates

/** Spending `k` must land the marker on a track space (from 6 only 2..6, D24). */
export function canSpendCertificates(current: number, k: number): boolean {
  return Number.isInteger(k) && k >= 0 && k <= current && CERTIFICATE_TRACK.includes(current - k);
}

/** Permanent certificates on the seat's station-master tiles. */
export function permanentCertificates(state: GwtState, seat: Seat): number {
  return state.players[seat].stationMasters.reduce((n, id) => {
    const m = STATION_MASTERS.find((x) => x.id === id);
    return n + (m?.top.kind === 'PERMANENT_CERTIFICATES' ? m.top.amount : 0);
  }, 0);
}
