/** The API process: database, play layer, GraphQL (with graphql-ws subscriptions) and REST. */
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { GraphQLModule } from '@nestjs/graphql';
import { CallerService } from './auth/caller.service';
import { CommandGateway } from './api/command-gateway';
import { ApiErrorFilter } from './api/error.filter';
import { buildContext } from './api/graphql/context';
import { formatGraphQLError } from './api/graphql/graphql-errors';
import { TYPED_COMMAND_RESOLVERS } from './api/graphql/typed-commands.resolver';
import { TypedCommandsController } from './api/rest/typed-commands.controller';
import { GamesResolver } from './api/graphql/games.resolver';
import { GameReads } from './api/graphql/game-reads';
import { describeRootTypes, TYPED_PAYLOAD_RESOLVERS } from './api/graphql/typed-payloads';
import { UpdatesResolver } from './api/graphql/updates.resolver';
import { GamesController, GameTypesController, PayloadSchemasController } from './api/rest/games.controller';
import { CorrespondenceGateway } from './api/correspondence-gateway';
import { CorrespondenceResolver } from './api/graphql/correspondence.resolver';
import { CorrespondenceController, JobsController } from './api/rest/correspondence.controller';
import { SchedulingModule, type SchedulingModuleOptions } from './scheduling/scheduling.module';
import { queryLimitsPlugin } from './api/graphql/limits';
import { GraphqlRouteOrder } from './api/graphql/route-order';
import { COMMAND_FAST_PATH, CommandFastPath, GRAPHQL_SCHEMA_REF } from './api/graphql/command-fast-path';
import { rateLimitStatusPlugin } from './api/graphql/rate-limit-status';
import { ExplorerAssetsService, explorerLandingPagePlugin } from './api/graphql/explorer';
import { graphqlWsLimits, type SchemaRef } from './api/graphql/ws-limits';
import { SERVER_LIMITS, ServerLimitsService } from './api/server-limits';
import { DEFAULT_HTTP_LIMITS, type AppConfig, type HttpLimits } from './config';
import { DatabaseModule } from './database/database.module';
import { compactSerializers, logDestination, logFormatFrom } from './ops/logging';
import { ApiThrottlerGuard, CREATE_THROTTLER } from './ops/throttle.guard';
import { OpsModule } from './ops/ops.module';
import type { DatabaseModuleOptions } from './database/prisma.service';
import { PlayModule, type PlayModuleOptions } from './play/play.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { WebClientModule } from './web-client/web-client.module';

export interface AppOptions extends PlayModuleOptions {
  database?: DatabaseModuleOptions;
  /** Timers, queues and webhooks (default: BullMQ producer when redisUrl is set, else embedded). */
  scheduling?: SchedulingModuleOptions;
  http?: Partial<HttpLimits>;
  logLevel?: AppConfig['logLevel'];
  /** The command fast path for `submitCommand` over HTTP (default on; see command-fast-path.ts). */
  commandFastPath?: boolean;
}

const PINO_LEVELS: Record<AppConfig['logLevel'], string> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

export function pinoLevel(level: AppConfig['logLevel'] = 'log'): string {
  return PINO_LEVELS[level];
}

@Module({})
export class AppModule {
  static forRoot(options: AppOptions = {}): DynamicModule {
    const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
    const queryLimits = {
      maxDepth: limits.maxQueryDepth,
      maxComplexity: limits.maxQueryComplexity,
      maxGameReads: limits.maxGameReads,
    };
    const schemaRef: SchemaRef = { schema: null };
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: pinoLevel(options.logLevel),
            // readable lines on a terminal, JSON otherwise; requests without their headers
            stream: logDestination(logFormatFrom(process.env, process.stdout.isTTY === true)),
            // No `redact` paths: the serializers write no headers (Authorization, cookies), and
            // pino's redaction walked every request's bindings for them (1.5% of the API's CPU).
            serializers: compactSerializers,
            // A client's X-Request-Id is kept (and echoed) so its logs and ours line up.
            genReqId: (req, res) => {
              const given = req.headers['x-request-id'];
              const id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
              res.setHeader('x-request-id', id);
              return id;
            },
            autoLogging: { ignore: (req) => req.url === '/health/live' || req.url === '/metrics' },
          },
        }),
        ThrottlerModule.forRoot({
          throttlers: [
            { name: 'default', ttl: 60_000, limit: limits.rateLimitPerMinute },
            { name: CREATE_THROTTLER, ttl: 3_600_000, limit: limits.createGamesPerHour },
          ],
        }),
        DatabaseModule.forRoot(options.database ?? {}),
        PlayModule.forRoot(options),
        SchedulingModule.forRoot({
          redisUrl: options.redisUrl,
          inlineBots: options.inlineBots,
          ...options.scheduling,
        }),
        OpsModule,
        AnalyticsModule,
        WebClientModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [CallerService],
          useFactory: (callers: CallerService) => ({
            autoSchemaFile: true,
            sortSchema: true,
            transformSchema: describeRootTypes,
            path: '/graphql',
            subscriptions: {
              'graphql-ws': graphqlWsLimits(
                { ...queryLimits, maxOperationsPerConnection: limits.wsOperationsPerConnection },
                schemaRef,
              ),
            },
            context: (raw: Parameters<typeof buildContext>[1]) => buildContext(callers, raw),
            formatError: formatGraphQLError,
            // Cast: Nest's driver types see @apollo/server's ESM typings, this file its CJS ones.
            plugins: [
              queryLimitsPlugin(queryLimits, schemaRef),
              explorerLandingPagePlugin(),
              rateLimitStatusPlugin(),
            ] as unknown as NonNullable<ApolloDriverConfig['plugins']>,
            // Our explorer (GraphiQL from node_modules), not Nest's page that loads it from a CDN.
            graphiql: false,
            includeStacktraceInErrorResponses: false,
            // Nest's plugin resetting execution errors to HTTP 200 would undo rateLimitStatusPlugin.
            preserveHttpStatusForExecutionErrors: false,
            introspection: true,
          }),
        }),
      ],
      controllers: [
        GamesController,
        GameTypesController,
        PayloadSchemasController,
        TypedCommandsController,
        CorrespondenceController,
        JobsController,
      ],
      providers: [
        GamesResolver,
        GameReads,
        ...TYPED_PAYLOAD_RESOLVERS,
        UpdatesResolver,
        ...TYPED_COMMAND_RESOLVERS,
        CommandGateway,
        CorrespondenceResolver,
        CorrespondenceGateway,
        { provide: SERVER_LIMITS, useValue: limits },
        ServerLimitsService,
        ExplorerAssetsService,
        GraphqlRouteOrder,
        CommandFastPath,
        { provide: GRAPHQL_SCHEMA_REF, useValue: schemaRef },
        { provide: COMMAND_FAST_PATH, useValue: options.commandFastPath ?? true },
        // The same instances serve the fast path (one guard: one budget and token cache).
        ApiErrorFilter,
        ApiThrottlerGuard,
        { provide: APP_FILTER, useExisting: ApiErrorFilter },
        { provide: APP_GUARD, useExisting: ApiThrottlerGuard },
      ],
    };
  }
}
