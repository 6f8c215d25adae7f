/**
 * One place that turns failures into the machine-readable error shapes of each transport.
 * GraphQL: a GraphQLError with `extensions.code` (plus `ruleCode` etc. from GameError details).
 * REST: `{ "error": { "code", "message", ... } }` with the matching HTTP status.
 * Unexpected errors are logged and answered as INTERNAL without internals.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { GqlContextType } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import type { Response } from 'express';
import { GameError, httpStatusFor } from '../play/errors';

interface ErrorBody {
  code: string;
  message: string;
  [key: string]: unknown;
}

function httpCode(status: number): string {
  if (status === 400 || status === 413 || status === 422) return 'VALIDATION';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return status >= 500 ? 'INTERNAL' : 'VALIDATION';
}

@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    const { status, body } = this.describe(exception);
    if (host.getType<GqlContextType>() === 'graphql') {
      if (exception instanceof GraphQLError) return exception;
      const { code, message, ...rest } = body;
      return new GraphQLError(message, { extensions: { code, ...rest } });
    }
    const response = host.switchToHttp().getResponse<Response>();
    response.status(status).json({ error: body });
    return undefined;
  }

  private describe(exception: unknown): { status: number; body: ErrorBody } {
    if (exception instanceof GameError) {
      return {
        status: httpStatusFor[exception.code],
        body: { code: exception.code, message: exception.message, ...exception.details },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? [(response as { message: unknown }).message].flat().join('; ')
          : exception.message;
      return { status, body: { code: httpCode(status), message } };
    }
    if (exception instanceof SyntaxError)
      return { status: 400, body: { code: 'VALIDATION', message: 'malformed JSON' } };
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return { status: 500, body: { code: 'INTERNAL', message: 'internal server error' } };
  }
}
