/** Lobby, queries and the generic command mutation. Per-game typed mutations live beside this. */
import {
  Args,
  Context,
  Extensions,
  ID,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';
import { PlayService } from '../../play/play.service';
import { GameError } from '../../play/errors';
import type { GameStatus } from '../../play/game-records';
import { decodeGameCursor, encodeGameCursor, presentGame, type GameDto } from '../presenters';
import type { GqlContext } from './context';
import { GameReads, READ_COST } from './game-reads';
import { GAME_READ } from './limits';
import {
  BotLevelGql,
  CommandResult,
  CreateGameInput,
  CreateGamePayload,
  Game,
  GameConnection,
  GameEvent,
  GameEventConnection,
  GameResultGql,
  GameStatusGql,
  GameType,
  GameTypeIdGql,
  gameTypeId,
  JoinGamePayload,
} from './models';
import { CommandGateway } from '../command-gateway';
import { CreatesGame } from '../../ops/throttle.guard';
import { forwardPage } from './connection';

const MAX_PAGE = 100;

/** A Relay page of events: the cursor of an event is its version. */
function eventConnection(events: GameEvent[], hasNextPage: boolean): GameEventConnection {
  return forwardPage(events, (e) => String(e.version), hasNextPage);
}

@Resolver(() => Game)
export class GamesResolver {
  constructor(
    private readonly play: PlayService,
    private readonly reads: GameReads,
    private readonly commands: CommandGateway,
  ) {}

  @Query(() => [GameType], { description: 'The games this server hosts.' })
  gameTypes(): GameType[] {
    return this.play
      .gameTypes()
      .map((t) => ({ ...t, game: gameTypeId(t.type), botLevels: t.botLevels as BotLevelGql[] }));
  }

  @Query(() => GameConnection, { description: 'Games, newest first (a Relay connection).' })
  async games(
    @Args('status', { type: () => GameStatusGql, nullable: true, description: 'Only games of this status.' })
    status?: GameStatusGql,
    @Args('game', { type: () => GameTypeIdGql, nullable: true, description: 'Only games of this game.' })
    game?: GameTypeIdGql,
    @Args('type', {
      type: () => String,
      nullable: true,
      description: "Only games of this type id, e.g. 'bang-dice'.",
      deprecationReason: 'Use `game` (the GameTypeId enum).',
    })
    type?: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 20, description: 'Page size (1-100).' })
    first = 20,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' })
    after?: string,
  ): Promise<GameConnection> {
    if (first < 1 || first > MAX_PAGE)
      throw new GameError('VALIDATION', `first must be 1-${MAX_PAGE}`, { field: 'first' });
    const cursor = after ? decodeGameCursor(after) : null;
    if (after && !cursor) throw new GameError('VALIDATION', 'invalid cursor', { field: 'after' });
    const page = await this.play.listGames({
      status: status as GameStatus | undefined,
      type: game ?? type,
      first,
      after: cursor,
    });
    const edges = page.games.map((g) => ({
      cursor: encodeGameCursor(g),
      node: presentGame(g) as unknown as Game,
    }));
    return {
      edges,
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: false,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  }

  @Query(() => Game, { nullable: true, description: 'One game (null: no game has this id).' })
  async game(
    @Args('id', { type: () => ID, description: 'The game id.' }) id: string,
  ): Promise<GameDto | null> {
    try {
      return presentGame(await this.play.getGame(id));
    } catch (error) {
      if (error instanceof GameError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  @ResolveField('game', () => GameTypeIdGql, {
    nullable: true,
    description: 'The game type as an enum value (null only for a test game of a test server).',
  })
  gameType(@Parent() game: GameDto): GameTypeIdGql | null {
    return gameTypeId(game.type);
  }

  @ResolveField(() => GraphQLJSON, {
    nullable: true,
    description:
      "The game as the caller's seat (or a spectator) sees it, as JSON (null in the LOBBY); typed per game in bangDice, carsonCity, coloma and greatWesternTrail.",
    complexity: READ_COST.view,
  })
  @Extensions({ [GAME_READ]: true })
  view(@Parent() game: GameDto, @Context() ctx: GqlContext): Promise<unknown> {
    return this.reads.view(game, ctx);
  }

  @ResolveField(() => GraphQLJSON, {
    description:
      "Commands the caller's seat may send now, as JSON; each can be sent unchanged as submitCommand(command:). Typed per game in bangDice, carsonCity, ...",
    complexity: READ_COST.legalCommands,
  })
  @Extensions({ [GAME_READ]: true })
  legalCommands(@Parent() game: GameDto, @Context() ctx: GqlContext): Promise<unknown[]> {
    return this.reads.legalCommands(game, ctx);
  }

  @ResolveField(() => [GameEvent], {
    description: 'Events after a version, redacted for the caller, oldest first.',
    deprecationReason: 'Use eventConnection (a Relay connection of the same events).',
    complexity: ({ args, childComplexity }) =>
      READ_COST.eventsBase + Math.max(1, Number(args.first) || 1) * Math.max(1, childComplexity),
  })
  @Extensions({ [GAME_READ]: true })
  events(
    @Parent() game: GameDto,
    @Context() ctx: GqlContext,
    @Args('after', {
      type: () => Int,
      nullable: true,
      defaultValue: 0,
      description: 'Only events with a greater version (0: from the first).',
    })
    after = 0,
    @Args('first', {
      type: () => Int,
      nullable: true,
      defaultValue: 100,
      description: 'At most this many (1-1000).',
    })
    first = 100,
  ): Promise<GameEvent[]> {
    return this.reads.events(game, ctx, after, first);
  }

  @ResolveField(() => GameEventConnection, {
    description: "The game's events redacted for the caller, oldest first (a Relay connection).",
    complexity: ({ args, childComplexity }) =>
      READ_COST.eventsBase + Math.max(1, Number(args.first) || 1) * Math.max(1, childComplexity),
  })
  @Extensions({ [GAME_READ]: true })
  async eventConnection(
    @Parent() game: GameDto,
    @Context() ctx: GqlContext,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100, description: 'Page size (1-1000).' })
    first = 100,
    @Args('after', {
      type: () => String,
      nullable: true,
      description: 'The endCursor of the previous page (absent: from the first event).',
    })
    after?: string,
  ): Promise<GameEventConnection> {
    const from = after === undefined || after === null ? 0 : Number(after);
    if (!Number.isInteger(from) || from < 0)
      throw new GameError('VALIDATION', 'invalid cursor', { field: 'after' });
    const events = await this.reads.events(game, ctx, from, first);
    const last = events.at(-1)?.version ?? from;
    return eventConnection(events, last < game.version);
  }

  @ResolveField(() => GraphQLJSON, {
    nullable: true,
    description:
      'The view as it was after `version` events, as JSON; 0 = when play began (after the opening deal, ' +
      'before the first command). Null while the game is in its LOBBY. Typed per game in bangDice, carsonCity, ...',
    complexity: READ_COST.stateAt,
  })
  @Extensions({ [GAME_READ]: true })
  stateAt(
    @Parent() game: GameDto,
    @Context() ctx: GqlContext,
    @Args('version', { type: () => Int, description: 'A stream version, 0 to the current one.' })
    version: number,
  ): Promise<unknown> {
    return this.reads.stateAt(game, ctx, version);
  }

  @ResolveField(() => GraphQLJSON, {
    nullable: true,
    description:
      'Once the game is over: its secret and full history, to check every die, deal and draw (`npm run verify-game -- <file>`). Null before, and for older games.',
  })
  async fairnessProof(@Parent() game: GameDto): Promise<unknown> {
    if (game.fairness.secret === null) return null;
    return this.play.fairnessProof(game.id);
  }

  @ResolveField(() => GraphQLJSON, {
    nullable: true,
    description: 'Winners, ranks and scores once FINISHED, as JSON.',
    deprecationReason: 'Use gameResult (the same data, typed).',
    complexity: READ_COST.result,
  })
  result(@Parent() game: GameDto): Promise<unknown> {
    return this.reads.result(game);
  }

  @ResolveField(() => GameResultGql, {
    nullable: true,
    description: 'Winners, ranks and scores once FINISHED (null before).',
    complexity: READ_COST.result,
  })
  gameResult(@Parent() game: GameDto): Promise<unknown> {
    return this.reads.result(game);
  }

  @Mutation(() => CreateGamePayload, {
    description: 'Create a game; returns a token for each human seat not left open.',
  })
  @CreatesGame()
  async createGame(
    @Args('input', { description: 'The game, its seats and options.' }) input: CreateGameInput,
  ): Promise<CreateGamePayload> {
    const type = input.game ?? input.type;
    if (!type) {
      throw new GameError('VALIDATION', 'input.game (or the deprecated type) is required', { field: 'game' });
    }
    const { game, seatTokens, hostToken } = await this.play.createGame({
      type,
      seats: input.seats.map((s) => ({
        name: s.name,
        kind: s.kind,
        botLevel: s.level ?? s.botLevel,
        open: s.open,
      })),
      options: input.options,
      seed: input.seed,
      start: input.start,
      timer: input.timer,
    });
    return { game: presentGame(game) as unknown as Game, seatTokens, hostToken };
  }

  @Mutation(() => JoinGamePayload, {
    description: 'Take an open seat (the first, or `seat`) and get its token.',
  })
  async joinGame(
    @Args('gameId', { type: () => ID, description: 'The game to join.' }) gameId: string,
    @Args('name', { type: () => String, nullable: true, description: "The player's name." }) name?: string,
    @Args('seat', {
      type: () => Int,
      nullable: true,
      description: 'The open seat to take (default: the first).',
    })
    seat?: number,
  ): Promise<JoinGamePayload> {
    const joined = await this.play.joinGame(gameId, name ?? null, seat);
    return {
      game: presentGame(joined.game) as unknown as Game,
      seatToken: { seat: joined.seat, token: joined.token },
    };
  }

  @Mutation(() => Game, {
    description: 'Start a LOBBY game whose seats are all filled (any seat of the game, or its host token).',
  })
  async startGame(
    @Args('gameId', { type: () => ID, description: 'The game to start.' }) gameId: string,
    @Context() ctx: GqlContext,
  ): Promise<GameDto> {
    await this.commands.requireLobbyMember(await ctx.caller(), gameId);
    return presentGame(await this.play.startGame(gameId));
  }

  @Mutation(() => Game, {
    description: 'Abort a LOBBY or ACTIVE game (any seat of the game, or its host token).',
  })
  async abortGame(
    @Args('gameId', { type: () => ID, description: 'The game to abort.' }) gameId: string,
    @Context() ctx: GqlContext,
  ): Promise<GameDto> {
    await this.commands.requireLobbyMember(await ctx.caller(), gameId);
    return presentGame(await this.play.abortGame(gameId));
  }

  @Mutation(() => CommandResult, {
    description: "Send any of the game's commands as JSON (see legalCommands).",
  })
  async submitCommand(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
    @Args('command', {
      type: () => GraphQLJSON,
      description: "The command, e.g. an item of legalCommands (one of the game's Command type).",
    })
    command: unknown,
    @Args('expectedVersion', {
      type: () => Int,
      nullable: true,
      description: 'Refused with CONFLICT unless the game is at this version.',
    })
    expectedVersion?: number,
    @Args('commandId', {
      type: () => String,
      nullable: true,
      description: 'Idempotency key: a retry with the same id answers the first outcome (duplicate: true).',
    })
    commandId?: string,
  ): Promise<CommandResult> {
    const opts = { expectedVersion, commandId };
    const usual = async () => this.commands.submit(await ctx.caller(), gameId, command, opts);
    return this.commands.submitWithToken(ctx.authorization, usual, gameId, command, opts);
  }
}
