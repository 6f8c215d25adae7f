/**
 * The bot contract. A bot decides for one seat from what that seat may know: its view and its
 * legal commands, never the full state. Bots are pure like engines: randomness comes from the
 * Rng they are handed, and the clock (for time budgets) is injected, never read.
 */
import type { AnyGameEngine, GameCommand, Seat } from './engine';
import type { Rng } from './random';

export type BotLevel = 'RANDOM' | 'HEURISTIC' | 'STRONG';
export const BOT_LEVELS: BotLevel[] = ['RANDOM', 'HEURISTIC', 'STRONG'];

export interface BotBudget {
  /** Upper bound on simulated playouts (search bots). */
  playouts?: number;
  /** Milliseconds the bot may think; only honoured when `now` is given. */
  timeMs?: number;
  /** A monotonic clock in milliseconds, injected by the server (engines never read clocks). */
  now?: () => number;
}

export interface BotInput<View = unknown, Command extends GameCommand = GameCommand> {
  seat: Seat;
  view: View;
  /** Never empty: a bot is only asked when its seat has a prompt. */
  legal: Command[];
  rng: Rng;
  budget?: BotBudget;
}

export interface BotDecision<Command extends GameCommand = GameCommand> {
  command: Command;
  /** Why, for people reading the game log (stored in the event metadata). */
  explanation?: string;
}

export interface GameBot<View = unknown, Command extends GameCommand = GameCommand> {
  readonly level: BotLevel;
  choose(input: BotInput<View, Command>): BotDecision<Command>;
}

/** The RANDOM level, common to every game: uniform over the legal commands (the baseline). */
export const randomBot: GameBot = {
  level: 'RANDOM',
  choose: ({ legal, rng }) => ({ command: rng.pick(legal), explanation: 'uniformly random legal command' }),
};

/** A game as the server hosts it: its engine and the bot levels it offers. */
export interface GameDefinition {
  engine: AnyGameEngine;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bots: Partial<Record<BotLevel, GameBot<any, any>>>;
}
