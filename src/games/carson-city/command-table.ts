/**
 * The command table (entry side, like `modules/registry.ts`): every command handler, the core's
 * (`phases/`) and the modules' (`modules/<name>/commands.ts`), in one list. Its order is the
 * listing order of legalCommands at every prompt (protocol.ts), e.g. BUY_PARCEL before its
 * DECLINE_ACTION, DECLINE_ACTION before the answers it declines, PASS before the placements,
 * PLACE_ROAD (listed beside the others) last. The engine's entry installs it (`installCommands`).
 */
import type { CarsonHandler } from './protocol';
import { PLACE_ROAD } from './phases/roads';
import { CHOOSE_STARTING_PARCEL } from './phases/setup/commands';

export const CARSON_COMMAND_TABLE: readonly CarsonHandler[] = Object.freeze([
  CHOOSE_STARTING_PARCEL,
  PLACE_ROAD,
] as CarsonHandler[]);
