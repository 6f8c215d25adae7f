/** Process configuration, from the environment (documented in README.md). */
import { DEFAULT_WEBHOOK_OPTIONS } from './webhooks/webhook.service';

export interface AppConfig {
  port: number;
  host: string;
  redisUrl: string | null;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  /** Run bot turns inside the API process (the embedded default when there is no worker). */
  inlineBots: boolean;
  /** Accept client seeds and test-only game options (tests, simulations, benchmarks only). */
  allowTestControls: boolean;
  http: HttpLimits;
  webhooks: WebhookSettings;
}

/** Webhook targets and caps (WebhookOptions' operator settings). */
export interface WebhookSettings {
  allowPrivateTargets: boolean;
  maxPerGame: number;
  maxPerSeat: number;
}

export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  return {
    allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    maxPerGame: positiveInt(env, 'WEBHOOKS_PER_GAME', DEFAULT_WEBHOOK_OPTIONS.maxPerGame),
    maxPerSeat: positiveInt(env, 'WEBHOOKS_PER_SEAT', DEFAULT_WEBHOOK_OPTIONS.maxPerSeat),
  };
}

export interface HttpLimits {
  /** Requests per minute per valid seat token (per client IP without one, or with an unknown one). */
  rateLimitPerMinute: number;
  /** Games created per hour per client IP. */
  createGamesPerHour: number;
  /** Express `trust proxy`: false, true, a hop count, or addresses/subnets (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  maxQueryDepth: number;
  maxQueryComplexity: number;
  /** Reads of a game's state (view, legalCommands, stateAt, events) per GraphQL operation. */
  maxGameReads: number;
  /** Open websocket connections per client IP. */
  wsConnectionsPerIp: number;
  /** Operations (subscriptions and queries in flight) per websocket connection. */
  wsOperationsPerConnection: number;
  /** Time a client has to send a request's headers (ms). */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included (ms). */
  requestTimeoutMs: number;
  /** Allowed CORS origins; ['*'] = any. */
  corsOrigins: string[];
  /** Largest accepted JSON body, e.g. '100kb'. */
  bodyLimit: string;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  rateLimitPerMinute: 1200,
  createGamesPerHour: 60,
  trustProxy: false,
  maxQueryDepth: 10,
  maxQueryComplexity: 10000,
  maxGameReads: 20,
  wsConnectionsPerIp: 50,
  wsOperationsPerConnection: 50,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  corsOrigins: ['*'],
  bodyLimit: '100kb',
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function booleanSetting(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/**
 * TRUST_PROXY as Express takes it: unset/`false` = the socket's address is the client; a number =
 * that many proxies in front (the client is that many hops from the right of X-Forwarded-For);
 * anything else = the proxies' addresses or subnets, comma-separated (`loopback`, `10.0.0.0/8`);
 * `true` trusts every hop, so a client can claim any IP: only for a proxy that overwrites the header.
 */
export function trustProxyFrom(raw: string | undefined): boolean | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
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
    allowTestControls: booleanSetting(env, 'ALLOW_TEST_CONTROLS', false),
    http: {
      rateLimitPerMinute: positiveInt(env, 'RATE_LIMIT_PER_MINUTE', DEFAULT_HTTP_LIMITS.rateLimitPerMinute),
      createGamesPerHour: positiveInt(
        env,
        'RATE_LIMIT_CREATE_PER_HOUR',
        DEFAULT_HTTP_LIMITS.createGamesPerHour,
      ),
      trustProxy: trustProxyFrom(env.TRUST_PROXY),
      maxQueryDepth: positiveInt(env, 'GRAPHQL_MAX_DEPTH', DEFAULT_HTTP_LIMITS.maxQueryDepth),
      maxQueryComplexity: positiveInt(env, 'GRAPHQL_MAX_COMPLEXITY', DEFAULT_HTTP_LIMITS.maxQueryComplexity),
      maxGameReads: positiveInt(env, 'GRAPHQL_MAX_GAME_READS', DEFAULT_HTTP_LIMITS.maxGameReads),
      wsConnectionsPerIp: positiveInt(
        env,
        'WS_MAX_CONNECTIONS_PER_IP',
        DEFAULT_HTTP_LIMITS.wsConnectionsPerIp,
      ),
      wsOperationsPerConnection: positiveInt(
        env,
        'WS_MAX_OPERATIONS_PER_CONNECTION',
        DEFAULT_HTTP_LIMITS.wsOperationsPerConnection,
      ),
      headersTimeoutMs: positiveInt(env, 'HTTP_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.headersTimeoutMs),
      requestTimeoutMs: positiveInt(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_LIMITS.requestTimeoutMs),
      corsOrigins: (env.CORS_ORIGINS ?? '*')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
      bodyLimit: env.BODY_LIMIT ?? DEFAULT_HTTP_LIMITS.bodyLimit,
    },
    webhooks: webhookSettingsFromEnv(env),
  };
}

/** Nest logger levels at and above `level`. */
export function logLevelsFrom(level: AppConfig['logLevel']): AppConfig['logLevel'][] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}

/**
 * The base URL to print once listening: the wildcard addresses (HOST 0.0.0.0 or ::, the default)
 * as `localhost`, the port actually bound (PORT=0 picks one).
 */
export function listenUrl(host: string, address: { port: number }): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${address.port}`;
}

/** The supported runtime is Node 24 LTS (package.json "engines"); older majors get a warning. */
export const SUPPORTED_NODE_MAJOR = 24;

export function runtimeWarning(nodeVersion: string): string | null {
  const major = Number(nodeVersion.split('.')[0]);
  if (major >= SUPPORTED_NODE_MAJOR) return null;
  return (
    `Node ${nodeVersion} is not supported (end of life or untested); use Node ${SUPPORTED_NODE_MAJOR} LTS. ` +
    'Starting anyway; some dependencies (e.g. the Parquet export) require Node 24.'
  );
}
