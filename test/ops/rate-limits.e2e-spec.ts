/**
 * Rate limits that cannot be dodged, and the headers that go with them: made-up bearer tokens
 * count against the client's IP, game creation has a per-IP budget, GraphQL over HTTP answers
 * 429 + Retry-After like REST with a clean message, TRUST_PROXY decides which address is the
 * client's, Strict-Transport-Security only over HTTPS; bots are named after their seat.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/database/database';
import type { HttpLimits } from '../../src/config';
import { createTestPglite } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { startServer, type RunningServer } from '../support/app';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id seats { seat name kind } } seatTokens { token } } }`;
const TWO_HUMANS = { type: 'race-to-ten', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] };
const fakeToken = () => `st_${randomBytes(24).toString('base64url')}`;

describe('rate limits and headers', () => {
  let db: Database;
  const servers: RunningServer[] = [];
  const start = async (http: Partial<HttpLimits>) => {
    const server = await startServer({ database: db, engines: [raceEngine], http });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    db = await createTestPglite();
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await db?.close();
  });

  it('counts requests with unknown tokens against the IP; a real token keeps its own budget', async () => {
    const server = await start({ rateLimitPerMinute: 10 });
    const created = await server.gql<{ createGame: { seatTokens: { token: string }[] } }>(CREATE, {
      input: TWO_HUMANS,
    });
    const token = created.data!.createGame.seatTokens[0].token;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await fetch(`${server.url}/api/game-types`, {
        headers: { authorization: `Bearer ${fakeToken()}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    const gql = await server.gql(`{ gameTypes { type } }`, undefined, fakeToken());
    expect(gql.status).toBe(429);
    // The IP is spent; the seat's own budget is not.
    const mine = await fetch(`${server.url}/api/game-types`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status).toBe(200);
  });

  it('answers 429 with Retry-After and a clean message on GraphQL over HTTP and REST', async () => {
    const server = await start({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/game-types`)).status).toBe(200);
    const rest = await fetch(`${server.url}/api/game-types`);
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const restBody = (await rest.json()) as { error: { code: string; message: string } };
    expect(restBody.error.code).toBe('RATE_LIMITED');
    expect(restBody.error.message).toMatch(/^too many requests; retry after \d+ s$/);

    const gql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ gameTypes { type } }' }),
    });
    expect(gql.status).toBe(429);
    expect(Number(gql.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await gql.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(body.errors[0].message).toMatch(/^too many requests; retry after \d+ s$/);
    expect(JSON.stringify(body) + JSON.stringify(restBody)).not.toMatch(/throttler/i);
  });

  it('limits game creation per IP, on both transports, whatever token is sent', async () => {
    const server = await start({ createGamesPerHour: 2 });
    const first = await server.gql<{ createGame: { seatTokens: { token: string }[] } }>(CREATE, {
      input: TWO_HUMANS,
    });
    expect(first.errors).toBeUndefined();
    const token = first.data!.createGame.seatTokens[0].token;
    const rest = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(TWO_HUMANS),
    });
    expect(rest.status).toBe(200);
    const third = await server.gql(CREATE, { input: TWO_HUMANS }, token);
    expect(third.status).toBe(429);
    expect(third.errors![0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED' },
      message: expect.stringMatching(/^too many games created; retry after \d+ s$/),
    });
    const fourth = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TWO_HUMANS),
    });
    expect(fourth.status).toBe(429);
    // Other requests are not part of that budget.
    expect((await fetch(`${server.url}/api/game-types`)).status).toBe(200);
  });

  it('counts createGame over graphql-ws against the same per-IP budget', async () => {
    const server = await start({ createGamesPerHour: 2 });
    const client = server.ws();
    const createOverWs = () =>
      new Promise<{ data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }>(
        (resolve) => {
          client.subscribe(
            { query: CREATE, variables: { input: TWO_HUMANS } },
            {
              next: (value) => resolve(value as never),
              error: (e) => resolve({ errors: e as never }),
              complete: () => undefined,
            },
          );
        },
      );
    expect((await createOverWs()).errors).toBeUndefined();
    expect((await server.gql(CREATE, { input: TWO_HUMANS })).errors).toBeUndefined();
    const third = await createOverWs();
    expect(third.errors![0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED' },
      message: expect.stringMatching(/^too many games created; retry after \d+ s$/),
    });
    expect((await server.gql(CREATE, { input: TWO_HUMANS })).status).toBe(429);
    // Other websocket operations are not part of that budget.
    const other = await new Promise<{ errors?: unknown }>((resolve) =>
      client.subscribe(
        { query: '{ __typename }' },
        { next: (value) => resolve(value), error: (e) => resolve({ errors: e }), complete: () => undefined },
      ),
    );
    expect(other.errors).toBeUndefined();
    await client.dispose();
  });

  it('takes the client IP from X-Forwarded-For only from a trusted proxy', async () => {
    const spoofable = await start({ rateLimitPerMinute: 2 });
    const proxied = await start({ rateLimitPerMinute: 2, trustProxy: 1 });
    const hit = (server: RunningServer, ip: string) =>
      fetch(`${server.url}/api/game-types`, { headers: { 'x-forwarded-for': ip } }).then((r) => r.status);
    // Not trusted: a new X-Forwarded-For per request buys nothing.
    const direct = [
      await hit(spoofable, '1.1.1.1'),
      await hit(spoofable, '2.2.2.2'),
      await hit(spoofable, '3.3.3.3'),
    ];
    expect(direct).toEqual([200, 200, 429]);
    // One trusted hop: the proxy's X-Forwarded-For names the client, each with its own budget.
    expect([
      await hit(proxied, '1.1.1.1'),
      await hit(proxied, '1.1.1.1'),
      await hit(proxied, '1.1.1.1'),
    ]).toEqual([200, 200, 429]);
    expect(await hit(proxied, '2.2.2.2')).toBe(200);
    // A client's own X-Forwarded-For entry is to the left of what the proxy appends: ignored.
    expect(await hit(proxied, '9.9.9.9, 1.1.1.1')).toBe(429);
  });

  it('sends Strict-Transport-Security only for HTTPS requests', async () => {
    const direct = servers[0] ?? (await start({}));
    const proxied = await start({ trustProxy: 'loopback' });
    const hsts = (server: RunningServer, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/game-types`, { headers }).then((r) =>
        r.headers.get('strict-transport-security'),
      );
    expect(await hsts(direct)).toBeNull();
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeNull(); // untrusted claim
    expect(await hsts(proxied)).toBeNull();
    expect(await hsts(proxied, { 'x-forwarded-proto': 'https' })).toMatch(/max-age=\d+/);
  });

  it('names a bot after its seat as the API numbers seats', async () => {
    const server = servers[servers.length - 1];
    const created = await server.gql<{ createGame: { game: { seats: { seat: number; name: string }[] } } }>(
      CREATE,
      {
        input: { type: 'race-to-ten', seats: [{ kind: 'HUMAN' }, { kind: 'BOT' }, { kind: 'BOT' }] },
      },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createGame.game.seats.map((s) => s.name)).toEqual([null, 'Bot 1', 'Bot 2']);
  });
});
