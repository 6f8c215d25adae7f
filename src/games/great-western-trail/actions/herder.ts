/**
 * Moving the herder forward by an action (RULES.md §2.3, D10, D33).
 *
 * MOVE_HERDER_FORWARD (3a, 4a, 10a, 3b, 4b, 10b, 12a): min..max steps under phase-A rules (fees
 * paid; Kansas City allowed, which then runs its sub-phases); phase B then starts again at the new
 * location.
 * MOVE_HERDER_FORWARD_FREE (objective cards 20-24): min..max steps, no fees, never into Kansas City,
 * no action at the new location. Played before phase A, phase A follows from there; played in phase
 * B, phase B ends at once and the turn goes on with phase C.
 *
 * Both decisions are answered by `MOVE_HERDER_FORWARD {path}`: every trail node entered, in order,
 * the destination last (as flow's MOVE_HERDER).
 */
import { violation, type Seat } from '../../engine';
import { arriveAt, endTurn } from '../flow';
import { checkPath, moveHerder, pathsFrom } from '../movement';
import { isStrList, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import type { OpenerMap } from '../derive';
import { bad, topOf } from './support';

export type HerderMoveDecision = {
  kind: 'MOVE_HERDER_FORWARD' | 'MOVE_HERDER_FORWARD_FREE';
  min: number;
  max: number;
  optional?: boolean;
};

const free = (d: HerderMoveDecision) => d.kind === 'MOVE_HERDER_FORWARD_FREE';

function paths(state: GwtState, seat: Seat, d: HerderMoveDecision): string[][] {
  const from = state.players[seat].herder;
  if (from === null) return [];
  return pathsFrom(state, from, Math.max(1, d.min), d.max, free(d));
}

export type MoveHerderForwardCmd = { type: 'MOVE_HERDER_FORWARD'; path: string[] };

export const moveHerderForward: CommandHandler<MoveHerderForwardCmd> = {
  type: 'MOVE_HERDER_FORWARD',
  answers: ['MOVE_HERDER_FORWARD', 'MOVE_HERDER_FORWARD_FREE'],
  parse: (raw) =>
    isStrList(raw.path, 60)
      ? { type: 'MOVE_HERDER_FORWARD', path: raw.path }
      : bad('MOVE_HERDER_FORWARD needs path: string[]'),
  decide(ctx, seat, cmd) {
    const d = topOf<HerderMoveDecision>(ctx.state);
    const from = ctx.state.players[seat].herder;
    if (from === null) return violation('HERDER_NOT_PLACED', 'Your herder is not on the trail yet.');
    const wrong = checkPath(ctx.state, from, cmd.path, Math.max(1, d.min), d.max, free(d));
    if (wrong) return wrong;
    // HERDER_MOVED answers the move (and ends a visit of an adjacent building, 6b: agenda.ts).
    moveHerder(ctx, seat, cmd.path, free(d));
    if (!free(d)) return arriveAt(ctx, seat, cmd.path[cmd.path.length - 1]);
    // The free move: before phase A nothing more (phase A follows from here); in phase B, phase C.
    const t = ctx.state.turn;
    if (t.stage === 'LOCATION' && t.stack.length === 0) endTurn(ctx);
  },
  legal(state, seat) {
    return paths(state, seat, topOf<HerderMoveDecision>(state)).map((path) => ({
      type: 'MOVE_HERDER_FORWARD',
      path,
    }));
  },
};

/** Both herder moves offer the same decision; the free one (objective cards) differs only in its kind. */
function offerHerderMove(kind: HerderMoveDecision['kind'], noPath: string) {
  return (state: GwtState, seat: Seat, spec: { min: number; max: number }) => {
    const d: HerderMoveDecision = { kind, min: spec.min, max: spec.max, optional: true };
    if (paths(state, seat, d).length === 0) return violation('NO_PATH', noPath);
    return [d];
  };
}

export const HERDER_OPENERS: OpenerMap = {
  MOVE_HERDER_FORWARD: offerHerderMove('MOVE_HERDER_FORWARD', 'Your herder cannot move forward now.'),
  MOVE_HERDER_FORWARD_FREE: offerHerderMove(
    'MOVE_HERDER_FORWARD_FREE',
    'Your herder cannot move forward (outside Kansas City) now.',
  ),
};

export const HERDER_HANDLERS: CommandHandler[] = [moveHerderForward] as CommandHandler[];
