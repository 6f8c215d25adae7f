/**
 * Generates one REST route per typed command from TYPED_COMMAND_ROUTES (see typed-commands.ts):
 * the handler checks the game type, then sends `{ type, ...fields }` through the same gateway as
 * every other command.
 */
import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiDefaultResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CallerService } from '../../auth/caller.service';
import { GameError } from '../../play/errors';
import { PlayService } from '../../play/play.service';
import { CommandGateway, type CommandAnswer } from '../command-gateway';
import { CommandResultDto, ErrorResponseDto } from './dto';
import { TYPED_COMMAND_ROUTES, type TypedCommandRoute } from './typed-commands';

@ApiTags('typed commands')
@ApiBearerAuth()
@ApiDefaultResponse({ type: ErrorResponseDto, description: 'Error with a machine-readable code.' })
@Controller('games')
export class TypedCommandsController {
  constructor(
    private readonly play: PlayService,
    private readonly callers: CallerService,
    private readonly commands: CommandGateway,
  ) {}

  async send(
    route: TypedCommandRoute,
    id: string,
    body: unknown,
    auth: string | undefined,
  ): Promise<CommandAnswer> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new GameError('VALIDATION', 'the body must be a JSON object', { field: 'body' });
    }
    const { expectedVersion, commandId, ...fields } = body as Record<string, unknown>;
    if (expectedVersion != null && !Number.isInteger(expectedVersion)) {
      throw new GameError('VALIDATION', 'expectedVersion must be an integer', { field: 'expectedVersion' });
    }
    if (commandId != null && typeof commandId !== 'string') {
      throw new GameError('VALIDATION', 'commandId must be a string', { field: 'commandId' });
    }
    const command = { ...fields, type: route.type };
    const opts = {
      expectedVersion: expectedVersion as number | undefined,
      commandId: commandId as string | undefined,
    };
    const usual = async () => {
      const caller = await this.callers.fromAuthorization(auth);
      const game = await this.play.getGame(id);
      if (game.type !== route.game) {
        throw new GameError(
          'VALIDATION',
          `${route.path} is a ${route.game} command; this game is ${game.type}`,
          { field: 'id' },
        );
      }
      return this.commands.submit(caller, id, command, opts);
    };
    // The seat and the game's type come from the command's own read (the usual path on a miss).
    return this.commands.submitWithToken(auth, usual, id, command, { ...opts, gameType: route.game });
  }
}

function methodName(route: TypedCommandRoute): string {
  return `${route.game}:${route.path}`.replace(/[^a-zA-Z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
}

for (const route of TYPED_COMMAND_ROUTES) {
  const name = methodName(route);
  const proto = TypedCommandsController.prototype as unknown as Record<string, unknown>;
  proto[name] = function (this: TypedCommandsController, id: string, body: unknown, auth?: string) {
    return this.send(route, id, body, auth);
  };
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
  const target = TypedCommandsController.prototype;
  Param('id')(target, name, 0);
  Body()(target, name, 1);
  Headers('authorization')(target, name, 2);
  for (const decorate of [
    Post(`:id/${route.game}/${route.path}`),
    HttpCode(200),
    ApiOperation({ summary: route.summary, operationId: name }),
    ApiOkResponse({ type: CommandResultDto }),
    // declared, not inferred: a method defined at run time has no parameter type metadata
    ApiParam({ name: 'id', type: String, description: 'The game id.' }),
    ApiBody({
      schema: {
        type: 'object',
        additionalProperties: false,
        required: route.required,
        properties: {
          ...route.fields,
          expectedVersion: {
            type: 'integer',
            description: 'Reject with CONFLICT unless the game is at this version.',
          },
          commandId: { type: 'string', description: 'Client id that makes the command idempotent.' },
        },
      },
    }),
  ]) {
    decorate(target, name, descriptor);
  }
  Object.defineProperty(proto, name, descriptor);
}
