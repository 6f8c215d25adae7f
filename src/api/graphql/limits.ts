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
 *
 * The walks are cached per distinct document text and operation name (a bounded LRU; long texts
 * are not cached): the depths never depend on variables, and the complexity and game reads only
 * when a variable reaches a `first` argument, a directive (`@skip`/`@include`) or an argument of
 * a field whose cost is a function of its arguments. Such documents are measured with each
 * request's variables; the others are measured once, with the first request's variables.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
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
import { LruCache } from '../../play/lru-cache';

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
  /** The document's text: the key of the cached walks (absent: nothing is cached). */
  query?: string | null;
}

/** Distinct (document text, operation name) pairs whose walks are kept. */
export const PLAN_CACHE_SIZE = 500;
/** Longer document texts are walked on every request (the cache's memory stays bounded). */
export const PLAN_MAX_QUERY_LENGTH = 8_000;

interface Plan {
  depth: number;
  fullDepth: number;
  /** Whether complexity or game reads may change with the variables. */
  variableCost: boolean;
  /** Complexity and game reads once measured (only when `variableCost` is false). */
  cost?: { complexity: number; gameReads: number };
}

const plans = new WeakMap<GraphQLSchema, LruCache<string, Plan>>();

/** The cache of one schema (exported for tests: its size stays bounded). */
export function planCache(schema: GraphQLSchema): LruCache<string, Plan> {
  let cache = plans.get(schema);
  if (!cache) plans.set(schema, (cache = new LruCache<string, Plan>(PLAN_CACHE_SIZE)));
  return cache;
}

/** Whether a variable reaches a place the cost estimators read (see the module comment). */
export function costReadsVariables(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let reads = false;
  const hasVariable = (node: Parameters<typeof visit>[0]) => {
    let found = false;
    visit(node, {
      Variable() {
        found = true;
      },
    });
    return found;
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Directive(node) {
        if (hasVariable(node)) reads = true;
        return false;
      },
      Argument(node) {
        if (reads || !hasVariable(node)) return false;
        const complexity = typeInfo.getFieldDef()?.extensions?.complexity;
        if (node.name.value === 'first' || typeof complexity === 'function') reads = true;
        return false;
      },
    }),
  );
  return reads;
}

function planOf(op: Operation): Plan {
  const key =
    op.query && op.query.length <= PLAN_MAX_QUERY_LENGTH ? `${op.operationName ?? ''}\0${op.query}` : null;
  const cache = key === null ? null : planCache(op.schema);
  const cached = key === null ? undefined : cache!.get(key);
  if (cached) return cached;
  const plan: Plan = {
    depth: operationDepth(op.document, op.operationName, true),
    fullDepth: operationDepth(op.document, op.operationName),
    variableCost: costReadsVariables(op.schema, op.document),
  };
  if (key !== null) cache!.set(key, plan);
  return plan;
}

function measureCost(op: Operation): { complexity: number; gameReads: number } {
  const measure = (estimators: ComplexityEstimator[]) =>
    getComplexity({
      schema: op.schema,
      query: op.document,
      operationName: op.operationName ?? undefined,
      variables: op.variables ?? {},
      estimators,
    });
  return {
    complexity: measure([
      introspectionEstimator,
      fieldExtensionsEstimator(),
      pageEstimator,
      simpleEstimator({ defaultComplexity: 1 }),
    ]),
    gameReads: measure([gameReadEstimator]),
  };
}

/** Why the operation is over a limit, or null when it is within all of them. */
export function checkOperation(op: Operation, limits: QueryLimits): GraphQLError | null {
  const plan = planOf(op);
  const { depth, fullDepth } = plan;
  if (depth > limits.maxDepth)
    return refusal(`query depth ${depth} exceeds the limit of ${limits.maxDepth}`, {
      limit: 'DEPTH',
      maxDepth: limits.maxDepth,
    });
  const introspectionDepth = Math.max(limits.maxDepth, INTROSPECTION_MAX_DEPTH);
  if (fullDepth > introspectionDepth)
    return refusal(`introspection depth ${fullDepth} exceeds the limit of ${introspectionDepth}`, {
      limit: 'DEPTH',
      maxDepth: introspectionDepth,
    });
  let cost = plan.cost;
  if (!cost) {
    try {
      cost = measureCost(op);
    } catch (error) {
      // Variables that do not coerce to their declared types: the client's input is wrong.
      return refusal((error as Error).message, {});
    }
    if (!plan.variableCost) plan.cost = cost;
  }
  const { complexity, gameReads } = cost;
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
            {
              schema,
              document,
              operationName: request.operationName,
              variables: request.variables,
              query: request.query,
            },
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
