/**
 * Apollo's own errors (a query that does not parse or validate, variables of the wrong type) are
 * reported with our VALIDATION code so clients handle one vocabulary. A GameError thrown by a
 * field resolver (Nest's exception filters only wrap root fields) keeps its code and details.
 */
import type { GraphQLFormattedError } from 'graphql';
import { GameError } from '../../play/errors';

const APOLLO_INPUT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Apollo refuses some requests with a bare GraphQLError that has an HTTP 4xx status but no code
 * (a persisted query whose hash does not match its query, an unknown persisted query version).
 */
function isCodelessClientError(error: unknown): boolean {
  const status = (error as { extensions?: { http?: { status?: unknown } } } | undefined)?.extensions?.http
    ?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The GameError behind a GraphQLError (resolver errors are wrapped, sometimes twice). */
function gameErrorBehind(error: unknown): GameError | null {
  let current = error;
  for (let i = 0; i < 4 && current; i++) {
    if (current instanceof GameError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return null;
}

export function formatGraphQLError(formatted: GraphQLFormattedError, error?: unknown): GraphQLFormattedError {
  const game = gameErrorBehind(error);
  if (game) {
    return {
      message: game.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: game.code, ...game.details },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && APOLLO_INPUT_CODES.has(code)) {
    return { ...formatted, extensions: { ...formatted.extensions, code: 'VALIDATION', cause: code } };
  }
  if ((code === 'INTERNAL_SERVER_ERROR' || code === undefined) && isCodelessClientError(error)) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      extensions: { code: 'VALIDATION', cause: 'BAD_REQUEST' },
    };
  }
  if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
    return {
      message: 'internal server error',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL' },
    };
  }
  const { stacktrace: _stack, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
  return { ...formatted, extensions };
}
