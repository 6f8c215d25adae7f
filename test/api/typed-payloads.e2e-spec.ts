/**
 * Each game's typed GraphQL forms (issue #11.4) answer exactly what the generic JSON fields answer,
 * for the caller's seat, and are null for the other games: Game.<game> { view legalCommands
 * stateAt }, GameEvent.<game>Payload (null for a hidden event), CommandResult events, the enums
 * and Game.gameResult.
 */
import type { Database } from '../../src/database/database';
import { PAYLOAD_GAMES } from '../../src/api/payloads/index';
import { createTestPglite } from '../support/database';
import { startServer, type RunningServer } from '../support/app';

type Event = { type: string; payload: unknown } & Record<string, unknown>;
type GameAnswer = {
  game: Record<string, unknown> & {
    game: string;
    view: unknown;
    legalCommands: { type: string }[];
    stateAt: unknown;
    gameResult: unknown;
    events: Event[];
    eventConnection: { edges: { cursor: string; node: Event }[]; pageInfo: { hasNextPage: boolean } };
  };
};

const typedFields = PAYLOAD_GAMES.map((g) => `${g.field} { view legalCommands stateAt(version: 0) }`).join(
  ' ',
);
const payloadFields = PAYLOAD_GAMES.map((g) => `${g.field}Payload`).join(' ');
const GAME = `query($id: ID!) { game(id: $id) {
  game view legalCommands stateAt(version: 0) gameResult { winners } ${typedFields}
  events(first: 300) { type payload ${payloadFields} }
  eventConnection(first: 300) { edges { cursor node { type payload ${payloadFields} } } pageInfo { hasNextPage } }
} }`;

describe('typed per-game GraphQL payloads (PGlite)', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it.each(PAYLOAD_GAMES.map((g) => [g.game, g] as const))('%s', async (_, game) => {
    const types = await server.gql<{ gameTypes: { type: string; game: string; minSeats: number }[] }>(
      `{ gameTypes { type game minSeats } }`,
    );
    const type = types.data!.gameTypes.find((t) => t.type === game.game)!;
    const enumValue = type.game;
    expect(enumValue).toBe(game.prefix.replace(/(?<=.)([A-Z])/g, '_$1').toUpperCase());
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[] };
    }>(
      `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { token } } }`,
      {
        input: {
          game: enumValue,
          seats: Array.from({ length: Math.max(2, type.minSeats) }, () => ({ kind: 'HUMAN' })),
          start: true,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createGame.game.id;
    const tokens = created.data!.createGame.seatTokens.map((t) => t.token);

    for (const token of [...tokens, undefined]) {
      const answer = await server.gql<GameAnswer>(GAME, { id }, token);
      expect(answer.errors).toBeUndefined();
      const g = answer.data!.game;
      expect(g.game).toBe(enumValue);
      expect(g.gameResult).toBeNull();
      expect(g[game.field]).toEqual({ view: g.view, legalCommands: g.legalCommands, stateAt: g.stateAt });
      for (const other of PAYLOAD_GAMES.filter((o) => o !== game)) expect(g[other.field]).toBeNull();
      expect(g.eventConnection.edges.map((e) => e.node)).toEqual(g.events);
      expect(g.eventConnection.pageInfo.hasNextPage).toBe(false);
      for (const event of g.events) {
        expect(event[`${game.field}Payload`]).toEqual(event.type === 'HIDDEN' ? null : event.payload);
        for (const other of PAYLOAD_GAMES.filter((o) => o !== game))
          expect(event[`${other.field}Payload`]).toBeNull();
      }
      if (token === undefined) expect(g.legalCommands).toEqual([]);
    }

    // A command's events come typed too.
    const seats = await server.gql<{ game: { activeSeats: number[] } }>(
      `query($id: ID!) { game(id: $id) { activeSeats } }`,
      { id },
    );
    const seat = seats.data!.game.activeSeats[0];
    const mine = await server.gql<GameAnswer>(GAME, { id }, tokens[seat]);
    const sent = await server.gql<{ submitCommand: { events: Event[] } }>(
      `mutation($gameId: ID!, $command: JSON!) { submitCommand(gameId: $gameId, command: $command) { events { type payload ${game.field}Payload } } }`,
      { gameId: id, command: mine.data!.game.legalCommands[0] },
      tokens[seat],
    );
    expect(sent.errors).toBeUndefined();
    const events = sent.data!.submitCommand.events;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events)
      expect(event[`${game.field}Payload`]).toEqual(event.type === 'HIDDEN' ? null : event.payload);
  });
});
