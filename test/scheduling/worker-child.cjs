/**
 * A worker in its own process, for the kill test: src/worker.ts's startWorker, TypeScript
 * compiled on the fly with SWC (the same settings Jest uses). Env: DATABASE_URL, REDIS_URL,
 * QUEUE_PREFIX, BACKOFF_MS, WEBHOOK_BACKOFF_MS, WEBHOOK_ATTEMPTS, WEBHOOK_ALLOW_PRIVATE.
 * Prints "ready" once it consumes the queues; SIGKILL it to simulate a crash.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { transformSync } = require('@swc/core');

// Compiled files are cached by content hash, so a restarted worker starts quickly.
const cacheDir = path.join(os.tmpdir(), 'saloon-worker-child-cache');
fs.mkdirSync(cacheDir, { recursive: true });

require.extensions['.ts'] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha256').update(filename).update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = transformSync(source, {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }).code;
    fs.writeFileSync(`${cached}.${process.pid}`, code);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  }
  module._compile(code, filename);
};

const { startWorker } = require('../../src/worker.ts');
const { raceEngine } = require('../support/dealt-number-engine.ts');
const { multiStepEngine } = require('./multi-step-engine.ts');

startWorker({
  redisUrl: process.env.REDIS_URL,
  database: { config: { kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 3 }, migrate: false },
  engines: [raceEngine, multiStepEngine],
  scheduling: {
    queuePrefix: process.env.QUEUE_PREFIX,
    ...(process.env.BACKOFF_MS && { backoffMs: Number(process.env.BACKOFF_MS) }),
    webhooks: {
      ...(process.env.WEBHOOK_BACKOFF_MS && { backoffMs: Number(process.env.WEBHOOK_BACKOFF_MS) }),
      ...(process.env.WEBHOOK_ATTEMPTS && { attempts: Number(process.env.WEBHOOK_ATTEMPTS) }),
      ...(process.env.WEBHOOK_ALLOW_PRIVATE === 'true' && { allowPrivateTargets: true }),
    },
  },
  logLevel: 'error',
}).then(
  () => process.stdout.write('ready\n'),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
