/**
 * The Horses' commands (§10.6; #12 item 4, moved from commands.ts, validate.ts, decide.ts and
 * legal.ts): STABLE_HORSE (the offer after a placement), BUY_HORSE (Wages) and
 * MOVE_PLACED_COWBOY (stable 2's move), and what a decline of their offers emits
 * (`declineOffer`, the port's). The other answers to their prompts are the core's (DECLINE_ACTION,
 * which asks `declineOffer`; PASS and PLACE_COWBOY at STABLE_TWO).
 */
import { type RuleViolation, type Seat, violation } from '../../../engine';
import { rules3 } from '../../agenda-modules';
import { bad, isStable, targetField, type Raw } from '../../commands';
import { Codes, promptOfKind } from '../../codes';
import type { Ctx } from '../../ctx';
import { STABLES } from '../../data/modules';
import { boardTargets, targetOf } from '../../phases/placement/listing';
import { placementViolation, targetLoc } from '../../phases/placement/rules';
import type { CarsonHandler, CommandOf } from '../../protocol';
import type { CarsonState, PromptState } from '../../state';
import { kitOn } from '../kit/kit';
import { canStableHorse, movableCowboys, stableEffect } from './horses';

type StableHorse = CommandOf<'STABLE_HORSE'>;
type BuyHorse = CommandOf<'BUY_HORSE'>;
type MovePlaced = CommandOf<'MOVE_PLACED_COWBOY'>;

/** `stable` 1..5. */
function parseStable<T extends 'STABLE_HORSE' | 'BUY_HORSE'>(o: Raw): CommandOf<T> | RuleViolation {
  return isStable(o.stable)
    ? ({ type: o.type as T, stable: o.stable } as CommandOf<T>)
    : bad('stable is 1..5');
}

/** A horse from the personal supply into stable 1..5 (§10.6); not stable 2 with Kit Carson. */
function stableHorseViolation(s: CarsonState, seat: Seat, cmd: StableHorse): RuleViolation | null {
  // Kit Carson: stable 2 (its extra placement / move / pass) is not used (§10.4, PT p. 19).
  if (cmd.stable === 2 && kitOn(s))
    return violation(Codes.ILLEGAL_TARGET, 'stable 2 is not used with Kit Carson');
  return canStableHorse(s, seat) ? null : violation(Codes.NO_HORSE, 'no horse in your personal supply');
}

const STABLE_HORSES: readonly StableHorse[] = STABLES.map((stable) =>
  Object.freeze({ type: 'STABLE_HORSE' as const, stable }),
);
const BUY_HORSES: readonly BuyHorse[] = STABLES.map((stable) =>
  Object.freeze({ type: 'BUY_HORSE' as const, stable }),
);

/** STABLE_HORSE (§10.6): the horse goes into the stable, whose effect applies at once. */
export const STABLE_HORSE: CarsonHandler<StableHorse> = {
  type: 'STABLE_HORSE',
  types: ['STABLE_HORSE'],
  answers: ['STABLE_HORSE'],
  keys: ['stable'],
  parse: parseStable<'STABLE_HORSE'>,
  check: stableHorseViolation,
  decide(ctx: Ctx, seat: Seat, cmd: StableHorse): void {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'STABLE_HORSE') return;
    ctx.emit({ type: 'HORSE_STABLED', seat, stable: cmd.stable });
    stableEffect(ctx, seat, cmd.stable, prompt.index);
  },
  legal: (s, seat) => STABLE_HORSES.filter((c) => stableHorseViolation(s, seat, c) === null),
  candidates: () => STABLE_HORSES.slice(),
};

/** Wages (§10.6): the horse costs the $4 the cowboy would have received. */
function buyHorseViolation(s: CarsonState, seat: Seat): RuleViolation | null {
  const prompt = promptOfKind(s, seat, 'BUY_HORSE')!;
  return s.players[seat].money >= prompt.price
    ? null
    : violation(Codes.INSUFFICIENT_FUNDS, `a horse costs $${prompt.price}`);
}

/** BUY_HORSE (§10.6): pay for a horse, into a stable at once (stable 2 does nothing in Phase 3). */
export const BUY_HORSE: CarsonHandler<BuyHorse> = {
  type: 'BUY_HORSE',
  types: ['BUY_HORSE'],
  answers: ['BUY_HORSE'],
  keys: ['stable'],
  parse: parseStable<'BUY_HORSE'>,
  check: buyHorseViolation,
  decide(ctx: Ctx, seat: Seat, cmd: BuyHorse): void {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'BUY_HORSE') return;
    ctx.emit({ type: 'HORSE_BOUGHT', seat, price: prompt.price, stable: cmd.stable });
    stableEffect(ctx, seat, cmd.stable, -1);
  },
  legal: (s, seat) => (buyHorseViolation(s, seat) === null ? BUY_HORSES.slice() : []),
  candidates: () => BUY_HORSES.slice(),
};

