/** Who must decide what now. At most one prompt at a time once play starts. */
import type { Prompt } from '../engine';
import {
  bartAllowance,
  beerDice,
  canReroll,
  currentTask,
  kitAllowance,
  kitSources,
  pedroOwed,
  shotDice,
} from './rules';
import type { BangState } from './state';

export type PromptKind =
  | 'CHOOSE_CHARACTER'
  | 'SID_KETCHUM_HEAL'
  | 'ROLL'
  | 'REROLL_OR_KEEP'
  | 'RESOLVE_SHOTS'
  | 'RESOLVE_BEERS'
  | 'BART_CASSIDY_SUBSTITUTE'
  | 'PEDRO_RAMIREZ_DISCARD'
  | 'KIT_CARLSON_DISCARD';

export interface BangPrompt extends Prompt {
  kind: PromptKind;
}

export function pending(state: BangState): BangPrompt[] {
  if (state.phase === 'OVER') return [];
  if (state.phase === 'CHOOSING') {
    return state.players
      .filter((p) => p.character === null && p.offers.length > 0)
      .map((p) => ({ seat: p.seat, kind: 'CHOOSE_CHARACTER', detail: { characters: [...p.offers] } }));
  }
  const turn = state.turn;
  if (!turn) return [];

  // Interrupts during a batch come first: Bart before the points are applied, Pedro after.
  const bart = bartAllowance(state);
  if (bart) {
    const batch = turn.batch!;
    const amount = batch.hits.find((h) => h.seat === bart.seat)?.amount ?? 0;
    return [
      {
        seat: bart.seat,
        kind: 'BART_CASSIDY_SUBSTITUTE',
        detail: { source: batch.source, points: amount, max: bart.max },
      },
    ];
  }
  if (turn.batch) return [];
  const pedro = pedroOwed(state);
  if (pedro) return [{ seat: pedro.seat, kind: 'PEDRO_RAMIREZ_DISCARD', detail: { max: pedro.max } }];
  if (!state.players[turn.seat].alive) return [];

  const roller = turn.seat;
  switch (currentTask(state)) {
    case 'SID_HEAL':
      return [{ seat: roller, kind: 'SID_KETCHUM_HEAL' }];
    case 'ROLL':
      return [{ seat: roller, kind: 'ROLL' }];
    case 'REROLL_OR_KEEP':
      return canReroll(state)
        ? [{ seat: roller, kind: 'REROLL_OR_KEEP', detail: { rolls: turn.rolls, maxRolls: turn.maxRolls } }]
        : [];
    case 'SHOTS':
      return [{ seat: roller, kind: 'RESOLVE_SHOTS', detail: { dice: shotDice(turn.dice) } }];
    case 'BEERS':
      return [{ seat: roller, kind: 'RESOLVE_BEERS', detail: { dice: beerDice(state) } }];
    case 'KIT': {
      if (kitSources(state).length === 0) return [];
      const { limit, othersOnly } = kitAllowance(state);
      return [{ seat: roller, kind: 'KIT_CARLSON_DISCARD', detail: { limit, othersOnly } }];
    }
    default:
      return [];
  }
}
