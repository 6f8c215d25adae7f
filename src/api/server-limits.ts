/**
 * Limits on the Node HTTP server itself: how long a client may take to send a request's headers
 * and the whole request (a slow body is cut off with 408), and how many websocket connections one
 * client IP may hold open (more are answered 429 before the upgrade).
 *
 * The websocket's client IP is Express's `req.ip` for the same request: proxy-addr (what Express
 * uses) with the app's compiled `trust proxy fn` (TRUST_PROXY as a hop count, subnets or `true`),
 * so a forged X-Forwarded-For moves the websocket limit exactly as far as it moves the HTTP ones.
 */
import type { IncomingMessage, Server } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { HttpLimits } from '../config';

export const SERVER_LIMITS = Symbol('SERVER_LIMITS');

export type ServerLimits = Pick<HttpLimits, 'headersTimeoutMs' | 'requestTimeoutMs' | 'wsConnectionsPerIp'>;

/** Express's `trust proxy fn` setting: whether the hop at `address`, `hop` from the socket, is believed. */
export type TrustFunction = (address: string, hop: number) => boolean;

const TRUST_NOBODY: TrustFunction = () => false;

/** The client's address as Express's `req.ip` gives it under `trust`. */
export function clientIp(req: IncomingMessage, trust: TrustFunction): string {
  if (!req.socket.remoteAddress) return 'unknown';
  return proxyaddr(req, trust);
}

/** The client IP of each websocket upgrade request, as counted here (read by rate limiting). */
const upgradeIps = new WeakMap<IncomingMessage, string>();

/** The client IP of a websocket's upgrade request: as counted for the per-IP limit. */
export function websocketClientIp(req: IncomingMessage | undefined): string {
  if (!req) return 'unknown';
  return upgradeIps.get(req) ?? req.socket?.remoteAddress ?? 'unknown';
}

/**
 * Counts open upgraded sockets per IP; refuses upgrades over `max`. `trust` is read at every
 * upgrade (Express compiles `trust proxy` when the app sets it, possibly after this is installed).
 */
export function limitWebsocketsPerIp(server: Server, max: number, trust: () => TrustFunction): void {
  const open = new Map<string, number>();
  // Prepended, so it runs before the graphql-ws upgrade handler that Nest registers.
  server.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const ip = clientIp(req, trust());
    upgradeIps.set(req, ip);
    const count = open.get(ip) ?? 0;
    if (count >= max) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    open.set(ip, count + 1);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}

export function applyHttpTimeouts(server: Server, limits: ServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  // Node checks both timeouts on an interval (30 s by default); check often enough to honour them.
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(
    25,
    Math.min(1000, Math.floor(shortest / 4)),
  );
}

@Injectable()
export class ServerLimitsService implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SERVER_LIMITS) private readonly limits: ServerLimits,
  ) {}

  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    applyHttpTimeouts(server, this.limits);
    // The very function Express compiled from `app.set('trust proxy', TRUST_PROXY)` (bootstrap.ts).
    const express = this.adapterHost.httpAdapter.getInstance<{ get(setting: string): unknown }>();
    const trust = () => (express.get('trust proxy fn') as TrustFunction | undefined) ?? TRUST_NOBODY;
    limitWebsocketsPerIp(server, this.limits.wsConnectionsPerIp, trust);
  }
}