/** Stable 2's move from JSON: `from`, and `to` (omitted: back to the reserve). */
function parseMovePlaced(o: Raw): MovePlaced | RuleViolation {
  const from = targetField(o.from);
  if (typeof from === 'string') return bad(`from: ${from}`);
  if (o.to === undefined) return { type: 'MOVE_PLACED_COWBOY', from };
  const to = targetField(o.to);
  if (typeof to === 'string') return bad(`to: ${to}`);
  return { type: 'MOVE_PLACED_COWBOY', from, to };
}

/** The state as if `seat`'s plain cowboy at `loc` were back in its reserve. */
function withoutCowboy(s: CarsonState, seat: Seat, loc: string): CarsonState {
  const i = s.placements.findIndex((p) => p.seat === seat && p.loc === loc && !p.white);
  return {
    ...s,
    placements: s.placements.filter((_, k) => k !== i),
    players: s.players.map((p, k) => (k === seat ? { ...p, reserve: p.reserve + 1 } : p)),
  };
}

/**
 * Stable 2's move (§10.6): a plain cowboy of the seat from a board location to another board
 * location (checked as a fresh placement with that cowboy back in the reserve) or to the reserve.
 */
function moveViolation(s: CarsonState, seat: Seat, cmd: MovePlaced): RuleViolation | null {
  const from = targetLoc(cmd.from);
  if (!movableCowboys(s, seat).some((p) => p.loc === from))
    return violation(Codes.ILLEGAL_TARGET, 'no plain cowboy of yours there to move');
  if (cmd.to === undefined) return null;
  if (cmd.to.kind === 'STABLE')
    return violation(Codes.ILLEGAL_TARGET, 'a moved cowboy goes to the board or back to your reserve');
  if (targetLoc(cmd.to) === from) return violation(Codes.ILLEGAL_TARGET, 'move it to another location');
  return placementViolation(withoutCowboy(s, seat, from), seat, { type: 'PLACE_COWBOY', target: cmd.to });
}

/** Stable 2: per movable cowboy, back to the reserve, then to each board target. */
function stableTwoMoves(s: CarsonState, seat: Seat): MovePlaced[] {
  const out: MovePlaced[] = [];
  for (const from of movableCowboys(s, seat)) {
    const fromTarget = targetOf(from.loc);
    out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget });
    for (const to of boardTargets(s)) out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget, to });
  }
  return out;
}

/** MOVE_PLACED_COWBOY (§10.6, stable 2): the cowboy returns, then goes on the board if `to`. */
export const MOVE_PLACED_COWBOY: CarsonHandler<MovePlaced> = {
  type: 'MOVE_PLACED_COWBOY',
  types: ['MOVE_PLACED_COWBOY'],
  answers: ['STABLE_TWO'],
  keys: ['from', 'to'],
  parse: parseMovePlaced,
  check: moveViolation,
  decide(ctx: Ctx, seat: Seat, cmd: MovePlaced): void {
    const from = targetLoc(cmd.from);
    ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'MOVE_COWBOY' });
    ctx.emit({ type: 'COWBOY_RETURNED', seat, loc: from, to: 'RESERVE', white: false, reason: 'STABLE_2' });
    if (!cmd.to) return;
    ctx.emit({
      type: 'COWBOY_PLACED',
      seat,
      loc: targetLoc(cmd.to),
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
      // A fact only agenda rules 3 read: games that declared older rules store what they did.
      ...(rules3(ctx.state) && { moved: true }),
    });
  },
  legal: (s, seat) => stableTwoMoves(s, seat).filter((c) => moveViolation(s, seat, c) === null),
  candidates: stableTwoMoves,
};

/**
 * DECLINE_ACTION at one of the module's offers (§10.6): the horse kept, the ordinary $4 of Wages
 * instead of a horse, stable 2's nothing. Each is its own fact (no ACTION_DECLINED).
 */
export function declineOffer(ctx: Ctx, seat: Seat, prompt: PromptState): boolean {
  if (prompt.kind === 'STABLE_HORSE') ctx.emit({ type: 'HORSE_KEPT', seat });
  else if (prompt.kind === 'BUY_HORSE') ctx.emit({ type: 'MONEY', seat, delta: 4, reason: 'WAGES' });
  else if (prompt.kind === 'STABLE_TWO') ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'NOTHING' });
  else return false;
  return true;
}
