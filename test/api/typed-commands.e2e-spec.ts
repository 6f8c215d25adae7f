/**
 * Every game's typed commands through both transports made from its command table
 * (src/api/commands): whole games on PostgreSQL, each seat acting with its own token, every
 * command chosen at random among the seat's legalCommands as the server lists them and sent, at
 * random, as its typed GraphQL mutation or its typed REST route. The game must finish with the
 * best score winning, and its stored events replay to the live state. One case per game and
 * option set the per-game suites played before; what only one game checks (hidden hands, roles,
 * refused prompts) stays in that game's e2e suite.
 */
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { carsonCityEngine } from '../../src/games/carson-city/index';
import { colomaEngine } from '../../src/games/coloma/index';
import { greatWesternTrailEngine } from '../../src/games/great-western-trail/index';
import { createRng } from '../../src/games/random';
import { EventStore } from '../../src/event-store/event-store';
import { PlayService } from '../../src/play/play.service';
import type { Database } from '../../src/database/database';
import { createTestPostgres } from '../support/database';
import { stateHash as hash } from '../support/canonical';
import { startServer, type RunningServer } from '../support/app';
import { typedMutation, typedRoute, type Command } from '../support/typed-mutation';

type View = {
  players?: { seat: number; hand?: string[] | null; handCount?: number; dial?: number | null }[];
};

interface Case {
  name: string;
  game: string;
  engine: { evolve(state: never, event: never): unknown };
  seats: number;
  options?: Record<string, unknown>;
  /** Commands a random game only drags out with: sent only when nothing else is legal (or 1 in 10). */
  avoid?: string;
  /** Commands the game must have used. */
  uses: string[];
  /** What the seat to act sees (hidden information). */
  checkView?: (view: View, seat: number) => void;
  /** Checks of the finished game (e.g. an event page's redaction). */
  afterGame?: (server: RunningServer, id: string) => Promise<void>;
}

/** Another seat's drawn cards never appear in a public event page. */
async function noDrawnCardsInPublicEvents(server: RunningServer, id: string) {
  const page = await server.gql<{
    game: { events: { type: string; payload: { cards?: string[] } }[] };
  }>(`{ game(id: ${JSON.stringify(id)}) { events(after: 0, first: 200) { type payload } } }`);
  const drawn = page.data!.game.events.filter((x) => x.type === 'CARDS_DRAWN');
  expect(drawn.length).toBeGreaterThan(0);
  for (const e of drawn) expect(e.payload.cards).toEqual([]);
}

/** Each seat sees its own hand and only the size (and no Dial) of the others'. */
function ownHandOnly(view: View, seat: number) {
  for (const p of view.players ?? []) {
    if (p.seat === seat) expect(p.hand).toHaveLength(p.handCount!);
    else expect(p.hand ?? null).toBeNull();
    if (p.seat !== seat && p.dial !== undefined) expect(p.dial).toBeNull();
  }
}

const engine = (e: Case['engine']) => e;

const CASES: Case[] = [
  {
    name: 'Bang! The Dice Game, 5 players',
    game: 'bang-dice',
    engine: engine(bangDiceEngine),
    seats: 5,
    uses: ['ROLL_DICE', 'RESOLVE_DICE'],
  },
  {
    name: 'Carson City, 4 players',
    game: 'carson-city',
    engine: engine(carsonCityEngine),
    seats: 4,
    avoid: 'PLACE_ROAD',
    uses: ['CHOOSE_STARTING_PARCEL', 'PICK_CHARACTER', 'PLACE_COWBOY'],
  },
  {
    name: 'Carson City solo against Jeb Standish',
    game: 'carson-city',
    engine: engine(carsonCityEngine),
    seats: 1,
    options: { solo: { strategy: 'URBAN' } },
    avoid: 'PLACE_ROAD',
    uses: ['PICK_CHARACTER', 'PLACE_COWBOY'],
  },
  {
    name: 'Great Western Trail, 2 players',
    game: 'great-western-trail',
    engine: engine(greatWesternTrailEngine),
    seats: 2,
    avoid: 'USE_EXCHANGE_TOKEN',
    uses: ['START_AT', 'MOVE_HERDER', 'USE_ACTION', 'FORESIGHT', 'DELIVER'],
    checkView: ownHandOnly,
    afterGame: noDrawnCardsInPublicEvents,
  },
  {
    name: 'Great Western Trail, Simmental variant, random buildings',
    game: 'great-western-trail',
    engine: engine(greatWesternTrailEngine),
    seats: 2,
    options: { simmental: true, neutralBuildings: 'RANDOM', playerBuildings: 'RANDOM' },
    avoid: 'USE_EXCHANGE_TOKEN',
    uses: ['START_AT', 'MOVE_HERDER'],
    checkView: ownHandOnly,
  },
  {
    name: 'Coloma, 2 players',
    game: 'coloma',
    engine: engine(colomaEngine),
    seats: 2,
    avoid: 'FINISH_TURN',
    uses: ['RETURN_OPENING', 'DIAL', 'FINISH_TURN'],
    checkView: ownHandOnly,
  },
  {
    name: 'Coloma with the Hotels module',
    game: 'coloma',
    engine: engine(colomaEngine),
    seats: 2,
    options: { modules: ['HOTELS'] },
    avoid: 'FINISH_TURN',
    uses: ['RETURN_OPENING', 'DIAL'],
    checkView: ownHandOnly,
  },
];

