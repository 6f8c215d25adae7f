/** Lobby, queries and the generic command mutation. Per-game typed mutations live beside this. */
import {
  Args,
  Context,
  Extensions,
  Int,
  Mutation,
  Parent,
  Query,
  ResolveField,
  Resolver,
} from '@nestjs/graphql';
import GraphQLJSON from 'graphql-type-json';
import { CallerService } from '../../auth/caller.service';
import { PlayService } from '../../play/play.service';
import { GameError } from '../../play/errors';
import type { GameStatus } from '../../play/game-records';
import { decodeGameCursor, encodeGameCursor, presentEvent, presentGame, type GameDto } from '../presenters';
import type { GqlContext } from './context';
import { GAME_READ } from './limits';
import {
  CommandResult,
  CreateGameInput,
  CreateGamePayload,
  Game,
  GameConnection,
  GameEvent,
  GameStatusGql,
  GameType,
  JoinGamePayload,
} from './models';
import { CommandGateway } from '../command-gateway';
import { CreatesGame } from '../../ops/throttle.guard';

const MAX_PAGE = 100;

/**
 * Complexity of the fields that load or replay a game and call its engine (an ordinary field
 * costs 1). They are also GAME_READ fields, of which an operation may run only a few (limits.ts).
 */
const COST = { view: 20, legalCommands: 50, stateAt: 50, eventsBase: 20, result: 5 } as const;

@Resolver(() => Game)
export class GamesResolver {
  constructor(
    private readonly play: PlayService,
    private readonly callers: CallerService,
    private readonly commands: CommandGateway,
  ) {}

  @Query(() => [GameType])
  gameTypes(): GameType[] {
    return this.play.gameTypes();
  }

