/**
 * Complete 4-player Carson City games through the public APIs: one through GraphQL with the
 * typed mutations (pickCharacter, placeCowboy, pass, buildPending, ...), each seat acting with
 * its own token; one through the REST mirror's typed routes. Commands are chosen at random among
 * the seat's legalCommands, which the server lists per seat.
 */
import { carsonCityEngine } from '../../src/games/carson-city/index';
import { createRng } from '../../src/games/random';
import { EventStore } from '../../src/event-store/event-store';
import { PlayService } from '../../src/play/play.service';
import { TYPED_COMMAND_ROUTES } from '../../src/api/rest/typed-commands';
import type { Database } from '../../src/database/database';
import { createTestPostgres } from '../support/database';
import { stateHash as hash } from '../support/canonical';
import { startServer, type RunningServer } from '../support/app';
import { typedMutation as buildMutation, type Command } from '../support/typed-mutation';

/** GraphQL argument types of the typed Carson City mutations' fields. */
const ARG_TYPES: Record<string, string> = {
  parcel: 'ParcelInput!',
  target: 'CowboyTargetInput!',
  edge: 'EdgeInput!',
  personality: 'Int!',
  side: 'String',
  white: 'Boolean',
  noDuel: 'Boolean',
  dynamite: 'Boolean',
  extra: 'Boolean',
  building: 'String!',
  townHouse: 'Boolean',
  accept: 'Boolean!',
  count: 'Int!',
  amount: 'Int!',
  square: 'Int!',
  option: 'String!',
  action: 'String!',
};

