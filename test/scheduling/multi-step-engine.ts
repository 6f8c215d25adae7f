/**
 * A tiny game whose turns are several commands, like a Bang! turn (roll, rerolls, resolve...):
 * the seat on turn sends STEP `steps` times (default 3) while it stays prompted, then the next
 * seat is on turn; the game ends after `turns` turns in all (default 4). The timeout command is
 * STEP, so timeouts finish a turn one command at a time.
 */
import { type GameEngine, violation } from '../../src/games/engine';

export interface StepOptions {
  steps: number;
  turns: number;
}
export interface StepState {
  seats: number;
  steps: number;
  turns: number;
  turn: number;
  seat: number;
  step: number;
  over: boolean;
}
export type StepCommand = { type: 'STEP' };
export type StepEvent =
  | { type: 'STARTED'; seats: number; steps: number; turns: number }
  | { type: 'STEPPED'; seat: number; step: number }
  | { type: 'TURN_ENDED'; seat: number };

function count(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 20 ? value : null;
}

export const multiStepEngine: GameEngine<StepOptions, StepState, StepCommand, StepEvent, StepState> = {
  type: 'multi-step',
  title: 'Multi-step turns (test game)',
  seats: { min: 2, max: 4 },
  parseOptions(raw) {
    const invalid = violation('INVALID_OPTIONS', 'options: { steps?: 1-20, turns?: 1-20 }');
    if (typeof (raw ?? {}) !== 'object' || Array.isArray(raw)) return invalid;
    const input = (raw ?? {}) as Record<string, unknown>;
    const steps = count(input.steps, 3);
    const turns = count(input.turns, 4);
    if (steps === null || turns === null) return invalid;
    return { steps, turns };
  },
  setup: (options, seats) => [{ type: 'STARTED', seats, steps: options.steps, turns: options.turns }],
  evolve(state, event) {
    switch (event.type) {
      case 'STARTED':
        return {
          seats: event.seats,
          steps: event.steps,
          turns: event.turns,
          turn: 1,
          seat: 0,
          step: 0,
          over: false,
        };
      case 'STEPPED':
        return { ...state!, step: event.step };
      case 'TURN_ENDED':
        return {
          ...state!,
          turn: state!.turn + 1,
          seat: (event.seat + 1) % state!.seats,
          step: 0,
          over: state!.turn >= state!.turns,
        };
    }
  },
  parseCommand: (raw) =>
    typeof raw === 'object' && raw !== null && (raw as StepCommand).type === 'STEP'
      ? { type: 'STEP' }
      : violation('INVALID_COMMAND', 'expected { type: "STEP" }'),
  decide(state, seat) {
    if (state.over) return violation('GAME_OVER', 'the game is over');
    if (seat !== state.seat) return violation('NOT_YOUR_TURN', `it is seat ${state.seat}'s turn`);
    const step = state.step + 1;
    const events: StepEvent[] = [{ type: 'STEPPED', seat, step }];
    if (step >= state.steps) events.push({ type: 'TURN_ENDED', seat });
    return events;
  },
  pending: (state) => (state.over ? [] : [{ seat: state.seat, kind: 'STEP', detail: { step: state.step } }]),
  legalCommands: (state, seat) => (state.over || seat !== state.seat ? [] : [{ type: 'STEP' }]),
  timeoutCommand: (state, seat) => (state.over || seat !== state.seat ? null : { type: 'STEP' }),
  view: (state) => state,
  redact: (event) => event,
  result: (state) =>
    state.over
      ? {
          winners: [],
          reason: 'DONE',
          seats: Array.from({ length: state.seats }, (_, seat) => ({ seat, rank: 1, winner: false })),
        }
      : null,
};
