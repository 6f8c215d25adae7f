/**
 * The Outlaws' agenda rules (§10.5; agenda rules 2, moved from agenda.ts, #12 item 4): how
 * `evolve` moves the flow on at the end of Phase 1, while the first player orders the outlaws'
 * moves. The core reaches them through the port (`PORTS.outlaws.outlawMovesFlow`, `afterOutlawMove`).
 */
import { firstTurn } from '../../phases/placement/agenda';
import type { CarsonState, Flow } from '../../state';
import { OUTLAW_MOVE_ORDER } from './outlaws';

/**
 * Rules 2, Outlaws at the end of Phase 1 (§10.5): the first player orders the outlaws' moves
 * while two or more are left to move (OUTLAW_MOVES task); one left moves at once (its
 * OUTLAW_MOVED follows); none, and the first placement turn opens.
 */
export function outlawMovesFlow(s: CarsonState, f: Flow): Flow | null {
  const [task, ...tasks] = f.tasks;
  if (task?.t !== 'OUTLAW_MOVES') return null;
  const figures = s.outlaws!.figures;
  const left = (task.remaining ?? figures.map((x) => x.id)).filter((id) => figures.some((x) => x.id === id));
  if (left.length === 1) return { ...f, prompt: null };
  if (left.length === 0) {
    const next = tasks[0];
    return next?.t === 'PLACE_TURN' && next.index === 0 ? firstTurn(s, f.step, tasks.slice(1)) : null;
  }
  const options = left.map((id) => `OUTLAW_${id}`);
  return {
    ...f,
    tasks,
    prompt: { seat: s.turnOrder[0], kind: 'CHOOSE_OPTION', purpose: OUTLAW_MOVE_ORDER, options },
  };
}

/** Rules 2: an outlaw moved, chosen from the move order or as the last one left to move. */
export function afterOutlawMove(s: CarsonState, id: number): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  if (!s.outlaws || s.solo || f.phase !== 'PLACEMENT') return null;
  if (p?.kind === 'CHOOSE_OPTION' && p.purpose === OUTLAW_MOVE_ORDER && p.options.includes(`OUTLAW_${id}`)) {
    const rest = p.options.filter((o) => o !== `OUTLAW_${id}`).map((o) => Number(o.slice('OUTLAW_'.length)));
    return outlawMovesFlow(s, {
      ...f,
      tasks: [{ t: 'OUTLAW_MOVES', remaining: rest }, ...f.tasks],
      prompt: null,
    });
  }
  const task = f.tasks[0];
  if (p !== null || task?.t !== 'OUTLAW_MOVES') return null;
  // The last one left to move: its task is done.
  return outlawMovesFlow(s, { ...f, tasks: [{ t: 'OUTLAW_MOVES', remaining: [] }, ...f.tasks.slice(1)] });
}
