/**
 * Where the server reads the time for turn clocks: when a move starts and ends (BANK charges,
 * PER_MOVE deadlines), the deadlines view, pause/unpause and vacation. The default is the system
 * clock; tests pass a clock they advance, so what they measure does not depend on machine speed.
 * (The schedulers still fire timers on the system clock.)
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
