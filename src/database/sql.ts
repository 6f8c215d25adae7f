/**
 * A thin raw-SQL face over either driver (a `pg` pool or PGlite), for the hot paths (the event
 * store's append and loads) and the analytics projector and queries, where the raw drivers are
 * much cheaper than going through Prisma's client.
 *
 * Values: callers cast in SQL to `int`/`float8`/`text` so both drivers return the same JS types
 * (pg returns int8 and numeric as strings, PGlite as bigint/number).
 *
 * PGlite is one connection: its `query` waits for any open transaction (Prisma's included, the
 * adapter uses `PGlite.transaction`), so a raw statement never lands inside someone else's.
 */
import type { Database } from './database';

export interface SqlClient {
  /**
   * `name`: a prepared-statement name (PostgreSQL prepares the text once per connection and
   * then only binds and executes it); use one name per distinct text. Ignored on PGlite.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
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
    async query<T>(text: string, params: unknown[] = [], name?: string) {
      return (await pool.query(name ? { name, text, values: params } : { text, values: params })).rows as T[];
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
