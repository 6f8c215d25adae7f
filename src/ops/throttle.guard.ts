/**
 * Rate limiting for REST and GraphQL over HTTP, two budgets:
 *   default  requests per minute per caller: a valid seat (or host) token has its own budget;
 *            no token, or a token that matches nothing, counts against the client's IP (a new
 *            made-up token per request buys nothing);
 *   create   games created per hour per client IP (createGame mints seat tokens).
 * The client's IP is Express's `req.ip`, so behind a load balancer it depends on TRUST_PROXY.
 * graphql-ws operations spend the same budgets, their IP being the upgrade request's (they
 * used to share one 'unknown' IP: createGame over a websocket escaped the per-IP budget, and one
 * client could spend every token-less websocket client's budget).
 */
import {
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { CallerService } from '../auth/caller.service';
import { bearerToken, type Caller } from '../auth/seat-tokens';
import { LruCache } from '../play/lru-cache';

type Req = { headers?: Record<string, unknown>; ip?: string; res?: unknown };
type GqlCtx = { req?: Req; wsClientIp?: string; caller?: () => Promise<Caller> };

export const CREATE_THROTTLER = 'create';
const CREATES_GAME = Symbol('saloon:creates-game');

/** Marks a handler that creates a game: it also spends the per-IP `create` budget. */
export const CreatesGame = () => SetMetadata(CREATES_GAME, true);

@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  @Inject(CallerService) private readonly callers!: CallerService;
  /** Per request: whether its bearer token is one we issued (GraphQL asks once per field). */
  private readonly known = new WeakMap<object, Promise<boolean>>();
  /**
   * Tokens (by hash) that resolved to a seat or host here before: they pick the caller's own
   * budget without a lookup per request. Only the budget depends on it; what a request may do
   * is decided on the token's current seat, read fresh (a token taken away since still counts
   * against its own budget, not the IP's, and is refused where it is used).
   */
  private readonly knownTokens = new LruCache<string, true>(10_000);

  protected override getRequestResponse(context: ExecutionContext): {
    req: Record<string, unknown>;
    res: Record<string, unknown>;
  } {
    if (context.getType<GqlContextType>() === 'graphql') {
      const req = (GqlExecutionContext.create(context).getContext<GqlCtx>().req ?? {}) as Record<
        string,
        unknown
      >;
      return { req, res: (req.res ?? { header: () => undefined }) as Record<string, unknown> };
    }
    return super.getRequestResponse(context);
  }

  /**
   * The client IP: Express's `req.ip`, or for a graphql-ws operation its upgrade request's
   * (server-limits.ts; the context's `req` there is no Express request and has no `ip`).
   */
  private clientIp(req: Record<string, unknown>, context?: ExecutionContext): string {
    if (context?.getType<GqlContextType>() === 'graphql') {
      const ws = GqlExecutionContext.create(context).getContext<GqlCtx>().wsClientIp;
      if (ws) return ws;
    }
    return (req as Req).ip ?? 'unknown';
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    if (request.throttler.name !== CREATE_THROTTLER) return super.handleRequest(request);
    if (!this.reflector.get<boolean>(CREATES_GAME, request.context.getHandler())) return true;
    const ip = async (req: Record<string, unknown>) => `ip:${this.clientIp(req, request.context)}`;
    return super.handleRequest({ ...request, getTracker: ip });
  }

  /** One budget per caller across all routes and operations (the default is per route). */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async getTracker(
    req: Record<string, unknown>,
    context?: ExecutionContext,
  ): Promise<string> {
    const token = bearerToken((req as Req).headers?.authorization);
    if (!token) return `ip:${this.clientIp(req, context)}`;
    const hash = createHash('sha256').update(token).digest('hex');
    if (await this.isKnown(req, token, hash, context)) return `token:${hash.slice(0, 32)}`;
    return `ip:${this.clientIp(req, context)}`;
  }

  private isKnown(req: object, token: string, hash: string, context?: ExecutionContext): Promise<boolean> {
    if (this.knownTokens.get(hash)) return Promise.resolve(true);
    let known = this.known.get(req);
    if (!known) {
      const gql = context?.getType<GqlContextType>() === 'graphql';
      const caller = gql
        ? GqlExecutionContext.create(context!).getContext<GqlCtx>().caller?.()
        : this.callers.fromAuthorization(`Bearer ${token}`);
      known = (caller ?? Promise.resolve({ kind: 'anonymous' } as Caller)).then(
        (c) => {
          if (c.kind === 'anonymous') return false;
          this.knownTokens.set(hash, true);
          return true;
        },
        () => false,
      );
      this.known.set(req, known);
    }
    return known;
  }

  /** A clean message (not "ThrottlerException: ..."); the filter makes it RATE_LIMITED / 429. */
  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const seconds = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    const what = detail.key.startsWith(`${CREATE_THROTTLER}:`)
      ? 'too many games created'
      : 'too many requests';
    throw new HttpException(
      { message: `${what}; retry after ${seconds} s`, retryAfter: seconds },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
