/**
 * Games nobody plays by hand: a 6-seat Carson City game and an 8-seat Bang! game made only of bot
 * seats run to the end on real PostgreSQL and Redis, the API process only enqueueing bot turns
 * and a worker consuming them (as in production with INLINE_BOTS=false).
 */
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createApp } from '../../src/bootstrap';
import { EventStore } from '../../src/event-store/event-store';
import { startWorker } from '../../src/worker';
import { createTestPostgres, type TestPostgres } from '../support/database';
import { assertRedisUp, testRedisUrl } from '../support/redis';
import { scaled } from '../support/time-scale.cjs';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat } } }`;
const GAME = `query($id: ID!) { game(id: $id) { status version result } }`;

describe('all-bot games on BullMQ + PostgreSQL', () => {
  let db: TestPostgres;
  let api: INestApplication;
  let worker: INestApplicationContext;
  let url: string;

  beforeAll(async () => {
    await assertRedisUp();
    db = await createTestPostgres();
    const queuePrefix = `saloon-bots-${randomBytes(4).toString('hex')}`;
    api = await createApp({
      database: { database: db, migrate: false },
      redisUrl: testRedisUrl(),
      inlineBots: false,
      scheduling: { queuePrefix },
      http: { rateLimitPerMinute: 1_000_000, createGamesPerHour: 1_000_000 },
      allowTestControls: true,
    });
    await api.listen(0, '127.0.0.1');
    url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
    worker = await startWorker({
      redisUrl: testRedisUrl(),
      database: { database: db, migrate: false },
      scheduling: { queuePrefix },
      logLevel: 'error',
    });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.close();
  });

  async function gql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data!;
  }

  async function playToTheEnd(type: string, levels: string[]) {
    const created = await gql<{ createGame: { game: { id: string }; seatTokens: unknown[] } }>(CREATE, {
      input: {
        type,
        seed: `all-bots-${type}`,
        start: true,
        seats: levels.map((botLevel) => ({ kind: 'BOT', botLevel })),
      },
    });
    expect(created.createGame.seatTokens).toEqual([]); // nobody holds a seat
    const id = created.createGame.game.id;
    const until = Date.now() + scaled(300_000); // a give-up time, stretched on a loaded machine
    while (Date.now() < until) {
      const { game } = await gql<{
        game: { status: string; version: number; result: { winners: number[] } | null };
      }>(GAME, { id });
      if (game.status === 'FINISHED') {
        const events = await new EventStore(db.client).readStream(id);
        expect(events.map((e) => e.version)).toEqual(Array.from({ length: game.version }, (_, k) => k + 1));
        expect(new Set(events.map((e) => e.metadata.actor))).toEqual(new Set(['SYSTEM', 'BOT']));
        return game;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${type} did not finish`);
  }

  it('a 6-seat Carson City game and an 8-seat Bang! game finish with no human action', async () => {
    const [carson, bang] = await Promise.all([
      playToTheEnd('carson-city', ['HEURISTIC', 'RANDOM', 'HEURISTIC', 'RANDOM', 'HEURISTIC', 'RANDOM']),
      playToTheEnd('bang-dice', [
        'STRONG',
        'HEURISTIC',
        'RANDOM',
        'HEURISTIC',
        'RANDOM',
        'HEURISTIC',
        'RANDOM',
        'HEURISTIC',
      ]),
    ]);
    expect(carson.result!.winners.length).toBeGreaterThan(0);
    expect(bang.result).not.toBeNull();
  });
});
