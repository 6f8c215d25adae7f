/**
 * A client generated from the committed SDL by GraphQL Code Generator (typescript-operations)
 * gets real types for every game's view, commands, events and result
 * (issue #11.4): the per-game scalars are mapped, as README "Typed payloads" says, to the types
 * openapi-typescript generates from the OpenAPI document (whose components come from the same
 * JSON Schemas). The client below reads typed fields of each game; were a payload `unknown` the
 * reads would not compile, were it `any` the @ts-expect-error lines would fail. Nothing here talks
 * to a server: the generated client is compiled.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as operationsPlugin from '@graphql-codegen/typescript-operations';
import { buildSchema, parse } from 'graphql';
import ts from 'typescript';
import { PAYLOAD_GAMES } from '../../src/api/payloads/index';

const ROOT = join(__dirname, '../..');

/** The codegen `scalars` mapping of README "Typed payloads" (REST types from openapi-typescript). */
function scalarMapping(restModule: string): Record<string, string> {
  const scalars: Record<string, string> = { ID: 'string', JSON: 'unknown' };
  for (const game of PAYLOAD_GAMES) {
    for (const kind of ['View', 'Command', 'Event']) {
      scalars[`${game.prefix}${kind}`] =
        `import('${restModule}').components['schemas']['${game.prefix}${kind}']`;
    }
  }
  return scalars;
}

const DOCUMENTS = `
fragment Result on Game { gameResult { winners reason seats { seat rank winner score } } }
query BangDice($id: ID!) {
  game(id: $id) {
    id game status ...Result
    bangDice { view legalCommands stateAt(version: 0) }
    eventConnection(first: 10) { edges { cursor node { version bangDicePayload } } pageInfo { hasNextPage endCursor } }
  }
}
query CarsonCity($id: ID!) { game(id: $id) { carsonCity { view legalCommands } ...Result } }
query Coloma($id: ID!) { game(id: $id) { coloma { view legalCommands } events { colomaPayload } } }
query GreatWesternTrail($id: ID!) { game(id: $id) { greatWesternTrail { view legalCommands } } }
subscription Updates($gameId: ID!) { gameUpdated(gameId: $gameId) { version greatWesternTrailView events { greatWesternTrailPayload } } }
query Webhooks($gameId: ID!) { webhooks(gameId: $gameId) { events } webhookDeliveries(gameId: $gameId) { event status } }
query Actors($id: ID!) { game(id: $id) { events { actor } } }
mutation Create { createGame(input: { game: BANG_DICE, seats: [{ kind: HUMAN }, { kind: BOT, level: STRONG }, { kind: BOT }] }) { game { id } } }
`;

const CLIENT = `
import type {
  BangDiceQuery, CarsonCityQuery, ColomaQuery, GreatWesternTrailQuery, UpdatesSubscription, GameTypeId,
  WebhooksQuery, ActorsQuery,
} from './graphql';

/** Enum-typed strings (the wire values are unchanged): a plain string would not be assignable. */
export function enums(w: WebhooksQuery, a: ActorsQuery) {
  const events: ('YOUR_TURN' | 'DEADLINE_SOON' | 'TIMED_OUT' | 'GAME_OVER')[] | undefined = w.webhooks[0]?.events;
  const event: 'YOUR_TURN' | 'DEADLINE_SOON' | 'TIMED_OUT' | 'GAME_OVER' | undefined = w.webhookDeliveries[0]?.event;
  const status: 'PENDING' | 'DELIVERED' | 'FAILED' | undefined = w.webhookDeliveries[0]?.status;
  const actor: 'HUMAN' | 'BOT' | 'TIMER' | 'SYSTEM' | undefined = a.game?.events[0]?.actor;
  return [events, event, status, actor];
}

export function read(b: BangDiceQuery, c: CarsonCityQuery, k: ColomaQuery, g: GreatWesternTrailQuery, u: UpdatesSubscription) {
  const bang = b.game?.bangDice;
  const life: number | undefined = bang?.view?.players[0]?.life;
  const firstCommand = bang?.legalCommands[0];
  const character: string | undefined = firstCommand?.type === 'CHOOSE_CHARACTER' ? firstCommand.character : undefined;
  // @ts-expect-error a command type the game does not have
  const noSuchCommand: 'NOT_A_COMMAND' | undefined = firstCommand?.type;
  const pastPile: number | undefined = bang?.stateAt?.pile;
  const eventType: string | undefined = b.game?.eventConnection.edges[0]?.node.bangDicePayload?.type;
  const winners: number[] | undefined = b.game?.gameResult?.winners;
  const game: GameTypeId | null | undefined = b.game?.game;

  const carson = c.game?.carsonCity;
  const round: number | undefined = carson?.view?.round;
  const money: number | undefined = carson?.view?.players[0]?.money;
  // @ts-expect-error the view has no such field
  const nothing = carson?.view?.noSuchField;

  const coloma = k.game?.coloma;
  const barrels: number | undefined = coloma?.view?.barrelStack;
  const handCount: number | undefined = coloma?.view?.players[0]?.handCount;
  const dial = coloma?.legalCommands.find((cmd) => cmd.type === 'DIAL');
  const event: string | undefined = k.game?.events[0]?.colomaPayload?.type;

  const gwt = g.game?.greatWesternTrail;
  const turnNumber: number | undefined = gwt?.view?.turnNumber;
  const gwtMoney: number | undefined = gwt?.view?.players[0]?.money;
  const move = gwt?.legalCommands[0];
  const path: string[] | undefined = move?.type === 'MOVE_HERDER' ? move.path : undefined;
  const liveTurn: number | undefined = u.gameUpdated.greatWesternTrailView?.turnNumber;
  const liveEvent: string | undefined = u.gameUpdated.events[0]?.greatWesternTrailPayload?.type;
  // @ts-expect-error a typed view is not a string
  const notText: string | undefined = gwt?.view;

  return [life, character, noSuchCommand, pastPile, eventType, winners, game, round, money, nothing,
    barrels, handCount, dial, event, turnNumber, gwtMoney, path, liveTurn, liveEvent, notText];
}
`;

it('generates a GraphQL client (codegen) whose per-game payloads are real types', async () => {
  const schema = buildSchema(readFileSync(join(ROOT, 'openapi/schema.graphql'), 'utf8'));
  const generated = await codegen({
    schema: parse(readFileSync(join(ROOT, 'openapi/schema.graphql'), 'utf8')),
    schemaAst: schema,
    documents: [{ location: 'operations.graphql', document: parse(DOCUMENTS) }],
    filename: 'graphql.ts',
    config: { scalars: scalarMapping('./rest'), enumsAsTypes: true },
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations: operationsPlugin },
  });
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'dist', 'graphql-client-'));
  try {
    const rest = spawnSync(
      join(ROOT, 'node_modules/.bin/openapi-typescript'),
      [join(ROOT, 'openapi/openapi.json'), '-o', join(dir, 'rest.d.ts')],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(rest.status).toBe(0);
    writeFileSync(join(dir, 'graphql.ts'), generated);
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts'],
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file?.fileName.replace(dir, '') ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(diagnostics).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
