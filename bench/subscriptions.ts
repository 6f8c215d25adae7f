/**
 * Subscriptions: S graphql-ws subscribers (one WebSocket each, loopback) spread over G games, each
 * subscribed to gameUpdated with the seat tokens and spectators mixed; commands are then driven
 * through the pipeline (PlayService, as the API's mutation would) and every delivery is timed
 * from the moment the command committed (the pipeline's update listener, called right after the
 * append's transaction) to the subscriber's receipt.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { ALL_GAMES } from '../src/games/index';
import { Lockstep } from './lib/lockstep';
import { createHumanGame, type BenchServer } from './lib/server';
import { summary } from './lib/stats';

export interface SubscriptionResult {
  subscribers: number;
  /** Connection attempts that failed and were retried. */
  connectErrors: number;
  games: number;
  commands: number;
  deliveries: number;
  expectedDeliveries: number;
  p50ms: number;
  p99ms: number;
  maxms: number;
}

const SUBSCRIPTION = `subscription($gameId: ID!) {
  gameUpdated(gameId: $gameId) { version status activeSeats view events { version type payload } }
}`;

export async function benchSubscriptions(
  server: BenchServer,
  subscribers: number,
  gameCount: number,
  commandsPerGame: number,
): Promise<SubscriptionResult> {
  const engine = ALL_GAMES.find((g) => g.engine.type === 'bang-dice')!.engine;
  const seats = 6;
  const games: { id: string; version: number; tokens: string[]; local: Lockstep }[] = [];
  for (let i = 0; i < gameCount; i++) {
    const seed = `subs-${i}`;
    const created = await createHumanGame(server, engine.type, seats, seed);
    games.push({ ...created, local: new Lockstep(engine, seats, seed) });
  }
  const committedAt = new Map<string, number>();
  server.play.addListener({
    onGameUpdated: (update) => void committedAt.set(`${update.gameId}@${update.version}`, performance.now()),
  });

  const delays: number[] = [];
  let deliveries = 0;
  let connectErrors = 0;
  const clients: Client[] = [];
  const wsUrl = `${server.url.replace('http', 'ws')}/graphql`;
  /** One subscriber: resolves once its socket is acknowledged; false when the connection failed. */
  const subscribe = (i: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const game = games[i % games.length];
      const seat = Math.floor(i / games.length) % (seats + 1); // seats 0..5, then a spectator
      const token = seat < seats ? game.tokens[seat] : undefined;
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
        lazy: false,
        on: { connected: () => resolve(true), closed: () => resolve(false) },
        onNonLazyError: () => resolve(false),
      });
      clients.push(client);
      client.subscribe<{ gameUpdated: { version: number } }>(
        { query: SUBSCRIPTION, variables: { gameId: game.id } },
        {
          next: (value) => {
            const version = value.data?.gameUpdated.version;
            const at = committedAt.get(`${game.id}@${version}`);
            deliveries++;
            if (at !== undefined) delays.push(performance.now() - at);
          },
          error: () => resolve(false),
          complete: () => undefined,
        },
      );
    });
  // Connect in batches (1,000 sockets at once overflow the listen backlog) and retry failures.
  let pending = Array.from({ length: subscribers }, (_, i) => i);
  for (let round = 0; pending.length > 0 && round < 5; round++) {
    const failed: number[] = [];
    for (let b = 0; b < pending.length; b += 50) {
      const batch = pending.slice(b, b + 50);
      const ok = await Promise.all(batch.map((i) => subscribe(i)));
      batch.forEach((i, k) => !ok[k] && failed.push(i));
    }
    connectErrors += failed.length;
    pending = failed;
  }
  if (pending.length > 0) throw new Error(`subscriptions: ${pending.length} subscribers could not connect`);
  // Subscriptions are registered after connection ack; give the server a moment to start them.
  await new Promise((resolve) => setTimeout(resolve, 500 + subscribers));

  let commands = 0;
  const perGameSubscribers = (g: number) =>
    Math.floor(subscribers / games.length) + (g < subscribers % games.length ? 1 : 0);
  let expected = 0;
  // Games take turns: 8 in flight at a time, each plays `commandsPerGame` moves.
  const queue = games.map((g, i) => ({ g, i }));
  await Promise.all(
    Array.from({ length: Math.min(8, games.length) }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { g, i } = item;
        for (let n = 0; n < commandsPerGame; n++) {
          const move = g.local.next();
          if (!move) break;
          await server.play.submitCommand(
            { gameId: g.id, seat: move.seat, actor: 'HUMAN', expectedVersion: g.local.version },
            move.command,
          );
          g.local.apply(move.seat, move.command);
          commands++;
          expected += perGameSubscribers(i);
        }
      }
    }),
  );
  // Let the last deliveries arrive.
  const deadline = performance.now() + 10_000;
  while (deliveries < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await Promise.all(clients.map((c) => c.dispose()));
  const s = summary(delays);
  return {
    subscribers,
    connectErrors,
    games: games.length,
    commands,
    deliveries,
    expectedDeliveries: expected,
    p50ms: s.p50,
    p99ms: s.p99,
    maxms: s.max,
  };
}
