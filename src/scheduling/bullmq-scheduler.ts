/**
 * The BullMQ adapter (REDIS_URL set). API processes only add jobs; workers (`npm run worker`)
 * consume them. Scheduling an id that is still waiting, delayed or running is a no-op, so every
 * process may schedule the same deadline or bot turn and it runs once; delayed jobs live in
 * Redis. A job with that id that has FINISHED (completed, or failed after its attempts) is
 * replaced: BullMQ's own `add` would silently keep the finished one, and a re-derived bot turn
 * (see SchedulingService, step 4) would then never run again. A job a killed worker held stays
 * "active" until its lock (`lockDurationMs`, 10 s; renewed every half of it while the job runs)
 * expires; the stalled check (every `stalledIntervalMs`, 5 s) then puts it back to waiting and it
 * runs again, which the idempotent handlers make harmless. Completed jobs are kept for an hour,
 * failed ones for the dead-letter view.
 */
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  type FailedJob,
  type JobState,
  type JobHandler,
  type JobScheduler,
  type JobSpec,
  QUEUE_NAMES,
  type QueueName,
} from './job-scheduler';

export interface BullMqOptions {
  url: string;
  /** Redis key prefix (tests use a unique one). Default 'saloon'. */
  prefix?: string;
  /** Jobs run at once per queue in this process (default 4). */
  concurrency?: number;
  /** How long a running job's lock lasts unless renewed (default 10 s; BullMQ's is 30 s). */
  lockDurationMs?: number;
  /** How often a consumer looks for jobs whose worker died (default half the lock). */
  stalledIntervalMs?: number;
}

const DEFAULT_LOCK_MS = 10_000;

type JobData = Record<string, string | number | null>;

export class BullMqScheduler implements JobScheduler {
  readonly kind = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly workerConnections: Redis[] = [];

  constructor(private readonly options: BullMqOptions) {
    this.connection = new Redis(options.url, { maxRetriesPerRequest: null });
    for (const name of QUEUE_NAMES) {
      this.queues.set(name, new Queue(name, { connection: this.connection, prefix: this.prefix }));
    }
  }

  private get prefix(): string {
    return this.options.prefix ?? 'saloon';
  }

  async schedule(spec: JobSpec): Promise<void> {
    const queue = this.queues.get(spec.queue)!;
    // One hash read: a job of this id that has not finished (waiting, delayed, running, or
    // waiting for a retry) will run. A finished one would make `add` a no-op: it is replaced (if
    // another process replaced it meanwhile, that one is removed and re-added here: still one).
    const existing = await queue.getJob(spec.id);
    if (existing && !existing.finishedOn) return;
    if (existing) await queue.remove(spec.id);
    const delay = spec.runAt ? Math.max(0, spec.runAt.getTime() - Date.now()) : 0;
    await queue.add(spec.name, spec.data, {
      jobId: spec.id,
      delay,
      attempts: spec.attempts ?? 5,
      backoff: { type: 'exponential', delay: spec.backoffMs ?? 1000 },
      removeOnComplete: { age: 3600, count: 10000 },
      removeOnFail: { count: 5000 },
    });
  }

  async consume(handlers: Record<QueueName, JobHandler>): Promise<void> {
    for (const name of QUEUE_NAMES) {
      const connection = new Redis(this.options.url, { maxRetriesPerRequest: null });
      this.workerConnections.push(connection);
      const worker = new Worker<JobData>(
        name,
        async (job: Job<JobData>) =>
          handlers[name]({
            id: job.id ?? '',
            name: job.name,
            data: job.data,
            attempt: job.attemptsMade + 1,
            maxAttempts: job.opts.attempts ?? 1,
          }),
        {
          connection,
          prefix: this.prefix,
          concurrency: this.options.concurrency ?? 4,
          lockDuration: this.options.lockDurationMs ?? DEFAULT_LOCK_MS,
          stalledInterval:
            this.options.stalledIntervalMs ??
            Math.round((this.options.lockDurationMs ?? DEFAULT_LOCK_MS) / 2),
        },
      );
      worker.on('error', (error) => console.error(`queue ${name}: ${error.message}`));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  async failedJobs(queue?: QueueName, limit = 100): Promise<FailedJob[]> {
    const names = queue ? [queue] : QUEUE_NAMES;
    const all: FailedJob[] = [];
    for (const name of names) {
      const jobs = await this.queues.get(name)!.getFailed(0, limit - 1);
      for (const job of jobs) {
        if (!job) continue;
        all.push({
          queue: name,
          id: job.id ?? '',
          name: job.name,
          data: job.data as JobData,
          attempts: job.attemptsMade,
          error: job.failedReason ?? '',
          failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
        });
      }
    }
    return all.sort((a, b) => (b.failedAt?.getTime() ?? 0) - (a.failedAt?.getTime() ?? 0)).slice(0, limit);
  }

  /** Stop consuming (running jobs finish first); queued and delayed jobs stay in Redis. */
  async counts(): Promise<Record<QueueName, Record<JobState, number>>> {
    const entries = await Promise.all(
      [...this.queues.entries()].map(async ([name, queue]) => {
        const c = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed', 'prioritized');
        const counts: Record<JobState, number> = {
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          delayed: c.delayed ?? 0,
          active: c.active ?? 0,
          failed: c.failed ?? 0,
        };
        return [name, counts] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<QueueName, Record<JobState, number>>;
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async stopConsuming(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    this.workers.length = 0;
    await Promise.allSettled(this.workerConnections.map((c) => c.quit()));
    this.workerConnections.length = 0;
  }

  async close(): Promise<void> {
    await this.stopConsuming();
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await this.connection.quit().catch(() => undefined);
  }
}
