/**
 * One API process plus its job consumer, on either adapter:
 *   bullmq:   API process (enqueues only, INLINE_BOTS=false) + a worker in a child process
 *             (test/scheduling/worker-child.cjs) consuming BullMQ; stopConsumer() SIGKILLs it
 *             (a crash: no graceful shutdown), startConsumer() spawns a new one.
 *   embedded: one API process running the embedded scheduler; stopConsumer() closes the whole
 *             process, startConsumer() starts a new one on the same database (it re-arms the
 *             PENDING timers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { Database } from '../../src/database/database';
import type { AnyGameEngine } from '../../src/games/engine';
import type { Clock } from '../../src/play/clock';
import { SchedulingService } from '../../src/scheduling/scheduling.service';
import type { SchedulingModuleOptions } from '../../src/scheduling/scheduling.module';
import type { QueueName } from '../../src/scheduling/job-scheduler';
import { createApp } from '../../src/bootstrap';
import { startWorker } from '../../src/worker';
import type { INestApplication } from '@nestjs/common';
import { testRedisUrl } from '../support/redis';
import { scaled } from '../support/time-scale.cjs';

export type AdapterKind = 'bullmq' | 'embedded';

/** These suites create games far faster than people do; rate limits have their own tests. */
const UNTHROTTLED = { rateLimitPerMinute: 1_000_000, createGamesPerHour: 1_000_000 };

export interface GqlResult<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface Harness {
  kind: AdapterKind;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResult<T>>;
  rest(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }>;
  /** The API process's SchedulingService (its jobs reach the consumer through the queue). */
  consumer(): SchedulingService;
  /** Stop consuming (jobs not yet due stay in Redis / in the timers table). */
  stopConsumer(): Promise<void>;
  startConsumer(): Promise<void>;
  /** A second consumer in this process (bullmq: a worker context; embedded: another API process). */
  startExtraConsumer(): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

/** A worker in a child process; resolves once it consumes the queues. */
function spawnWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(__dirname, 'worker-child.cjs')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve(child);
    });
    child.on('exit', (code, signal) => reject(new Error(`worker exited early (${code ?? signal})`)));
  });
}

async function kill(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function startHarness(
  kind: AdapterKind,
  database: Database & { url?: string },
  engines: AnyGameEngine[],
  scheduling: SchedulingModuleOptions = {},
  /** The API process's clock for moves and seat clocks (default: the system clock). */
  clock?: Clock,
): Promise<Harness> {
  const redisUrl = kind === 'bullmq' ? testRedisUrl() : null;
  const queuePrefix = `saloon-test-${randomBytes(4).toString('hex')}`;
  const opts = { ...scheduling, queuePrefix };
  let api: INestApplication | null = null;
  let url = '';
  let worker: ChildProcess | null = null;

  async function startApi(): Promise<void> {
    api = await createApp({
      database: { database, migrate: false },
      engines,
      inlineBots: kind === 'embedded',
      redisUrl,
      scheduling: opts,
      // The clock suites fix Bang! characters and seeds (operator test controls).
      allowTestControls: true,
      http: UNTHROTTLED,
      ...(clock && { clock }),
    });
    await api.listen(0, '127.0.0.1');
    url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  }
  async function startConsumer(): Promise<void> {
    if (kind === 'embedded') return startApi();
    if (!database.url) throw new Error('the bullmq harness needs a PostgreSQL database with a url');
    worker = await spawnWorker({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      QUEUE_PREFIX: queuePrefix,
      ...(scheduling.backoffMs !== undefined && { BACKOFF_MS: String(scheduling.backoffMs) }),
      ...(scheduling.webhooks?.backoffMs !== undefined && {
        WEBHOOK_BACKOFF_MS: String(scheduling.webhooks.backoffMs),
      }),
      ...(scheduling.webhooks?.attempts !== undefined && {
        WEBHOOK_ATTEMPTS: String(scheduling.webhooks.attempts),
      }),
      ...(scheduling.webhooks?.allowPrivateTargets && { WEBHOOK_ALLOW_PRIVATE: 'true' }),
    });
  }
  async function stopConsumer(): Promise<void> {
    if (kind === 'embedded') {
      await api?.close();
      api = null;
      return;
    }
    await kill(worker);
    worker = null;
  }

  if (kind === 'bullmq') await Promise.all([startApi(), startConsumer()]);
  else await startConsumer();

  return {
    kind,
    async gql(query, variables, token) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GqlResult<never>;
    },
    async rest(method, path, body, headers = {}) {
      const response = await fetch(`${url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    consumer() {
      if (!api) throw new Error('no API process running');
      return api.get(SchedulingService);
    },
    stopConsumer,
    startConsumer,
    async startExtraConsumer() {
      if (kind === 'bullmq') {
        return startWorker({
          redisUrl: redisUrl!,
          database: { database, migrate: false },
          engines,
          scheduling: opts,
        });
      }
      const extra = await createApp({
        database: { database, migrate: false },
        engines,
        inlineBots: true,
        scheduling: opts,
        allowTestControls: true,
        http: UNTHROTTLED,
      });
      await extra.init();
      return extra;
    },
    async close() {
      await kill(worker);
      await api?.close();
      if (redisUrl) {
        // Drop this run's queue keys.
        const redis = new Redis(redisUrl);
        const keys = await redis.keys(`${queuePrefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    },
  };
}

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  what: string,
  intervalMs = 40,
): Promise<T> {
  const budget = scaled(timeoutMs); // a give-up time, stretched on a loaded machine
  const until = Date.now() + budget;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${budget} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Resolves once `queues` hold no job that is waiting or running (jobs not yet due may stay
 * delayed): after scheduling a job that is due now, the event that it has run.
 */
export async function queuesIdle(h: Harness, queues: QueueName[]): Promise<void> {
  await waitFor(
    async () => {
      const counts = await h.consumer().scheduler.counts();
      return queues.every((q) => counts[q].waiting + counts[q].active === 0);
    },
    5000,
    `no job waiting or running in ${queues.join(', ')}`,
    20,
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
