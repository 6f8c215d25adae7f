/**
 * No crash leaves a game with a bot to move and no pending bot turn (issue #16, the chaos
 * finding: two all-bot games stuck after their worker was SIGKILLed right after a commit). The
 * interleavings are injected, on BullMQ (PostgreSQL + Redis) and on the embedded scheduler:
 *   - the committing process dies after its commit, before its enqueue (its enqueues are dropped);
 *   - a job of the same id has already finished in Redis (completed without moving the game, or
 *     failed after its attempts): BullMQ's `add` kept it and silently queued nothing, so neither
 *     the start-up recovery nor the periodic sweep could ever queue that turn again;
 *   - a bot turn fails all its attempts (or, played in-process, its one try), then its cause goes
 *     away;
 *   - a worker is SIGKILLed in the middle of a bot job (a real child process).
 * The commit side and the consumer are separate stacks on one database, as two processes are.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Database } from '../../src/database/database';
import { EventStore } from '../../src/event-store/event-store';
import { type GameBot, randomBot, type GameDefinition } from '../../src/games/bots';
import { GameRegistry } from '../../src/games/registry';
import { PlayService } from '../../src/play/play.service';
import { BullMqScheduler } from '../../src/scheduling/bullmq-scheduler';
import { EmbeddedScheduler } from '../../src/scheduling/embedded-scheduler';
import { InlineBotRunner } from '../../src/scheduling/inline-bot-runner';
import { jobId, type JobScheduler } from '../../src/scheduling/job-scheduler';
import { schedulingSettings } from '../../src/scheduling/scheduling.module';
import { SchedulingService } from '../../src/scheduling/scheduling.service';
import { WebhookService } from '../../src/webhooks/webhook.service';
import { createTestPglite, createTestPostgres } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { assertRedisUp, testRedisUrl } from '../support/redis';
import { type AdapterKind, waitFor } from './harness';
import { RecordingScheduler } from './stack';

/** The race game's RANDOM bot, made to throw while `failing` is set (a bot turn that errors). */
const gate = { failing: false, calls: 0 };
const gatedBot: GameBot = {
  level: 'RANDOM',
  choose(input) {
    gate.calls++;
    if (gate.failing) throw new Error('injected bot failure');
    return randomBot.choose(input);
  },
};
const race: GameDefinition = { engine: raceEngine, bots: { RANDOM: gatedBot } };

function stackOn(db: Database, scheduler: JobScheduler, consume: boolean, queueBots = true) {
  const play = new PlayService(db.client, new EventStore(db.client), new GameRegistry([race]));
  const scheduling = new SchedulingService(db.client, play, scheduler, new WebhookService(db.client), {
    consume,
    queueBots,
    sweepIntervalMs: 100,
    sweepGraceMs: 0,
    attempts: 2,
    backoffMs: 20,
  });
  scheduling.attach();
  return { play, scheduling };
}

