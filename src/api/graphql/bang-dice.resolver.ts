/** Typed mutations for Bang! The Dice Game; each builds one engine command (see legalCommands). */
import { Args, Context, Field, InputType, Int, Mutation, Resolver } from '@nestjs/graphql';
import { PlayService } from '../../play/play.service';
import { CommandGateway } from '../command-gateway';
import { CommandArgs, runTypedCommand } from './command-args';
import type { GqlContext } from './context';
import { CommandResult } from './models';

const GAME = 'bang-dice';

@InputType({ description: 'Where one die goes: a ONE/TWO shot or a BEER at a seat.' })
export class DieAssignmentInput {
  @Field(() => Int, { description: 'Die index 0-4.' }) die!: number;
  @Field(() => Int) target!: number;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Calamity Janet: use a ONE as a TWO or a TWO as a ONE.',
  })
  swap?: boolean;
}

@InputType({ description: "Slab the Killer: spend a BEER die to double one shot's damage." })
export class SlabDoubleInput {
  @Field(() => Int) beerDie!: number;
  @Field(() => Int) shotDie!: number;
}

@Resolver()
export class BangDiceResolver {
  constructor(
    readonly play: PlayService,
    readonly commands: CommandGateway,
  ) {}

  private run(ctx: GqlContext, args: CommandArgs, command: Record<string, unknown>) {
    return runTypedCommand(this, ctx, GAME, args, command);
  }

  @Mutation(() => CommandResult, {
    description: 'Bang! (characterChoice option): keep one of your two dealt characters.',
  })
  chooseCharacter(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('character') character: string,
  ) {
    return this.run(ctx, args, { type: 'CHOOSE_CHARACTER', character });
  }

  @Mutation(() => CommandResult, { description: 'Bang!: the first roll of your turn (all five dice).' })
  rollDice(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'ROLL_DICE' });
  }

  @Mutation(() => CommandResult, { description: 'Bang!: reroll these dice (indices 0-4) and keep the rest.' })
  rerollDice(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('dice', { type: () => [Int] }) dice: number[],
  ) {
    return this.run(ctx, args, { type: 'REROLL_DICE', dice });
  }

  @Mutation(() => CommandResult, { description: 'Bang!: stop rolling and resolve the dice.' })
  keepDice(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'KEEP_DICE' });
  }

  @Mutation(() => CommandResult, {
    description: 'Bang!: assign shots (then, at the next prompt, beers) to seats.',
  })
  resolveDice(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('assignments', { type: () => [DieAssignmentInput] }) assignments: DieAssignmentInput[],
    @Args('slabDouble', { type: () => SlabDoubleInput, nullable: true }) slabDouble?: SlabDoubleInput,
  ) {
    const clean = assignments.map((a) => ({
      die: a.die,
      target: a.target,
      ...(a.swap ? { swap: true } : {}),
    }));
    return this.run(ctx, args, {
      type: 'RESOLVE_DICE',
      assignments: clean,
      ...(slabDouble && { slabDouble: { beerDie: slabDouble.beerDie, shotDie: slabDouble.shotDie } }),
    });
  }

  @Mutation(() => CommandResult, {
    description: 'Bang! Sid Ketchum: at the start of your turn, heal a seat by 1.',
  })
  sidKetchumHeal(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('target', { type: () => Int }) target: number,
  ) {
    return this.run(ctx, args, { type: 'SID_KETCHUM_HEAL', target });
  }

  @Mutation(() => CommandResult, { description: 'Bang! Bart Cassidy: take arrows instead of losing life.' })
  bartCassidyTakeArrows(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('count', { type: () => Int }) count: number,
  ) {
    return this.run(ctx, args, { type: 'BART_CASSIDY_TAKE_ARROWS', count });
  }

  @Mutation(() => CommandResult, { description: 'Bang! Pedro Ramirez: discard arrows when hit.' })
  pedroRamirezDiscard(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('count', { type: () => Int }) count: number,
  ) {
    return this.run(ctx, args, { type: 'PEDRO_RAMIREZ_DISCARD', count });
  }

  @Mutation(() => CommandResult, {
    description: 'Bang! Kit Carlson: discard one arrow per Gatling die, from these seats.',
  })
  kitCarlsonDiscard(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('from', { type: () => [Int] }) from: number[],
  ) {
    return this.run(ctx, args, { type: 'KIT_CARLSON_DISCARD', from });
  }
}
