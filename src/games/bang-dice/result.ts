/** The outcome by the role rules (spec §4), with each seat's role and character. */
import type { GameResult } from '../engine';
import type { BangState } from './state';

const SIDE_BY_REASON: Record<string, string> = {
  SHERIFF_ELIMINATED: 'OUTLAWS',
  RENEGADE_LAST_SURVIVOR: 'RENEGADE',
  OUTLAWS_AND_RENEGADES_ELIMINATED: 'SHERIFF_AND_DEPUTIES',
  TARGET_ELIMINATED: 'TARGET_KILLER',
  LAST_SURVIVOR: 'LAST_SURVIVOR',
  NO_SURVIVORS: 'NONE',
};

export function result(state: BangState): GameResult | null {
  if (state.phase !== 'OVER' || !state.outcome) return null;
  const { winners, reason } = state.outcome;
  const draw = winners.length === 0;
  return {
    winners: [...winners],
    reason,
    detail: { side: SIDE_BY_REASON[reason] ?? null, draw },
    seats: state.players.map((p) => {
      const winner = winners.includes(p.seat);
      return {
        seat: p.seat,
        rank: winner || draw ? 1 : 2,
        winner,
        detail: { role: p.role, character: p.character, alive: p.alive, life: p.life, arrows: p.arrows },
      };
    }),
  };
}
