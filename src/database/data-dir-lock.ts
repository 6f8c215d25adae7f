// One process per embedded PGlite data directory. PGlite is a single-writer database inside the
// process that opened it: a second process on the same DATA_DIR does not fail, it silently loses
// writes (each process keeps its own buffers and overwrites the other's files). So a process that
// opens a data directory takes `<dataDir>/saloon.lock` for its whole life, created exclusively
// (O_EXCL) with the holder's pid, host and start time, and refreshed (mtime) while it runs.
//
// A lock is stale, and taken over, when its holder is gone:
//   - same host: the holder's pid is not alive (or is our own pid: a restarted container's pid 1);
//   - another host (a container sharing a volume): the file was not refreshed for staleAfterMs.
// Otherwise opening is refused at once with DataDirLockedError, which says who holds it.
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';

export const LOCK_FILE_NAME = 'saloon.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  command: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname} (${holder.command}, since ${holder.startedAt})`
      : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. The embedded PGlite database allows one process ` +
        `per data directory; a second one would lose data. Stop that process first (this includes ` +
        `npm run simulate, export, projections:rebuild and db:migrate), give this one its own DATA_DIR, ` +
        `or use PostgreSQL (DATABASE_URL) to run several processes on one database. ` +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file (if it is still ours). Idempotent. */
  release(): void;
}

export interface LockOptions {
  /** A lock from another host not refreshed for this long is stale (default 60 s). */
  staleAfterMs?: number;
  /** How often the holder refreshes the file's mtime (default 10 s). */
  refreshMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** Locks held by this process, by lock file path; `reserved`: taken by reserveDataDir, not yet used. */
const held = new Map<string, { lock: DataDirLock; reserved: boolean }>();

/**
 * Takes the lock of `dataDir` (which must exist) or throws DataDirLockedError. A lock this process
 * reserved with reserveDataDir is handed over (once); any other second open in-process is refused.
 */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  const file = join(dataDir, LOCK_FILE_NAME);
  const mine = held.get(file);
  if (mine?.reserved) {
    mine.reserved = false;
    return mine.lock;
  }
  if (mine) throw new DataDirLockedError(dataDir, file, ownHolder());
  return acquire(dataDir, file, options);
}

/**
 * For entry points: takes the lock up front, so that a second process is refused with a plain
 * message before anything starts; the next lockDataDir (openDatabase) in this process adopts it.
 */
export function reserveDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir, options);
  held.get(lock.file)!.reserved = true;
  return lock;
}

function acquire(dataDir: string, file: string, options: LockOptions): DataDirLock {
  const me = ownHolder();
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, me)) return hold(file, me, options.refreshMs ?? 10_000);
    const holder = readHolder(file);
    if (!isStale(file, holder, options)) throw new DataDirLockedError(dataDir, file, holder);
    removeIfUnchanged(file, holder);
  }
  throw new DataDirLockedError(dataDir, file, readHolder(file));
}

function ownHolder(): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    command: [basename(process.argv0), ...process.argv.slice(1).map((a) => basename(a))].join(' '),
  };
}

function tryCreate(file: string, me: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(me)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      startedAt: String(parsed.startedAt ?? '?'),
      command: String(parsed.command ?? '?'),
    };
  } catch {
    return null; // vanished or half-written: judged by its age below
  }
}

function isStale(file: string, holder: LockHolder | null, options: LockOptions): boolean {
  if (holder && holder.hostname === hostname()) {
    return holder.pid === process.pid || !isAlive(holder.pid);
  }
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return true; // removed meanwhile: try again
  }
  return (options.now ?? Date.now)() - mtimeMs > (options.staleAfterMs ?? 60_000);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

function removeIfUnchanged(file: string, holder: LockHolder | null): void {
  const now = readHolder(file);
  if (JSON.stringify(now) !== JSON.stringify(holder)) return; // someone else took it meanwhile
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function hold(file: string, me: LockHolder, refreshMs: number): DataDirLock {
  const refresh = setInterval(() => {
    const t = new Date();
    try {
      utimesSync(file, t, t);
    } catch {
      // removed by hand: nothing to refresh
    }
  }, refreshMs);
  refresh.unref();
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    process.off('exit', release);
    held.delete(file);
    const current = readHolder(file);
    if (current && current.pid === me.pid && current.startedAt === me.startedAt) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  // process.exit() skips close(): release on exit too (a SIGKILL leaves a stale lock, see above).
  process.on('exit', release);
  const lock = { file, release };
  held.set(file, { lock, reserved: false });
  return lock;
}
