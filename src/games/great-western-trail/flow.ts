/**
 * The turn (RULES.md §2): the first turn (discard down to 4, put the herder on a neutral building),
 * phase A (move), phase B (a location's local actions in any order, or one single auxiliary action
 * instead; Kansas City's sub-phases), phase C (refill the hand), then the next player; after the
 * job-market token leaves the market, every other player has one last turn.
 */
import { violation, type Seat } from '../engine';
import { runAction } from './actions/registry';
import { canRun } from './actions/support';
import { isCattle } from './cards';
import type { Ctx } from './ctx';
import { AUXILIARY_ACTIONS, FIRST_TURN_HAND_SIZE } from './data/player-board';
import type { AuxiliaryActionId } from './data/types';
import { auxiliarySpec, buildingKey, freshTurn, localActions } from './agenda';
import { askFinalObjectives } from './final-objectives';
import { beginKansasCity, endKansasCity } from './kansas-city';
import { auxiliaryMode, handLimit, stepLimit } from './limits';
import { checkPath, moveHerder, pathsFrom } from './movement';
import { isInt, isStr, isStrList, type CommandHandler } from './protocol';
import { without } from './cards';
import type { Decision, GwtState } from './state';

export { freshTurn, localActions };

/** Open `seat`'s turn: the first one starts with the discard-down and the herder's placement. */
export function startTurn(ctx: Ctx, seat: Seat): void {
  const s = ctx.state;
  const p = s.players[seat];
  s.turnNumber += 1;
  if (p.herder === null) {
    s.turn = freshTurn(seat, 'FIRST_PLACE');
    if (p.hand.length > FIRST_TURN_HAND_SIZE)
      ctx.push({ kind: 'DISCARD_DOWN', count: p.hand.length - FIRST_TURN_HAND_SIZE });
  } else {
    s.turn = freshTurn(seat, 'MOVE');
  }
}

/**
 * Phase B at `location` (also after a "move your herder forward" action: the visit starts anew).
 * Kansas City runs its sub-phases instead.
 */
export function arriveAt(ctx: Ctx, seat: Seat, location: string): void {
  const t = ctx.state.turn;
  t.location = location;
  t.usedActions = [];
  t.usedAuxiliaryInstead = false;
  if (location === 'KANSAS_CITY') {
    t.stage = 'KANSAS_CITY';
    beginKansasCity(ctx, seat);
  } else {
    t.stage = 'LOCATION';
  }
}

/** Phase C and the hand-over to the next player (or the end of the game). */
export function endTurn(ctx: Ctx): void {
  const s = ctx.state;
  const seat = s.turn.seat;
  const p = s.players[seat];
  const missing = handLimit(s, seat) - p.hand.length;
  if (missing > 0) ctx.draw(seat, missing);
  if (s.endTriggeredBy !== null) {
    if (seat !== s.endTriggeredBy) s.finalTurns = s.finalTurns.slice(1);
    if (s.finalTurns.length === 0) return askFinalObjectives(ctx, 0);
    startTurn(ctx, s.finalTurns[0]);
    return;
  }
  startTurn(ctx, (seat + 1) % s.seatCount);
}

/**
 * What runs without anyone deciding, after each command: Kansas City ends when its last decision
 * is answered (herder back to the start, foresight refilled, phase C).
 */
