/**
 * A copy of plain data as a JSON round trip gives it (views are JSON values), far cheaper than the
 * round trip. The plain deep copy is the kit's `copyJson` (src/games/kit/copy.ts).
 */

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
