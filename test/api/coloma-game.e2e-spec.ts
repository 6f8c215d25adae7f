/**
 * Coloma games through the public APIs on PostgreSQL: a whole 2-player game with the typed GraphQL
 * mutations (dial, shovel, build, wagon, placeTent, ...), each seat acting with its own token, and
 * the start of one through the REST mirror's typed routes. Commands are chosen at random among the
 * seat's legalCommands as the server lists them. No seat's view shows another seat's hand or Dial.
 */
import { colomaEngine } from '../../src/games/coloma/index';
import { createRng } from '../../src/games/random';
import { EventStore } from '../../src/event-store/event-store';
import { PlayService } from '../../src/play/play.service';
import { TYPED_COMMAND_ROUTES } from '../../src/api/rest/typed-commands';
import type { Database } from '../../src/database/database';
import { createTestPostgres } from '../support/database';
import { stateHash as hash } from '../support/canonical';
import { startServer, type RunningServer } from '../support/app';
import { typedMutation as buildMutation, type Command } from '../support/typed-mutation';

/** GraphQL argument types of the typed Coloma mutations' fields. */
const ARG_TYPES: Record<string, string> = {
  cards: '[String!]!',
  to: 'String',
  gold: 'Int',
  site: 'Int!',
  mule: 'Int',
  tents: 'Int!',
  horses: 'Int!',
  from: 'Int',
  tool: 'String!',
  bridge: 'String!',
  card: 'String!',
  dudes: 'Int!',
  path: '[String!]!',
  stopBenefit: 'Boolean',
  row: 'Int!',
  event: 'Int',
  land: 'String',
  index: 'Int!',
  discard: 'String',
  gain: 'String!',
};

/** Where one command's field differs from the table above. */
const ARG_OVERRIDES: Record<string, string> = {
  'RETURN_OPENING.to': '[String!]!',
  'SPEND_GOLD.gold': 'Int!',
  'TAKE_BARREL.from': 'Int!',
  'MAVERICK.discard': 'String!',
};

describe('Coloma through the APIs (PostgreSQL)', () => {
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
          type: 'coloma',
          seats: ['Ana', 'Bea'].map((name) => ({ kind: 'HUMAN', name })),
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
    view: {
      dataSource: string;
      players: { seat: number; hand: string[] | null; handCount: number; dial: number | null }[];
    };
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

  async function play(
    id: string,
    tokens: string[],
    limit: number,
    send: (c: Command, v: number, t: string) => Promise<number>,
  ) {
    const rng = createRng(`choices-${id}`);
    const used = new Set<string>();
    for (let step = 0; step < limit; step++) {
      const game = await state(id);
      if (game.status !== 'ACTIVE') return used;
      const seat = game.activeSeats[0];
      const mine = await state(id, tokens[seat]);
      expect(mine.view.dataSource).toBe('PLACEHOLDER');
      for (const p of mine.view.players) {
        if (p.seat === seat) expect(p.hand).toHaveLength(p.handCount);
        else expect([p.hand, p.dial]).toEqual([null, null]);
      }
      // Lean towards acting rather than ending the turn at once.
      const acts = mine.legalCommands.filter((c) => c.type !== 'FINISH_TURN');
      const command = acts.length > 0 && rng.int(0, 3) > 0 ? rng.pick(acts) : rng.pick(mine.legalCommands);
      used.add(command.type);
      const version = await send(command, mine.version, tokens[seat]);
      expect(version).toBeGreaterThan(mine.version);
    }
    return used;
  }

  async function expectReplayable(id: string) {
    const events = await new EventStore(db.client).readStream(id);
    const replayed = events.reduce<unknown>(
      (s, e) => colomaEngine.evolve(s as never, e.payload as never),
      null,
    );
    expect(hash(replayed)).toBe(hash((await server.app.get(PlayService).load(id)).state));
  }

  it('plays a whole 2-player game with the typed GraphQL mutations', async () => {
    const { id, tokens } = await create('coloma-graphql');
    const used = await play(id, tokens, 3000, async (command, version, token) => {
      const { query, variables } = buildMutation(command, ARG_TYPES, ARG_OVERRIDES);
      const res = await server.gql<Record<string, { accepted: boolean; version: number }>>(
        query,
        { ...variables, gameId: id, expectedVersion: version },
        token,
      );
      expect(res.errors).toBeUndefined();
      return Object.values(res.data!)[0].version;
    });
    expect([...used]).toEqual(expect.arrayContaining(['RETURN_OPENING', 'DIAL', 'FINISH_TURN']));
    const res = await server.gql<{ game: { status: string; result: { seats: unknown[] } } }>(
      `query($id: ID!) { game(id: $id) { status result } }`,
      { id },
    );
    expect(res.data!.game.status).toBe('FINISHED');
    expect(res.data!.game.result.seats).toHaveLength(2);
    await expectReplayable(id);
  });

  it('takes the typed REST routes', async () => {
    const { id, tokens } = await create('coloma-rest', { modules: ['HOTELS'] });
    const paths = new Map(
      TYPED_COMMAND_ROUTES.filter((r) => r.game === 'coloma').map((r) => [r.type, r.path]),
    );
    await play(id, tokens, 40, async (command, version, token) => {
      const { type, ...fields } = command;
      const response = await fetch(`${server.url}/api/games/${id}/coloma/${paths.get(type)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...fields, expectedVersion: version }),
      });
      const body = (await response.json()) as { version: number; error?: unknown };
      expect(body.error).toBeUndefined();
      return body.version;
    });
    await expectReplayable(id);
  });

  it('refuses a command that does not answer the prompt, and changes nothing', async () => {
    const { id, tokens } = await create('coloma-refuse');
    const before = await state(id, tokens[0]);
    const res = await server.gql(
      `mutation($gameId: String!) { shovel(gameId: $gameId) { version } }`,
      { gameId: id },
      tokens[0],
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('RULE_VIOLATION');
    expect(res.errors?.[0]?.extensions?.ruleCode).toBe('WRONG_STEP');
    expect((await state(id, tokens[0])).version).toBe(before.version);
  });
});
