/**
 * Great Western Trail games through the public APIs on PostgreSQL: a whole 2-player game with the
 * typed GraphQL mutations (moveHerder, useAction, hireWorker, deliver, ...), each seat acting with
 * its own token, and one through the REST mirror's typed routes. Commands are chosen at random
 * among the seat's legalCommands as the server lists them. Along the way, no seat's view or event
 * page shows another seat's hand.
 */
import { greatWesternTrailEngine } from '../../src/games/great-western-trail/index';
import { createRng } from '../../src/games/random';
import { EventStore } from '../../src/event-store/event-store';
import { PlayService } from '../../src/play/play.service';
import { TYPED_COMMAND_ROUTES } from '../../src/api/rest/typed-commands';
import type { Database } from '../../src/database/database';
import { createTestPostgres } from '../support/database';
import { stateHash as hash } from '../support/canonical';
import { startServer, type RunningServer } from '../support/app';
import { typedMutation as buildMutation, type Command } from '../support/typed-mutation';

/** GraphQL argument types of the typed GWT mutations' fields. */
const ARG_TYPES: Record<string, string> = {
  cards: '[String!]!',
  path: '[String!]!',
  location: 'String!',
  index: 'Int!',
  action: 'String!',
  double: 'Boolean',
  option: 'Int!',
  count: 'Int!',
  card: 'String',
  row: 'Int!',
  col: 'Int!',
  building: 'String!',
  to: 'Float!',
  disc: 'String',
  station: 'String',
  worker: 'String!',
  city: 'String!',
  fromLevel1: 'Int!',
  fromLevel2: 'Int!',
};

/** Where one command's field differs from the table above. */
const ARG_OVERRIDES: Record<string, string> = {
  'PLAY_OBJECTIVE.card': 'String!',
  'UPGRADE_STATION.disc': 'String!',
};

describe('Great Western Trail through the APIs (PostgreSQL)', () => {
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

  async function create(seed: string, options: Record<string, unknown> = {}) {
    const res = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`,
      {
        input: {
          type: 'great-western-trail',
          seats: ['Mary', 'David'].map((name) => ({ kind: 'HUMAN', name })),
          options,
          seed,
          start: true,
        },
      },
    );
    expect(res.errors).toBeUndefined();
    return { id: res.data!.createGame.game.id, tokens: res.data!.createGame.seatTokens.map((t) => t.token) };
  }

  type SeatPage = {
    status: string;
    version: number;
    activeSeats: number[];
    legalCommands: Command[];
    view: { players: { seat: number; hand: string[] | null; handCount: number }[] };
  };

  async function state(id: string, token?: string) {
    const res = await server.gql<{ game: SeatPage }>(
      `query($id: ID!) { game(id: $id) { status version activeSeats legalCommands view } }`,
      { id },
      token,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.game;
  }

  async function playToTheEnd(
    id: string,
    tokens: string[],
    send: (command: Command, version: number, token: string) => Promise<number>,
  ) {
    const rng = createRng(`choices-${id}`);
    const used = new Set<string>();
    for (let guard = 0; guard < 6000; guard++) {
      const game = await state(id);
      if (game.status !== 'ACTIVE') return used;
      const seat = game.activeSeats[0];
      const mine = await state(id, tokens[seat]);
      expect(mine.legalCommands.length).toBeGreaterThan(0);
      // Each seat sees its own hand and only the size of the other's.
      for (const p of mine.view.players) {
        if (p.seat === seat) expect(p.hand).toHaveLength(p.handCount);
        else expect(p.hand).toBeNull();
      }
      // Exchange tokens only lengthen a random game; prefer the prompt's answers.
      const answers = mine.legalCommands.filter((c) => c.type !== 'USE_EXCHANGE_TOKEN');
      const command = rng.pick(answers.length > 0 ? answers : mine.legalCommands);
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
        result: { winners: number[]; seats: { seat: number; score: number }[] };
      };
    }>(`query($id: ID!) { game(id: $id) { status version result } }`, { id });
    const game = res.data!.game;
    expect(game.status).toBe('FINISHED');
    expect(game.result.seats).toHaveLength(2);
    const best = Math.max(...game.result.seats.map((s) => s.score));
    for (const w of game.result.winners)
      expect(game.result.seats.find((s) => s.seat === w)!.score).toBe(best);
    const events = await new EventStore(db.client).readStream(id);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    const replayed = events.reduce<unknown>(
      (s, e) => greatWesternTrailEngine.evolve(s as never, e.payload as never),
      null,
    );
    expect(hash(replayed)).toBe(hash((await server.app.get(PlayService).load(id)).state));
    // Another seat's drawn cards never appear in a seat's event page.
    const page = await server.gql<{
      game: { events: { type: string; payload: { seat?: number; cards?: string[] } }[] };
    }>(`query($id: ID!) { game(id: $id) { events(after: 0, first: 200) { type payload } } }`, { id });
    for (const e of page.data!.game.events.filter((x) => x.type === 'CARDS_DRAWN'))
      expect(e.payload.cards).toEqual([]);
  }

  it('plays a whole 2-player game with the typed GraphQL mutations', async () => {
    const { id, tokens } = await create('gwt-graphql');
    const used = await playToTheEnd(id, tokens, async (command, version, token) => {
      const { query, variables } = buildMutation(command, ARG_TYPES, ARG_OVERRIDES);
      const res = await server.gql<Record<string, { accepted: boolean; version: number }>>(
        query,
        { ...variables, gameId: id, expectedVersion: version },
        token,
      );
      expect(res.errors).toBeUndefined();
      return Object.values(res.data!)[0].version;
    });
    expect([...used]).toEqual(
      expect.arrayContaining(['START_AT', 'MOVE_HERDER', 'USE_ACTION', 'FORESIGHT', 'DELIVER']),
    );
    await expectFinishedAndReplayable(id);
  });

  it('plays a whole game with the Simmental variant through the REST mirror', async () => {
    const { id, tokens } = await create('gwt-rest', {
      simmental: true,
      neutralBuildings: 'RANDOM',
      playerBuildings: 'RANDOM',
    });
    const paths = new Map(
      TYPED_COMMAND_ROUTES.filter((r) => r.game === 'great-western-trail').map((r) => [r.type, r.path]),
    );
    await playToTheEnd(id, tokens, async (command, version, token) => {
      const { type, ...fields } = command;
      const response = await fetch(`${server.url}/api/games/${id}/great-western-trail/${paths.get(type)}`, {
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

  it('refuses a command that does not answer the prompt, and changes nothing', async () => {
    const { id, tokens } = await create('gwt-refuse');
    const before = await state(id, tokens[0]);
    const res = await server.gql(
      `mutation($gameId: String!) { deliver(gameId: $gameId, city: "NEW_YORK", disc: null) { version } }`,
      { gameId: id },
      tokens[0],
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('RULE_VIOLATION');
    expect(res.errors?.[0]?.extensions?.ruleCode).toBe('NOT_NOW');
    expect((await state(id, tokens[0])).version).toBe(before.version);
  });
});
