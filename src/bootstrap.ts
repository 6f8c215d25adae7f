/** Builds the Nest application with the settings every entry point shares (server, tests, scripts). */
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { jsonBody } from './api/json-body';
import { jsonDepthGuard, MAX_JSON_DEPTH } from './api/json-depth';
import { hstsOverHttps } from './ops/hsts';
import { AppModule, type AppOptions } from './app.module';
import { finishOpenApiDocument } from './api/rest/openapi-document';
import { ConciseLogger } from './ops/logging';

import { DEFAULT_HTTP_LIMITS, logLevelsFrom, type AppConfig } from './config';

export async function createApp(
  options: AppOptions = {},
  logLevel: AppConfig['logLevel'] = 'warn',
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ ...options, logLevel }), {
    bufferLogs: true,
    bodyParser: false,
    logger: logLevelsFrom(logLevel),
  });
  // Structured JSON logs (pino) with a request id on every line of a request; routes at debug.
  app.useLogger(new ConciseLogger(app.get(Logger)));
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
  // Express's json parser, as `app.useBodyParser('json', ...)` mounts it (see json-body.ts).
  app.use(jsonBody(limits.bodyLimit));
  app.use(jsonDepthGuard(MAX_JSON_DEPTH));
  app.enableCors({ origin: limits.corsOrigins.includes('*') ? true : limits.corsOrigins, maxAge: 600 });
  // Security headers. No CSP: the only HTML served is the GraphQL landing page and Swagger UI,
  // which load their own scripts.
  app.set('trust proxy', limits.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  );
  app.use(hstsOverHttps());
  app.setGlobalPrefix('api', { exclude: ['graphql', 'health/live', 'health/ready', 'metrics'] });
  app.enableShutdownHooks();
  return app;
}

export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('saloon')
    .setDescription('REST mirror of the saloon game server (GraphQL at /graphql is the primary API).')
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Seat token from createGame/join' })
    .build();
  return finishOpenApiDocument(SwaggerModule.createDocument(app, config));
}
