/**
 * Limits on connections (issue #10 items 3 and 7): operations over graphql-ws pass the same
 * depth/complexity/game-read checks as over HTTP and get the same error codes; one connection may
 * run only so many operations at once; one IP may hold only so many websockets; a client that
 * sends its headers or body too slowly is cut off (408) instead of holding the socket for good.
 */
import { connect } from 'node:net';
import type { Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestPglite } from '../support/database';
import { collect, startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';
import type { Database } from '../../src/database/database';

const WS_PER_IP = 3;
const OPS_PER_CONNECTION = 2;
const TIMEOUT_MS = 1500;

/** Runs one operation over graphql-ws; resolves with its first result or its errors. */
function once(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
) {
  return new Promise<{
    data?: unknown;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  }>((resolve) => {
    const dispose = client.subscribe(
      { query, variables, operationName },
      {
        next: (value) => {
          dispose();
          resolve(value as never);
        },
        error: (errors) => resolve({ errors: errors as never }),
        complete: () => undefined,
      },
    );
  });
}

/** Opens a raw graphql-transport-ws socket: 'open' or the HTTP status that refused it. */
function rawSocket(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket; status: number | 'open' }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    socket.once('open', () => resolve({ socket, status: 'open' }));
    socket.once('unexpected-response', (_req, res) => resolve({ socket, status: res.statusCode ?? 0 }));
    socket.once('error', () => resolve({ socket, status: 0 }));
  });
}

