/**
 * The agenda's dry runs (agenda-resolve.ts `runSilent`, the auctions' rules): a context and an
 * Rng whose every emit or roll stops the run (that fact comes as the next event), and an auction
 * run on dry. Shared by the entry and the phases' rules 3 without importing agenda-resolve.ts.
 */
import type { Rng } from '../random';
import { Ctx } from './ctx';
import { continueAuction } from './personalities';
import type { Auction, CarsonState, Flow } from './state';

const HALT = new Error('halt: the task emits or rolls');

function halt(): never {
  throw HALT;
}

/** An Rng whose every use stops the dry run (a roll is always followed by its fact). */
export const NO_RNG: Rng = { int: halt, die: halt, pick: halt, shuffle: halt, state: halt };

/** A context whose every emit stops the dry run (that fact will come as the next event). */
export class DryCtx extends Ctx {
  override emit(): void {
    halt();
  }
}

/**
 * Run an auction on dry (`continueAuction` mutates `a`): its next BID prompt; or, stopped by a
 * drop-out, the auction as far as it went, asking the seat whose BIDDER_OUT follows; or, settled,
 * the agenda (the lot's facts follow).
 */
export function dryAuction(s: CarsonState, base: Flow, a: Auction): Flow {
  const ctx = new DryCtx({ ...s, flow: { ...base, tasks: base.tasks.slice() } }, NO_RNG);
  try {
    continueAuction(ctx, a);
    return ctx.state.flow.prompt?.kind === 'BID' ? ctx.state.flow : base;
  } catch {
    // HALT: a drop-out's or the lot's facts come next.
  }
  const settled = a.active.length === 0 || (a.active.length === 1 && a.bidder === a.active[0]);
  return settled ? base : { ...base, prompt: { seat: a.active[a.turn], kind: 'BID', auction: a } };
}
