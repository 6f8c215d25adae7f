/**
 * The RANDOM bot level, common to every game: a uniform choice among the seat's legal commands.
 * It is the baseline other bot levels are measured against. It sees nothing but what
 * `legalCommands` offers that seat.
 */
import type { AnyGameEngine, GameCommand, Seat } from './engine';
import type { Rng } from './random';

export function randomBotCommand(
  engine: AnyGameEngine,
  state: unknown,
  seat: Seat,
  rng: Rng,
): GameCommand | null {
  const legal = engine.legalCommands(state, seat);
  return legal.length === 0 ? null : rng.pick(legal);
}
