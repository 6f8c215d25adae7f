/**
 * Sends an engine command through either typed transport, built from the game's command table
 * (src/api/commands): the GraphQL mutation with each field's declared type, or the REST route.
 */
import { COMMAND_TABLES } from '../../src/api/commands';
import { mutationNameOf, routePathOf, type CommandField, type FieldType } from '../../src/api/commands/table';

export type Command = { type: string; [field: string]: unknown };

/** PLACE_COWBOY -> placeCowboy: the typed mutation of an engine command. */
export const mutationName = mutationNameOf;

function typeName(type: FieldType): string {
  switch (type.kind) {
    case 'int':
      return 'Int';
    case 'float':
      return 'Float';
    case 'boolean':
      return 'Boolean';
    case 'string':
      return type.enumName ?? 'String';
    case 'list':
      return `[${typeName(type.of)}!]`;
    case 'object':
      return type.name;
  }
}

/** The GraphQL type of an argument, as the schema declares it. */
export const argTypeOf = (f: CommandField): string =>
  `${typeName(f.type)}${f.optional || f.nullable ? '' : '!'}`;

function specOf(game: string, type: string) {
  const spec = COMMAND_TABLES.find((t) => t.game === game)?.commands.find((c) => c.type === type);
  if (!spec) throw new Error(`no ${game} command ${type} in the command table`);
  return spec;
}

/** The mutation document and variables for `command` (add gameId and expectedVersion). */
export function typedMutation(
  game: string,
  command: Command,
  selection = 'accepted version events { type }',
): { query: string; variables: Record<string, unknown> } {
  const { type, ...fields } = command;
  const spec = specOf(game, type);
  const names = Object.keys(fields);
  for (const n of names) if (!spec.fields[n]) throw new Error(`no field ${n} in ${type}`);
  const decl = [
    '$gameId: ID!',
    '$expectedVersion: Int',
    ...names.map((n) => `$${n}: ${argTypeOf(spec.fields[n])}`),
  ];
  const args = ['gameId: $gameId', 'expectedVersion: $expectedVersion', ...names.map((n) => `${n}: $${n}`)];
  return {
    query: `mutation(${decl.join(', ')}) { ${mutationNameOf(type)}(${args.join(', ')}) { ${selection} } }`,
    variables: fields,
  };
}

/** The REST route of `command` (relative to the server's URL) and its body (add expectedVersion). */
export function typedRoute(
  game: string,
  gameId: string,
  command: Command,
): { path: string; body: Record<string, unknown> } {
  const { type, ...fields } = command;
  return { path: `/api/games/${gameId}/${game}/${routePathOf(specOf(game, type).type)}`, body: fields };
}
