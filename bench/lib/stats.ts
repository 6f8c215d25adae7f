/** Small helpers for measurements: percentiles, rates, a progress bar, arguments. */

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summary(samples: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export function round(n: number, digits = 1): number {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** A one-line progress bar on stderr (a no-op when stderr is not a terminal, except at the end). */
export class Progress {
  private last = 0;
  private lastTenth = -1;
  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  update(done: number): void {
    const frac = Math.min(1, done / this.total);
    const line = () => {
      const width = 30;
      const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '.');
      return `${this.label} [${bar}] ${done}/${this.total} (${Math.round(frac * 100)}%)`;
    };
    if (process.stderr.isTTY) {
      const now = Date.now();
      if (now - this.last < 250 && frac < 1) return;
      this.last = now;
      process.stderr.write(`\r${line()}`);
      return;
    }
    // Not a terminal (CI logs): one line per 10%.
    const tenth = Math.floor(frac * 10);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      process.stderr.write(`${line()}\n`);
    }
  }

  done(): void {
    if (process.stderr.isTTY) process.stderr.write('\n');
  }
}

export type Args = Record<string, string | boolean>;

/** --key=value, --key value, --flag. */
export function parseArgs(argv: string[]): Args {
  const out: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[a.slice(2)] = argv[++i];
    else out[a.slice(2)] = true;
  }
  return out;
}

export function numberArg(args: Args, key: string, fallback: number): number {
  const v = args[key];
  if (v === undefined || v === true) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${key} must be a positive number, got ${String(v)}`);
  return n;
}

export function listArg(args: Args, key: string, fallback: number[]): number[] {
  const v = args[key];
  if (typeof v !== 'string') return fallback;
  return v.split(',').map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${key}: bad value ${s}`);
    return n;
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
