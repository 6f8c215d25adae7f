// Which database saloon talks to, decided from the environment:
//   DATABASE_URL set           -> PostgreSQL through a `pg` pool (production, several processes)
//   else DATA_DIR=memory       -> in-memory PGlite (tests, throwaway runs)
//   else                       -> PGlite persisted in DATA_DIR (default ./.data/pglite)
import { resolve } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

export type DatabaseKind = 'postgres' | 'pglite';

export interface PostgresConfig {
  kind: 'postgres';
  url: string;
  /** Pool size (max connections); default 10, env DATABASE_POOL_SIZE. */
  poolSize?: number;
}

export interface PgliteConfig {
  kind: 'pglite';
  /** Absolute or relative directory for the data files, or 'memory' for an in-memory database. */
  dataDir: string;
  /** Extra PGlite options (e.g. `loadDataDir` to start from a dump); not read from the environment. */
  pgliteOptions?: Omit<PGliteOptions, 'dataDir'>;
}

export type DatabaseConfig = PostgresConfig | PgliteConfig;

export const DEFAULT_PGLITE_DATA_DIR = './.data/pglite';

export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    const poolSize = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined;
    if (poolSize !== undefined && (!Number.isInteger(poolSize) || poolSize < 1)) {
      throw new Error(`DATABASE_POOL_SIZE must be a positive integer, got "${env.DATABASE_POOL_SIZE}"`);
    }
    return { kind: 'postgres', url, ...(poolSize ? { poolSize } : {}) };
  }
  const dataDir = env.DATA_DIR?.trim() || DEFAULT_PGLITE_DATA_DIR;
  return { kind: 'pglite', dataDir: dataDir === 'memory' ? 'memory' : resolve(dataDir) };
}

/** A description safe for logs (no password). */
export function describeDatabaseConfig(config: DatabaseConfig): string {
  if (config.kind === 'pglite') {
    return config.dataDir === 'memory' ? 'PGlite (in memory)' : `PGlite (${config.dataDir})`;
  }
  try {
    const url = new URL(config.url);
    if (url.password) url.password = '***';
    return `PostgreSQL (${url.toString()})`;
  } catch {
    return 'PostgreSQL (unparsable DATABASE_URL)';
  }
}
