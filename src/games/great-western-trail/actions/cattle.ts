/**
 * Buying cattle (RULES.md §3.2), one step at a time so that cards drawn into the market can then be
 * bought. Each cowboy of the player's cowboy row is used at most once in the action: for a buying
 * option (data/cattle BUYING_OPTIONS: 1 or 2 cards of a breeding value for a number of cowboys and
 * dollars; the two Simmental options only with the variant), or, unused, to draw 2 cards of the
 * cattle deck face up into the market. Bought cards go to the discard pile. The action ends when no
 * cowboy is left, or with SKIP (buying fewer or none is allowed).
 *
 * Decision BUY_CATTLE {cowboysLeft} → commands
 * - `BUY_CATTLE {option, cards}`: `option` indexes BUYING_OPTIONS, `cards` the market cards bought;
 * - `DRAW_MARKET_CARDS {}`: one cowboy draws 2 cattle-deck cards into the market;
 * - SKIP: end the action.
 */
import { violation, type Seat } from '../../engine';
import { cattle, isCattle, simmentalLevel, without } from '../cards';
import { BUYING_OPTIONS, CARDS_DRAWN_PER_UNUSED_COWBOY, type BuyingOption } from '../data/cattle';
import { isInt, isStrList, type CommandHandler } from '../protocol';
import type { GwtState } from '../state';
import type { OpenerMap } from '../derive';
import { bad, cardChoices, topOf } from './support';

export type BuyCattleDecision = { kind: 'BUY_CATTLE'; cowboysLeft: number; optional: true };

/** Whether a market card can be bought with `option` (Simmental options: level 1 only; others never a Simmental). */
export function cardBuyableWith(option: BuyingOption, card: string): boolean {
  if (!isCattle(card)) return false;
  if (option.simmental) return simmentalLevel(card) === 1;
  const c = cattle(card);
  return c.breed !== 'simmental' && c.breedingValue === option.breedingValue;
}

/** Why `option` cannot be used now (ignoring the cards), or null. */
function optionProblem(state: GwtState, seat: Seat, option: BuyingOption | undefined, cowboysLeft: number) {
  if (!option || (option.simmental && !state.options.simmental))
    return violation('NO_SUCH_OPTION', 'No such buying option.');
  if (option.cowboys > cowboysLeft)
    return violation(
      'NOT_ENOUGH_COWBOYS',
      `This option needs ${option.cowboys} cowboy(s); ${cowboysLeft} left in this action.`,
    );
  if (state.players[seat].money < option.dollars)
    return violation('NOT_ENOUGH_MONEY', `This option costs $${option.dollars}.`);
  return null;
}

export type BuyCmd = { type: 'BUY_CATTLE'; option: number; cards: string[] };
export type DrawMarketCmd = { type: 'DRAW_MARKET_CARDS' };

export const buyCattle: CommandHandler<BuyCmd> = {
  type: 'BUY_CATTLE',
  answers: ['BUY_CATTLE'],
  parse: (raw) =>
    isInt(raw.option) && isStrList(raw.cards, 2)
      ? { type: 'BUY_CATTLE', option: raw.option, cards: raw.cards }
      : bad('BUY_CATTLE needs option: integer and cards: string[] (1 or 2 market cards)'),
  decide(ctx, seat, cmd) {
    const s = ctx.state;
    const option = BUYING_OPTIONS[cmd.option];
    const problem = optionProblem(s, seat, option, topOf<BuyCattleDecision>(s).cowboysLeft);
    if (problem) return problem;
    if (cmd.cards.length !== option.cards)
      return violation('WRONG_CARD_COUNT', `This option buys ${option.cards} card(s).`);
    if (!without(s.cattleMarket, cmd.cards))
      return violation('NOT_IN_MARKET', 'Those cards are not in the cattle market.');
    if (!cmd.cards.every((c) => cardBuyableWith(option, c)))
      return violation('CARDS_DO_NOT_QUALIFY', 'This option does not buy those cards.');
    // One cowboy fewer per cowboy used; the action ends with the last one (agenda.ts cowboysUsed).
    ctx.emit({ type: 'COWBOYS_USED', seat, count: option.cowboys });
    ctx.money(seat, -option.dollars, 'CATTLE');
    for (const card of cmd.cards) ctx.emit({ type: 'CARD_GAINED', seat, card, from: 'MARKET' });
  },
  legal(state, seat) {
    const left = topOf<BuyCattleDecision>(state).cowboysLeft;
    return BUYING_OPTIONS.flatMap((option, index) =>
      optionProblem(state, seat, option, left)
        ? []
        : cardChoices(state.cattleMarket, option.cards, (c) => cardBuyableWith(option, c)).map((cards) => ({
            type: 'BUY_CATTLE' as const,
            option: index,
            cards,
          })),
    );
  },
};

export const drawMarketCards: CommandHandler<DrawMarketCmd> = {
  type: 'DRAW_MARKET_CARDS',
  answers: ['BUY_CATTLE'],
  parse: () => ({ type: 'DRAW_MARKET_CARDS' }),
  decide(ctx, seat) {
    const s = ctx.state;
    if (s.cattleDeck.length === 0) return violation('CATTLE_DECK_EMPTY', 'The cattle deck is empty.');
    ctx.emit({ type: 'COWBOYS_USED', seat, count: 1 });
    ctx.emit({
      type: 'MARKET_CARDS_ADDED',
      cards: ctx.pickFrom([...s.cattleDeck], CARDS_DRAWN_PER_UNUSED_COWBOY),
    });
  },
  legal: (state) => (state.cattleDeck.length > 0 ? [{ type: 'DRAW_MARKET_CARDS' }] : []),
};

export const CATTLE_OPENERS: OpenerMap = {
  BUY_CATTLE(state, seat) {
    const cowboys = state.players[seat].workers.cowboy;
    if (cowboys < 1) return violation('NO_COWBOY', 'You have no cowboy.');
    return [{ kind: 'BUY_CATTLE', cowboysLeft: cowboys, optional: true } satisfies BuyCattleDecision];
  },
};

export const CATTLE_HANDLERS: CommandHandler[] = [buyCattle, drawMarketCards] as CommandHandler[];
