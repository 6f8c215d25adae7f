/**
 * The embedded adapter: jobs run in this process on timers (setTimeout), with the same id
 * de-duplication, retries with exponential backoff and dead-letter list as the BullMQ adapter.
 * Nothing here is durable on purpose: deadlines live in the `timers` table and webhook deliveries
 * in `webhook_deliveries`; on start the scheduling service loads the PENDING ones and arms them
 * again (see SchedulingService.recover), so a restart loses nothing.
 * The failed-jobs list is in memory (the FAILED rows in those tables survive restarts).
 */
import {
  QUEUE_NAMES,
  type FailedJob,
  type JobHandler,
  type JobRun,
  type JobScheduler,
  type JobSpec,
  type JobState,
  type QueueName,
} from './job-scheduler';

interface Entry {
  spec: JobSpec;
  timer: NodeJS.Timeout | null;
  attempt: number;
  running: boolean;
}

/** setTimeout cannot wait longer than ~24.8 days; longer waits are re-armed in steps. */
const MAX_DELAY = 2 ** 31 - 1;

export class EmbeddedScheduler implements JobScheduler {
  readonly kind = 'embedded' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly failed: FailedJob[] = [];
  private handlers: Record<QueueName, JobHandler> | null = null;
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: { maxFailed?: number } = {}) {}

  async schedule(spec: JobSpec): Promise<void> {
    if (this.closed) return;
    const key = `${spec.queue}/${spec.id}`;
    if (this.entries.has(key)) return; // same id still waiting or running: exactly one
    const entry: Entry = { spec, timer: null, attempt: 0, running: false };
    this.entries.set(key, entry);
    if (this.handlers) this.arm(key, entry, spec.runAt ? spec.runAt.getTime() - Date.now() : 0);
  }

  async consume(handlers: Record<QueueName, JobHandler>): Promise<void> {
    this.handlers = handlers;
    for (const [key, entry] of this.entries) {
      if (!entry.timer && !entry.running)
        this.arm(key, entry, entry.spec.runAt ? entry.spec.runAt.getTime() - Date.now() : 0);
    }
  }

  private arm(key: string, entry: Entry, delayMs: number): void {
    if (this.closed) return;
    const delay = Math.max(0, delayMs);
    entry.timer = setTimeout(
      () => {
        entry.timer = null;
        if (delay > MAX_DELAY) return this.arm(key, entry, delay - MAX_DELAY);
        const run = this.run(key, entry).finally(() => this.running.delete(run));
        this.running.add(run);
      },
      Math.min(delay, MAX_DELAY),
    );
    entry.timer.unref?.();
  }

  private async run(key: string, entry: Entry): Promise<void> {
    if (this.closed || !this.handlers) return;
    const spec = entry.spec;
    const maxAttempts = spec.attempts ?? 5;
    entry.attempt++;
    entry.running = true;
    const job: JobRun = {
      id: spec.id,
      name: spec.name,
      data: spec.data,
      attempt: entry.attempt,
      maxAttempts,
    };
    try {
      await this.handlers[spec.queue](job);
      this.entries.delete(key);
    } catch (error) {
      if (this.closed) return;
      if (entry.attempt >= maxAttempts) {
        this.entries.delete(key);
        this.failed.unshift({
          queue: spec.queue,
          id: spec.id,
          name: spec.name,
          data: spec.data,
          attempts: entry.attempt,
          error: error instanceof Error ? error.message : String(error),
          failedAt: new Date(),
        });
        this.failed.length = Math.min(this.failed.length, this.options.maxFailed ?? 1000);
      } else {
        this.arm(key, entry, (spec.backoffMs ?? 1000) * 2 ** (entry.attempt - 1));
      }
    } finally {
      entry.running = false;
    }
  }

  async failedJobs(queue?: QueueName, limit = 100): Promise<FailedJob[]> {
    return this.failed.filter((f) => !queue || f.queue === queue).slice(0, limit);
  }

  async counts(): Promise<Record<QueueName, Record<JobState, number>>> {
    const now = Date.now();
    const out = Object.fromEntries(
      QUEUE_NAMES.map((q) => [q, { waiting: 0, delayed: 0, active: 0, failed: 0 }]),
    ) as Record<QueueName, Record<JobState, number>>;
    for (const { spec, running } of this.entries.values()) {
      const state: JobState = running
        ? 'active'
        : spec.runAt && spec.runAt.getTime() > now
          ? 'delayed'
          : 'waiting';
      out[spec.queue][state]++;
    }
    for (const f of this.failed) out[f.queue].failed++;
    return out;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('the embedded scheduler is closed');
  }

  /** Jobs waiting (for tests and diagnostics). */
  pending(): string[] {
    return [...this.entries.keys()];
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
    await Promise.allSettled([...this.running]);
  }
}
