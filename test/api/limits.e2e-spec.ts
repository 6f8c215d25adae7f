/**
 * The work one operation may cause is bounded (issue #10 item 3): fields that read a game's state
 * cost what they do, an operation may read game state only GRAPHQL_MAX_GAME_READS times (refused
 * before any engine call), stateAt replays from the nearest snapshot, and the worst operation the
 * limits allow stays within a counted bound of engine work. The same limits hold over graphql-ws.
 * Also: introspection works under the default limits; stateAt(version: 0) is the opening state.
 */
import { getIntrospectionQuery, parse } from 'graphql';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import {
  checkOperation,
  planCache,
  PLAN_CACHE_SIZE,
  PLAN_MAX_QUERY_LENGTH,
} from '../../src/api/graphql/limits';
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { DEFAULT_HTTP_LIMITS } from '../../src/config';
import type { Database } from '../../src/database/database';
import { PlayService } from '../../src/play/play.service';
import { playToEnd } from '../../bench/lib/bot-driver';
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';

const SNAPSHOT_EVERY = 50; // PlayService's default
const MAX_READS = DEFAULT_HTTP_LIMITS.maxGameReads;

/** `count` aliased `stateAt` fields at the given versions. */
function stateAtQuery(versions: number[]): string {
  return `query($id: ID!) { game(id: $id) { ${versions.map((v, i) => `s${i}: stateAt(version: ${v})`).join(' ')} } }`;
}

