import { copyJson } from './copy';

describe('copyJson', () => {
  test('a deep copy: equal, sharing no object or array, undefined and null kept', () => {
    const x = { a: [1, { b: 'c', d: [null] }], e: { f: undefined as number | undefined, g: true }, h: 0 };
    const y = copyJson(x);
    expect(y).toEqual(x);
    expect(Object.keys(y.e)).toEqual(['f', 'g']);
    y.a.push(2);
    (y.a[1] as { d: unknown[] }).d.push(1);
    y.e.g = false;
    expect(x).toEqual({ a: [1, { b: 'c', d: [null] }], e: { f: undefined, g: true }, h: 0 });
  });

  test('primitives come back as they are', () => {
    expect([copyJson(3), copyJson('s'), copyJson(null), copyJson(undefined), copyJson(false)]).toEqual([
      3,
      's',
      null,
      undefined,
      false,
    ]);
  });
});
