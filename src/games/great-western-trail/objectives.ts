/**
 * Objective cards in play (RULES.md §3.5, D4, D19, D20, D33).
 *
 * - `PLAY_OBJECTIVE {card}`: on your own turn, before phase A (stage MOVE) or in phase B between
 *   whole actions (stage LOCATION, nothing owed), never during Kansas City (D4) or phase C. The card
 *   goes from hand to the objective area; its immediate action, if it has one, is then offered as
 *   the optional decision OBJECTIVE_ACTION: `OBJECTIVE_ACTION {}` runs it, `SKIP` forgoes it. The
 *   stage is left as it was, so the free herder move (OBJ-20..24) can tell "before phase A" (MOVE:
 *   phase A follows from the new location) from "in phase B" (LOCATION: go straight to phase C).
 * - Game end (D20): after the last turn, every seat holding objective cards in its deck (hand, draw
 *   pile, discard pile) answers FINAL_OBJECTIVES, in seat order: `FINAL_OBJECTIVES {add}` puts the
 *   cards in `add` into the objective area (no immediate action) and removes the others from the
 *   game. Then the game is over and scored (score.ts). `bestFinalObjectives` (score.ts) is the
 *   choice that maximises the seat's score: listed first by `legal`, and the timeout default.
 */
import { violation, type Seat } from '../engine';
import { runAction } from './actions/registry';
import { isObjective, without } from './cards';
import type { Ctx } from './ctx';
import { isStr, isStrList, type CommandHandler } from './protocol';
import { bestFinalObjectives, objectiveOf, objectivesInDeck } from './score';
import type { CardId, Decision, GwtState, TurnState } from './state';

export {
  bestFinalObjectives,
  evaluateObjectives,
  evaluatePlayerObjectives,
  objectiveItems,
  objectivesInDeck,
  type ObjectiveEvaluation,
  type ObjectiveResult,
} from './score';

/** The optional decision after playing a card with an immediate action. */
export const OBJECTIVE_ACTION = 'OBJECTIVE_ACTION';
/** The end-of-game decision (D20); also the turn stage while it is asked. */
export const FINAL_OBJECTIVES = 'FINAL_OBJECTIVES';

export interface ObjectiveActionDecision extends Decision {
  kind: typeof OBJECTIVE_ACTION;
  card: CardId;
  optional: true;
}

export interface FinalObjectivesDecision extends Decision {
  kind: typeof FINAL_OBJECTIVES;
  /** The objective cards in the seat's deck, sorted. */
  cards: CardId[];
}

type PlayObjectiveCmd = { type: 'PLAY_OBJECTIVE'; card: CardId };
type ObjectiveActionCmd = { type: 'OBJECTIVE_ACTION' };
type FinalObjectivesCmd = { type: 'FINAL_OBJECTIVES'; add: CardId[] };

const bad = (message: string) => violation('INVALID_COMMAND', message);

/** Stages in which an objective card may be played (with no decision owed). */
const PLAY_STAGES = ['MOVE', 'LOCATION'] as const;

export const playObjective: CommandHandler<PlayObjectiveCmd> = {
  type: 'PLAY_OBJECTIVE',
  stages: PLAY_STAGES,
  parse: (raw) => (isStr(raw.card) ? { type: 'PLAY_OBJECTIVE', card: raw.card } : bad('PLAY_OBJECTIVE needs card: string')),
  decide(ctx, seat, cmd) {
    const t = ctx.state.turn;
    if (t.stack.length > 0 || !(PLAY_STAGES as readonly string[]).includes(t.stage))
      return violation('NOT_NOW', 'Objective cards are played before phase A or between actions in phase B.');
    const card = isObjective(cmd.card) ? objectiveOf(cmd.card) : null;
    if (!card) return violation('NOT_AN_OBJECTIVE', `${cmd.card} is not an objective card.`);
    if (!ctx.state.players[seat].hand.includes(cmd.card)) return violation('CARD_NOT_IN_HAND', 'You do not hold that card.');
    ctx.emit({ type: 'OBJECTIVE_PLAYED', seat, card: cmd.card });
    if (card.immediateAction) {
      const decision: ObjectiveActionDecision = { kind: OBJECTIVE_ACTION, card: cmd.card, optional: true };
      ctx.push(decision);
    }
  },
  legal: (state, seat) =>
    [...new Set(state.players[seat].hand.filter((c) => isObjective(c) && objectiveOf(c)))]
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
    ctx.pop();
    if (!action) return;
    return runAction(ctx, seat, action);
  },
  legal: () => [{ type: 'OBJECTIVE_ACTION' }],
};

