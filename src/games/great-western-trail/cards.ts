/**
 * Card ids. A cattle card is `<breed>:<vp>` (e.g. `hereford:7`, `criollo:0`), a Simmental
 * `simmental-<level>:<vp>`: cards with the same id are identical, so piles are multisets of ids.
 * Objective cards keep their printed ids (`OBJ-01`.., `START-1`..) and never contain ':'.
 */
import { MARKET_DECK, simmentalCard, STARTING_DECK } from './data/cattle';
import type { CattleCard } from './data/types';
import type { CardId } from './state';

export function cardIdOf(card: CattleCard): CardId {
  return `${card.breed}${card.level ? `-${card.level}` : ''}:${card.vp}`;
}

const CATTLE = new Map<CardId, CattleCard>(
  [...STARTING_DECK, ...MARKET_DECK, simmentalCard(1), simmentalCard(2), simmentalCard(3)].map((c) => [
    cardIdOf(c),
    c,
  ]),
);

/** The printed facts of a cattle card id (throws on an objective or unknown id). */
export function cattle(card: CardId): CattleCard {
  const c = CATTLE.get(card);
  if (!c) throw new Error(`not a cattle card: ${card}`);
  return c;
}

export function isCattle(card: CardId): boolean {
  return CATTLE.has(card);
}

export function isObjective(card: CardId): boolean {
  return !card.includes(':');
}

export const SIMMENTAL_IDS: Record<1 | 2 | 3, CardId> = {
  1: cardIdOf(simmentalCard(1)),
  2: cardIdOf(simmentalCard(2)),
  3: cardIdOf(simmentalCard(3)),
};

export function simmentalLevel(card: CardId): 1 | 2 | 3 | null {
  return isCattle(card) ? (cattle(card).level ?? null) : null;
}

/**
 * `pile` without one copy of each of `cards` (multiset difference, copies compared as JSON); null
 * if one is missing. The copy itself is looked for first (a tile drawn from that bag): another
 * copy equal as JSON may stand before it, but taking either leaves the same pile as JSON.
 */
export function without<T>(pile: readonly T[], cards: readonly T[]): T[] | null {
  const rest = [...pile];
  for (const c of cards) {
    let i = rest.indexOf(c);
    if (i < 0 && typeof c === 'object' && c !== null) {
      const json = JSON.stringify(c);
      i = rest.findIndex((x) => typeof x === 'object' && JSON.stringify(x) === json);
    }
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/** Multiset difference that the caller knows is valid (appliers: events were validated by decide). */
export function remove<T>(pile: readonly T[], cards: readonly T[]): T[] {
  const rest = without(pile, cards);
  if (!rest) throw new Error(`cards ${JSON.stringify(cards)} not in pile`);
  return rest;
}
