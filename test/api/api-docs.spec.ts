/** The committed OpenAPI document and GraphQL SDL must match what the code generates. */
import { readFileSync } from 'node:fs';
import { TYPED_COMMAND_ROUTES } from '../../src/api/rest/typed-commands';
import { API_DOC_PATHS, renderApiDocs } from '../../src/cli/api-docs';
import { BANG_COMMAND_TYPES } from '../../src/games/bang-dice/commands';
import { CARSON_COMMAND_TYPES } from '../../src/games/carson-city/commands';
import { GWT_COMMAND_TYPES } from '../../src/games/great-western-trail/index';
import { COLOMA_COMMAND_TYPES } from '../../src/games/coloma/commands';
import { buildSchema, isInputObjectType, type GraphQLField } from 'graphql';
import { COMMAND_TABLES } from '../../src/api/commands';
import { mutationName } from '../support/typed-mutation';

describe('committed API documents', () => {
  it('openapi/openapi.json and openapi/schema.graphql are up to date (npm run api:docs)', async () => {
    const { openapi, sdl } = await renderApiDocs();
    expect(readFileSync(API_DOC_PATHS.openapi, 'utf8')).toBe(openapi);
    expect(readFileSync(API_DOC_PATHS.sdl, 'utf8')).toBe(sdl);
    // The documents name the operations clients rely on.
    expect(sdl).toMatch(/submitCommand\(/);
    expect(sdl).toMatch(/gameUpdated\(/);
    expect(JSON.parse(openapi).paths['/api/games/{id}/commands']).toBeDefined();
  });

  it('gives every engine command a typed GraphQL mutation and a typed REST route', async () => {
    const { openapi, sdl } = await renderApiDocs();
    const paths = JSON.parse(openapi).paths as Record<string, unknown>;
    for (const [game, types] of [
      ['bang-dice', BANG_COMMAND_TYPES],
      ['carson-city', CARSON_COMMAND_TYPES],
      ['great-western-trail', GWT_COMMAND_TYPES],
      ['coloma', COLOMA_COMMAND_TYPES],
    ] as const) {
      expect(types.length).toBeGreaterThan(5);
      for (const type of types) {
        expect(sdl).toContain(`  ${mutationName(type)}(`);
        const route = TYPED_COMMAND_ROUTES.find((r) => r.game === game && r.type === type);
        expect(route).toBeDefined();
        expect(paths[`/api/games/{id}/${game}/${route!.path}`]).toBeDefined();
      }
    }
  });

  it('describes every typed mutation, its arguments and its input types, with game ids as ID!', async () => {
    const { sdl } = await renderApiDocs();
    const schema = buildSchema(sdl);
    const mutations = schema.getMutationType()!.getFields();
    const inputs = new Set<string>();
    const named = (type: { toString(): string }) => type.toString().replace(/[[\]!]/g, '');
    for (const table of COMMAND_TABLES) {
      for (const spec of table.commands) {
        const m: GraphQLField<unknown, unknown> = mutations[mutationName(spec.type)];
        expect(m.description).toBeTruthy();
        expect(m.args.find((a) => a.name === 'gameId')!.type.toString()).toBe('ID!');
        for (const a of m.args) {
          expect([m.name, a.name, a.description ?? '']).toEqual([
            m.name,
            a.name,
            expect.stringMatching(/\S/),
          ]);
          if (isInputObjectType(schema.getType(named(a.type)))) inputs.add(named(a.type));
        }
      }
    }
    expect(inputs.size).toBeGreaterThanOrEqual(4);
    for (const name of inputs) {
      const type = schema.getType(name);
      if (!isInputObjectType(type)) continue;
      expect(type.description).toBeTruthy();
      for (const f of Object.values(type.getFields())) {
        expect([name, f.name, f.description ?? '']).toEqual([name, f.name, expect.stringMatching(/\S/)]);
        if (isInputObjectType(schema.getType(named(f.type)))) inputs.add(named(f.type));
      }
    }
  });
});
