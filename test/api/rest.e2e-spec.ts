/** The REST mirror: same pipeline, same error codes, JSON bodies. */
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';
import type { Database } from '../../src/database/database';
import { verifyFairnessProof } from '../../src/play/fairness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies, asserted field by field
type JsonBody = Record<string, any>;

describe('REST API (PGlite)', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, engines: [raceEngine] });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  async function call(method: string, path: string, body?: unknown, token?: string, raw?: string) {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as JsonBody,
    };
  }

  it('runs the lobby and a command, mirrored on GraphQL semantics', async () => {
    const created = await call('POST', '/games', {
      type: 'race-to-ten',
      seats: [
        { kind: 'HUMAN', name: 'Ann' },
        { kind: 'HUMAN', open: true },
      ],
    });
    expect(created.status).toBe(200);
    const id = created.body.game.id as string;
    const host = created.body.seatTokens[0].token as string;
    expect((await call('POST', `/games/${id}/start`, {}, host)).body.error.code).toBe('INVALID_STATE');
    const joined = await call('POST', `/games/${id}/join`, { name: 'Bob' });
    expect(joined.body.seatToken.seat).toBe(1);
    const guest = joined.body.seatToken.token as string;
    expect((await call('POST', `/games/${id}/start`, {})).body.error.code).toBe('UNAUTHENTICATED');
    expect((await call('POST', `/games/${id}/start`, {}, guest)).body).toMatchObject({
      status: 'ACTIVE',
      version: 3,
    });

    expect((await call('GET', `/games/${id}/legal-commands`, undefined, host)).body).toEqual([
      { type: 'ADD', n: 1 },
      { type: 'ADD', n: 2 },
    ]);
    expect((await call('GET', `/games/${id}/legal-commands`, undefined, guest)).body).toEqual([]);
    const view = await call('GET', `/games/${id}/view`, undefined, guest);
    expect(view.body.mySecret).toEqual(expect.any(Number));
    expect(view.body.secrets[0]).toBeNull();

    const sent = await call(
      'POST',
      `/games/${id}/commands`,
      { command: { type: 'ADD', n: 2 }, commandId: 'r1' },
      host,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      accepted: true,
      version: 4,
      duplicate: false,
      events: [{ type: 'ADDED', seat: 0, actor: 'HUMAN' }],
    });
    const again = await call(
      'POST',
      `/games/${id}/commands`,
      { command: { type: 'ADD', n: 2 }, commandId: 'r1' },
      host,
    );
    expect(again.body).toMatchObject({ accepted: true, version: 4, duplicate: true });
    const reused = await call(
      'POST',
      `/games/${id}/commands`,
      { command: { type: 'ADD', n: 1 }, commandId: 'r1' },
      host,
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('CONFLICT');

    const events = await call('GET', `/games/${id}/events?after=1&first=10`, undefined, host);
    expect(events.body.map((e: { version: number }) => e.version)).toEqual([2, 3, 4]);
    expect(events.body[1].payload.secret).toBeNull(); // seat 1's deal, seen by seat 0
    expect((await call('GET', `/games/${id}/state-at/3`)).body.counter).toBe(0);
    expect((await call('GET', `/games/${id}`)).body).toMatchObject({
      version: 4,
      activeSeats: [1],
      result: null,
    });
  });

  it('publishes the fairness proof once the game is over, the same as GraphQL, and it verifies', async () => {
    const created = await call('POST', '/games', {
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
    });
    const id = created.body.game.id as string;
    const tokens = (created.body.seatTokens as { token: string }[]).map((t) => t.token);
    expect(created.body.game).toMatchObject({ seeded: false, testOptions: [], fairness: { secret: null } });
    const early = await call('GET', `/games/${id}/fairness-proof`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('INVALID_STATE');
    for (let move = 0; move < 20; move++) {
      const game = await call('GET', `/games/${id}`);
      if (game.body.status !== 'ACTIVE') break;
      const seat = game.body.activeSeats[0] as number;
      await call('POST', `/games/${id}/commands`, { command: { type: 'ADD', n: 2 } }, tokens[seat]);
    }
    const over = await call('GET', `/games/${id}`);
    expect(over.body.status).toBe('FINISHED');
    const proof = await call('GET', `/games/${id}/fairness-proof`);
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({ gameId: id, secret: over.body.fairness.secret });
    expect(verifyFairnessProof(raceEngine, proof.body as never)).toMatchObject({
      ok: true,
      events: over.body.version,
    });
    const gql = await server.gql<{ game: { fairnessProof: unknown } }>(
      `query($id: ID!) { game(id: $id) { fairnessProof } }`,
      { id },
    );
    expect(gql.data!.game.fairnessProof).toEqual(proof.body);
    expect((await call('GET', '/games/not-a-game/fairness-proof')).body.error.code).toBe('NOT_FOUND');
  });

  it('answers bad input with codes and statuses, changing nothing', async () => {
    const created = await call('POST', '/games', {
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
    });
    const id = created.body.game.id as string;
    const [t0, t1] = created.body.seatTokens.map((t: { token: string }) => t.token);
    const cases: [string, string, unknown, string | undefined, number, string, string?][] = [
      ['POST', `/games/${id}/commands`, { command: { type: 'ADD', n: 1 } }, t1, 409, 'NOT_YOUR_TURN'],
      ['POST', `/games/${id}/commands`, { command: { type: 'ADD', n: 9 } }, t0, 400, 'VALIDATION'],
      ['POST', `/games/${id}/commands`, { command: 'ADD' }, t0, 400, 'VALIDATION'],
      [
        'POST',
        `/games/${id}/commands`,
        { command: { type: 'ADD', n: 1 }, extra: true },
        t0,
        400,
        'VALIDATION',
      ],
      [
        'POST',
        `/games/${id}/commands`,
        { command: { type: 'ADD', n: 1 }, expectedVersion: 'x' },
        t0,
        400,
        'VALIDATION',
      ],
      [
        'POST',
        `/games/${id}/commands`,
        { command: { type: 'ADD', n: 1 }, expectedVersion: 1 },
        t0,
        409,
        'CONFLICT',
      ],
      [
        'POST',
        `/games/${id}/commands`,
        { command: { type: 'ADD', n: 1 } },
        undefined,
        401,
        'UNAUTHENTICATED',
      ],
      [
        'POST',
        `/games/${id}/commands`,
        { command: { type: 'ADD', n: 1 } },
        'st_forged',
        401,
        'UNAUTHENTICATED',
      ],
      ['POST', `/games/nope/commands`, { command: { type: 'ADD', n: 1 } }, t0, 403, 'FORBIDDEN'],
      ['GET', `/games/nope`, undefined, undefined, 404, 'NOT_FOUND'],
      ['POST', '/games', { type: 'race-to-ten', seats: [{ kind: 'ALIEN' }] }, undefined, 400, 'VALIDATION'],
      [
        'POST',
        '/games',
        { type: 'chess', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
        undefined,
        400,
        'VALIDATION',
      ],
      ['GET', `/games/${id}/events?first=100000`, undefined, undefined, 400, 'VALIDATION'],
    ];
    for (const [method, path, body, token, status, code] of cases) {
      const res = await call(method, path, body, token);
      expect({ path, body, status: res.status, code: res.body?.error?.code }).toEqual({
        path,
        body,
        status,
        code,
      });
    }
    const malformed = await call('POST', `/games/${id}/commands`, undefined, t0, '{"command": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION');
    expect((await call('GET', `/games/${id}`)).body.version).toBe(3);
  });
});

describe('REST typed command routes (Bang!)', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('mirrors the typed mutations: one route per command, game type checked', async () => {
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as JsonBody };
    };
    const created = await post('/games', {
      type: 'bang-dice',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }],
      seed: 'rest-typed',
      start: true,
    });
    const id = created.body.game.id as string;
    const active = created.body.game.activeSeats[0] as number;
    const token = created.body.seatTokens[active].token as string;
    const rolled = await post(`/games/${id}/bang-dice/roll-dice`, { commandId: 'roll-1' }, token);
    expect(rolled.status).toBe(200);
    expect(rolled.body.events[0]).toMatchObject({ type: 'DICE_ROLLED', seat: active });
    const wrongGame = await post(`/games/${id}/carson-city/pass`, {}, token);
    expect(wrongGame.body.error).toMatchObject({ code: 'VALIDATION', field: 'id' });
    const badField = await post(`/games/${id}/bang-dice/reroll-dice`, { dice: 'all' }, token);
    expect(badField.body.error).toMatchObject({ code: 'VALIDATION', ruleCode: 'INVALID_COMMAND' });
  });
});
