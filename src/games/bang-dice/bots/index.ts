/** The bot levels of Bang! The Dice Game beyond RANDOM (which every game gets from ../../bots). */
import { bangHeuristicBot } from './heuristic';
import { bangStrongBot } from './strong';

export const bangDiceBots = { HEURISTIC: bangHeuristicBot, STRONG: bangStrongBot };

export { bangHeuristicBot, bangStrongBot };
export { determinize } from './determinize';
export { STRONG_DEFAULTS } from './strong';
