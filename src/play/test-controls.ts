/**
 * Test controls: a client-chosen seed and the engines' test-only options (GameEngine.testOptions)
 * fix what chance would decide, so the server refuses them unless the operator allows them
 * (ALLOW_TEST_CONTROLS, for tests, simulations and benchmarks). Even then the test-only options'
 * values are kept out of the public `options` (they may be secret, like Bang!'s roles): they are
 * stored apart and given to `setup` only.
 */
import type { AnyGameEngine, Json } from '../games/engine';
import { GameError } from './errors';

export const TEST_CONTROLS_DISABLED = 'TEST_CONTROLS_DISABLED';

function given(options: unknown, key: string): boolean {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  const value = (options as Record<string, unknown>)[key];
  return value !== undefined && value !== null;
}

/** Refuse a client seed or test-only options unless the operator allows test controls. */
export function checkTestControls(
  engine: AnyGameEngine,
  input: { seed?: unknown; options?: unknown },
  allowed: boolean,
): void {
  if (allowed) return;
  if (input.seed !== undefined && input.seed !== null) {
    throw new GameError(
      'FORBIDDEN',
      'this server draws every game secret itself: a client seed needs the operator setting ALLOW_TEST_CONTROLS',
      { field: 'seed', ruleCode: TEST_CONTROLS_DISABLED },
    );
  }
  const test = (engine.testOptions ?? []).filter((key) => given(input.options, key));
  if (test.length > 0) {
    throw new GameError(
      'FORBIDDEN',
      `option(s) ${test.join(', ')} are for tests only: they need the operator setting ALLOW_TEST_CONTROLS`,
      { field: `options.${test[0]}`, ruleCode: TEST_CONTROLS_DISABLED },
    );
  }
}

/** Parsed options split into what is published and the test-only values (null: none set). */
export function separateTestOptions(
  engine: AnyGameEngine,
  parsed: Json,
): { options: Json; testOptions: Record<string, Json> | null } {
  const keys = (engine.testOptions ?? []).filter((key) => given(parsed, key));
  if (keys.length === 0) return { options: parsed, testOptions: null };
  const options = { ...(parsed as Record<string, Json>) };
  const testOptions: Record<string, Json> = {};
  for (const key of keys) {
    testOptions[key] = options[key];
    delete options[key];
  }
  return { options, testOptions };
}

/** The options `setup` is given: the published ones with the test-only values put back. */
export function setupOptions(options: Json, testOptions: unknown): Json {
  if (!testOptions || typeof testOptions !== 'object') return options;
  return { ...(options as Record<string, Json>), ...(testOptions as Record<string, Json>) };
}
