/**
 * The shape of a game's command table: every command a client may send, once, with its fields
 * and their descriptions. The transports are produced from it: the typed GraphQL mutations
 * (src/api/graphql/typed-commands.resolver.ts), the REST routes (src/api/rest/typed-commands.ts)
 * and both API documents. The table only describes; the engine still checks every field.
 *
 * Names follow from the engine's command type: PLACE_COWBOY is the mutation `placeCowboy` and the
 * route `POST /api/games/{id}/<game>/place-cowboy`.
 */

/** A field's value type. `name`d objects and enums are GraphQL input/enum types. */
export type FieldType =
  | { kind: 'int'; minimum?: number; maximum?: number; values?: readonly number[] }
  | { kind: 'float' }
  | { kind: 'boolean' }
  /** `values` without `enumName` is documented (OpenAPI enum) but a plain String in GraphQL. */
  | { kind: 'string'; values?: readonly string[]; enumName?: string; enumDescription?: string }
  | { kind: 'list'; of: FieldType }
  | { kind: 'object'; name: string; description: string; fields: Record<string, CommandField> };

export interface CommandField {
  type: FieldType;
  description: string;
  /** May be left out (GraphQL: nullable; REST: not required). */
  optional?: boolean;
  /** `null` is a value the engine reads (GraphQL: nullable, and sent as null when left out). */
  nullable?: boolean;
  /** GraphQL default value (the argument stays non-null). */
  defaultValue?: unknown;
  /** Maps the GraphQL value to the engine's form (after nulls were dropped). */
  toCommand?: (value: unknown) => unknown;
}

export interface CommandSpec {
  /** The engine's command type, e.g. PLACE_COWBOY. */
  type: string;
  description: string;
  fields: Record<string, CommandField>;
}

export interface CommandTable {
  /** The engine's game type, e.g. carson-city. */
  game: string;
  commands: readonly CommandSpec[];
}

/** PLACE_COWBOY -> placeCowboy */
export const mutationNameOf = (type: string): string =>
  type.toLowerCase().replace(/_(.)/g, (_, c: string) => c.toUpperCase());

/** PLACE_COWBOY -> place-cowboy */
export const routePathOf = (type: string): string => type.toLowerCase().replace(/_/g, '-');

// The building blocks tables use.
export const INT: FieldType = { kind: 'int' };
export const FLOAT: FieldType = { kind: 'float' };
export const BOOL: FieldType = { kind: 'boolean' };
export const STR: FieldType = { kind: 'string' };
export const list = (of: FieldType): FieldType => ({ kind: 'list', of });
export const intRange = (minimum: number, maximum: number): FieldType => ({ kind: 'int', minimum, maximum });
export const oneOf = (values: readonly string[]): FieldType => ({ kind: 'string', values });

/** A required field. */
export const field = (
  type: FieldType,
  description: string,
  more: Partial<CommandField> = {},
): CommandField => ({
  type,
  description,
  ...more,
});
/** A field that may be left out. */
export const optional = (type: FieldType, description: string, more: Partial<CommandField> = {}) =>
  field(type, description, { optional: true, ...more });

export const command = (
  type: string,
  description: string,
  fields: Record<string, CommandField> = {},
): CommandSpec => ({ type, description, fields });

/**
 * The engine command for the GraphQL arguments of `spec`: left-out and null values are dropped
 * (nullable fields are sent as null), nested objects alike, then each field's `toCommand` applies.
 */
export function commandFromArgs(spec: CommandSpec, args: Record<string, unknown>): Record<string, unknown> {
  return { type: spec.type, ...valuesOf(spec.fields, args) };
}

function valuesOf(fields: Record<string, CommandField>, input: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(fields)) {
    const raw = input[name];
    if (raw === undefined || raw === null) {
      if (f.nullable) out[name] = null;
      continue;
    }
    const value = valueOf(f.type, raw);
    out[name] = f.toCommand ? f.toCommand(value) : value;
  }
  return out;
}

function valueOf(type: FieldType, raw: unknown): unknown {
  if (type.kind === 'list' && Array.isArray(raw)) return raw.map((v) => valueOf(type.of, v));
  if (type.kind === 'object' && typeof raw === 'object' && raw !== null) {
    return valuesOf(type.fields, raw as Record<string, unknown>);
  }
  return raw;
}
