/**
 * Correspondence clocks, chosen per game at creation (`timer` next to the engine's `options`) and
 * stored in `games.timer_options`. Pure: no clock, no database.
 *
 *   { mode: 'PER_MOVE', perMoveSeconds: 86400 }                 24 h for every move
 *   { mode: 'PER_MOVE', perMoveSeconds: 90 }                    90 s real-time play
 *   { mode: 'BANK', initialSeconds: 259200, incrementSeconds: 86400 }
 *                                                               3 days + 1 day per move (a clock
 *                                                               per seat, like correspondence sites)
 * A "move" is one spell on move: from the moment a seat is prompted until, after one of its
 * commands, it is no longer prompted. In a game where a turn is several commands (Bang! The Dice
 * Game: roll, rerolls, resolving the dice...) the whole turn is one move: PER_MOVE gives it one
 * deadline, BANK charges every command for its time and adds the increment once, when it ends.
 * plus, for both modes:
 *   policy             BOT_TAKEOVER (default) | DEFAULT | FORFEIT: what happens at a deadline
 *   reminderSeconds    e.g. [3600 * 12]: webhook "deadline in N hours" that long before a deadline
 *   vacationDays       days each seat's owner may add to its own deadlines (default 0)
 */

export type TimeoutPolicy = 'BOT_TAKEOVER' | 'DEFAULT' | 'FORFEIT';
export const TIMEOUT_POLICIES: TimeoutPolicy[] = ['BOT_TAKEOVER', 'DEFAULT', 'FORFEIT'];
export type ClockMode = 'PER_MOVE' | 'BANK';

export interface TimerOptions {
  mode: ClockMode;
  /** PER_MOVE: seconds for each move. */
  perMoveSeconds?: number;
  /** BANK: the seat's starting bank, in seconds. */
  initialSeconds?: number;
  /** BANK: seconds added to the bank when a move of the seat ends (once per move, not per command). */
  incrementSeconds?: number;
  policy: TimeoutPolicy;
  reminderSeconds: number[];
  vacationDays: number;
}

const MAX_SECONDS = 365 * 24 * 3600;

function seconds(value: unknown, name: string, min: number): number | string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > MAX_SECONDS)
    return `timer.${name} must be a number of seconds from ${min} to ${MAX_SECONDS}`;
  return value;
}

/** Validate the `timer` input of createGame; a string is the error message. */
export function parseTimerOptions(raw: unknown): TimerOptions | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'timer must be an object';
  const input = raw as Record<string, unknown>;
  const known = [
    'mode',
    'perMoveSeconds',
    'initialSeconds',
    'incrementSeconds',
    'policy',
    'reminderSeconds',
    'vacationDays',
  ];
  const unknown = Object.keys(input).filter((k) => !known.includes(k) && input[k] !== null);
  if (unknown.length > 0) return `unknown timer field(s): ${unknown.join(', ')}`;
  const policy = (input.policy ?? 'BOT_TAKEOVER') as TimeoutPolicy;
  if (!TIMEOUT_POLICIES.includes(policy)) return `timer.policy must be one of ${TIMEOUT_POLICIES.join(', ')}`;
  const reminders = input.reminderSeconds ?? [];
  if (!Array.isArray(reminders) || reminders.length > 5) return 'timer.reminderSeconds: at most 5 numbers';
  const reminderSeconds: number[] = [];
  for (const r of reminders) {
    const s = seconds(r, 'reminderSeconds[]', 0.1);
    if (typeof s === 'string') return s;
    reminderSeconds.push(s);
  }
  const vacationDays = input.vacationDays ?? 0;
  if (
    typeof vacationDays !== 'number' ||
    !Number.isInteger(vacationDays) ||
    vacationDays < 0 ||
    vacationDays > 365
  )
    return 'timer.vacationDays must be an integer 0-365';
  const common = {
    policy,
    reminderSeconds: [...new Set(reminderSeconds)].sort((a, b) => b - a),
    vacationDays,
  };
  if (input.mode === 'PER_MOVE' || (input.mode == null && input.perMoveSeconds != null)) {
    if (input.initialSeconds != null || input.incrementSeconds != null)
      return 'timer: PER_MOVE takes perMoveSeconds, not initialSeconds/incrementSeconds';
    const perMoveSeconds = seconds(input.perMoveSeconds, 'perMoveSeconds', 1);
    if (typeof perMoveSeconds === 'string') return perMoveSeconds;
    return { mode: 'PER_MOVE', perMoveSeconds, ...common };
  }
  if (input.mode === 'BANK' || (input.mode == null && input.initialSeconds != null)) {
    if (input.perMoveSeconds != null)
      return 'timer: BANK takes initialSeconds/incrementSeconds, not perMoveSeconds';
    const initialSeconds = seconds(input.initialSeconds, 'initialSeconds', 1);
    if (typeof initialSeconds === 'string') return initialSeconds;
    const incrementSeconds = seconds(input.incrementSeconds ?? 0, 'incrementSeconds', 0);
    if (typeof incrementSeconds === 'string') return incrementSeconds;
    return { mode: 'BANK', initialSeconds, incrementSeconds, ...common };
  }
  return 'timer.mode must be PER_MOVE (with perMoveSeconds) or BANK (with initialSeconds, incrementSeconds)';
}

/** Options stored by parseTimerOptions, read back from the database (null: untimed game). */
export function storedTimerOptions(raw: unknown): TimerOptions | null {
  if (raw == null) return null;
  const parsed = parseTimerOptions(raw);
  return typeof parsed === 'string' ? null : parsed;
}

/** A seat's bank as stored (null: never charged yet, the initial bank). BANK only. */
function bankOrInitial(options: TimerOptions, bankMs: number | null): number {
  return bankMs ?? options.initialSeconds! * 1000;
}

/**
 * How long a seat has from now: PER_MOVE, the per-move time (for a move that starts now); BANK,
 * what is left in its bank (for a move that starts now or goes on).
 */
export function turnAllowanceMs(options: TimerOptions, bankMs: number | null): number {
  if (options.mode === 'PER_MOVE') return options.perMoveSeconds! * 1000;
  return Math.max(0, bankOrInitial(options, bankMs));
}

/**
 * BANK: the bank after one command of the seat that took `elapsedMs` of its clock, never below
 * zero. Every command of a move is charged, the increment is not added here (see creditIncrement).
 * PER_MOVE keeps no bank: null.
 */
export function chargeBank(options: TimerOptions, bankMs: number | null, elapsedMs: number): number | null {
  if (options.mode !== 'BANK') return null;
  return Math.max(0, bankOrInitial(options, bankMs) - Math.max(0, elapsedMs));
}

/**
 * BANK: the bank once the seat's move is over: plus `incrementSeconds`, once per move (a move is
 * one spell on move, however many commands it took). PER_MOVE keeps no bank: null.
 */
export function creditIncrement(options: TimerOptions, bankMs: number | null): number | null {
  if (options.mode !== 'BANK') return null;
  return Math.max(0, bankOrInitial(options, bankMs)) + options.incrementSeconds! * 1000;
}
