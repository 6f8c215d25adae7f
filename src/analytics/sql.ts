/**
 * A thin raw-SQL face over either driver (a `pg` pool or PGlite), for the analytics projector and
 * queries: they are plain SQL over plain tables, and the raw drivers are faster than going
 * through Prisma for multi-row inserts and aggregates.
 *
 * Values: callers cast in SQL to `int`/`float8`/`text` so both drivers return the same JS types
 * (pg returns int8 and numeric as strings, PGlite as bigint/number).
 */
import type { Database } from '../database/database';

export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Sql extends SqlClient {
  readonly kind: Database['kind'];
  /** Runs `fn` in one transaction (READ COMMITTED), committed when it resolves, else rolled back. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}

export function sqlFor(db: Database): Sql {
  if (db.kind === 'pglite') {
    const pglite = db.pglite;
    return {
      kind: 'pglite',
      async query<T>(text: string, params: unknown[] = []) {
        return (await pglite.query<T>(text, params)).rows;
      },
      transaction: (fn) =>
        pglite.transaction((tx) =>
          fn({
            async query<T>(text: string, params: unknown[] = []) {
              return (await tx.query<T>(text, params)).rows;
            },
          }),
        ),
    };
  }
  const pool = db.pool;
  return {
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no pool listener: without ours, a server-side disconnect (e.g.
      // PostgreSQL restarting) is an unhandled 'error' event that kills the process.
      let broken: Error | undefined;
      const onError = (error: Error) => (broken = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(text: string, params: unknown[] = []) {
            return (await client.query(text, params)).rows as T[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken); // a broken client is destroyed, not reused
      }
    },
  };
}

/**
 * Multi-row INSERT in chunks (PostgreSQL takes at most 65535 parameters per statement).
 * `suffix` is appended to every chunk (e.g. an ON CONFLICT clause).
 */
export async function insertRows(
  sql: SqlClient,
  table: string,
  columns: string[],
  rows: unknown[][],
  suffix = '',
  casts: Record<string, string> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const perChunk = Math.max(1, Math.floor(30_000 / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const slots = row.map((value, i) => {
        params.push(value);
        const cast = casts[columns[i]];
        return `$${params.length}${cast ? `::${cast}` : ''}`;
      });
      return `(${slots.join(', ')})`;
    });
    await sql.query(
      `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`,
      params,
    );
  }
}
