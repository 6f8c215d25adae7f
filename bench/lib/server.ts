/** The real API (Nest, GraphQL over HTTP and graphql-ws) on 127.0.0.1, in this process. */
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/bootstrap';
import type { Database } from '../../src/database/database';
import { PlayService } from '../../src/play/play.service';

export interface BenchServer {
  app: INestApplication;
  url: string;
  play: PlayService;
  gql<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T>;
  close(): Promise<void>;
}

export async function startBenchServer(database: Database): Promise<BenchServer> {
  const app = await createApp(
    {
      database: { database, migrate: false },
      inlineBots: false,
      // Benchmarks replay seeded games (operator test controls).
      allowTestControls: true,
      redisUrl: null,
      // The subscription benchmark holds 1,000 websockets from 127.0.0.1.
      http: {
        rateLimitPerMinute: 1_000_000_000,
        createGamesPerHour: 1_000_000_000,
        wsConnectionsPerIp: 1_000_000,
      },
      logLevel: 'error',
    },
    'error',
  );
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    url,
    play: app.get(PlayService),
    gql: gqlClient(url).gql,
    close: () => app.close(),
  };
}

/** GraphQL over HTTP to a server at `base` (e.g. http://127.0.0.1:3000); errors throw. */
export function gqlClient(base: string): Pick<BenchServer, 'gql'> {
  return {
    async gql<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T> {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
      if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((e) => e.message).join('; ')}`);
      return body.data as T;
    },
  };
}

export const CREATE_GAME = `mutation($input: CreateGameInput!) {
  createGame(input: $input) { game { id version } seatTokens { seat token } }
}`;

export const SUBMIT = `mutation($gameId: ID!, $command: JSON!, $v: Int, $id: String) {
  submitCommand(gameId: $gameId, command: $command, expectedVersion: $v, commandId: $id) { accepted version }
}`;

export interface CreatedGame {
  game: { id: string; version: number };
  seatTokens: { seat: number; token: string }[];
}

/** A started game of human seats (no bot plays them: the benchmark client does), with its tokens. */
export async function createHumanGame(
  server: Pick<BenchServer, 'gql'>,
  type: string,
  seats: number,
  seed: string,
): Promise<{ id: string; version: number; tokens: string[] }> {
  const { createGame } = await server.gql<{ createGame: CreatedGame }>(CREATE_GAME, {
    input: {
      type,
      seed,
      start: true,
      seats: Array.from({ length: seats }, (_, i) => ({ kind: 'HUMAN', name: `p${i}` })),
    },
  });
  const tokens: string[] = [];
  for (const t of createGame.seatTokens) tokens[t.seat] = t.token;
  return { id: createGame.game.id, version: createGame.game.version, tokens };
}
