/**
 * How much slower than a quiet machine this one is, for test budgets (never for assertions on
 * speed: those belong in `npm run bench`). TEST_TIME_SCALE=n sets it; otherwise it follows the
 * load: ceil(1-minute load average / cores), at least 1, at most 10. jest.config.js multiplies
 * the per-test timeout by it, and test helpers that wait for an event multiply their give-up time.
 */
const os = require('node:os');

function timeScale(env = process.env) {
  const given = Number(env.TEST_TIME_SCALE);
  if (Number.isFinite(given) && given >= 1) return given;
  const perCore = os.loadavg()[0] / Math.max(1, os.cpus().length);
  return Math.min(10, Math.max(1, Math.ceil(perCore)));
}

/** `ms` stretched by the machine's time scale (read once per process). */
const scale = timeScale();
function scaled(ms) {
  return Math.round(ms * scale);
}

module.exports = { timeScale, scaled, scale };
