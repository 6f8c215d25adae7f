/**
 * Turn timers end to end, the same suite on both job adapters: BullMQ on real Redis (API process
 * enqueues, a worker consumes) and the embedded scheduler (API process alone), both on real
 * PostgreSQL. Fails, never skips, when PostgreSQL or Redis is down. Includes timeouts in the
 * middle of a move of several commands (test/scheduling/multi-step-engine.ts): the move goes on,
 * so the next deadline is due at once and the timeouts finish the turn one command each.
 * After every command a test sends, every prompted person must be on the clock (frozenSeats).
 */
import { createTestPostgres, type TestPostgres } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { assertRedisUp } from '../support/redis';
import { scaled } from '../support/time-scale.cjs';
import { type AdapterKind, type Harness, queuesIdle, sleep, startHarness, waitFor } from './harness';
import { frozenSeats } from './invariants';
import { multiStepEngine } from './multi-step-engine';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version activeSeats } seatTokens { seat token } } }`;
const GAME = `query($id: ID!) { game(id: $id) { id status version activeSeats result seats { seat botTakeover }
  events { version type actor seat } } }`;
const DEADLINES = `query($id: ID!) { deadlines(gameId: $id) { version pausedAt pauseVotes timer { mode perMoveSeconds policy }
  seats { seat active dueAt status bankMs botTakeover forfeited vacationDaysLeft } } }`;
const SUBMIT = `mutation($gameId: ID!, $command: JSON!) { submitCommand(gameId: $gameId, command: $command) { version } }`;

interface GameView {
  id: string;
  status: string;
  version: number;
  activeSeats: number[];
  result: {
    winners: number[];
    seats: { seat: number; rank: number; winner: boolean; detail?: { forfeited?: boolean } }[];
  } | null;
  seats: { seat: number; botTakeover: boolean }[];
  events: { version: number; type: string; actor: string; seat: number | null }[];
}

/** The deadline of the seat this test plays: 4 s on a quiet machine, stretched on a busy one. */
const PER_MOVE_SECONDS = scaled(4000) / 1000;

describe.each<AdapterKind>(['bullmq', 'embedded'])('turn timers on the %s scheduler', (kind) => {
  let db: TestPostgres;
  let h: Harness;

  beforeAll(async () => {
    if (kind === 'bullmq') await assertRedisUp();
    db = await createTestPostgres();
    h = await startHarness(kind, db, [raceEngine, multiStepEngine as never], { backoffMs: 100 });
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
  });

  async function create(timer: Record<string, unknown>, seats = ['HUMAN', 'HUMAN']) {
    const res = await h.gql<{
      createGame: { game: { id: string; version: number }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: { type: 'race-to-ten', seats: seats.map((k) => ({ kind: k })), start: true, timer },
    });
    expect(res.errors).toBeUndefined();
    const { game, seatTokens } = res.data!.createGame;
    return {
      id: game.id,
      version: game.version,
      tokens: Object.fromEntries(seatTokens.map((t) => [t.seat, t.token])),
    };
  }
  async function game(id: string): Promise<GameView> {
    const res = await h.gql<{ game: GameView }>(GAME, { id });
    expect(res.errors).toBeUndefined();
    return res.data!.game;
  }
  async function play(id: string, token: string, n: 1 | 2 = 1) {
    const res = await h.gql<{ submitCommand: { version: number } }>(
      SUBMIT,
      { gameId: id, command: { type: 'ADD', n } },
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(await frozenSeats(db.client, id)).toEqual([]); // every prompted person is on the clock
    return res.data!.submitCommand.version;
  }
  const timers = (gameId: string) =>
    db.client.timer.findMany({ where: { gameId }, orderBy: [{ version: 'asc' }, { seat: 'asc' }] });

  it('fires once at its deadline (DEFAULT policy: the engine timeout command, as TIMER)', async () => {
    const started = Date.now();
    // 1 s on a quiet machine, stretched on a loaded one: the deadline must not pass before the
    // test has read it (it did at load 20: seat 0 had already timed out, and its dueAt was null).
    const perMoveSeconds = Math.ceil(scaled(1000) / 1000);
    const g = await create({ mode: 'PER_MOVE', perMoveSeconds, policy: 'DEFAULT' }, ['HUMAN', 'BOT']);
    const deadlines = await h.gql<{
      deadlines: { seats: { seat: number; active: boolean; dueAt: string | null }[] };
    }>(DEADLINES, { id: g.id });
    const due = Date.parse(deadlines.data!.deadlines.seats[0].dueAt!);
    expect(due - started).toBeGreaterThanOrEqual(perMoveSeconds * 1000 - 100);
    expect(deadlines.data!.deadlines.seats[1].dueAt).toBeNull(); // a bot seat is never on the clock

    const fired = await waitFor(
      async () => (await game(g.id)).events.find((e) => e.actor === 'TIMER'),
      4000,
      'the timeout',
    );
    expect(fired).toMatchObject({ version: g.version + 1, seat: 0, type: 'ADDED' });
    const first = (await timers(g.id)).find((t) => t.version === g.version && t.seat === 0)!;
    expect(first).toMatchObject({ status: 'FIRED', kind: 'TURN_TIMEOUT' });
    // firedAt is the commit time of the timeout move.
    expect(first.firedAt!.getTime()).toBeGreaterThanOrEqual(due);
    // Fired by its own job, not by a later sweep (60 s); loose, for a loaded machine.
    expect(first.firedAt!.getTime() - due).toBeLessThan(10_000);
    // Firing again (a duplicate delivery) does nothing.
    await h.consumer().scheduleTimer({ ...first, dueAt: new Date(first.dueAt.getTime() - 1) });
    await queuesIdle(h, ['turn-timeouts']); // the duplicate ran
    const commands = await db.client.command.findMany({
      where: { gameId: g.id, commandId: { startsWith: 'timeout:' } },
    });
    expect(commands.filter((c) => c.fromVersion === g.version)).toHaveLength(1);
    const events = (await game(g.id)).events.filter((e) => e.version === g.version + 1);
    expect(events).toHaveLength(1);
  });

  /** A started multi-step game: seat 0 (a person) then seat 1 (a bot) each take a 3-command turn. */
  async function createSteps(timer: Record<string, unknown>) {
    const res = await h.gql<{
      createGame: { game: { id: string; version: number }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: {
        type: 'multi-step',
        options: { steps: 3, turns: 2 },
        seats: [{ kind: 'HUMAN' }, { kind: 'BOT' }],
        start: true,
        timer,
      },
    });
    expect(res.errors).toBeUndefined();
    const { game, seatTokens } = res.data!.createGame;
    return { id: game.id, version: game.version, token: seatTokens.find((t) => t.seat === 0)!.token };
  }
  const finished = (id: string) =>
    waitFor(
      async () => {
        const v = await game(id);
        return v.status === 'FINISHED' ? v : null;
      },
      8000,
      'the game to finish',
    );
  const timeoutCommands = async (gameId: string) =>
    (
      await db.client.command.findMany({
        where: { gameId, commandId: { startsWith: 'timeout:' } },
        orderBy: { fromVersion: 'asc' },
      })
    ).map((c) => ({ fromVersion: c.fromVersion, seat: c.seat }));

  it('DEFAULT, PER_MOVE: a timeout in the middle of a move fires again at once, once per version, until the move is over', async () => {
    const g = await createSteps({ mode: 'PER_MOVE', perMoveSeconds: 1.5, policy: 'DEFAULT' });
    const v = g.version;
    const due = (await timers(g.id)).find((t) => t.version === v && t.seat === 0)!.dueAt.getTime();
    // Seat 0 takes the first step itself (its deadline does not move), then lets it pass: the
    // two other steps are timeout commands at versions v+1 and v+2, both on that deadline.
    const res = await h.gql(SUBMIT, { gameId: g.id, command: { type: 'STEP' } }, g.token);
    expect(res.errors).toBeUndefined();
    const view = await finished(g.id); // the bot then plays seat 1's turn, the last one
    expect(await timeoutCommands(g.id)).toEqual([
      { fromVersion: v + 1, seat: 0 },
      { fromVersion: v + 2, seat: 0 },
    ]);
    expect(view.events.filter((e) => e.actor === 'TIMER').map((e) => e.version)).toEqual([
      v + 2,
      v + 3,
      v + 4,
    ]);
    const seat0 = (await timers(g.id)).filter((t) => t.seat === 0 && t.kind === 'TURN_TIMEOUT');
    expect(seat0.map((t) => [t.version, t.status, t.dueAt.getTime()])).toEqual([
      [v, 'STALE', due],
      [v + 1, 'FIRED', due],
      [v + 2, 'FIRED', due],
    ]);
    const [first, second] = [seat0[1], seat0[2]];
    expect(first.firedAt!.getTime()).toBeGreaterThanOrEqual(due - 20);
    // No new 1.5 s: the deadline the first timeout planned (v+2) was already due when planned
    // (checked on the stored times, not on how fast a loaded machine fires them; the v+1 one was
    // planned by seat 0's own step, before it was due).
    expect(second.dueAt.getTime()).toBeLessThanOrEqual(second.createdAt.getTime() + 20);
    // A second delivery of the last firing does nothing.
    await h.consumer().scheduleTimer({ ...second, dueAt: new Date(second.dueAt.getTime() - 1) });
    await queuesIdle(h, ['turn-timeouts']); // the duplicate ran
    expect(await timeoutCommands(g.id)).toHaveLength(2);
    expect((await game(g.id)).version).toBe(view.version);
  });

  it('DEFAULT, BANK: timeouts finish the move at once and the bank gets the increment once', async () => {
    const g = await createSteps({ mode: 'BANK', initialSeconds: 1, incrementSeconds: 5, policy: 'DEFAULT' });
    const v = g.version;
    await finished(g.id);
    expect(await timeoutCommands(g.id)).toEqual([
      { fromVersion: v, seat: 0 },
      { fromVersion: v + 1, seat: 0 },
      { fromVersion: v + 2, seat: 0 },
    ]);
    const seat0 = (await timers(g.id)).filter((t) => t.seat === 0 && t.kind === 'TURN_TIMEOUT');
    expect(seat0.map((t) => [t.version, t.status])).toEqual([
      [v, 'FIRED'],
      [v + 1, 'FIRED'],
      [v + 2, 'FIRED'],
    ]);
    // The bank ran out: the later deadlines of the move were due as soon as they were planned
    // (stored times, not firing speed); then the end of the move credited 5 s once.
    for (const t of [seat0[1], seat0[2]])
      expect(t.dueAt.getTime()).toBeLessThanOrEqual(t.createdAt.getTime() + 20);
    const row = await db.client.gameSeat.findUnique({ where: { gameId_seat: { gameId: g.id, seat: 0 } } });
    expect(Number(row!.clockMs)).toBeGreaterThanOrEqual(5000);
    expect(Number(row!.clockMs)).toBeLessThanOrEqual(5020);
    expect(row!.turnStartedAt).toBeNull();
  });

  it('does nothing when the seat moved before its deadline', async () => {
    const g = await create({ mode: 'PER_MOVE', perMoveSeconds: 1, policy: 'DEFAULT' }, ['HUMAN', 'BOT']);
    await play(g.id, g.tokens[0]);
    const moved = (await timers(g.id)).find((t) => t.version === g.version && t.seat === 0)!;
    expect(moved.status).toBe('STALE'); // by the move's own commit
    // Its time comes (the stored deadline moved into the past rather than waited for) and its job runs.
    await db.client.timer.update({ where: { id: moved.id }, data: { dueAt: new Date(Date.now() - 1) } });
    await h.consumer().scheduleTimer({ ...moved, dueAt: new Date(Date.now() - 1) });
    await queuesIdle(h, ['turn-timeouts']);
    const rows = await timers(g.id);
    expect(rows.find((t) => t.version === g.version && t.seat === 0)?.status).toBe('STALE');
    const view = await game(g.id);
    expect(view.events.find((e) => e.version === g.version + 1)).toMatchObject({ actor: 'HUMAN', seat: 0 });
    const stale = await db.client.command.findMany({
      where: { gameId: g.id, commandId: `timeout:${g.id}:${g.version}:0` },
    });
    expect(stale).toHaveLength(0);
    // A stale timer delivered again (e.g. a late job) still does nothing.
    const old = rows.find((t) => t.version === g.version && t.seat === 0)!;
    await db.client.timer.update({ where: { id: old.id }, data: { status: 'PENDING' } });
    await h.consumer().scheduleTimer(old);
    await waitFor(
      async () => (await db.client.timer.findUnique({ where: { id: old.id } }))?.status === 'STALE',
      2000,
      'STALE',
    );
    expect(
      await db.client.command.count({ where: { gameId: g.id, commandId: `timeout:${g.id}:${g.version}:0` } }),
    ).toBe(0);
  });

  it('still fires after the consumer died (bullmq: SIGKILL of the worker process; embedded: the API process) and restarted', async () => {
    const g = await create({ mode: 'PER_MOVE', perMoveSeconds: 1.5, policy: 'DEFAULT' }, ['HUMAN', 'BOT']);
    await h.stopConsumer();
    // The deadline passes while nothing consumes (moved into the past rather than waited for).
    await db.client.timer.updateMany({
      where: { gameId: g.id, version: g.version, seat: 0, kind: 'TURN_TIMEOUT' },
      data: { dueAt: new Date(Date.now() - 1) },
    });
    expect((await db.client.game.findUnique({ where: { id: g.id } }))!.version).toBe(g.version);
    await h.startConsumer();
    const restarted = Date.now();
    await waitFor(
      async () => (await game(g.id)).events.find((e) => e.actor === 'TIMER'),
      4000,
      'the timeout after restart',
    );
    const fired = (await timers(g.id)).filter((t) => t.status === 'FIRED' && t.version === g.version);
    expect(fired).toHaveLength(1);
    expect(fired[0].firedAt!.getTime() - restarted).toBeLessThan(2000);
  });

  it('two consumers racing on the same deadlines still fire each once', async () => {
    const games = await Promise.all(
      [0, 1, 2, 3].map(() =>
        create({ mode: 'PER_MOVE', perMoveSeconds: 1.5, policy: 'DEFAULT' }, ['HUMAN', 'BOT']),
      ),
    );
    const extra = await h.startExtraConsumer();
    try {
      // Schedule every deadline twice more under other job ids: both consumers get copies.
      for (const g of games) {
        const t = (await timers(g.id)).find((x) => x.version === g.version && x.seat === 0)!;
        await h.consumer().scheduleTimer({ ...t, dueAt: new Date(t.dueAt.getTime() - 1) });
        await h.consumer().scheduleTimer({ ...t, dueAt: new Date(t.dueAt.getTime() - 2) });
      }
      for (const g of games) {
        await waitFor(
          async () => (await game(g.id)).events.some((e) => e.actor === 'TIMER'),
          5000,
          'the timeout',
        );
      }
      await queuesIdle(h, ['turn-timeouts']); // every copy ran
      for (const g of games) {
        const rows = await timers(g.id);
        expect(rows.find((x) => x.version === g.version && x.seat === 0)?.status).toBe('FIRED');
        const events = (await game(g.id)).events.filter((e) => e.version === g.version + 1);
        expect(events).toEqual([expect.objectContaining({ actor: 'TIMER', seat: 0 })]);
        expect(await db.client.command.count({ where: { gameId: g.id, fromVersion: g.version } })).toBe(1);
      }
    } finally {
      await extra.close();
    }
  });

  it('BOT_TAKEOVER: a bot plays the timed-out seat until its owner resumes, then the owner plays on', async () => {
    // 4 s per move (stretched by the machine's time scale) leaves seat 1, played by this test,
    // time to answer on a busy machine: had seat 1 timed out too, bots would play both seats and
    // the waits below for seat 1's turn would never end (the likely cause of a timeout at load 18).
    const g = await create({ mode: 'PER_MOVE', perMoveSeconds: PER_MOVE_SECONDS, policy: 'BOT_TAKEOVER' });
    // Seat 0 lets its clock run out: the bot moves for it (as TIMER) and keeps the seat.
    const after = await waitFor(
      async () => {
        const v = await game(g.id);
        return v.seats[0].botTakeover && v.activeSeats[0] === 1 ? v : null;
      },
      8000,
      'the takeover',
    );
    expect(after.events.at(-1)).toMatchObject({ seat: 0, actor: 'TIMER' });
    // Seat 1 moves; the bot answers for seat 0 at once (BOT), and seat 0 is off the clock.
    const v1 = await play(g.id, g.tokens[1]);
    const botMoved = await waitFor(
      async () => {
        const v = await game(g.id);
        return v.version > v1 && v.activeSeats[0] === 1 ? v : null;
      },
      3000,
      'the bot move',
    );
    expect(botMoved.events.at(-1)).toMatchObject({ seat: 0, actor: 'BOT' });
    // Seat 0 comes back.
    const resumed = await h.gql<{ resume: { seats: { seat: number; botTakeover: boolean }[] } }>(
      `mutation($id: ID!) { resume(gameId: $id) { seats { seat botTakeover } } }`,
      { id: g.id },
      g.tokens[0],
    );
    expect(resumed.errors).toBeUndefined();
    expect(resumed.data!.resume.seats[0].botTakeover).toBe(false);
    expect(await frozenSeats(db.client, g.id)).toEqual([]);
    const v2 = await play(g.id, g.tokens[1]);
    // Bot turns are derived from the committed state: re-derive them now and let any run.
    await h.consumer().recover();
    await queuesIdle(h, ['bot-turns']);
    const view = await game(g.id);
    expect(view.version).toBe(v2); // no bot moved for seat 0
    expect(view.activeSeats).toEqual([0]);
    const d = await h.gql<{ deadlines: { seats: { dueAt: string | null; botTakeover: boolean }[] } }>(
      DEADLINES,
      { id: g.id },
    );
    expect(d.data!.deadlines.seats[0]).toMatchObject({ botTakeover: false });
    expect(d.data!.deadlines.seats[0].dueAt).not.toBeNull(); // back on the clock
    const v3 = await play(g.id, g.tokens[0]);
    expect((await game(g.id)).events.find((e) => e.version === v3)).toMatchObject({
      seat: 0,
      actor: 'HUMAN',
    });
  });

  it('FORFEIT: timeout commands answer every later prompt, the seat cannot act, and it is ranked last', async () => {
    // 4 s per move (scaled): seat 1 (this test) must answer in time while it also checks the rejections.
    const g = await create({ mode: 'PER_MOVE', perMoveSeconds: PER_MOVE_SECONDS, policy: 'FORFEIT' });
    await waitFor(async () => (await game(g.id)).activeSeats[0] === 1, 8000, 'the forfeit');
    // The forfeited seat's token can no longer act, whatever it sends, on either transport:
    // off turn (not NOT_YOUR_TURN), a command the game does not know (not VALIDATION).
    for (const command of [{ type: 'ADD', n: 1 }, { type: 'NO-SUCH-COMMAND' }]) {
      const rejected = await h.gql(SUBMIT, { gameId: g.id, command }, g.tokens[0]);
      expect(rejected.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const rest = await h.rest(
        'POST',
        `/games/${g.id}/commands`,
        { command },
        {
          authorization: `Bearer ${g.tokens[0]}`,
        },
      );
      expect(rest).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    }
    // Had it been its turn, the commit hook would refuse a person's command for the seat.
    const record = await h.consumer()['play'].getGame(g.id);
    expect(record.seats[0].forfeited).toBe(true);
    await expect(
      h.consumer().planner.hook(db.client as never, {
        game: record,
        fromVersion: record.version,
        toVersion: record.version + 1,
        activeSeats: [],
        result: null,
        meta: { actor: 'HUMAN', seat: 0 },
        at: new Date(),
        seats: record.seats,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Seat 1 plays 2 each time; seat 0's timeout command adds 1: 1, 3, 4, 6, 7, 9, 10 (seat 0 reaches ten).
    for (;;) {
      const v = await game(g.id);
      if (v.status === 'FINISHED') {
        expect(v.result!.winners).toEqual([]);
        expect(v.result!.seats.find((s) => s.seat === 0)).toMatchObject({
          rank: 2,
          winner: false,
          detail: { forfeited: true },
        });
        break;
      }
      if (v.activeSeats[0] === 1) await play(g.id, g.tokens[1], 2);
      else await sleep(30);
    }
    const d = await h.gql<{ deadlines: { seats: { forfeited: boolean }[] } }>(DEADLINES, { id: g.id });
    expect(d.data!.deadlines.seats[0].forfeited).toBe(true);
  });
});
