import pino from 'pino';
/** Start-up and logs (issue #11.8): readable on a terminal, JSON otherwise, routes at debug. */
import { Writable } from 'node:stream';
import type { LoggerService } from '@nestjs/common';
import { listenUrl, runtimeWarning } from '../../src/config';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  batchedDestination,
  compactSerializers,
  ConciseLogger,
  flushLogs,
  LOG_BATCH_BYTES,
  LOG_FLUSH_MS,
  logDestination,
  logFormatFrom,
} from '../../src/ops/logging';

describe('log format', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'PRETTY' }, false)).toBe('pretty');
    expect(() => logFormatFrom({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT must be pretty or json/);
  });

  it('JSON goes out in batches: a line waits until a batch fills, the flush or exit', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'saloon-log-')), 'out.log');
    const stream = batchedDestination(file);
    await once(stream, 'ready'); // a path opens asynchronously (stdout is open from the start)
    stream.write(`${JSON.stringify({ level: 30, msg: 'first' })}\n`);
    expect(readFileSync(file, 'utf8')).toBe('');
    flushLogs();
    expect(readFileSync(file, 'utf8')).toContain('"first"');
    const line = `${JSON.stringify({ level: 30, msg: 'x'.repeat(100) })}\n`;
    for (let i = 0; i * line.length < LOG_BATCH_BYTES + line.length; i++) stream.write(line);
    stream.flushSync();
    expect(readFileSync(file, 'utf8').split('\n').length).toBeGreaterThan(LOG_BATCH_BYTES / line.length);
    stream.end();
  });

  it('a destroyed batch stream stops its periodic flush instead of throwing from a timer', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'saloon-log-')), 'out.log');
      const stream = batchedDestination(file);
      await once(stream, 'ready');
      stream.destroy(); // as when a test's server closes the stream under it
      // On main this threw "SonicBoom destroyed" from the interval, failing whatever suite ran.
      expect(() => jest.advanceTimersByTime(3 * LOG_FLUSH_MS)).not.toThrow();
      expect(() => flushLogs()).not.toThrow();
    } finally {
      jest.useRealTimers();
    }
  });

  it('pretty is a synchronous stream that renders one readable line', () => {
    const written: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const stream = logDestination('pretty', output)!;
    stream.write(`${JSON.stringify({ level: 30, time: 0, context: 'Play', msg: 'hello' })}\n`);
    expect(written.join('')).toMatch(/INFO.*\[Play\] hello/);
    expect(written.join('')).not.toContain('{');
  });

  it('logs requests without their headers', () => {
    const req = {
      id: 'r1',
      method: 'GET',
      url: '/api/games',
      remoteAddress: '::1',
      headers: { a: 'x'.repeat(900) },
    };
    expect(compactSerializers.req(req)).toEqual({
      id: 'r1',
      method: 'GET',
      url: '/api/games',
      remoteAddress: '::1',
    });
    expect(compactSerializers.res({ statusCode: 200 })).toEqual({ statusCode: 200 });
  });

  it('writes no Authorization or cookie into a request line, so no redact paths are needed', () => {
    const lines: string[] = [];
    const logger = pino({ serializers: compactSerializers }, { write: (line: string) => lines.push(line) });
    const headers = { authorization: 'Bearer seat_SECRET', cookie: 'sid=SECRET' };
    const req = { id: 'r1', method: 'POST', url: '/graphql', remoteAddress: '::1', headers };
    logger.child({ req }).info({ res: { statusCode: 200 } }, 'request completed');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      req: { id: 'r1', url: '/graphql' },
      res: { statusCode: 200 },
    });
    expect(lines[0]).not.toContain('SECRET');
  });
});

describe('ConciseLogger', () => {
  function fake() {
    const calls: [string, unknown[]][] = [];
    const record =
      (level: string) =>
      (...args: unknown[]) =>
        void calls.push([level, args]);
    const inner: LoggerService = {
      log: record('log'),
      error: record('error'),
      warn: record('warn'),
      debug: record('debug'),
    };
    return { calls, logger: new ConciseLogger(inner) };
  }

  it("moves Nest's route and module lines to debug and keeps the rest", () => {
    const { calls, logger } = fake();
    logger.log('Mapped {/api/games, GET} route', 'RouterExplorer');
    logger.log('GamesController {/api/games}:', 'RoutesResolver');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Mapped {/graphql, POST} route', 'GraphQLModule');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('careful', 'Play');
    expect(calls.map(([level]) => level)).toEqual(['debug', 'debug', 'debug', 'debug', 'log', 'warn']);
    expect(calls[4][1]).toEqual(['Nest application successfully started', 'NestApplication']);
  });
});

describe('listenUrl', () => {
  it("prints the README's host name for the wildcard addresses, the bound port", () => {
    expect(listenUrl('0.0.0.0', { port: 3000 })).toBe('http://localhost:3000');
    expect(listenUrl('::', { port: 3000 })).toBe('http://localhost:3000');
    expect(listenUrl('127.0.0.1', { port: 41234 })).toBe('http://127.0.0.1:41234');
    expect(listenUrl('::1', { port: 3000 })).toBe('http://[::1]:3000');
  });
});

describe('runtimeWarning', () => {
  it('warns below Node 24 only', () => {
    expect(runtimeWarning('20.19.0')).toMatch(/Node 20\.19\.0 is not supported.*Node 24 LTS/);
    expect(runtimeWarning('24.18.0')).toBeNull();
    expect(runtimeWarning('26.0.0')).toBeNull();
  });
});
