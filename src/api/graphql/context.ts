/** The GraphQL context: the caller, resolved once per request or websocket connection. */
import type { IncomingMessage } from 'node:http';
import type { CallerService } from '../../auth/caller.service';
import { websocketClientIp } from '../server-limits';
import type { Caller } from '../../auth/seat-tokens';

export interface GqlContext {
  caller(): Promise<Caller>;
  /** The Authorization value of the request (or of the websocket's connectionParams). */
  authorization?: unknown;
  /** The HTTP request (absent for websocket operations); used by rate limiting. */
  req?: unknown;
  /** A websocket operation's client IP (its upgrade request's, see server-limits.ts). */
  wsClientIp?: string;
  /**
   * Runs one of the operation's game reads (view, legalCommands, stateAt, events) after the
   * previous one ended: an operation's reads take turns, so other clients' requests are served
   * between them instead of waiting for all of them.
   */
  gameRead<T>(work: () => Promise<T>): Promise<T>;
}

interface RawContext {
  req?: { headers?: Record<string, unknown> };
  connectionParams?: Record<string, unknown>;
  extra?: { connectionParams?: Record<string, unknown>; request?: IncomingMessage };
}

/** Works for HTTP requests (Authorization header) and graphql-ws connections (connectionParams). */
export function buildContext(callers: CallerService, raw: RawContext): GqlContext {
  const params = raw.connectionParams ?? raw.extra?.connectionParams;
  const header = raw.req?.headers?.authorization ?? params?.authorization ?? params?.Authorization;
  let memo: Promise<Caller> | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  return {
    req: raw.req,
    authorization: header,
    ...(!raw.req && raw.extra && { wsClientIp: websocketClientIp(raw.extra.request) }),
    caller: () => (memo ??= callers.fromAuthorization(header)),
    gameRead<T>(work: () => Promise<T>): Promise<T> {
      const run = previous.then(work);
      previous = run.catch(() => undefined);
      return run;
    },
  };
}
