#!/usr/bin/env node
// Generates openapi/schemas/<game>.json: JSON Schemas (draft-07) of each game's View, Command,
// Event and Result, from the engines' own TypeScript types (src/api/payloads/types.ts) with
// ts-json-schema-generator. `npm run api:docs` runs it first (the OpenAPI document and the
// GraphQL scalars reference these files); `--check` exits 1 when a committed file is stale.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFormatter, createParser, createProgram, SchemaGenerator } from 'ts-json-schema-generator';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PAYLOAD_GAMES = [
  { game: 'bang-dice', prefix: 'BangDice' },
  { game: 'carson-city', prefix: 'CarsonCity' },
  { game: 'coloma', prefix: 'Coloma' },
  { game: 'great-western-trail', prefix: 'GreatWesternTrail' },
];
export const PAYLOAD_KINDS = ['View', 'Command', 'Event', 'Result'];

const config = {
  path: join(root, 'src/api/payloads/types.ts'),
  tsconfig: join(root, 'tsconfig.json'),
  skipTypeCheck: true,
  expose: 'export',
  topRef: false,
  jsDoc: 'extended',
  sortProps: true,
  additionalProperties: false,
  markdownDescription: false,
};

/** The definitions the roots refer to, directly or not (the generator also emits unused ones). */
function reachable(definitions, roots) {
  const keep = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') use(value.split('/').pop());
        else visit(value);
      }
    }
  };
  const use = (name) => {
    if (keep.has(name) || !definitions[name]) return;
    keep.add(name);
    visit(definitions[name]);
  };
  roots.forEach(use);
  return Object.fromEntries([...keep].map((name) => [name, definitions[name]]));
}

function render() {
  const program = createProgram(config);
  const files = {};
  for (const { game, prefix } of PAYLOAD_GAMES) {
    const generator = new SchemaGenerator(
      program,
      createParser(program, config),
      createFormatter(config),
      config,
    );
    const definitions = {};
    for (const kind of PAYLOAD_KINDS) {
      const {
        definitions: defs = {},
        $schema: _schema,
        ...rootSchema
      } = generator.createSchema(`${prefix}${kind}`);
      Object.assign(definitions, defs, { [`${prefix}${kind}`]: rootSchema });
    }
    const sorted = Object.fromEntries(
      Object.entries(
        reachable(
          definitions,
          PAYLOAD_KINDS.map((kind) => `${prefix}${kind}`),
        ),
      ).sort(([a], [b]) => a.localeCompare(b)),
    );
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: `/api/schemas/${game}.json`,
      title: `${game}: View, Command, Event and Result`,
      description: `Generated from the engine's TypeScript types by npm run api:docs; roots: ${PAYLOAD_KINDS.map((k) => `#/definitions/${prefix}${k}`).join(', ')}.`,
      definitions: sorted,
    };
    files[join('openapi', 'schemas', `${game}.json`)] = `${JSON.stringify(schema, null, 2)}\n`;
  }
  return files;
}

const files = render();
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([file, text]) => {
    try {
      return readFileSync(join(root, file), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [file] of stale) console.error(`stale: ${file} (run npm run api:docs)`);
  process.exit(stale.length ? 1 : 0);
}
for (const [file, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
  console.log(`wrote ${file}`);
}