describe.each<AdapterKind>(['bullmq', 'embedded'])('lost bot turns on the %s scheduler', (kind) => {
  let db: Database & { url?: string };
  let prefix: string;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    if (kind === 'bullmq') await assertRedisUp();
    db = kind === 'bullmq' ? await createTestPostgres({ poolSize: 8 }) : await createTestPglite();
  });
  afterAll(async () => db?.close());
  beforeEach(() => {
    prefix = `saloon-lost-${randomBytes(4).toString('hex')}`;
    gate.failing = false;
    gate.calls = 0;
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
    if (kind === 'bullmq') {
      const redis = new Redis(testRedisUrl());
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  const scheduler = (lockDurationMs?: number): JobScheduler =>
    kind === 'bullmq'
      ? new BullMqScheduler({ url: testRedisUrl(), prefix, ...(lockDurationMs && { lockDurationMs }) })
      : new EmbeddedScheduler();

  /** A process that consumes the queues (recover at start, then the sweep). */
  async function startConsumer(lockDurationMs?: number) {
    const consumer = stackOn(db, scheduler(lockDurationMs), true);
    await consumer.scheduling.start();
    closers.push(() => consumer.scheduling.stop());
    return consumer;
  }

  /**
   * An all-bot game committed by a process that dies right after each commit, before its enqueue:
   * its enqueues never reach a queue. Seat 0's bot is to move and nothing is pending.
   */
  async function committedThenCrashed() {
    const dying = stackOn(db, new RecordingScheduler(), false);
    const { game } = await dying.play.createGame({
      type: 'race-to-ten',
      options: {},
      seats: [{ kind: 'BOT' }, { kind: 'BOT' }],
      start: true,
    });
    expect(game.status).toBe('ACTIVE');
    expect(game.activeSeats).toEqual([0]);
    return { play: dying.play, id: game.id, version: game.version };
  }

  const finished = (play: PlayService, id: string) =>
    waitFor(
      async () => {
        const game = await play.getGame(id);
        return game.status === 'FINISHED' && game;
      },
      15_000,
      `game ${id} to finish`,
    );

  it('the default settings sweep on both adapters (the embedded one had no sweep)', () => {
    const settings = schedulingSettings(kind === 'bullmq' ? { redisUrl: testRedisUrl() } : {});
    expect(settings.sweepIntervalMs).toBeGreaterThan(0);
    expect(settings.sweepGraceMs).toBeLessThan(settings.sweepIntervalMs);
  });

  it('a commit whose process died before its enqueue: a consumer started later plays the turn', async () => {
    const g = await committedThenCrashed();
    const consumer = await startConsumer();
    const game = await finished(consumer.play, g.id);
    expect(game.version).toBeGreaterThan(g.version);
  });

  it('a commit whose process died before its enqueue: the sweep of a running consumer plays the turn', async () => {
    const consumer = await startConsumer();
    const g = await committedThenCrashed(); // after the consumer's start-up recovery
    await finished(consumer.play, g.id);
  });

  it('a bot turn that failed all its attempts is queued again by the sweep once its cause is gone', async () => {
    gate.failing = true;
    const g = await committedThenCrashed();
    const consumer = await startConsumer();
    // Both attempts ran the bot and failed: the job is (or is about to be) failed.
    await waitFor(async () => gate.calls >= 2, 15_000, 'the bot turn to use its attempts');
    gate.failing = false; // e.g. the database is back
    await finished(consumer.play, g.id);
  });

  if (kind === 'embedded') {
    it('an in-process bot turn (INLINE_BOTS) that failed is played by the sweep once its cause is gone', async () => {
      const consumer = stackOn(db, scheduler(), true, false);
      jest.spyOn(console, 'error').mockImplementation(() => undefined); // the injected failure's log
      const inline = new InlineBotRunner(consumer.play);
      consumer.play.addListener(inline);
      await consumer.scheduling.start();
      closers.push(() => consumer.scheduling.stop());
      closers.push(() => inline.stop());
      gate.failing = true;
      const { game } = await consumer.play.createGame({
        type: 'race-to-ten',
        options: {},
        seats: [{ kind: 'BOT' }, { kind: 'BOT' }],
        start: true,
      });
      await waitFor(async () => gate.calls >= 1, 15_000, 'the inline bot turn to fail');
      gate.failing = false;
      await finished(consumer.play, game.id);
    });
    return;
  }

  /** Leave a finished job with the bot turn's id in Redis, as a run that did not move the game. */
  async function finishedJobInRedis(id: string, data: Record<string, unknown>, outcome: 'complete' | 'fail') {
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const workerConnection = connection.duplicate();
    const queue = new Queue('bot-turns', { connection, prefix });
    const worker = new Worker(
      'bot-turns',
      async () => {
        if (outcome === 'fail') throw new Error('died before moving');
      },
      { connection: workerConnection, prefix },
    );
    const done = new Promise((resolve) => worker.once(outcome === 'fail' ? 'failed' : 'completed', resolve));
    await queue.add('bot', data, { jobId: id, attempts: 1, removeOnComplete: false, removeOnFail: false });
    await done;
    await worker.close();
    expect(await queue.getJobState(id)).toBe(outcome === 'fail' ? 'failed' : 'completed');
    await queue.close();
    await Promise.all([connection.quit(), workerConnection.quit()]);
  }

  it.each<'complete' | 'fail'>(['complete', 'fail'])(
    'a job of the same id that finished (%s) without a move does not block the turn',
    async (outcome) => {
      const g = await committedThenCrashed();
      const id = jobId('bot', g.id, g.version, 0);
      await finishedJobInRedis(id, { gameId: g.id, version: g.version, seat: 0 }, outcome);
      const consumer = await startConsumer();
      await finished(consumer.play, g.id);
    },
  );

  /** A worker process (test/scheduling/worker-child.cjs) whose bot turns never end. */
  function hangingWorker(lockMs: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [join(__dirname, 'worker-child.cjs')], {
      env: {
        ...process.env,
        DATABASE_URL: (db as { url: string }).url,
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: prefix,
        JOB_LOCK_MS: String(lockMs),
        HANG_BOT_TURNS: 'true',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    closers.push(async () => child.kill('SIGKILL'));
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('bot turn running')) resolve(child);
      });
      child.on('exit', (code, signal) => reject(new Error(`worker exited early (${code ?? signal})`)));
    });
  }

  it('a worker SIGKILLed in the middle of a bot job: another consumer runs the job again', async () => {
    const g = await committedThenCrashed();
    // The worker's start-up recovery queues the turn and takes it; it is killed while running it.
    const doomed = await hangingWorker(1500);
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    doomed.kill('SIGKILL');
    await exited;
    const connection = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue('bot-turns', { connection, prefix });
    closers.push(() => connection.quit());
    closers.push(() => queue.close());
    const id = jobId('bot', g.id, g.version, 0);
    expect(await queue.getJobState(id)).toBe('active'); // held by the dead worker
    // The dead worker's lock lasts what it was configured with (BullMQ's default was 30 s).
    const lockTtl = await connection.pttl(`${prefix}:bot-turns:${id}:lock`);
    expect(lockTtl).toBeGreaterThan(-2); // -2: no lock (already expired on a very slow machine)
    expect(lockTtl).toBeLessThanOrEqual(1500);
    const consumer = await startConsumer(1500);
    // Its lock runs out and the stalled check puts it back to waiting (with BullMQ's defaults, a
    // 30 s lock and a check every 30 s, this took 30-60 s: longer than `finished` waits).
    await finished(consumer.play, g.id);
  });
});
