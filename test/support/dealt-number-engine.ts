/**
 * A tiny game for testing the server without any real game's rules ("Race to 10"):
 * each seat is dealt a secret number 1-100 (hidden from the others until the end); seats take
 * turns adding 1 or 2 to a shared counter; whoever brings it to 10 wins. Its hidden deal lets
 * tests check redaction, its dice-free turns make scripted games easy.
 */
import { type GameEngine, type Viewer, violation } from '../../src/games/engine';
import type { Rng } from '../../src/games/random';

export interface RaceState {
  seats: number;
  secrets: number[];
  counter: number;
  turn: number;
  winner: number | null;
}
export type RaceCommand = { type: 'ADD'; n: 1 | 2 };
export type RaceEvent =
  | { type: 'STARTED'; seats: number }
  | { type: 'SECRET_DEALT'; seat: number; secret: number | null }
  | { type: 'ADDED'; seat: number; n: number; counter: number }
  | { type: 'WON'; seat: number; secrets: number[] };
export interface RaceView {
  counter: number;
  turn: number;
  mySecret: number | null;
  secrets: (number | null)[];
  winner: number | null;
}

export const raceEngine: GameEngine<{ target: number }, RaceState, RaceCommand, RaceEvent, RaceView> = {
  type: 'race-to-ten',
  title: 'Race to Ten (test game)',
  seats: { min: 2, max: 4 },
  parseOptions(raw) {
    if (typeof raw !== 'object' || raw === null || Object.keys(raw).length > 0)
      return violation('INVALID_OPTIONS', 'no options');
    return { target: 10 };
  },
  setup(_options, seatCount, rng: Rng) {
    const events: RaceEvent[] = [{ type: 'STARTED', seats: seatCount }];
    for (let seat = 0; seat < seatCount; seat++)
      events.push({ type: 'SECRET_DEALT', seat, secret: rng.int(1, 100) });
    return events;
  },
  evolve(state, event) {
    switch (event.type) {
      case 'STARTED':
        return { seats: event.seats, secrets: [], counter: 0, turn: 0, winner: null };
      case 'SECRET_DEALT': {
        const secrets = [...state!.secrets];
        secrets[event.seat] = event.secret ?? 0;
        return { ...state!, secrets };
      }
      case 'ADDED':
        return { ...state!, counter: event.counter, turn: (event.seat + 1) % state!.seats };
      case 'WON':
        return { ...state!, winner: event.seat };
    }
  },
  parseCommand(raw) {
    const c = raw as RaceCommand;
    if (
      typeof raw !== 'object' ||
      raw === null ||
      c.type !== 'ADD' ||
      (c.n !== 1 && c.n !== 2) ||
      Object.keys(raw).length !== 2
    ) {
      return violation('INVALID_COMMAND', 'expected { type: "ADD", n: 1 | 2 }');
    }
    return c;
  },
  decide(state, seat, command) {
    if (state.winner !== null) return violation('GAME_OVER', 'the game is over');
    if (seat !== state.turn) return violation('NOT_YOUR_TURN', `it is seat ${state.turn}'s turn`);
    const counter = state.counter + command.n;
    if (counter > 10) return violation('OVERSHOOT', 'the counter may not pass 10');
    const events: RaceEvent[] = [{ type: 'ADDED', seat, n: command.n, counter }];
    if (counter === 10) events.push({ type: 'WON', seat, secrets: state.secrets });
    return events;
  },
  pending(state) {
    return state.winner === null ? [{ seat: state.turn, kind: 'ADD' }] : [];
  },
  legalCommands(state, seat) {
    if (state.winner !== null || seat !== state.turn) return [];
    return ([1, 2] as const).filter((n) => state.counter + n <= 10).map((n) => ({ type: 'ADD' as const, n }));
  },
  timeoutCommand(state, seat) {
    return this.legalCommands(state, seat)[0] ?? null;
  },
  view(state, viewer: Viewer) {
    const over = state.winner !== null;
    return {
      counter: state.counter,
      turn: state.turn,
      mySecret: viewer === 'spectator' ? null : state.secrets[viewer],
      secrets: state.secrets.map((s, i) => (over || i === viewer ? s : null)),
      winner: state.winner,
    };
  },
  redact(event, viewer) {
    if (event.type === 'SECRET_DEALT' && event.seat !== viewer) return { ...event, secret: null };
    return event;
  },
  result(state) {
    if (state.winner === null) return null;
    return {
      winners: [state.winner],
      reason: 'REACHED_TEN',
      seats: state.secrets.map((_, seat) => ({
        seat,
        rank: seat === state.winner ? 1 : 2,
        winner: seat === state.winner,
      })),
    };
  },
};
