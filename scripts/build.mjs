#!/usr/bin/env node
// Compiles the sources to dist/ (tsc -p tsconfig.build.json), only when they changed.
//
// `npm start` and every CLI (`simulate`, `export`, `db:migrate`, ...) build first; a full tsc run
// takes 15-25 s on a quiet machine. This script hashes what the build reads (src/ with the
// generated Prisma client, bench/, scripts/**/*.ts, openapi/schemas/, the tsconfig files,
// package-lock.json) and
// skips tsc when dist/ was built from exactly that; otherwise tsc runs incrementally (build info
// in dist/.tsbuildinfo), so a small change recompiles quickly. `--force` always runs tsc.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'dist', '.build-hash');
const force = process.argv.includes('--force');

function* files(dir, keep) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path, keep);
    else if (keep(entry.name)) yield path;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  const sources = (name) => /\.(ts|mts|cts|json)$/.test(name) || name === '.generated-hash';
  const inputs = [
    ...files(join(root, 'src'), sources),
    ...files(join(root, 'bench'), (name) => name.endsWith('.ts')),
    ...files(join(root, 'scripts'), (name) => name.endsWith('.ts')),
    // src/api/payloads imports the generated JSON Schemas (npm run api:docs rewrites them).
    ...files(join(root, 'openapi', 'schemas'), (name) => name.endsWith('.json')),
    ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((f) => join(root, f)),
    fileURLToPath(import.meta.url),
  ].sort();
  for (const file of inputs) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const expected = inputsHash();
const built = existsSync(stampFile) && existsSync(join(root, 'dist', 'src', 'main.js'));
if (!force && built && readFileSync(stampFile, 'utf8').trim() === expected) {
  console.log('build: dist/ is up to date with the sources, skipping tsc.');
  process.exit(0);
}
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
const args = [tsc, '-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo'];
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, `${expected}\n`);
