/**
 * One process per embedded PGlite data directory (issue #11.1): a second process on the same
 * DATA_DIR used to run beside the first and lose its writes silently. Here two real server
 * processes (and the simulate CLI) are started on one directory: the second is refused at once with
 * a message naming the holder, and the first one's game survives a restart.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DataDirLockedError,
  LOCK_FILE_NAME,
  lockDataDir,
  reserveDataDir,
} from '../../src/database/data-dir-lock';
import { openDatabase } from '../../src/database/database';
import { scaled } from '../support/time-scale.cjs';

const ROOT = join(__dirname, '../..');
const REGISTER = join(ROOT, 'test/support/register-ts.cjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'saloon-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeLock(holder: { pid: number; hostname: string }): string {
  const file = join(dir, LOCK_FILE_NAME);
  writeFileSync(file, JSON.stringify({ ...holder, startedAt: 'then', command: 'node main.js' }));
  return file;
}

describe('lockDataDir', () => {
  it('refuses a second lock in the same process until the first is released', () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('hands a reserved lock to the next open once, and refuses the one after', async () => {
    const reserved = reserveDataDir(dir);
    const db = openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(() => openDatabase({ kind: 'pglite', dataDir: dir })).toThrow(/in use by process/);
    } finally {
      await db.close();
    }
    expect(existsSync(reserved.file)).toBe(false);
  });

  it('refuses while the holder on this host is alive, naming it', () => {
    writeLock({ pid: process.ppid, hostname: hostname() });
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).code).toBe('DATA_DIR_LOCKED');
    expect((error as DataDirLockedError).holder?.pid).toBe(process.ppid);
    expect((error as Error).message).toContain(`process ${process.ppid} on ${hostname()}`);
  });

  it('takes over the lock of a dead process on this host', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const file = writeLock({ pid: dead, hostname: hostname() });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it("judges another host's lock by its age: fresh is refused, unrefreshed is stale", () => {
    const file = writeLock({ pid: 1, hostname: 'another-container' });
    expect(() => lockDataDir(dir)).toThrow(/process 1 on another-container/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(file, old, old);
    lockDataDir(dir).release();
  });
});

interface Server {
  child: ChildProcess;
  url: string;
  stop(): Promise<number | string | null>;
}

function run(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-r', REGISTER, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): { out: () => string } {
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { out: () => out };
}

/** The exit code, or the signal's name (Nest re-raises SIGTERM after a graceful shutdown). */
function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

/** Starts the server (src/main.ts); resolves once it prints its URL. */
function startServer(dataDir: string): Promise<Server> {
  const child = run(['src/main.ts'], { DATA_DIR: dataDir });
  const output = collect(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /saloon listening: GraphQL (http:\/\/\S+)\/graphql/.exec(output.out());
      if (match) {
        resolve({
          child,
          url: match[1],
          stop: () => {
            const done = exited(child);
            child.kill('SIGTERM');
            return done;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output.out()}`)));
  });
}

async function gql<T>(server: Server, query: string): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

// Four real processes compiling the sources on the fly: minutes on a busy machine, so a budget of
// its own (it waits on the processes' output and exits, never on time).
describe('two processes on one DATA_DIR', () => {
  it(
    'refuses the second server and the simulate CLI at once, and loses nothing',
    async () => {
      const dataDir = join(dir, 'pglite');
      const first = await startServer(dataDir);
      let running: Server | undefined = first;
      try {
        const created = await gql<{ createGame: { game: { id: string } } }>(
          first,
          `mutation { createGame(input: { type: "bang-dice", seats: [{ kind: HUMAN, name: "Ann" },
          { kind: HUMAN, name: "Bob" }, { kind: HUMAN, name: "Cid" }] }) { game { id } } }`,
        );
        const id = created.createGame.game.id;

        for (const args of [
          ['src/main.ts'],
          ['src/cli/simulate.ts', '--game', 'bang-dice', '--games', '1'],
        ]) {
          const second = run(args, { DATA_DIR: dataDir });
          const output = collect(second);
          expect(await exited(second)).toBe(1);
          expect(output.out()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
          expect(output.out()).not.toContain('listening');
          expect(output.out()).not.toContain('played');
        }

        const seen = await gql<{ game: { id: string } | null }>(first, `{ game(id: "${id}") { id } }`);
        expect(seen.game?.id).toBe(id);
        expect(await first.stop()).toBe('SIGTERM'); // graceful: the database closed, the lock released
        running = undefined;
        expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

        running = await startServer(dataDir);
        const after = await gql<{ game: { id: string } | null }>(running, `{ game(id: "${id}") { id } }`);
        expect(after.game?.id).toBe(id);
      } finally {
        await running?.stop();
      }
    },
    scaled(600_000),
  );
});
