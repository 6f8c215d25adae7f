/**
 * Phase 2, cowboy placement (§4.3): the turns in turn order (seats that cannot place pass
 * automatically; solo: Standish's cards, §11.3), and the end of the placement, which schedules
 * Phase 3's steps and Phase 4 (§4.1, §4.5). Kit Carson's session (§10.4) is the module's.
 */
import { ROUNDS, STEPS } from '../../data/actions';
import type { Ctx } from '../../ctx';
import { PORTS } from '../../ports';
import type { Task } from '../../state';
import { canPlace } from './agenda';

/** Phase 2's turns (§4.3; Kit Carson's opening and session, §10.4, the module's through its port). */
export function runPlacement(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'PLACE_TURN':
      return PORTS.kit.kitOn(s) ? PORTS.kit.kitOpening(ctx) : placementTurn(ctx, task.index);
    case 'KIT_SESSION':
      return PORTS.kit.kitSession(ctx, task.seq);
  }
}

/** Can this seat place anything at all? Otherwise it must pass (§4.3, inferred: automatic). */
export function placementTurn(ctx: Ctx, index: number): void {
  const s = ctx.state;
  const n = s.turnOrder.length;
  const solo = PORTS.solo.soloOf(s);
  // Solo: up to 5 Standish cards and a pass between the player's turns.
  for (let k = 0; k < (solo ? 8 * n : n); k++) {
    const i = (index + k) % n;
    const seat = s.turnOrder[i];
    if (s.passed.includes(seat)) continue;
    if (solo && seat === solo.standish) {
      // Solo (§11.3): Standish draws and resolves one card per turn while he has cards, then passes.
      if (PORTS.solo.standishHasCards(s)) PORTS.solo.playStandishCard(ctx);
      else ctx.emit({ type: 'PASSED', seat, position: s.passed.length + 1, automatic: true });
      continue;
    }
    if (!canPlace(s, seat)) {
      ctx.emit({ type: 'PASSED', seat, position: s.passed.length + 1, automatic: true });
      continue;
    }
    ctx.prompt({ seat, kind: 'PLACE_COWBOY', index: i });
    return;
  }
  endPlacement(ctx);
}

/** Everyone has passed (locked): the pass-order track is complete (§4.1); Phase 3 follows. */
export function endPlacement(ctx: Ctx): void {
  const s = ctx.state;
  ctx.emit({ type: 'PLACEMENT_ENDED', passTrack: s.passed.slice() });
  s.flow.phase = 'RESOLVE';
  ctx.push(
    ...STEPS.map((step): Task => ({ t: 'STEP', step })),
    // Horses: the rodeo opens Phase 4 (§7 step 1).
    ...(PORTS.horses.horsesOn(s) ? [{ t: 'RODEO' } as Task] : []),
    { t: 'EOR_PERSONALITIES' },
    // Solo: Standish's card VP and cleanup before the cash limit (§11.8, §13 #42).
    ...(PORTS.solo.soloOf(s) ? [{ t: 'SOLO_EOR' } as Task] : []),
    { t: 'EOR_COWBOYS' },
    { t: 'EOR_CASH', queue: s.passed.filter((x) => !PORTS.solo.isStandish(s, x)) },
    // The game ends after round 4's cash-limit spending (§4.5).
    s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' },
  );
}
