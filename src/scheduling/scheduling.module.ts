/**
 * Nest wiring of correspondence play: the job scheduler (BullMQ when a Redis URL is given, the
 * embedded one otherwise), webhooks, and the scheduling service that hooks into the command
 * pipeline. Every process that commits moves imports this module (the hook keeps timers in step
 * with the stream); only consumers (`consume`) run jobs.
 */
import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { PlayService } from '../play/play.service';
import { WebhookService, type WebhookOptions } from '../webhooks/webhook.service';
import { BullMqScheduler } from './bullmq-scheduler';
import { EmbeddedScheduler } from './embedded-scheduler';
import { JOB_SCHEDULER, type JobScheduler } from './job-scheduler';
import { SchedulingService, type SchedulingOptions } from './scheduling.service';

export interface SchedulingModuleOptions {
  /** Redis for BullMQ; absent = the embedded scheduler (timers persisted in the database). */
  redisUrl?: string | null;
  /** Run jobs here. Default: true without Redis (embedded), false with Redis (workers consume). */
  consume?: boolean;
  /** Bots are played by the in-process runner (true) or through the bot-turns queue (false). */
  inlineBots?: boolean;
  /** BullMQ key prefix (default 'saloon'; env QUEUE_PREFIX). */
  queuePrefix?: string;
  /** Consumers re-derive pending work this often (default 30 s, both adapters; 0 = only at start). */
  sweepIntervalMs?: number;
  /** The sweep leaves bot turns of games that moved within this long to the commit path (10 s). */
  sweepGraceMs?: number;
  /** BullMQ: a running job's lock; a job of a dead worker runs again soon after it expires (10 s). */
  jobLockMs?: number;
  attempts?: number;
  backoffMs?: number;
  webhooks?: Partial<WebhookOptions>;
}

/** The scheduling service's settings for these module options (the defaults live here). */
export function schedulingSettings(options: SchedulingModuleOptions = {}): SchedulingOptions {
  const redisUrl = options.redisUrl ?? null;
  return {
    consume: options.consume ?? !redisUrl,
    queueBots: options.inlineBots === false,
    sweepIntervalMs: options.sweepIntervalMs ?? 30_000,
    sweepGraceMs: options.sweepGraceMs ?? 10_000,
    attempts: options.attempts ?? 5,
    backoffMs: options.backoffMs ?? 1000,
  };
}

const SCHEDULING_MODULE_OPTIONS = Symbol('saloon:SCHEDULING_MODULE_OPTIONS');

class SchedulingLifecycle implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  constructor(@Inject(SchedulingService) private readonly scheduling: SchedulingService) {}

  onModuleInit(): void {
    this.scheduling.attach();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.scheduling.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.scheduling.stop();
  }
}

@Global()
@Module({})
export class SchedulingModule {
  static forRoot(options: SchedulingModuleOptions = {}): DynamicModule {
    const redisUrl = options.redisUrl ?? null;
    const settings = schedulingSettings(options);
    return {
      module: SchedulingModule,
      providers: [
        { provide: SCHEDULING_MODULE_OPTIONS, useValue: options },
        {
          provide: JOB_SCHEDULER,
          useFactory: (): JobScheduler =>
            redisUrl
              ? new BullMqScheduler({
                  url: redisUrl,
                  prefix: options.queuePrefix ?? process.env.QUEUE_PREFIX ?? 'saloon',
                  ...(options.jobLockMs !== undefined && { lockDurationMs: options.jobLockMs }),
                })
              : new EmbeddedScheduler(),
        },
        {
          provide: WebhookService,
          useFactory: (db: PrismaService) => new WebhookService(db.client, options.webhooks),
          inject: [PrismaService],
        },
        {
          provide: SchedulingService,
          useFactory: (
            db: PrismaService,
            play: PlayService,
            scheduler: JobScheduler,
            webhooks: WebhookService,
          ) => new SchedulingService(db.client, play, scheduler, webhooks, settings),
          inject: [PrismaService, PlayService, JOB_SCHEDULER, WebhookService],
        },
        SchedulingLifecycle,
      ],
      exports: [SchedulingService, WebhookService, JOB_SCHEDULER],
    };
  }
}