  @Query(() => GameConnection)
  async games(
    @Args('status', { type: () => GameStatusGql, nullable: true }) status?: GameStatusGql,
    @Args('type', { type: () => String, nullable: true }) type?: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 20 }) first = 20,
    @Args('after', { type: () => String, nullable: true }) after?: string,
  ): Promise<GameConnection> {
    if (first < 1 || first > MAX_PAGE)
      throw new GameError('VALIDATION', `first must be 1-${MAX_PAGE}`, { field: 'first' });
    const cursor = after ? decodeGameCursor(after) : null;
    if (after && !cursor) throw new GameError('VALIDATION', 'invalid cursor', { field: 'after' });
    const page = await this.play.listGames({
      status: status as GameStatus | undefined,
      type,
      first,
      after: cursor,
    });
    const edges = page.games.map((g) => ({
      cursor: encodeGameCursor(g),
      node: presentGame(g) as unknown as Game,
    }));
    return { edges, pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
  }

  @Query(() => Game, { nullable: true })
  async game(@Args('id') id: string): Promise<GameDto | null> {
    try {
      return presentGame(await this.play.getGame(id));
    } catch (error) {
      if (error instanceof GameError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  @ResolveField(() => GraphQLJSON, {
    nullable: true,
    description: "The game as the caller's seat (or a spectator) sees it.",
    complexity: COST.view,
  })
  @Extensions({ [GAME_READ]: true })
  async view(@Parent() game: GameDto, @Context() ctx: GqlContext): Promise<unknown> {
    if (game.status === 'LOBBY') return null;
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    return ctx.gameRead(async () => {
      const { engine, state } = await this.play.load(game.id);
      return engine.view(state, viewer);
    });
  }

  @ResolveField(() => GraphQLJSON, {
    description:
      "Commands the caller's seat may send now; each can be sent unchanged as submitCommand(command:).",
    complexity: COST.legalCommands,
  })
  @Extensions({ [GAME_READ]: true })
  async legalCommands(@Parent() game: GameDto, @Context() ctx: GqlContext): Promise<unknown[]> {
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    if (viewer === 'spectator' || game.status !== 'ACTIVE') return [];
    return ctx.gameRead(async () => {
      const { engine, state } = await this.play.load(game.id);
      return engine.legalCommands(state, viewer);
    });
  }

  @ResolveField(() => [GameEvent], {
    complexity: ({ args, childComplexity }) =>
      COST.eventsBase + Math.max(1, Number(args.first) || 1) * Math.max(1, childComplexity),
  })
  @Extensions({ [GAME_READ]: true })
  async events(
    @Parent() game: GameDto,
    @Context() ctx: GqlContext,
    @Args('after', { type: () => Int, nullable: true, defaultValue: 0 }) after = 0,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100 }) first = 100,
  ): Promise<GameEvent[]> {
    if (after < 0) throw new GameError('VALIDATION', 'after must be >= 0', { field: 'after' });
    if (first < 1 || first > 1000)
      throw new GameError('VALIDATION', 'first must be 1-1000', { field: 'first' });
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    const rows = await ctx.gameRead(() => this.play.eventsFor(game.id, viewer, after, first));
    return rows.map((r) => presentEvent(r.event, r.visible));
  }

  @ResolveField(() => GraphQLJSON, {
    nullable: true,
    description:
      'The view as it was after `version` events; 0 = when play began (after the opening deal, ' +
      'before the first command). Null while the game is in its LOBBY.',
    complexity: COST.stateAt,
  })
  @Extensions({ [GAME_READ]: true })
  async stateAt(
    @Parent() game: GameDto,
    @Context() ctx: GqlContext,
    @Args('version', { type: () => Int }) version: number,
  ): Promise<unknown> {
    if (version < 0 || version > game.version) {
      throw new GameError('VALIDATION', `version must be 0-${game.version}`, { field: 'version' });
    }
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    const engine = this.play.engineFor(game.type);
    return ctx.gameRead(async () => {
      const state = await this.play.stateAt(engine, game.id, version);
      return state === null ? null : engine.view(state, viewer);
    });
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
    description: 'Winners, ranks and scores once FINISHED.',
    complexity: COST.result,
  })
  async result(@Parent() game: GameDto): Promise<unknown> {
    if (game.status !== 'FINISHED') return null;
    return (await this.play.getGame(game.id)).result;
  }

  @Mutation(() => CreateGamePayload, {
    description: 'Create a game; returns a token for each human seat not left open.',
  })
  @CreatesGame()
  async createGame(@Args('input') input: CreateGameInput): Promise<CreateGamePayload> {
    const { game, seatTokens, hostToken } = await this.play.createGame(input);
    return { game: presentGame(game) as unknown as Game, seatTokens, hostToken };
  }

  @Mutation(() => JoinGamePayload, {
    description: 'Take an open seat (the first, or `seat`) and get its token.',
  })
  async joinGame(
    @Args('gameId') gameId: string,
    @Args('name', { type: () => String, nullable: true }) name?: string,
    @Args('seat', { type: () => Int, nullable: true }) seat?: number,
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
  async startGame(@Args('gameId') gameId: string, @Context() ctx: GqlContext): Promise<GameDto> {
    await this.commands.requireLobbyMember(await ctx.caller(), gameId);
    return presentGame(await this.play.startGame(gameId));
  }

  @Mutation(() => Game, {
    description: 'Abort a LOBBY or ACTIVE game (any seat of the game, or its host token).',
  })
  async abortGame(@Args('gameId') gameId: string, @Context() ctx: GqlContext): Promise<GameDto> {
    await this.commands.requireLobbyMember(await ctx.caller(), gameId);
    return presentGame(await this.play.abortGame(gameId));
  }

  @Mutation(() => CommandResult, {
    description: "Send any of the game's commands as JSON (see legalCommands).",
  })
  async submitCommand(
    @Context() ctx: GqlContext,
    @Args('gameId') gameId: string,
    @Args('command', { type: () => GraphQLJSON }) command: unknown,
    @Args('expectedVersion', { type: () => Int, nullable: true }) expectedVersion?: number,
    @Args('commandId', { type: () => String, nullable: true }) commandId?: string,
  ): Promise<CommandResult> {
    const opts = { expectedVersion, commandId };
    const usual = async () => this.commands.submit(await ctx.caller(), gameId, command, opts);
    return this.commands.submitWithToken(ctx.authorization, usual, gameId, command, opts);
  }
}
