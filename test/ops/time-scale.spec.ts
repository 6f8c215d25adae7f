/** Test budgets scale with the machine's load (issue #11.6); see test/support/time-scale.cjs. */
import { cpus, loadavg } from 'node:os';
import { scale, scaled, timeScale } from '../support/time-scale.cjs';

it('takes TEST_TIME_SCALE when given, else follows the load per core, between 1 and 10', () => {
  expect(timeScale({ TEST_TIME_SCALE: '3' })).toBe(3);
  expect(timeScale({ TEST_TIME_SCALE: '0.5' })).toBe(timeScale({}));
  const fromLoad = timeScale({});
  expect(fromLoad).toBeGreaterThanOrEqual(1);
  expect(fromLoad).toBeLessThanOrEqual(10);
  expect(fromLoad).toBeGreaterThanOrEqual(Math.min(10, Math.floor(loadavg()[0] / cpus().length)));
});

it('stretches budgets by the process-wide scale', () => {
  expect(scaled(1000)).toBe(Math.round(1000 * scale));
  expect(scale).toBeGreaterThanOrEqual(1);
});
