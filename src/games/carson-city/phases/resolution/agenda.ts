/**
 * Phase 3's agenda (§4.4, §5): step 5's duels and parcel purchases (§5.1, §5.2, §5.4, §13 #9)
 * and a building bought from the track (§5.5); the rest of the resolution is agenda-resolve.ts.
 */
import type { Seat } from '../../../engine';
import { DOCTOR } from '../../data/personalities';
import type { CarsonEvent } from '../../events';
import { PORTS } from '../../ports';
import { holderOf, locParcel, parcelPrice, propertyTilesLeft } from '../../rules';
import type { CarsonState, Flow, Task } from '../../state';
import { rules4 } from '../../agenda-version';
import { mightOf, passIndex } from '../../table';

/**
 * DICE_ROLLED `purpose` of a duellist's plain dice in a duel with a Marksman (rules 4: the
 * Marksmen choose seeing them, so the flow needs them as a fact; a Marksman's own are `MARKSMAN`).
 */
export const MARKSMAN_DUEL_DICE = 'MARKSMAN_DUEL';

/** Step 1 (§5.1): the cowboy leaves the parcel, then its owner may buy it. */
export function afterParcelRetire(s: CarsonState, seat: Seat, parcel: number): Flow | null {
  const f = s.flow;
  const task = f.tasks[0];
  if (task?.t !== 'BUY_PARCEL' || task.seat !== seat || task.parcel !== parcel || s.solo?.standish === seat)
    return null;
  const price = parcelPrice(s, parcel, seat);
  const open =
    propertyTilesLeft(s, seat) > 0 && s.players[seat].money >= price && s.parcels[parcel].owner === null;
  return {
    ...f,
    tasks: f.tasks.slice(1),
    prompt: open ? { seat, kind: 'BUY_PARCEL', parcel, price } : null,
  };
}

/** Rules 2, a building bought from the track (§5.5): its placement opens for the buyer. */
export function afterPurchase(f: Flow, e: Extract<CarsonEvent, { type: 'BUILDING_BOUGHT' }>): Flow | null {
  const p = f.prompt;
  if (e.reason !== 'PURCHASE' || p?.kind !== 'BUY_BUILDING' || p.seat !== e.seat || p.building !== e.building)
    return null;
  return { ...f, prompt: { seat: e.seat, kind: 'PLACE_BUILDING', mode: 'PURCHASE', only: e.building } };
}

/** Contested locations of a step: parcels (step 5) or attacked/defended buildings (step 16). */
export function contested(s: CarsonState, step: 'PARCELS' | 'ESTATE'): string[] {
  const prefix = step === 'PARCELS' ? 'P:' : 'B:';
  const locs: string[] = [];
  // No per-placement sets or lists (a duel step asks this for every fact): a location is
  // contested when a cowboy of another seat is there too; listed in order of first placement.
  const all = s.placements;
  for (let i = 0; i < all.length; i++) {
    const { loc, seat } = all[i];
    if (!loc.startsWith(prefix) || locs.includes(loc)) continue;
    if (step === 'ESTATE' && locParcel(loc) === s.townHall.parcel) continue;
    if (PORTS.outlaws.isOutlawLoc(s, loc)) continue;
    let other = false;
    for (let j = i + 1; j < all.length && !other; j++) other = all[j].loc === loc && all[j].seat !== seat;
    if (other) locs.push(loc);
  }
  return locs.sort((a, b) => locParcel(a) - locParcel(b));
}

/**
 * Rules 2, a dice duel of a step's duels (§5.2, §13 #9; the DUELS task stays at the head while
 * any is left): two or more contested locations left, their chooser orders them again; one, its
 * duel follows; none at step 5, the parcel purchases begin (their COWBOY_RETURNED facts open
 * each purchase). Left out: solo, Might is Right, a Doctor or Undertaker in play (his tasks
 * follow a duel), step 16's continuation.
 */
export function afterDuel(s: CarsonState, loc: string): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const task = f.tasks[0];
  // Solo: rules 4 (Standish's claims after the duels are agenda-modules.ts `standishClaim`).
  if (
    (s.solo && !rules4(s)) ||
    mightOf(s) ||
    holderOf(s, DOCTOR) !== null ||
    task?.t !== 'DUELS' ||
    task.chooser === null
  )
    return null;
  if (p !== null && (p.kind !== 'CHOOSE_DUEL_ORDER' || p.step !== task.step || !p.locs.includes(loc)))
    return null;
  const locs = contested(s, task.step);
  if (locs.length >= 2)
    return { ...f, prompt: { seat: task.chooser, kind: 'CHOOSE_DUEL_ORDER', step: task.step, locs } };
  if (locs.length === 1) return { ...f, prompt: null };
  const rest = f.tasks.slice(1);
  if (task.step !== 'PARCELS' || rest[0]?.t !== 'PARCEL_BUYS') return null;
  return { ...f, prompt: null, tasks: [...parcelClaims(s), ...rest.slice(1)] };
}

/** Step 5's purchases (§5.1): each claim in pass order, then by parcel (outlaws' parcels fight). */
export function parcelClaims(s: CarsonState): Task[] {
  const claims = s.placements.filter((p) => p.loc.startsWith('P:') && !PORTS.outlaws.isOutlawLoc(s, p.loc));
  claims.sort((a, b) => passIndex(s, a.seat) - passIndex(s, b.seat) || locParcel(a.loc) - locParcel(b.loc));
  return claims.map((c): Task => ({ t: 'BUY_PARCEL', seat: c.seat, parcel: locParcel(c.loc) }));
}
