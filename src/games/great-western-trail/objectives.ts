/**
 * Objective cards in play (RULES.md §3.5, D4, D19, D20, D33).
 *
 * - `PLAY_OBJECTIVE {card}`: on your own turn, before phase A (stage MOVE) or in phase B between
 *   whole actions (stage LOCATION, nothing owed, or between the actions of a building used
 *   through 6b), on arriving in Kansas City before its first sub-phase is answered (the decision
 *   marked `arrival`), never between Kansas City's sub-phases (D4) or in phase C. The card
 *   goes from hand to the objective area; its immediate action, if it has one and it can be done
 *   now, is then offered as the optional decision OBJECTIVE_ACTION: `OBJECTIVE_ACTION {}` runs it,
 *   `SKIP` forgoes it. The stage is left as it was, so the free herder move (OBJ-20..24) can tell
 *   "before phase A" (MOVE: phase A follows from the new location) from "in phase B" (LOCATION: go
 *   straight to phase C; actions/herder.ts).
 * - Game end (D20): the objective cards still in a deck (hand, draw pile, discard pile) are added to
 *   the area or dropped by the engine, whichever maximises the seat's score; there is no command.
 *   Final scoring does it (score.ts `finalScore`, `bestFinalObjectives`), and the result lists the
 *   cards added.
 * - Evaluation (D19): score.ts `evaluateObjectives`, re-exported here.
 */
import { violation } from '../engine';
import { actionTaken, owe, settle } from './agenda';
import { runAction } from './actions/registry';
import type { FactRule } from './derive';
import type { GwtEvent } from './events';
import { canRun } from './actions/support';
import { isObjective } from './cards';
import { isStr, type CommandHandler } from './protocol';
import { objectiveOf } from './score';
import type { CardId, Decision, GwtState } from './state';

export {
  bestFinalObjectives,
  finalScore,
  evaluateObjectives,
  evaluatePlayerObjectives,
  objectiveItems,
  objectivesInDeck,
  type ObjectiveEvaluation,
  type ObjectiveResult,
} from './score';

/** The optional decision after playing a card with an immediate action. */
export const OBJECTIVE_ACTION = 'OBJECTIVE_ACTION';

export interface ObjectiveActionDecision extends Decision {
  kind: typeof OBJECTIVE_ACTION;
  card: CardId;
  optional: true;
}

export type PlayObjectiveCmd = { type: 'PLAY_OBJECTIVE'; card: CardId };
export type ObjectiveActionCmd = { type: 'OBJECTIVE_ACTION' };

const bad = (message: string) => violation('INVALID_COMMAND', message);

/** Stages in which an objective card may be played (with no decision owed). */
const PLAY_STAGES = ['MOVE', 'LOCATION'] as const;

/** Between the local actions of a building used through 6b: its actions are asked on this decision. */
const BETWEEN_ACTIONS = ['ADJACENT_ACTIONS'] as const;

/** Kansas City's first sub-phase, still unanswered on arrival (kansas-city.ts `beginKansasCity`). */
const KANSAS_CITY_ARRIVAL = ['FORESIGHT', 'INCOME'] as const;

/** Whether objective cards may be played now (D4): the handler's stages and answers, narrowed. */
export function objectivePlayable(state: GwtState): boolean {
  const t = state.turn;
  const top = t.stack[t.stack.length - 1];
  if (t.stage === 'KANSAS_CITY') return top?.arrival === true;
  const betweenActions = top === undefined || (BETWEEN_ACTIONS as readonly string[]).includes(top.kind);
  return betweenActions && (PLAY_STAGES as readonly string[]).includes(t.stage);
}

export const playObjective: CommandHandler<PlayObjectiveCmd> = {
  type: 'PLAY_OBJECTIVE',
  stages: PLAY_STAGES,
  answers: [...BETWEEN_ACTIONS, ...KANSAS_CITY_ARRIVAL],
  parse: (raw) =>
    isStr(raw.card) ? { type: 'PLAY_OBJECTIVE', card: raw.card } : bad('PLAY_OBJECTIVE needs card: string'),
  decide(ctx, seat, cmd) {
    if (!objectivePlayable(ctx.state))
      return violation(
        'NOT_NOW',
        'Objective cards are played before phase A, between actions in phase B or on arriving in Kansas City.',
      );
    const card = isObjective(cmd.card) ? objectiveOf(cmd.card) : null;
    if (!card) return violation('NOT_AN_OBJECTIVE', `${cmd.card} is not an objective card.`);
    if (!ctx.state.players[seat].hand.includes(cmd.card))
      return violation('CARD_NOT_IN_HAND', 'You do not hold that card.');
    // Its immediate action is offered (OBJECTIVE_FACT_RULES below).
    ctx.emit({ type: 'OBJECTIVE_PLAYED', seat, card: cmd.card });
  },
  legal: (state, seat) =>
    !objectivePlayable(state)
      ? []
      : [...new Set(state.players[seat].hand.filter((c) => isObjective(c) && objectiveOf(c)))]
          .sort()
          .map((card) => ({ type: 'PLAY_OBJECTIVE', card })),
};

/** Do the immediate action of the card just played (SKIP forgoes it). */
export const objectiveAction: CommandHandler<ObjectiveActionCmd> = {
  type: 'OBJECTIVE_ACTION',
  answers: [OBJECTIVE_ACTION],
  parse: () => ({ type: 'OBJECTIVE_ACTION' }),
  decide(ctx, seat) {
    const top = ctx.top() as ObjectiveActionDecision;
    const action = objectiveOf(top.card)?.immediateAction;
    ctx.emit({ type: 'OBJECTIVE_ACTION_TAKEN', seat, card: top.card });
    if (!action) return;
    return runAction(ctx, seat, action, 'derived');
  },
  legal(state, seat) {
    const top = state.turn.stack[state.turn.stack.length - 1] as ObjectiveActionDecision;
    const action = objectiveOf(top.card)?.immediateAction;
    return action && canRun(state, seat, action) ? [{ type: 'OBJECTIVE_ACTION' }] : [];
  },
};

/** What objective-card facts open and settle (derive.ts; index.ts installs them). */
export const OBJECTIVE_FACT_RULES: Record<string, FactRule> = {
  /** Its immediate action is offered if it can be done now (e.g. not a free herder move with nowhere to go). */
  OBJECTIVE_PLAYED(s, e) {
    const { seat, card } = e as Extract<GwtEvent, { type: 'OBJECTIVE_PLAYED' }>;
    const action = objectiveOf(card)?.immediateAction;
    if (action && canRun(s, seat, action))
      owe(s, [{ kind: OBJECTIVE_ACTION, card, optional: true } satisfies ObjectiveActionDecision]);
  },
  OBJECTIVE_ACTION_TAKEN(s, e) {
    const { seat, card } = e as Extract<GwtEvent, { type: 'OBJECTIVE_ACTION_TAKEN' }>;
    const action = objectiveOf(card)?.immediateAction;
    if (settle(s, [OBJECTIVE_ACTION]) && action) actionTaken(s, seat, action);
  },
};

export const OBJECTIVE_HANDLERS: CommandHandler[] = [playObjective, objectiveAction] as CommandHandler[];
