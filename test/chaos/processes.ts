/** API and worker processes (node dist/src/main.js / worker.js) started, SIGKILLed and restarted. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

/** ceil(1-minute load average / cores), 1 to 10 (as test/support/time-scale.cjs). */
function loadScale(): number {
  return Math.min(10, Math.max(1, Math.ceil(loadavg()[0] / Math.max(1, cpus().length))));
}

export interface ProcessEnv {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  logDir: string;
  root: string;
}

export class Managed {
  child: ChildProcess | null = null;
  starts = 0;
  kills = 0;
  /** Exits we did not cause (crashes), with their exit code/signal and time. */
  readonly crashes: string[] = [];
  /** Called on a crash (the runner restarts the process, as a supervisor would). */
  onCrash: (() => void) | null = null;
  private killing = false;
  private log: WriteStream;

  constructor(
    readonly name: string,
    readonly kind: 'api' | 'worker',
    readonly port: number | null,
    private readonly env: ProcessEnv,
  ) {
    this.log = createWriteStream(join(env.logDir, `${name}.log`), { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.running) return;
    const script = join(this.env.root, 'dist', 'src', this.kind === 'api' ? 'main.js' : 'worker.js');
    const child = spawn(process.execPath, [script], {
      cwd: this.env.root,
      env: {
        ...process.env,
        DATABASE_URL: this.env.databaseUrl,
        DATABASE_POOL_SIZE: '5',
        REDIS_URL: this.env.redisUrl,
        INLINE_BOTS: 'false',
        QUEUE_PREFIX: this.env.queuePrefix,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '100000000',
        RATE_LIMIT_CREATE_PER_HOUR: '100000000',
        ...(this.port !== null && { PORT: String(this.port) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.log.write(`\n==== start #${this.starts + 1} pid ${child.pid} at ${new Date().toISOString()}\n`);
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    // Both entry points print a "saloon ..." line once they serve (API) or consume (worker).
    let serving = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!serving && chunk.toString().includes('saloon ')) serving = true;
    });
    child.on('exit', (code, signal) => {
      if (this.killing || this.child !== child) return;
      this.crashes.push(
        `${this.name} pid ${child.pid} exited ${serving ? 'while serving' : 'while starting'} ` +
          `(code ${code}, signal ${signal}) at ${new Date().toISOString()}`,
      );
      this.onCrash?.();
    });
    this.child = child;
    this.starts++;
  }

  /** SIGKILL (no shutdown hooks, no goodbyes) and wait for the exit. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.log.write(`\n==== SIGKILL pid ${child.pid} at ${new Date().toISOString()}\n`);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.killing = true;
    child.kill('SIGKILL');
    this.kills++;
    await exited;
    this.killing = false;
  }

  /**
   * Wait until the API answers /health/live (workers: a fixed grace period to boot). The give-up
   * time stretches with the load like the tests' (test/support/time-scale.cjs): on 2 cores at a
   * load of 20 an API process took over a minute to start.
   */
  async ready(timeoutMs = 60_000 * loadScale()): Promise<void> {
    const until = Date.now() + timeoutMs;
    if (this.kind === 'worker') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return;
    }
    while (Date.now() < until) {
      // A process that exits while starting (e.g. PostgreSQL is restarting) is restarted by the
      // runner's crash handler; keep waiting for whichever instance comes up.
      if (!this.running) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      try {
        const response = await fetch(`${this.url}/health/live`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.name} not ready within ${timeoutMs} ms`);
  }

  async stop(): Promise<void> {
    await this.kill();
    this.kills = Math.max(0, this.kills - 1); // the final stop is not a chaos kill
    this.log.end();
  }
}
