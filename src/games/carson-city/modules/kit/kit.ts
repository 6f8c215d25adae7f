/**
 * Kit Carson (§10.4, simultaneous placement; moved from flow.ts, agenda.ts, validate.ts and
 * score.ts, #12 item 4): whether the module is in play, the opening, the session, its prompt as
 * the agenda derives it, the Horses' offer with it, what a seat may do at the session's prompt,
 * and the end bonus. The core reaches it through the port (`PORTS.kit`).
 */
import type { Seat } from '../../../engine';
import { canPlace } from '../../phases/placement/agenda';
import type { Ctx } from '../../ctx';
import { endPlacement } from '../../phases/placement/flow';
import type { CommandOf } from '../../protocol';
import type { CarsonState, Placement, PromptState } from '../../state';
import { targetLoc } from '../../phases/placement/rules';

/** Is the Kit Carson module (simultaneous placement) in play? */
export function kitOn(s: CarsonState): boolean {
  return s.options.modules.includes('KIT_CARSON');
}

/**
 * The end bonus (§8 item 6, §10.4): "Ao final da partida ... 1 PV por jogador atrás dele na
 * trilha de ordem de passe": once, at the end of the game, from the track as it then stands,
 * i.e. the final round's pass order (the lock order of round 4). 0 without the module.
 */
export function kitFinalVp(s: CarsonState, seat: Seat): number {
  const position = s.passTrack.indexOf(seat);
  return kitOn(s) && position >= 0 ? s.passTrack.length - 1 - position : 0;
}

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

/** The opening's prompt (§10.4 rule 1): the round's first player's PLACE_COWBOY, if they can place. */
export function kitOpeningPrompt(s: CarsonState): PromptState | null {
  const first = s.turnOrder[0];
  return canPlace(s, first) ? { seat: first, kind: 'PLACE_COWBOY', index: 0 } : null;
}

/**
 * Opening (§10.4 rule 1): the round's first player (first on the turn-order track) places their
 * first cowboy — a normal PLACE_COWBOY prompt, where PASS is their lock. One who cannot place
 * locks automatically, as in §4.3; the simultaneous session then opens at once. (Horses: stable 2
 * is not used with Kit Carson, §10.4; the Horses module hooks its stables after each placement.)
 */
export function kitOpening(ctx: Ctx): void {
  const s = ctx.state;
  const prompt = kitOpeningPrompt(s);
  if (prompt) {
    ctx.prompt(prompt);
    return;
  }
  ctx.emit({ type: 'PASSED', seat: s.turnOrder[0], position: s.passed.length + 1, automatic: true });
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

/**
 * The sequence number of a placement command in the round's Phase 2 (§10.4: each accepted
 * command is numbered): the session's next, or 1 for the first player's opening.
 */
export function kitSeq(prompt: PromptState): number {
  return prompt.kind === 'KIT_PLACEMENT' ? prompt.seq + 1 : 1;
}

/**
 * The seat's placed cowboy a RELOCATE/WITHDRAW command names (loc + white + dynamite). Cowboys
 * in stables (Horses) are on the player board: never moved or withdrawn.
 */
export function ownPlacement(
  s: CarsonState,
  seat: Seat,
  cmd: Pick<CommandOf<'WITHDRAW_COWBOY'>, 'from' | 'white' | 'dynamite'>,
): Placement | undefined {
  if (cmd.from.kind === 'STABLE') return undefined;
  const loc = targetLoc(cmd.from);
  return s.placements.find(
    (p) =>
      p.seat === seat &&
      p.loc === loc &&
      p.white === (cmd.white === true) &&
      p.dynamite === (cmd.dynamite === true),
  );
}
