/**
 * Kit Carson (§10.4, simultaneous placement; moved from flow.ts, agenda.ts and validate.ts,
 * #12 item 4): the opening, the session, its prompt as the agenda derives it, the Horses' offer
 * with it, and what a seat may do at the session's prompt. The core reaches it through the port
 * (`PORTS.kit`); whether the module is in play stays the core's `kitCarson` (an options query).
 * Still in the core: the session's commands in decide.ts (`kitSeq`) and legal.ts
 * (`kitCandidates`, `kitMoves`), the placement rule's Kit branch in agenda.ts `afterPlacement`,
 * and the end bonus in score.ts.
 */
import { type RuleViolation, type Seat, violation } from '../../../engine';
import { canPlace } from '../../phases/placement/agenda';
import type { CarsonCommand } from '../../commands';
import type { Ctx } from '../../ctx';
import { endPlacement } from '../../phases/placement/flow';
import type { CarsonState, PromptState } from '../../state';
import { Codes, locationViolation, ownPlacement, placementViolation, targetLoc } from '../../validate';

/** Kit Carson with Horses: fewer horses stabled this round than the seat's cowboys placed. */
export function kitHorseDue(s: CarsonState, seat: Seat): boolean {
  if (!s.horses) return false;
  const stabled = s.horses.players[seat].stables.reduce((a, b) => a + b, 0);
  return stabled < s.placements.filter((p) => p.seat === seat).length;
}

/** Kit Carson's session prompt: every seat that has not locked, in turn order (§10.4). */
export function kitPrompt(s: CarsonState, seq: number): PromptState | null {
  const seats = s.turnOrder.filter((seat) => !s.passed.includes(seat));
  return seats.length > 0 ? { seat: seats[0], kind: 'KIT_PLACEMENT', seats, seq } : null;
}

/**
 * Opening (§10.4 rule 1): the round's first player (first on the turn-order track) places their
 * first cowboy — a normal PLACE_COWBOY prompt, where PASS is their lock. One who cannot place
 * locks automatically, as in §4.3; the simultaneous session then opens at once. (Horses: stable 2
 * is not used with Kit Carson, §10.4; the Horses module hooks its stables after each placement.)
 */
export function kitOpening(ctx: Ctx): void {
  const s = ctx.state;
  const first = s.turnOrder[0];
  if (canPlace(s, first)) {
    ctx.prompt({ seat: first, kind: 'PLACE_COWBOY', index: 0 });
    return;
  }
  ctx.emit({ type: 'PASSED', seat: first, position: s.passed.length + 1, automatic: true });
  kitSession(ctx, 0);
}

/**
 * The simultaneous placement (§10.4 rules 2-3, online model): every player who has not locked is
 * prompted at once (KIT_PLACEMENT) and may place, move or withdraw cowboys, or lock, in any
 * order; commands apply in arrival order. A player with nothing to place and nothing placed locks
 * automatically (§4.3 "must pass"; in turn order). When all have locked, Phase 3 begins.
 */
export function kitSession(ctx: Ctx, seq: number): void {
  const s = ctx.state;
  for (const seat of s.turnOrder) {
    if (s.passed.includes(seat) || canPlace(s, seat) || s.placements.some((p) => p.seat === seat)) continue;
    ctx.emit({ type: 'PASSED', seat, position: s.passed.length + 1, automatic: true });
  }
  const seats = s.turnOrder.filter((seat) => !s.passed.includes(seat));
  if (seats.length === 0) return endPlacement(ctx);
  ctx.prompt({ seat: seats[0], kind: 'KIT_PLACEMENT', seats, seq });
}

/** A command at the KIT_PLACEMENT prompt: lock, place, move or withdraw one of your cowboys (§10.4). */
export function kitViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  wrong: () => RuleViolation,
): RuleViolation | null {
  switch (cmd.type) {
    case 'LOCK':
      return null;
    case 'PLACE_COWBOY':
      return placementViolation(s, seat, cmd);
    case 'RELOCATE_COWBOY': {
      const placed = ownPlacement(s, seat, cmd);
      if (!placed) return violation(Codes.NO_COWBOY, 'no such cowboy of yours there');
      if (cmd.to.kind === 'STABLE')
        return violation(Codes.ILLEGAL_TARGET, 'a stable takes a cowboy from your reserve: place one there');
      if (targetLoc(cmd.to) === placed.loc)
        return violation(Codes.ILLEGAL_TARGET, 'that cowboy is already there');
      // The destination is checked like a new placement of that cowboy with its markers,
      // on the board without it (§10.4: legality against the current state).
      const without = { ...s, placements: s.placements.filter((x) => x !== placed) };
      return locationViolation(without, seat, cmd.to, placed);
    }
    case 'WITHDRAW_COWBOY':
      return ownPlacement(s, seat, cmd) ? null : violation(Codes.NO_COWBOY, 'no such cowboy of yours there');
    default:
      return wrong();
  }
}
