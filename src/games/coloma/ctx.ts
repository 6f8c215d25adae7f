/**
 * The decision context (the kit's WorkingContext) and the shared effects: every step emits an
 * event and folds it into a new working state with `evolve`, so events are the single source of
 * truth.
 */
import { violation, type RuleViolation, type Seat } from '../engine';
import { WorkingContext } from '../kit/context';
import type { Rng } from '../random';
import type { Bundle } from './data/printed';
import type { Amounts, ColomaEvent } from './events';
import { evolve, MAX_OUTLAWS } from './evolve';
import { goldInSupply, goldValue } from './rules';
import type { ColomaState, PlayerState } from './state';

export type Ctx = WorkingContext<ColomaState, ColomaEvent>;

/** A context starting at `state` (never written: each event gives a new state). */
export function newCtx(state: ColomaState, rng: Rng): Ctx {
  return new WorkingContext(state, rng, evolve);
}

export const ColomaViolations = {
  WRONG_STEP: 'WRONG_STEP',
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  INSUFFICIENT: 'INSUFFICIENT',
  ILLEGAL_TARGET: 'ILLEGAL_TARGET',
  LIMIT: 'LIMIT',
} as const;

export const fail = (code: keyof typeof ColomaViolations, message: string): RuleViolation =>
  violation(code, message);

export function emit(ctx: Ctx, event: ColomaEvent): void {
  ctx.emit(event);
}

export const MAX_HORSES = 6;

/** Draw `n` cards; each card the deck lacks is 1 VP (RB L148). */
export function draw(ctx: Ctx, seat: Seat, n: number): void {
  const p = ctx.state.players[seat];
  const count = Math.min(n, p.deck.length);
  if (n > 0)
    emit(ctx, { type: 'CARDS_DRAWN', seat, cards: p.deck.slice(0, count), count, missing: n - count });
}

/** The face-down Barrels a draw may give (RULES.md D13: the discards once the stack is empty). */
export function drawablePool(s: ColomaState): Record<string, number> {
  return Object.values(s.barrelPool).some((n) => n > 0) ? s.barrelPool : s.barrelDiscard;
}

export function pickBarrel(pool: Record<string, number>, rng: Rng): string | null {
  const all = Object.keys(pool)
    .sort()
    .flatMap((id) => Array.from({ length: pool[id] }, () => id));
  return all.length === 0 ? null : rng.pick(all);
}

/** Take a Barrel from Hideout space `from` and add its Outlaws (RB L293-L302). */
export function takeBarrel(ctx: Ctx, seat: Seat, from: number): void {
  const s = ctx.state;
  const barrel = from === 0 ? pickBarrel(drawablePool(s), ctx.rng) : s.hideout[from - 1];
  if (barrel === null) return;
  const refill = from > 0 ? pickBarrel(drawablePool(s), ctx.rng) : null;
  const outlaws = Math.min(s.data.shootout.hideout[from], MAX_OUTLAWS - s.outlaws);
  emit(ctx, { type: 'BARREL_TAKEN', seat, from, barrel, outlaws, refill });
}

/** Gain a bundle within the limits (RB L139-L140, L284-L292; empty Gold Supply: $1 a Nugget, L157). */
export function grant(ctx: Ctx, seat: Seat, b: Bundle, reason: string): void {
  const p = ctx.state.players[seat];
  const gold = Math.min(b.gold ?? 0, goldInSupply(ctx.state));
  const gains: Amounts = {};
  const put = (k: keyof Amounts, v: number) => {
    if (v > 0) gains[k] = v;
  };
  put('bucks', (b.bucks ?? 0) + (b.gold ?? 0) - gold);
  put('gold', gold);
  put('dudes', Math.min(b.dudes ?? 0, p.supplyDudes));
  put('tents', Math.min(b.tents ?? 0, p.supplyTents));
  put('horses', Math.min(b.horses ?? 0, MAX_HORSES - p.horses));
  put('vp', b.vp ?? 0);
  if (Object.keys(gains).length > 0) emit(ctx, { type: 'GAINED', seat, gains, reason });
  draw(ctx, seat, b.cards ?? 0);
  for (let i = 0; i < (b.barrel ?? 0); i++) takeBarrel(ctx, seat, 0);
}

export interface Cost {
  bucks?: number;
  gold?: number;
  dudes?: number;
  tents?: number;
  horses?: number;
}

/**
 * What paying `cost` takes when `goldAsBucks` Nuggets replace Bucks (RULES.md §2.5: no change; a
 * Nugget beyond what the Bucks part needs is refused as pointless).
 */
export function payment(
  s: ColomaState,
  p: PlayerState,
  cost: Cost,
  goldAsBucks: number,
): Amounts | RuleViolation {
  const need = cost.bucks ?? 0;
  const value = goldValue(s);
  if (goldAsBucks > 0 && (goldAsBucks - 1) * value >= need)
    return fail('INSUFFICIENT', 'more Nuggets than the Bucks cost needs');
  const bucks = Math.max(0, need - goldAsBucks * value);
  const gold = (cost.gold ?? 0) + goldAsBucks;
  const short =
    bucks > p.bucks ||
    gold > p.gold ||
    (cost.dudes ?? 0) > p.dudes ||
    (cost.tents ?? 0) > p.tents ||
    (cost.horses ?? 0) > p.horses;
  if (short) return fail('INSUFFICIENT', 'you cannot pay that cost');
  const out: Amounts = {};
  if (bucks) out.bucks = bucks;
  if (gold) out.gold = gold;
  if (cost.dudes) out.dudes = cost.dudes;
  if (cost.tents) out.tents = cost.tents;
  if (cost.horses) out.horses = cost.horses;
  return out;
}

/** The `goldAsBucks` values that pay `cost` for `p`. */
export function goldChoices(s: ColomaState, p: PlayerState, cost: Cost): number[] {
  const out: number[] = [];
  for (let g = 0; g <= p.gold; g++) {
    const r = payment(s, p, cost, g);
    if (!('violation' in r)) out.push(g);
    if (g * goldValue(s) >= (cost.bucks ?? 0)) break;
  }
  return out;
}

export function paid(ctx: Ctx, seat: Seat, amounts: Amounts, reason: string): void {
  if (Object.keys(amounts).length > 0) emit(ctx, { type: 'PAID', seat, paid: amounts, reason });
}
