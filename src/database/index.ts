export * from './database.config';
export * from './database';
export * from './errors';
export * from './migrate';
export * from './prisma.service';
export * from './database.module';
export * from './data-dir-lock';
