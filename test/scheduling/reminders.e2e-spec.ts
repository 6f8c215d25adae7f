/**
 * DEADLINE_SOON reminders: sent once per deadline if still useful, never after the deadline
 * (issue #16, item 3). Jobs are run by the test (a recording scheduler) and "the job ran late" is
 * injected by moving the stored due times, so nothing here depends on the machine's speed.
 */
import type { Database } from '../../src/database/database';
import { EXPIRED_REMINDER } from '../../src/scheduling/reminders';
import { createTestPglite, createTestPostgres } from '../support/database';
import { correspondenceStack } from './stack';

const backends: [string, () => Promise<Database>][] = [
  ['PostgreSQL', createTestPostgres],
  ['PGlite', createTestPglite],
];

describe.each(backends)('DEADLINE_SOON reminders on %s', (_name, open) => {
  let db: Database;
  let s: ReturnType<typeof correspondenceStack>;

  beforeAll(async () => {
    db = await open();
    s = correspondenceStack(db);
  });
  afterAll(async () => db?.close());

  /** Two people, turns of three STEPs, 1 h per move, a reminder 30 min before, a webhook. */
  async function remindedGame() {
    const { game } = await s.play.createGame({
      type: 'multi-step',
      options: { steps: 3, turns: 2 },
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: false,
      timer: { mode: 'PER_MOVE', perMoveSeconds: 3600, reminderSeconds: [1800], policy: 'DEFAULT' },
    });
    await s.webhooks.register({
      gameId: game.id,
      url: 'http://127.0.0.1:9/hook',
      secret: 'secret-123',
      events: ['DEADLINE_SOON', 'YOUR_TURN'],
      seatCount: 2,
      registeredBy: 0,
    });
    const started = await s.play.startGame(game.id);
    return { id: started.id, version: started.version };
  }
  const timer = (gameId: string, version: number, kind: string) =>
    db.client.timer.findUnique({ where: { id: `${gameId}.${version}.0.${kind}` } });
  const reminders = (gameId: string) =>
    db.client.webhookDelivery.findMany({ where: { gameId, event: 'DEADLINE_SOON' } });
  const step = (gameId: string) =>
    s.play.submitCommand({ gameId, seat: 0, actor: 'HUMAN' }, { type: 'STEP' });
  /** As if `ms` had passed since the timers of `version` were planned (their jobs not run yet). */
  async function advance(gameId: string, version: number, ms: number) {
    const rows = await db.client.timer.findMany({ where: { gameId, version } });
    for (const t of rows)
      await db.client.timer.update({
        where: { id: t.id },
        data: { dueAt: new Date(t.dueAt.getTime() - ms) },
      });
    await db.client.gameSeat.updateMany({
      where: { gameId, turnStartedAt: { not: null } },
      data: { turnStartedAt: new Date(Date.now() - ms) },
    });
  }

  it('a reminder due but not yet sent when the seat acts is still sent once, at once', async () => {
    const g = await remindedGame();
    await advance(g.id, g.version, 1801 * 1000); // the reminder is due; its job has not run yet
    const deadline = (await timer(g.id, g.version, 'TURN_TIMEOUT'))!;
    const first = (await timer(g.id, g.version, 'REMINDER_1800'))!;
    await step(g.id); // the seat acts in the middle of its move: same deadline

    const carried = await timer(g.id, g.version + 1, 'REMINDER_1800');
    expect(carried).toMatchObject({ status: 'PENDING' });
    expect(carried!.dueAt.getTime()).toBeLessThanOrEqual(Date.now());
    await s.runTimer(first.id); // the late job of the old copy: stale, sends nothing
    expect(await reminders(g.id)).toHaveLength(0);
    await s.runTimer(carried!.id);
    const sent = await reminders(g.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({
      seat: 0,
      deadline: deadline.dueAt.toISOString(),
      secondsLeft: 1800,
    });

    // Once sent, a later command of the same move does not owe it again.
    await step(g.id);
    expect(await timer(g.id, g.version + 2, 'REMINDER_1800')).toBeNull();
    expect(await reminders(g.id)).toHaveLength(1);
  });

  it('a reminder whose deadline already passed is not sent', async () => {
    const g = await remindedGame();
    await advance(g.id, g.version, 3601 * 1000); // the worker was down past the deadline itself
    const reminder = (await timer(g.id, g.version, 'REMINDER_1800'))!;
    await s.runTimer(reminder.id);
    expect(await reminders(g.id)).toHaveLength(0);
    expect((await timer(g.id, g.version, 'REMINDER_1800'))!.status).toBe('STALE');
  });

  it('a reminder delivery that could only arrive after its deadline is dropped, not sent', async () => {
    const g = await remindedGame();
    await advance(g.id, g.version, 1801 * 1000);
    const reminder = (await timer(g.id, g.version, 'REMINDER_1800'))!;
    await s.runTimer(reminder.id);
    const [delivery] = await reminders(g.id);
    // The delivery waited (receiver down, worker outage) until the deadline passed.
    const payload = { ...(delivery.payload as object), deadline: new Date(Date.now() - 1).toISOString() };
    await db.client.webhookDelivery.update({ where: { id: delivery.id }, data: { payload } });
    await s.runWebhook(delivery.id); // no POST: port 9 would refuse it and the job would throw
    expect(await db.client.webhookDelivery.findUnique({ where: { id: delivery.id } })).toMatchObject({
      status: 'FAILED',
      attempts: 0,
      lastError: EXPIRED_REMINDER,
    });
  });

  it('resume puts a prompted seat back on the clock with its reminders', async () => {
    const g = await remindedGame();
    await s.scheduling.addBot(g.id, 0, 0, 'RANDOM');
    await s.scheduling.resume(g.id, 0);
    const deadline = (await timer(g.id, g.version, 'TURN_TIMEOUT'))!;
    const reminder = (await timer(g.id, g.version, 'REMINDER_1800'))!;
    expect([deadline.status, reminder.status]).toEqual(['PENDING', 'PENDING']);
    expect(deadline.dueAt.getTime() - reminder.dueAt.getTime()).toBe(1800 * 1000);
  });
});
