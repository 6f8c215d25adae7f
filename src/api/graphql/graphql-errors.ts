/**
 * Apollo's own errors (a query that does not parse or validate, variables of the wrong type) are
 * reported with our VALIDATION code so clients handle one vocabulary.
 */
import type { GraphQLFormattedError } from 'graphql';

const APOLLO_INPUT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
]);

export function formatGraphQLError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && APOLLO_INPUT_CODES.has(code)) {
    return { ...formatted, extensions: { ...formatted.extensions, code: 'VALIDATION', cause: code } };
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
