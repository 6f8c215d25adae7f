/**
 * Analytics: the asynchronous projection (run in this process), the GraphQL queries, the export
 * endpoints and the dashboard page at /analytics.
 */
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AnalyticsResolver } from '../api/graphql/analytics.resolver';
import {
  ANALYTICS_SQL_TOKEN,
  AnalyticsExportController,
  GameExportController,
} from '../api/rest/analytics-export.controller';
import { PrismaService } from '../database/prisma.service';
import { AnalyticsQueries } from './analytics-queries';
import { mountDashboard } from './dashboard/routes';
import { AnalyticsProjectorService } from './projector.service';
import { sqlFor } from './sql';

export { ANALYTICS_SQL_TOKEN as ANALYTICS_SQL };

class DashboardMount implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    // Registered on Express directly: the page lives at /analytics, outside the /api prefix.
    const app = this.host.httpAdapter?.getInstance?.() as Parameters<typeof mountDashboard>[0] | undefined;
    if (app) mountDashboard(app);
  }
}

@Module({
  providers: [
    {
      provide: ANALYTICS_SQL_TOKEN,
      useFactory: (db: PrismaService) => sqlFor(db.database),
      inject: [PrismaService],
    },
    {
      provide: AnalyticsQueries,
      useFactory: (db: PrismaService) => new AnalyticsQueries(sqlFor(db.database)),
      inject: [PrismaService],
    },
    AnalyticsProjectorService,
    AnalyticsResolver,
    DashboardMount,
  ],
  controllers: [AnalyticsExportController, GameExportController],
  exports: [AnalyticsProjectorService, AnalyticsQueries, ANALYTICS_SQL_TOKEN],
})
export class AnalyticsModule {}
