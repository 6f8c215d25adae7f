import { hash } from 'node:crypto';
import { sha256Words128 } from './seed-hash';

/** What random.ts read from node:crypto before seed-hash.ts: the digest's first four int32 words. */
const native = (message: string) => {
  const digest = hash('sha256', message, 'buffer');
  return [0, 4, 8, 12].map((offset) => digest.readInt32BE(offset));
};

describe('sha256Words128 = the first 128 bits of node:crypto SHA-256', () => {
  it('agrees on the FIPS 180-4 example "abc"', () => {
    // SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 ...
    expect(sha256Words128('abc')).toEqual([0xba7816bf | 0, 0x8f01cfea | 0, 0x414140de, 0x5dae2223]);
  });

  it('agrees on seeds of every length around the block boundaries, ASCII or not', () => {
    const messages = [
      '',
      'a',
      'table-1',
      'seed#7',
      'é',
      '日本語の種',
      '\ud800 lone surrogate',
      '😀'.repeat(30),
    ];
    for (let n = 0; n <= 200; n++) messages.push('x'.repeat(n), `ü${'y'.repeat(n)}`);
    for (let i = 0; i < 2000; i++) messages.push(`game-${i}:bot:${i * 7}:${i % 6}`, `g${i * 31}#${i}`);
    // The longest seeds hashed here (256 three-byte units: 768 bytes) and the first to go native.
    for (const n of [255, 256, 257, 1000]) messages.push('日'.repeat(n), '😀'.repeat(n / 2), 'z'.repeat(n));
    messages.push('q'.repeat(100_000), 'a');
    const differing = messages.filter((m) => sha256Words128(m).join() !== native(m).join());
    expect(differing).toEqual([]);
  });
});
