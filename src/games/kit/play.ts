/**
 * Random legal play under the server's randomness contract, for any engine: setup with
 * rngFor(seed, 0), then the RANDOM bot on the first prompt's seat (its Rng keyed by
 * seed:bot:version:seat) and decide with rngFor(seed, version), exactly as the command pipeline
 * plays a seed. The golden corpus, the benchmarks and the contract suite share this loop.
 */
import { randomBot, type BotInput } from '../bots';
import {
  isViolation,
  type AnyGameEngine,
  type GameCommand,
  type GameEvent,
  type Json,
  type Seat,
} from '../engine';
import { createRng, rngFor, type Rng } from '../random';

/** One accepted command, with the state it was decided on (for checks at every position). */
export interface PlayedCommand {
  /** 1, 2, ... in play order. */
  index: number;
  /** The stream version the command was decided at (events before it; its Rng is rngFor(seed, version)). */
  version: number;
  seat: Seat;
  command: GameCommand;
  before: unknown;
  events: GameEvent[];
  after: unknown;
}

export interface RandomGame {
  events: GameEvent[];
  /** Per event, what caused it: the seat (null: setup, as the pipeline stores it) and the command (0: setup). */
  causes: { seat: Seat | null; command: number }[];
  state: unknown;
}

/**
 * The bot's input with the view built only if read: the RANDOM bot never reads it (it was a third
 * of a Carson City game). A class, not an object literal with a getter: V8 builds such a literal
 * through the runtime, about a microsecond a move (some 4% of a random Carson City game).
 */
class LazyViewInput implements BotInput {
  constructor(
    private readonly engine: AnyGameEngine,
    private readonly state: unknown,
    readonly seat: Seat,
    readonly legal: GameCommand[],
    readonly rng: Rng,
  ) {}

  get view(): unknown {
    return this.engine.view(this.state, this.seat);
  }
}

/** Plays a game to its end; `onCommand` sees every accepted command. Throws if it gets stuck. */
export function playRandom(
  engine: AnyGameEngine,
  seats: number,
  seed: string,
  options: Json = {},
  onCommand?: (played: PlayedCommand) => void,
  maxCommands = 20_000,
): RandomGame {
  const parsed: unknown = engine.parseOptions(options, seats);
  if (isViolation(parsed)) throw new Error(`invalid options: ${parsed.message}`);
  const events: GameEvent[] = [...engine.setup(parsed, seats, rngFor(seed, 0))];
  const causes: RandomGame['causes'] = events.map(() => ({ seat: null, command: 0 }));
  let state = events.reduce<unknown>((s, e) => engine.evolve(s, e), null);
  for (let moves = 0; !engine.result(state); moves++) {
    const prompts = engine.pending(state);
    if (prompts.length === 0 || moves > maxCommands) throw new Error(`${engine.type} ${seed}: stuck`);
    const seat = prompts[0].seat;
    const legal = engine.legalCommands(state, seat);
    const { command } = randomBot.choose(
      new LazyViewInput(engine, state, seat, legal, createRng(`${seed}:bot:${events.length}:${seat}`)),
    );
    const version = events.length;
    const out = engine.decide(state, seat, command, rngFor(seed, version));
    if (isViolation(out))
      throw new Error(
        `${engine.type} ${seed}: the listed ${JSON.stringify(command)} is refused: ${out.code}`,
      );
    const before = state;
    for (const event of out) {
      state = engine.evolve(state, event);
      events.push(event);
      causes.push({ seat, command: moves + 1 });
    }
    onCommand?.({ index: moves + 1, version, seat, command, before, events: out, after: state });
  }
  return { events, causes, state };
}
