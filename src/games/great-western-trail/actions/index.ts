/**
 * The action executors and the commands answering their decisions (everything in the action
 * vocabulary except the railroad's, Kansas City's and the objectives' own), composed for index.ts.
 *
 * An action's opener returns a violation when it cannot be done at all (no qualifying card, no
 * affordable worker, no bandit...) and executors never refuse, so `canRun` tells exactly what is
 * doable without running the action. Every
 * decision an action pushes is `optional` (SKIP declines the rest of the action) except
 * TAKE_OBJECTIVE_CARD, which city links make mandatory.
 *
 * Decision kind → command:
 * - DISCARD_CARDS, DISCARD_OBJECTIVE_CARD → DISCARD_FOR_REWARD {cards: CardId[]}
 * - CHOOSE_ONE → CHOOSE_ONE {option: index}
 * - DRAW_THEN_DISCARD (up to N) → DRAW_CARDS {count: 1..N}, then flow's DISCARD_AFTER_DRAW → DISCARD
 * - REMOVE_CARDS (reward, up to N) → REMOVE_CARDS {cards: 1..N cards}
 * - TAKE_OBJECTIVE_CARD → TAKE_OBJECTIVE {card: display card id | null (top of the deck)}
 * - HIRE_WORKER → HIRE_WORKER {row, col} (0-based job-market space); the slot's action is then offered
 * - BUY_CATTLE → BUY_CATTLE {option: BUYING_OPTIONS index, cards} | DRAW_MARKET_CARDS {} | SKIP (end)
 * - PLACE_BUILDING → PLACE_BUILDING {building, location}
 * - USE_ADJACENT_BUILDING → USE_ADJACENT_BUILDING {location}; ADJACENT_ACTIONS → USE_ADJACENT_ACTION {index} | SKIP
 * - COLLECT_BOUNTY → COLLECT_BOUNTY {location}
 * - REMOVE_HAZARD → REMOVE_HAZARD {location}
 * - MOVE_HERDER_FORWARD, MOVE_HERDER_FORWARD_FREE → MOVE_HERDER_FORWARD {path}
 * - AUXILIARY_ACTION → flow's USE_AUXILIARY
 */
import type { CommandHandler } from '../protocol';
import type { OpenerMap } from '../derive';
import { BASIC_ACTING, BASIC_EXECUTORS, BASIC_HANDLERS, BASIC_OPENERS } from './basic';
import { BUILDING_FACT_RULES, BUILDING_HANDLERS, BUILDING_OPENERS } from './buildings';
import { CATTLE_HANDLERS, CATTLE_OPENERS } from './cattle';
import { HERDER_HANDLERS, HERDER_OPENERS } from './herder';
import type { ExecutorMap } from './registry';
import { REWARD_HANDLERS } from './rewards';
import { TRAIL_TILE_FACT_RULES, TRAIL_TILE_HANDLERS, TRAIL_TILE_OPENERS } from './trail-tiles';
import { WORKER_HANDLERS, WORKER_OPENERS } from './workers';

export const ACTION_EXECUTORS: ExecutorMap = {
  ...BASIC_EXECUTORS,
};

/** The action types that ask (derive.ts): their decisions follow from the action's fact. */
export const ACTION_OPENERS: OpenerMap = {
  ...BASIC_OPENERS,
  ...WORKER_OPENERS,
  ...HERDER_OPENERS,
  ...TRAIL_TILE_OPENERS,
  ...CATTLE_OPENERS,
  ...BUILDING_OPENERS,
};
export const ACTION_FACT_RULES = { ...TRAIL_TILE_FACT_RULES, ...BUILDING_FACT_RULES };
export const ACTION_ACTING = { ...BASIC_ACTING };

export const ACTION_HANDLERS: CommandHandler[] = [
  ...BASIC_HANDLERS,
  ...REWARD_HANDLERS,
  ...WORKER_HANDLERS,
  ...CATTLE_HANDLERS,
  ...BUILDING_HANDLERS,
  ...TRAIL_TILE_HANDLERS,
  ...HERDER_HANDLERS,
];

export { applyReward, gainCertificates } from './rewards';
export { canRun, offerAction } from './support';
