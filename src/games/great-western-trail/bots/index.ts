/**
 * Great Western Trail's bot levels: RANDOM (the baseline), HEURISTIC (bots/heuristic.ts, rule
 * based) and STRONG (bots/strong.ts, determinised search over the rest of the own turn).
 */
import { randomBot, type GameBot, type BotLevel } from '../../bots';
import { gwtHeuristicBot } from './heuristic';
import { gwtStrongBot } from './strong';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const greatWesternTrailBots: Partial<Record<BotLevel, GameBot<any, any>>> = {
  RANDOM: randomBot,
  HEURISTIC: gwtHeuristicBot,
  STRONG: gwtStrongBot,
};
