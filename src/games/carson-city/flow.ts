/**
 * The automatic part of the game: an agenda of tasks run until some seat must decide (a prompt)
 * or the game is over. The machinery is here (`advance`, `runTask`, `emitsFirst`); each task runs
 * in its rulebook phase's file, phases/<phase>/flow.ts: setup (§3), picks (§4.2), placement
 * (§4.3), resolution (§4.4, §5) and end of round (§7, §8); a personality's task here, in whichever
 * phase its tile acts. A phase file never imports this one.
 */
import type { Seat } from '../engine';
import type { Ctx } from './ctx';
import { PERSONALITY_TASKS } from './personalities';
import type { CarsonState, Task } from './state';
import { runSetup } from './phases/setup/flow';
import { runPicks } from './phases/picks/flow';
import { runPlacement } from './phases/placement/flow';
import { runResolution } from './phases/resolution/flow';
import { runEndOfRound } from './phases/end-of-round/flow';

export const MAX_ITERATIONS = 100000;

/** Run tasks until a prompt is open or the game is over. */
export function advance(ctx: Ctx): void {
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const flow = ctx.state.flow;
    if (flow.prompt !== null || flow.phase === 'GAME_OVER') return;
    const task = flow.tasks.shift();
    if (!task) throw new Error('Carson City flow stalled: no prompt and no task');
    runTask(ctx, task);
  }
  throw new Error('Carson City flow did not reach a prompt');
}
/** Where each task runs: its phase's runner (a personality's task, in any phase, here). */
const RUNNERS: Record<Task['t'], (ctx: Ctx, task: Task) => void> = {
  DRAFT: runSetup,
  SHEETS: runSetup,
  REVEAL_SHEETS: runSetup,
  ROUND_START: runPicks,
  PICK: runPicks,
  GREAT_SERVICE_OFFERS: runPicks,
  GREAT_SERVICE: runPicks,
  PICKS_DONE: runPicks,
  OUTLAW_ARRIVAL: runPicks,
  OUTLAW_MOVES: runPicks,
  PLACE_TURN: runPlacement,
  KIT_SESSION: runPlacement,
  STEP: runResolution,
  PERFORM: runResolution,
  WINDOW: runResolution,
  OPEN_PLACE_BUILDING: runResolution,
  DUELS: runResolution,
  PARCEL_BUYS: runResolution,
  BUY_PARCEL: runResolution,
  ESTATE_CHOICES: runResolution,
  ESTATE_PAY: runResolution,
  EDITOR: runResolution,
  WAGES: runResolution,
  TILE_DUEL: runResolution,
  OUTLAW_FIGHTS: runResolution,
  OUTLAW_REWARD: runResolution,
  ESTATE_MAIN: runResolution,
  MARKSMAN_DUEL: runResolution,
  RODEO: runEndOfRound,
  EOR_PERSONALITIES: runEndOfRound,
  SOLO_EOR: runEndOfRound,
  EOR_COWBOYS: runEndOfRound,
  EOR_CASH: runEndOfRound,
  EOR_TRACK: runEndOfRound,
  REFILL: runEndOfRound,
  FINAL: runEndOfRound,
  PERSONALITY: runPersonality,
};

/** Run one task (also run dry by agenda-resolve.ts `runSilent`). */
export function runTask(ctx: Ctx, task: Task): void {
  RUNNERS[task.t](ctx, task);
}

/**
 * Is the first thing `task` does on `s` to emit an event (or to fail)? Then a dry run of it
 * (agenda-resolve.ts `runSilent`) stops before it changes anything, and need not run it. Only
 * tasks that do so every time are answered true: the round's and the game's milestones, which
 * emit at once, and a cowboy's action or parcel purchase while the cowboy is there (its
 * COWBOY_RETURNED comes first: `perform`, `retire`).
 */
export function emitsFirst(s: CarsonState, task: Task): boolean {
  switch (task.t) {
    case 'ROUND_START':
    case 'PICKS_DONE':
    case 'EOR_PERSONALITIES':
    case 'EOR_TRACK':
    case 'FINAL':
      return true;
    case 'PERFORM':
      return hasPlacement(s, task.seat, `A:${task.action}`);
    case 'BUY_PARCEL':
      return hasPlacement(s, task.seat, `P:${task.parcel}`);
    default:
      return false;
  }
}

/** Has `seat` a cowboy at `loc` (the one `retire` sends back)? */
function hasPlacement(s: CarsonState, seat: Seat, loc: string): boolean {
  return s.placements.some((x) => x.seat === seat && x.loc === loc);
}

/** A personality's task (§9), in whichever phase its tile acts. */
function runPersonality(ctx: Ctx, task: Task): void {
  if (task.t === 'PERSONALITY') PERSONALITY_TASKS[task.stage](ctx, task);
}