describe('bounded work per GraphQL operation', () => {
  let db: Database;
  let server: RunningServer;
  let finishedId: string;
  let finalVersion: number;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, engines: [bangDiceEngine], inlineBots: false });
    const played = await playToEnd(server.app.get(PlayService), 'bang-dice', 6, 'limits-1');
    finishedId = played.gameId;
    finalVersion = played.version;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await server.close();
    await db.close();
  });

  /** Versions whose replay from the snapshot below is longest (just under each multiple). */
  function worstVersions(count: number): number[] {
    const versions: number[] = [];
    for (let tail = SNAPSHOT_EVERY - 1; versions.length < count && tail > 0; tail--)
      for (let base = 0; base + tail <= finalVersion && versions.length < count; base += SNAPSHOT_EVERY)
        if (base + tail < finalVersion) versions.push(base + tail);
    return versions;
  }

  it('the played game is long enough to cross several snapshots', () => {
    expect(finalVersion).toBeGreaterThan(2 * SNAPSHOT_EVERY);
  });

  it(`refuses more than ${MAX_READS} game reads before calling any engine`, async () => {
    const evolve = jest.spyOn(bangDiceEngine, 'evolve');
    const view = jest.spyOn(bangDiceEngine, 'view');
    const res = await server.gql(stateAtQuery(worstVersions(MAX_READS + 1)), { id: finishedId });
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors![0].extensions).toMatchObject({
      code: 'VALIDATION',
      limit: 'GAME_READS',
      maxGameReads: MAX_READS,
    });
    expect(evolve).not.toHaveBeenCalled();
    expect(view).not.toHaveBeenCalled();
    evolve.mockRestore();
    view.mockRestore();
  });

  it('counts game reads through lists and across the expensive fields', async () => {
    const listed = await server.gql(`{ games(first: ${MAX_READS + 1}) { edges { node { view } } } }`);
    expect(listed.errors![0].extensions).toMatchObject({ limit: 'GAME_READS' });
    const mixed = await server.gql(
      `query($id: ID!) { game(id: $id) { ${Array.from(
        { length: MAX_READS + 1 },
        (_, i) =>
          `${['v', 'l', 'e'][i % 3]}${i}: ${['view', 'legalCommands', 'events(first: 1) { version }'][i % 3]}`,
      ).join(' ')} } }`,
      { id: finishedId },
    );
    expect(mixed.errors![0].extensions).toMatchObject({ limit: 'GAME_READS' });
    const fine = await server.gql(`{ games(first: ${MAX_READS}) { edges { node { view } } } }`);
    expect(fine.errors).toBeUndefined();
  });

  it('the worst allowed operation stays within its bound of engine work', async () => {
    const versions = worstVersions(MAX_READS);
    const evolve = jest.spyOn(bangDiceEngine, 'evolve');
    const view = jest.spyOn(bangDiceEngine, 'view');
    const res = await server.gql<{ game: Record<string, unknown> }>(stateAtQuery(versions), {
      id: finishedId,
    });
    expect(res.errors).toBeUndefined();
    expect(Object.values(res.data!.game).every((v) => v !== null)).toBe(true);
    // Each stateAt replays at most the events after the snapshot below it, never from version 0.
    expect(evolve.mock.calls.length).toBeLessThanOrEqual(MAX_READS * (SNAPSHOT_EVERY - 1));
    expect(view.mock.calls.length).toBeLessThanOrEqual(MAX_READS);
    evolve.mockRestore();
    view.mockRestore();
  });

  it("an operation's game reads take turns (others' requests are served between them)", async () => {
    const play = server.app.get(PlayService);
    const original = play.stateAt.bind(play);
    let inFlight = 0;
    let most = 0;
    const spy = jest.spyOn(play, 'stateAt').mockImplementation(async (...args) => {
      most = Math.max(most, ++inFlight);
      try {
        return await original(...args);
      } finally {
        inFlight--;
      }
    });
    const res = await server.gql(stateAtQuery(worstVersions(MAX_READS)), { id: finishedId });
    expect(res.errors).toBeUndefined();
    expect(spy).toHaveBeenCalledTimes(MAX_READS);
    expect(most).toBe(1);
    spy.mockRestore();
  });

  it('stateAt of a late version starts from the nearest snapshot', async () => {
    const evolve = jest.spyOn(bangDiceEngine, 'evolve');
    const version = finalVersion - 1;
    const res = await server.gql(stateAtQuery([version]), { id: finishedId });
    expect(res.errors).toBeUndefined();
    expect(evolve.mock.calls.length).toBeLessThanOrEqual(version % SNAPSHOT_EVERY);
    evolve.mockRestore();
  });

  it('events cost their page: a large page of events in many aliases is over the complexity limit', async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `e${i}: events(first: 1000) { version }`);
    const res = await server.gql(`query($id: ID!) { game(id: $id) { ${aliases.join(' ')} } }`, {
      id: finishedId,
    });
    expect(res.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'COMPLEXITY' });
  });

  it('a cached document with other variables is still limited by them (first, @skip, cost functions)', async () => {
    // The same text each time: its walk plan is cached after the first request.
    const listed = `query($n: Int) { games(first: $n) { edges { node { view } } } }`;
    expect((await server.gql(listed, { n: 1 })).errors).toBeUndefined();
    expect((await server.gql(listed, { n: MAX_READS })).errors).toBeUndefined();
    const over = await server.gql(listed, { n: MAX_READS + 1 });
    expect(over.status).toBe(400);
    expect(over.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'GAME_READS' });
    const aliases = Array.from({ length: 11 }, (_, i) => `e${i}: events(first: $n) { version }`);
    const events = `query($id: ID!, $n: Int) { game(id: $id) { ${aliases.join(' ')} } }`;
    expect((await server.gql(events, { id: finishedId, n: 1 })).errors).toBeUndefined();
    const costly = await server.gql(events, { id: finishedId, n: 1000 });
    expect(costly.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'COMPLEXITY' });
    const reads = Array.from({ length: MAX_READS + 1 }, (_, i) => `v${i}: view @skip(if: $skip)`);
    const skipped = `query($id: ID!, $skip: Boolean!) { game(id: $id) { version ${reads.join(' ')} } }`;
    expect((await server.gql(skipped, { id: finishedId, skip: true })).errors).toBeUndefined();
    const unskipped = await server.gql(skipped, { id: finishedId, skip: false });
    expect(unskipped.errors![0].extensions).toMatchObject({ limit: 'GAME_READS' });
    // A document whose cost does not read its variables is measured once and refused every time.
    const fixed = `query($id: ID!) { game(id: $id) { ${reads.join(' ').replaceAll(' @skip(if: $skip)', '')} } }`;
    for (let i = 0; i < 2; i++)
      expect((await server.gql(fixed, { id: finishedId })).errors![0].extensions).toMatchObject({
        limit: 'GAME_READS',
      });
  });

  it('the cache of walked documents stays bounded whatever documents clients send', async () => {
    const schema = server.app.get(GraphQLSchemaHost).schema;
    const limits = { maxDepth: 10, maxComplexity: 10_000, maxGameReads: MAX_READS };
    for (let i = 0; i < PLAN_CACHE_SIZE + 50; i++) {
      const query = `query Q${i} { games(first: 1) { edges { node { id } } } }`;
      expect(checkOperation({ schema, document: parse(query), query }, limits)).toBeNull();
    }
    expect(planCache(schema).size).toBe(PLAN_CACHE_SIZE);
    const long = `{ games(first: 1) { edges { node { id ${' '.repeat(PLAN_MAX_QUERY_LENGTH)} } } } }`;
    planCache(schema).delete(`\0${long}`);
    checkOperation({ schema, document: parse(long), query: long }, limits);
    expect(planCache(schema).get(`\0${long}`)).toBeUndefined();
  });

  it('stateAt(version: 0) is the opening state: the view before the first command; null in a lobby', async () => {
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[] };
    }>(
      `mutation { createGame(input: { type: "bang-dice", start: true, seats: [{kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}] }) { game { id } seatTokens { token } } }`,
    );
    const { game, seatTokens } = created.data!.createGame;
    const query = `query($id: ID!) { game(id: $id) { version view stateAt(version: 0) } }`;
    const atStart = await server.gql<{ game: { version: number; view: unknown; stateAt: unknown } }>(
      query,
      { id: game.id },
      seatTokens[0].token,
    );
    expect(atStart.errors).toBeUndefined();
    expect(atStart.data!.game.stateAt).not.toBeNull();
    expect(atStart.data!.game.stateAt).toEqual(atStart.data!.game.view);
    const lobby = await server.gql<{ createGame: { game: { id: string } } }>(
      `mutation { createGame(input: { type: "bang-dice", seats: [{kind: HUMAN, open: true}, {kind: HUMAN, open: true}, {kind: HUMAN, open: true}] }) { game { id } } }`,
    );
    const inLobby = await server.gql<{ game: { stateAt: unknown } }>(
      `query($id: ID!) { game(id: $id) { stateAt(version: 0) } }`,
      { id: lobby.data!.createGame.game.id },
    );
    expect(inLobby.errors).toBeUndefined();
    expect(inLobby.data!.game.stateAt).toBeNull();
  });

  it('stateAt(version: 0) of a played game is still its opening state', async () => {
    const res = await server.gql<{ game: { stateAt: { seatCount?: number } | null } }>(
      `query($id: ID!) { game(id: $id) { stateAt(version: 0) } }`,
      { id: finishedId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.game.stateAt).not.toBeNull();
  });

  it("graphql-js' standard introspection query succeeds under the default limits", async () => {
    for (const query of [
      getIntrospectionQuery(),
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
      }),
    ]) {
      const res = await server.gql<{ __schema: { types: unknown[] } }>(query);
      expect(res.errors).toBeUndefined();
      expect(res.data!.__schema.types.length).toBeGreaterThan(10);
    }
  });

  it('introspection stays bounded: too deep or too many copies are refused', async () => {
    let ofType = '{ name }';
    for (let i = 0; i < 25; i++) ofType = `{ ofType ${ofType} }`;
    const deep = await server.gql(`{ __type(name: "Game") { fields { type ${ofType} } } }`);
    expect(deep.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'DEPTH' });
    const copies = Array.from({ length: 25 }, (_, i) => `s${i}: __schema { types { name } }`);
    const many = await server.gql(`{ ${copies.join(' ')} }`);
    expect(many.errors![0].extensions).toMatchObject({ code: 'VALIDATION', limit: 'COMPLEXITY' });
    // Ordinary fields keep the ordinary depth limit.
    const nested = await server.gql(
      `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }`,
    );
    expect(nested.errors).toBeUndefined();
  });
});
