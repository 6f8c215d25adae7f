/**
 * The typed read-side payloads of every game (issue #11.4): the JSON Schemas in openapi/schemas/
 * (generated from the engines' own types, src/api/payloads/types.ts, by `npm run api:docs`), the
 * OpenAPI components made from them, and the names the GraphQL scalars take.
 */
import bangDice from '../../../openapi/schemas/bang-dice.json';
import carsonCity from '../../../openapi/schemas/carson-city.json';
import coloma from '../../../openapi/schemas/coloma.json';
import greatWesternTrail from '../../../openapi/schemas/great-western-trail.json';

export type PayloadKind = 'View' | 'Command' | 'Event' | 'Result';
export const PAYLOAD_KINDS: readonly PayloadKind[] = ['View', 'Command', 'Event', 'Result'];

export interface PayloadGame {
  /** The game type id ('bang-dice', ...). */
  readonly game: string;
  /** The prefix of its public type names (BangDiceView, BangDiceCommand, ...). */
  readonly prefix: string;
  /** The field name its typed GraphQL forms take (Game.bangDice, GameEvent.bangDicePayload). */
  readonly field: string;
  readonly title: string;
  readonly schema: JsonSchemaDocument;
}

interface JsonSchemaDocument {
  $id: string;
  definitions: Record<string, unknown>;
}

const doc = (json: unknown) => json as JsonSchemaDocument;

export const PAYLOAD_GAMES: readonly PayloadGame[] = [
  {
    game: 'bang-dice',
    prefix: 'BangDice',
    field: 'bangDice',
    title: 'Bang! The Dice Game',
    schema: doc(bangDice),
  },
  {
    game: 'carson-city',
    prefix: 'CarsonCity',
    field: 'carsonCity',
    title: 'Carson City',
    schema: doc(carsonCity),
  },
  { game: 'coloma', prefix: 'Coloma', field: 'coloma', title: 'Coloma', schema: doc(coloma) },
  {
    game: 'great-western-trail',
    prefix: 'GreatWesternTrail',
    field: 'greatWesternTrail',
    title: 'Great Western Trail',
    schema: doc(greatWesternTrail),
  },
];

/** Where a payload's JSON Schema is published (this server: GET /api/schemas/<game>.json). */
export function payloadSchemaUrl(game: PayloadGame, kind: PayloadKind): string {
  return `${game.schema.$id}#/definitions/${game.prefix}${kind}`;
}

type Schema = Record<string, unknown>;

/** `null` in OpenAPI 3.0 (which has no null type; `nullable` needs a `type` beside it). */
const NULL_SCHEMA: Schema = { type: 'string', nullable: true, enum: [null] };

/** The OpenAPI component name of definition `name` of `game` (prefixed so games never collide). */
export function componentName(game: PayloadGame, name: string): string {
  return name.startsWith(game.prefix) ? name : `${game.prefix}${name}`;
}

/**
 * One JSON Schema (draft-07) node as an OpenAPI 3.0 schema object: `const` becomes a one-value
 * enum, `null` in a type list or an anyOf becomes `nullable`, and references point at the
 * prefixed components.
 */
function toOpenApi(node: unknown, game: PayloadGame): unknown {
  if (Array.isArray(node)) return node.map((n) => toOpenApi(n, game));
  if (typeof node !== 'object' || node === null) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === '$ref')
      out.$ref = `#/components/schemas/${componentName(game, String(value).split('/').pop()!)}`;
    else if (key === 'const') out.enum = [value];
    else if (key === 'properties' || key === 'definitions')
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toOpenApi(v, game)]));
    else out[key] = toOpenApi(value, game);
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== 'null');
    if (types.length < (out.type as string[]).length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type) => ({ type }));
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = out[key] as Schema[] | undefined;
    if (!options) continue;
    out[key] = options.map((o) => (o.type === 'null' && Object.keys(o).length === 1 ? NULL_SCHEMA : o));
  }
  if (out.$ref && Object.keys(out).length > 1) {
    // OpenAPI 3.0 ignores siblings of $ref: keep them by wrapping the reference.
    const { $ref, ...rest } = out;
    return { allOf: [{ $ref }], ...rest };
  }
  return out;
}

/** What a caller gets for an event the rules hide from it (any game). */
const HIDDEN_EVENT: Schema = {
  type: 'object',
  description: 'An event hidden from the caller: only its place in the stream is shown.',
  properties: { type: { type: 'string', enum: ['HIDDEN'] } },
  required: ['type'],
  additionalProperties: false,
};

/** The components of every game's payload schemas (BangDiceView, BangDiceCommand, ...). */
export function openApiPayloadComponents(): Record<string, unknown> {
  const components: Record<string, unknown> = { HiddenEvent: HIDDEN_EVENT };
  for (const game of PAYLOAD_GAMES) {
    for (const [name, schema] of Object.entries(game.schema.definitions)) {
      components[componentName(game, name)] = toOpenApi(schema, game);
    }
  }
  return components;
}

/** `kind` of any game (or null), as one OpenAPI schema for the generic routes. */
export function anyGamePayload(kind: PayloadKind, nullable = false): Schema {
  const refs: Schema[] = PAYLOAD_GAMES.map((g) => ({ $ref: `#/components/schemas/${g.prefix}${kind}` }));
  if (kind === 'Event') refs.push({ $ref: '#/components/schemas/HiddenEvent' });
  return { oneOf: nullable ? [...refs, NULL_SCHEMA] : refs };
}
