/**
 * Simultaneous prompts get one timer per prompted seat: when one seat answers, the others keep
 * their running deadline (carried to the new stream version) and time out on it. Embedded
 * scheduler, PGlite, with a tiny two-round game where every seat picks at once.
 */
import { type GameEngine, violation } from '../../src/games/engine';
import type { Database } from '../../src/database/database';
import { createTestPglite } from '../support/database';
import { type Harness, startHarness, waitFor } from './harness';

interface PickState {
  seats: number;
  round: number;
  picks: (number | null)[];
  over: boolean;
}
type PickCommand = { type: 'PICK'; n: 0 | 1 };
type PickEvent =
  { type: 'STARTED'; seats: number } | { type: 'PICKED'; seat: number; n: number } | { type: 'ROUND_DONE' };

const ROUNDS = 2;
const pickEngine: GameEngine<Record<string, never>, PickState, PickCommand, PickEvent, PickState> = {
  type: 'simultaneous-pick',
  title: 'Simultaneous pick (test game)',
  seats: { min: 2, max: 4 },
  parseOptions: () => ({}),
  setup: (_o, seats) => [{ type: 'STARTED', seats }],
  evolve(state, event) {
    switch (event.type) {
      case 'STARTED':
        return { seats: event.seats, round: 1, picks: Array(event.seats).fill(null), over: false };
      case 'PICKED': {
        const picks = [...state!.picks];
        picks[event.seat] = event.n;
        return { ...state!, picks };
      }
      case 'ROUND_DONE':
        return {
          ...state!,
          round: state!.round + 1,
          picks: Array(state!.seats).fill(null),
          over: state!.round >= ROUNDS,
        };
    }
  },
  parseCommand: (raw) =>
    typeof raw === 'object' && raw !== null && (raw as PickCommand).type === 'PICK'
      ? (raw as PickCommand)
      : violation('INVALID_COMMAND', 'expected PICK'),
  decide(state, seat, command) {
    if (state.over || state.picks[seat] !== null) return violation('NOT_YOUR_TURN', 'already picked');
    const events: PickEvent[] = [{ type: 'PICKED', seat, n: command.n }];
    if (state.picks.filter((p) => p === null).length === 1) events.push({ type: 'ROUND_DONE' });
    return events;
  },
  pending: (state) =>
    state.over ? [] : state.picks.flatMap((p, seat) => (p === null ? [{ seat, kind: 'PICK' }] : [])),
  legalCommands: (state, seat) =>
    state.over || state.picks[seat] !== null
      ? []
      : [
          { type: 'PICK', n: 0 },
          { type: 'PICK', n: 1 },
        ],
  timeoutCommand: (state, seat) => (state.over || state.picks[seat] !== null ? null : { type: 'PICK', n: 0 }),
  view: (state) => state,
  redact: (event) => event,
  result: (state) =>
    state.over
      ? {
          winners: [],
          reason: 'DONE',
          seats: state.picks.map((_, seat) => ({ seat, rank: 1, winner: false })),
        }
      : null,
};

describe('simultaneous prompts (embedded scheduler, PGlite)', () => {
  let db: Database;
  let h: Harness;

  beforeAll(async () => {
    db = await createTestPglite();
    h = await startHarness('embedded', db, [pickEngine as never]);
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
  });

  it('keeps one running deadline per prompted seat across the other seats’ moves', async () => {
    const created = await h.gql<{
      createGame: { game: { id: string; version: number }; seatTokens: { token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version } seatTokens { token } } }`,
      {
        input: {
          type: 'simultaneous-pick',
          seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
          start: true,
          timer: { perMoveSeconds: 4, policy: 'DEFAULT' }, // room for a busy machine before seat 0 answers
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const { game, seatTokens } = created.data!.createGame;
    const timers = () =>
      db.client.timer.findMany({
        where: { gameId: game.id },
        orderBy: [{ version: 'asc' }, { seat: 'asc' }],
      });
    const opening = await timers();
    expect(opening.map((t) => [t.version, t.seat, t.status])).toEqual([
      [1, 0, 'PENDING'],
      [1, 1, 'PENDING'],
    ]);

    // Seat 0 answers; seat 1 is still prompted and keeps its deadline, now at version 2.
    const moved = await h.gql(
      `mutation($id: String!) { submitCommand(gameId: $id, command: { type: "PICK", n: 1 }) { version } }`,
      { id: game.id },
      seatTokens[0].token,
    );
    expect(moved.errors).toBeUndefined();
    const after = await timers();
    expect(after.map((t) => [t.version, t.seat, t.status])).toEqual([
      [1, 0, 'STALE'],
      [1, 1, 'STALE'],
      [2, 1, 'PENDING'],
    ]);
    expect(after[2].dueAt.getTime()).toBe(opening[1].dueAt.getTime());

    // Seat 1 times out on its original deadline; the next round prompts both seats again.
    const fired = await waitFor(
      async () => (await timers()).find((t) => t.version === 2 && t.status === 'FIRED'),
      7000,
      'seat 1 timing out',
    );
    expect(fired.seat).toBe(1);
    expect(fired.firedAt!.getTime()).toBeGreaterThanOrEqual(opening[1].dueAt.getTime());
    expect(fired.firedAt!.getTime() - opening[1].dueAt.getTime()).toBeLessThan(2000);
    const round2 = (await timers()).filter((t) => t.version === 4);
    expect(round2.map((t) => [t.seat, t.status])).toEqual([
      [0, 'PENDING'],
      [1, 'PENDING'],
    ]);
    // Aborting the game cancels its running deadlines.
    await h.gql(
      `mutation($id: String!) { abortGame(gameId: $id) { status } }`,
      { id: game.id },
      seatTokens[0].token,
    );
    const cancelled = await waitFor(
      async () => {
        const rows = await timers();
        return rows.every((t) => t.status !== 'PENDING') ? rows : null;
      },
      2000,
      'the timers to be cancelled',
    );
    expect(cancelled.filter((t) => t.version === 4).map((t) => t.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });
});
