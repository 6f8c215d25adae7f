import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DatabaseModule } from '../../src/database/database.module';
import { PrismaService } from '../../src/database/prisma.service';
import { createTestPglite, createTestPostgres } from '../support/database';

// A consumer in another module: DatabaseModule is global, so no import is needed.
@Injectable()
class GameCounter {
  constructor(private readonly prisma: PrismaService) {}
  count(): Promise<number> {
    return this.prisma.client.game.count();
  }
}

@Module({ providers: [GameCounter], exports: [GameCounter] })
class FeatureModule {}

describe('PrismaService / DatabaseModule', () => {
  it('opens PGlite from a config, migrates on init and closes on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DatabaseModule.forRoot({ config: { kind: 'pglite', dataDir: 'memory' } }), FeatureModule],
    }).compile();
    const app = await moduleRef.init();
    const prisma = app.get(PrismaService);
    expect(prisma.kind).toBe('pglite');
    expect(prisma.pglite).toBeDefined();
    expect(prisma.pool).toBeUndefined();
    expect(await app.get(GameCounter).count()).toBe(0);
    await app.close();
    expect(prisma.pglite?.closed).toBe(true);
  });

  it('reads the environment when imported plainly (DATA_DIR=memory)', async () => {
    const previous = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = 'memory';
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [DatabaseModule, FeatureModule],
      }).compile();
      const app = await moduleRef.init();
      expect(app.get(PrismaService).kind).toBe('pglite');
      expect(await app.get(GameCounter).count()).toBe(0);
      await app.close();
    } finally {
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('reuses an open PostgreSQL database without closing it (forDatabase)', async () => {
    const db = await createTestPostgres();
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [DatabaseModule.forDatabase(db), FeatureModule],
      }).compile();
      const app = await moduleRef.init();
      const prisma = app.get(PrismaService);
      expect(prisma.kind).toBe('postgres');
      expect(prisma.client).toBe(db.client);
      expect(prisma.pool).toBe(db.pool);
      expect(await app.get(GameCounter).count()).toBe(0);
      await app.close();
      // Still usable: the test owns it.
      expect(await db.client.game.count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('forDatabase works with PGlite too', async () => {
    const db = await createTestPglite();
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [DatabaseModule.forDatabase(db)],
      }).compile();
      const app = await moduleRef.init();
      expect(app.get(PrismaService).client).toBe(db.client);
      await app.close();
      expect(db.pglite.closed).toBe(false);
    } finally {
      await db.close();
    }
  });
});
