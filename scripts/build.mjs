#!/usr/bin/env node
// Compiles the sources to dist/ (tsc -p tsconfig.build.json) and the web client to dist/web (Vite),
// each only when its sources changed.
//
// `npm start` and every CLI (`simulate`, `export`, `db:migrate`, ...) build first; a full tsc run
// takes 15-25 s on a quiet machine. This script hashes what the build reads (src/ with the
// generated Prisma client, bench/, scripts/**/*.ts, openapi/schemas/, the tsconfig files,
// package-lock.json) and
// skips tsc when dist/ was built from exactly that; otherwise tsc runs incrementally (build info
// in dist/.tsbuildinfo), so a small change recompiles quickly. The web client (web/) has its own
// hash in dist/web/.build-hash. `--force` always builds; `--web` builds only the web client
// (the browser tests call that).
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

function hashOf(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function inputsHash() {
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
  return hashOf(inputs);
}

function buildServer() {
  const expected = inputsHash();
  const built = existsSync(stampFile) && existsSync(join(root, 'dist', 'src', 'main.js'));
  if (!force && built && readFileSync(stampFile, 'utf8').trim() === expected) {
    console.log('build: dist/ is up to date with the sources, skipping tsc.');
    return;
  }
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const args = [tsc, '-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo'];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${expected}\n`);
}

/**
 * The web client: everything under web/ (but its own node_modules cache), the game data it imports
 * (src/games/carson-city/data) and the lock file.
 */
function buildWeb() {
  const webDir = join(root, 'web');
  const outDir = join(root, 'dist', 'web');
  const webStamp = join(outDir, '.build-hash');
  const inputs = [
    ...files(webDir, () => true),
    ...files(join(root, 'src', 'games', 'carson-city', 'data'), () => true),
    join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ]
    .filter((f) => !relative(webDir, f).startsWith('node_modules'))
    .sort();
  const expected = hashOf(inputs);
  const built = existsSync(webStamp) && existsSync(join(outDir, 'index.html'));
  if (!force && built && readFileSync(webStamp, 'utf8').trim() === expected) {
    console.log('build: dist/web is up to date with web/, skipping vite.');
    return;
  }
  const vite = join(
    dirname(createRequire(join(root, 'package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  const args = [vite, 'build', '--config', join(webDir, 'vite.config.mts'), '--logLevel', 'warn'];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(webStamp, `${expected}\n`);
  console.log('build: web client built into dist/web.');
}

if (!process.argv.includes('--web')) buildServer();
buildWeb();
