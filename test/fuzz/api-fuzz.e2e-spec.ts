/**
 * Bad input, generated: random JSON, wrong types, huge strings, deep nesting, unknown fields,
 * other seats' and forged tokens, commands for finished games. Whatever arrives, the server
 * answers with an error code (never a 5xx) and a rejected request changes no game.
 * CI runs a fixed seed; FUZZ_RUNS=2000 FUZZ_SEED=... runs a larger local campaign.
 */
import fc from 'fast-check';
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { carsonCityEngine } from '../../src/games/carson-city/index';
import { greatWesternTrailEngine } from '../../src/games/great-western-trail/index';
import type { Database } from '../../src/database/database';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_YOUR_TURN',
  'RULE_VIOLATION',
  'CONFLICT',
  'INVALID_STATE',
  'RATE_LIMITED',
];

/** Client strings that name Object.prototype members: never a key into an engine's tables. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** JSON values including the nasty ones: deep nesting, long strings, odd numbers. */
const nastyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 53), 1e308, 0.5),
    fc.string(),
    fc.constantFrom(
      'x'.repeat(20000),
      '\u0000',
      '💥'.repeat(100),
      '{"type":"ADD"}',
      'ROLL_DICE',
      '__proto__',
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom('type', 'n', 'dice', 'assignments', 'target', '__proto__', 'constructor', 'zz'),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

const deepNesting = fc.integer({ min: 50, max: 3000 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { type: v };
  return v;
});

const commandLike = fc.oneof(
  nastyJson,
  deepNesting,
  fc.record(
    {
      type: fc.constantFrom(
        'ADD',
        'ROLL_DICE',
        'REROLL_DICE',
        'KEEP_DICE',
        'RESOLVE_DICE',
        'PASS',
        ...PROTOTYPE_NAMES,
      ),
      n: nastyJson,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({
    type: fc.constant('REROLL_DICE'),
    dice: fc.array(fc.integer({ min: -3, max: 8 }), { maxLength: 7 }),
  }),
  fc.record({
    type: fc.constant('RESOLVE_DICE'),
    assignments: fc.array(
      fc.record({ die: fc.integer({ min: -1, max: 6 }), target: fc.integer({ min: -1, max: 9 }) }),
      { maxLength: 6 },
    ),
  }),
);

describe('fuzzing the GraphQL and REST inputs', () => {
  let db: Database;
  let server: RunningServer;
  let bangId: string;
  let bangTokens: string[];
  let finishedId: string;
  let finishedToken: string;

  beforeAll(async () => {
    fc.configureGlobal({ seed: SEED, numRuns: RUNS });
    db = await createTestPglite();
    server = await startServer({
      database: db,
      engines: [raceEngine, bangDiceEngine, carsonCityEngine, greatWesternTrailEngine],
      inlineBots: false,
    });
    const bang = await server.gql<{ createGame: { game: { id: string }; seatTokens: { token: string }[] } }>(
      `mutation { createGame(input: { type: "bang-dice", seed: "fuzz", start: true, seats: [{kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}] }) { game { id } seatTokens { token } } }`,
    );
    bangId = bang.data!.createGame.game.id;
    bangTokens = bang.data!.createGame.seatTokens.map((t) => t.token);
    // A finished race game: commands for it must be refused.
    const race = await server.gql<{ createGame: { game: { id: string }; seatTokens: { token: string }[] } }>(
      `mutation { createGame(input: { type: "race-to-ten", start: true, seats: [{kind: HUMAN}, {kind: HUMAN}] }) { game { id } seatTokens { token } } }`,
    );
    finishedId = race.data!.createGame.game.id;
    const tokens = race.data!.createGame.seatTokens.map((t) => t.token);
    for (let i = 0; i < 5; i++) {
      await server.gql(
        `mutation($g: ID!) { submitCommand(gameId: $g, command: {type: "ADD", n: 2}) { version } }`,
        { g: finishedId },
        tokens[i % 2],
      );
    }
    finishedToken = tokens[1];
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  async function versionOf(id: string): Promise<number> {
    const res = await server.gql<{ game: { version: number } }>(
      `query($id: ID!) { game(id: $id) { version } }`,
      { id },
    );
    return res.data!.game.version;
  }

  it('GraphQL submitCommand: random commands, tokens and argument types never cause a 5xx or an unexplained change', async () => {
    const tokenArb = fc.oneof(
      fc.constantFrom(...[0, 1, 2, 3].map((i) => `seat${i}`)),
      fc.constant('none'),
      fc.constant('forged'),
      fc.constant('finished'),
    );
    await fc.assert(
      fc.asyncProperty(
        commandLike,
        tokenArb,
        fc.option(nastyJson),
        fc.option(nastyJson),
        async (command, who, expectedVersion, commandId) => {
          const token =
            who === 'none'
              ? undefined
              : who === 'forged'
                ? 'st_forged'
                : who === 'finished'
                  ? finishedToken
                  : bangTokens[Number(who.slice(4))];
          const before = await versionOf(bangId);
          const res = await server.gql<{ submitCommand: { version: number } }>(
            `mutation($g: ID!, $c: JSON!, $v: Int, $id: String) { submitCommand(gameId: $g, command: $c, expectedVersion: $v, commandId: $id) { version } }`,
            { g: bangId, c: command, v: expectedVersion, id: commandId },
            token,
          );
          expect(res.status).toBeLessThan(500);
          const after = await versionOf(bangId);
          if (res.errors) {
            expect(ERROR_CODES).toContain(res.errors[0].extensions?.code);
            expect(after).toBe(before);
          } else {
            // Only a legal command from the seat whose turn it is may change the game.
            expect(res.data!.submitCommand.version).toBe(after);
            expect(after).toBeGreaterThan(before);
          }
        },
      ),
    );
  });

  it('GraphQL game fields: random arguments and tokens are answered with codes, never INTERNAL', async () => {
    const intArg = fc.oneof(
      fc.integer(),
      fc.constantFrom(-1, 0, 1, 1000, 1001, 2 ** 31 - 1, -(2 ** 31), 1e9),
    );
    const field = fc.oneof(
      fc.constant('view'),
      fc.constant('legalCommands'),
      fc.constant('result'),
      fc
        .record({ after: fc.option(intArg), first: fc.option(intArg) })
        .map(
          ({ after, first }) =>
            `events(${after === null ? '' : `after: ${after}`} ${first === null ? '' : `first: ${first}`}) { version payload }`,
        ),
      intArg.map((v) => `stateAt(version: ${v})`),
    );
    const tokenArb = fc.constantFrom<string | undefined>(undefined, 'forged', 'st_x', 'bang', 'finished');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          () => bangId,
          () => finishedId,
        ),
        fc.array(field, { minLength: 1, maxLength: 3 }),
        tokenArb,
        async (game, fields, who) => {
          const token = who === 'bang' ? bangTokens[0] : who === 'finished' ? finishedToken : who;
          const selection = fields.map((f, i) => `f${i}: ${f}`).join(' ');
          const res = await server.gql(
            `query($id: ID!) { game(id: $id) { id ${selection} } }`,
            {
              id: game(),
            },
            token,
          );
          expect(res.status).toBeLessThan(500);
          for (const error of res.errors ?? []) expect(ERROR_CODES).toContain(error.extensions?.code);
        },
      ),
    );
  });

  it('GraphQL submitCommand in every engine: prototype-named types and fields are refused with codes', async () => {
    const games: { id: string; token: string }[] = [];
    for (const type of ['carson-city', 'great-western-trail']) {
      const created = await server.gql<{
        createGame: { game: { id: string }; seatTokens: { token: string }[] };
      }>(
        `mutation($t: String!) { createGame(input: { type: $t, start: true, seats: [{kind: HUMAN}, {kind: HUMAN}] }) { game { id } seatTokens { token } } }`,
        { t: type },
      );
      const { game, seatTokens } = created.data!.createGame;
      games.push({ id: game.id, token: seatTokens[0].token });
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...games),
        fc.constantFrom(...PROTOTYPE_NAMES, 'PASS'),
        fc.dictionary(fc.constantFrom(...PROTOTYPE_NAMES, 'parcel', 'option'), nastyJson, { maxKeys: 2 }),
        async (game, type, fields) => {
          const before = await versionOf(game.id);
          const res = await server.gql(
            `mutation($g: ID!, $c: JSON!) { submitCommand(gameId: $g, command: $c) { version } }`,
            { g: game.id, c: { ...fields, type } },
            game.token,
          );
          expect(res.status).toBeLessThan(500);
          for (const error of res.errors ?? []) expect(ERROR_CODES).toContain(error.extensions?.code);
          if (res.errors) expect(await versionOf(game.id)).toBe(before);
        },
      ),
    );
  });

  it('GraphQL documents: garbage queries and variables are refused with codes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            '{',
            '{ game(id: 1) { id } }',
            'mutation { startGame }',
            '{ __typename '.repeat(200),
          ),
        ),
        nastyJson,
        async (query, variables) => {
          const response = await fetch(`${server.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query, variables }),
          });
          expect(response.status).toBeLessThan(500);
          const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
          if (body.errors) for (const e of body.errors) expect(typeof e.extensions?.code).toBe('string');
        },
      ),
    );
  });

  it('REST: random bodies to every write route never cause a 5xx; rejected requests change nothing', async () => {
    const routes = [
      '/api/games',
      `/api/games/${bangId}/commands`,
      `/api/games/${bangId}/join`,
      `/api/games/${bangId}/start`,
      `/api/games/${bangId}/bang-dice/resolve-dice`,
      `/api/games/${bangId}/bang-dice/reroll-dice`,
      `/api/games/${finishedId}/commands`,
      '/api/games/not-a-game/commands',
    ];
    const gamesBefore = await db.client.game.count();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(nastyJson, fc.record({ command: commandLike })),
        fc.integer({ min: 0, max: 4 }),
        async (route, body, who) => {
          const before = await versionOf(bangId);
          const response = await fetch(`${server.url}${route}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(who < 4 && { authorization: `Bearer ${bangTokens[who]}` }),
            },
            body: JSON.stringify(body),
          });
          expect(response.status).toBeLessThan(500);
          const json = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
          if (response.status >= 400) {
            expect(ERROR_CODES).toContain(json?.error?.code);
            expect(await versionOf(bangId)).toBe(before);
          }
        },
      ),
    );
    // Random creation bodies may create valid games; never a half-created one.
    const orphans = await db.client.game.count({ where: { seats: { none: {} } } });
    expect(orphans).toBe(0);
    expect(await db.client.game.count()).toBeGreaterThanOrEqual(gamesBefore);
  });

  it('raw bodies that are not JSON, or too large, are refused', async () => {
    for (const raw of ['{"command": ', 'null', '[]', '"str"', 'x'.repeat(200_000)]) {
      const response = await fetch(`${server.url}/api/games/${bangId}/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bangTokens[0]}` },
        body: raw,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION');
    }
  });
});

