/**
 * Seat hand-overs racing the commands of bots and timers, on real PostgreSQL, with the
 * interleavings injected rather than hoped for: the race happens inside a test double of the
 * event store (between the command's decision and its append, or while its append's transaction
 * holds the game row). The jobs themselves are not run by any queue here (a recording scheduler):
 * the test calls the bot player and the timer handler itself, so nothing else moves the game.
 * Issue #16, items 1 and 5 (resume's YOUR_TURN).
 */
import type { EventStore } from '../../src/event-store/event-store';
import { createTestPostgres, type TestPostgres } from '../support/database';
import { scaled } from '../support/time-scale.cjs';
import { frozenSeats } from './invariants';
import { correspondenceStack } from './stack';

/** Run `before` once, the next time the store appends, before that append starts. */
function beforeNextAppend(store: EventStore, before: () => Promise<unknown>): void {
  const original = store.append.bind(store);
  jest.spyOn(store, 'append').mockImplementationOnce(async (request) => {
    await before();
    return original(request);
  });
}

describe('seat hand-overs against bot and timer commands (PostgreSQL)', () => {
  let db: TestPostgres;
  let s: ReturnType<typeof correspondenceStack>;

  beforeAll(async () => {
    db = await createTestPostgres({ poolSize: 6 });
  });
  afterAll(async () => db?.close());
  beforeEach(() => {
    s = correspondenceStack(db);
  });
  afterEach(() => jest.restoreAllMocks());

  /** Two people, multi-command turns (seat 0 stays prompted after a STEP), a long clock. */
  async function stepGame(timer: Record<string, unknown> = {}) {
    const { game, seatTokens } = await s.play.createGame({
      type: 'multi-step',
      options: { steps: 3, turns: 2 },
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
      timer: { mode: 'PER_MOVE', perMoveSeconds: 3600, policy: 'BOT_TAKEOVER', ...timer },
    });
    return { id: game.id, version: game.version, tokens: seatTokens };
  }
  const timersOf = (gameId: string, where: Record<string, unknown> = {}) =>
    db.client.timer.findMany({
      where: { gameId, kind: 'TURN_TIMEOUT', ...where },
      orderBy: { version: 'asc' },
    });
  const seatRow = (gameId: string, seat: number) =>
    db.client.gameSeat.findUniqueOrThrow({ where: { gameId_seat: { gameId, seat } } });

  it('a bot move decided before a resume does not commit after it: the seat stays on the clock', async () => {
    const g = await stepGame();
    await s.scheduling.addBot(g.id, 0, 0, 'RANDOM'); // seat 0 hands its seat to a bot
    expect(await frozenSeats(db.client, g.id)).toEqual([]);
    // The bot decides its move; the owner resumes before the move is appended.
    beforeNextAppend(s.store, () => s.scheduling.resume(g.id, 0));
    expect(await s.bots.playTurn(g.id, g.version, 0)).toBe('SKIPPED');

    const game = await s.play.getGame(g.id);
    expect(game.version).toBe(g.version); // the bot's move was refused
    expect((await seatRow(g.id, 0)).botTakeover).toBe(false);
    expect(await timersOf(g.id, { status: 'PENDING' })).toEqual([
      expect.objectContaining({ seat: 0, version: g.version }),
    ]);
    expect(await frozenSeats(db.client, g.id)).toEqual([]);
  });

  it('a resume while a bot move is being committed waits for it and puts the seat on the clock at the new version', async () => {
    const g = await stepGame();
    await s.scheduling.addBot(g.id, 0, 0, 'RANDOM');
    let resumed: Promise<unknown> | null = null;
    // Inside the bot move's transaction (the game row is held), the owner resumes from another
    // connection; the commit goes on only once that resume is waiting for the row.
    s.play.addCommitHook(async () => {
      if (resumed) return;
      resumed = s.scheduling.resume(g.id, 0);
      await waitForLockWaiter(db);
    });
    expect(await s.bots.playTurn(g.id, g.version, 0)).toBe('PLAYED');
    await resumed;

    const game = await s.play.getGame(g.id);
    expect(game.version).toBe(g.version + 1);
    expect(game.activeSeats).toEqual([0]); // still seat 0's turn (one STEP of three)
    expect((await seatRow(g.id, 0)).botTakeover).toBe(false);
    expect(await timersOf(g.id, { status: 'PENDING' })).toEqual([
      expect.objectContaining({ seat: 0, version: g.version + 1 }),
    ]);
    expect(await frozenSeats(db.client, g.id)).toEqual([]);
  });

  it('a command decided before another seat went to a bot plans no deadline for that seat and asks its bot', async () => {
    const { game } = await s.play.createGame({
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
      timer: { mode: 'PER_MOVE', perMoveSeconds: 3600, policy: 'BOT_TAKEOVER' },
    });
    // Seat 0 moves; between its decision and its append, seat 1 (on turn next) hands over.
    beforeNextAppend(s.store, () => s.scheduling.addBot(game.id, 1, 1, 'RANDOM'));
    await s.play.submitCommand({ gameId: game.id, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 });
    expect((await s.play.getGame(game.id)).activeSeats).toEqual([1]);
    expect(await timersOf(game.id, { status: 'PENDING' })).toEqual([]);
    // The bot is asked for seat 1's move at the version the command produced.
    await waitUntil(() =>
      s.scheduler.jobs.some(
        (j) => j.queue === 'bot-turns' && j.data.version === game.version + 1 && j.data.seat === 1,
      ),
    );
  });

  it('a resume sends YOUR_TURN when it puts a prompted seat back on the clock', async () => {
    const g = await stepGame();
    await s.webhooks.register({
      gameId: g.id,
      url: 'http://127.0.0.1:9/hook',
      secret: 'secret-123',
      seatCount: 2,
      registeredBy: 0,
    });
    await s.scheduling.addBot(g.id, 0, 0, 'RANDOM');
    const before = await db.client.webhookDelivery.count({ where: { gameId: g.id, event: 'YOUR_TURN' } });
    await s.scheduling.resume(g.id, 0);
    const after = await db.client.webhookDelivery.findMany({ where: { gameId: g.id, event: 'YOUR_TURN' } });
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.payload).toMatchObject({ event: 'YOUR_TURN', seat: 0, version: g.version });
    // A second resume (the seat is no longer under takeover) changes nothing and sends nothing.
    await s.scheduling.resume(g.id, 0);
    expect(await db.client.webhookDelivery.count({ where: { gameId: g.id, event: 'YOUR_TURN' } })).toBe(
      before + 1,
    );
  });

  it('resume on a seat left frozen (prompted, its own, no deadline) restarts its clock, and on a timed seat changes nothing', async () => {
    const g = await stepGame();
    const [running] = await timersOf(g.id, { status: 'PENDING' });
    await s.scheduling.resume(g.id, 0); // on the clock already: nothing changes
    expect(await timersOf(g.id, { status: 'PENDING' })).toEqual([running]);
    // As an earlier server version could leave it: prompted, the owner's, no running deadline.
    await db.client.timer.updateMany({ where: { gameId: g.id }, data: { status: 'STALE' } });
    expect(await frozenSeats(db.client, g.id)).toEqual([0]);
    const d = await s.scheduling.resume(g.id, 0);
    expect(d.seats[0].dueAt).not.toBeNull();
    expect(await frozenSeats(db.client, g.id)).toEqual([]);
  });

  it('a timeout decided before the seat took a vacation does not fire at the old deadline', async () => {
    const g = await stepGame({ vacationDays: 3, policy: 'DEFAULT' });
    const [deadline] = await timersOf(g.id);
    await db.client.timer.update({
      where: { id: deadline.id },
      data: { dueAt: new Date(Date.now() - 1000) },
    });
    beforeNextAppend(s.store, () => s.scheduling.vacation(g.id, 0, 1));
    await s.runTimer(deadline.id);

    expect((await s.play.getGame(g.id)).version).toBe(g.version); // no timeout move
    const moved = await db.client.timer.findUniqueOrThrow({ where: { id: deadline.id } });
    expect(moved.status).toBe('PENDING');
    expect(moved.dueAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    expect(
      s.scheduler.jobs.some(
        (j) => j.data.timerId === deadline.id && j.runAt?.getTime() === moved.dueAt.getTime(),
      ),
    ).toBe(true);
  });

  it('a timeout decided before the owner handed the seat to a bot does not commit', async () => {
    const g = await stepGame({ policy: 'DEFAULT' });
    const [deadline] = await timersOf(g.id);
    await db.client.timer.update({
      where: { id: deadline.id },
      data: { dueAt: new Date(Date.now() - 1000) },
    });
    beforeNextAppend(s.store, () => s.scheduling.addBot(g.id, 0, 0, 'RANDOM'));
    await s.runTimer(deadline.id);
    expect((await s.play.getGame(g.id)).version).toBe(g.version);
    expect((await db.client.timer.findUniqueOrThrow({ where: { id: deadline.id } })).status).toBe(
      'CANCELLED',
    );
    expect(
      await db.client.command.count({ where: { gameId: g.id, commandId: { startsWith: 'timeout:' } } }),
    ).toBe(0);
  });
});

/** Until another connection of this database waits for a row lock (bounded). */
async function waitForLockWaiter(db: TestPostgres): Promise<void> {
  await waitUntil(async () => {
    const rows = await db.client.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    return rows[0].n > 0;
  });
}

async function waitUntil(probe: () => boolean | Promise<boolean>, budgetMs = 10_000): Promise<void> {
  const timeoutMs = scaled(budgetMs); // a give-up time, stretched on a loaded machine
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
