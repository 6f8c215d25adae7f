/**
 * Limits on the Node HTTP server itself: how long a client may take to send a request's headers
 * and the whole request (a slow body is cut off with 408), and how many websocket connections one
 * client IP may hold open (more are answered 429 before the upgrade).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { HttpLimits } from '../config';

export const SERVER_LIMITS = Symbol('SERVER_LIMITS');

export type ServerLimits = Pick<HttpLimits, 'headersTimeoutMs' | 'requestTimeoutMs' | 'wsConnectionsPerIp'>;

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.trim()) return forwarded.split(',')[0].trim();
  return req.socket.remoteAddress ?? 'unknown';
}

/** Counts open upgraded sockets per IP; refuses upgrades over `max`. */
export function limitWebsocketsPerIp(server: Server, max: number, trustProxy: boolean): void {
  const open = new Map<string, number>();
  // Prepended, so it runs before the graphql-ws upgrade handler that Nest registers.
  server.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    const ip = clientIp(req, trustProxy);
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
    limitWebsocketsPerIp(server, this.limits.wsConnectionsPerIp, process.env.TRUST_PROXY === 'true');
  }
}
