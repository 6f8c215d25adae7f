/**
 * The lobby's host credential: createGame returns it once (only its SHA-256 is stored); as a
 * bearer token it starts, aborts and puts bots on open seats, on GraphQL and REST, and does
 * nothing else (it acts for no seat, and sees what a spectator sees). A lobby whose seats are all
 * open can no longer be run by anyone: only by its host, or by a seat holder once someone joined.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../src/database/database';
import { createTestPglite } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';
import { startServer, type RunningServer } from '../support/app';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { token } hostToken } }`;
const START = `mutation($id: ID!) { startGame(gameId: $id) { status } }`;
const ABORT = `mutation($id: ID!) { abortGame(gameId: $id) { status } }`;
const ADD_BOT = `mutation($id: ID!, $seat: Int!) { addBot(gameId: $id, seat: $seat) { seats { kind } } }`;
const OPEN_SEATS = {
  type: 'race-to-ten',
  seats: [
    { kind: 'HUMAN', open: true },
    { kind: 'HUMAN', open: true },
  ],
};

describe('lobby host credential', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, engines: [raceEngine] });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  async function create(input: Record<string, unknown> = OPEN_SEATS) {
    const res = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[]; hostToken: string };
    }>(CREATE, { input });
    expect(res.errors).toBeUndefined();
    return res.data!.createGame;
  }
  const rest = async (path: string, token?: string, body: unknown = {}) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { status?: string; error?: { code: string } } };
  };
  const code = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
    res.errors?.[0].extensions?.code;

  it('is refused to anyone else on a lobby whose seats are all open, on GraphQL and REST', async () => {
    const lobby = await create();
    const other = await create();
    for (const token of [undefined, other.hostToken, 'ht_made-up']) {
      const expected = token === other.hostToken ? 'FORBIDDEN' : 'UNAUTHENTICATED';
      expect(code(await server.gql(ADD_BOT, { id: lobby.game.id, seat: 0 }, token))).toBe(expected);
      expect(code(await server.gql(START, { id: lobby.game.id }, token))).toBe(expected);
      expect(code(await server.gql(ABORT, { id: lobby.game.id }, token))).toBe(expected);
      expect((await rest(`/games/${lobby.game.id}/bots`, token, { seat: 0 })).body.error?.code).toBe(
        expected,
      );
      expect((await rest(`/games/${lobby.game.id}/start`, token)).body.error?.code).toBe(expected);
      expect((await rest(`/games/${lobby.game.id}/abort`, token)).body.error?.code).toBe(expected);
    }
    const game = await fetch(`${server.url}/api/games/${lobby.game.id}`).then((r) => r.json());
    expect(game).toMatchObject({
      status: 'LOBBY',
      seats: [
        { kind: 'HUMAN', open: true },
        { kind: 'HUMAN', open: true },
      ],
    });
  });

  it('lets the host fill open seats with bots, start and abort, and nothing more', async () => {
    const lobby = await create();
    const host = lobby.hostToken;
    expect(host).toMatch(/^ht_/);
    expect(code(await server.gql(ADD_BOT, { id: lobby.game.id, seat: 0 }, host))).toBeUndefined();
    expect((await rest(`/games/${lobby.game.id}/bots`, host, { seat: 1 })).status).toBe(200);
    const started = await server.gql<{ startGame: { status: string } }>(START, { id: lobby.game.id }, host);
    expect(started.data?.startGame.status).toBe('ACTIVE');

    const second = await create();
    expect((await rest(`/games/${second.game.id}/abort`, second.hostToken)).body.status).toBe('ABORTED');

    // It acts for no seat, and reads as a spectator.
    const third = await create({
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
    });
    const submit = await server.gql(
      `mutation($id: ID!) { submitCommand(gameId: $id, command: { type: "ADD", n: 1 }) { version } }`,
      { id: third.game.id },
      third.hostToken,
    );
    expect(code(submit)).toBe('FORBIDDEN');
    const hook = await server.gql(
      `mutation($id: ID!) { registerWebhook(gameId: $id, url: "https://example.org/", secret: "12345678") { id } }`,
      { id: third.game.id },
      third.hostToken,
    );
    expect(code(hook)).toBe('FORBIDDEN');
    const view = await server.gql<{ game: { view: { secret?: unknown; seats?: unknown } } }>(
      `query($id: ID!) { game(id: $id) { view } }`,
      { id: third.game.id },
      third.hostToken,
    );
    const spectator = await server.gql(`query($id: ID!) { game(id: $id) { view } }`, {
      id: third.game.id,
    });
    expect(view.data).toEqual(spectator.data);
  });

  it('leaves a seat holder in charge as before', async () => {
    const lobby = await create({
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN', open: true }],
    });
    const seat0 = lobby.seatTokens[0].token;
    expect(code(await server.gql(ADD_BOT, { id: lobby.game.id, seat: 1 }, seat0))).toBeUndefined();
    expect((await rest(`/games/${lobby.game.id}/start`, seat0)).body.status).toBe('ACTIVE');
  });

  it('stores only a hash of the host token', async () => {
    const lobby = await create();
    const row = await db.client.game.findUniqueOrThrow({ where: { id: lobby.game.id } });
    expect(row.hostTokenHash).toBe(createHash('sha256').update(lobby.hostToken).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(lobby.hostToken);
  });
});
