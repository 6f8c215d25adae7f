/**
 * The worker process (REDIS_URL required): consumes the BullMQ queues — bot turns, turn
 * timeouts, reminders and webhook deliveries — for games on this database. API processes run
 * with INLINE_BOTS=false and only enqueue. Several workers may run at once: job ids are derived
 * from (game, version, seat, kind), moves go through the command pipeline with an expected
 * version and a deterministic command id, so nothing is played twice. At start (and every
 * minute) a worker re-enqueues what the database says is pending, in case an API process died
 * between its commit and its enqueue.
 */
import 'reflect-metadata';
import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configFromEnv, logLevelsFrom } from './config';
import { DatabaseModule } from './database/database.module';
import type { DatabaseModuleOptions } from './database/prisma.service';
import type { AnyGameEngine } from './games/engine';
import type { GameDefinition } from './games/bots';
import { PlayModule } from './play/play.module';
import { SchedulingModule, type SchedulingModuleOptions } from './scheduling/scheduling.module';

export interface WorkerOptions {
  redisUrl: string;
  database?: DatabaseModuleOptions;
  engines?: (GameDefinition | AnyGameEngine)[];
  scheduling?: SchedulingModuleOptions;
  logLevel?: ReturnType<typeof configFromEnv>['logLevel'];
}

/** Start a worker in this process (also used by tests); close() stops it, keeping queued jobs. */
export async function startWorker(options: WorkerOptions): Promise<INestApplicationContext> {
  @Module({
    imports: [
      DatabaseModule.forRoot(options.database ?? {}),
      PlayModule.forRoot({ redisUrl: options.redisUrl, inlineBots: false, engines: options.engines }),
      SchedulingModule.forRoot({
        redisUrl: options.redisUrl,
        inlineBots: false,
        consume: true,
        ...options.scheduling,
      }),
    ],
  })
  class WorkerModule {}
  const app = await NestFactory.createApplicationContext(WorkerModule, {
    logger: logLevelsFrom(options.logLevel ?? 'warn'),
  });
  await app.init();
  return app;
}

async function main(): Promise<void> {
  const config = configFromEnv();
  if (!config.redisUrl)
    throw new Error('the worker needs REDIS_URL (without it, the API process runs timers and bots itself)');
  const app = await startWorker({
    redisUrl: config.redisUrl,
    logLevel: config.logLevel,
    scheduling: { webhooks: config.webhooks },
  });
  app.enableShutdownHooks();
  console.log('saloon worker running: bot turns, turn timeouts, reminders, webhooks');
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
