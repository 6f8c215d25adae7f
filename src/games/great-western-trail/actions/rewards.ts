/**
 * Rewards (data/types `Reward`): the all-or-nothing gains of a discard, a backward engine move, a
 * bandit pair... `applyReward` gives money, certificates (along the track 0-1-2-3-4-6, capped by
 * the limit, RULES.md §3.9) and exchange tokens at once, and asks for what needs a choice: objective
 * cards into the hand (8b) and cards to remove from the game (auxiliary action 5).
 */
import { violation, type Seat } from '../../engine';
import type { Ctx } from '../ctx';
import { CERTIFICATE_TRACK, EXCHANGE_TOKEN_SUPPLY } from '../data/player-board';
import type { Reward } from '../data/types';
import type { MoneyReason } from '../events';
import { certificateLimit } from '../limits';
import { isStrList, type CommandHandler } from '../protocol';
import { without } from '../cards';
import { objectiveAvailable, rewardDecisions } from '../agenda';
import type { GwtState } from '../state';
import { bad, cardChoices, topOf } from './support';

/** The marker after gaining `n` certificates from `current` with limit `limit` (the track has no 5). */
export function certificatesAfterGain(current: number, n: number, limit: number): number {
  const track = CERTIFICATE_TRACK.filter((v) => v <= limit);
  const at = track.indexOf(current);
  if (at < 0) return current;
  return track[Math.min(at + Math.max(0, n), track.length - 1)];
}

/** Move `seat`'s certificate marker `n` spaces up, never past the limit (the excess is lost). */
export function gainCertificates(ctx: Ctx, seat: Seat, n: number): void {
  const current = ctx.state.players[seat].certificates;
  const next = certificatesAfterGain(current, n, certificateLimit(ctx.state, seat));
  if (next !== current) ctx.emit({ type: 'CERTIFICATES', seat, delta: next - current });
}

/** Move the marker to the certificate limit (10a). */
export function setCertificatesToLimit(ctx: Ctx, seat: Seat): void {
  const current = ctx.state.players[seat].certificates;
  const limit = certificateLimit(ctx.state, seat);
  if (limit > current) ctx.emit({ type: 'CERTIFICATES', seat, delta: limit - current });
}

/** `reward` `times` over (7a: per bandit pair). */
export function scaleReward(reward: Reward, times: number): Reward {
  const out: Reward = {};
  for (const [k, v] of Object.entries(reward) as [keyof Reward, number][]) out[k] = v * times;
  return out;
}

export { objectiveAvailable, rewardDecisions };

export type RemoveCardsDecision = { kind: 'REMOVE_CARDS'; upTo: number; optional: true };
export type TakeObjectiveDecision = {
  kind: 'TAKE_OBJECTIVE_CARD';
  to: 'DISCARD_PILE' | 'HAND';
  optional?: boolean;
};

/** Exchange tokens still in the bank: the box holds 12 [L33], and a used token goes back (D36). */
export function exchangeTokensInBank(state: GwtState): number {
  return EXCHANGE_TOKEN_SUPPLY - state.players.reduce((n, p) => n + p.exchangeTokens, 0);
}

/** Gain up to `amount` exchange tokens: as many as the bank still holds (D36). */
export function gainExchangeTokens(ctx: Ctx, seat: Seat, amount: number): void {
  const delta = Math.min(amount, Math.max(0, exchangeTokensInBank(ctx.state)));
  if (delta > 0) ctx.emit({ type: 'EXCHANGE_TOKENS', seat, delta });
}

/**
 * Give `reward` to `seat`. Money, certificates and exchange tokens at once; objective cards to hand
 * and removing cards from the game are asked (pushed as decisions; removing is "up to", so it may be
 * skipped; nothing is asked when there is nothing to take or remove).
 */
export function applyReward(ctx: Ctx, seat: Seat, reward: Reward, reason: MoneyReason = 'ACTION'): void {
  gainReward(ctx, seat, reward, reason);
  for (const d of rewardDecisions(ctx.state, seat, reward)) ctx.push(d);
}

/** The part of `reward` given at once: money, certificates, exchange tokens. */
export function gainReward(ctx: Ctx, seat: Seat, reward: Reward, reason: MoneyReason = 'ACTION'): void {
  if (reward.dollars) ctx.money(seat, reward.dollars, reason);
  if (reward.certificates) gainCertificates(ctx, seat, reward.certificates);
  if (reward.exchangeTokens) gainExchangeTokens(ctx, seat, reward.exchangeTokens);
}

export type RemoveCardsCmd = { type: 'REMOVE_CARDS'; cards: string[] };

/** Remove 1..upTo cards in hand from the game (auxiliary action 5; none: SKIP). */
export const removeCards: CommandHandler<RemoveCardsCmd> = {
  type: 'REMOVE_CARDS',
  answers: ['REMOVE_CARDS'],
  parse: (raw) =>
    isStrList(raw.cards)
      ? { type: 'REMOVE_CARDS', cards: raw.cards }
      : bad('REMOVE_CARDS needs cards: string[]'),
  decide(ctx, seat, cmd) {
    const top = topOf<RemoveCardsDecision>(ctx.state);
    if (cmd.cards.length < 1 || cmd.cards.length > top.upTo)
      return violation('WRONG_CARD_COUNT', `Remove 1 to ${top.upTo} card(s) (SKIP removes none).`);
    if (!without(ctx.state.players[seat].hand, cmd.cards))
      return violation('CARD_NOT_IN_HAND', 'You do not hold those cards.');
    ctx.emit({ type: 'CARDS_REMOVED', seat, cards: cmd.cards }); // answers REMOVE_CARDS (agenda.ts)
  },
  legal(state, seat) {
    const top = topOf<RemoveCardsDecision>(state);
    const hand = state.players[seat].hand;
    const out: RemoveCardsCmd[] = [];
    for (let n = 1; n <= Math.min(top.upTo, hand.length); n++)
      for (const cards of cardChoices(hand, n)) out.push({ type: 'REMOVE_CARDS', cards });
    return out;
  },
};

export const REWARD_HANDLERS: CommandHandler[] = [removeCards] as CommandHandler[];
