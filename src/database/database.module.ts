import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { DatabaseConfig } from './database.config';
import type { Database } from './database';
import { DATABASE_OPTIONS, type DatabaseModuleOptions, PrismaService } from './prisma.service';

/**
 * Global module providing PrismaService. `DatabaseModule` alone reads the environment;
 * `forRoot({ config })` picks a database explicitly; `forDatabase(db)` reuses an open one
 * (tests), leaving its closing to the caller.
 */
@Global()
@Module({ providers: [PrismaService], exports: [PrismaService] })
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions = {}): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [{ provide: DATABASE_OPTIONS, useValue: options }, PrismaService],
      exports: [PrismaService],
    };
  }

  static forConfig(config: DatabaseConfig): DynamicModule {
    return DatabaseModule.forRoot({ config });
  }

  static forDatabase(database: Database, options: { migrate?: boolean } = {}): DynamicModule {
    return DatabaseModule.forRoot({ database, migrate: options.migrate ?? false });
  }
}
