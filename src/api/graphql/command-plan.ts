/**
 * Which GraphQL documents the command fast path (command-fast-path.ts) answers itself: one
 * mutation operation whose only selection is one command mutation (`submitCommand` or a typed
 * one such as `rollDice`; no alias, no directive, no
 * fragment) selecting only scalar fields of CommandResult. Each distinct document text is parsed,
 * validated against the schema and checked against the query limits once; the answer (a plan, or
 * null: not ours) is kept in a bounded cache keyed by the operation name and the exact text.
 */
import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isLeafType,
  isObjectType,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLLeafType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { LruCache } from '../../play/lru-cache';
import {
  checkOperation,
  costReadsVariables,
  PLAN_CACHE_SIZE,
  PLAN_MAX_QUERY_LENGTH,
  type QueryLimits,
} from './limits';

/** The CommandResult fields it may answer (scalars only: `events` needs the usual path). */
const SELECTABLE = new Set(['accepted', 'version', 'duplicate', '__typename']);

export interface CommandPlan {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The root field and its definition (for argument coercion and error locations). */
  field: FieldNode;
  fieldDef: GraphQLField<unknown, unknown>;
  /** The selected result fields, in order, with their scalar type (null: `__typename`). */
  selections: { name: string; type: GraphQLLeafType | null }[];
  /** The result type's name (what `__typename` answers). */
  typeName: string;
}

export interface PlanRequest {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

function soleField(operation: OperationDefinitionNode, fast: ReadonlySet<string>): FieldNode | null {
  if (operation.operation !== 'mutation' || operation.directives?.length) return null;
  const selections = operation.selectionSet.selections;
  if (selections.length !== 1 || selections[0].kind !== Kind.FIELD) return null;
  const field = selections[0];
  if (field.alias || field.directives?.length || !fast.has(field.name.value)) return null;
  return field;
}

function selectionsOf(
  field: FieldNode,
  fieldDef: GraphQLField<unknown, unknown>,
): Pick<CommandPlan, 'selections' | 'typeName'> | null {
  const result = getNamedType(fieldDef.type);
  if (!isObjectType(result) || !field.selectionSet) return null;
  const fields = result.getFields();
  const selections: CommandPlan['selections'] = [];
  for (const s of field.selectionSet.selections) {
    if (s.kind !== Kind.FIELD || s.alias || s.directives?.length || s.arguments?.length) return null;
    const name = s.name.value;
    if (!SELECTABLE.has(name) || s.selectionSet) return null;
    if (name === '__typename') {
      selections.push({ name, type: null });
      continue;
    }
    const type = fields[name] && getNullableType(fields[name].type);
    if (!type || !isLeafType(type)) return null;
    selections.push({ name, type });
  }
  return { selections, typeName: result.name };
}

/**
 * The plan for `request`, or null when the usual path must answer it; undefined when the usual
 * path answers this request but another with the same text may be ours (the limits' check reads
 * the variables: ones that do not coerce are refused there).
 */
export function planCommand(
  schema: GraphQLSchema,
  request: PlanRequest,
  limits: QueryLimits,
  fast: ReadonlySet<string>,
): CommandPlan | null | undefined {
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch {
    return null;
  }
  const [operation, ...others] = document.definitions;
  if (others.length > 0 || operation?.kind !== Kind.OPERATION_DEFINITION) return null;
  if (request.operationName != null && request.operationName !== operation.name?.value) return null;
  const field = soleField(operation, fast);
  const fieldDef = field && schema.getMutationType()?.getFields()[field.name.value];
  if (!field || !fieldDef) return null;
  const shape = selectionsOf(field, fieldDef);
  if (!shape || validate(schema, document).length > 0) return null;
  // The limits are checked once per document, so only where no variable reaches what the cost
  // estimators read (a command argument named like a page size would): else the usual path,
  // which measures such a document per request.
  if (costReadsVariables(schema, document)) return null;
  const refused: GraphQLError | null = checkOperation(
    { schema, document, operationName: request.operationName, variables: request.variables, query: null },
    limits,
  );
  if (refused) return refused.extensions.limit ? null : undefined;
  return { document, operation, field, fieldDef, ...shape };
}

/** Plans by operation name and document text (null: not a fast document), per schema. */
export class CommandPlans {
  private readonly cache = new LruCache<string, CommandPlan | false>(PLAN_CACHE_SIZE);

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: QueryLimits,
    /** The mutations the fast path may run (their resolvers are called directly). */
    private readonly fast: ReadonlySet<string>,
  ) {}

  get(request: PlanRequest): CommandPlan | null {
    if (request.query.length > PLAN_MAX_QUERY_LENGTH) return null;
    // A name the document does not contain names none of its operations (planCommand says null):
    // answered without a cache entry, so no client fills the cache with body-sized keys.
    const name = request.operationName;
    if (name != null && (name.length > request.query.length || !request.query.includes(name))) return null;
    const key = `${request.operationName ?? ''}\0${request.query}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known || null;
    const plan = planCommand(this.schema, request, this.limits, this.fast);
    if (plan !== undefined) this.cache.set(key, plan ?? false);
    return plan ?? null;
  }
}
