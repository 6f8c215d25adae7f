/** Builds the Nest application with the settings every entry point shares (server, tests, scripts). */
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AppModule, type AppOptions } from './app.module';
import { logLevelsFrom, type AppConfig } from './config';

export async function createApp(
  options: AppOptions = {},
  logLevel: AppConfig['logLevel'] = 'warn',
): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(options), {
    logger: logLevelsFrom(logLevel),
    bodyParser: true,
  });
  app.setGlobalPrefix('api', { exclude: ['graphql'] });
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
  return SwaggerModule.createDocument(app, config);
}
