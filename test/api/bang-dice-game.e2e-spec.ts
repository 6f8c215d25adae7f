/**
 * A complete 5-player Bang! The Dice Game through GraphQL over HTTP, each seat acting with its own
 * token and listening on its own graphql-ws subscription, on PostgreSQL (with the Redis relay, as
 * in production) and on the embedded default (PGlite, no Redis).
 */
import { bangDiceEngine, type BangView } from '../../src/games/bang-dice/index';
import { createRng } from '../../src/games/random';
import { EventStore } from '../../src/event-store/event-store';
import { PlayService } from '../../src/play/play.service';
import type { Database } from '../../src/database/database';
import { createTestPglite, createTestPostgres } from '../support/database';
import { assertRedisUp, testRedisUrl } from '../support/redis';
import { stateHash as hash } from '../support/canonical';
import { collect, startServer, type RunningServer } from '../support/app';
import { scaled } from '../support/time-scale.cjs';
import { typedMutation, type Command } from '../support/typed-mutation';

type UpdateMsg = {
  gameUpdated: {
    version: number;
    status: string;
    view: BangView | null;
    events: { version: number; type: string; payload: Record<string, unknown> }[];
  };
};

const SUBSCRIBE = `subscription($gameId: ID!) { gameUpdated(gameId: $gameId) { version status view events { version type payload } } }`;

/** Roles a seat may see in a view: its own, face-up ones (the Sheriff) and the dead players'. */
function assertNoRoleLeak(seat: number, view: BangView | null, where: string) {
  if (!view) return;
  for (const p of view.players) {
    if (p.seat === seat || p.role === null || view.outcome) continue;
    if (p.role !== 'SHERIFF' && p.alive)
      throw new Error(`${where}: seat ${seat} saw living seat ${p.seat}'s role ${p.role}`);
  }
}

function assertNoRoleLeakInEvents(
  seat: number,
  events: { type: string; payload: Record<string, unknown> }[],
  where: string,
) {
  for (const e of events) {
    if (e.type === 'ROLE_DEALT' && e.payload.seat !== seat && !e.payload.faceUp && e.payload.role !== null) {
      throw new Error(`${where}: seat ${seat} received seat ${String(e.payload.seat)}'s role`);
    }
  }
}

/** Winners by the role rules of §4.2 (4+ players), from the final public facts. */
function expectedWinners(roles: string[], alive: boolean[]): number[] {
  const seats = roles.map((_, i) => i);
  const sheriff = roles.indexOf('SHERIFF');
  if (!alive[sheriff]) {
    const living = seats.filter((s) => alive[s]);
    if (living.length === 1 && roles[living[0]] === 'RENEGADE') return living;
    return seats.filter((s) => roles[s] === 'OUTLAW');
  }
  return seats.filter((s) => roles[s] === 'SHERIFF' || roles[s] === 'DEPUTY');
}

const backends: [string, () => Promise<Database>, boolean][] = [
  ['PostgreSQL + Redis', createTestPostgres, true],
  ['embedded default (PGlite, no Redis)', createTestPglite, false],
];

