/** The API process. Embedded default: PGlite in ./.data and bots in-process; see README. */
import { SwaggerModule } from '@nestjs/swagger';
import { createApp, openApiDocument } from './bootstrap';
import { configFromEnv } from './config';
import { DataDirLockedError, reserveDataDir } from './database/data-dir-lock';
import { databaseConfigFromEnv } from './database/database.config';

async function main(): Promise<void> {
  const config = configFromEnv();
  const database = databaseConfigFromEnv();
  // Embedded PGlite: one process per DATA_DIR. Refuse a second one before anything starts.
  if (database.kind === 'pglite' && database.dataDir !== 'memory') reserveDataDir(database.dataDir);
  const app = await createApp(
    { redisUrl: config.redisUrl, inlineBots: config.inlineBots, http: config.http },
    config.logLevel,
  );
  SwaggerModule.setup('api/docs', app, openApiDocument(app));
  await app.listen(config.port, config.host);
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost');
  console.log(
    `saloon listening: GraphQL ${url}/graphql (subscriptions: graphql-ws), REST ${url}/api, docs ${url}/api/docs`,
  );
}

main().catch((error) => {
  console.error(error instanceof DataDirLockedError ? `saloon: ${error.message}` : error);
  process.exit(1);
});
