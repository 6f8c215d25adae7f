/** Coloma's bots (RANDOM is the common one, src/games/bots.ts). */
import { colomaHeuristicBot } from './heuristic';
import { colomaStrongBot } from './strong';

export const colomaBots = { HEURISTIC: colomaHeuristicBot, STRONG: colomaStrongBot };
