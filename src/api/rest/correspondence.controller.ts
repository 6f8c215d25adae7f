/** REST mirror of correspondence play (same gateway and errors as GraphQL). */
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  UsePipes,
  ValidationPipe,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiDefaultResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CallerService } from '../../auth/caller.service';
import { CorrespondenceGateway } from '../correspondence-gateway';
import { presentGame } from '../presenters';
import {
  AddBotDto,
  FailedJobDoc,
  GameDeadlinesDoc,
  RegisterWebhookDto,
  VacationDto,
  WebhookDeliveryDoc,
  WebhookDoc,
} from './correspondence.dto';
import { ErrorResponseDto, GameDtoDoc } from './dto';
import { intQuery } from './query-params';

@ApiTags('correspondence')
@ApiBearerAuth()
@ApiDefaultResponse({ type: ErrorResponseDto, description: 'Error with a machine-readable code.' })
@UsePipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }))
@Controller('games')
export class CorrespondenceController {
  constructor(
    private readonly gateway: CorrespondenceGateway,
    private readonly callers: CallerService,
  ) {}

  @Get(':id/deadlines')
  @ApiOperation({ summary: "Every seat's clock: deadline, bank, pause and vacation." })
  @ApiOkResponse({ type: GameDeadlinesDoc })
  deadlines(@Param('id') id: string) {
    return this.gateway.deadlines(id);
  }

  @Post(':id/resume')
  @ApiOperation({ summary: "Take the token's seat back from the bot that played it after a timeout." })
  @ApiOkResponse({ type: GameDeadlinesDoc })
  @HttpCode(200)
  async resume(@Param('id') id: string, @Headers('authorization') auth?: string) {
    return this.gateway.resume(await this.callers.fromAuthorization(auth), id);
  }

  @Post(':id/claim-seat')
  @ApiOperation({ summary: 'Same as resume.' })
  @ApiOkResponse({ type: GameDeadlinesDoc })
  @HttpCode(200)
  async claimSeat(@Param('id') id: string, @Headers('authorization') auth?: string) {
    return this.gateway.resume(await this.callers.fromAuthorization(auth), id);
  }

  @Post(':id/bots')
  @ApiOperation({
    summary:
      "Put a bot on a seat (LOBBY: an open seat, by any seat of the game or the host token, or the caller's own; ACTIVE: the caller's own seat until it resumes).",
  })
  @ApiOkResponse({ type: GameDtoDoc })
  @HttpCode(200)
  async addBot(@Param('id') id: string, @Body() body: AddBotDto, @Headers('authorization') auth?: string) {
    const caller = await this.callers.fromAuthorization(auth);
    return presentGame(await this.gateway.addBot(caller, id, body.seat, body.level ?? null));
  }

  @Post(':id/pause')
  @ApiOperation({ summary: "The token's seat votes to pause; the clocks stop when every person agreed." })
  @ApiOkResponse({ type: GameDeadlinesDoc })
  @HttpCode(200)
  async pause(@Param('id') id: string, @Headers('authorization') auth?: string) {
    return this.gateway.pause(await this.callers.fromAuthorization(auth), id);
  }

  @Post(':id/unpause')
  @ApiOperation({ summary: 'End a pause; deadlines move by the time paused.' })
  @ApiOkResponse({ type: GameDeadlinesDoc })
  @HttpCode(200)
  async unpause(@Param('id') id: string, @Headers('authorization') auth?: string) {
    return this.gateway.unpause(await this.callers.fromAuthorization(auth), id);
  }

  @Post(':id/vacation')
  @ApiOperation({ summary: "Take vacation days from the seat's allowance: its deadlines move." })
  @ApiOkResponse({ type: GameDeadlinesDoc })
  @HttpCode(200)
  async vacation(
    @Param('id') id: string,
    @Body() body: VacationDto,
    @Headers('authorization') auth?: string,
  ) {
    return this.gateway.vacation(await this.callers.fromAuthorization(auth), id, body.days);
  }

  @Post(':id/webhooks')
  @ApiOperation({ summary: 'Register a reminder webhook (signed JSON POSTs) for the game or one seat.' })
  @ApiOkResponse({ type: WebhookDoc })
  @HttpCode(200)
  async registerWebhook(
    @Param('id') id: string,
    @Body() body: RegisterWebhookDto,
    @Headers('authorization') auth?: string,
  ) {
    return this.gateway.registerWebhook(await this.callers.fromAuthorization(auth), { gameId: id, ...body });
  }

  @Get(':id/webhooks')
  @ApiOperation({ summary: "The game's webhooks (secrets are never returned)." })
  @ApiOkResponse({ type: [WebhookDoc] })
  async webhooks(@Param('id') id: string, @Headers('authorization') auth?: string) {
    return this.gateway.listWebhooks(await this.callers.fromAuthorization(auth), id);
  }

  @Get(':id/webhook-deliveries')
  @ApiOperation({ summary: "The game's webhook delivery log, newest first." })
  @ApiOkResponse({ type: [WebhookDeliveryDoc] })
  @ApiQuery({ name: 'first', required: false, type: Number })
  async deliveries(
    @Param('id') id: string,
    @Query('first') count?: string,
    @Headers('authorization') auth?: string,
  ) {
    return this.gateway.deliveries(
      await this.callers.fromAuthorization(auth),
      id,
      intQuery(count, 'first', 50, 1, 500),
    );
  }
}

@ApiTags('operations')
@ApiDefaultResponse({ type: ErrorResponseDto, description: 'Error with a machine-readable code.' })
@Controller('jobs')
export class JobsController {
  constructor(private readonly gateway: CorrespondenceGateway) {}

  @Get('failed')
  @ApiOperation({ summary: 'Dead-letter view: jobs that used all their attempts.' })
  @ApiOkResponse({ type: [FailedJobDoc] })
  @ApiQuery({ name: 'queue', required: false, enum: ['bot-turns', 'turn-timeouts', 'reminders'] })
  @ApiQuery({ name: 'first', required: false, type: Number })
  @ApiHeader({
    name: 'x-operator-token',
    required: false,
    description: "The server's OPERATOR_TOKEN; the view is closed (403) when OPERATOR_TOKEN is unset.",
  })
  failed(
    @Query('queue') queue?: string,
    @Query('first') count?: string,
    @Headers('x-operator-token') token?: string,
  ) {
    return this.gateway.failedJobs(token, queue, intQuery(count, 'first', 50, 1, 500));
  }
}
