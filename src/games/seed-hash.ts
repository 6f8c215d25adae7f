/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, its first 128 bits as four signed 32-bit
 * big-endian words: exactly what `random.ts` read from `node:crypto`'s digest to seed an Rng.
 * Written out in JavaScript because a random game seeds an Rng for every move (the bot's), and
 * for a seed of some 30 characters the native call cost more than the hash itself (seed-hash.spec
 * compares both on many seeds, ASCII or not, one block or several). A seed longer than
 * `SHORT_SEED` characters goes to `node:crypto` instead, so the one shared buffer stays 1 KiB.
 */
import { hash } from 'node:crypto';

/** The first 32 bits of the fractional parts of the square (H) and cube (K) roots of the first primes. */
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);
const fraction32 = (x: number) => Math.floor((x - Math.floor(x)) * 2 ** 32) | 0;
const H0: Int32Array = Int32Array.from(PRIMES.slice(0, 8), (p) => fraction32(Math.sqrt(p)));
const K: Int32Array = Int32Array.from(PRIMES, (p) => fraction32(Math.cbrt(p)));

const W = new Int32Array(64);
const H = new Int32Array(8);
/** At most 3 UTF-8 bytes per UTF-16 unit: 256 units and the padding fit in 1,024 bytes. */
const SHORT_SEED = 256;
const bytes = new Uint8Array(1024);

/** The message's UTF-8 bytes padded to whole 64-byte blocks; returns the block count. */
function pad(message: string): number {
  // ASCII (every seed the server makes) is copied in the same pass that checks it.
  let length = message.length;
  for (let i = 0; i < length; i++) {
    const c = message.charCodeAt(i);
    if (c > 0x7f) {
      length = -1;
      break;
    }
    bytes[i] = c;
  }
  const utf8 = length < 0 ? new TextEncoder().encode(message) : null;
  if (utf8) {
    length = utf8.length;
    bytes.set(utf8);
  }
  const blocks = Math.ceil((length + 9) / 64);
  // Zeros between the message's 0x80 and the length (whatever an earlier seed left there).
  for (let i = length + 1; i < blocks * 64 - 5; i++) bytes[i] = 0;
  bytes[length] = 0x80;
  // The bit length, big-endian, in the last 8 bytes (at most 1,024 bytes here).
  const bits = length * 8;
  const end = blocks * 64;
  bytes[end - 5] = (bits / 2 ** 32) & 0xff;
  bytes[end - 4] = bits >>> 24;
  bytes[end - 3] = (bits >>> 16) & 0xff;
  bytes[end - 2] = (bits >>> 8) & 0xff;
  bytes[end - 1] = bits & 0xff;
  return blocks;
}

function compress(offset: number): void {
  for (let t = 0; t < 16; t++) {
    const i = offset + t * 4;
    W[t] = (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3];
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15];
    const w2 = W[t - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
  }
  let a = H[0];
  let b = H[1];
  let c = H[2];
  let d = H[3];
  let e = H[4];
  let f = H[5];
  let g = H[6];
  let h = H[7];
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t] + W[t]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0] + a) | 0;
  H[1] = (H[1] + b) | 0;
  H[2] = (H[2] + c) | 0;
  H[3] = (H[3] + d) | 0;
  H[4] = (H[4] + e) | 0;
  H[5] = (H[5] + f) | 0;
  H[6] = (H[6] + g) | 0;
  H[7] = (H[7] + h) | 0;
}

/** The first four 32-bit words (signed, big-endian) of SHA-256(UTF-8 of `message`). */
export function sha256Words128(message: string): [number, number, number, number] {
  if (message.length > SHORT_SEED) {
    const digest = hash('sha256', message, 'buffer');
    return [digest.readInt32BE(0), digest.readInt32BE(4), digest.readInt32BE(8), digest.readInt32BE(12)];
  }
  const blocks = pad(message);
  H.set(H0);
  for (let k = 0; k < blocks; k++) compress(k * 64);
  return [H[0], H[1], H[2], H[3]];
}
