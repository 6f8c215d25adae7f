/**
 * graphql-ws hooks: every operation over a websocket passes the same depth, complexity and
 * game-read limits as over HTTP (limits.ts), a connection may have only so many operations at
 * once, and errors carry the same codes as over HTTP (graphql-errors.ts).
 */
import type { ServerOptions, SubscribePayload } from 'graphql-ws';
import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { formatGraphQLError } from './graphql-errors';
import { checkOperation, type QueryLimits } from './limits';

export interface WsLimits extends QueryLimits {
  /** Subscriptions and queries in flight on one connection. */
  maxOperationsPerConnection: number;
}

/** Where the hooks find the schema (Apollo reports it at start, see schemaCapturePlugin). */
export interface SchemaRef {
  schema: GraphQLSchema | null;
}

function refused(message: string, extensions: Record<string, unknown>): GraphQLError[] {
  return [new GraphQLError(message, { extensions: { code: 'VALIDATION', ...extensions } })];
}

/** The checks of one subscribe message; undefined lets graphql-ws run it. */
export function checkWsOperation(
  schema: GraphQLSchema,
  payload: SubscribePayload,
  activeOperations: number,
  limits: WsLimits,
): GraphQLError[] | undefined {
  if (activeOperations > limits.maxOperationsPerConnection)
    return refused(`at most ${limits.maxOperationsPerConnection} operations at once on one connection`, {
      limit: 'OPERATIONS_PER_CONNECTION',
      maxOperations: limits.maxOperationsPerConnection,
    });
  let document: DocumentNode;
  try {
    document = parse(payload.query);
  } catch (error) {
    return refused((error as Error).message, { cause: 'GRAPHQL_PARSE_FAILED' });
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0)
    return invalid.map(
      (e) =>
        new GraphQLError(e.message, {
          nodes: e.nodes,
          extensions: { code: 'VALIDATION', cause: 'GRAPHQL_VALIDATION_FAILED' },
        }),
    );
  // Mistakes graphql-js would otherwise report at execution as bare errors (no code: INTERNAL).
  const operation = getOperationAST(document, payload.operationName);
  if (!operation)
    return refused(
      payload.operationName
        ? `Unknown operation named "${payload.operationName}".`
        : 'Must provide operation name if query contains multiple operations.',
      { cause: 'OPERATION_RESOLUTION_FAILURE' },
    );
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {}, {
    maxErrors: 10,
  });
  if (coerced.errors)
    return coerced.errors.map(
      (e) =>
        new GraphQLError(e.message, {
          nodes: e.nodes,
          extensions: { code: 'VALIDATION', cause: 'BAD_USER_INPUT' },
        }),
    );
  const over = checkOperation(
    {
      schema,
      document,
      operationName: payload.operationName,
      variables: payload.variables,
      query: payload.query,
    },
    limits,
  );
  return over ? [over] : undefined;
}

const formatAll = (errors: readonly GraphQLError[]) => errors.map((e) => formatGraphQLError(e.toJSON(), e));

/** Options merged into Nest's `subscriptions['graphql-ws']`. */
export function graphqlWsLimits(limits: WsLimits, ref: SchemaRef): Partial<ServerOptions> {
  return {
    onSubscribe(ctx, _id, payload) {
      if (!ref.schema) return refused('the server is starting', {});
      // The new operation is already in ctx.subscriptions (as a placeholder) when this runs.
      return checkWsOperation(ref.schema, payload, Object.keys(ctx.subscriptions).length, limits);
    },
    onNext(_ctx, _id, _payload, _args, result) {
      const { errors } = result as ExecutionResult;
      if (!errors?.length) return undefined;
      return { ...(result as ExecutionResult), errors: formatAll(errors) } as never;
    },
    onError(_ctx, _id, _payload, errors) {
      return formatAll(errors);
    },
  };
}
