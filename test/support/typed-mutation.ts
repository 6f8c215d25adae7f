/** Builds the typed GraphQL mutation for an engine command (e2e tests of each game's typed API). */

export type Command = { type: string; [field: string]: unknown };

/** PLACE_COWBOY -> placeCowboy: the typed mutation of an engine command. */
export const mutationName = (type: string) =>
  type.toLowerCase().replace(/_(.)/g, (_, c: string) => c.toUpperCase());

/**
 * The mutation document and variables for `command`: `argTypes` gives each field's GraphQL type,
 * `overrides` a different type for one command's field (`'TYPE.field'`).
 */
export function typedMutation(
  command: Command,
  argTypes: Record<string, string>,
  overrides: Record<string, string> = {},
): { query: string; variables: Record<string, unknown> } {
  const { type, ...fields } = command;
  const names = Object.keys(fields);
  for (const n of names) if (!argTypes[n]) throw new Error(`no GraphQL type for field ${n} of ${type}`);
  const decl = [
    '$gameId: String!',
    '$expectedVersion: Int',
    ...names.map((n) => `$${n}: ${overrides[`${type}.${n}`] ?? argTypes[n]}`),
  ].join(', ');
  const args = [
    'gameId: $gameId',
    'expectedVersion: $expectedVersion',
    ...names.map((n) => `${n}: $${n}`),
  ].join(', ');
  return {
    query: `mutation(${decl}) { ${mutationName(type)}(${args}) { accepted version events { type } } }`,
    variables: fields,
  };
}
