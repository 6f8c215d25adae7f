/**
 * Copies of plain data (states, decisions and views are JSON values). Both are far cheaper than
 * `structuredClone` or a JSON round trip on the small objects the engine copies on every command.
 */

/** A deep copy, as `structuredClone` makes it of plain data (an `undefined` field stays). */
export function copy<T>(x: T): T {
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map(copy) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(x)) out[key] = copy((x as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * What `JSON.parse(JSON.stringify(x))` gives for plain data: fields holding `undefined` are left
 * out, `undefined` in an array and non-finite numbers become null.
 */
export function jsonCopy<T>(x: T): T {
  if (typeof x === 'number') return (Number.isFinite(x) ? x : null) as T;
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map((v: unknown) => (v === undefined ? null : jsonCopy(v))) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(x)) {
    const v = (x as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = jsonCopy(v);
  }
  return out as T;
}
