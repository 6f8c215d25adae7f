// The Nest face of the database: owns the connection for the application's lifetime.
// The client exists from construction (so other providers can keep a reference); migrations are
// applied in onModuleInit, before the application starts listening; the connection is closed in
// onApplicationShutdown, after every onModuleDestroy hook had the chance to flush its writes.
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client';
import {
  type DatabaseConfig,
  type DatabaseKind,
  databaseConfigFromEnv,
  describeDatabaseConfig,
} from './database.config';
import { type Database, openDatabase } from './database';

export const DATABASE_OPTIONS = Symbol('saloon:DATABASE_OPTIONS');

export interface DatabaseModuleOptions {
  /** Where to connect; default: from the environment (DATABASE_URL / DATA_DIR). */
  config?: DatabaseConfig;
  /** Use an already open database instead (e.g. from test/support); it is not closed on shutdown. */
  database?: Database;
  /** Apply pending migrations on startup (default true). */
  migrate?: boolean;
}

@Injectable()
export class PrismaService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  readonly database: Database;
  private readonly owned: boolean;
  private readonly runMigrations: boolean;

  constructor(@Optional() @Inject(DATABASE_OPTIONS) options?: DatabaseModuleOptions) {
    this.owned = !options?.database;
    this.database = options?.database ?? openDatabase(options?.config ?? databaseConfigFromEnv());
    this.runMigrations = options?.migrate ?? true;
  }

  /** The generated, typed Prisma client. */
  get client(): PrismaClient {
    return this.database.client;
  }

  get kind(): DatabaseKind {
    return this.database.kind;
  }

  /** The raw `pg` pool (PostgreSQL only). */
  get pool(): pg.Pool | undefined {
    return this.database.kind === 'postgres' ? this.database.pool : undefined;
  }

  /** The PGlite instance (PGlite only). */
  get pglite(): PGlite | undefined {
    return this.database.kind === 'pglite' ? this.database.pglite : undefined;
  }

  async onModuleInit(): Promise<void> {
    this.logger.log(`Using ${describeDatabaseConfig(this.database.config)}`);
    if (!this.runMigrations) return;
    const result = await this.database.migrate({ log: (message) => this.logger.log(message) });
    for (const warning of result.warnings) this.logger.warn(warning);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.owned) await this.database.close();
  }
}
