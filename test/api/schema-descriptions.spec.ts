/**
 * Every type, field and argument of the GraphQL schema has a description (issue #11.4: 424 had
 * none), counted from the schema built from the committed SDL (api-docs.spec.ts keeps that SDL
 * equal to what the server builds).
 *
 * Not yet counted: the per-game typed command mutations and their input types, which the command
 * table (branch command-table) regenerates with descriptions; PENDING_TYPED_MUTATIONS is removed
 * when it lands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { BANG_COMMAND_TYPES } from '../../src/games/bang-dice/commands';
import { CARSON_COMMAND_TYPES } from '../../src/games/carson-city/commands';
import { COLOMA_COMMAND_TYPES } from '../../src/games/coloma/commands';
import { GWT_COMMAND_TYPES } from '../../src/games/great-western-trail/index';
import { mutationName } from '../support/typed-mutation';

const SDL = readFileSync(join(__dirname, '../../openapi/schema.graphql'), 'utf8');

const PENDING_TYPED_MUTATIONS = true;
const TYPED_MUTATIONS = new Set(
  [...BANG_COMMAND_TYPES, ...CARSON_COMMAND_TYPES, ...COLOMA_COMMAND_TYPES, ...GWT_COMMAND_TYPES].map(
    mutationName,
  ),
);

/** Input types (and enums) that only the typed command mutations' arguments reach. */
function onlyTypedMutationInputs(schema: GraphQLSchema): Set<string> {
  const reach = (fromTyped: boolean): Set<string> => {
    const seen = new Set<string>();
    const visit = (type: GraphQLNamedType) => {
      if (seen.has(type.name)) return;
      seen.add(type.name);
      if (isInputObjectType(type))
        for (const f of Object.values(type.getFields())) visit(getNamedType(f.type));
    };
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const typed = type === schema.getMutationType() && TYPED_MUTATIONS.has(field.name);
        if (typed !== fromTyped) continue;
        for (const arg of field.args) visit(getNamedType(arg.type));
      }
    }
    return seen;
  };
  const others = reach(false);
  return new Set([...reach(true)].filter((name) => !others.has(name)));
}

function undescribed(schema: GraphQLSchema): string[] {
  const exempt = PENDING_TYPED_MUTATIONS ? onlyTypedMutationInputs(schema) : new Set<string>();
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type) || exempt.has(type.name)) continue;
    if (!type.description?.trim()) missing.push(type.name);
    if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const typedMutation = type === schema.getMutationType() && TYPED_MUTATIONS.has(field.name);
      if (PENDING_TYPED_MUTATIONS && typedMutation) continue;
      if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
      for (const arg of 'args' in field ? field.args : []) {
        if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
  }
  return missing;
}

it('describes every type, field and argument of the schema', () => {
  const schema = buildSchema(SDL);
  expect(undescribed(schema)).toEqual([]);
});

it('counts what it should (an undescribed field, argument and type are found)', () => {
  const schema = buildSchema(`
    "Root." type Query { "Described." ok(x: Int): Int  bare: Bare }
    type Bare { "Described." a("Described." y: Int, z: Int): Int  b: Int }
  `);
  expect(undescribed(schema).sort()).toEqual(['Bare', 'Bare.a(z)', 'Bare.b', 'Query.bare', 'Query.ok(x)']);
});

it('gives ids the ID type and deprecates the string forms it replaced', () => {
  const schema = buildSchema(SDL);
  const query = schema.getQueryType()!.getFields();
  expect(String(query.game.args.find((a) => a.name === 'id')!.type)).toBe('ID!');
  const game = schema.getType('Game');
  expect(isObjectType(game) && String(game.getFields().id.type)).toBe('ID!');
  const mutation = schema.getMutationType()!.getFields();
  for (const name of [
    'joinGame',
    'startGame',
    'abortGame',
    'submitCommand',
    'addBot',
    'resume',
    'vacation',
  ]) {
    expect(`${name}: ${String(mutation[name].args.find((a) => a.name === 'gameId')!.type)}`).toBe(
      `${name}: ID!`,
    );
  }
  const result = isObjectType(game) ? game.getFields().result : undefined;
  expect(result?.deprecationReason).toMatch(/gameResult/);
  const seatInput = schema.getType('SeatInput');
  expect(isInputObjectType(seatInput) && String(seatInput.getFields().level.type)).toBe('BotLevel');
  expect(isInputObjectType(seatInput) && seatInput.getFields().botLevel.deprecationReason).toMatch(/level/);
});
