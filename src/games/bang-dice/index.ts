/** Bang! The Dice Game (base game) as a pure GameEngine. */
import type { GameEngine } from '../engine';
import { parseCommand, type BangCommand } from './commands';
import { decide, setup } from './decide';
import type { BangEvent } from './events';
import { evolve } from './evolve';
import { legalCommands, timeoutCommand } from './legal';
import { parseOptions, TEST_OPTIONS, type BangOptions } from './options';
import { pending } from './pending';
import { result } from './result';
import type { BangState } from './state';
import { redact, view, type BangView } from './view';

export const bangDiceEngine: GameEngine<BangOptions, BangState, BangCommand, BangEvent, BangView> = {
  type: 'bang-dice',
  title: 'Bang! The Dice Game',
  seats: { min: 3, max: 8 },
  // 2: the state gained the public ledger (who shot at / gave beer to whom).
  stateSchema: 2,
  testOptions: TEST_OPTIONS,
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
  result,
};

export type { BangCommand, BangCommandType, DieAssignment, SlabDouble } from './commands';
export type { BangEvent, BangEventType, BeerRecord, IndianLoss, LifeLoss, ShotRecord } from './events';
export type { BangOptions } from './options';
export type { BangPrompt, PromptKind } from './pending';
export type {
  BangState,
  DamageSource,
  Hit,
  Ledger,
  Outcome,
  PendingBatch,
  Phase,
  PlayerState,
  Task,
  TurnState,
} from './state';
export type { BangView, PlayerView, TurnView } from './view';
export type { CharacterId } from './data/characters';
export type { Face } from './data/dice';
export type { Role } from './data/roles';
export { CHARACTERS, CHARACTER_IDS } from './data/characters';
export { FACES } from './data/dice';
export { BangViolations } from './decide';
