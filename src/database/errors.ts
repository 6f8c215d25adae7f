// Recognising database errors the same way on PostgreSQL (adapter-pg) and PGlite, whether they
// come from the Prisma client (P2002, or P2010 for raw queries), from a driver adapter error
// wrapped as `cause`/`meta.driverAdapterError`, or from raw `pg`/PGlite (SQLSTATE 23505).

const UNIQUE_VIOLATION_SQLSTATE = '23505';

type ErrorLike = Record<string, unknown>;

function isObject(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}

function matchesUnique(err: ErrorLike): boolean {
  const code = err.code;
  if (code === 'P2002' || code === UNIQUE_VIOLATION_SQLSTATE) return true;
  if (err.kind === 'UniqueConstraintViolation') return true; // driver adapter error shape
  if (err.originalCode === UNIQUE_VIOLATION_SQLSTATE) return true;
  const meta = err.meta;
  if (code === 'P2010' && isObject(meta) && meta.code === UNIQUE_VIOLATION_SQLSTATE) return true;
  return false;
}

function nested(err: ErrorLike): unknown[] {
  const out: unknown[] = [err.cause];
  if (isObject(err.meta)) out.push(err.meta.driverAdapterError, err.meta.cause);
  return out;
}

/** True when `err` (or an error it wraps) is a unique constraint / primary key violation. */
export function isUniqueViolation(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!isObject(current) || seen.has(current) || seen.size > 10) continue;
    seen.add(current);
    if (matchesUnique(current)) return true;
    stack.push(...nested(current));
  }
  return false;
}
