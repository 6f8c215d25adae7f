/**
 * Client mistakes are reported with their own codes on every field, not as INTERNAL: a forged
 * token on a field that needs the caller, out-of-range arguments of game fields, command types
 * named after Object.prototype members. REST answers the same mistakes with 4xx (rest.e2e-spec).
 */
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';
import type { Database } from '../../src/database/database';

describe('GraphQL client mistakes get their codes', () => {
  let db: Database;
  let server: RunningServer;
  let carsonId: string;
  let carsonToken: string;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, inlineBots: false });
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[] };
    }>(
      `mutation { createGame(input: { type: "carson-city", start: true, seats: [{kind: HUMAN}, {kind: HUMAN}] }) { game { id } seatTokens { token } } }`,
    );
    carsonId = created.data!.createGame.game.id;
    carsonToken = created.data!.createGame.seatTokens[0].token;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  async function codeOf(query: string, variables: Record<string, unknown>, token?: string) {
    const res = await server.gql(query, { id: carsonId, ...variables }, token);
    expect(res.status).toBeLessThan(500);
    return res.errors?.map((e) => e.extensions?.code);
  }

  it.each([
    ['view', 'view'],
    ['legalCommands', 'legalCommands'],
    ['events', 'events { version }'],
    ['stateAt', 'stateAt(version: 1)'],
  ])('a forged token on %s is UNAUTHENTICATED', async (_field, selection) => {
    const codes = await codeOf(
      `query($id: ID!) { game(id: $id) { id ${selection} } }`,
      {},
      'st_forged-token',
    );
    expect(codes).toEqual(['UNAUTHENTICATED']);
  });

  it.each([
    ['events(first: 1001)', 'events(first: 1001) { version }'],
    ['events(first: 0)', 'events(first: 0) { version }'],
    ['events(after: -1)', 'events(after: -1) { version }'],
    ['stateAt(version: -1)', 'stateAt(version: -1)'],
    ['stateAt(version: 1000000000)', 'stateAt(version: 1000000000)'],
  ])('%s is VALIDATION', async (_name, selection) => {
    const codes = await codeOf(`query($id: ID!) { game(id: $id) { id ${selection} } }`, {});
    expect(codes).toEqual(['VALIDATION']);
  });

  it.each([
    ['a persisted-query hash that does not match its query', { version: 1, sha256Hash: 'abc' }],
    ['an unknown persisted-query version', { version: 2, sha256Hash: 'abc' }],
  ])('%s is VALIDATION (HTTP 400)', async (_name, persistedQuery) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', extensions: { persistedQuery } }),
    });
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(response.status).toBe(400);
    expect(body.errors.map((e) => e.extensions.code)).toEqual(['VALIDATION']);
  });

  it('an operation name the document does not have is VALIDATION', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query A { __typename }', operationName: 'B' }),
    });
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(response.status).toBe(400);
    expect(body.errors.map((e) => e.extensions.code)).toEqual(['VALIDATION']);
  });

  it('the error carries the field the client got wrong', async () => {
    const res = await server.gql(`query($id: ID!) { game(id: $id) { stateAt(version: -1) } }`, {
      id: carsonId,
    });
    expect(res.errors![0]).toMatchObject({
      path: ['game', 'stateAt'],
      extensions: { code: 'VALIDATION', field: 'version' },
    });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'Carson City submitCommand with type %s is an unknown command (VALIDATION)',
    async (type) => {
      const res = await server.gql<{ game: { version: number } }>(
        `mutation($id: ID!, $c: JSON!) { submitCommand(gameId: $id, command: $c) { version } }`,
        { id: carsonId, c: { type } },
        carsonToken,
      );
      expect(res.status).toBeLessThan(500);
      expect(res.errors![0].extensions?.code).toBe('VALIDATION');
      expect(res.errors![0].message).toMatch(/unknown command type/);
    },
  );
});
