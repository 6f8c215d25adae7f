/**
 * Objective cards left in the deck at the end (RULES.md §4.3, D20, [L463]): after the last final
 * turn, each player whose deck (hand, draw pile, discard pile) still holds objective cards decides,
 * in seat order, which of them join the objective area (without their immediate actions); the
 * others leave the game. Only the chooser's own score depends on it. The timeout answer (and the
 * HEURISTIC and STRONG bots' choice) is the best one (score.ts `bestFinalObjectives`).
 *
 * Decision `FINAL_OBJECTIVES` (no detail: the cards are the chooser's own, seen in its view) →
 * command `CHOOSE_FINAL_OBJECTIVES {add}` (a sub-multiset of those cards; [] drops them all).
 */
import { violation, type Seat } from '../engine';
import { freshTurn } from './agenda';
import { without } from './cards';
import type { Ctx } from './ctx';
import { isStrList, type CommandHandler } from './protocol';
import { bestFinalObjectives, objectivesInDeck } from './score';
import type { GwtState } from './state';

export const FINAL_OBJECTIVES = 'FINAL_OBJECTIVES';

export type ChooseFinalObjectivesCmd = { type: 'CHOOSE_FINAL_OBJECTIVES'; add: string[] };

/** The first seat from `from` on (in seat order) whose deck holds objective cards; null: none. */
export function nextFinalObjectiveSeat(state: GwtState, from: Seat): Seat | null {
  for (let seat = from; seat < state.seatCount; seat++)
    if (objectivesInDeck(state, seat).length > 0) return seat;
  return null;
}

/** After the final round (or a seat's choice): the next seat's choice, or the end of the game. */
export function askFinalObjectives(ctx: Ctx, from: Seat): void {
  const s = ctx.state;
  const seat = nextFinalObjectiveSeat(s, from);
  if (seat === null) {
    s.over = true;
    s.turn = freshTurn(s.turn.seat, 'MOVE');
    return;
  }
  s.turn = freshTurn(seat, 'FINAL_OBJECTIVES');
  ctx.push({ kind: FINAL_OBJECTIVES });
}

/** Every way to choose: each sub-multiset of the deck's objective cards, fewest first. */
export function finalObjectiveChoices(state: GwtState, seat: Seat): string[][] {
  const deck = objectivesInDeck(state, seat);
  const out: string[][] = [];
  const walk = (i: number, acc: string[]) => {
    if (i === deck.length) return void out.push(acc);
    let j = i;
    while (j < deck.length && deck[j] === deck[i]) j++;
    for (let n = 0; n <= j - i; n++) walk(j, [...acc, ...deck.slice(i, i + n)]);
  };
  walk(0, []);
  return out.sort((a, b) => a.length - b.length);
}

export const chooseFinalObjectives: CommandHandler<ChooseFinalObjectivesCmd> = {
  type: 'CHOOSE_FINAL_OBJECTIVES',
  answers: [FINAL_OBJECTIVES],
  parse: (raw) =>
    isStrList(raw.add, 40)
      ? { type: 'CHOOSE_FINAL_OBJECTIVES', add: raw.add }
      : violation(
          'INVALID_COMMAND',
          'CHOOSE_FINAL_OBJECTIVES needs add: string[] (objective cards of your deck)',
        ),
  decide(ctx, seat, cmd) {
    const removed = without(objectivesInDeck(ctx.state, seat), cmd.add);
    if (!removed)
      return violation(
        'NOT_IN_DECK',
        'Only objective cards of your deck (hand, draw pile, discard) can be added.',
      );
    ctx.pop();
    ctx.emit({ type: 'FINAL_OBJECTIVES_CHOSEN', seat, added: [...cmd.add].sort(), removed });
    askFinalObjectives(ctx, seat + 1);
  },
  legal: (state, seat) =>
    finalObjectiveChoices(state, seat).map((add) => ({ type: 'CHOOSE_FINAL_OBJECTIVES', add })),
};

/** The best choice (the timeout answer). */
export function bestFinalObjectivesCommand(state: GwtState, seat: Seat): ChooseFinalObjectivesCmd {
  return { type: 'CHOOSE_FINAL_OBJECTIVES', add: bestFinalObjectives(state, seat) };
}
