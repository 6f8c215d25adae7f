/** REST mirror of the lobby, commands and reads. Same pipeline and errors as GraphQL. */
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Query,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiDefaultResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CallerService } from '../../auth/caller.service';
import { GameError } from '../../play/errors';
import { GAME_STATUSES, type GameStatus } from '../../play/game-records';
import { PlayService } from '../../play/play.service';
import { CommandGateway, type CommandAnswer } from '../command-gateway';
import {
  decodeGameCursor,
  encodeGameCursor,
  presentEvent,
  presentGame,
  type GameDto,
  type GameEventDto,
} from '../presenters';
import {
  CommandResultDto,
  CreateGameDto,
  CreateGameResponseDto,
  ErrorResponseDto,
  GameDtoDoc,
  GameListDoc,
  GameTypeDoc,
  GameEventDtoDoc,
  JoinGameDto,
  JoinGameResponseDto,
  SubmitCommandDto,
} from './dto';
import { anyGamePayload, PAYLOAD_GAMES } from '../payloads/index';
import { intQuery } from './query-params';
import { CreatesGame } from '../../ops/throttle.guard';

@ApiTags('games')
@ApiBearerAuth()
@ApiDefaultResponse({ type: ErrorResponseDto, description: 'Error with a machine-readable code.' })
// Bodies are checked against the DTOs here (GraphQL inputs are typed by the schema instead).
@UsePipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }))
@Controller('games')
export class GamesController {
  constructor(
    private readonly play: PlayService,
    private readonly callers: CallerService,
    private readonly commands: CommandGateway,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List games, newest first (cursor pagination).' })
  @ApiOkResponse({ type: GameListDoc })
  @ApiQuery({ name: 'status', required: false, enum: GAME_STATUSES })
  @ApiQuery({ name: 'type', required: false })
  @ApiQuery({ name: 'first', required: false, type: Number })
  @ApiQuery({ name: 'after', required: false })
  async list(
    @Query('status') status?: string,
    @Query('type') type?: string,
    @Query('first') first?: string,
    @Query('after') after?: string,
  ): Promise<{ games: GameDto[]; endCursor: string | null; hasNextPage: boolean }> {
    if (status !== undefined && !GAME_STATUSES.includes(status as GameStatus)) {
      throw new GameError('VALIDATION', `status must be one of ${GAME_STATUSES.join(', ')}`, {
        field: 'status',
      });
    }
    const cursor = after ? decodeGameCursor(after) : null;
    if (after && !cursor) throw new GameError('VALIDATION', 'invalid cursor', { field: 'after' });
    const page = await this.play.listGames({
      status: status as GameStatus | undefined,
      type,
      first: intQuery(first, 'first', 20, 1, 100),
      after: cursor,
    });
    const last = page.games.at(-1);
    return {
      games: page.games.map(presentGame),
      endCursor: last ? encodeGameCursor(last) : null,
      hasNextPage: page.hasNextPage,
    };
  }

  @Post()
  @ApiOperation({ summary: 'Create a game; returns a token for each human seat not left open.' })
  @ApiOkResponse({ type: CreateGameResponseDto })
  @HttpCode(200)
  @CreatesGame()
  async create(@Body() body: CreateGameDto) {
    const { game, seatTokens, hostToken } = await this.play.createGame(body);
    return { game: presentGame(game), seatTokens, hostToken };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One game (lobby data, status, version, whose turn, result).' })
  @ApiOkResponse({ type: GameDtoDoc })
  async get(@Param('id') id: string) {
    const game = await this.play.getGame(id);
    return { ...presentGame(game), result: game.result };
  }

  @Post(':id/join')
  @ApiOperation({ summary: 'Take an open seat and get its token.' })
  @ApiOkResponse({ type: JoinGameResponseDto })
  @HttpCode(200)
  async join(@Param('id') id: string, @Body() body: JoinGameDto) {
    const joined = await this.play.joinGame(id, body.name ?? null, body.seat);
    return { game: presentGame(joined.game), seatToken: { seat: joined.seat, token: joined.token } };
  }

  @Post(':id/start')
  @ApiOperation({
    summary: 'Start a LOBBY game whose seats are all filled (a seat token of the game, or its host token).',
  })
  @ApiOkResponse({ type: GameDtoDoc })
  @HttpCode(200)
  async start(@Param('id') id: string, @Headers('authorization') auth?: string) {
    await this.commands.requireLobbyMember(await this.callers.fromAuthorization(auth), id);
    return presentGame(await this.play.startGame(id));
  }

  @Post(':id/abort')
  @ApiOperation({ summary: 'Abort a LOBBY or ACTIVE game (a seat token of the game, or its host token).' })
  @ApiOkResponse({ type: GameDtoDoc })
  @HttpCode(200)
  async abort(@Param('id') id: string, @Headers('authorization') auth?: string) {
    await this.commands.requireLobbyMember(await this.callers.fromAuthorization(auth), id);
    return presentGame(await this.play.abortGame(id));
  }

  @Post(':id/commands')
  @ApiOperation({ summary: "Send a command for the token's seat (any item of legal-commands)." })
  @ApiOkResponse({ type: CommandResultDto })
  @HttpCode(200)
  async submit(
    @Param('id') id: string,
    @Body() body: SubmitCommandDto,
    @Headers('authorization') auth?: string,
  ): Promise<CommandAnswer> {
    if (typeof body.command !== 'object' || body.command === null || Array.isArray(body.command)) {
      throw new GameError('VALIDATION', 'command must be a JSON object', { field: 'command' });
    }
    const opts = { expectedVersion: body.expectedVersion, commandId: body.commandId };
    const usual = async () =>
      this.commands.submit(await this.callers.fromAuthorization(auth), id, body.command, opts);
    return this.commands.submitWithToken(auth, usual, id, body.command, opts);
  }

  @Get(':id/events')
  @ApiOperation({ summary: 'Events after a version, redacted for the caller.' })
  @ApiOkResponse({ type: [GameEventDtoDoc] })
  @ApiQuery({ name: 'after', required: false, type: Number })
  @ApiQuery({ name: 'first', required: false, type: Number })
  async events(
    @Param('id') id: string,
    @Query('after') after?: string,
    @Query('first') first?: string,
    @Headers('authorization') auth?: string,
  ): Promise<GameEventDto[]> {
    const viewer = this.callers.viewerFor(await this.callers.fromAuthorization(auth), id);
    const rows = await this.play.eventsFor(
      id,
      viewer,
      intQuery(after, 'after', 0, 0, 2 ** 31 - 1),
      intQuery(first, 'first', 100, 1, 1000),
    );
    return rows.map((r) => presentEvent(r.event, r.visible));
  }

  @Get(':id/view')
  @ApiOperation({
    summary: "The game as the caller's seat (or a spectator) sees it.",
    description:
      "One of the games' views (BangDiceView, CarsonCityView, ...: pick by the game's `type`); null in the lobby.",
  })
  @ApiOkResponse({ schema: anyGamePayload('View', true) })
  async view(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<unknown> {
    const caller = await this.callers.fromAuthorization(auth);
    const { engine, state, record } = await this.play.load(id);
    if (record.status === 'LOBBY') return null;
    return engine.view(state, this.callers.viewerFor(caller, id));
  }

  @Get(':id/legal-commands')
  @ApiOperation({ summary: "Commands the token's seat may send now." })
  @ApiOkResponse({ schema: { type: 'array', items: anyGamePayload('Command') } })
  async legal(@Param('id') id: string, @Headers('authorization') auth?: string): Promise<unknown[]> {
    const viewer = this.callers.viewerFor(await this.callers.fromAuthorization(auth), id);
    const { engine, state, record } = await this.play.load(id);
    if (viewer === 'spectator' || record.status !== 'ACTIVE') return [];
    return engine.legalCommands(state, viewer);
  }

  @Get(':id/state-at/:version')
  @ApiOperation({
    summary:
      'The view as it was after `version` events (0: when play began, after the deal; null in the lobby).',
  })
  @ApiOkResponse({ schema: anyGamePayload('View', true) })
  async stateAt(
    @Param('id') id: string,
    @Param('version', ParseIntPipe) version: number,
    @Headers('authorization') auth?: string,
  ) {
    const game = await this.play.getGame(id);
    if (version < 0 || version > game.version)
      throw new GameError('VALIDATION', `version must be 0-${game.version}`, { field: 'version' });
    const engine = this.play.engineFor(game.type);
    const state = await this.play.stateAt(engine, id, version);
    return state === null
      ? null
      : engine.view(state, this.callers.viewerFor(await this.callers.fromAuthorization(auth), id));
  }

  @Get(':id/fairness-proof')
  @ApiOperation({
    summary:
      'Once the game is over: its secret and full history, to check every random draw (npm run verify-game -- <file>).',
  })
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: true } })
  async fairnessProof(@Param('id') id: string): Promise<unknown> {
    const proof = await this.play.fairnessProof(id);
    if (proof) return proof;
    const game = await this.play.getGame(id);
    throw new GameError(
      'INVALID_STATE',
      game.fairness.commitment === null
        ? 'this game predates commitments: it cannot be verified'
        : `the secret is revealed when the game is over (it is ${game.status})`,
      { status: game.status },
    );
  }
}

@ApiTags('games')
@Controller('game-types')
export class GameTypesController {
  constructor(private readonly play: PlayService) {}

  @Get()
  @ApiOperation({ summary: 'The games this server hosts.' })
  @ApiOkResponse({ type: [GameTypeDoc] })
  list() {
    return this.play.gameTypes();
  }
}

@ApiTags('games')
@Controller('schemas')
export class PayloadSchemasController {
  @Get(':file')
  @ApiOperation({
    summary: "A game's JSON Schema (draft-07) of its View, Command, Event and Result, e.g. bang-dice.json.",
    description:
      'The same files as openapi/schemas/ in the repository, generated from the engine types; the GraphQL scalars (BangDiceView, ...) point here with @specifiedBy.',
  })
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: true } })
  schema(@Param('file') file: string): unknown {
    const game = PAYLOAD_GAMES.find((g) => `${g.game}.json` === file);
    if (!game) throw new GameError('NOT_FOUND', `no schema ${file}`, { field: 'file' });
    return game.schema;
  }
}
