/** Coloma's bots (RANDOM is the common one, src/games/bots.ts). */
import { colomaHeuristicBot } from './heuristic';

export const colomaBots = { HEURISTIC: colomaHeuristicBot };
