#!/usr/bin/env node
// Generates the Prisma client (src/generated/prisma) offline and reliably.
//
// Why this script exists: every Prisma CLI command, `generate` included, tries to download the
// native schema engine when it is missing, which fails without internet. `generate` never uses
// that engine, so we point PRISMA_SCHEMA_ENGINE_BINARY at a throwaway stub executable created in
// the OS temp dir (nothing binary is committed). A user-provided PRISMA_SCHEMA_ENGINE_BINARY wins.
//
// It skips the (2-3 s) generation when the generated client already matches the schema: a hash
// of schema.prisma, prisma.config.ts, the Prisma versions and this script is stored beside the
// output. `--force` (or PRISMA_GENERATE_FORCE=1) always regenerates.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const schemaPath = join(root, 'prisma', 'schema.prisma');
const configPath = join(root, 'prisma.config.ts');
const outputDir = join(root, 'src', 'generated', 'prisma');
const hashFile = join(outputDir, '.generated-hash');
const force = process.argv.includes('--force') || process.env.PRISMA_GENERATE_FORCE === '1';

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    return 'missing';
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of [schemaPath, configPath, fileURLToPath(import.meta.url)]) {
    hash
      .update(file)
      .update('\0')
      .update(existsSync(file) ? readFileSync(file) : 'absent')
      .update('\0');
  }
  hash.update(`prisma@${packageVersion('prisma')} @prisma/client@${packageVersion('@prisma/client')}`);
  return hash.digest('hex');
}

const expected = inputsHash();
if (!force && existsSync(join(outputDir, 'client.ts')) && existsSync(hashFile)) {
  if (readFileSync(hashFile, 'utf8').trim() === expected) {
    console.log('prisma:generate: client is up to date (src/generated/prisma), skipping.');
    process.exit(0);
  }
}

const env = {
  ...process.env,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
  PRISMA_TELEMETRY_DISABLED: '1',
};

let stubDir;
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  stubDir = mkdtempSync(join(tmpdir(), 'saloon-prisma-stub-'));
  const isWindows = process.platform === 'win32';
  const stub = join(stubDir, isWindows ? 'schema-engine.cmd' : 'schema-engine');
  writeFileSync(stub, isWindows ? '@exit /b 0\r\n' : '#!/bin/sh\nexit 0\n');
  chmodSync(stub, 0o755);
  env.PRISMA_SCHEMA_ENGINE_BINARY = stub;
}

let status = 1;
try {
  const cli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
  const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schemaPath], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  status = result.status ?? 1;
} finally {
  if (stubDir) rmSync(stubDir, { recursive: true, force: true });
}

if (status !== 0) {
  console.error(`prisma:generate: \`prisma generate\` failed (exit ${status}).`);
  process.exit(status);
}
if (!existsSync(join(outputDir, 'client.ts'))) {
  console.error(`prisma:generate: expected ${join(outputDir, 'client.ts')} after generation, found nothing.`);
  process.exit(1);
}
writeFileSync(hashFile, `${expected}\n`);
