// Applies pending migrations (prisma/migrations) to the configured database and exits.
//   DATABASE_URL=postgres://... node dist/src/cli/migrate.js     (PostgreSQL)
//   DATA_DIR=./.data/pglite node dist/src/cli/migrate.js         (embedded PGlite; the default)
// Equivalent to `prisma migrate deploy`, without the Prisma CLI's native engine.
import { databaseConfigFromEnv, describeDatabaseConfig } from '../database/database.config';
import { openDatabase } from '../database/database';
import { migrate } from '../database/migrate';

async function main(): Promise<void> {
  const config = databaseConfigFromEnv();
  const log = (message: string) => console.log(`[migrate] ${message}`);
  log(`Target: ${describeDatabaseConfig(config)}`);
  const db = openDatabase(config);
  try {
    const result = await migrate(db, { log });
    log(`Applied ${result.applied.length}, already applied ${result.alreadyApplied.length}.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('[migrate] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
