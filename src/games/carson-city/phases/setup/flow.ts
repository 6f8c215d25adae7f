/**
 * The setup's tasks (§3): the draft's starting parcels (§3 step 10, §13 #4), or A New Beginning's
 * sealed sheets and their reveal instead (§10.1). Run by flow.ts `runTask`.
 */
import type { Ctx } from '../../ctx';
import { PORTS } from '../../ports';
import type { Task } from '../../state';
import { range } from '../../table';

/** The draft and A New Beginning's sheets (§3, §10.1). */
export function runSetup(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'DRAFT':
      ctx.prompt({ seat: task.seat, kind: 'CHOOSE_STARTING_PARCEL' });
      return;
    case 'SHEETS':
      // A New Beginning (§10.1): every seat fills its sheet secretly, all at once. Solo: the
      // player only; nothing changes for Standish (§11.1).
      ctx.prompt({
        seat: 0,
        kind: 'FILL_SHEET',
        waiting: range(s.seatCount).filter((x) => !PORTS.solo.isStandish(s, x)),
      });
      return;
    case 'REVEAL_SHEETS':
      return PORTS.anb.revealSheets(ctx);
  }
}
