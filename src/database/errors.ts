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

/** The error and everything it wraps (cause chains, Prisma's meta.driverAdapterError), bounded. */
function* chain(err: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length > 0 && seen.size < 20) {
    const current = stack.pop();
    if (!isObject(current) || seen.has(current)) continue;
    seen.add(current);
    yield current;
    const meta = current.meta;
    stack.push(current.cause);
    if (isObject(meta)) stack.push(meta.cause, meta.driverAdapterError);
  }
}

/** True when `err` (or an error it wraps) is a unique constraint / primary key violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (const node of chain(err)) if (matchesUnique(node)) return true;
  return false;
}

export interface UniqueViolation {
  /** Constraint or index name when the driver reports it, e.g. `events_game_id_version_key`. */
  constraint?: string;
  /** Database column names when the driver reports them, e.g. `['game_id', 'version']`. */
  fields?: string[];
}

/**
 * What a unique violation collided on, or undefined when `err` is not a unique violation.
 * Which of the two facts is present depends on the layer (raw drivers give the constraint name,
 * Prisma's driver adapters the fields, sometimes both), so check whichever you need.
 */
export function uniqueViolation(err: unknown): UniqueViolation | undefined {
  if (!isUniqueViolation(err)) return undefined;
  const found: UniqueViolation = {};
  for (const node of chain(err)) {
    if (!found.constraint && typeof node.constraint === 'string') found.constraint = node.constraint;
    if (!found.fields && isObject(node.constraint) && Array.isArray(node.constraint.fields)) {
      found.fields = node.constraint.fields.filter((f): f is string => typeof f === 'string');
    }
    if (!found.constraint && isObject(node.constraint) && typeof node.constraint.index === 'string') {
      found.constraint = node.constraint.index;
    }
    for (const key of ['originalMessage', 'message'] as const) {
      const text = node[key];
      const match = typeof text === 'string' ? /unique constraint "([^"]+)"/.exec(text) : null;
      if (!found.constraint && match) found.constraint = match[1];
    }
    if (!found.fields && isObject(node.meta) && Array.isArray(node.meta.target)) {
      found.fields = node.meta.target.filter((f): f is string => typeof f === 'string');
    }
  }
  return found;
}
