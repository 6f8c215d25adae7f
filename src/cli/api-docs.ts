/**
 * The committed API documents: openapi/openapi.json (REST) and openapi/schema.graphql (GraphQL
 * SDL). `npm run api:docs` rewrites them; a test fails when they are stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createApp, openApiDocument } from '../bootstrap';
import { openDatabase } from '../database/database';

export async function renderApiDocs(): Promise<{ openapi: string; sdl: string }> {
  // The documents do not depend on data: an in-memory database that is never touched suffices.
  const database = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const app = await createApp({ database: { database, migrate: false }, inlineBots: false }, 'error');
  try {
    await app.init();
    const openapi = `${JSON.stringify(openApiDocument(app), null, 2)}\n`;
    const { schema } = app.get(GraphQLSchemaHost);
    const sdl = `${printSchema(lexicographicSortSchema(schema))}\n`;
    return { openapi, sdl };
  } finally {
    await app.close();
    await database.close();
  }
}

export const API_DOC_PATHS = {
  openapi: join('openapi', 'openapi.json'),
  sdl: join('openapi', 'schema.graphql'),
};

if (require.main === module) {
  renderApiDocs()
    .then(({ openapi, sdl }) => {
      writeFileSync(API_DOC_PATHS.openapi, openapi);
      writeFileSync(API_DOC_PATHS.sdl, sdl);
      console.log(`wrote ${API_DOC_PATHS.openapi} and ${API_DOC_PATHS.sdl}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
