/**
 * The action executors and the commands answering their decisions (everything in the action
 * vocabulary except the railroad's, Kansas City's and the objectives' own), composed for index.ts.
 */
import type { CommandHandler } from '../protocol';
import { BASIC_EXECUTORS, BASIC_HANDLERS } from './basic';
import { BUILDING_EXECUTORS, BUILDING_HANDLERS } from './buildings';
import { CATTLE_EXECUTORS, CATTLE_HANDLERS } from './cattle';
import { HERDER_EXECUTORS, HERDER_HANDLERS } from './herder';
import type { ExecutorMap } from './registry';
import { REWARD_HANDLERS } from './rewards';
import { TRAIL_TILE_EXECUTORS, TRAIL_TILE_HANDLERS } from './trail-tiles';
import { WORKER_EXECUTORS, WORKER_HANDLERS } from './workers';

export const ACTION_EXECUTORS: ExecutorMap = {
  ...BASIC_EXECUTORS,
  ...WORKER_EXECUTORS,
  ...CATTLE_EXECUTORS,
  ...BUILDING_EXECUTORS,
  ...TRAIL_TILE_EXECUTORS,
  ...HERDER_EXECUTORS,
};

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
