/** Arguments every typed command mutation takes, and the helper that runs one. */
import { ArgsType, Field, Int } from '@nestjs/graphql';
import type { CommandGateway } from '../command-gateway';
import type { GqlContext } from './context';
import type { CommandResult } from './models';
import type { PlayService } from '../../play/play.service';
import { GameError } from '../../play/errors';

@ArgsType()
export class CommandArgs {
  @Field() gameId!: string;
  @Field(() => Int, {
    nullable: true,
    description: 'Reject with CONFLICT unless the game is at this version.',
  })
  expectedVersion?: number;
  @Field(() => String, { nullable: true, description: 'Client id that makes the command idempotent.' })
  commandId?: string;
}

/** Send `command` for the caller's seat, checking first that the game is of `gameType`. */
export async function runTypedCommand(
  deps: { play: PlayService; commands: CommandGateway },
  ctx: GqlContext,
  gameType: string,
  args: CommandArgs,
  command: Record<string, unknown>,
): Promise<CommandResult> {
  const usual = async () => {
    const caller = await ctx.caller();
    const game = await deps.play.getGame(args.gameId);
    if (game.type !== gameType) {
      throw new GameError(
        'VALIDATION',
        `${command.type} is a ${gameType} command; this game is ${game.type}`,
        {
          field: 'gameId',
        },
      );
    }
    return deps.commands.submit(caller, args.gameId, command, args);
  };
  // The seat and the game's type come from the command's own read (the usual path on a miss).
  const opts = { expectedVersion: args.expectedVersion, commandId: args.commandId, gameType };
  return deps.commands.submitWithToken(ctx.authorization, usual, args.gameId, command, opts);
}
