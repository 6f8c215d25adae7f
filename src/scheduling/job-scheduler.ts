/**
 * The job port: three queues, two adapters (BullMQ on Redis, an embedded in-process one).
 *
 * A job has an id derived from what it is for (e.g. game, version, seat and kind), so scheduling
 * the same thing twice is a no-op while the first is waiting or running; once it has finished
 * (completed or failed), scheduling that id again queues it again. Handlers must still be idempotent:
 * the database decides (timers are claimed, commands carry an expected version and a
 * deterministic command id), the queue only delivers. A job that throws is retried with
 * exponential backoff; after its last attempt it lands in the dead-letter view (`failedJobs`).
 */

export type QueueName = 'bot-turns' | 'turn-timeouts' | 'reminders';
export const QUEUE_NAMES: QueueName[] = ['bot-turns', 'turn-timeouts', 'reminders'];

export interface JobSpec {
  queue: QueueName;
  /** Deterministic id (no ':' — BullMQ reserves it). */
  id: string;
  /** Handler name within the queue, e.g. 'timeout', 'reminder', 'webhook', 'bot'. */
  name: string;
  data: Record<string, string | number | null>;
  /** When to run (default: now). */
  runAt?: Date;
  /** Total attempts (default 5). */
  attempts?: number;
  /** First retry delay in ms, doubled each retry (default 1000). */
  backoffMs?: number;
}

export interface JobRun {
  id: string;
  name: string;
  data: Record<string, string | number | null>;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler = (job: JobRun) => Promise<void>;

export interface FailedJob {
  queue: QueueName;
  id: string;
  name: string;
  data: Record<string, string | number | null>;
  attempts: number;
  error: string;
  failedAt: Date | null;
}

export type JobState = 'waiting' | 'delayed' | 'active' | 'failed';
export const JOB_STATES: JobState[] = ['waiting', 'delayed', 'active', 'failed'];

export interface JobScheduler {
  readonly kind: 'bullmq' | 'embedded';
  /**
   * Put a job on a queue: a no-op when a job with that id is still waiting, delayed or running;
   * a finished one (completed or failed) with that id is replaced.
   */
  schedule(job: JobSpec): Promise<void>;
  /** Start consuming: `handlers[queue]` runs each job of that queue. */
  consume(handlers: Record<QueueName, JobHandler>): Promise<void>;
  /** Jobs that used all their attempts, newest first. */
  failedJobs(queue?: QueueName, limit?: number): Promise<FailedJob[]>;
  /** Jobs per queue and state (waiting, delayed, active, failed), for metrics. */
  counts(): Promise<Record<QueueName, Record<JobState, number>>>;
  /** Throws when the queue backend is unreachable (readiness). */
  ping(): Promise<void>;
  /** Stop consuming and wait for running jobs; jobs not yet due are kept (Redis or `timers`). */
  close(): Promise<void>;
}

export const JOB_SCHEDULER = Symbol('saloon:JOB_SCHEDULER');

/** Queue-safe id: BullMQ forbids ':' and integer-looking ids. */
export function jobId(...parts: (string | number)[]): string {
  return parts.map((p) => String(p).replace(/:/g, '_')).join('.');
}
