/** Health, metrics, structured logs of every command, rate limiting. */
import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
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
  ) {}

  onModuleInit(): void {
    this.logger.setContext('Commands');
    this.play.addObserver(this.metrics);
    // One structured line per command; inside a request it carries that request's id.
    this.play.addObserver({ onCommand: (report: CommandReport) => this.logCommand(report) });
    this.readiness.register('database', async () => {
      await this.db.client.$queryRaw`SELECT 1`;
      return { kind: this.db.kind };
    });
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
