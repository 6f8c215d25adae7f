/**
 * The REST mirror of the typed GraphQL mutations: one route per game command,
 * `POST /api/games/{id}/{game}/{command}` with the command's fields as the JSON body, e.g.
 * `POST /api/games/{id}/carson-city/place-cowboy {"target": {"kind": "ACTION", "action": "WAGES"}}`.
 * The routes and their OpenAPI body schemas come from the games' command tables
 * (src/api/commands), the same tables the GraphQL mutations are made from; the engine validates
 * the fields.
 */
import type { SchemaObject } from '@nestjs/swagger';
import { COMMAND_TABLES } from '../commands';
import { routePathOf, type CommandField, type FieldType } from '../commands/table';

export interface TypedCommandRoute {
  game: string;
  /** kebab-case path segment */
  path: string;
  /** the engine's command type */
  type: string;
  summary: string;
  /** body fields (besides expectedVersion and commandId) */
  fields: Record<string, SchemaObject>;
  required: string[];
}

/** The JSON schema of a table field type. */
function schemaOf(type: FieldType): SchemaObject {
  switch (type.kind) {
    case 'int':
      return {
        type: 'integer',
        ...(type.minimum !== undefined && { minimum: type.minimum }),
        ...(type.maximum !== undefined && { maximum: type.maximum }),
        ...(type.values && { enum: [...type.values] }),
      };
    case 'float':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string', ...(type.values && { enum: [...type.values] }) };
    case 'list':
      return { type: 'array', items: schemaOf(type.of) };
    case 'object':
      return { type: 'object', description: type.description, ...propertiesOf(type.fields) };
  }
}

function propertiesOf(fields: Record<string, CommandField>): {
  required: string[];
  properties: Record<string, SchemaObject>;
} {
  return {
    required: Object.keys(fields).filter((name) => !fields[name].optional),
    properties: Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, propertyOf(f)])),
  };
}

const propertyOf = (f: CommandField): SchemaObject => ({
  ...schemaOf(f.type),
  description: f.description,
  ...(f.nullable && { nullable: true }),
});

export const TYPED_COMMAND_ROUTES: TypedCommandRoute[] = COMMAND_TABLES.flatMap((table) =>
  table.commands.map((spec) => {
    const { required, properties } = propertiesOf(spec.fields);
    return {
      game: table.game,
      path: routePathOf(spec.type),
      type: spec.type,
      summary: spec.description,
      fields: properties,
      required,
    };
  }),
);
