/** /health/live, /health/ready (@nestjs/terminus) and /metrics (Prometheus text format). */
import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { PrismaService } from '../database/prisma.service';
import { MetricsService } from './metrics.service';
import { ReadinessRegistry } from './readiness';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref(),
    ),
  ]);
}

@ApiExcludeController()
@Controller()
export class OpsController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly readiness: ReadinessRegistry,
    private readonly metrics: MetricsService,
    private readonly db: PrismaService,
  ) {}

  @Get('health/live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('health/ready')
  @HealthCheck()
  ready() {
    return this.health.check(
      this.readiness.entries().map(([name, check]) => async () => {
        const session = this.indicators.check(name);
        try {
          const data = await withTimeout(check(), CHECK_TIMEOUT_MS);
          return session.up(data ?? {});
        } catch (error) {
          return session.down({ message: (error as Error).message });
        }
      }),
    );
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async scrape(): Promise<string> {
    this.metrics.activeGames.set(await this.db.client.game.count({ where: { status: 'ACTIVE' } }));
    return this.metrics.registry.metrics();
  }
}
