/**
 * Reminder webhooks against a local HTTP receiver on 127.0.0.1: HMAC signatures, retries with
 * backoff after 500s, the delivery log, seat filtering, GAME_OVER, and the dead-letter view.
 * The same suite on both job adapters: BullMQ on Redis with PostgreSQL (API process enqueues, a
 * worker process delivers) and the embedded scheduler with PGlite.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../src/database/database';
import { signBody, verifySignature } from '../../src/webhooks/signature';
import { createTestPglite, createTestPostgres } from '../support/database';
import { assertRedisUp } from '../support/redis';
import { raceEngine } from '../support/dealt-number-engine';
import { multiStepEngine } from '../scheduling/multi-step-engine';
import { type AdapterKind, type Harness, startHarness, waitFor } from '../scheduling/harness';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  answered: number;
}

function receiver(answer: (path: string, n: number) => number) {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Record<string, unknown>;
      // Counted per delivery: the n-th attempt of this delivery at this path.
      const key = `${path} ${String(body.deliveryId)}`;
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      const status = answer(path, n);
      received.push({ path, headers: req.headers, raw, body, answered: status });
      res.writeHead(status).end();
    });
  });
  return {
    received,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET = 'correct horse battery';
const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`;
const REGISTER = `mutation($gameId: ID!, $url: String!, $secret: String!, $events: [String!], $seat: Int) {
  registerWebhook(gameId: $gameId, url: $url, secret: $secret, events: $events, seat: $seat) { id seat events url } }`;
/** A Relay connection page, as the tests read it. */
interface Page<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

const DELIVERIES = `query($id: ID!) { webhookDeliveries(gameId: $id) { id event eventKey status attempts responseStatus lastError payload deliveredAt } }`;
const SUBMIT = `mutation($gameId: ID!, $command: JSON!) { submitCommand(gameId: $gameId, command: $command) { version } }`;

interface Delivery {
  id: string;
  event: string;
  eventKey: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  payload: Record<string, unknown>;
}

describe('signatures', () => {
  it('signs the raw body with HMAC-SHA256 and verifies in constant time', () => {
    const body = JSON.stringify({ event: 'YOUR_TURN', timestamp: 1 });
    const signature = signBody(SECRET, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, body, signature)).toBe(true);
    expect(verifySignature(SECRET, `${body} `, signature)).toBe(false);
    expect(verifySignature('another secret', body, signature)).toBe(false);
    expect(verifySignature(SECRET, body, undefined)).toBe(false);
  });
});