describe.each(backends)('a 5-player Bang! game over GraphQL on %s', (_name, open, withRedis) => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    if (withRedis) await assertRedisUp();
    db = await open();
    server = await startServer({ database: db, redisUrl: withRedis ? testRedisUrl() : undefined });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('plays to the end with per-seat tokens and subscriptions, leaking no role, replaying to the same state', async () => {
    const created = await server.gql<{
      createGame: { game: { id: string; status: string }; seatTokens: { seat: number; token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id status } seatTokens { seat token } } }`,
      {
        input: {
          type: 'bang-dice',
          seats: ['Ann', 'Bob', 'Cid', 'Dot', 'Eve'].map((name) => ({ kind: 'HUMAN', name })),
          seed: 'e2e-bang',
          start: true,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const gameId = created.data!.createGame.game.id;
    const tokens = created.data!.createGame.seatTokens.map((t) => t.token);
    expect(tokens).toHaveLength(5);

    const subs = tokens.map((token) => collect<UpdateMsg>(server.ws(token), SUBSCRIBE, { gameId }));
    await server.subscribed(gameId, tokens.length);

    const rng = createRng('e2e-choices');
    let version = 0;
    let status = 'ACTIVE';
    let commands = 0;
    const typedUsed = new Set<string>();
    for (let guard = 0; status === 'ACTIVE' && guard < 5000; guard++) {
      const state = await server.gql<{ game: { status: string; version: number; activeSeats: number[] } }>(
        `query($id: ID!) { game(id: $id) { status version activeSeats } }`,
        { id: gameId },
      );
      ({ status, version } = state.data!.game);
      if (status !== 'ACTIVE') break;
      const seat = state.data!.game.activeSeats[0];
      const mine = await server.gql<{ game: { legalCommands: Command[]; view: BangView } }>(
        `query($id: ID!) { game(id: $id) { legalCommands view } }`,
        { id: gameId },
        tokens[seat],
      );
      assertNoRoleLeak(seat, mine.data!.game.view, 'game.view');
      const legal = mine.data!.game.legalCommands;
      expect(legal.length).toBeGreaterThan(0);
      const command = rng.pick(legal);
      const answer = await sendTyped(server, gameId, command, version, tokens[seat], typedUsed);
      expect(answer.errors).toBeUndefined();
      const result = Object.values(answer.data!)[0];
      expect(result.accepted).toBe(true);
      assertNoRoleLeakInEvents(seat, result.events, 'command result');
      commands++;
    }
    expect(status).toBe('FINISHED');
    expect(commands).toBeGreaterThan(5);
    expect([...typedUsed]).toEqual(expect.arrayContaining(['RESOLVE_DICE', 'ROLL_DICE']));

    // Every subscriber got every version, each message redacted for its own seat.
    const final = await server.gql<{
      game: {
        version: number;
        result: { winners: number[]; seats: { seat: number; detail: { role: string } }[] };
        view: BangView;
      };
    }>(`query($id: ID!) { game(id: $id) { version result view } }`, { id: gameId });
    const { version: finalVersion, result, view } = final.data!.game;
    for (let seat = 0; seat < 5; seat++) {
      const sub = subs[seat];
      await waitFor(() => sub.items.at(-1)?.gameUpdated.version === finalVersion);
      expect(sub.errors).toEqual([]);
      const versions = sub.items.flatMap((m) => m.gameUpdated.events.map((e) => e.version));
      expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => versions[0] + i));
      for (const m of sub.items) {
        assertNoRoleLeak(seat, m.gameUpdated.view, `subscription v${m.gameUpdated.version}`);
        assertNoRoleLeakInEvents(seat, m.gameUpdated.events, `subscription v${m.gameUpdated.version}`);
      }
    }
    // And a seat's event history shows no other living seat's role either.
    const history = await server.gql<{
      game: { events: { type: string; payload: Record<string, unknown> }[] };
    }>(
      `query($id: ID!) { game(id: $id) { events(first: 1000) { type payload } } }`,
      { id: gameId },
      tokens[0],
    );
    assertNoRoleLeakInEvents(0, history.data!.game.events, 'events query');

    // The result obeys the role rules.
    const roles = result.seats.sort((a, b) => a.seat - b.seat).map((s) => s.detail.role);
    const alive = view.players.map((p) => p.alive);
    expect([...result.winners].sort()).toEqual(expectedWinners(roles, alive));

    // Replaying the stored events gives the same final state.
    const store = new EventStore(db.client);
    const events = await store.readStream(gameId);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: finalVersion }, (_, i) => i + 1));
    const replayed = events.reduce<unknown>(
      (s, e) => bangDiceEngine.evolve(s as never, e.payload as never),
      null,
    );
    const live = (await server.app.get(PlayService).load(gameId)).state;
    expect(hash(replayed)).toBe(hash(live));
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > scaled(timeoutMs)) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends `command` as its typed mutation (made from the game's command table). */
async function sendTyped(
  server: RunningServer,
  gameId: string,
  command: Command,
  version: number,
  token: string,
  used: Set<string>,
) {
  type Answer = Record<
    string,
    { accepted: boolean; version: number; events: { type: string; payload: Record<string, unknown> }[] }
  >;
  used.add(command.type);
  const { query, variables } = typedMutation(
    'bang-dice',
    command,
    'accepted version events { version type payload }',
  );
  return server.gql<Answer>(query, { ...variables, gameId, expectedVersion: version }, token);
}
