/**
 * Clock operations on the embedded scheduler (PGlite): BANK accounting (per move: a turn of
 * several commands is charged for all of them and credited the increment once), PER_MOVE
 * deadlines kept across the commands of one move, pause votes, vacation,
 * addBot in the lobby, validation of the timer input, the REST mirror of deadlines, and
 * simultaneous prompts (one timer per prompted seat, carried across the other seats' moves, with
 * a tiny game where every seat picks at once).
 *
 * The API process reads the time of moves and seat clocks from a TestClock: the tests of bank
 * arithmetic, deadlines, pause and vacation freeze it and advance it by hand (exact numbers, no
 * sleeps); the two tests that wait for real timeouts to fire leave it on the system clock.
 */
import type { Database } from '../../src/database/database';
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { type GameEngine, violation } from '../../src/games/engine';
import { createTestPglite } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { TestClock } from '../support/test-clock';
import { scaled } from '../support/time-scale.cjs';
import { type Harness, startHarness, waitFor } from './harness';
import { multiStepEngine } from './multi-step-engine';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`;
const SEATS = `seats { seat active dueAt status bankMs botTakeover forfeited vacationUntil vacationDaysLeft }`;
const DEADLINES = `query($id: ID!) { deadlines(gameId: $id) { version pausedAt pauseVotes timer { mode initialSeconds incrementSeconds policy vacationDays } ${SEATS} } }`;
const SUBMIT = `mutation($gameId: ID!, $command: JSON!) { submitCommand(gameId: $gameId, command: $command) { version } }`;

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
  const clock = new TestClock();

  beforeAll(async () => {
    db = await createTestPglite();
    h = await startHarness(
      'embedded',
      db,
      [raceEngine, pickEngine as never, multiStepEngine as never, bangDiceEngine as never],
      {},
      clock,
    );
  });
  afterEach(() => clock.release());
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
    clock.freeze();
    const created = clock.now();
    const res = await create({ mode: 'BANK', initialSeconds: 60, incrementSeconds: 10 }, humans);
    const { game, seatTokens } = res.data!.createGame;
    const before = await deadlines(game.id);
    expect(before.timer).toMatchObject({ mode: 'BANK', initialSeconds: 60, incrementSeconds: 10 });
    expect(before.seats[0]).toMatchObject({ active: true, status: 'PENDING', bankMs: 60_000 });
    expect(Date.parse(before.seats[0].dueAt!)).toBe(created + 60_000);
    expect(before.seats[1]).toMatchObject({ active: false, dueAt: null, bankMs: 60_000 });
    clock.advance(400);
    const during = await deadlines(game.id);
    expect(during.seats[0]).toMatchObject({ bankMs: 60_000 - 400, dueAt: before.seats[0].dueAt });
    clock.advance(600);
    const moved = await h.gql(
      SUBMIT,
      { gameId: game.id, command: { type: 'ADD', n: 1 } },
      seatTokens[0].token,
    );
    expect(moved.errors).toBeUndefined();
    const after = await deadlines(game.id);
    expect(after.seats[0].dueAt).toBeNull();
    // 60 s - the 1 s the turn took + 10 s; seat 1's clock starts now with its whole bank.
    expect(after.seats[0].bankMs).toBe(70_000 - 1000);
    expect(after.seats[1]).toMatchObject({ active: true, status: 'PENDING', bankMs: 60_000 });
    expect(Date.parse(after.seats[1].dueAt!)).toBe(created + 1000 + 60_000);
    // The game's deadlines are also a field of Game.
    const viaGame = await h.gql<{ game: { deadlines: Deadlines } }>(
      `query($id: ID!) { game(id: $id) { deadlines { version ${SEATS} } } }`,
      { id: game.id },
    );
    expect(viaGame.data!.game.deadlines.seats[1].dueAt).toBe(after.seats[1].dueAt);
    const rest = await h.rest('GET', `/games/${game.id}/deadlines`);
    expect(rest.status).toBe(200);
    expect((rest.body as Deadlines).seats[1].dueAt).toBe(after.seats[1].dueAt);
  });

  /** A started multi-step game (every turn is `steps` STEP commands of the seat on turn). */
  async function createMultiStep(timer: Record<string, unknown>) {
    const res = await h.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, { input: { type: 'multi-step', seats: humans, start: true, timer } });
    expect(res.errors).toBeUndefined();
    const { game, seatTokens } = res.data!.createGame;
    const step = async (seat: number) => {
      const moved = await h.gql<{ submitCommand: { version: number } }>(
        SUBMIT,
        { gameId: game.id, command: { type: 'STEP' } },
        seatTokens[seat].token,
      );
      expect(moved.errors).toBeUndefined();
      return moved.data!.submitCommand.version;
    };
    const seatRow = async (seat: number) =>
      (await db.client.gameSeat.findUnique({ where: { gameId_seat: { gameId: game.id, seat } } }))!;
    /** The seat's running TURN_TIMEOUT timer (at most one), or null. */
    const running = async (seat: number) => {
      const rows = await db.client.timer.findMany({
        where: { gameId: game.id, seat, kind: 'TURN_TIMEOUT', status: 'PENDING' },
      });
      expect(rows.length).toBeLessThanOrEqual(1);
      return rows[0] ?? null;
    };
    return { id: game.id, step, seatRow, running };
  }

  it('BANK: a move of several commands is charged for all of them and credited the increment once', async () => {
    clock.freeze();
    const g = await createMultiStep({ mode: 'BANK', initialSeconds: 60, incrementSeconds: 10 });
    const opened = await g.seatRow(0);
    const started = opened.turnStartedAt!.getTime();
    const firstDue = (await g.running(0))!.dueAt.getTime();
    expect(firstDue).toBe(started + 60_000);

    // Two commands of seat 0's turn: each is charged, neither earns the increment, and the
    // deadline (now + what is left in the bank) does not move.
    let bank = 60_000;
    for (const version of [2, 3]) {
      clock.advance(300);
      expect(await g.step(0)).toBe(version);
      const r = await g.seatRow(0);
      expect(bank - Number(r.clockMs)).toBe(300); // charged exactly the command's time
      bank = Number(r.clockMs);
      const t = (await g.running(0))!;
      expect(t.version).toBe(version);
      expect(t.dueAt.getTime()).toBe(firstDue);
      expect(t.dueAt.getTime()).toBe(r.turnStartedAt!.getTime() + bank);
      expect(await g.running(1)).toBeNull();
    }
    expect(bank).toBe(60_000 - 600);
    clock.advance(100);
    const during = await deadlines(g.id);
    expect(during.seats[0].bankMs).toBe(bank - 100); // the view counts the running command

    // The third command ends the move: its clock stops, the bank has lost the whole move's time
    // and gained the increment once.
    clock.advance(200);
    await g.step(0);
    const after = await g.seatRow(0);
    const next = await g.seatRow(1);
    const ended = next.turnStartedAt!.getTime(); // seat 1's move starts when seat 0's ends
    expect(after.turnStartedAt).toBeNull();
    expect(ended - started).toBe(900);
    expect(Number(after.clockMs)).toBe(60_000 - 900 + 10_000);
    expect(await g.running(0)).toBeNull();
    expect((await g.running(1))!.dueAt.getTime()).toBe(ended + 60_000);
    const view = await deadlines(g.id);
    expect(view.seats[0]).toMatchObject({ active: false, dueAt: null, bankMs: Number(after.clockMs) });

    // Seat 1's three commands earn one increment too; seat 0's next move gets its whole bank.
    for (let i = 0; i < 3; i++) {
      clock.advance(500);
      await g.step(1);
    }
    const seat1 = await g.seatRow(1);
    const again = await g.seatRow(0);
    const seat1Ended = again.turnStartedAt!.getTime();
    expect(seat1Ended - ended).toBe(1500);
    expect(Number(seat1.clockMs)).toBe(60_000 - 1500 + 10_000);
    expect((await g.running(0))!.dueAt.getTime()).toBe(seat1Ended + Number(after.clockMs));
  });

  it('PER_MOVE: a seat acting twice in one move keeps its deadline; its next move gets a new one', async () => {
    clock.freeze();
    const g = await createMultiStep({ mode: 'PER_MOVE', perMoveSeconds: 3600 });
    const first = (await g.running(0))!;
    expect(first.version).toBe(1);
    for (const version of [2, 3]) {
      clock.advance(100);
      expect(await g.step(0)).toBe(version);
      const t = (await g.running(0))!;
      expect(t.version).toBe(version);
      expect(t.dueAt.getTime()).toBe(first.dueAt.getTime()); // the move is not over
      expect(await g.running(1)).toBeNull();
    }
    const old = await db.client.timer.findMany({
      where: { gameId: g.id, seat: 0, version: { lt: 3 }, kind: 'TURN_TIMEOUT' },
    });
    expect(old.map((t) => t.status)).toEqual(['STALE', 'STALE']);
    // The last command ends the move: seat 1's move starts with a whole hour.
    clock.advance(100);
    await g.step(0);
    expect(await g.running(0)).toBeNull();
    const seat1Started = (await g.seatRow(1)).turnStartedAt!.getTime();
    const seat1 = (await g.running(1))!;
    expect(seat1.dueAt.getTime()).toBe(seat1Started + 3600_000);
    expect(seat1.dueAt.getTime()).toBe(first.dueAt.getTime() + 300);
    // Seat 1's move, then seat 0 is prompted again: a new move, a new deadline.
    clock.advance(700);
    for (let i = 0; i < 3; i++) await g.step(1);
    const seat0Started = (await g.seatRow(0)).turnStartedAt!.getTime();
    expect((await g.running(0))!.dueAt.getTime()).toBe(seat0Started + 3600_000);
    expect(seat0Started).toBe(first.dueAt.getTime() - 3600_000 + 1000);
  });

  it('Bang! DEFAULT timeouts finish a whole turn on one deadline, one command per version', async () => {
    // Characters without prompts for other seats (no Bart Cassidy, Pedro Ramirez): the turn is
    // one move of the seat on turn.
    const res = await h.gql<{
      createGame: {
        game: { id: string; version: number; activeSeats: number[] };
        seatTokens: { token: string }[];
      };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version activeSeats } seatTokens { token } } }`,
      {
        input: {
          type: 'bang-dice',
          options: { characters: ['PAUL_REGRET', 'ROSE_DOOLAN', 'WILLY_THE_KID'] },
          seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }],
          start: true,
          timer: { perMoveSeconds: 1.5, policy: 'DEFAULT' },
        },
      },
    );
    expect(res.errors).toBeUndefined();
    const { game, seatTokens } = res.data!.createGame;
    expect(game.activeSeats).toHaveLength(1);
    const [roller] = game.activeSeats;
    const due = (await db.client.timer.findMany({ where: { gameId: game.id, seat: roller } }))[0].dueAt;
    const over = await waitFor(
      async () => {
        const row = await db.client.game.findUnique({ where: { id: game.id } });
        return row && (row.status !== 'ACTIVE' || !row.activeSeats.includes(roller)) ? row : null;
      },
      6000,
      'the timeouts to finish the first turn',
    );
    const commands = await db.client.command.findMany({
      where: { gameId: game.id, fromVersion: { lt: over.version } },
      orderBy: { fromVersion: 'asc' },
    });
    // Roll, keep, and whatever the dice ask: all timeout commands of the roller, one per version
    // (usually several; one when the first roll settles the turn by itself, as a CI run saw).
    expect(commands.length).toBeGreaterThanOrEqual(1);
    for (const c of commands) {
      expect(c).toMatchObject({ seat: roller, commandId: `timeout:${game.id}:${c.fromVersion}:${roller}` });
    }
    const fired = await db.client.timer.findMany({
      where: { gameId: game.id, seat: roller, kind: 'TURN_TIMEOUT', status: 'FIRED' },
      orderBy: { version: 'asc' },
    });
    expect(fired.map((t) => t.version)).toEqual(commands.map((c) => c.fromVersion));
    expect(fired.every((t) => t.dueAt.getTime() === due.getTime())).toBe(true);
    // Promptly, within a budget stretched on a loaded machine (the timers fire on the system clock).
    expect(fired.at(-1)!.firedAt!.getTime() - fired[0].firedAt!.getTime()).toBeLessThan(scaled(1000));
    if (over.status === 'ACTIVE') {
      // The next seat's move starts with a whole allowance.
      const [next] = over.activeSeats;
      const t = await db.client.timer.findFirst({
        where: { gameId: game.id, seat: next, version: over.version, status: 'PENDING' },
      });
      expect(t!.dueAt.getTime()).toBeGreaterThanOrEqual(fired.at(-1)!.firedAt!.getTime() + 1500);
    }
    await h.gql(
      `mutation($id: ID!) { abortGame(gameId: $id) { status } }`,
      { id: game.id },
      seatTokens[0].token,
    );
  });

  it('pauses when every person voted; unpausing moves the deadlines by the time paused', async () => {
    clock.freeze();
    const res = await create({ mode: 'PER_MOVE', perMoveSeconds: 3600 }, humans);
    const { game, seatTokens } = res.data!.createGame;
    const [t0, t1] = seatTokens.map((t) => t.token);
    const due = Date.parse((await deadlines(game.id)).seats[0].dueAt!);
    const PAUSE = `mutation($id: ID!) { pauseGame(gameId: $id) { pausedAt pauseVotes ${SEATS} } }`;
    const one = await h.gql<{ pauseGame: Deadlines }>(PAUSE, { id: game.id }, t0);
    expect(one.data!.pauseGame).toMatchObject({ pausedAt: null, pauseVotes: [0] });
    const both = await h.gql<{ pauseGame: Deadlines }>(PAUSE, { id: game.id }, t1);
    expect(both.data!.pauseGame.pausedAt).not.toBeNull();
    expect(both.data!.pauseGame.seats[0].status).toBe('PAUSED');
    clock.advance(600);
    const un = await h.gql<{ unpauseGame: Deadlines }>(
      `mutation($id: ID!) { unpauseGame(gameId: $id) { pausedAt ${SEATS} } }`,
      { id: game.id },
      t1,
    );
    expect(un.data!.unpauseGame.pausedAt).toBeNull();
    expect(un.data!.unpauseGame.seats[0].status).toBe('PENDING');
    expect(Date.parse(un.data!.unpauseGame.seats[0].dueAt!) - due).toBe(600);
    const anonymous = await h.gql(PAUSE, { id: game.id });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('vacation moves the seat deadline by whole days, within the allowance', async () => {
    clock.freeze();
    const res = await create({ mode: 'PER_MOVE', perMoveSeconds: 3600, vacationDays: 2 }, humans);
    const { game, seatTokens } = res.data!.createGame;
    const due = Date.parse((await deadlines(game.id)).seats[0].dueAt!);
    const VACATION = `mutation($id: ID!, $days: Int!) { vacation(gameId: $id, days: $days) { ${SEATS} } }`;
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
    expect(Date.parse(d.seats[1].dueAt!)).toBe(clock.now() + 3600 * 1000);
  });

  it('addBot: an open lobby seat becomes a bot seat and the game starts with it', async () => {
    const res = await create(undefined, [{ kind: 'HUMAN' }, { kind: 'HUMAN', open: true }], false);
    const { game, seatTokens } = res.data!.createGame;
    const added = await h.gql<{
      addBot: { seats: { seat: number; kind: string; botLevel: string | null; open: boolean }[] };
    }>(
      `mutation($id: ID!) { addBot(gameId: $id, seat: 1, level: "RANDOM") { seats { seat kind botLevel open } } }`,
      { id: game.id },
      seatTokens[0].token,
    );
    expect(added.errors).toBeUndefined();
    expect(added.data!.addBot.seats[1]).toEqual({ seat: 1, kind: 'BOT', botLevel: 'RANDOM', open: false });
    const taken = await h.rest('POST', `/games/${game.id}/bots`, { seat: 0 }, {});
    expect(taken.status).toBe(401);
    const started = await h.gql(
      `mutation($id: ID!) { startGame(gameId: $id) { status } }`,
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
      `mutation($id: ID!) { submitCommand(gameId: $id, command: { type: "PICK", n: 1 }) { version } }`,
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
    expect(fired.firedAt!.getTime() - opening[1].dueAt.getTime()).toBeLessThan(scaled(2000));
    const round2 = (await timers()).filter((t) => t.version === 4);
    expect(round2.map((t) => [t.seat, t.status])).toEqual([
      [0, 'PENDING'],
      [1, 'PENDING'],
    ]);
    // Seat 1's timed-out pick ended the round: it is prompted again, but for a new move, with a
    // whole new allowance (not the deadline that just passed).
    expect(round2[1].dueAt.getTime()).toBeGreaterThanOrEqual(fired.firedAt!.getTime() + 4000);
    // Aborting the game cancels its running deadlines.
    await h.gql(
      `mutation($id: ID!) { abortGame(gameId: $id) { status } }`,
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
