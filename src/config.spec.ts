import { configFromEnv, DEFAULT_HTTP_LIMITS } from './config';

describe('configFromEnv: limits', () => {
  it('has documented defaults for the operation, websocket and timeout limits', () => {
    expect(configFromEnv({}).http).toMatchObject({
      maxQueryDepth: 10,
      maxQueryComplexity: 10000,
      maxGameReads: 20,
      wsConnectionsPerIp: 50,
      wsOperationsPerConnection: 50,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
    });
    expect(configFromEnv({}).http).toEqual(DEFAULT_HTTP_LIMITS);
  });

  it('reads each from its variable', () => {
    const http = configFromEnv({
      GRAPHQL_MAX_GAME_READS: '5',
      WS_MAX_CONNECTIONS_PER_IP: '7',
      WS_MAX_OPERATIONS_PER_CONNECTION: '9',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
    }).http;
    expect(http).toMatchObject({
      maxGameReads: 5,
      wsConnectionsPerIp: 7,
      wsOperationsPerConnection: 9,
      headersTimeoutMs: 1000,
      requestTimeoutMs: 2000,
    });
  });

  it.each(['GRAPHQL_MAX_GAME_READS', 'WS_MAX_CONNECTIONS_PER_IP', 'HTTP_REQUEST_TIMEOUT_MS'])(
    'refuses a %s that is not a positive integer',
    (name) => {
      expect(() => configFromEnv({ [name]: '0' })).toThrow(name);
      expect(() => configFromEnv({ [name]: 'lots' })).toThrow(name);
    },
  );
});
