/**
 * Every type, field and argument of the GraphQL schema has a description (issue #11.4: 424 had
 * none), counted from the schema built from the committed SDL (api-docs.spec.ts keeps that SDL
 * equal to what the server builds), typed command mutations included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';

const SDL = readFileSync(join(__dirname, '../../openapi/schema.graphql'), 'utf8');

function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    if (!type.description?.trim()) missing.push(type.name);
    if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
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
