// Prisma CLI configuration (Prisma 7 reads connection URLs from here, not from schema.prisma).
//
// With internet access the normal CLI works: `npx prisma migrate dev|deploy|diff` against
// DATABASE_URL (and SHADOW_DATABASE_URL for `migrate dev`). Offline, use `npm run
// prisma:generate` (scripts/prisma-generate.mjs) for the client and src/cli/migrate.ts to apply
// migrations; both follow the same prisma/migrations folder and `_prisma_migrations` table.
//
// The URL is optional so that `prisma generate` works without a database configured; commands
// that need a database report the missing URL themselves.
import { defineConfig } from 'prisma/config';

try {
  // Node >= 20.12: load a local .env if present (Prisma 7 no longer does it for us).
  process.loadEnvFile?.();
} catch {
  // no .env: fine
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL,
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
