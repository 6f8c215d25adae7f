/** Health, metrics, structured logs of every command, rate limiting. */
import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Gauge } from 'prom-client';
import { JOB_SCHEDULER, JOB_STATES, type JobScheduler } from '../scheduling/job-scheduler';
import { TerminusModule } from '@nestjs/terminus';
import { PinoLogger } from 'nestjs-pino';
import { PrismaService } from '../database/prisma.service';
import { PlayService, type CommandReport } from '../play/play.service';
import { MetricsService } from './metrics.service';
import { OpsController } from './ops.controller';
import { ReadinessRegistry } from './readiness';

@Injectable()
class OpsLifecycle implements OnModuleInit {
  constructor(
    @Inject(PlayService) private readonly play: PlayService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(ReadinessRegistry) private readonly readiness: ReadinessRegistry,
    @Inject(PrismaService) private readonly db: PrismaService,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
    @Inject(ModuleRef) private readonly modules: ModuleRef,
  ) {}

  /** The job scheduler, when the scheduling module is loaded (it is in the API and worker). */
  private scheduler(): JobScheduler | null {
    try {
      return this.modules.get<JobScheduler>(JOB_SCHEDULER, { strict: false });
    } catch {
      return null;
    }
  }

  onModuleInit(): void {
    this.logger.setContext('Commands');
    this.play.addObserver(this.metrics);
    // One structured line per command; inside a request it carries that request's id.
    this.play.addObserver({ onCommand: (report: CommandReport) => this.logCommand(report) });
    this.readiness.register('database', async () => {
      await this.db.client.$queryRaw`SELECT 1`;
      return { kind: this.db.kind };
    });
    const scheduler = this.scheduler();
    if (scheduler) {
      // BullMQ: Redis answers; embedded: the in-process scheduler is running.
      this.readiness.register('jobs', async () => {
        await scheduler.ping();
        return { kind: scheduler.kind };
      });
      new Gauge({
        name: 'saloon_jobs',
        help: 'Jobs per queue and state (waiting, delayed, active, failed).',
        labelNames: ['queue', 'state'] as const,
        registers: [this.metrics.registry],
        async collect() {
          const counts = await scheduler.counts().catch(() => null);
          if (!counts) return;
          for (const [queue, byState] of Object.entries(counts)) {
            for (const state of JOB_STATES) this.set({ queue, state }, byState[state]);
          }
        },
      });
    }
  }

  private logCommand(report: CommandReport): void {
    const entry = { ...report, ms: Math.round(report.seconds * 10000) / 10 };
    if (report.outcome === 'ACCEPTED' || report.outcome === 'DUPLICATE') this.logger.info(entry, 'command');
    else if (report.outcome === 'INTERNAL') this.logger.error(entry, 'command failed');
    else this.logger.debug(entry, 'command rejected');
  }
}

@Global()
@Module({
  imports: [TerminusModule],
  controllers: [OpsController],
  providers: [MetricsService, ReadinessRegistry, OpsLifecycle],
  exports: [MetricsService, ReadinessRegistry],
})
export class OpsModule {}