describe('fuzzing game creation on a server with the default settings (no test controls)', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    fc.configureGlobal({ seed: SEED, numRuns: RUNS });
    db = await createTestPglite();
    server = await startServer({
      database: db,
      engines: [bangDiceEngine],
      inlineBots: false,
      allowTestControls: false,
    });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const SEATS = [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }];
  const deal = ['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW'];
  const seedArb = fc.oneof(
    fc.string({ minLength: 1, maxLength: 300 }),
    fc.constantFrom('fuzz', '0', 'x'.repeat(256)),
  );
  const testOptionArb = fc.oneof(
    fc.record({
      roles: fc.oneof(
        fc.shuffledSubarray(deal, { minLength: 4 }),
        nastyJson.filter((v) => v !== null),
      ),
    }),
    fc.record({
      characters: fc.oneof(
        fc.constant(['BLACK_JACK', 'CALAMITY_JANET', 'JOURDONNAIS', 'KIT_CARLSON']),
        nastyJson.filter((v) => v !== null),
      ),
    }),
  );
  const controls = fc.oneof(
    fc.record({ seed: seedArb, options: fc.constantFrom({}, { characterChoice: true }) }),
    fc.record({ seed: fc.constant(null), options: testOptionArb }),
    fc.record({ seed: seedArb, options: testOptionArb }),
  );

  it('a client seed or a test-only option is refused on GraphQL and REST alike, and creates nothing', async () => {
    await fc.assert(
      fc.asyncProperty(controls, async ({ seed, options }) => {
        const before = await db.client.game.count();
        const gql = await server.gql(
          `mutation($s: String, $o: JSON, $seats: [SeatInput!]!) { createGame(input: { type: "bang-dice", seed: $s, options: $o, seats: $seats }) { game { id } } }`,
          { s: seed, o: options, seats: SEATS },
        );
        const response = await fetch(`${server.url}/api/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'bang-dice', seats: SEATS, options, ...(seed !== null && { seed }) }),
        });
        const rest = (await response.json()) as { error?: { code: string; ruleCode?: string } };
        expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(gql.errors![0].extensions!.ruleCode).toBe('TEST_CONTROLS_DISABLED');
        // REST checks the body's shape first: a seed outside 1-256 characters is malformed there.
        const wellFormed = seed === null || seed.length <= 256;
        expect(response.status).toBe(wellFormed ? 403 : 400);
        expect(rest.error?.code).toBe(wellFormed ? 'FORBIDDEN' : 'VALIDATION');
        if (wellFormed) expect(rest.error?.ruleCode).toBe('TEST_CONTROLS_DISABLED');
        expect(await db.client.game.count()).toBe(before);
      }),
    );
  });

  it('without them, a game is created with a server secret that only its commitment announces', async () => {
    const created = await server.gql<{
      createGame: {
        game: {
          id: string;
          seeded: boolean;
          testOptions: string[];
          fairness: { commitment: string; secret: null };
        };
      };
    }>(
      `mutation($seats: [SeatInput!]!) { createGame(input: { type: "bang-dice", options: { roles: null }, seats: $seats }) { game { id seeded testOptions fairness { commitment secret } } } }`,
      { seats: SEATS },
    );
    expect(created.data!.createGame.game).toMatchObject({
      seeded: false,
      testOptions: [],
      fairness: { secret: null },
    });
    expect(created.data!.createGame.game.fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
  });
});
