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
import { DatabaseModule } from './database/database.module';
import type { DatabaseModuleOptions } from './database/prisma.service';
import { PlayModule, type PlayModuleOptions } from './play/play.module';

export interface AppOptions extends PlayModuleOptions {
  database?: DatabaseModuleOptions;
}

@Module({})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot(options.database ?? {}),
        PlayModule.forRoot(options),
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
      controllers: [GamesController, GameTypesController],
      providers: [
        GamesResolver,
        UpdatesResolver,
        BangDiceResolver,
        CommandGateway,
        { provide: APP_FILTER, useClass: ApiErrorFilter },
      ],
    };
  }
}
