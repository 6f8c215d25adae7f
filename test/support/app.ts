/** Starts the real server (HTTP + graphql-ws) on a free port for end-to-end tests. */
import type { INestApplication } from '@nestjs/common';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createApp } from '../../src/bootstrap';
import type { Database } from '../../src/database/database';
import type { AnyGameEngine } from '../../src/games/engine';
import type { HttpLimits } from '../../src/config';
import { GameUpdateHub } from '../../src/notifications/game-update-hub';
import { scaled } from './time-scale.cjs';

export interface RunningServer {
  app: INestApplication;
  url: string;
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GqlResponse<T>>;
  ws(token?: string): Client;
  /** Resolves once `count` subscriptions listen to the game's updates (the event, not a sleep). */
  subscribed(gameId: string, count: number): Promise<void>;
  close(): Promise<void>;
}

export interface GqlResponse<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  status: number;
}

export async function startServer(options: {
  database: Database;
  engines?: AnyGameEngine[];
  inlineBots?: boolean;
  redisUrl?: string;
  http?: Partial<HttpLimits>;
  /** Client seeds and test-only options (default true here; false = the production default). */
  allowTestControls?: boolean;
}): Promise<RunningServer> {
  const app = await createApp({
    database: { database: options.database, migrate: false },
    engines: options.engines,
    inlineBots: options.inlineBots ?? true,
    redisUrl: options.redisUrl ?? null,
    // Tests seed their games; the refusal by default has its own tests (allowTestControls: false).
    allowTestControls: options.allowTestControls ?? true,
    // Tests fire requests far faster than people; rate limiting has its own test.
    http: { rateLimitPerMinute: 1_000_000, createGamesPerHour: 1_000_000, ...options.http },
  });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const clients: Client[] = [];
  return {
    app,
    url,
    async gql(query, variables, token) {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ query, variables }),
      });
      return { ...((await response.json()) as object), status: response.status };
    },
    ws(token) {
      const client = createClient({
        url: `${url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
      });
      clients.push(client);
      return client;
    },
    async subscribed(gameId, count) {
      const hub = app.get(GameUpdateHub);
      const until = Date.now() + scaled(5000); // a give-up time, stretched on a loaded machine
      while (hub.listenerCount(gameId) < count) {
        if (Date.now() > until) throw new Error(`${count} subscriptions to ${gameId} did not register`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      await Promise.all(clients.map((c) => c.dispose()));
      await app.close();
    },
  };
}

/** Collects a subscription's messages; `next(n)` waits for n more. */
export function collect<T>(client: Client, query: string, variables: Record<string, unknown>) {
  const items: T[] = [];
  const errors: unknown[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) items.push(value.data as T);
        waiters = waiters.filter((w) => (items.length >= w.count ? (w.resolve(), false) : true));
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return {
    items,
    errors,
    dispose,
    until(count: number, timeoutMs = 10000): Promise<void> {
      if (items.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${count} messages (have ${items.length})`)),
          scaled(timeoutMs),
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
  };
}