describe('a 4-player Carson City game through the APIs (PostgreSQL)', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPostgres();
    server = await startServer({ database: db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  async function create(seed: string) {
    const res = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`,
      {
        input: {
          type: 'carson-city',
          seats: ['Kit', 'Jeb', 'Ann', 'Sam'].map((name) => ({ kind: 'HUMAN', name })),
          seed,
          start: true,
        },
      },
    );
    expect(res.errors).toBeUndefined();
    return { id: res.data!.createGame.game.id, tokens: res.data!.createGame.seatTokens.map((t) => t.token) };
  }

  async function state(id: string, token?: string) {
    const res = await server.gql<{
      game: { status: string; version: number; activeSeats: number[]; legalCommands: Command[] };
    }>(`query($id: ID!) { game(id: $id) { status version activeSeats legalCommands } }`, { id }, token);
    return res.data!.game;
  }

  async function playToTheEnd(
    id: string,
    tokens: string[],
    send: (command: Command, version: number, token: string) => Promise<number>,
  ) {
    const rng = createRng(`choices-${id}`);
    const used = new Set<string>();
    for (let guard = 0; guard < 3000; guard++) {
      const game = await state(id);
      if (game.status !== 'ACTIVE') return { game, used };
      const seat = game.activeSeats[0];
      const mine = await state(id, tokens[seat]);
      expect(mine.legalCommands.length).toBeGreaterThan(0);
      // Prefer answering the prompt over optional road placements, so games finish in fewer steps.
      const answers = mine.legalCommands.filter((c) => c.type !== 'PLACE_ROAD');
      const command = rng.pick(answers.length > 0 && rng.int(0, 9) > 0 ? answers : mine.legalCommands);
      used.add(command.type);
      const version = await send(command, mine.version, tokens[seat]);
      expect(version).toBeGreaterThan(mine.version);
    }
    throw new Error('the game did not end');
  }

  async function expectFinishedAndReplayable(id: string) {
    const res = await server.gql<{
      game: {
        status: string;
        version: number;
        result: { winners: number[]; seats: { seat: number; score: number; rank: number }[] };
      };
    }>(`query($id: ID!) { game(id: $id) { status version result } }`, { id });
    const game = res.data!.game;
    expect(game.status).toBe('FINISHED');
    expect(game.result.seats).toHaveLength(4);
    expect(game.result.winners.length).toBeGreaterThan(0);
    const best = Math.max(...game.result.seats.map((s) => s.score));
    for (const w of game.result.winners)
      expect(game.result.seats.find((s) => s.seat === w)!.score).toBe(best);
    const events = await new EventStore(db.client).readStream(id);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    const replayed = events.reduce<unknown>(
      (s, e) => carsonCityEngine.evolve(s as never, e.payload as never),
      null,
    );
    expect(hash(replayed)).toBe(hash((await server.app.get(PlayService).load(id)).state));
  }

  it('plays a whole game with the typed GraphQL mutations', async () => {
    const { id, tokens } = await create('cc-graphql');
    const { used } = await playToTheEnd(id, tokens, async (command, version, token) => {
      const { query, variables } = buildMutation(command, ARG_TYPES);
      const res = await server.gql<Record<string, { accepted: boolean; version: number }>>(
        query,
        { ...variables, gameId: id, expectedVersion: version },
        token,
      );
      expect(res.errors).toBeUndefined();
      return Object.values(res.data!)[0].version;
    });
    expect([...used]).toEqual(
      expect.arrayContaining(['CHOOSE_STARTING_PARCEL', 'PICK_CHARACTER', 'PLACE_COWBOY']),
    );
    await expectFinishedAndReplayable(id);
  });

  it('creates and plays a 1-seat solo game against Jeb Standish (§11) with the typed GraphQL mutations', async () => {
    const res = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`,
      {
        input: {
          type: 'carson-city',
          seats: [{ kind: 'HUMAN', name: 'Kit' }],
          options: { solo: { strategy: 'URBAN' } },
          seed: 'cc-solo',
          start: true,
        },
      },
    );
    expect(res.errors).toBeUndefined();
    const id = res.data!.createGame.game.id;
    const tokens = res.data!.createGame.seatTokens.map((t) => t.token);
    expect(tokens).toHaveLength(1);
    await playToTheEnd(id, tokens, async (command, version, token) => {
      const { query, variables } = buildMutation(command, ARG_TYPES);
      const r = await server.gql<Record<string, { accepted: boolean; version: number }>>(
        query,
        { ...variables, gameId: id, expectedVersion: version },
        token,
      );
      expect(r.errors).toBeUndefined();
      return Object.values(r.data!)[0].version;
    });
    const done = await server.gql<{
      game: {
        status: string;
        result: { winners: number[]; seats: { seat: number }[]; detail: { solo: boolean } };
      };
    }>(`query($id: ID!) { game(id: $id) { status result } }`, { id });
    expect(done.data!.game.status).toBe('FINISHED');
    expect(done.data!.game.result.seats).toHaveLength(1);
    expect(done.data!.game.result.detail.solo).toBe(true);
    const events = await new EventStore(db.client).readStream(id);
    const replayed = events.reduce<unknown>(
      (s, e) => carsonCityEngine.evolve(s as never, e.payload as never),
      null,
    );
    expect(hash(replayed)).toBe(hash((await server.app.get(PlayService).load(id)).state));
    // A 1-seat game without the solo option is refused.
    const bad = await server.gql(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }`,
      { input: { type: 'carson-city', seats: [{ kind: 'HUMAN', name: 'Kit' }], start: true } },
    );
    expect(bad.errors).toBeDefined();
  });

  it('plays a whole game through the REST mirror of the same commands', async () => {
    const { id, tokens } = await create('cc-rest');
    const paths = new Map(
      TYPED_COMMAND_ROUTES.filter((r) => r.game === 'carson-city').map((r) => [r.type, r.path]),
    );
    await playToTheEnd(id, tokens, async (command, version, token) => {
      const { type, ...fields } = command;
      const response = await fetch(`${server.url}/api/games/${id}/carson-city/${paths.get(type)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...fields, expectedVersion: version }),
      });
      const body = (await response.json()) as { version: number; error?: unknown };
      expect(body.error).toBeUndefined();
      return body.version;
    });
    await expectFinishedAndReplayable(id);
  });
});
