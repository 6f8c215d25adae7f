/**
 * A gameUpdated payload relayed from another process (a worker committed the move, Redis carried
 * "game X is at version N") is of its own version: active seats, status and view as they were at
 * N, even when the game moved on before this process presents it (issue #16, item 2). The relay
 * is injected by emitting the update as the hub does for a message from another process.
 */
import { GameUpdateHub } from '../../src/notifications/game-update-hub';
import type { GameUpdate } from '../../src/play/play.service';
import type { TestPglite } from '../support/database';
import { createTestPglite } from '../support/database';
import { collect, startServer, type RunningServer } from '../support/app';
import { raceEngine } from '../support/dealt-number-engine';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version } seatTokens { seat token } } }`;
const SUBMIT = `mutation($gameId: ID!, $command: JSON!) { submitCommand(gameId: $gameId, command: $command) { version } }`;
const UPDATES = `subscription($gameId: ID!) { gameUpdated(gameId: $gameId) { gameId fromVersion version status activeSeats view events { version type } } }`;

interface Update {
  gameUpdated: { version: number; fromVersion: number; status: string; activeSeats: number[]; view: unknown };
}

describe('relayed gameUpdated payloads', () => {
  let db: TestPglite;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, engines: [raceEngine] });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it("carry the active seats, status and view of their own version, not the game's latest", async () => {
    const created = await server.gql<{
      createGame: { game: { id: string; version: number }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: { type: 'race-to-ten', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }], start: true },
    });
    const { game, seatTokens } = created.data!.createGame;
    const token = (seat: number) => seatTokens.find((t) => t.seat === seat)!.token;
    const hub = server.app.get(GameUpdateHub);
    const sub = collect<Update>(server.ws(token(0)), UPDATES, { gameId: game.id });
    await server.subscribed(game.id, 1);

    // Two moves committed here: their payloads are built from the committed states.
    for (const seat of [0, 1]) {
      const res = await server.gql(SUBMIT, { gameId: game.id, command: { type: 'ADD', n: 1 } }, token(seat));
      expect(res.errors).toBeUndefined();
    }
    await sub.until(2);
    // The first move arrives again, as relayed from another process, after the second committed.
    const relayed: GameUpdate = {
      gameId: game.id,
      fromVersion: game.version,
      version: game.version + 1,
      status: 'ACTIVE',
    };
    (hub as unknown as { emitLocal(update: GameUpdate): void }).emitLocal(relayed);
    await sub.until(3);

    const [first, second, again] = sub.items.map((m) => m.gameUpdated);
    expect(first.activeSeats).toEqual([1]);
    expect(second.activeSeats).toEqual([0]);
    expect(again).toEqual(first);
    expect(sub.errors).toEqual([]);
  });
});
