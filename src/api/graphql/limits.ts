/**
 * Apollo plugin bounding the cost of one GraphQL operation: its depth and its estimated
 * complexity (graphql-query-complexity; each field costs 1, list fields with `first` multiply).
 * Over-limit operations are refused with VALIDATION before any resolver runs.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

/** Errors thrown from an Apollo plugin hook are 500s unless they carry their HTTP status. */
const BAD_REQUEST = { status: 400 };

export interface QueryLimits {
  maxDepth: number;
  maxComplexity: number;
}

function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, seen));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue; // cycles are rejected by validation anyway
      const fragment = fragments.get(name);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return deepest;
}

export function operationDepth(document: DocumentNode, operationName?: string | null): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  let deepest = 0;
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (operationName && def.name?.value !== operationName) continue;
    deepest = Math.max(deepest, depthOf(def.selectionSet, fragments, new Set()));
  }
  return deepest;
}

export function queryLimitsPlugin(limits: QueryLimits): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const depth = operationDepth(document, request.operationName);
          if (depth > limits.maxDepth) {
            throw new GraphQLError(`query depth ${depth} exceeds the limit of ${limits.maxDepth}`, {
              extensions: {
                code: 'VALIDATION',
                limit: 'DEPTH',
                maxDepth: limits.maxDepth,
                http: BAD_REQUEST,
              },
            });
          }
          let complexity: number;
          try {
            complexity = getComplexity({
              schema,
              query: document,
              operationName: request.operationName ?? undefined,
              variables: request.variables ?? {},
              estimators: [
                fieldExtensionsEstimator(),
                // List fields paginated with `first` cost proportionally to the page they ask for.
                ({ args, childComplexity }) =>
                  typeof args.first === 'number'
                    ? Math.max(1, args.first) * (childComplexity || 1)
                    : undefined,
                simpleEstimator({ defaultComplexity: 1 }),
              ],
            });
          } catch (error) {
            // Variables that do not coerce to their declared types: the client's input is wrong.
            throw new GraphQLError((error as Error).message, {
              extensions: { code: 'VALIDATION', http: BAD_REQUEST },
            });
          }
          if (complexity > limits.maxComplexity) {
            throw new GraphQLError(
              `query complexity ${complexity} exceeds the limit of ${limits.maxComplexity}`,
              {
                extensions: {
                  code: 'VALIDATION',
                  limit: 'COMPLEXITY',
                  maxComplexity: limits.maxComplexity,
                  http: BAD_REQUEST,
                },
              },
            );
          }
        },
      };
    },
  };
}
