/** Great Western Trail's bot levels: RANDOM (the baseline) and HEURISTIC (bots/heuristic.ts). */
import { randomBot, type GameBot, type BotLevel } from '../../bots';
import { gwtHeuristicBot } from './heuristic';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const greatWesternTrailBots: Partial<Record<BotLevel, GameBot<any, any>>> = {
  RANDOM: randomBot,
  HEURISTIC: gwtHeuristicBot,
};
