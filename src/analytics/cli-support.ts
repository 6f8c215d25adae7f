/** Small helpers shared by the analytics CLIs (argument parsing, database, progress bar). */
import { SingleBar, Presets } from 'cli-progress';
import { createDatabase, type Database } from '../database/database';
import { databaseConfigFromEnv, describeDatabaseConfig } from '../database/database.config';

export type Args = { _: string[] } & Record<string, string | boolean | string[]>;

/** `--key value`, `--key=value`, `--flag`, positionals in `_`. */
export function parseArgs(argv: string[]): Args {
  const args: Args = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      args._.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      args[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      args[arg.slice(2)] = argv[++i];
    } else {
      args[arg.slice(2)] = true;
    }
  }
  return args;
}

export function stringArg(args: Args, name: string, fallback?: string): string | undefined {
  const v = args[name];
  return typeof v === 'string' ? v : fallback;
}

export function intArg(args: Args, name: string, fallback: number, min = 1, max = 10_000_000): number {
  const v = args[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be an integer ${min}-${max}`);
  return n;
}

export interface CliIo {
  /** An open database (tests); default: from the environment, migrated, closed at the end. */
  database?: Database;
  log?: (line: string) => void;
  /** Show a progress bar (default: when stderr is a TTY or CI is unset). */
  progress?: boolean;
  /** Migrate a database opened from the environment (default true; false: a read-only command). */
  migrate?: boolean;
}

export async function withDatabase<T>(io: CliIo, fn: (db: Database) => Promise<T>): Promise<T> {
  if (io.database) return fn(io.database);
  const config = databaseConfigFromEnv();
  (io.log ?? console.error)(`database: ${describeDatabaseConfig(config)}`);
  const db = await createDatabase(config, { migrate: io.migrate !== false });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export interface Progress {
  start(total: number): void;
  update(value: number): void;
  stop(): void;
}

export function progressBar(io: CliIo, label: string): Progress {
  if (io.progress === false)
    return { start: () => undefined, update: () => undefined, stop: () => undefined };
  const bar = new SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
      stream: process.stderr,
    },
    Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0),
    update: (value) => bar.update(value),
    stop: () => bar.stop(),
  };
}

/** Runs a CLI's main function, turning errors into a message and exit code 1. */
export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`[${name}] failed:`, error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
