/**
 * A worker in its own process, for the kill test: src/worker.ts's startWorker, TypeScript
 * compiled on the fly with SWC (the same settings Jest uses). Env: DATABASE_URL, REDIS_URL,
 * QUEUE_PREFIX, BACKOFF_MS, WEBHOOK_BACKOFF_MS, WEBHOOK_ATTEMPTS, WEBHOOK_ALLOW_PRIVATE,
 * JOB_LOCK_MS, and HANG_BOT_TURNS=true (every bot turn prints "bot turn running" and never ends:
 * SIGKILL the process then to kill a worker in the middle of a job).
 * Prints "ready" once it consumes the queues; SIGKILL it to simulate a crash.
 */
// TypeScript compiled on the fly, cached by content hash (shared with the other child processes).
require('../support/register-ts.cjs');

const { startWorker } = require('../../src/worker.ts');
const { raceEngine } = require('../support/dealt-number-engine.ts');
const { multiStepEngine } = require('./multi-step-engine.ts');

if (process.env.HANG_BOT_TURNS === 'true') {
  const { BotTurnPlayer } = require('../../src/scheduling/bot-turns.ts');
  BotTurnPlayer.prototype.playTurn = function hang() {
    process.stdout.write('bot turn running\n');
    return new Promise(() => undefined);
  };
}

startWorker({
  redisUrl: process.env.REDIS_URL,
  database: { config: { kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 3 }, migrate: false },
  engines: [raceEngine, multiStepEngine],
  scheduling: {
    queuePrefix: process.env.QUEUE_PREFIX,
    ...(process.env.BACKOFF_MS && { backoffMs: Number(process.env.BACKOFF_MS) }),
    ...(process.env.JOB_LOCK_MS && { jobLockMs: Number(process.env.JOB_LOCK_MS) }),
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
