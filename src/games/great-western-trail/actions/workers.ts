/**
 * Hiring a worker (RULES.md §3.1). Any worker tile in a job-market row above the token's row may be
 * hired (every row once the token has left the market); the price is the row's cost plus the
 * action's modifier, paid in full; a row on the player board holds at most 6 workers. The worker
 * goes to the leftmost empty slot of its row, and that slot's immediate action (if any) is offered:
 * the player may do it or decline (SKIP).
 *
 * Decision HIRE_WORKER {costModifier} → command `HIRE_WORKER {row, col}` (0-based: row 0 is the
 * top row of the job market, col 0 the leftmost space used at this player count).
 */
import { violation, type Seat } from '../../engine';
import { WORKER_ROW_SIZE, WORKER_SLOT_ACTIONS } from '../data/player-board';
import { JOB_MARKET_ROW_COSTS } from '../data/tiles';
import type { WorkerKind, WorkerSlot } from '../data/types';
import { isInt, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import type { OpenerMap } from '../derive';
import { runAction } from './registry';
import { bad, canRun, topOf } from './support';

export type HireDecision = { kind: 'HIRE_WORKER'; costModifier: number; optional?: boolean };

export interface HireOption {
  row: number;
  col: number;
  worker: WorkerKind;
  price: number;
}

/** The price of a worker in `row` (0-based) with the action's modifier. */
export const hirePrice = (row: number, costModifier: number): number =>
  Math.max(0, JOB_MARKET_ROW_COSTS[row] + costModifier);

/** Why the worker at (row, col) cannot be hired by `seat`, or null. */
function hireProblem(state: GwtState, seat: Seat, row: number, col: number, costModifier: number) {
  const worker = state.jobMarket[row]?.[col];
  if (!worker) return violation('NO_WORKER_THERE', 'There is no worker on that job-market space.');
  if (state.jobMarketTokenRow !== null && row >= state.jobMarketTokenRow)
    return violation('TOKEN_ROW', 'Workers in the job-market token’s row (or below) cannot be hired.');
  const p = state.players[seat];
  if (p.workers[worker] >= WORKER_ROW_SIZE)
    return violation('WORKER_ROW_FULL', `Your ${worker} row is full.`);
  const price = hirePrice(row, costModifier);
  if (p.money < price) return violation('NOT_ENOUGH_MONEY', `Hiring this ${worker} costs $${price}.`);
  return null;
}

/** Every worker `seat` can hire now with this modifier. */
export function hireOptions(state: GwtState, seat: Seat, costModifier: number): HireOption[] {
  const out: HireOption[] = [];
  state.jobMarket.forEach((cells, row) =>
    cells.forEach((worker, col) => {
      if (worker && !hireProblem(state, seat, row, col, costModifier))
        out.push({ row, col, worker, price: hirePrice(row, costModifier) });
    }),
  );
  return out;
}

export type HireCmd = { type: 'HIRE_WORKER'; row: number; col: number };

export const hireWorker: CommandHandler<HireCmd> = {
  type: 'HIRE_WORKER',
  answers: ['HIRE_WORKER'],
  parse: (raw) =>
    isInt(raw.row) && isInt(raw.col)
      ? { type: 'HIRE_WORKER', row: raw.row, col: raw.col }
      : bad('HIRE_WORKER needs row and col: integers'),
  decide(ctx, seat, cmd) {
    const { costModifier } = topOf<HireDecision>(ctx.state);
    const problem = hireProblem(ctx.state, seat, cmd.row, cmd.col, costModifier);
    if (problem) return problem;
    const worker = ctx.state.jobMarket[cmd.row][cmd.col]!;
    const price = hirePrice(cmd.row, costModifier);
    ctx.money(seat, -price, 'HIRE');
    // Answers HIRE_WORKER and offers the slot's immediate action (agenda.ts workerHired).
    ctx.emit({ type: 'WORKER_HIRED', seat, worker, row: cmd.row, col: cmd.col, cost: price });
    const slot = ctx.state.players[seat].workers[worker] as WorkerSlot;
    const immediate = WORKER_SLOT_ACTIONS[worker][slot];
    if (immediate && canRun(ctx.state, seat, immediate)) return runAction(ctx, seat, immediate, 'derived');
  },
  legal(state, seat) {
    const { costModifier } = topOf<HireDecision>(state);
    return hireOptions(state, seat, costModifier).map(({ row, col }) => ({ type: 'HIRE_WORKER', row, col }));
  },
};

export const WORKER_OPENERS: OpenerMap = {
  HIRE_WORKER(state, seat, spec) {
    if (hireOptions(state, seat, spec.costModifier).length === 0)
      return violation('NO_WORKER_TO_HIRE', 'There is no worker you can hire (and pay for) now.');
    return [{ kind: 'HIRE_WORKER', costModifier: spec.costModifier, optional: true } satisfies HireDecision];
  },
};

export const WORKER_HANDLERS: CommandHandler[] = [hireWorker] as CommandHandler[];