/** Sends `text` on a raw TCP connection and never more; resolves with what the server answers. */
function stalledRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('connection limits', () => {
  let db: Database;
  let server: RunningServer;
  let gameId: string;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({
      database: db,
      engines: [raceEngine],
      http: {
        wsConnectionsPerIp: WS_PER_IP,
        wsOperationsPerConnection: OPS_PER_CONNECTION,
        headersTimeoutMs: TIMEOUT_MS,
        requestTimeoutMs: TIMEOUT_MS,
      },
    });
    const created = await server.gql<{ createGame: { game: { id: string } } }>(
      `mutation { createGame(input: { type: "race-to-ten", start: true, seats: [{kind: HUMAN}, {kind: HUMAN}] }) { game { id } } }`,
    );
    gameId = created.data!.createGame.game.id;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('graphql-ws refuses operations over the game-read and complexity limits, with codes', async () => {
    const client = server.ws();
    const reads = Array.from({ length: 21 }, (_, i) => `s${i}: stateAt(version: 1)`).join(' ');
    const overReads = await once(client, `query($id: ID!) { game(id: $id) { ${reads} } }`, {
      id: gameId,
    });
    expect(overReads.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'GAME_READS' });
    const pages = Array.from({ length: 11 }, (_, i) => `e${i}: events(first: 1000) { version }`).join(' ');
    const overCost = await once(client, `query($id: ID!) { game(id: $id) { ${pages} } }`, { id: gameId });
    expect(overCost.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'COMPLEXITY' });
    const fine = await once(client, `query($id: ID!) { game(id: $id) { version } }`, { id: gameId });
    expect(fine.errors).toBeUndefined();
    await client.dispose();
  });

  it('graphql-ws answers bad documents and client mistakes with the HTTP codes', async () => {
    const client = server.ws('st_forged');
    const unparsable = await once(client, `{ game(`);
    expect(unparsable.errors![0].extensions).toMatchObject({ code: 'VALIDATION' });
    const invalid = await once(client, `{ noSuchField }`);
    expect(invalid.errors![0].extensions).toMatchObject({ code: 'VALIDATION' });
    const forged = await once(client, `query($id: ID!) { game(id: $id) { view } }`, { id: gameId });
    expect(forged.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    await client.dispose();
  });

  it.each([
    ['an operation name the document lacks', 'query A { __typename }', {}, 'B'],
    ['two operations and no name', 'query A { __typename } query B { __typename }', {}, undefined],
    ['a variable of the wrong type', 'query($id: ID!) { game(id: $id) { id } }', { id: { a: 1 } }, undefined],
    ['a missing variable', 'query($id: ID!) { game(id: $id) { id } }', {}, undefined],
  ])(
    'graphql-ws answers %s with VALIDATION, not INTERNAL',
    async (_name, query, variables, operationName) => {
      const client = server.ws();
      const result = await once(client, query, variables, operationName);
      expect(result.errors![0].extensions).toMatchObject({ code: 'VALIDATION' });
      await client.dispose();
    },
  );

  it(`one connection runs at most ${OPS_PER_CONNECTION} operations at once`, async () => {
    const client = server.ws();
    const query = `subscription($g: ID!) { gameUpdated(gameId: $g) { version } }`;
    const open = Array.from({ length: OPS_PER_CONNECTION }, () => collect(client, query, { g: gameId }));
    const extra = await once(client, query, { g: gameId });
    expect(extra.errors![0].extensions).toMatchObject({
      code: 'VALIDATION',
      limit: 'OPERATIONS_PER_CONNECTION',
    });
    for (const s of open) expect(s.errors).toEqual([]);
    // Ending one frees its place (a query in flight counts like a subscription).
    open[0].dispose();
    const after = await once(client, `{ gameTypes { type } }`);
    expect(after.errors).toBeUndefined();
    for (const s of open) s.dispose();
    await client.dispose();
  });

  it(`one IP holds at most ${WS_PER_IP} websockets; a closed one frees its place`, async () => {
    const held = [];
    for (let i = 0; i < WS_PER_IP; i++) held.push(await rawSocket(server.url));
    expect(held.map((h) => h.status)).toEqual(Array(WS_PER_IP).fill('open'));
    const refused = await rawSocket(server.url);
    expect(refused.status).toBe(429);
    const closed = held.pop()!.socket;
    await new Promise<void>((resolve) => {
      closed.once('close', () => resolve());
      closed.close();
    });
    // The server counts the socket's close a moment after the client sees it: bounded retries.
    let next = await rawSocket(server.url);
    for (let attempt = 0; next.status !== 'open' && attempt < 200; attempt++) {
      expect(next.status).toBe(429);
      next = await rawSocket(server.url);
    }
    expect(next.status).toBe('open');
    for (const h of [...held, next]) h.socket.terminate();
  });

  it('a request body that never completes is cut off with 408', async () => {
    const answer = await stalledRequest(
      server.url,
      'POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"type": ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never complete are cut off with 408', async () => {
    const answer = await stalledRequest(server.url, 'GET /health/live HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('websockets per IP behind a proxy (TRUST_PROXY as Express takes it)', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    // One load balancer in front (this test's loopback connection plays it): the client is the
    // address it appended, the rightmost X-Forwarded-For entry, as for Express's req.ip.
    server = await startServer({ database: db, http: { wsConnectionsPerIp: 2, trustProxy: 1 } });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('counts the address the proxy appended: forged leftmost entries neither dodge nor poison it', async () => {
    const via = (forged: string, client: string) => ({ 'x-forwarded-for': `${forged}, ${client}` });
    const held = [
      await rawSocket(server.url, via('1.1.1.1', '203.0.113.9')),
      await rawSocket(server.url, via('2.2.2.2', '203.0.113.9')),
    ];
    expect(held.map((h) => h.status)).toEqual(['open', 'open']);
    // A third forged first hop is still 203.0.113.9's third socket.
    const dodging = await rawSocket(server.url, via('3.3.3.3', '203.0.113.9'));
    expect(dodging.status).toBe(429);
    // Another client behind the same proxy has its own budget, even naming 203.0.113.9 first.
    const other = await rawSocket(server.url, via('203.0.113.9', '198.51.100.7'));
    expect(other.status).toBe('open');
    for (const h of [...held, dodging, other]) h.socket.terminate();
  });
});
