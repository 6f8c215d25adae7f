/**
 * GraphQL over HTTP answers an operation refused by the rate limit as REST does: HTTP 429 (the
 * guard has already set `Retry-After` on the response), the body still a GraphQL result whose
 * error says RATE_LIMITED.
 */
import type { ApolloServerPlugin } from '@apollo/server';

export function rateLimitStatusPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          if (errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')) response.http.status = 429;
        },
      };
    },
  };
}