describe('typed commands of every game through GraphQL and REST (PostgreSQL)', () => {
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

  async function create(c: Case) {
    const res = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`,
      {
        input: {
          type: c.game,
          seats: Array.from({ length: c.seats }, (_, i) => ({ kind: 'HUMAN', name: `P${i}` })),
          options: c.options ?? {},
          seed: `typed-${c.name}`,
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
    view: View;
    result: { winners: number[]; seats: { seat: number; score: number }[] } | null;
  };

  async function state(id: string, token?: string) {
    // The id inline: a literal fits the argument whatever its declared scalar.
    const res = await server.gql<{ game: SeatPage }>(
      `{ game(id: ${JSON.stringify(id)}) { status version activeSeats legalCommands view result } }`,
      {},
      token,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.game;
  }

  async function sendGraphql(game: string, id: string, command: Command, version: number, token: string) {
    const { query, variables } = typedMutation(game, command);
    const res = await server.gql<Record<string, { accepted: boolean; version: number }>>(
      query,
      { ...variables, gameId: id, expectedVersion: version },
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(Object.values(res.data!)[0].accepted).toBe(true);
    return Object.values(res.data!)[0].version;
  }

  async function sendRest(game: string, id: string, command: Command, version: number, token: string) {
    const { path, body } = typedRoute(game, id, command);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...body, expectedVersion: version }),
    });
    const answer = (await response.json()) as { accepted: boolean; version: number; error?: unknown };
    expect(answer.error).toBeUndefined();
    expect(answer.accepted).toBe(true);
    return answer.version;
  }

  it.each(CASES)('$name: a whole game', async (c) => {
    const { id, tokens } = await create(c);
    const rng = createRng(`choices-${c.name}`);
    const used = new Set<string>();
    const transports = new Set<string>();
    let game = await state(id);
    for (let guard = 0; game.status === 'ACTIVE'; guard++) {
      if (guard > 8000) throw new Error('the game did not end');
      const seat = game.activeSeats[0];
      const mine = await state(id, tokens[seat]);
      expect(mine.legalCommands.length).toBeGreaterThan(0);
      c.checkView?.(mine.view, seat);
      const preferred = mine.legalCommands.filter((x) => x.type !== c.avoid);
      const command = rng.pick(preferred.length > 0 && rng.int(0, 9) > 0 ? preferred : mine.legalCommands);
      used.add(command.type);
      const transport = rng.pick(['graphql', 'rest']);
      transports.add(transport);
      const send = transport === 'graphql' ? sendGraphql : sendRest;
      expect(await send(c.game, id, command, mine.version, tokens[seat])).toBeGreaterThan(mine.version);
      game = await state(id);
    }
    expect(game.status).toBe('FINISHED');
    expect([...transports].sort()).toEqual(['graphql', 'rest']);
    expect([...used]).toEqual(expect.arrayContaining(c.uses));
    const result = game.result!;
    expect(result.seats).toHaveLength(c.seats);
    // A solo game may be lost to Jeb Standish: no seat wins.
    if (c.seats > 1) expect(result.winners.length).toBeGreaterThan(0);

    const events = await new EventStore(db.client).readStream(id);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    const replayed = events.reduce<unknown>((s, e) => c.engine.evolve(s as never, e.payload as never), null);
    expect(hash(replayed)).toBe(hash((await server.app.get(PlayService).load(id)).state));
    await c.afterGame?.(server, id);
  });

  it.each([
    ['coloma', 'shovel', '', 'WRONG_STEP'],
    ['great-western-trail', 'deliver', ', city: "NEW_YORK", disc: null', 'NOT_NOW'],
  ])(
    '%s: a typed command that does not answer the prompt is refused and changes nothing',
    async (game, mutation, args, ruleCode) => {
      const c = CASES.find((x) => x.game === game)!;
      const { id, tokens } = await create({ ...c, name: `${c.name} refused` });
      const before = await state(id, tokens[0]);
      const res = await server.gql(
        `mutation($gameId: ID!) { ${mutation}(gameId: $gameId${args}) { version } }`,
        { gameId: id },
        tokens[0],
      );
      expect(res.errors?.[0]?.extensions?.code).toBe('RULE_VIOLATION');
      expect(res.errors?.[0]?.extensions?.ruleCode).toBe(ruleCode);
      expect((await state(id, tokens[0])).version).toBe(before.version);
    },
  );

  it("refuses another game's typed command, on both transports, and changes nothing", async () => {
    const { id, tokens } = await create(CASES.find((x) => x.game === 'coloma')!);
    const before = await state(id, tokens[0]);
    const { query, variables } = typedMutation('carson-city', { type: 'PASS' });
    const res = await server.gql(query, { ...variables, gameId: id }, tokens[0]);
    expect(res.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const rest = await fetch(`${server.url}${typedRoute('carson-city', id, { type: 'PASS' }).path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      body: '{}',
    });
    expect(rest.status).toBe(400);
    expect((await state(id, tokens[0])).version).toBe(before.version);
  });

  it('refuses a 1-seat Carson City game without the solo option', async () => {
    const bad = await server.gql(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }`,
      { input: { type: 'carson-city', seats: [{ kind: 'HUMAN', name: 'Kit' }], start: true } },
    );
    expect(bad.errors).toBeDefined();
  });
});
