/**
 * The command table (entry side, like `modules/registry.ts`): every command handler, the core's
 * (`phases/`) and the modules' (`modules/<name>/commands.ts`), in one list. Its order is the
 * listing order of legalCommands at every prompt (protocol.ts): BUY_PARCEL and BUY_BUILDING
 * before their DECLINE_ACTION, DECLINE_ACTION before the answers it declines (Great service's
 * pick, stable 2, the horses, VP, menus, bids), PASS then Kit Carson's LOCK before the
 * placements, KEEP_PENDING and CANCEL_BUILD before the constructions, the placements before Kit
 * Carson's moves (one handler, listed per placed cowboy) and stable 2's, PLACE_ROAD (listed beside
 * the others) last. The engine's entry installs it (`installCommands`).
 */
import type { CarsonHandler } from './protocol';
import { CHOOSE_DUEL_DIE, FILL_SHEET } from './modules/anb/commands';
import { BUY_HORSE, MOVE_PLACED_COWBOY, STABLE_HORSE } from './modules/horses/commands';
import { LOCK, MOVE_OWN_COWBOY } from './modules/kit/commands';
import { CHOOSE_DUEL_TILE } from './modules/might/commands';
import { PLACE_TOWN_HALL, SPEND_CASH } from './phases/end-of-round/commands';
import { PICK_CHARACTER } from './phases/picks/commands';
import { PASS, PLACE_COWBOY } from './phases/placement/commands';
import {
  ANSWER_CONSENT,
  BUILD_PENDING,
  CANCEL_BUILD,
  KEEP_PENDING,
  PLACE_HOUSE,
} from './phases/resolution/construction';
import {
  BID,
  BUY_BUILDING,
  BUY_PARCEL,
  BUY_VP,
  CHOOSE_DUEL_ORDER,
  CHOOSE_OPTION,
  CHOOSE_PARCEL,
  DECLINE_ACTION,
  MOVE_COWBOY,
  TAKE_BUILDING,
} from './phases/resolution/commands';
import { PLACE_ROAD } from './phases/roads';
import { CHOOSE_STARTING_PARCEL } from './phases/setup/commands';

export const CARSON_COMMAND_TABLE: readonly CarsonHandler[] = Object.freeze([
  BUY_PARCEL,
  BUY_BUILDING,
  DECLINE_ACTION,
  PASS,
  LOCK,
  KEEP_PENDING,
  CANCEL_BUILD,
  PLACE_COWBOY,
  MOVE_OWN_COWBOY,
  MOVE_PLACED_COWBOY,
  STABLE_HORSE,
  BUY_HORSE,
  FILL_SHEET,
  CHOOSE_STARTING_PARCEL,
  PICK_CHARACTER,
  CHOOSE_DUEL_ORDER,
  BUY_VP,
  BUILD_PENDING,
  PLACE_HOUSE,
  ANSWER_CONSENT,
  PLACE_TOWN_HALL,
  CHOOSE_OPTION,
  CHOOSE_PARCEL,
  TAKE_BUILDING,
  BID,
  MOVE_COWBOY,
  SPEND_CASH,
  CHOOSE_DUEL_DIE,
  CHOOSE_DUEL_TILE,
  PLACE_ROAD,
] as CarsonHandler[]);
