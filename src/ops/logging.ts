/**
 * How the processes log: JSON lines (pino) for machines, readable lines on a terminal; Nest's
 * start-up chatter (a line per route and per module) at debug level; requests as one short line.
 *   LOG_FORMAT=pretty|json   default: pretty when stdout is a terminal, else json
 */
import type { LoggerService } from '@nestjs/common';
import { type DestinationStream, destination } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

export function logFormatFrom(env: NodeJS.ProcessEnv, stdoutIsTty: boolean): LogFormat {
  const given = env.LOG_FORMAT?.trim().toLowerCase();
  if (!given) return stdoutIsTty ? 'pretty' : 'json';
  if (given !== 'pretty' && given !== 'json')
    throw new Error(`LOG_FORMAT must be pretty or json, got "${env.LOG_FORMAT}"`);
  return given;
}

/** Bytes of JSON lines gathered before one write (#17: a write per line was ~5% of a command). */
export const LOG_BATCH_BYTES = 4096;
/** The longest a gathered line waits to be written. */
export const LOG_FLUSH_MS = 1000;

type SonicBoom = ReturnType<typeof destination>;

/**
 * JSON lines to `dest` (a file descriptor or path) in writes of at least LOG_BATCH_BYTES, and at
 * least every LOG_FLUSH_MS, on flushLogs() and at exit. A process killed outright (SIGKILL) loses
 * at most that second's lines.
 */
export function batchedDestination(dest: number | string): SonicBoom {
  const stream = destination({ dest, minLength: LOG_BATCH_BYTES, sync: false, mkdir: false });
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // not open yet, or already closed: nothing to flush
    }
  };
  flushers.add(flush);
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      stop(); // destroyed (e.g. its file descriptor closed): nothing will be written any more
    }
  }, LOG_FLUSH_MS).unref();
  const stop = () => {
    clearInterval(timer);
    flushers.delete(flush);
  };
  stream.once('close', stop);
  return stream;
}

const flushers = new Set<() => void>();
process.once('exit', () => flushLogs());

/** Writes every gathered log line now (e.g. before the "listening" line, and at exit). */
export function flushLogs(): void {
  for (const flush of flushers) flush();
}

let stdout: SonicBoom | undefined;

/** Where pino writes: stdout as batched JSON lines, or a synchronous prettifier. */
export function logDestination(format: LogFormat, output?: NodeJS.WritableStream): DestinationStream {
  if (format === 'json') return (stdout ??= batchedDestination(1));
  return pretty({
    ...(output && { destination: output }),
    sync: true, // in order with console output, e.g. the "listening" line printed last
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime',
    messageFormat:
      '{if context}[{context}] {end}{msg}{if req} {req.method} {req.url} -> {res.statusCode} ({responseTime} ms){end}',
  });
}

interface SerializedReq {
  id?: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
}

/** pino-http's serializers: the request without its headers (they made each line about 1 KB). */
export const compactSerializers = {
  req: (req: SerializedReq) => ({
    id: req.id,
    method: req.method,
    url: req.url,
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

/** Contexts whose `log` lines are start-up details (routes mapped, modules initialised). */
const STARTUP_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader']);

export function isStartupDetail(message: unknown, params: unknown[]): boolean {
  const context = params.at(-1);
  if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return true;
  return typeof message === 'string' && message.startsWith('Mapped {');
}

/** Nest's logger with the start-up details moved from `log` to `debug`. */
export class ConciseLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    if (isStartupDetail(message, params)) this.inner.debug?.(message, ...params);
    else this.inner.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose?.(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...params);
  }
}
