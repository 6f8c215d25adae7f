/**
 * The contract every game implements. A game is a pure decider: no framework, database, clock or
 * Math.random. The server (src/play) stores the events `setup` and `decide` return and rebuilds
 * state with `evolve`; everything random is drawn in `setup`/`decide` from the Rng it is handed and
 * written into the events, so replaying events never needs the PRNG.
 *
 * Rules for implementers:
 * - State, commands, events, views and results are plain JSON data (no classes, Maps, Sets,
 *   undefined-vs-missing tricks): states are snapshotted as JSON and compared by hash.
 * - `evolve` is total and never throws on events `decide`/`setup` produced; it must not mutate its
 *   input state (return a new object; structural sharing is fine).
 * - `setup` and `decide` run the game forward through every automatic step until the next point
 *   where some seat must decide (a prompt) or the game is over. They never block for input.
 * - A rule violation is a value (`violation(code, message)`), never a thrown error. Codes are
 *   stable SCREAMING_SNAKE identifiers; the server maps NOT_YOUR_TURN to its own error code and
 *   every other code to RULE_VIOLATION carrying the rule's code.
 * - Seats are numbered 0..n-1 in table order.
 */
import type { Rng } from './random';

export type Seat = number;
export type Viewer = Seat | 'spectator';

/** JSON values, for payloads that cross the wire and the database. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface GameCommand {
  type: string;
}

export interface GameEvent {
  type: string;
}

/** Maps one event of schema n to what it means in schema n + 1 (upcast.ts). Pure: no state, clock or Rng. */
export type Upcaster = (event: GameEvent) => GameEvent | GameEvent[];

/** upcasters[n][type]: the upcaster of `type` events from schema n to n + 1 (absent: unchanged). */
export type Upcasters = Readonly<Record<number, Readonly<Record<string, Upcaster>>>>;

export interface RuleViolation {
  readonly violation: true;
  /** Stable machine-readable code, e.g. NOT_YOUR_TURN, ILLEGAL_TARGET, INSUFFICIENT_FUNDS. */
  readonly code: string;
  /** A sentence for people. Must not reveal another seat's secrets. */
  readonly message: string;
}

export function violation(code: string, message: string): RuleViolation {
  return { violation: true, code, message };
}

/**
 * A client's command type for a message: a string as sent, anything else by its JSON kind (an
 * object's own `toString` or `valueOf` from JSON is data, never called: `String({toString: 1})`
 * throws).
 */
export function typeForMessage(type: unknown): string {
  if (typeof type === 'string') return type;
  if (type === null) return 'null';
  return Array.isArray(type) ? 'array' : typeof type;
}

export function isViolation(value: unknown): value is RuleViolation {
  return typeof value === 'object' && value !== null && (value as RuleViolation).violation === true;
}

/** Codes shared by every engine. */
export const CommonViolations = {
  /** The command is not well-formed (unknown type, missing or wrongly typed fields). */
  INVALID_COMMAND: 'INVALID_COMMAND',
  /** The options given at game creation are not valid for this game. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** The seat has nothing to decide right now. */
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  /** The game has ended. */
  GAME_OVER: 'GAME_OVER',
} as const;

/** Who must decide what now. Several seats may be prompted at once (simultaneous steps). */
export interface Prompt {
  seat: Seat;
  /** Engine-specific kind, e.g. ROLL, RESOLVE_DICE, PICK_CHARACTER, PLACE_COWBOY. */
  kind: string;
  /** Optional public detail for clients (what is being asked). */
  detail?: Json;
}

export interface SeatResult {
  seat: Seat;
  /** 1 = best. Ties share a rank. */
  rank: number;
  winner: boolean;
  score?: number;
  /** Role, team, score breakdown... whatever explains the result. */
  detail?: Json;
}

export interface GameResult {
  winners: Seat[];
  seats: SeatResult[];
  /** Why the game ended, e.g. SHERIFF_KILLED, ALL_OUTLAWS_AND_RENEGADES_DEAD, FINAL_SCORING. */
  reason: string;
  detail?: Json;
}

export interface GameEngine<
  Options = unknown,
  State = unknown,
  Command extends GameCommand = GameCommand,
  Event extends GameEvent = GameEvent,
  View = unknown,
> {
  /** Stable id used in the API: 'bang-dice', 'carson-city', ... */
  readonly type: string;
  readonly title: string;
  readonly seats: { min: number; max: number };
  /**
   * Version of the State's shape (1 when absent). Bump it when `evolve` starts producing a
   * differently shaped state: stored snapshots of the old shape are then ignored and states are
   * rebuilt from the events.
   */
  readonly stateSchema?: number;
  /**
   * Version of the events' shapes this engine writes (1 when absent), stored with every event.
   * Bump it when an event's shape or meaning changes, and declare in `upcasters` how each event of
   * the older schema reads in the new one (see upcast.ts and README "Event history versioning").
   */
  readonly eventSchema?: number;
  /** How events stored in older event schemas read now: upcasters[fromSchema][eventType]. */
  readonly upcasters?: Upcasters;

  /**
   * Option keys only tests, simulations and benchmarks may set: they fix what chance would decide
   * (and may reveal what the rules hide, e.g. Bang!'s roles). The server refuses them from clients
   * unless the operator allows test controls, and never publishes their values.
   */
  readonly testOptions?: readonly string[];

  /** Validate and complete creation options (defaults filled in) for a table of `seatCount`. */
  parseOptions(raw: unknown, seatCount: number): Options | RuleViolation;

  /** The opening events, including secret deals, up to the first prompt. */
  setup(options: Options, seatCount: number, rng: Rng): Event[];

  /** Apply one event. `state` is null before the first event. Pure and total. */
  evolve(state: State | null, event: Event): State;

  /** Shape-check a command that arrived as JSON. Returns INVALID_COMMAND when malformed. */
  parseCommand(raw: unknown): Command | RuleViolation;

  /** Validate a command for `seat` and return the events it causes (through automatic steps). */
  decide(state: State, seat: Seat, command: Command, rng: Rng): Event[] | RuleViolation;

  /** Open prompts: who must decide what now. Empty when the game is over. */
  pending(state: State): Prompt[];

  /** Every command `seat` may send now (each accepted by decide). Empty if the seat has no prompt. */
  legalCommands(state: State, seat: Seat): Command[];

  /** What a turn timer does for `seat` when its deadline passes (null if it has no prompt). */
  timeoutCommand(state: State, seat: Seat): Command | null;

  /** The game as `viewer` may see it: other seats' secrets removed. */
  view(state: State, viewer: Viewer): View;

  /**
   * What `viewer` may see of an event (null = nothing). `stateBefore` is the state the event was
   * applied to, for engines that need context to decide what is secret.
   */
  redact(event: Event, viewer: Viewer, stateBefore: State | null): Event | null;

  /** The outcome once the game is over, else null. */
  result(state: State): GameResult | null;
}

/** An engine with its type parameters erased, as the server holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameEngine = GameEngine<any, any, GameCommand, GameEvent, any>;