export function advance(ctx: Ctx): void {
  const t = ctx.state.turn;
  if (!ctx.state.over && t.stage === 'KANSAS_CITY' && t.stack.length === 0) {
    endKansasCity(ctx, t.seat);
    endTurn(ctx);
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

export type DiscardCmd = { type: 'DISCARD'; cards: string[] };
export type StartAtCmd = { type: 'START_AT'; location: string };
export type MoveCmd = { type: 'MOVE_HERDER'; path: string[] };
export type UseActionCmd = { type: 'USE_ACTION'; index: number };
export type UseAuxCmd = { type: 'USE_AUXILIARY'; action: AuxiliaryActionId; double: boolean };
export type SkipCmd = { type: 'SKIP' };
export type EndTurnCmd = { type: 'END_TURN' };
export type ExchangeCmd = { type: 'USE_EXCHANGE_TOKEN' };

const bad = (message: string) => violation('INVALID_COMMAND', message);

/** Every way to pick `count` cards of `hand` (as multisets), for legal-command lists. */
export function cardChoices(
  hand: readonly string[],
  count: number,
  filter: (c: string) => boolean = () => true,
): string[][] {
  const kinds = [...new Set(hand.filter(filter))].sort();
  const avail = kinds.map((k) => hand.filter((c) => c === k).length);
  const out: string[][] = [];
  const walk = (i: number, left: number, acc: string[]) => {
    if (left === 0) return void out.push(acc);
    if (i >= kinds.length) return;
    for (let n = Math.min(left, avail[i]); n >= 0; n--)
      walk(i + 1, left - n, [...acc, ...Array(n).fill(kinds[i])]);
  };
  walk(0, count, []);
  return out;
}

export const discard: CommandHandler<DiscardCmd> = {
  type: 'DISCARD',
  answers: ['DISCARD_DOWN', 'DISCARD_AFTER_DRAW'],
  parse: (raw) =>
    isStrList(raw.cards) ? { type: 'DISCARD', cards: raw.cards } : bad('DISCARD needs cards: string[]'),
  decide(ctx, seat, cmd) {
    const top = ctx.top() as Decision & { count: number };
    if (cmd.cards.length !== top.count)
      return violation('WRONG_CARD_COUNT', `Discard exactly ${top.count} card(s).`);
    if (!without(ctx.state.players[seat].hand, cmd.cards))
      return violation('CARD_NOT_IN_HAND', 'You do not hold those cards.');
    ctx.emit({ type: 'CARDS_DISCARDED', seat, cards: cmd.cards }); // answers the discard (agenda.ts)
  },
  legal(state, seat) {
    const top = state.turn.stack[state.turn.stack.length - 1] as Decision & { count: number };
    return cardChoices(state.players[seat].hand, top.count).map((cards) => ({ type: 'DISCARD', cards }));
  },
};

export const startAt: CommandHandler<StartAtCmd> = {
  type: 'START_AT',
  stages: ['FIRST_PLACE'],
  parse: (raw) =>
    isStr(raw.location) ? { type: 'START_AT', location: raw.location } : bad('START_AT needs location'),
  decide(ctx, seat, cmd) {
    if (ctx.state.trail[cmd.location]?.kind !== 'NEUTRAL')
      return violation(
        'NOT_A_NEUTRAL_BUILDING',
        'On the first turn the herder goes onto a neutral building.',
      );
    ctx.emit({ type: 'HERDER_MOVED', seat, path: [cmd.location], free: true });
    arriveAt(ctx, seat, cmd.location);
  },
  legal: (state) =>
    Object.entries(state.trail)
      .filter(([, o]) => o?.kind === 'NEUTRAL')
      .map(([location]) => ({ type: 'START_AT', location })),
};

export const moveHerderCmd: CommandHandler<MoveCmd> = {
  type: 'MOVE_HERDER',
  stages: ['MOVE'],
  parse: (raw) =>
    isStrList(raw.path, 60)
      ? { type: 'MOVE_HERDER', path: raw.path }
      : bad('MOVE_HERDER needs path: string[]'),
  decide(ctx, seat, cmd) {
    const from = ctx.state.players[seat].herder ?? 'START';
    const wrong = checkPath(ctx.state, from, cmd.path, 1, stepLimit(ctx.state, seat));
    if (wrong) return wrong;
    moveHerder(ctx, seat, cmd.path);
    arriveAt(ctx, seat, cmd.path[cmd.path.length - 1]);
  },
  legal(state, seat) {
    const from = state.players[seat].herder ?? 'START';
    return pathsFrom(state, from, 1, stepLimit(state, seat)).map((path) => ({ type: 'MOVE_HERDER', path }));
  },
};

export const useAction: CommandHandler<UseActionCmd> = {
  type: 'USE_ACTION',
  stages: ['LOCATION'],
  parse: (raw) =>
    isInt(raw.index) ? { type: 'USE_ACTION', index: raw.index } : bad('USE_ACTION needs index: integer'),
  decide(ctx, seat, cmd) {
    const t = ctx.state.turn;
    const actions = localActions(ctx.state, seat, t.location!);
    if (t.usedAuxiliaryInstead)
      return violation('AUXILIARY_TAKEN', 'You took an auxiliary action instead of the local actions.');
    if (cmd.index < 0 || cmd.index >= actions.length)
      return violation('NO_SUCH_ACTION', 'No such local action here.');
    if (t.usedActions.includes(cmd.index))
      return violation('ACTION_USED', 'Each local action once per visit.');
    const key = buildingKey(ctx.state, t.location!);
    const opened = { index: cmd.index, building: key && !t.usedBuildings.includes(key) ? key : null };
    // The fact opens what the action asks (agenda.ts localActionTaken), then its effects follow.
    ctx.emit({ type: 'LOCAL_ACTION_USED', seat, index: cmd.index });
    const events = ctx.events.length;
    const depth = ctx.state.turn.stack.length;
    const wrong = runAction(ctx, seat, actions[cmd.index], 'derived');
    if (wrong) return wrong;
    // An action type without an opener that only asked (still pushed by hand): `opened` as well.
    const stack = ctx.state.turn.stack;
    if (ctx.events.length === events && stack.length === depth + 1) stack[depth].opened = opened;
  },
  legal(state, seat) {
    const t = state.turn;
    if (t.usedAuxiliaryInstead || !t.location) return [];
    const actions = localActions(state, seat, t.location);
    return actions
      .map((_, index) => index)
      .filter((index) => !t.usedActions.includes(index))
      .filter((index) => canRun(state, seat, actions[index]))
      .map((index) => ({ type: 'USE_ACTION', index }));
  },
};

export const useAuxiliary: CommandHandler<UseAuxCmd> = {
  type: 'USE_AUXILIARY',
  stages: ['LOCATION'],
  answers: ['AUXILIARY_ACTION'],
  parse: (raw) =>
    isStr(raw.action) &&
    AUXILIARY_ACTIONS.some((a) => a.id === raw.action) &&
    (raw.double === undefined || typeof raw.double === 'boolean')
      ? { type: 'USE_AUXILIARY', action: raw.action as AuxiliaryActionId, double: raw.double === true }
      : bad('USE_AUXILIARY needs action: AUX1..AUX5 and optional double: boolean'),
  decide(ctx, seat, cmd) {
    const t = ctx.state.turn;
    const fromAction = ctx.top()?.kind === 'AUXILIARY_ACTION';
    if (!fromAction) {
      if (t.usedActions.length > 0 || t.usedAuxiliaryInstead)
        return violation(
          'AUXILIARY_NOT_ALLOWED',
          'A single auxiliary action replaces all the local actions of a visit.',
        );
      if (cmd.double)
        return violation(
          'DOUBLE_NOT_ALLOWED',
          'An auxiliary action taken instead of the local actions is never doubled.',
        );
    }
    const mode = auxiliaryMode(ctx.state, seat, cmd.action);
    if (mode === 'LOCKED')
      return violation('AUXILIARY_LOCKED', `Auxiliary action ${cmd.action} is not unlocked yet.`);
    if (cmd.double && mode !== 'DOUBLE')
      return violation('DOUBLE_LOCKED', 'Both discs of this auxiliary action must be gone to double it.');
    // (A refused action refuses the whole command: the events so far are dropped.)
    ctx.emit({ type: 'AUXILIARY_ACTION_USED', seat, action: cmd.action, double: cmd.double });
    return runAction(ctx, seat, auxiliarySpec(cmd.action, cmd.double), 'derived');
  },
  legal(state, seat) {
    const t = state.turn;
    const fromAction = t.stack[t.stack.length - 1]?.kind === 'AUXILIARY_ACTION';
    if (!fromAction && (t.usedActions.length > 0 || t.usedAuxiliaryInstead)) return [];
    return AUXILIARY_ACTIONS.flatMap((a) => {
      const mode = auxiliaryMode(state, seat, a.id);
      if (mode === 'LOCKED') return [];
      const single: UseAuxCmd = { type: 'USE_AUXILIARY', action: a.id, double: false };
      const forms = fromAction && mode === 'DOUBLE' ? [single, { ...single, double: true }] : [single];
      return forms.filter((c) => canRun(state, seat, c.double ? a.double : a.single));
    });
  },
};

/** Decline the decision asked now, where the rules make it optional (decisions with `optional`). */
export const skip: CommandHandler<SkipCmd> = {
  type: 'SKIP',
  anytime: true,
  parse: () => ({ type: 'SKIP' }),
  decide(ctx) {
    const top = ctx.top();
    if (!top || !top.optional) return violation('NOTHING_TO_SKIP', 'Nothing optional is being asked.');
    // A local action declined before anything was done is not used (agenda.ts decisionDeclined).
    ctx.emit({ type: 'DECISION_DECLINED', seat: ctx.seat, kind: top.kind });
  },
  legal: (state) => (state.turn.stack[state.turn.stack.length - 1]?.optional ? [{ type: 'SKIP' }] : []),
};

export const endTurnCmd: CommandHandler<EndTurnCmd> = {
  type: 'END_TURN',
  stages: ['LOCATION'],
  parse: () => ({ type: 'END_TURN' }),
  decide(ctx) {
    endTurn(ctx);
  },
  legal: () => [{ type: 'END_TURN' }],
};

/** An exchange token, any time in your own turn: draw 2 cards, then discard 2. */
export const useExchangeToken: CommandHandler<ExchangeCmd> = {
  type: 'USE_EXCHANGE_TOKEN',
  anytime: true,
  parse: () => ({ type: 'USE_EXCHANGE_TOKEN' }),
  decide(ctx, seat) {
    if (ctx.state.turn.stage === 'FINAL_OBJECTIVES')
      return violation('NOT_NOW', 'The game is being scored: no more exchange tokens.');
    if (ctx.state.players[seat].exchangeTokens < 1)
      return violation('NO_EXCHANGE_TOKEN', 'You have no exchange token.');
    // The token used asks the discard of what it draws (agenda.ts exchangeTokenUsed).
    ctx.emit({ type: 'EXCHANGE_TOKENS', seat, delta: -1 });
    ctx.draw(seat, 2);
  },
  legal: (state, seat) =>
    state.players[seat].exchangeTokens > 0 && state.turn.stage !== 'FINAL_OBJECTIVES'
      ? [{ type: 'USE_EXCHANGE_TOKEN' }]
      : [],
};

export const FLOW_HANDLERS: CommandHandler[] = [
  discard,
  startAt,
  moveHerderCmd,
  useAction,
  useAuxiliary,
  skip,
  endTurnCmd,
  useExchangeToken,
] as CommandHandler[];

/** Cattle cards in a hand (objective cards are not cattle). */
export const cattleInHand = (state: GwtState, seat: Seat): string[] =>
  state.players[seat].hand.filter(isCattle);
