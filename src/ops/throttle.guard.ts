/**
 * Rate limiting per seat token (or per client IP without one), for REST and GraphQL over HTTP.
 * Websocket subscription events are not requests and are not limited here.
 */
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import { ThrottlerGuard } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { bearerToken } from '../auth/seat-tokens';

type Req = { headers?: Record<string, unknown>; ip?: string; res?: unknown };

@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override getRequestResponse(context: ExecutionContext): {
    req: Record<string, unknown>;
    res: Record<string, unknown>;
  } {
    if (context.getType<GqlContextType>() === 'graphql') {
      const req = (GqlExecutionContext.create(context).getContext<{ req?: Req }>().req ?? {}) as Record<
        string,
        unknown
      >;
      return { req, res: (req.res ?? { header: () => undefined }) as Record<string, unknown> };
    }
    return super.getRequestResponse(context);
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType<GqlContextType>() !== 'graphql') return false;
    return !GqlExecutionContext.create(context).getContext<{ req?: Req }>().req; // a websocket operation
  }

  /** One budget per caller across all routes and operations (the default is per route). */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const token = bearerToken((req as Req).headers?.authorization);
    if (token) return `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
    return `ip:${(req as Req).ip ?? 'unknown'}`;
  }
}
