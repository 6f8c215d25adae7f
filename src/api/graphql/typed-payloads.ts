/**
 * Each game's read side with types a generated client can use (issue #11.4). Per game (prefix P,
 * field f; src/api/payloads):
 *   - scalars PView, PCommand, PEvent: JSON on the wire, `@specifiedBy` the JSON Schema generated
 *     from the engine's own types (GET /api/schemas/<game>.json, openapi/schemas/ in the repo); a
 *     codegen maps them to TypeScript types (README "Typed payloads");
 *   - Game.f: PGame (null unless the game is of that type) with view, legalCommands and stateAt;
 *   - GameEvent.fPayload (null unless the event is of that game and visible to the caller);
 *   - GameUpdatePayload.fView.
 * The generic JSON fields stay as they were for old clients; the results are a real object type
 * (Game.gameResult), the same in every game.
 */
import { Type } from '@nestjs/common';
import { Args, Context, Extensions, Int, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { GraphQLScalarType, type GraphQLSchema } from 'graphql';
import GraphQLJSON from 'graphql-type-json';
import { PAYLOAD_GAMES, payloadSchemaUrl, type PayloadGame, type PayloadKind } from '../payloads/index';
import { GAME_TYPE, type GameDto, type GameEventDto } from '../presenters';
import type { GqlContext } from './context';
import { GameReads, READ_COST } from './game-reads';
import { GAME_READ } from './limits';
import { Game, GameEvent, GameUpdatePayload } from './models';

const KIND_TEXT: Record<PayloadKind, string> = {
  View: 'the game as one seat (or a spectator) sees it',
  Command: 'one command, discriminated on `type`',
  Event: 'one event as the caller may see it, discriminated on `type`',
  Result: 'the outcome once the game is over',
};

function payloadScalar(game: PayloadGame, kind: PayloadKind): GraphQLScalarType {
  return new GraphQLScalarType({
    name: `${game.prefix}${kind}`,
    description: `${game.title}: ${KIND_TEXT[kind]}. JSON on the wire, shaped by the JSON Schema at the @specifiedBy URL (served by this server; openapi/schemas/${game.game}.json in the repository).`,
    specifiedByURL: payloadSchemaUrl(game, kind),
    serialize: (value) => value,
    parseValue: (value) => GraphQLJSON.parseValue(value),
    parseLiteral: (ast, variables) => GraphQLJSON.parseLiteral(ast, variables),
  });
}

/** A game's typed read side: wraps the game it reads. */
interface TypedGameSource {
  game: GameDto;
}

const named = <T extends Type<unknown>>(cls: T, name: string): T =>
  Object.defineProperty(cls, 'name', { value: name });

/** The resolvers (providers) of one game's typed forms. */
function typedGameResolvers(game: PayloadGame): Type<unknown>[] {
  const View = payloadScalar(game, 'View');
  const Command = payloadScalar(game, 'Command');
  const Event = payloadScalar(game, 'Event');

  @ObjectType(`${game.prefix}Game`, {
    description: `${game.title}'s read side, typed (the same data as Game.view, legalCommands and stateAt).`,
  })
  class TypedGame {}

  @Resolver(() => TypedGame)
  class TypedGameResolver {
    constructor(readonly reads: GameReads) {}

    @ResolveField(() => View, {
      nullable: true,
      description: "The game as the caller's seat (or a spectator) sees it (null in the LOBBY).",
      complexity: READ_COST.view,
    })
    @Extensions({ [GAME_READ]: true })
    view(@Parent() source: TypedGameSource, @Context() ctx: GqlContext): Promise<unknown> {
      return this.reads.view(source.game, ctx);
    }

    @ResolveField(() => [Command], {
      description: "Commands the caller's seat may send now (each as submitCommand(command:)).",
      complexity: READ_COST.legalCommands,
    })
    @Extensions({ [GAME_READ]: true })
    legalCommands(@Parent() source: TypedGameSource, @Context() ctx: GqlContext): Promise<unknown[]> {
      return this.reads.legalCommands(source.game, ctx);
    }

    @ResolveField(() => View, {
      nullable: true,
      description: 'The view after `version` events (0 = when play began); null in the LOBBY.',
      complexity: READ_COST.stateAt,
    })
    @Extensions({ [GAME_READ]: true })
    stateAt(
      @Parent() source: TypedGameSource,
      @Context() ctx: GqlContext,
      @Args('version', { type: () => Int, description: 'A stream version, 0 to the current one.' })
      version: number,
    ): Promise<unknown> {
      return this.reads.stateAt(source.game, ctx, version);
    }
  }

  @Resolver(() => Game)
  class GameFieldResolver {
    @ResolveField(game.field, () => TypedGame, {
      nullable: true,
      description: `${game.title}'s view, legal commands and past views, typed (null unless this game is ${game.game}).`,
    })
    typed(@Parent() parent: GameDto): TypedGameSource | null {
      return parent.type === game.game ? { game: parent } : null;
    }
  }

  @Resolver(() => GameEvent)
  class EventFieldResolver {
    @ResolveField(`${game.field}Payload`, () => Event, {
      nullable: true,
      description: `The event, typed (null unless it is a ${game.title} event the caller may see).`,
    })
    payload(@Parent() event: GameEventDto): unknown {
      return event[GAME_TYPE] === game.game && event.type !== 'HIDDEN' ? event.payload : null;
    }
  }

  @Resolver(() => GameUpdatePayload)
  class UpdateFieldResolver {
    @ResolveField(`${game.field}View`, () => View, {
      nullable: true,
      description: `The subscriber's view, typed (null unless the game is ${game.game}).`,
    })
    view(@Parent() update: GameUpdatePayload): unknown {
      return update[GAME_TYPE] === game.game ? update.view : null;
    }
  }

  return [
    named(TypedGameResolver, `${game.prefix}GameResolver`),
    named(GameFieldResolver, `${game.prefix}GameFieldResolver`),
    named(EventFieldResolver, `${game.prefix}EventFieldResolver`),
    named(UpdateFieldResolver, `${game.prefix}UpdateFieldResolver`),
  ];
}

/** Every game's typed read-side resolvers (module providers). */
export const TYPED_PAYLOAD_RESOLVERS: Type<unknown>[] = PAYLOAD_GAMES.flatMap(typedGameResolvers);

/** Descriptions of the root operation types (code first gives them none). */
export function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  const describe = (type: { description?: string | null } | null | undefined, text: string) => {
    if (type && !type.description) type.description = text;
  };
  describe(schema.getQueryType(), 'Reads: games, their views and events, clocks, webhooks, analytics.');
  describe(schema.getMutationType(), 'Lobby, commands (generic and typed per game) and correspondence play.');
  describe(schema.getSubscriptionType(), 'Live updates over graphql-ws.');
  return schema;
}
