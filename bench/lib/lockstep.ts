/**
 * A client that plays a seeded game in lockstep with the server without reading anything back:
 * it knows the seed it created the game with, so it runs the same engine locally (setup with
 * rngFor(seed, 0), decide with rngFor(seed, version)) and always knows whose turn it is and which
 * command is legal. The server, deciding on the same state with the same Rng, stores the same
 * events; the version it answers must match ours (checked by the caller).
 */
import { randomBot } from '../../src/games/bots';
import { isViolation, type AnyGameEngine, type GameCommand, type Json } from '../../src/games/engine';
import { createRng, rngFor } from '../../src/games/random';

export class Lockstep {
  state: unknown;
  version: number;

  constructor(
    readonly engine: AnyGameEngine,
    readonly seats: number,
    readonly seed: string,
    options: Json = {},
  ) {
    const parsed: unknown = engine.parseOptions(options, seats);
    if (isViolation(parsed)) throw new Error(`invalid options: ${parsed.message}`);
    const events = engine.setup(parsed, seats, rngFor(seed, 0));
    this.state = events.reduce<unknown>((s, e) => engine.evolve(s, e), null);
    this.version = events.length;
  }

  get over(): boolean {
    return this.engine.result(this.state) !== null;
  }

  /** The next move (first prompt's seat, RANDOM bot), or null when the game is over. */
  next(): { seat: number; command: GameCommand } | null {
    if (this.over) return null;
    const prompts = this.engine.pending(this.state);
    if (prompts.length === 0) return null;
    const seat = prompts[0].seat;
    const legal = this.engine.legalCommands(this.state, seat);
    const { command } = randomBot.choose({
      seat,
      view: this.engine.view(this.state, seat),
      legal,
      rng: createRng(`${this.seed}:bot:${this.version}:${seat}`),
    });
    return { seat, command };
  }

  /** Apply a move the server accepted (same decision, same Rng). */
  apply(seat: number, command: GameCommand): void {
    const out = this.engine.decide(this.state, seat, command, rngFor(this.seed, this.version));
    if (isViolation(out)) throw new Error(`lockstep: ${out.code} ${out.message}`);
    for (const event of out) this.state = this.engine.evolve(this.state, event);
    this.version += out.length;
  }
}
