/**
 * One API process plus its job consumer, on either adapter:
 *   bullmq:   API process (enqueues only, INLINE_BOTS=false) + a worker context consuming BullMQ;
 *             restartConsumer() closes the worker and starts a new one.
 *   embedded: one API process running the embedded scheduler; restartConsumer() closes the whole
 *             process and starts a new one on the same database (it re-arms PENDING timers).
 */
import { randomBytes } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Database } from '../../src/database/database';
import type { AnyGameEngine } from '../../src/games/engine';
import { SchedulingService } from '../../src/scheduling/scheduling.service';
import type { SchedulingModuleOptions } from '../../src/scheduling/scheduling.module';
import { startWorker } from '../../src/worker';
import { createApp } from '../../src/bootstrap';
import type { INestApplication } from '@nestjs/common';
import { testRedisUrl } from '../support/redis';

export type AdapterKind = 'bullmq' | 'embedded';

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
  /** The SchedulingService of the process that consumes jobs. */
  consumer(): SchedulingService;
  /** Stop consuming (jobs not yet due stay in Redis / in the timers table). */
  stopConsumer(): Promise<void>;
  startConsumer(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  kind: AdapterKind,
  database: Database,
  engines: AnyGameEngine[],
  scheduling: SchedulingModuleOptions = {},
): Promise<Harness> {
  const redisUrl = kind === 'bullmq' ? testRedisUrl() : null;
  const queuePrefix = `saloon-test-${randomBytes(4).toString('hex')}`;
  const opts = { ...scheduling, queuePrefix };
  let api: INestApplication | null = null;
  let url = '';
  let worker: INestApplicationContext | null = null;

  async function startApi(): Promise<void> {
    api = await createApp({
      database: { database, migrate: false },
      engines,
      inlineBots: kind === 'embedded',
      redisUrl,
      scheduling: opts,
    });
    await api.listen(0, '127.0.0.1');
    url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  }
  async function startConsumer(): Promise<void> {
    if (kind === 'embedded') return startApi();
    worker = await startWorker({
      redisUrl: redisUrl!,
      database: { database, migrate: false },
      engines,
      scheduling: opts,
    });
  }
  async function stopConsumer(): Promise<void> {
    if (kind === 'embedded') {
      await api?.close();
      api = null;
      return;
    }
    await worker?.close();
    worker = null;
  }

  if (kind === 'bullmq') await startApi();
  await startConsumer();

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
      const ctx = kind === 'embedded' ? api : worker;
      if (!ctx) throw new Error('no consumer running');
      return ctx.get(SchedulingService);
    },
    stopConsumer,
    startConsumer,
    async close() {
      await worker?.close();
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
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
