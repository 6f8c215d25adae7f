/**
 * Duel steps shared by player duels (phases/resolution/duels.ts), tile duels (might.ts) and outlaw
 * fights (outlaws.ts).
 */
import type { Seat } from '../engine';
import type { Ctx } from './ctx';
import { DOCTOR } from './data/personalities';
import type { DuelParticipant } from './events';
import { passiveSum } from './personalities/passive';
import { PORTS } from './ports';
import { holderOf, holds } from './rules';
import type { CarsonState, Task } from './state';

/**
 * The red Gunsmith rerolls his duel dice once (§9.1 #10); the caller decides when (only when not
 * winning: the dominant choice). A Marksman Gunsmith rerolls both dice of each pair and keeps the
 * better again. Player duels and outlaw fights share it.
 */
export function gunsmithReroll(ctx: Ctx, p: DuelParticipant): void {
  const old = p.dice.slice();
  if (p.rolled) {
    const again = PORTS.anb.marksmanDice(ctx, p.dice.length);
    p.dice = again.dice;
    p.rolled = again.rolled;
  } else p.dice = p.dice.map(() => ctx.rng.die());
  p.total = p.firepower + p.dice.reduce((a, b) => a + b, 0);
  ctx.emit({ type: 'DICE_ROLLED', seat: p.seat, purpose: `GUNSMITH_REROLL:${old.join('+')}`, dice: p.dice });
}

/** §5.2 step 7 hooks after a duel; returns the Doctor/Undertaker follow-up tasks. */
export function duelRewards(ctx: Ctx, winner: Seat | null, losers: Seat[], outlawDefeated = false): Task[] {
  const s = ctx.state;
  // Duel rewards from personalities: yellow Gunsmith per duel won (outlaw duels included,
  // §9.1 #10), red Sheriff per duel lost. `winner` null: an outlaw won (§10.5).
  const won = winner === null ? 0 : passiveSum(s.players[winner].held, 'duelWonVp');
  if (won > 0 && winner !== null)
    ctx.emit({ type: 'VP', seat: winner, delta: won, reason: 'GUNSMITH_DUEL_WON' });
  // Doctor +$3 / Undertaker +$2 from the bank per outlaw defeated by anyone (§9.1 #14).
  const holder = holderOf(s, DOCTOR);
  if (outlawDefeated && holder !== null) {
    const yellow = holds(s, holder, DOCTOR, 'YELLOW');
    ctx.emit({
      type: 'MONEY',
      seat: holder,
      delta: yellow ? 3 : 2,
      reason: yellow ? 'DOCTOR_OUTLAW' : 'UNDERTAKER_OUTLAW',
    });
  }
  for (const l of losers) {
    const lost = passiveSum(s.players[l].held, 'duelLostVp');
    if (lost > 0) ctx.emit({ type: 'VP', seat: l, delta: lost, reason: 'SHERIFF_DUEL_LOST' });
  }
  return doctorTasks(s, losers);
}

/**
 * The Doctor's or Undertaker's tasks after a duel (§9.2 #14): his own defeated cowboys first,
 * then the others in pass order; the Undertaker's own are not his to move.
 */
export function doctorTasks(s: CarsonState, losers: Seat[]): Task[] {
  const doc = holderOf(s, DOCTOR);
  if (doc === null) return [];
  const order = [...losers.filter((l) => l === doc), ...losers.filter((l) => l !== doc)];
  const stage = holds(s, doc, DOCTOR, 'YELLOW') ? 'DOCTOR' : 'UNDERTAKER';
  return order
    .filter((l) => stage === 'DOCTOR' || l !== doc)
    .map((l): Task => ({ t: 'PERSONALITY', id: DOCTOR, seat: l, stage, data: [] }));
}