/** Above this many cards, `legal` lists the best choice, none and all instead of every subset. */
const LEGAL_SUBSETS_LIMIT = 8;

export const finalObjectives: CommandHandler<FinalObjectivesCmd> = {
  type: 'FINAL_OBJECTIVES',
  answers: [FINAL_OBJECTIVES],
  parse: (raw) =>
    isStrList(raw.add, 40) ? { type: 'FINAL_OBJECTIVES', add: raw.add } : bad('FINAL_OBJECTIVES needs add: string[]'),
  decide(ctx, seat, cmd) {
    const top = ctx.top() as FinalObjectivesDecision;
    if (new Set(cmd.add).size !== cmd.add.length) return violation('DUPLICATE_CARD', 'Name each card once.');
    const dropped = without(top.cards, cmd.add);
    if (!dropped) return violation('CARD_NOT_IN_DECK', 'Only objective cards still in your deck can be added.');
    ctx.pop();
    ctx.emit({ type: 'FINAL_OBJECTIVES_CHOSEN', seat, added: [...cmd.add], dropped });
    askFinalObjectives(ctx, seat + 1);
  },
  legal(state, seat) {
    const top = state.turn.stack[state.turn.stack.length - 1] as FinalObjectivesDecision;
    const best = bestFinalObjectives(state, seat);
    const key = (cards: CardId[]) => [...cards].sort().join(',');
    const options: CardId[][] =
      top.cards.length <= LEGAL_SUBSETS_LIMIT
        ? Array.from({ length: 1 << top.cards.length }, (_, mask) => top.cards.filter((_, i) => mask & (1 << i)))
        : [[], [...top.cards]];
    return [best, ...options.filter((o) => key(o) !== key(best))].map((add) => ({ type: 'FINAL_OBJECTIVES', add }));
  },
};

export const OBJECTIVE_HANDLERS: CommandHandler[] = [playObjective, objectiveAction, finalObjectives] as CommandHandler[];

/**
 * The last turn has ended (flow.ts endTurn): ask FINAL_OBJECTIVES of every seat that has objective
 * cards in its deck, in seat order, then end the game.
 */
export function beginFinalObjectives(ctx: Ctx): void {
  askFinalObjectives(ctx, 0);
}

function askFinalObjectives(ctx: Ctx, from: Seat): void {
  const s = ctx.state;
  for (let seat = from; seat < s.seatCount; seat++) {
    const cards = objectivesInDeck(s, seat);
    if (cards.length === 0) continue;
    const decision: FinalObjectivesDecision = { kind: FINAL_OBJECTIVES, cards };
    s.turn = idleTurn(seat, 'FINAL_OBJECTIVES');
    s.turn.stack.push(decision);
    s.over = false;
    return;
  }
  s.turn = idleTurn(s.turn.seat, 'MOVE');
  s.over = true;
}

function idleTurn(seat: Seat, stage: TurnState['stage']): TurnState {
  return { seat, stage, location: null, usedActions: [], usedAuxiliaryInstead: false, usedBuildings: [], stack: [] };
}

/** Whether the game is waiting for final-objective choices (for pending/legal in index.ts). */
export function choosingFinalObjectives(state: GwtState): boolean {
  return state.turn.stage === 'FINAL_OBJECTIVES' && !state.over;
}
