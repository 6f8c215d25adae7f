/**
 * The command path as a deployment runs it (#17 target 2): the API is its own process
 * (`node dist/src/main.js` on PostgreSQL, default settings except the rate limits), this process
 * drives it over HTTP with the lockstep clients of command-path.ts, and per accepted command we
 * report the CPU of the API process, of the PostgreSQL backends serving the API's database, of
 * all PostgreSQL processes (the server is shared: other databases' work shows there too) and of
 * this driver; the transactions and rows the database counted (pg_stat_database, this database
 * only: pg_stat_statements is not loaded here) and the WAL bytes written (cluster-wide). Every
 * rate is divided by the single-client INSERT rate of the same run, with the same-concurrency
 * INSERT rate beside it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import type { PostgresDatabase } from '../src/database/database';
import { driveGames, rawInsertRate } from './command-path';
import { gqlClient } from './lib/server';
import { summary } from './lib/stats';

export interface DeploymentResult {
  concurrency: number;
  commands: number;
  commandsPerSecond: number;
  p50ms: number;
  p99ms: number;
  singleClientInsertsPerSecond: number;
  singleClientRatio: number;
  sameConcurrencyInsertsPerSecond: number;
  sameConcurrencyRatio: number;
  /** ms of CPU per accepted command */
  apiCpuMs: number;
  postgresBackendsCpuMs: number;
  postgresAllCpuMs: number;
  driverCpuMs: number;
  transactionsPerCommand: number;
  rowsWrittenPerCommand: number;
  rowsReadPerCommand: number;
  walBytesPerCommand: number;
}

const TICK_MS = 10; // /proc times are in clock ticks: 100 per second on Linux (getconf CLK_TCK)

/** utime + stime of a process in ms, or null when it is gone. */
function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** CPU ms of every process named postgres, by pid. */
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(join('/proc', entry, 'comm'), 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = procCpuMs(Number(entry));
    if (ms !== null) out.set(Number(entry), ms);
  }
  return out;
}

/** CPU used since `before` by the processes in `after` (new ones counted whole). */
function cpuSince(before: Map<number, number>, after: Map<number, number>, only?: Set<number>): number {
  let ms = 0;
  for (const [pid, now] of after) if (!only || only.has(pid)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Counters {
  xacts: number;
  written: number;
  read: number;
  wal: string;
  backends: Set<number>;
}

async function counters(admin: pg.Client, database: string): Promise<Counters> {
  // pg_stat_database is cumulative and updated by backends every so often: force a fresh read.
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ xacts: string; written: string; read: string; wal: string }>(
    `SELECT (xact_commit + xact_rollback)::text AS xacts,
            (tup_inserted + tup_updated + tup_deleted)::text AS written,
            (tup_returned + tup_fetched)::text AS read,
            pg_current_wal_lsn()::text AS wal
       FROM pg_stat_database WHERE datname = $1`,
    [database],
  );
  const pids = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    database,
  ]);
  return {
    xacts: Number(rows[0].xacts),
    written: Number(rows[0].written),
    read: Number(rows[0].read),
    wal: rows[0].wal,
    backends: new Set(pids.rows.map((r) => r.pid)),
  };
}

async function startApi(url: string, port: number): Promise<ChildProcess> {
  // BENCH_API_PROFILE=<dir>: the API process writes a V8 CPU profile there on exit (profile-top.ts).
  const profile = process.env.BENCH_API_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, join(__dirname, '..', 'src', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The rate limits are the settings the driver must lift: every client is 127.0.0.1.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      RATE_LIMIT_CREATE_PER_HOUR: '1000000000',
      // The bench's games are seeded (the same games in every run): operator test controls.
      ALLOW_TEST_CONTROLS: 'true',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('API process not ready after 60 s');
}

export async function benchDeployment(
  db: PostgresDatabase,
  databaseName: string,
  adminUrl: string,
  levels: number[],
  seconds: number,
): Promise<DeploymentResult[]> {
  const port = await freePort();
  const api = await startApi(db.config.url, port);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const target = gqlClient(`http://127.0.0.1:${port}`);
    const single = await rawInsertRate(db, 1, Math.max(2, seconds / 2));
    const results: DeploymentResult[] = [];
    for (const concurrency of levels) {
      await driveGames(target, concurrency, performance.now() + 1000, []); // warm-up
      const latencies: number[] = [];
      const before = await counters(admin, databaseName);
      const pgBefore = postgresCpu();
      const apiBefore = procCpuMs(api.pid!)!;
      const driverBefore = process.cpuUsage();
      const start = performance.now();
      await driveGames(target, concurrency, start + seconds * 1000, latencies);
      const elapsed = (performance.now() - start) / 1000;
      const driver = process.cpuUsage(driverBefore);
      const apiMs = procCpuMs(api.pid!)! - apiBefore;
      const pgAfter = postgresCpu();
      const after = await counters(admin, databaseName);
      const walBytes = await admin.query<{ bytes: string }>(
        'SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text AS bytes',
        [after.wal, before.wal],
      );
      const sameConcurrency = await rawInsertRate(db, concurrency, Math.max(2, seconds / 2));
      const n = latencies.length;
      const s = summary(latencies);
      const backends = new Set([...before.backends, ...after.backends]);
      results.push({
        concurrency,
        commands: n,
        commandsPerSecond: n / elapsed,
        p50ms: s.p50,
        p99ms: s.p99,
        singleClientInsertsPerSecond: single,
        singleClientRatio: n / elapsed / single,
        sameConcurrencyInsertsPerSecond: sameConcurrency,
        sameConcurrencyRatio: n / elapsed / sameConcurrency,
        apiCpuMs: apiMs / n,
        postgresBackendsCpuMs: cpuSince(pgBefore, pgAfter, backends) / n,
        postgresAllCpuMs: cpuSince(pgBefore, pgAfter) / n,
        driverCpuMs: (driver.user + driver.system) / 1000 / n,
        // The counters' own two reads are one transaction each on the admin connection, not here.
        transactionsPerCommand: (after.xacts - before.xacts) / n,
        rowsWrittenPerCommand: (after.written - before.written) / n,
        rowsReadPerCommand: (after.read - before.read) / n,
        walBytesPerCommand: Number(walBytes.rows[0].bytes) / n,
      });
    }
    return results;
  } finally {
    await admin.end().catch(() => undefined);
    api.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        api.kill('SIGKILL');
        resolve(undefined);
      }, 10_000);
      api.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }
}
