/** GraphQL over HTTP and graphql-ws against the real server, with the tiny test game. */
import { createTestPglite } from '../support/database';
import { collect, startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';
import type { Database } from '../../src/database/database';
import { PlayService } from '../../src/play/play.service';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id status version activeSeats seats { seat kind open } } seatTokens { seat token } } }`;
const SUBMIT = `mutation($gameId: ID!, $command: JSON!, $expectedVersion: Int, $commandId: String) {
  submitCommand(gameId: $gameId, command: $command, expectedVersion: $expectedVersion, commandId: $commandId) { accepted version duplicate events { version type payload } } }`;
const GAME = `query($id: ID!) { game(id: $id) { id status version activeSeats view legalCommands result events { version type payload actor } } }`;

describe('GraphQL API (PGlite)', () => {
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

  async function newGame() {
    const res = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: {
        type: 'race-to-ten',
        seats: [
          { kind: 'HUMAN', name: 'A' },
          { kind: 'HUMAN', name: 'B' },
        ],
        seed: 's1',
        start: true,
      },
    });
    expect(res.errors).toBeUndefined();
    return res.data!.createGame;
  }

  it('lists game types', async () => {
    const res = await server.gql(`{ gameTypes { type title minSeats maxSeats botLevels } }`);
    expect(res.data).toEqual({
      gameTypes: [
        {
          type: 'race-to-ten',
          title: 'Race to Ten (test game)',
          minSeats: 2,
          maxSeats: 4,
          botLevels: ['RANDOM'],
        },
      ],
    });
  });

  it('plays through submitCommand with per-seat views, legal commands and redacted events', async () => {
    const { game, seatTokens } = await newGame();
    const [t0, t1] = seatTokens.map((t) => t.token);
    const asSeat0 = await server.gql<{
      game: {
        view: { mySecret: number; secrets: (number | null)[] };
        legalCommands: unknown[];
        events: { payload: { secret?: number | null } }[];
      };
    }>(GAME, { id: game.id }, t0);
    expect(asSeat0.data!.game.view.mySecret).toEqual(expect.any(Number));
    expect(asSeat0.data!.game.view.secrets[1]).toBeNull();
    expect(asSeat0.data!.game.legalCommands).toEqual([
      { type: 'ADD', n: 1 },
      { type: 'ADD', n: 2 },
    ]);
    expect(asSeat0.data!.game.events[2].payload.secret).toBeNull();
    const asSpectator = await server.gql<{ game: { legalCommands: unknown[]; view: { mySecret: null } } }>(
      GAME,
      { id: game.id },
    );
    expect(asSpectator.data!.game).toMatchObject({ legalCommands: [], view: { mySecret: null } });

    const move = await server.gql<{ submitCommand: { version: number } }>(
      SUBMIT,
      { gameId: game.id, command: { type: 'ADD', n: 2 } },
      t0,
    );
    expect(move.data!.submitCommand).toMatchObject({ accepted: true, version: 4, duplicate: false });
    const outOfTurn = await server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 2 } }, t0);
    expect(outOfTurn.errors![0].extensions!.code).toBe('NOT_YOUR_TURN');
    const bad = await server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 7 } }, t1);
    expect(bad.errors![0].extensions).toMatchObject({ code: 'VALIDATION', ruleCode: 'INVALID_COMMAND' });
  });

  it('answers a reused commandId: the same command as a duplicate, another command with CONFLICT', async () => {
    const { game, seatTokens } = await newGame();
    const t0 = seatTokens[0].token;
    const send = (command: unknown) =>
      server.gql<{ submitCommand: { version: number; duplicate: boolean } }>(
        SUBMIT,
        { gameId: game.id, command, commandId: 'g-1' },
        t0,
      );
    expect((await send({ type: 'ADD', n: 1 })).data!.submitCommand).toMatchObject({
      version: 4,
      duplicate: false,
    });
    expect((await send({ type: 'ADD', n: 1 })).data!.submitCommand).toMatchObject({
      version: 4,
      duplicate: true,
    });
    const reused = await send({ type: 'ADD', n: 2 });
    expect(reused.errors![0].extensions).toMatchObject({ code: 'CONFLICT' });
    const state = await server.gql<{ game: { version: number; events: unknown[] } }>(GAME, { id: game.id });
    expect(state.data!.game).toMatchObject({ version: 4 });
    expect(state.data!.game.events).toHaveLength(4);
  });

  it("finds a seat token's seat in the command's own read: no token lookup of its own", async () => {
    const { game, seatTokens } = await newGame();
    const play = server.app.get(PlayService);
    const lookup = jest.spyOn(play, 'seatForToken');
    try {
      let id = 0;
      const send = (n: number, token: string) =>
        server.gql<{ submitCommand: { version: number } }>(
          SUBMIT,
          { gameId: game.id, command: { type: 'ADD', n }, commandId: `c${id++}` },
          token,
        );
      // A token's first request: the rate limiter looks it up once (to pick the budget it spends).
      expect((await send(1, seatTokens[1].token)).errors![0].extensions!.code).toBe('NOT_YOUR_TURN');
      const first = (await send(1, seatTokens[0].token)).data!.submitCommand.version;
      expect(lookup).toHaveBeenCalled();
      lookup.mockClear();
      expect((await send(1, seatTokens[0].token)).errors![0].extensions!.code).toBe('NOT_YOUR_TURN');
      expect((await send(2, seatTokens[1].token)).data!.submitCommand.version).toBe(first + 1);
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });

  it('maps auth and input failures to error codes', async () => {
    const { game, seatTokens } = await newGame();
    const other = await newGame();
    const noToken = await server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } });
    expect(noToken.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const badToken = await server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } }, 'st_nope');
    expect(badToken.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const otherGame = await server.gql(
      SUBMIT,
      { gameId: game.id, command: { type: 'ADD', n: 1 } },
      other.seatTokens[0].token,
    );
    expect(otherGame.errors![0].extensions!.code).toBe('FORBIDDEN');
    const wrongType = await server.gql(
      SUBMIT,
      { gameId: game.id, command: { type: 'ADD', n: 1 }, expectedVersion: 'three' },
      seatTokens[0].token,
    );
    expect(wrongType.errors![0].extensions!.code).toBe('VALIDATION');
    const unknownGame = await server.gql(
      SUBMIT,
      { gameId: 'nope', command: { type: 'ADD', n: 1 } },
      seatTokens[0].token,
    );
    expect(unknownGame.errors![0].extensions!.code).toBe('FORBIDDEN');
    const syntax = await server.gql('{ game(id: "x") { id ');
    expect(syntax.errors![0].extensions!.code).toBe('VALIDATION');
    const conflict = await server.gql(
      SUBMIT,
      { gameId: game.id, command: { type: 'ADD', n: 1 }, expectedVersion: 1 },
      seatTokens[0].token,
    );
    expect(conflict.errors![0].extensions).toMatchObject({ code: 'CONFLICT', currentVersion: 3 });
    const missing = await server.gql(GAME, { id: 'does-not-exist' });
    expect(missing.data).toEqual({ game: null });
    const state = await server.gql<{ game: { version: number } }>(GAME, { id: game.id });
    expect(state.data!.game.version).toBe(3);
  });

  it('delivers gameUpdated to each subscriber redacted for its seat', async () => {
    const { game, seatTokens } = await newGame();
    const query = `subscription($gameId: ID!) { gameUpdated(gameId: $gameId) { gameId fromVersion version status activeSeats view events { version type payload } } }`;
    type Msg = {
      gameUpdated: {
        version: number;
        view: { mySecret: number | null };
        events: { type: string }[];
        activeSeats: number[];
      };
    };
    const seat1 = collect<Msg>(server.ws(seatTokens[1].token), query, { gameId: game.id });
    const spectator = collect<Msg>(server.ws(), query, { gameId: game.id });
    await server.subscribed(game.id, 2);
    await server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } }, seatTokens[0].token);
    await seat1.until(1);
    await spectator.until(1);
    expect(seat1.items[0].gameUpdated).toMatchObject({
      version: 4,
      activeSeats: [1],
      events: [{ type: 'ADDED' }],
    });
    expect(seat1.items[0].gameUpdated.view.mySecret).toEqual(expect.any(Number));
    expect(spectator.items[0].gameUpdated.view.mySecret).toBeNull();
    expect(seat1.errors).toEqual([]);
  });

  it('resumes gameUpdated after a version: the missed events first, then live updates without a gap', async () => {
    const { game, seatTokens } = await newGame();
    const add = (seat: number) =>
      server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } }, seatTokens[seat].token);
    await add(0); // version 4, before anyone follows
    const query = `subscription($gameId: ID!, $after: Int) { gameUpdated(gameId: $gameId, afterVersion: $after) { fromVersion version activeSeats events { version type } } }`;
    type Msg = { gameUpdated: { fromVersion: number; version: number; events: { version: number }[] } };
    const behind = collect<Msg>(server.ws(seatTokens[1].token), query, { gameId: game.id, after: 3 });
    await behind.until(1);
    expect(behind.items[0].gameUpdated).toMatchObject({
      fromVersion: 3,
      version: 4,
      activeSeats: [1],
      events: [{ version: 4, type: 'ADDED' }],
    });
    const upToDate = collect<Msg>(server.ws(), query, { gameId: game.id, after: 4 });
    await server.subscribed(game.id, 2);
    await add(1); // version 5
    await behind.until(2);
    await upToDate.until(1);
    expect(behind.items[1].gameUpdated).toMatchObject({ fromVersion: 4, version: 5 });
    expect(upToDate.items.map((m) => m.gameUpdated.fromVersion)).toEqual([4]);
    expect([...behind.errors, ...upToDate.errors]).toEqual([]);

    const refused = (after: number) =>
      new Promise<unknown>((resolve) => {
        server
          .ws()
          .subscribe(
            { query, variables: { gameId: game.id, after } },
            { next: (v) => resolve(v.errors), error: resolve, complete: () => resolve('complete') },
          );
      });
    for (const after of [6, -1]) {
      const errors = (await refused(after)) as { extensions?: { code?: string } }[];
      expect(errors[0].extensions?.code).toBe('VALIDATION');
    }

    // An abort adds no event: a subscriber resumed at the game's version still hears of it.
    const status = `subscription($gameId: ID!, $after: Int) { gameUpdated(gameId: $gameId, afterVersion: $after) { fromVersion version status } }`;
    type StatusMsg = { gameUpdated: { fromVersion: number; version: number; status: string } };
    const idle = collect<StatusMsg>(server.ws(), status, { gameId: game.id, after: 5 });
    await server.subscribed(game.id, 3);
    const aborted = await server.gql(
      `mutation($id: ID!) { abortGame(gameId: $id) { status } }`,
      { id: game.id },
      seatTokens[0].token,
    );
    expect(aborted.errors).toBeUndefined();
    await idle.until(1);
    expect(idle.items[0].gameUpdated).toEqual({ fromVersion: 5, version: 5, status: 'ABORTED' });
  });

  it('plays bot seats in-process until the game ends', async () => {
    const res = await server.gql<{ createGame: { game: { id: string } } }>(CREATE, {
      input: {
        type: 'race-to-ten',
        seats: [{ kind: 'BOT' }, { kind: 'BOT', botLevel: 'RANDOM' }],
        start: true,
      },
    });
    const id = res.data!.createGame.game.id;
    for (let i = 0; i < 100; i++) {
      const g = await server.gql<{ game: { status: string; result: { winners: number[] } } }>(GAME, { id });
      if (g.data!.game.status === 'FINISHED') {
        expect(g.data!.game.result.winners).toHaveLength(1);
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the bot game did not finish');
  });
});
