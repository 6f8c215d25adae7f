/**
 * Webhook targets under the default policy (no private targets): every internal form is refused
 * at registration on GraphQL and REST and nothing is stored; a host name that resolves to a
 * public address at registration and to loopback at send time (DNS rebinding) is never
 * contacted; the per-game and per-seat caps. Embedded scheduler, PGlite, an injected resolver.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../src/database/database';
import type { Resolver } from '../../src/webhooks/target-policy';
import { createTestPglite } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { type Harness, startHarness, waitFor } from '../scheduling/harness';

const SECRET = 'correct horse battery';
const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`;
const REGISTER = `mutation($gameId: ID!, $url: String!, $secret: String!, $seat: Int) {
  registerWebhook(gameId: $gameId, url: $url, secret: $secret, seat: $seat) { id } }`;
const HOOKS = `query($id: ID!) { webhooks(gameId: $id) { id url } }`;
const DELIVERIES = `query($id: ID!) { webhookDeliveries(gameId: $id) { eventKey status attempts lastError } }`;

describe('webhook targets (default policy)', () => {
  let db: Database;
  let h: Harness;
  let receiver: Server;
  let port: number;
  const hits: string[] = [];
  // rebind.test: a public address the first time (registration), loopback afterwards.
  let rebindLookups = 0;
  const resolve: Resolver = async (host) => {
    if (host === 'public.test') return [{ address: '93.184.216.34', family: 4 }];
    if (host === 'rebind.test')
      return [{ address: rebindLookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    throw new Error(`ENOTFOUND ${host}`);
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    port = (receiver.address() as AddressInfo).port;
    db = await createTestPglite();
    h = await startHarness('embedded', db, [raceEngine], {
      webhooks: { backoffMs: 20, attempts: 2, maxPerGame: 3, maxPerSeat: 2, resolve },
    });
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
    await new Promise<void>((done) => receiver.close(() => done()));
  });

  async function create(seats = 2) {
    const res = await h.gql<{ createGame: { game: { id: string }; seatTokens: { token: string }[] } }>(
      CREATE,
      { input: { type: 'race-to-ten', seats: Array.from({ length: seats }, () => ({ kind: 'HUMAN' })) } },
    );
    expect(res.errors).toBeUndefined();
    return { id: res.data!.createGame.game.id, tokens: res.data!.createGame.seatTokens.map((t) => t.token) };
  }
  const register = (gameId: string, url: string, token: string, seat?: number) =>
    h.gql<{ registerWebhook: { id: string } }>(REGISTER, { gameId, url, secret: SECRET, seat }, token);

  it('refuses internal targets at registration on GraphQL and REST, storing nothing', async () => {
    const g = await create();
    const urls = [
      `http://127.0.0.1:5432/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://0.0.0.0:6379/`,
      `http://0x7f000001:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://10.0.0.5/`,
      `http://192.168.0.1/`,
      `http://100.64.1.1/`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://[fd00::1]/`,
      `http://[fe80::1]/`,
      `http://224.0.0.251/`,
      `http://nowhere.test/`,
    ];
    for (const url of urls) {
      const gql = await register(g.id, url, g.tokens[0]);
      expect({ url, ext: gql.errors?.[0].extensions }).toEqual({
        url,
        ext: expect.objectContaining({
          code: 'VALIDATION',
          ruleCode: 'WEBHOOK_TARGET_FORBIDDEN',
          field: 'url',
        }),
      });
      const rest = await h.rest(
        'POST',
        `/games/${g.id}/webhooks`,
        { url, secret: SECRET },
        { authorization: `Bearer ${g.tokens[0]}` },
      );
      expect({ url, status: rest.status, body: rest.body }).toMatchObject({
        url,
        status: 400,
        body: { error: { code: 'VALIDATION', ruleCode: 'WEBHOOK_TARGET_FORBIDDEN' } },
      });
    }
    const hooks = await h.gql<{ webhooks: unknown[] }>(HOOKS, { id: g.id }, g.tokens[0]);
    expect(hooks.data!.webhooks).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('does not contact a host name that resolves to loopback at send time', async () => {
    const g = await create();
    const reg = await register(g.id, `http://rebind.test:${port}/rebound`, g.tokens[0]);
    expect(reg.errors).toBeUndefined();
    await h.gql(`mutation($id: ID!) { startGame(gameId: $id) { version } }`, { id: g.id }, g.tokens[0]);
    const log = await waitFor(
      async () => {
        const res = await h.gql<{ webhookDeliveries: { status: string; lastError: string | null }[] }>(
          DELIVERIES,
          { id: g.id },
          g.tokens[0],
        );
        const all = res.data!.webhookDeliveries;
        return all.length > 0 && all.every((d) => d.status === 'FAILED') ? all : null;
      },
      10000,
      'the refused deliveries to fail',
    );
    for (const d of log) expect(d.lastError).toMatch(/refused: rebind.test resolves to 127.0.0.1/);
    expect(rebindLookups).toBeGreaterThan(1);
    expect(hits).toEqual([]);
  });

  it('caps webhooks per seat and per game', async () => {
    const g = await create(3);
    const ok = async (token: string, seat?: number) =>
      expect((await register(g.id, 'https://public.test/hook', token, seat)).errors).toBeUndefined();
    await ok(g.tokens[0]);
    await ok(g.tokens[0], 0);
    const perSeat = await register(g.id, 'https://public.test/hook', g.tokens[0]);
    expect(perSeat.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', ruleCode: 'WEBHOOK_LIMIT' });
    await ok(g.tokens[1]);
    const perGame = await h.rest(
      'POST',
      `/games/${g.id}/webhooks`,
      { url: 'https://public.test/hook', secret: SECRET },
      { authorization: `Bearer ${g.tokens[2]}` },
    );
    expect(perGame).toMatchObject({
      status: 400,
      body: { error: { code: 'VALIDATION', ruleCode: 'WEBHOOK_LIMIT' } },
    });
    const hooks = await h.gql<{ webhooks: unknown[] }>(HOOKS, { id: g.id }, g.tokens[0]);
    expect(hooks.data!.webhooks).toHaveLength(3);
    // Another game has its own budget.
    const other = await create();
    expect((await register(other.id, 'https://public.test/hook', other.tokens[0])).errors).toBeUndefined();
  });
});
