/** Health, metrics, request ids, security headers and the HTTP/GraphQL limits. */
import { createTestPglite } from '../support/database';
import { collect, startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';
import type { Database } from '../../src/database/database';
import { scaled } from '../support/time-scale.cjs';

describe('operations endpoints and limits', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({
      database: db,
      engines: [raceEngine],
      http: { rateLimitPerMinute: 25, maxQueryDepth: 4, maxQueryComplexity: 300, bodyLimit: '2kb' },
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers liveness and readiness with the database check', async () => {
    const live = await fetch(`${server.url}/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; info: Record<string, { status: string }> };
    expect(body.status).toBe('ok');
    expect(body.info.database.status).toBe('up');
    expect(body.info.jobs).toMatchObject({ status: 'up', kind: 'embedded' });
  });

  it('exports command metrics after a command', async () => {
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[] };
    }>(
      `mutation { createGame(input: { type: "race-to-ten", seats: [{ kind: HUMAN }, { kind: HUMAN }], start: true }) { game { id } seatTokens { token } } }`,
    );
    const { game, seatTokens } = created.data!.createGame;
    const submit = `mutation($g: ID!, $c: JSON!) { submitCommand(gameId: $g, command: $c) { version } }`;
    await server.gql(submit, { g: game.id, c: { type: 'ADD', n: 1 } }, seatTokens[0].token);
    await server.gql(submit, { g: game.id, c: { type: 'ADD', n: 1 } }, seatTokens[0].token); // NOT_YOUR_TURN
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(
      /saloon_command_duration_seconds_count\{game_type="race-to-ten",outcome="ACCEPTED",actor="HUMAN"\} 1/,
    );
    expect(text).toMatch(/saloon_commands_rejected_total\{code="NOT_YOUR_TURN",rule_code=""\} 1/);
    expect(text).toMatch(/saloon_events_appended_total\{game_type="race-to-ten"\} 1/);
    expect(text).toMatch(/saloon_active_games 1/);
    expect(text).toMatch(/saloon_jobs\{queue="turn-timeouts",state="waiting"\} 0/);
    expect(text).toMatch(/saloon_subscriptions 0/);
  });

  it('counts open gameUpdated subscriptions', async () => {
    const created = await server.gql<{ createGame: { game: { id: string } } }>(
      `mutation { createGame(input: { type: "race-to-ten", seats: [{ kind: HUMAN }, { kind: HUMAN }], start: true }) { game { id } } }`,
    );
    const gauge = async () =>
      Number(/saloon_subscriptions (\d+)/.exec(await (await fetch(`${server.url}/metrics`)).text())![1]);
    const client = server.ws();
    const sub = collect(client, `subscription($g: ID!) { gameUpdated(gameId: $g) { version } }`, {
      g: created.data!.createGame.game.id,
    });
    // Polls the gauge until it reads n, giving up after a budget stretched on a loaded machine.
    const gaugeReaches = async (n: number) => {
      const until = Date.now() + scaled(2500);
      while ((await gauge()) !== n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      return gauge();
    };
    expect(await gaugeReaches(1)).toBe(1);
    sub.dispose();
    expect(await gaugeReaches(0)).toBe(0);
  });

  it('echoes a request id and sends security headers', async () => {
    const res = await fetch(`${server.url}/api/game-types`, { headers: { 'x-request-id': 'req-123' } });
    expect(res.headers.get('x-request-id')).toBe('req-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBeNull(); // no Origin header sent
    const cors = await fetch(`${server.url}/api/game-types`, {
      headers: { origin: 'https://client.example' },
    });
    expect(cors.headers.get('access-control-allow-origin')).toBe('https://client.example');
  });

  it('refuses too deep or too complex GraphQL operations and oversized bodies with VALIDATION', async () => {
    const deep = await server.gql(`{ games { edges { node { id } } pageInfo { hasNextPage } } }`);
    expect(deep.errors).toBeUndefined();
    const frag = `fragment F on Game { id } { games { edges { node { ...F } } } }`;
    expect((await server.gql(frag)).errors).toBeUndefined();
    const complex = await server.gql(`{ games(first: 100) { edges { node { id type status version } } } }`);
    expect(complex.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'COMPLEXITY' });
    const big = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ gameTypes { type } }`, variables: { pad: 'x'.repeat(5000) } }),
    });
    expect(big.status).toBe(413);
  });

  it('refuses queries deeper than the limit', async () => {
    const deep = `{ games { edges { node { seats { seat } } } } }`;
    expect((await server.gql(deep)).errors![0].extensions).toMatchObject({
      code: 'VALIDATION',
      limit: 'DEPTH',
      maxDepth: 4,
    });
    expect((await server.gql(`{ games { edges { node { id } } } }`)).errors).toBeUndefined();
  });

  it('rate-limits per token or IP and says RATE_LIMITED', async () => {
    let limited: Response | null = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await fetch(`${server.url}/api/game-types`);
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expect(((await limited!.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    const gql = await server.gql(`{ gameTypes { type } }`);
    expect(gql.errors![0].extensions!.code).toBe('RATE_LIMITED');
  });
});