describe.each<AdapterKind>(['bullmq', 'embedded'])('webhooks on the %s scheduler', (kind) => {
  let db: Database & { url?: string };
  let h: Harness;
  const hooks = receiver((path, n) => (path === '/flaky' && n <= 2 ? 500 : path === '/down' ? 500 : 200));
  let base: string;

  beforeAll(async () => {
    base = await hooks.start();
    if (kind === 'bullmq') await assertRedisUp();
    db = kind === 'bullmq' ? await createTestPostgres() : await createTestPglite();
    h = await startHarness(kind, db, [raceEngine, multiStepEngine], {
      // The receiver is on 127.0.0.1: allowed only by the operator setting (see webhook-targets).
      webhooks: { backoffMs: 50, attempts: 4, allowPrivateTargets: true },
    });
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
    await hooks.close();
  });

  async function create(timer?: Record<string, unknown>) {
    const res = await h.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: { type: 'race-to-ten', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }], ...(timer && { timer }) },
    });
    expect(res.errors).toBeUndefined();
    const { game, seatTokens } = res.data!.createGame;
    return { id: game.id, tokens: seatTokens.map((t) => t.token) };
  }
  async function deliveries(id: string, token: string): Promise<Delivery[]> {
    const res = await h.gql<{ webhookDeliveries: Delivery[] }>(DELIVERIES, { id }, token);
    expect(res.errors).toBeUndefined();
    return res.data!.webhookDeliveries;
  }

  it('signs every delivery, retries after 500s with backoff, and logs the deliveries', async () => {
    const g = await create({
      mode: 'PER_MOVE',
      // 6 s between the reminder and its deadline: room for its three attempts (a reminder is
      // never sent once its deadline passed) on a busy machine.
      perMoveSeconds: 8,
      policy: 'DEFAULT',
      reminderSeconds: [6],
    });
    const reg = await h.gql<{ registerWebhook: { id: string; seat: number | null; events: string[] } }>(
      REGISTER,
      { gameId: g.id, url: `${base}/flaky`, secret: SECRET },
      g.tokens[0],
    );
    expect(reg.errors).toBeUndefined();
    expect(reg.data!.registerWebhook).toMatchObject({
      seat: null,
      events: ['YOUR_TURN', 'DEADLINE_SOON', 'TIMED_OUT', 'GAME_OVER'],
    });
    const started = await h.gql(
      `mutation($id: ID!) { startGame(gameId: $id) { version } }`,
      { id: g.id },
      g.tokens[0],
    );
    expect(started.errors).toBeUndefined();

    // Seat 0: YOUR_TURN, DEADLINE_SOON 6 s before, TIMED_OUT; then seat 1's YOUR_TURN. A reminder's
    // key names its deadline (seat, due time in ms, seconds before): it is sent once per deadline.
    const deadline = await db.client.timer.findUniqueOrThrow({ where: { id: `${g.id}.3.0.TURN_TIMEOUT` } });
    const wanted = [
      'YOUR_TURN.3.0',
      `DEADLINE_SOON.0.${deadline.dueAt.getTime()}.6`,
      'TIMED_OUT.3.0',
      'YOUR_TURN.4.1',
    ];
    const log = await waitFor(
      async () => {
        const all = await deliveries(g.id, g.tokens[1]);
        return wanted.every((k) => all.some((d) => d.eventKey === k && d.status === 'DELIVERED'))
          ? all
          : null;
      },
      40_000,
      'the four deliveries',
    );
    await h.gql(`mutation($id: ID!) { abortGame(gameId: $id) { status } }`, { id: g.id }, g.tokens[0]);

    const first = log.find((d) => d.eventKey === 'YOUR_TURN.3.0')!;
    expect(first).toMatchObject({ status: 'DELIVERED', attempts: 3, responseStatus: 200, lastError: null });
    for (const d of log.filter((x) => wanted.includes(x.eventKey))) expect(d.attempts).toBe(3);
    expect(first.payload).toMatchObject({ event: 'YOUR_TURN', gameId: g.id, seat: 0, version: 3 });
    expect(log.find((d) => d.eventKey === 'TIMED_OUT.3.0')!.payload).toMatchObject({
      policy: 'DEFAULT',
      seat: 0,
    });

    const mine = hooks.received.filter((r) => r.body.gameId === g.id);
    expect(mine.filter((r) => r.body.deliveryId === first.id).map((r) => r.answered)).toEqual([
      500, 500, 200,
    ]);
    for (const r of mine) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(verifySignature(SECRET, r.raw, r.headers['x-saloon-signature'] as string)).toBe(true);
      expect(r.headers['x-saloon-timestamp']).toBe(String(r.body.timestamp));
      expect(Math.abs(Date.now() / 1000 - Number(r.body.timestamp))).toBeLessThan(30);
      expect(r.headers['x-saloon-event']).toBe(r.body.event);
      expect(r.headers['x-saloon-delivery']).toBe(r.body.deliveryId);
    }
    // Every retry of a delivery carries the same delivery id (receivers dedupe on it).
    const ids = mine.filter((r) => r.body.deliveryId === first.id).map((r) => r.body.deliveryId);
    expect(new Set(ids).size).toBe(1);
    // Each event was queued once.
    expect(new Set(log.map((d) => d.eventKey)).size).toBe(log.length);
  });

  it('filters seat webhooks, sends GAME_OVER, and dead-letters a delivery that keeps failing', async () => {
    const g = await create();
    const seatHook = await h.gql(
      REGISTER,
      { gameId: g.id, url: `${base}/seat1`, secret: SECRET, events: ['YOUR_TURN', 'GAME_OVER'], seat: 1 },
      g.tokens[1],
    );
    expect(seatHook.errors).toBeUndefined();
    const forbidden = await h.gql(
      REGISTER,
      { gameId: g.id, url: `${base}/seat1`, secret: SECRET, seat: 1 },
      g.tokens[0],
    );
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const rest = await h.rest(
      'POST',
      `/games/${g.id}/webhooks`,
      { url: `${base}/down`, secret: SECRET, events: ['GAME_OVER'] },
      {
        authorization: `Bearer ${g.tokens[0]}`,
      },
    );
    expect(rest.status).toBe(200);
    const bad = await h.rest(
      'POST',
      `/games/${g.id}/webhooks`,
      { url: 'ftp://example.org', secret: SECRET },
      {
        authorization: `Bearer ${g.tokens[0]}`,
      },
    );
    expect(bad.status).toBe(400);

    await h.gql(`mutation($id: ID!) { startGame(gameId: $id) { version } }`, { id: g.id }, g.tokens[0]);
    // 2, 4, 6, 8, 10: seat 0 wins on its third move.
    for (let i = 0; i < 5; i++) {
      const res = await h.gql(SUBMIT, { gameId: g.id, command: { type: 'ADD', n: 2 } }, g.tokens[i % 2]);
      expect(res.errors).toBeUndefined();
    }
    const log = await waitFor(
      async () => {
        const all = await deliveries(g.id, g.tokens[0]);
        return all.some((d) => d.status === 'FAILED') &&
          all.filter((d) => d.status === 'DELIVERED').length === 3
          ? all
          : null;
      },
      5000,
      'GAME_OVER and the failed delivery',
    );
    const seat1 = hooks.received.filter((r) => r.path === '/seat1' && r.body.gameId === g.id);
    expect(seat1.map((r) => `${r.body.event}:${r.body.seat}`)).toEqual([
      'YOUR_TURN:1',
      'YOUR_TURN:1',
      'GAME_OVER:null',
    ]);
    expect(seat1[2].body.result).toMatchObject({ winners: [0] });
    // The same log as a Relay connection, one delivery a page: every delivery once, newest first.
    const paged: string[] = [];
    let after: string | null = null;
    for (let i = 0; i <= log.length; i++) {
      const page: { data?: { webhookDeliveryConnection: Page<{ id: string }> } } = await h.gql(
        `query($id: ID!, $after: String) { webhookDeliveryConnection(gameId: $id, first: 1, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`,
        { id: g.id, after },
        g.tokens[0],
      );
      const conn = page.data!.webhookDeliveryConnection;
      paged.push(...conn.edges.map((e) => e.node.id));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(paged).toEqual(log.map((d) => d.id));
    const badCursor = await h.gql(
      `query($id: ID!) { webhookDeliveryConnection(gameId: $id, after: "nope") { edges { cursor } } }`,
      { id: g.id },
      g.tokens[0],
    );
    expect(badCursor.errors?.[0].extensions?.code).toBe('VALIDATION');
    const failed = log.find((d) => d.status === 'FAILED')!;
    expect(failed).toMatchObject({
      event: 'GAME_OVER',
      attempts: 4,
      responseStatus: 500,
      lastError: 'HTTP 500',
    });

    // The dead-letter view is closed while OPERATOR_TOKEN is unset (cleared again in the finally below).
    expect((await h.rest('GET', `/jobs/failed`)).status).toBe(403);
    expect((await h.gql(`{ failedJobs { id } }`)).errors?.[0]).toMatchObject({
      message: expect.stringContaining('set OPERATOR_TOKEN'),
      extensions: { code: 'FORBIDDEN' },
    });
    process.env.OPERATOR_TOKEN = 'operator-secret';
    const dead = await h.gql<{
      failedJobs: {
        queue: string;
        name: string;
        data: { deliveryId: string };
        attempts: number;
        error: string;
      }[];
    }>(
      `{ failedJobs(queue: "reminders", operatorToken: "operator-secret") { queue name data attempts error } }`,
    );
    expect(dead.errors).toBeUndefined();
    expect(dead.data!.failedJobs).toContainEqual(
      expect.objectContaining({
        queue: 'reminders',
        name: 'webhook',
        data: { deliveryId: failed.id },
        attempts: 4,
      }),
    );
    const deadPage = await h.gql<{
      failedJobConnection: Page<{ queue: string; data: { deliveryId: string } }>;
    }>(
      `{ failedJobConnection(queue: "reminders", first: 500, operatorToken: "operator-secret") { edges { cursor node { queue data } } pageInfo { hasNextPage endCursor } } }`,
    );
    expect(deadPage.errors).toBeUndefined();
    const deadEdges = deadPage.data!.failedJobConnection.edges;
    expect(deadEdges.map((e) => e.node.data)).toContainEqual({ deliveryId: failed.id });
    // After the last job's cursor nothing follows.
    const tail = await h.gql<{ failedJobConnection: Page<{ queue: string }> }>(
      `query($after: String) { failedJobConnection(queue: "reminders", after: $after, operatorToken: "operator-secret") { edges { cursor } pageInfo { hasNextPage } } }`,
      { after: deadEdges.at(-1)!.cursor },
    );
    expect(tail.data!.failedJobConnection).toEqual({ edges: [], pageInfo: { hasNextPage: false } });
    const restLog = await h.rest('GET', `/games/${g.id}/webhook-deliveries`, undefined, {
      authorization: `Bearer ${g.tokens[1]}`,
    });
    expect(restLog.status).toBe(200);
    expect((restLog.body as Delivery[]).map((d) => d.id).sort()).toEqual(log.map((d) => d.id).sort());
    const restDead = await h.rest('GET', `/jobs/failed?queue=reminders`, undefined, {
      'x-operator-token': 'operator-secret',
    });
    expect(restDead.status).toBe(200);
    expect(restDead.body).toContainEqual(expect.objectContaining({ id: expect.stringContaining(failed.id) }));
    // With OPERATOR_TOKEN set, the dead-letter view needs it.
    try {
      expect((await h.rest('GET', `/jobs/failed`)).status).toBe(403);
      expect(
        (await h.rest('GET', `/jobs/failed`, undefined, { 'x-operator-token': 'operator-secret' })).status,
      ).toBe(200);
      const denied = await h.gql(`{ failedJobs { id } }`);
      expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const allowed = await h.gql(`{ failedJobs(operatorToken: "operator-secret") { id } }`);
      expect(allowed.errors).toBeUndefined();
    } finally {
      delete process.env.OPERATOR_TOKEN;
    }
  });
  it('sends YOUR_TURN once per move, however many commands the move takes', async () => {
    const res = await h.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: {
        type: 'multi-step',
        seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
        options: { steps: 3, turns: 2 },
      },
    });
    expect(res.errors).toBeUndefined();
    const id = res.data!.createGame.game.id;
    const tokens = res.data!.createGame.seatTokens.map((t) => t.token);
    const reg = await h.gql(
      REGISTER,
      { gameId: id, url: `${base}/moves`, secret: SECRET, events: ['YOUR_TURN'] },
      tokens[0],
    );
    expect(reg.errors).toBeUndefined();
    await h.gql(`mutation($id: ID!) { startGame(gameId: $id) { version } }`, { id }, tokens[0]);
    // Seat 0's move is three commands, then seat 1's move is three commands (the game ends).
    for (const seat of [0, 0, 0, 1, 1, 1]) {
      const out = await h.gql(SUBMIT, { gameId: id, command: { type: 'STEP' } }, tokens[seat]);
      expect(out.errors).toBeUndefined();
    }
    const log = await waitFor(
      async () => {
        const all = await deliveries(id, tokens[0]);
        return all.length >= 2 && all.every((d) => d.status === 'DELIVERED') ? all : null;
      },
      5000,
      'the YOUR_TURN deliveries',
    );
    expect(
      log
        .filter((d) => d.event === 'YOUR_TURN')
        .map((d) => d.payload.seat)
        .sort(),
    ).toEqual([0, 1]);
  });
});
