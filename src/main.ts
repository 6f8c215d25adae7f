/** The API process. Embedded default: PGlite in ./.data and bots in-process; see README. */
import { SwaggerModule } from '@nestjs/swagger';
import { createApp, openApiDocument } from './bootstrap';
import { configFromEnv } from './config';

async function main(): Promise<void> {
  const config = configFromEnv();
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
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost');
  console.log(
    `saloon listening: GraphQL ${url}/graphql (subscriptions: graphql-ws), REST ${url}/api, docs ${url}/api/docs`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
