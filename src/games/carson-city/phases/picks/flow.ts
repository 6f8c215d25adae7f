/**
 * Phase 1, choose personalities (§4.2): the round's start and pick order, each pick, A New
 * Beginning's Great service done after them (§10.1), the turn order; with Outlaws, the outlaws'
 * arrival before the picks and their moves after them (§4.2 step 4, §10.5). Run by flow.ts `runTask`.
 */
import type { Seat } from '../../../engine';
import type { Ctx } from '../../ctx';
import { PORTS } from '../../ports';
import { turnNumber } from '../../rules';
import type { Task } from '../../state';

/** The picks, Great service done and the Outlaws' Phase 1 tasks (§4.2, §10.1, §10.5). */
export function runPicks(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'ROUND_START':
      return startRound(ctx);
    case 'PICK':
      s.flow.phase = 'PICK';
      ctx.prompt({ seat: task.seat, kind: 'PICK_CHARACTER', paperboy: false });
      return;
    case 'GREAT_SERVICE_OFFERS':
      ctx.push(
        ...PORTS.anb
          .greatServiceQueue(s, (seat) => turnNumber(s, seat))
          .map((seat): Task => ({
            t: 'GREAT_SERVICE',
            seat,
          })),
      );
      return;
    case 'GREAT_SERVICE': {
      const tiles = PORTS.anb.greatServiceTiles(s);
      if (PORTS.anb.greatServiceReady(s, task.seat) && tiles.length > 0)
        ctx.prompt({ seat: task.seat, kind: 'GREAT_SERVICE', tiles });
      return;
    }
    case 'PICKS_DONE': {
      // Solo: Standish is always first (§11.1 step 3, §11.3).
      const solo = PORTS.solo.soloOf(s);
      const order = solo
        ? [solo.standish, PORTS.solo.player]
        : Array.from({ length: s.seatCount }, (_, i) => i).sort(
            (a, b) => turnNumber(s, a) - turnNumber(s, b),
          );
      ctx.emit({ type: 'TURN_ORDER_SET', turnOrder: order });
      s.flow.phase = 'PLACEMENT';
      ctx.push({ t: 'PLACE_TURN', index: 0 });
      // Outlaws move at the end of Phase 1, after the picks (§4 step 4, §10.5).
      if (PORTS.outlaws.outlawsOn(s) && s.outlaws!.figures.length > 0)
        ctx.push({ t: 'OUTLAW_MOVES', remaining: null });
      return;
    }
    case 'OUTLAW_ARRIVAL':
      PORTS.outlaws.jailCheck(ctx);
      return PORTS.outlaws.outlawArrival(ctx);
    case 'OUTLAW_MOVES':
      return PORTS.outlaws.outlawMoves(ctx, task.remaining);
  }
}

function startRound(ctx: Ctx): void {
  const s = ctx.state;
  const round = s.flow.phase === 'DRAFT' ? 1 : s.round + 1;
  let pickOrder: Seat[];
  // Solo: only the player picks; Standish takes no personality (§11.2).
  if (round === 1) pickOrder = PORTS.solo.soloOf(s) ? [PORTS.solo.player] : s.firstOrder.slice();
  else if (PORTS.solo.soloOf(s)) pickOrder = [PORTS.solo.player];
  else if (s.teacherFirst !== null) {
    // Yellow Teacher: picks first, the others in pass order (§9.2 #17).
    pickOrder = [s.teacherFirst, ...s.passTrack.filter((x) => x !== s.teacherFirst)];
  } else pickOrder = s.passTrack.slice();
  ctx.emit({ type: 'ROUND_STARTED', round, pickOrder });
  s.flow.phase = 'PICK';
  // A New Beginning: Great service done comes after all picks, before the turn order (§10.1).
  const service: Task[] = s.anb ? [{ t: 'GREAT_SERVICE_OFFERS' }] : [];
  ctx.push(...pickOrder.map((seat): Task => ({ t: 'PICK', seat })), ...service, { t: 'PICKS_DONE' });
  // Outlaws arrive at the start of rounds 2-4, before the picks (§4 step 4, §10.5).
  if (PORTS.outlaws.outlawsOn(s) && round >= 2) ctx.push({ t: 'OUTLAW_ARRIVAL' });
}
