/** The GraphQL context: the caller, resolved once per request or websocket connection. */
import type { CallerService } from '../../auth/caller.service';
import type { Caller } from '../../auth/seat-tokens';

export interface GqlContext {
  caller(): Promise<Caller>;
  /** The HTTP request (absent for websocket operations); used by rate limiting. */
  req?: unknown;
}

interface RawContext {
  req?: { headers?: Record<string, unknown> };
  connectionParams?: Record<string, unknown>;
  extra?: { connectionParams?: Record<string, unknown> };
}

/** Works for HTTP requests (Authorization header) and graphql-ws connections (connectionParams). */
export function buildContext(callers: CallerService, raw: RawContext): GqlContext {
  const params = raw.connectionParams ?? raw.extra?.connectionParams;
  const header = raw.req?.headers?.authorization ?? params?.authorization ?? params?.Authorization;
  let memo: Promise<Caller> | undefined;
  return { req: raw.req, caller: () => (memo ??= callers.fromAuthorization(header)) };
}
