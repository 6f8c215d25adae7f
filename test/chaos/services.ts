/**
 * The machine's PostgreSQL and Redis for chaos runs: restart each, wait until it answers, and make
 * sure both are running when the run ends (whatever happened).
 */
import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';
import { adminUrl } from '../../bench/lib/database';

const REDIS_START =
  'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no ' +
  '--dir /var/lib/redis --logfile /var/log/redis/ci.log';

function run(command: string): string {
  return execSync(command, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
}

function postgresVersion(): string {
  const versions = readdirSync('/etc/postgresql');
  if (versions.length !== 1)
    throw new Error(`expected one PostgreSQL version in /etc/postgresql, found ${versions.join(', ')}`);
  return versions[0];
}

export async function postgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisUp(url = 'redis://127.0.0.1:6379'): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function restartPostgres(): Promise<void> {
  run(`pg_ctlcluster --skip-systemctl-redirect ${postgresVersion()} main restart`);
  await waitFor('PostgreSQL', postgresUp);
}

export async function restartRedis(downMs: number): Promise<void> {
  try {
    run('redis-cli shutdown nosave');
  } catch {
    // already down, or shutdown closed the connection before answering
  }
  await new Promise((resolve) => setTimeout(resolve, downMs));
  run(REDIS_START);
  await waitFor('Redis', redisUp);
}

/** Start whichever of PostgreSQL and Redis is down (called at exit, also after failures). */
export async function ensureServicesUp(): Promise<string[]> {
  const actions: string[] = [];
  if (!(await postgresUp())) {
    try {
      run(`pg_ctlcluster --skip-systemctl-redirect ${postgresVersion()} main start`);
    } catch (error) {
      actions.push(`pg start failed: ${(error as Error).message}`);
    }
    await waitFor('PostgreSQL', postgresUp).catch((e: Error) => actions.push(e.message));
    actions.push('started PostgreSQL');
  }
  if (!(await redisUp())) {
    try {
      run(REDIS_START);
    } catch (error) {
      actions.push(`redis start failed: ${(error as Error).message}`);
    }
    await waitFor('Redis', redisUp).catch((e: Error) => actions.push(e.message));
    actions.push('started Redis');
  }
  return actions;
}
