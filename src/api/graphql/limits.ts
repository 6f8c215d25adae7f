/**
 * Bounds on the work one GraphQL operation may cause, checked before any resolver runs (over HTTP
 * by an Apollo plugin, over graphql-ws by the same checks in its onSubscribe hook):
 * - depth: the deepest selection (introspection under `__schema`/`__type` has its own, larger
 *   bound, so standard introspection queries work under the defaults);
 * - complexity (graphql-query-complexity): each field costs 1 unless it declares a cost (fields
 *   that replay or call an engine do), lists paginated with `first` multiply their selection, and
 *   an introspection root costs INTROSPECTION_COST;
 * - game reads: fields marked with the GAME_READ extension (they load or replay a game's state and
 *   call its engine: `view`, `legalCommands`, `stateAt`, `events`) may run at most `maxGameReads`
 *   times, counted through lists (`games(first: 20) { ... view }` is 20 reads).
 * Over-limit operations are refused with VALIDATION and `limit` = DEPTH, COMPLEXITY or GAME_READS.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import {
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';

/** Errors thrown from an Apollo plugin hook are 500s unless they carry their HTTP status. */
const BAD_REQUEST = { status: 400 };

/** Field extension marking a field that reads a game's state through its engine. */
export const GAME_READ = 'gameRead';

/** Deepest introspection selection (graphql-js' standard introspection query is 15 deep). */
export const INTROSPECTION_MAX_DEPTH = 20;
/** Complexity of one `__schema` / `__type` selection: its answer is the size of the schema. */
export const INTROSPECTION_COST = 500;

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

export interface QueryLimits {
  maxDepth: number;
  maxComplexity: number;
  /** Executions of GAME_READ fields per operation. */
  maxGameReads: number;
}

function depthOf(
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
  skipIntrospection: boolean,
): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const skip = skipIntrospection && INTROSPECTION_ROOTS.has(selection.name.value);
      const below = skip ? 0 : depthOf(selection.selectionSet, fragments, seen, skipIntrospection);
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen, skipIntrospection));
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue; // cycles are rejected by validation anyway
      const fragment = fragments.get(name);
      const inner = new Set([...seen, name]);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, fragments, inner, skipIntrospection));
    }
  }
  return deepest;
}

/** The operation's depth; `skipIntrospection` counts an introspection root as one level. */
export function operationDepth(
  document: DocumentNode,
  operationName?: string | null,
  skipIntrospection = false,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  let deepest = 0;
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    if (operationName && def.name?.value !== operationName) continue;
    deepest = Math.max(deepest, depthOf(def.selectionSet, fragments, new Set(), skipIntrospection));
  }
  return deepest;
}

/** List fields paginated with `first` cost (or read) proportionally to the page they ask for. */
const pageEstimator: ComplexityEstimator = ({ args, childComplexity }) =>
  typeof args.first === 'number' ? Math.max(1, args.first) * (childComplexity || 1) : undefined;

const introspectionEstimator: ComplexityEstimator = ({ field, childComplexity }) =>
  INTROSPECTION_ROOTS.has(field.name) ? INTROSPECTION_COST + childComplexity : undefined;

/** Counts GAME_READ executions: 1 per marked field, times the page size of enclosing lists. */
const gameReadEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const own = field.extensions?.[GAME_READ] ? 1 : 0;
  const times = typeof args.first === 'number' && !own ? Math.max(1, args.first) : 1;
  return own + times * childComplexity;
};

function refusal(message: string, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'VALIDATION', ...extensions } });
}

export interface Operation {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** Why the operation is over a limit, or null when it is within all of them. */
export function checkOperation(op: Operation, limits: QueryLimits): GraphQLError | null {
  const depth = operationDepth(op.document, op.operationName, true);
  if (depth > limits.maxDepth)
    return refusal(`query depth ${depth} exceeds the limit of ${limits.maxDepth}`, {
      limit: 'DEPTH',
      maxDepth: limits.maxDepth,
    });
  const fullDepth = operationDepth(op.document, op.operationName);
  const introspectionDepth = Math.max(limits.maxDepth, INTROSPECTION_MAX_DEPTH);
  if (fullDepth > introspectionDepth)
    return refusal(`introspection depth ${fullDepth} exceeds the limit of ${introspectionDepth}`, {
      limit: 'DEPTH',
      maxDepth: introspectionDepth,
    });
  const measure = (estimators: ComplexityEstimator[]) =>
    getComplexity({
      schema: op.schema,
      query: op.document,
      operationName: op.operationName ?? undefined,
      variables: op.variables ?? {},
      estimators,
    });
  let complexity: number;
  let gameReads: number;
  try {
    complexity = measure([
      introspectionEstimator,
      fieldExtensionsEstimator(),
      pageEstimator,
      simpleEstimator({ defaultComplexity: 1 }),
    ]);
    gameReads = measure([gameReadEstimator]);
  } catch (error) {
    // Variables that do not coerce to their declared types: the client's input is wrong.
    return refusal((error as Error).message, {});
  }
  if (complexity > limits.maxComplexity)
    return refusal(`query complexity ${complexity} exceeds the limit of ${limits.maxComplexity}`, {
      limit: 'COMPLEXITY',
      maxComplexity: limits.maxComplexity,
    });
  if (gameReads > limits.maxGameReads)
    return refusal(
      `the operation reads game state ${gameReads} times (view, legalCommands, stateAt, events; ` +
        `through lists); the limit is ${limits.maxGameReads}`,
      { limit: 'GAME_READS', maxGameReads: limits.maxGameReads },
    );
  return null;
}

/** The Apollo plugin; it also reports the schema to `schemaRef` (graphql-ws' hooks use it). */
export function queryLimitsPlugin(
  limits: QueryLimits,
  schemaRef?: { schema: GraphQLSchema | null },
): ApolloServerPlugin {
  return {
    async serverWillStart({ schema }) {
      if (schemaRef) schemaRef.schema = schema;
    },
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const refused = checkOperation(
            { schema, document, operationName: request.operationName, variables: request.variables },
            limits,
          );
          if (refused)
            throw new GraphQLError(refused.message, {
              extensions: { ...refused.extensions, http: BAD_REQUEST },
            });
        },
      };
    },
  };
}
