/**
 * The Horses module (§10.6, PT p. 20): horses, the five stables of the player board, the rodeo.
 * Pure queries first, then the steps the flow and `decide` run. Without the module
 * (`state.horses === null`) every query answers "nothing" and no step is ever scheduled.
 *
 * Kit Carson: with it, stable 2 is not used (PT p. 19, §10.4): STABLE_HORSE's check
 * (./commands.ts) refuses `{ stable: 2 }` then, and PLACE_COWBOY (phases/placement/commands.ts)
 * bounds the horse offers of its placements.
 */
import type { Seat } from '../../../engine';
import type { Ctx } from '../../ctx';
import type { RodeoScore } from '../../events';
import { STABLES } from '../../data/modules';
import type { CarsonState, Placement, StableNo } from '../../state';

export { STABLES };
/** Horses in the game: 25 markers (§1); each player starts with one of them (§10.6). */
export const HORSE_COUNT = 25;
export const RODEO_MARKERS = 4;
/** Wages: a horse costs the $4 the cowboy would have received (§5.1, §10.6). */
export const HORSE_PRICE = 4;
/** Stable 4: +$2 at once per horse put there (§10.6). */
export const STABLE_FOUR_MONEY = 2;

export function horsesOn(s: CarsonState): boolean {
  return s.horses !== null;
}

/** Rodeo value per horse ("hat"): 1, 2, (not printed: option, default 2, §13 #30), 3, 5. */
export function hat(s: CarsonState, stable: StableNo): number {
  return [1, 2, s.options.stable3RodeoValue, 3, 5][stable - 1];
}

export const stableLoc = (stable: StableNo): string => `S:${stable}`;
export const isStableLoc = (loc: string): boolean => loc.startsWith('S:');

export function horsesIn(s: CarsonState, seat: Seat, stable: StableNo): number {
  return s.horses ? s.horses.players[seat].stables[stable - 1] : 0;
}

/** Horses a seat owns (personal supply + stables), for the final score (§8 item 3). */
export function horsesOwned(s: CarsonState, seat: Seat): number {
  if (!s.horses) return 0;
  const h = s.horses.players[seat];
  return h.supply + h.stables.reduce((a, b) => a + b, 0);
}

/** Does `seat` have a cowboy in its stable `stable` this round (at most one, §10.6)? */
export function stableCowboy(s: CarsonState, seat: Seat, stable: StableNo): boolean {
  return s.placements.some((p) => p.seat === seat && p.loc === stableLoc(stable));
}

/** Stable 1: +1 firepower with a horse there, +2 with 3 or more (§5.3, §10.6). */
export function stableFirepower(s: CarsonState, seat: Seat): number {
  const n = horsesIn(s, seat, 1);
  return n >= 3 ? 2 : n >= 1 ? 1 : 0;
}

/** Can `seat` put a horse from its personal supply into a stable now (after a placement)? */
export function canStableHorse(s: CarsonState, seat: Seat): boolean {
  return s.horses !== null && s.horses.players[seat].supply > 0;
}

/**
 * Wages: may this seat buy a horse, given the $4 × (count − 1) its other cowboys there bring
 * first? The general supply must hold one (horses are limited, §1). One horse per player per
 * round (§10.6) holds because a seat's Wages cowboys resolve together, once per round.
 */
export function canBuyHorse(s: CarsonState, seat: Seat, count: number): boolean {
  if (!s.horses || s.horses.supply === 0 || count < 1) return false;
  return s.players[seat].money + HORSE_PRICE * (count - 1) >= HORSE_PRICE;
}

/**
 * Stable 2's "move one of your placed cowboys": a plain cowboy of the seat on the board (§10.6:
 * "another location on the board or back to your reserve"). Cowboys in stables are on the player
 * board, and cowboys carrying a marker (white, the Singer's extra, no-duel, dynamite) are not
 * moved: the rules say nothing of the markers, so they are never taken off their location.
 */
export function movableCowboys(s: CarsonState, seat: Seat): Placement[] {
  const out: Placement[] = [];
  for (const p of s.placements) {
    if (p.seat !== seat || isStableLoc(p.loc) || p.white || p.extra || p.noDuel || p.dynamite) continue;
    if (!out.some((q) => q.loc === p.loc)) out.push(p);
  }
  return out;
}

/**
 * Stable 3: the seat's Ranches doubled this round, one per horse there, each at most once, never
 * one the Grocer doubles (§5.7 step 4.2, §10.6). "Can double" is a pure gain for the owner, so
 * the engine picks the Ranches where doubling gives the owner the most: an unattacked Ranch
 * gains its whole income, an attacked one half of it (the attacker takes half of the doubled
 * amount); ties by parcel index.
 */
