/**
 * The basic actions (RULES.md §3): discard requirements with their all-or-nothing rewards, "choose
 * one", gains (money, certificates, exchange tokens, per bandit pair), draw-then-discard, the
 * auxiliary-action icon and objective cards (take; discard for a reward).
 *
 * Decisions pushed here and the commands answering them:
 * - DISCARD_CARDS / DISCARD_OBJECTIVE_CARD  → `DISCARD_FOR_REWARD {cards}`
 * - CHOOSE_ONE                              → `CHOOSE_ONE {option}` (index into the options)
 * - DRAW_THEN_DISCARD (up to N)             → `DRAW_CARDS {count}` (1..N; SKIP draws none), then flow's DISCARD
 * - TAKE_OBJECTIVE_CARD                     → `TAKE_OBJECTIVE {card}` (a display card, or null = top of the deck)
 * - AUXILIARY_ACTION                        → flow's USE_AUXILIARY
 */
import { violation, type Seat } from '../../engine';
import { cattle, isCattle, isObjective, without } from '../cards';
import type { ActionSpec, CardFilter, Reward } from '../data/types';
import { isInt, isStr, isStrList, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import type { OpenerMap } from '../derive';
import { runAction, type ExecutorMap } from './registry';
import {
  gainReward,
  gainCertificates,
  gainExchangeTokens,
  objectiveAvailable,
  scaleReward,
  setCertificatesToLimit,
  type TakeObjectiveDecision,
} from './rewards';
import {
  bad,
  canRun,
  cardChoices,
  dynamicCount,
  ownBuildingsInWoods,
  topOf,
  upgradedStations,
} from './support';

// ---------------------------------------------------------------------------------------------
// Discard requirements

/**
 * Whether `card` may be discarded for `filter` (RULES.md §3, §5.1): a named breed or breeding value
 * never takes a Simmental; "any card" and pairs do (all Simmental levels are one breed). Objective
 * cards are not cattle.
 */
export function cardFits(filter: CardFilter, card: string): boolean {
  if (!isCattle(card)) return false;
  const c = cattle(card);
  switch (filter.kind) {
    case 'ANY':
    case 'PAIR':
      return true;
    case 'BREED':
      return c.breed === filter.breed;
    case 'BREEDING_VALUE':
      return c.breed !== 'simmental' && c.breedingValue === filter.value;
  }
}

/** Whether `cards` meet the requirement exactly: `count` cards, each fitting, a pair of one breed. */
export function selectionFits(filter: CardFilter, count: number, cards: readonly string[]): boolean {
  if (cards.length !== count || !cards.every((c) => cardFits(filter, c))) return false;
  return filter.kind !== 'PAIR' || cards.every((c) => cattle(c).breed === cattle(cards[0]).breed);
}

export type DiscardDecision = {
  kind: 'DISCARD_CARDS';
  count: number;
  card: CardFilter;
  gain?: Reward;
  then?: ActionSpec;
  optional?: boolean;
};
export type DiscardObjectiveDecision = {
  kind: 'DISCARD_OBJECTIVE_CARD';
  count: number;
  gain: Reward;
  optional?: boolean;
};

/** The card sets that meet the decision's requirement (legal answers). */
function discardChoices(
  state: GwtState,
  seat: Seat,
  d: DiscardDecision | DiscardObjectiveDecision,
): string[][] {
  const hand = state.players[seat].hand;
  if (d.kind === 'DISCARD_OBJECTIVE_CARD') return cardChoices(hand, d.count, isObjective);
  return cardChoices(hand, d.count, (c) => cardFits(d.card, c)).filter((cards) =>
    selectionFits(d.card, d.count, cards),
  );
}

/**
 * Whether `discardChoices` lists anything, without listing: enough fitting cards (objective cards
 * for an objective discard), for a pair enough of one breed.
 */
function canDiscardFor(state: GwtState, seat: Seat, d: DiscardDecision | DiscardObjectiveDecision): boolean {
  if (d.count <= 0) return true;
  const hand = state.players[seat].hand;
  if (d.kind === 'DISCARD_OBJECTIVE_CARD') return hand.filter(isObjective).length >= d.count;
  const fitting = hand.filter((c) => cardFits(d.card, c));
  if (d.card.kind !== 'PAIR') return fitting.length >= d.count;
  const byBreed = new Map<string, number>();
  for (const c of fitting) byBreed.set(cattle(c).breed, (byBreed.get(cattle(c).breed) ?? 0) + 1);
  return [...byBreed.values()].some((n) => n >= d.count);
}

export type DiscardForRewardCmd = { type: 'DISCARD_FOR_REWARD'; cards: string[] };

export const discardForReward: CommandHandler<DiscardForRewardCmd> = {
  type: 'DISCARD_FOR_REWARD',
  answers: ['DISCARD_CARDS', 'DISCARD_OBJECTIVE_CARD'],
  parse: (raw) =>
    isStrList(raw.cards)
      ? { type: 'DISCARD_FOR_REWARD', cards: raw.cards }
      : bad('DISCARD_FOR_REWARD needs cards: string[]'),
  decide(ctx, seat, cmd) {
    const d = topOf<DiscardDecision | DiscardObjectiveDecision>(ctx.state);
    if (!without(ctx.state.players[seat].hand, cmd.cards))
      return violation('CARD_NOT_IN_HAND', 'You do not hold those cards.');
    if (cmd.cards.length !== d.count)
      return violation('WRONG_CARD_COUNT', `Discard exactly ${d.count} card(s).`);
    const fits =
      d.kind === 'DISCARD_OBJECTIVE_CARD'
        ? cmd.cards.every(isObjective)
        : selectionFits(d.card, d.count, cmd.cards);
    if (!fits) return violation('CARDS_DO_NOT_QUALIFY', 'Those cards do not meet the requirement.');
    // Answers `d` and asks what its reward and follow-up ask (agenda.ts cardsDiscarded).
    ctx.emit({ type: 'CARDS_DISCARDED', seat, cards: cmd.cards });
    if (d.gain) gainReward(ctx, seat, d.gain);
    if (d.kind === 'DISCARD_CARDS' && d.then) return runAction(ctx, seat, d.then, 'derived');
  },
  legal(state, seat) {
    const d = topOf<DiscardDecision | DiscardObjectiveDecision>(state);
    return discardChoices(state, seat, d).map((cards) => ({ type: 'DISCARD_FOR_REWARD', cards }));
  },
};

// ---------------------------------------------------------------------------------------------
// Choose one

export type ChooseOneDecision = { kind: 'CHOOSE_ONE'; options: readonly ActionSpec[]; optional?: boolean };
export type ChooseOptionCmd = { type: 'CHOOSE_ONE'; option: number };

export const chooseOption: CommandHandler<ChooseOptionCmd> = {
  type: 'CHOOSE_ONE',
  answers: ['CHOOSE_ONE'],
  parse: (raw) =>
    isInt(raw.option) ? { type: 'CHOOSE_ONE', option: raw.option } : bad('CHOOSE_ONE needs option: integer'),
  decide(ctx, seat, cmd) {
    const d = topOf<ChooseOneDecision>(ctx.state);
    const spec = d.options[cmd.option];
    if (!spec) return violation('NO_SUCH_OPTION', `Choose an option 0..${d.options.length - 1}.`);
    if (!canRun(ctx.state, seat, spec))
      return violation('OPTION_IMPOSSIBLE', 'That option cannot be done now.');
    // The option's question carries on a local action still untouched (agenda.ts optionChosen).
    ctx.emit({ type: 'OPTION_CHOSEN', seat, option: cmd.option });
    const stack = ctx.state.turn.stack;
    const events = ctx.events.length;
    const depth = stack.length;
    const wrong = runAction(ctx, seat, spec, 'derived');
    if (wrong) return wrong;
    // An action type without an opener that only asked (still pushed by hand): `opened` as well.
    const opened = (d as { opened?: unknown }).opened;
    if (opened && ctx.events.length === events && stack.length === depth + 1 && stack[depth].optional)
      stack[depth].opened = opened;
  },
  legal(state, seat) {
    const d = topOf<ChooseOneDecision>(state);
    return d.options.flatMap((spec, option) =>
      canRun(state, seat, spec) ? [{ type: 'CHOOSE_ONE' as const, option }] : [],
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Draw, then discard as many

export type DrawUpToDecision = { kind: 'DRAW_THEN_DISCARD'; max: number; optional: true };
export type DrawCardsCmd = { type: 'DRAW_CARDS'; count: number };

export const drawCards: CommandHandler<DrawCardsCmd> = {
  type: 'DRAW_CARDS',
  answers: ['DRAW_THEN_DISCARD'],
  parse: (raw) =>
    isInt(raw.count) ? { type: 'DRAW_CARDS', count: raw.count } : bad('DRAW_CARDS needs count: integer'),
  decide(ctx, seat, cmd) {
    const d = topOf<DrawUpToDecision>(ctx.state);
    if (cmd.count < 1 || cmd.count > d.max)
      return violation('WRONG_CARD_COUNT', `Draw 1 to ${d.max} card(s) (SKIP draws none).`);
    // Answers the draw and asks the discard of what it draws (agenda.ts drawChosen).
    ctx.emit({ type: 'DRAW_CHOSEN', seat, count: cmd.count });
    ctx.draw(seat, cmd.count);
  },
  legal(state) {
    const d = topOf<DrawUpToDecision>(state);
    return Array.from({ length: d.max }, (_, i) => ({ type: 'DRAW_CARDS' as const, count: i + 1 }));
  },
};

// ---------------------------------------------------------------------------------------------
// Objective cards

export type TakeObjectiveCmd = { type: 'TAKE_OBJECTIVE'; card: string | null };

export const takeObjective: CommandHandler<TakeObjectiveCmd> = {
  type: 'TAKE_OBJECTIVE',
  answers: ['TAKE_OBJECTIVE_CARD'],
  parse: (raw) =>
    raw.card === null || isStr(raw.card)
      ? { type: 'TAKE_OBJECTIVE', card: raw.card }
      : bad('TAKE_OBJECTIVE needs card: a display card id, or null for the top of the deck'),
  decide(ctx, seat, cmd) {
    const d = topOf<TakeObjectiveDecision>(ctx.state);
    const s = ctx.state;
    const toHand = d.to === 'HAND' ? { toHand: true as const } : {};
    if (cmd.card === null) {
      if (s.objectiveDeck.length === 0)
        return violation('OBJECTIVE_DECK_EMPTY', 'The objective deck is empty.');
      // CARD_GAINED answers TAKE_OBJECTIVE_CARD (agenda.ts objectiveCardGained).
      const [card] = ctx.pickFrom([...s.objectiveDeck], 1);
      ctx.emit({ type: 'CARD_GAINED', seat, card, from: 'DECK', ...toHand });
      return;
    }
    if (!s.objectiveDisplay.includes(cmd.card))
      return violation('NOT_IN_DISPLAY', 'That objective card is not on display.');
    ctx.emit({ type: 'CARD_GAINED', seat, card: cmd.card, from: 'DISPLAY', ...toHand });
    if (s.objectiveDeck.length > 0)
      ctx.emit({ type: 'OBJECTIVE_REVEALED', card: ctx.pickFrom([...s.objectiveDeck], 1)[0] });
  },
  legal(state) {
    const display = [...new Set(state.objectiveDisplay)]
      .sort()
      .map((card) => ({ type: 'TAKE_OBJECTIVE' as const, card }));
    return state.objectiveDeck.length > 0 ? [...display, { type: 'TAKE_OBJECTIVE', card: null }] : display;
  },
};

// ---------------------------------------------------------------------------------------------
// Executors

export const BASIC_OPENERS: OpenerMap = {
  DISCARD_CARDS(state, seat, spec) {
    const d: DiscardDecision = { kind: 'DISCARD_CARDS', count: spec.count, card: spec.card, optional: true };
    if (spec.gain) d.gain = spec.gain;
    if (spec.then) d.then = spec.then;
    if (!canDiscardFor(state, seat, d))
      return violation('REQUIREMENT_NOT_MET', 'You do not hold the cards this action asks for.');
    if (spec.then && !canRun(state, seat, spec.then))
      return violation('ACTION_IMPOSSIBLE', 'The follow-up action cannot be done now.');
    return [d];
  },
  DISCARD_OBJECTIVE_CARD(state, seat, spec) {
    const d: DiscardObjectiveDecision = {
      kind: 'DISCARD_OBJECTIVE_CARD',
      count: spec.count,
      gain: spec.gain,
      optional: true,
    };
    if (!canDiscardFor(state, seat, d))
      return violation('REQUIREMENT_NOT_MET', 'You hold no objective card to discard.');
    return [d];
  },
  CHOOSE_ONE(state, seat, spec) {
    if (!spec.options.some((o) => canRun(state, seat, o)))
      return violation('ACTION_IMPOSSIBLE', 'None of the options can be done now.');
    return [{ kind: 'CHOOSE_ONE', options: spec.options, optional: true } satisfies ChooseOneDecision];
  },
  /** Draw N, then discard as many as were drawn (all there are, reshuffling once); "up to": asked first. */
  DRAW_THEN_DISCARD(state, seat, spec) {
    const n = dynamicCount(state, seat, spec.count);
    const p = state.players[seat];
    if (!spec.upTo) {
      const count = Math.min(n, p.drawPile.length + p.discard.length);
      return count > 0 ? [{ kind: 'DISCARD_AFTER_DRAW', count }] : [];
    }
    if (n < 1 || p.drawPile.length + p.discard.length === 0)
      return violation('NOTHING_TO_DRAW', 'There is nothing to draw.');
    return [{ kind: 'DRAW_THEN_DISCARD', max: n, optional: true } satisfies DrawUpToDecision];
  },
  AUXILIARY_ACTION: () => [{ kind: 'AUXILIARY_ACTION', optional: true }],
  TAKE_OBJECTIVE_CARD: (state, _seat, spec) =>
    // Nothing to take (display and deck empty): nothing happens (RULES.md §3.5).
    objectiveAvailable(state)
      ? [{ kind: 'TAKE_OBJECTIVE_CARD', to: spec.to } satisfies TakeObjectiveDecision]
      : [],
};

/** Of the asking action types here, those with immediate effects too (derive.ts `actsAtOnce`). */
export const BASIC_ACTING = {
  DRAW_THEN_DISCARD: (spec: ActionSpec) => !(spec as { upTo?: boolean }).upTo,
};

export const BASIC_EXECUTORS: ExecutorMap = {
  GAIN_DOLLARS(ctx, seat, spec) {
    const s = ctx.state;
    const per =
      spec.per === 'CRAFTSMAN'
        ? s.players[seat].workers.craftsman
        : spec.per === 'ENGINEER'
          ? s.players[seat].workers.engineer
          : spec.per === 'UPGRADED_STATION'
            ? upgradedStations(s, seat)
            : spec.per === 'OWN_BUILDING_IN_WOODS'
              ? ownBuildingsInWoods(s, seat)
              : 1;
    ctx.money(seat, spec.amount * per, 'ACTION');
  },
  GAIN_CERTIFICATES(ctx, seat, spec) {
    gainCertificates(ctx, seat, spec.amount);
  },
  SET_CERTIFICATES_TO_LIMIT(ctx, seat) {
    setCertificatesToLimit(ctx, seat);
  },
  GAIN_EXCHANGE_TOKEN(ctx, seat, spec) {
    gainExchangeTokens(ctx, seat, spec.amount);
  },
  PER_BANDIT_PAIR_GAIN(ctx, seat, spec) {
    const b = ctx.state.players[seat].bandits;
    const pairs = Math.min(b.filter((c) => c === 'green').length, b.filter((c) => c === 'orange').length);
    if (pairs > 0) gainReward(ctx, seat, scaleReward(spec.gainPerPair, pairs)); // (7a: asks nothing)
  },
  /** The draw of a fixed draw-then-discard (its opener asks the discard). */
  DRAW_THEN_DISCARD(ctx, seat, spec) {
    if (!spec.upTo) ctx.draw(seat, dynamicCount(ctx.state, seat, spec.count));
  },
};

export const BASIC_HANDLERS: CommandHandler[] = [
  discardForReward,
  chooseOption,
  drawCards,
  takeObjective,
] as CommandHandler[];
