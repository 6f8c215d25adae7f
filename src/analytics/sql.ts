/**
 * Raw SQL helpers for the analytics projector and queries: they are plain SQL over plain tables,
 * and the raw drivers are faster than going through Prisma for multi-row inserts and aggregates.
 * The driver face itself (SqlClient, sqlFor) is src/database/sql.ts.
 */
import type { SqlClient } from '../database/sql';

export { type Sql, type SqlClient, sqlFor } from '../database/sql';

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
