/**
 * One process's correspondence stack (play service, scheduling service, webhooks) on a test
 * database, whose jobs are recorded instead of run: a test runs the bot player and the job
 * handlers itself, so nothing else moves the game.
 */
import type { JobRun, JobScheduler, JobSpec } from '../../src/scheduling/job-scheduler';
import { EventStore } from '../../src/event-store/event-store';
import { GameRegistry } from '../../src/games/registry';
import { PlayService } from '../../src/play/play.service';
import { BotTurnPlayer } from '../../src/scheduling/bot-turns';
import { SchedulingService } from '../../src/scheduling/scheduling.service';
import { WebhookService } from '../../src/webhooks/webhook.service';
import type { Database } from '../../src/database/database';
import { raceEngine } from '../support/dealt-number-engine';
import { multiStepEngine } from './multi-step-engine';

/** Records what would be queued; runs nothing. */
export class RecordingScheduler implements JobScheduler {
  readonly kind = 'embedded' as const;
  readonly jobs: JobSpec[] = [];
  async schedule(job: JobSpec): Promise<void> {
    this.jobs.push(job);
  }
  async consume(): Promise<void> {}
  async failedJobs() {
    return [];
  }
  async counts() {
    return {} as never;
  }
  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

/** One process's correspondence stack on `db`, jobs recorded instead of run. */
export function correspondenceStack(db: Database) {
  const store = new EventStore(db.client);
  const play = new PlayService(db.client, store, new GameRegistry([raceEngine, multiStepEngine as never]));
  const scheduler = new RecordingScheduler();
  // The tests' hooks point at 127.0.0.1 (never contacted: jobs are recorded, not run).
  const webhooks = new WebhookService(db.client, { allowPrivateTargets: true });
  const scheduling = new SchedulingService(db.client, play, scheduler, webhooks, {
    consume: false,
    queueBots: true,
    sweepIntervalMs: 0,
    sweepGraceMs: 0,
    attempts: 5,
    backoffMs: 100,
  });
  scheduling.attach();
  // The job handlers, run by the test as a queue would run a job's first attempt.
  const handlers = scheduling as unknown as Record<
    'runTimerJob' | 'runWebhookJob',
    (job: JobRun) => Promise<void>
  >;
  const run = (handler: 'runTimerJob' | 'runWebhookJob', key: string, id: string) =>
    handlers[handler]({ id, name: handler, data: { [key]: id }, attempt: 1, maxAttempts: 5 });
  const runTimer = (timerId: string) => run('runTimerJob', 'timerId', timerId);
  const runWebhook = (deliveryId: string) => run('runWebhookJob', 'deliveryId', deliveryId);
  return {
    store,
    play,
    scheduler,
    webhooks,
    scheduling,
    bots: new BotTurnPlayer(play),
    runTimer,
    runWebhook,
  };
}
