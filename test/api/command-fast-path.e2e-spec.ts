/**
 * The command fast path (src/api/graphql/command-fast-path.ts) answers exactly as the usual path
 * (Express, Nest, Apollo): the same requests, sent once with the fast path on and once with it
 * off, to two games set up identically (same seed, same seats), give the same status, the same
 * headers that a client or a browser reads, and the same body. Covered: accepted commands,
 * duplicates, version conflicts, rule violations, bad input, wrong and foreign tokens, unknown
 * games, variables of the wrong type, malformed JSON, JSON scalars, oversize and too deep bodies,
 * CORS, and the rate limit (429 with RATE_LIMITED). It also checks which requests the fast path
 * took (its own count), so a case that silently fell through cannot pass as "the same".
 */
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { CommandFastPath } from '../../src/api/graphql/command-fast-path';
import type { Database } from '../../src/database/database';
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';

const SUBMIT = `mutation($gameId: ID!, $command: JSON!, $v: Int, $id: String) {
  submitCommand(gameId: $gameId, command: $command, expectedVersion: $v, commandId: $id) { accepted version duplicate }
}`;
const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version } seatTokens { seat token } } }`;
const LEGAL = `query($id: ID!) { game(id: $id) { legalCommands } }`;

/** Headers a client, a browser or a cache reads (Date, Keep-Alive and the like left out). */
const COMPARED = [
  'content-type',
  'content-length',
  'etag',
  'cache-control',
  'access-control-allow-origin',
  'vary',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-powered-by',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-limit-create',
];

interface Game {
  id: string;
  tokens: string[];
  mover: number;
}

interface Sent {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

async function post(
  server: RunningServer,
  body: string,
  headers: Record<string, string> = {},
  requestId = 'diff-1',
): Promise<Sent> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...headers },
    body,
  });
  const text = await response.text();
  const picked: Record<string, string | null> = {};
  for (const name of COMPARED) picked[name] = response.headers.get(name);
  // The seconds left in a rate-limit window can tick between the two requests.
  picked['x-ratelimit-reset'] = response.headers.get('x-ratelimit-reset') === null ? null : 'set';
  picked['retry-after'] = response.headers.get('retry-after') === null ? null : 'set';
  return {
    status: response.status,
    headers: picked,
    body: text.replace(/retry after \d+ s/, 'retry after N s'),
  };
}

async function newGame(server: RunningServer, seed: string): Promise<Game> {
  const seats = Array.from({ length: 4 }, (_, i) => ({ kind: 'HUMAN', name: `p${i}` }));
  const created = await server.gql<{
    createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
  }>(CREATE, { input: { type: 'bang-dice', seed, start: true, seats } });
  const { game, seatTokens } = created.data!.createGame;
  const tokens: string[] = [];
  for (const t of seatTokens) tokens[t.seat] = t.token;
  let mover = -1;
  for (let seat = 0; seat < tokens.length; seat++) {
    const legal = await server.gql<{ game: { legalCommands: unknown[] } }>(
      LEGAL,
      { id: game.id },
      tokens[seat],
    );
    if (legal.data!.game.legalCommands.length > 0) mover = seat;
  }
  return { id: game.id, tokens, mover };
}

/** A request for game `g` (built per game: the ids and tokens differ, nothing else). */
type Case = (g: Game, other: Game) => { body: string; headers?: Record<string, string> };

const submit =
  (variables: (g: Game) => Record<string, unknown>, token: (g: Game, other: Game) => string | null): Case =>
  (g, other) => {
    const t = token(g, other);
    return {
      body: JSON.stringify({ query: SUBMIT, variables: variables(g) }),
      headers: t === null ? ({} as Record<string, string>) : { authorization: `Bearer ${t}` },
    };
  };

const mover = (g: Game) => g.tokens[g.mover];
const roll = (g: Game, v: number, id: string) => ({ gameId: g.id, command: { type: 'ROLL_DICE' }, v, id });

describe('the command fast path answers as the usual path', () => {
  let db: Database;
  let server: RunningServer;
  let fast: CommandFastPath;
  let a: Game;
  let b: Game;
  let taken = 0;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, engines: [bangDiceEngine], inlineBots: false });
    fast = server.app.get(CommandFastPath);
    a = await newGame(server, 'fast-diff');
    b = await newGame(server, 'fast-diff');
    const execute = (fast as unknown as { execute: (...args: unknown[]) => Promise<void> }).execute;
    jest.spyOn(fast as never, 'execute' as never).mockImplementation(function (
      this: unknown,
      ...args: unknown[]
    ) {
      taken++;
      return execute.apply(this, args);
    } as never);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await server.close();
    await db.close();
  });

  /**
   * Sends the case for `a` through the fast path and for `b` through the usual one. A request
   * without a valid token spends the client IP's budget, one for both: the second sees one less.
   */
  async function both(make: Case, expectFast: boolean, ipBudget = false): Promise<Sent> {
    const before = taken;
    fast.active = true;
    const one = make(a, b);
    const viaFast = await post(server, one.body, one.headers);
    fast.active = false;
    const two = make(b, a);
    const viaUsual = await post(server, two.body, two.headers);
    fast.active = true;
    expect(taken - before).toBe(expectFast ? 1 : 0);
    const remaining = viaFast.headers['x-ratelimit-remaining'];
    if (ipBudget && remaining !== null) {
      expect(viaUsual.headers['x-ratelimit-remaining']).toBe(String(Number(remaining) - 1));
      viaUsual.headers['x-ratelimit-remaining'] = remaining;
    }
    expect(viaFast).toEqual(viaUsual);
    return viaFast;
  }

  it('the two games start alike', () => {
    expect(a.mover).toBeGreaterThanOrEqual(0);
    expect(a.mover).toBe(b.mover);
  });

  it('an accepted command, its duplicate, a version conflict', async () => {
    const accepted = await both(
      submit((g) => roll(g, 10, 'c1'), mover),
      true,
    );
    expect(accepted.status).toBe(200);
    expect(JSON.parse(accepted.body).data.submitCommand).toMatchObject({ accepted: true, duplicate: false });
    const dup = await both(
      submit((g) => roll(g, 10, 'c1'), mover),
      true,
    );
    expect(JSON.parse(dup.body).data.submitCommand.duplicate).toBe(true);
    const conflict = await both(
      submit((g) => roll(g, 10, 'c2'), mover),
      true,
    );
    expect(JSON.parse(conflict.body).errors[0].extensions.code).toBe('CONFLICT');
  });

  it('errors from the play layer and the caller checks', async () => {
    const codes: string[] = [];
    const cases: Case[] = [
      submit((g) => ({ gameId: g.id, command: { type: 'NO_SUCH_COMMAND' } }), mover),
      submit(
        (g) => ({ gameId: g.id, command: { type: 'ROLL_DICE' } }),
        (g) => g.tokens[(g.mover + 1) % 4],
      ),
      submit(
        (g) => ({ gameId: g.id, command: { type: 'ROLL_DICE' } }),
        () => 'st_not-a-token',
      ),
      submit(
        (g) => ({ gameId: g.id, command: { type: 'ROLL_DICE' } }),
        (_g, other) => other.tokens[0],
      ),
      submit(
        (g) => ({ gameId: g.id, command: { type: 'ROLL_DICE' } }),
        () => null,
      ),
      submit(
        () => ({ gameId: '00000000-0000-4000-8000-000000000000', command: { type: 'ROLL_DICE' } }),
        mover,
      ),
      submit((g) => ({ gameId: g.id, command: { type: 'ROLL_DICE' }, id: 'x'.repeat(500) }), mover),
    ];
    for (const [i, c] of cases.entries()) {
      const sent = await both(c, true, i === 2 || i === 4);
      codes.push(JSON.parse(sent.body).errors?.[0]?.extensions?.code);
    }
    // (a token of no seat of an unknown game is FORBIDDEN before the game is looked for)
    expect(codes).toEqual([
      'VALIDATION',
      'NOT_YOUR_TURN',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'VALIDATION',
    ]);
  });

  it('requests the usual path answers: bad variables, bad JSON, too big, too deep, other shapes', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { x: deep };
    const raw =
      (body: string): Case =>
      () => ({ body });
    const cases: Case[] = [
      submit((g) => ({ ...roll(g, 10, 'c3'), v: 'ten' }), mover),
      submit((g) => ({ gameId: g.id }), mover),
      submit((g) => ({ gameId: g.id, command: deep }), mover),
      raw('{"query": '),
      raw('"just a string"'),
      raw('\uFEFF{"query":"{ gameTypes { type } }"}'),
      raw(JSON.stringify({ query: SUBMIT, variables: { pad: 'x'.repeat(200_000) } })),
      raw(JSON.stringify({ query: '{ gameTypes { type } }' })),
      raw(JSON.stringify({ query: SUBMIT.replace('duplicate', 'events { version }'), variables: {} })),
      raw(JSON.stringify({ query: SUBMIT, operationName: 'Other', variables: {} })),
      raw(JSON.stringify({ query: 'mutation { submitCommand(gameId: 1) { version } }' })),
    ];
    for (const [i, c] of cases.entries()) await both(c, false, i >= 3);
  });

  it('typed command mutations', async () => {
    const typed =
      (query: string, extra: Record<string, unknown> = {}): Case =>
      (g) => ({
        body: JSON.stringify({ query, variables: { gameId: g.id, ...extra } }),
        headers: { authorization: `Bearer ${mover(g)}` },
      });
    const fastCases: Case[] = [
      typed(
        'mutation($gameId: ID!) { rerollDice(gameId: $gameId, dice: [0, 1], expectedVersion: 3) { version } }',
      ),
      typed('mutation($gameId: ID!) { shovel(gameId: $gameId) { accepted } }'),
      typed(
        'mutation($gameId: ID!) { keepDice(gameId: $gameId, commandId: "k1") { accepted version duplicate } }',
      ),
      typed('mutation($gameId: ID!) { keepDice(gameId: $gameId, commandId: "k1") { duplicate __typename } }'),
      typed('mutation K($gameId: ID!, $d: [Int!]!) { rerollDice(gameId: $gameId, dice: $d) { version } }', {
        d: [4],
      }),
    ];
    const codes: unknown[] = [];
    for (const c of fastCases) {
      const sent = JSON.parse((await both(c, true)).body);
      codes.push(sent.errors?.[0]?.extensions?.code ?? sent.data);
    }
    expect(codes.slice(0, 2)).toEqual(['CONFLICT', 'VALIDATION']);
    for (const c of [
      typed('mutation($gameId: ID!) { rerollDice(gameId: $gameId, dice: "x") { version } }'),
      typed('mutation($gameId: ID!, $d: [Int!]!) { rerollDice(gameId: $gameId, dice: $d) { version } }', {
        d: ['x'],
      }),
    ])
      await both(c, false);
  });

  it('CORS for a browser origin', async () => {
    const withOrigin: Case = (g) => ({
      ...submit((x) => ({ gameId: x.id, command: { type: 'NO_SUCH_COMMAND' } }), mover)(g, g),
      headers: { authorization: `Bearer ${mover(g)}`, origin: 'https://table.example' },
    });
    const sent = await both(withOrigin, true);
    expect(sent.headers['access-control-allow-origin']).toBe('https://table.example');
  });
});

describe('the command fast path spends the same rate limit', () => {
  let db: Database;
  let server: RunningServer;
  let fast: CommandFastPath;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({
      database: db,
      engines: [bangDiceEngine],
      inlineBots: false,
      http: { rateLimitPerMinute: 6 },
    });
    fast = server.app.get(CommandFastPath);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('the same budgets, headers and 429 answer', async () => {
    // Game creation and its reads spend the IP's budget; the commands spend each token's own.
    fast.active = false;
    const a = await newGame(server, 'fast-limit');
    const b = await newGame(server, 'fast-limit');
    const answers: Sent[][] = [[], []];
    for (const [i, g] of [a, b].entries()) {
      fast.active = i === 0;
      for (let n = 0; n < 8; n++) {
        const body = JSON.stringify({
          query: SUBMIT,
          variables: { gameId: g.id, command: { type: 'NOPE' } },
        });
        answers[i].push(await post(server, body, { authorization: `Bearer ${mover(g)}` }));
      }
    }
    fast.active = true;
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].map((s) => s.status)).toContain(429);
    const limited = answers[0].find((s) => s.status === 429)!;
    expect(JSON.parse(limited.body).errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('set');
  });
});
