/** The API process: database, play layer, GraphQL (with graphql-ws subscriptions) and REST. */
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { CallerService } from './auth/caller.service';
import { CommandGateway } from './api/command-gateway';
import { ApiErrorFilter } from './api/error.filter';
import { buildContext } from './api/graphql/context';
import { formatGraphQLError } from './api/graphql/graphql-errors';
import { BangDiceResolver } from './api/graphql/bang-dice.resolver';
import { GamesResolver } from './api/graphql/games.resolver';
import { UpdatesResolver } from './api/graphql/updates.resolver';
import { GamesController, GameTypesController } from './api/rest/games.controller';
import { CorrespondenceGateway } from './api/correspondence-gateway';
import { CorrespondenceResolver } from './api/graphql/correspondence.resolver';
import { CorrespondenceController, JobsController } from './api/rest/correspondence.controller';
import { SchedulingModule, type SchedulingModuleOptions } from './scheduling/scheduling.module';
import { DatabaseModule } from './database/database.module';
import type { DatabaseModuleOptions } from './database/prisma.service';
import { PlayModule, type PlayModuleOptions } from './play/play.module';

export interface AppOptions extends PlayModuleOptions {
  database?: DatabaseModuleOptions;
  /** Timers, queues and webhooks (default: BullMQ producer when redisUrl is set, else embedded). */
  scheduling?: SchedulingModuleOptions;
}

@Module({})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot(options.database ?? {}),
        PlayModule.forRoot(options),
        SchedulingModule.forRoot({
          redisUrl: options.redisUrl,
          inlineBots: options.inlineBots,
          ...options.scheduling,
        }),
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [CallerService],
          useFactory: (callers: CallerService) => ({
            autoSchemaFile: true,
            sortSchema: true,
            path: '/graphql',
            subscriptions: { 'graphql-ws': true },
            context: (raw: Parameters<typeof buildContext>[1]) => buildContext(callers, raw),
            formatError: formatGraphQLError,
            includeStacktraceInErrorResponses: false,
            introspection: true,
          }),
        }),
      ],
      controllers: [GamesController, GameTypesController, CorrespondenceController, JobsController],
      providers: [
        GamesResolver,
        UpdatesResolver,
        BangDiceResolver,
        CommandGateway,
        CorrespondenceResolver,
        CorrespondenceGateway,
        { provide: APP_FILTER, useClass: ApiErrorFilter },
      ],
    };
  }
}
