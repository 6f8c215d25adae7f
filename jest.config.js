// Jest runs TypeScript through SWC. NestJS 12 and a few of its dependencies ship ESM only, so
// those packages are transformed too (see ../shared/STACK-NOTES.md).
const esmOnly = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  // pulled in by the Parquet writer
  'uuid',
];

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const { scale } = require('./test/support/time-scale.cjs');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  maxWorkers: 2,
  // Generous: service-backed suites share 2 cores; no test asserts on time. Stretched on a loaded
  // machine (test/support/time-scale.cjs; TEST_TIME_SCALE=n to set the factor).
  testTimeout: 240000 * scale,
};
