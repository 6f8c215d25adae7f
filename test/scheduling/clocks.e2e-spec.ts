/**
 * Clock operations on the embedded scheduler (PGlite): BANK accounting, pause votes, vacation,
 * addBot in the lobby, validation of the timer input, the REST mirror of deadlines, and
 * simultaneous prompts (one timer per prompted seat, carried across the other seats' moves, with
 * a tiny game where every seat picks at once).
 */
import type { Database } from '../../src/database/database';
import { type GameEngine, violation } from '../../src/games/engine';
import { createTestPglite } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { type Harness, sleep, startHarness, waitFor } from './harness';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`;
const SEATS = `seats { seat active dueAt status bankMs botTakeover forfeited vacationUntil vacationDaysLeft }`;
const DEADLINES = `query($id: String!) { deadlines(gameId: $id) { version pausedAt pauseVotes timer { mode initialSeconds incrementSeconds policy vacationDays } ${SEATS} } }`;
const SUBMIT = `mutation($gameId: String!, $command: JSON!) { submitCommand(gameId: $gameId, command: $command) { version } }`;

interface SeatClock {
  seat: number;
  active: boolean;
  dueAt: string | null;
  status: string | null;
  bankMs: number | null;
  vacationDaysLeft: number;
}
interface Deadlines {
  version: number;
  pausedAt: string | null;
  pauseVotes: number[];
  timer: Record<string, unknown> | null;
  seats: SeatClock[];
}

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

describe('clocks (embedded scheduler, PGlite)', () => {
  let db: Database;
  let h: Harness;

  beforeAll(async () => {
    db = await createTestPglite();
    h = await startHarness('embedded', db, [raceEngine, pickEngine as never]);
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
  });

  async function create(
    timer: Record<string, unknown> | undefined,
    seats: Record<string, unknown>[],
    start = true,
  ) {
    const res = await h.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, { input: { type: 'race-to-ten', seats, start, ...(timer && { timer }) } });
    return res;
  }
  async function deadlines(id: string): Promise<Deadlines> {
    const res = await h.gql<{ deadlines: Deadlines }>(DEADLINES, { id });
    expect(res.errors).toBeUndefined();
    return res.data!.deadlines;
  }
  const humans = [{ kind: 'HUMAN' }, { kind: 'HUMAN' }];

  it('rejects an invalid timer at creation', async () => {
    const res = await create({ mode: 'PER_MOVE' }, humans);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION', field: 'timer' } });
    const rest = await h.rest('POST', '/games', {
      type: 'race-to-ten',
      seats: humans,
      timer: { mode: 'BANK' },
    });
    expect(rest.status).toBe(400);
  });

  it('BANK: the bank loses the time a move took and gains the increment', async () => {
    const created = Date.now();
    const res = await create({ mode: 'BANK', initialSeconds: 60, incrementSeconds: 10 }, humans);
    const { game, seatTokens } = res.data!.createGame;
    const before = await deadlines(game.id);
    expect(before.timer).toMatchObject({ mode: 'BANK', initialSeconds: 60, incrementSeconds: 10 });
    expect(before.seats[0]).toMatchObject({ active: true, status: 'PENDING' });
    expect(Date.parse(before.seats[0].dueAt!) - created).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(before.seats[0].dueAt!) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(before.seats[1]).toMatchObject({ active: false, dueAt: null, bankMs: 60_000 });
    await sleep(400);
    await h.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } }, seatTokens[0].token);
    const moved = Date.now();
    const after = await deadlines(game.id);
    expect(after.seats[0].dueAt).toBeNull();
    // 60 s - the time the turn took (at least the 400 ms slept, at most the wall time) + 10 s.
    expect(after.seats[0].bankMs).toBeGreaterThanOrEqual(70_000 - (moved - created));
    expect(after.seats[0].bankMs).toBeLessThanOrEqual(70_000 - 400);
    expect(after.seats[1]).toMatchObject({ active: true, status: 'PENDING' });
    // The game's deadlines are also a field of Game.
    const viaGame = await h.gql<{ game: { deadlines: Deadlines } }>(
      `query($id: String!) { game(id: $id) { deadlines { version ${SEATS} } } }`,
      { id: game.id },
    );
    expect(viaGame.data!.game.deadlines.seats[1].dueAt).toBe(after.seats[1].dueAt);
    const rest = await h.rest('GET', `/games/${game.id}/deadlines`);
    expect(rest.status).toBe(200);
    expect((rest.body as Deadlines).seats[1].dueAt).toBe(after.seats[1].dueAt);
  });

  it('pauses when every person voted; unpausing moves the deadlines by the time paused', async () => {
    const res = await create({ mode: 'PER_MOVE', perMoveSeconds: 3600 }, humans);
    const { game, seatTokens } = res.data!.createGame;
    const [t0, t1] = seatTokens.map((t) => t.token);
    const due = Date.parse((await deadlines(game.id)).seats[0].dueAt!);
    const PAUSE = `mutation($id: String!) { pauseGame(gameId: $id) { pausedAt pauseVotes ${SEATS} } }`;
    const one = await h.gql<{ pauseGame: Deadlines }>(PAUSE, { id: game.id }, t0);
    expect(one.data!.pauseGame).toMatchObject({ pausedAt: null, pauseVotes: [0] });
    const both = await h.gql<{ pauseGame: Deadlines }>(PAUSE, { id: game.id }, t1);
    expect(both.data!.pauseGame.pausedAt).not.toBeNull();
    expect(both.data!.pauseGame.seats[0].status).toBe('PAUSED');
    await sleep(600);
    const un = await h.gql<{ unpauseGame: Deadlines }>(
      `mutation($id: String!) { unpauseGame(gameId: $id) { pausedAt ${SEATS} } }`,
      { id: game.id },
      t1,
    );
    expect(un.data!.unpauseGame.pausedAt).toBeNull();
    expect(un.data!.unpauseGame.seats[0].status).toBe('PENDING');
    expect(Date.parse(un.data!.unpauseGame.seats[0].dueAt!) - due).toBeGreaterThanOrEqual(550);
    const anonymous = await h.gql(PAUSE, { id: game.id });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('vacation moves the seat deadline by whole days, within the allowance', async () => {
    const res = await create({ mode: 'PER_MOVE', perMoveSeconds: 3600, vacationDays: 2 }, humans);
    const { game, seatTokens } = res.data!.createGame;
    const due = Date.parse((await deadlines(game.id)).seats[0].dueAt!);
    const VACATION = `mutation($id: String!, $days: Int!) { vacation(gameId: $id, days: $days) { ${SEATS} } }`;
    const took = await h.gql<{ vacation: Deadlines }>(
      VACATION,
      { id: game.id, days: 1 },
      seatTokens[0].token,
    );
    expect(took.errors).toBeUndefined();
    expect(Date.parse(took.data!.vacation.seats[0].dueAt!) - due).toBe(24 * 3600 * 1000);
    expect(took.data!.vacation.seats[0].vacationDaysLeft).toBe(1);
    const tooMuch = await h.gql(VACATION, { id: game.id, days: 2 }, seatTokens[0].token);
    expect(tooMuch.errors?.[0].extensions?.code).toBe('INVALID_STATE');
    // Seat 0 moves during its vacation: seat 1's new deadline is unaffected, seat 0's next one
    // starts when the vacation ends.
    await h.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } }, seatTokens[0].token);
    const d = await deadlines(game.id);
    expect(Date.parse(d.seats[1].dueAt!) - Date.now()).toBeLessThan(3600 * 1000 + 1000);
  });

  it('addBot: an open lobby seat becomes a bot seat and the game starts with it', async () => {
    const res = await create(undefined, [{ kind: 'HUMAN' }, { kind: 'HUMAN', open: true }], false);
    const { game, seatTokens } = res.data!.createGame;
    const added = await h.gql<{
      addBot: { seats: { seat: number; kind: string; botLevel: string | null; open: boolean }[] };
    }>(
      `mutation($id: String!) { addBot(gameId: $id, seat: 1, level: "RANDOM") { seats { seat kind botLevel open } } }`,
      { id: game.id },
      seatTokens[0].token,
    );
    expect(added.errors).toBeUndefined();
    expect(added.data!.addBot.seats[1]).toEqual({ seat: 1, kind: 'BOT', botLevel: 'RANDOM', open: false });
    const taken = await h.rest('POST', `/games/${game.id}/bots`, { seat: 0 }, {});
    expect(taken.status).toBe(401);
    const started = await h.gql(
      `mutation($id: String!) { startGame(gameId: $id) { status } }`,
      { id: game.id },
      seatTokens[0].token,
    );
    expect(started.errors).toBeUndefined();
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
