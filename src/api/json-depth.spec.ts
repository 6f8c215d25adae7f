import { jsonDepth } from './json-depth';

describe('jsonDepth', () => {
  it('measures nesting of objects and arrays, scalars count 0', () => {
    expect(jsonDepth(5)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
  });

  it('handles nesting far beyond the call stack and stops early', () => {
    let v: unknown = 1;
    for (let i = 0; i < 200_000; i++) v = [v];
    expect(jsonDepth(v, 50)).toBe(51);
    expect(jsonDepth(v)).toBe(200_000);
  });
});
