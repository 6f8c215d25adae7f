/** Process configuration, from the environment (documented in README.md). */
export interface AppConfig {
  port: number;
  host: string;
  redisUrl: string | null;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /** Run bot turns inside the API process (the embedded default when there is no worker). */
  inlineBots: boolean;
}

const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const level = (env.LOG_LEVEL ?? 'log').toLowerCase();
  const logLevel = level === 'info' ? 'log' : level;
  if (!LOG_LEVELS.includes(logLevel as AppConfig['logLevel'])) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    redisUrl: env.REDIS_URL?.trim() || null,
    logLevel: logLevel as AppConfig['logLevel'],
    inlineBots: (env.INLINE_BOTS ?? 'true') !== 'false',
  };
}

/** Nest logger levels at and above `level`. */
export function logLevelsFrom(level: AppConfig['logLevel']): AppConfig['logLevel'][] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}