export function ranchesToDouble(s: CarsonState, seat: Seat, income: (parcel: number) => number): number[] {
  const horses = horsesIn(s, seat, 3);
  if (horses === 0 || s.players[seat].doubled === 'RANCH') return [];
  const gains: { parcel: number; gain: number }[] = [];
  s.parcels.forEach((cell, parcel) => {
    if (cell.owner !== seat || cell.content !== 'RANCH') return;
    const attacked = s.placements.some((p) => p.loc === `B:${parcel}` && p.seat !== seat);
    const base = income(parcel);
    gains.push({ parcel, gain: attacked ? Math.floor(base / 2) : base });
  });
  gains.sort((a, b) => b.gain - a.gain || a.parcel - b.parcel);
  return gains
    .slice(0, horses)
    .map((g) => g.parcel)
    .sort((a, b) => a - b);
}

/** Every seat's rodeo score (§10.6): Σ horses × hat, doubled in a stable with a cowboy. */
export function rodeoScores(s: CarsonState): RodeoScore[] {
  const out: RodeoScore[] = [];
  for (let seat = 0; seat < s.seatCount; seat++) {
    const stables = STABLES.map((stable) => {
      const horses = horsesIn(s, seat, stable);
      const cowboy = stableCowboy(s, seat, stable);
      return {
        stable,
        horses,
        hat: hat(s, stable),
        cowboy,
        points: horses * hat(s, stable) * (cowboy ? 2 : 1),
      };
    });
    out.push({ seat, stables, score: stables.reduce((a, x) => a + x.points, 0) });
  }
  return out;
}

/**
 * The rodeo winner: the highest score, ties to the leftmost on the pass-order track (§10.6).
 * Nobody wins a rodeo where no one scored a point (decision: a rodeo without horses has no
 * winner), and nobody once the 4 markers are gone (cannot happen in 4 rounds).
 */
export function rodeoWinner(
  s: CarsonState,
  scores: RodeoScore[],
  passIndex: (seat: Seat) => number,
): Seat | null {
  if (!s.horses || s.horses.markersLeft === 0) return null;
  const best = Math.max(...scores.map((x) => x.score));
  if (best <= 0) return null;
  const tied = scores.filter((x) => x.score === best).map((x) => x.seat);
  return tied.sort((a, b) => passIndex(a) - passIndex(b))[0];
}

/** Horses × (1 + rodeo markers) (§8 item 3; T10: 3 horses, 2 markers → 9 VP). */
export function horseVp(horses: number, markers: number): number {
  return horses * (1 + markers);
}

// ---------------------------------------------------------------- steps

/**
 * Put a horse into a stable and apply that stable's immediate effect (§10.6): stable 4 pays $2
 * at once; stable 2 opens its choice, but only in Phase 2 (`index` ≥ 0): a horse bought on
 * Wages in Phase 3 finds stable 2's placement options meaningless (§13 #31). Stables 1, 3 and 5
 * act later (firepower, Ranch income, rodeo).
 */
export function stableEffect(ctx: Ctx, seat: Seat, stable: StableNo, index: number): void {
  if (stable === 4) ctx.emit({ type: 'MONEY', seat, delta: STABLE_FOUR_MONEY, reason: 'STABLE_4' });
  if (stable === 2 && index >= 0) ctx.prompt({ seat, kind: 'STABLE_TWO', index });
}

/** After a cowboy placement in Phase 2: offer a horse for a stable when the seat has one. */
export function offerHorse(ctx: Ctx, seat: Seat, index: number): void {
  if (canStableHorse(ctx.state, seat)) ctx.prompt({ seat, kind: 'STABLE_HORSE', index });
}

/**
 * The rodeo, first step of Phase 4 (§7 step 1): scores, the marker, then the horses go back to
 * their owners' supplies and stable cowboys to the general reserve (inferred: like every cowboy
 * that has acted; done here, before new cowboys are counted at §7 step 4).
 */
export function runRodeo(ctx: Ctx, passIndex: (seat: Seat) => number): void {
  const s = ctx.state;
  if (!s.horses) return;
  const scores = rodeoScores(s);
  ctx.emit({ type: 'RODEO', round: s.round, scores, winner: rodeoWinner(s, scores, passIndex) });
  for (let seat = 0; seat < s.seatCount; seat++) {
    const count = ctx.state.horses!.players[seat].stables.reduce((a, b) => a + b, 0);
    if (count > 0) ctx.emit({ type: 'HORSES_RETURNED', seat, count });
  }
  for (const p of ctx.state.placements.filter((x) => isStableLoc(x.loc))) {
    ctx.emit({
      type: 'COWBOY_RETURNED',
      seat: p.seat,
      loc: p.loc,
      to: 'GENERAL',
      white: false,
      reason: 'RODEO',
    });
  }
}
