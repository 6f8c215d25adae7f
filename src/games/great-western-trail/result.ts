/**
 * The outcome once the game is over (RULES.md §4.3): the 11-category score sheet of every seat
 * (score.ts `finalScore`, objective cards left in the deck added per D20), ranked by total. Ties
 * share the rank, and tied leaders all win (D15: no tiebreak).
 */
import type { GameResult, Json } from '../engine';
import { SCORE_CATEGORIES, scoreGame, type ScoreBreakdown } from './score';
import type { GwtState } from './state';

/** 1 + the number of seats with a strictly higher total (so ties share a rank). */
export function ranks(totals: readonly number[]): number[] {
  return totals.map((t) => 1 + totals.filter((u) => u > t).length);
}

export function result(state: GwtState): GameResult | null {
  if (!state.over) return null;
  const scores: ScoreBreakdown[] = scoreGame(state);
  const totals = scores.map((s) => s.total);
  const rank = ranks(totals);
  const winners = scores.filter((_, seat) => rank[seat] === 1).map((s) => s.seat);
  return {
    winners,
    reason: 'FINAL_SCORING',
    detail: {
      endTriggeredBy: state.endTriggeredBy,
      shared: winners.length > 1,
      categories: [...SCORE_CATEGORIES],
    },
    seats: scores.map((s) => ({
      seat: s.seat,
      rank: rank[s.seat],
      winner: rank[s.seat] === 1,
      score: s.total,
      detail: JSON.parse(JSON.stringify(s)) as Json,
    })),
  };
}
