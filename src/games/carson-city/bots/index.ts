/** The Carson City bot levels beyond RANDOM (the common baseline in ../../bots.ts). */
import { carsonHeuristicBot } from './heuristic';
import { carsonStrongBot } from './strong';

export { carsonHeuristicBot } from './heuristic';
export { carsonStrongBot, DEFAULT_PLAYOUTS } from './strong';
export { determinize } from './determinize';

export const carsonCityBots = { HEURISTIC: carsonHeuristicBot, STRONG: carsonStrongBot };
