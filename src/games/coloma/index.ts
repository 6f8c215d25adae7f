/**
 * Coloma (Deluxe) as a pure GameEngine: the base game for 2-6 players on PLACEHOLDER printed data
 * (RULES.md §7). NOT registered in the server yet: see README.md for what is built.
 */
import type { GameEngine } from '../engine';
import { parseCommand, type ColomaCommand } from './commands';
import { decide, legalCommands, pending, timeoutCommand } from './decide';
import type { ColomaEvent } from './events';
import { evolve } from './evolve';
import { setup } from './flow';
import { parseOptions, type ColomaOptions } from './options';
import type { ColomaState } from './state';
import { redact, view, type ColomaView } from './view';

export const colomaEngine: GameEngine<ColomaOptions, ColomaState, ColomaCommand, ColomaEvent, ColomaView> = {
  type: 'coloma',
  title: 'Coloma',
  seats: { min: 2, max: 6 },
  // Fixed pioneers, first Sheriff and deck orders decide what chance would (decks are secret):
  // refused from clients unless the operator allows test controls, never published.
  testOptions: ['pioneers', 'sheriff', 'decks'],
  parseOptions,
  setup,
  evolve,
  parseCommand,
  decide,
  pending,
  legalCommands,
  timeoutCommand,
  view,
  redact,
  result: (s) => s.result,
};

export type { ColomaCommand } from './commands';
export type { ColomaEvent } from './events';
export type { ColomaOptions } from './options';
export type { ColomaState } from './state';
export type { ColomaView } from './view';
