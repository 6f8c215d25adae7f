/** The API process. Embedded default: PGlite in ./.data and bots in-process; see README. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SwaggerModule } from '@nestjs/swagger';
import { createApp, openApiDocument } from './bootstrap';
import { configFromEnv, listenUrl, runtimeWarning } from './config';
import { DataDirLockedError, reserveDataDir } from './database/data-dir-lock';
import { databaseConfigFromEnv } from './database/database.config';
import { flushLogs } from './ops/logging';

async function main(): Promise<void> {
  const config = configFromEnv();
  const warning = runtimeWarning(process.versions.node);
  if (warning) console.warn(`saloon: ${warning}`);
  const database = databaseConfigFromEnv();
  // Embedded PGlite: one process per DATA_DIR. Refuse a second one before anything starts.
  if (database.kind === 'pglite' && database.dataDir !== 'memory') reserveDataDir(database.dataDir);
  const app = await createApp(
    {
      redisUrl: config.redisUrl,
      inlineBots: config.inlineBots,
      allowTestControls: config.allowTestControls,
      http: config.http,
      scheduling: { webhooks: config.webhooks },
    },
    config.logLevel,
  );
  SwaggerModule.setup('api/docs', app, openApiDocument(app));
  await app.listen(config.port, config.host);
  const url = listenUrl(config.host, (app.getHttpServer() as Server).address() as AddressInfo);
  // Last, after every start-up log line (written out first: the JSON logger writes in batches).
  flushLogs();
  console.log(
    `saloon listening: GraphQL ${url}/graphql (subscriptions: graphql-ws), REST ${url}/api, docs ${url}/api/docs`,
  );
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError ? `saloon: ${error.message}` : error);
  process.exit(1);
});
