/**
 * The JSON Schemas of each game's View, Command, Event and Result (openapi/schemas/) are generated
 * from the engines' TypeScript types: regenerating them gives the committed files, and the Command
 * unions name exactly the commands each engine accepts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PAYLOAD_GAMES, PAYLOAD_KINDS, openApiPayloadComponents } from '../../src/api/payloads/index';
import { BANG_COMMAND_TYPES } from '../../src/games/bang-dice/commands';
import { CARSON_COMMAND_TYPES } from '../../src/games/carson-city/commands';
import { COLOMA_COMMAND_TYPES } from '../../src/games/coloma/commands';
import { GWT_COMMAND_TYPES } from '../../src/games/great-western-trail/index';

const ROOT = join(__dirname, '../..');
type Schema = { $ref?: string; anyOf?: Schema[]; properties?: Record<string, Schema>; const?: unknown };

it('openapi/schemas/ is what the engine types generate (npm run api:docs)', () => {
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts/payload-schemas.mjs'), '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

const COMMAND_TYPES: Record<string, readonly string[]> = {
  'bang-dice': BANG_COMMAND_TYPES,
  'carson-city': CARSON_COMMAND_TYPES,
  coloma: COLOMA_COMMAND_TYPES,
  'great-western-trail': GWT_COMMAND_TYPES,
};

it.each(PAYLOAD_GAMES.map((g) => [g.game, g] as const))(
  '%s: the Command union is every command',
  (_, game) => {
    const defs = game.schema.definitions as Record<string, Schema>;
    const resolve = (s: Schema): Schema => (s.$ref ? resolve(defs[s.$ref.split('/').pop()!]) : s);
    const union = resolve(defs[`${game.prefix}Command`]);
    const types = union.anyOf!.map((option) => resolve(option).properties!.type.const);
    expect([...types].sort()).toEqual([...COMMAND_TYPES[game.game]].sort());
    for (const kind of PAYLOAD_KINDS) expect(defs[`${game.prefix}${kind}`]).toBeDefined();
  },
);

it('becomes OpenAPI 3.0 components: no null types, const or definitions refs are left', () => {
  const text = JSON.stringify(openApiPayloadComponents());
  expect(text).not.toMatch(/"type":"null"|"const":|#\/definitions\//);
  expect(text).toContain('"$ref":"#/components/schemas/BangDiceBangView"');
});
