/**
 * Typed mutations for Carson City. Each builds one engine command (see the engine's
 * commands.ts for the rules each answers, and Game.legalCommands for what is legal now).
 * Strings that name an action square, building type or personality option are checked by the
 * engine, which answers VALIDATION with ruleCode INVALID_COMMAND when they are unknown.
 */
import { Args, Context, Field, InputType, Int, Mutation, Resolver, registerEnumType } from '@nestjs/graphql';
import { PlayService } from '../../play/play.service';
import { CommandGateway } from '../command-gateway';
import { CommandArgs, runTypedCommand } from './command-args';
import type { GqlContext } from './context';
import { CommandResult } from './models';

const GAME = 'carson-city';

@InputType({ description: 'A parcel of the 8x8 city: column c and row r, 1-8.' })
export class ParcelInput {
  @Field(() => Int) c!: number;
  @Field(() => Int) r!: number;
}

export enum EdgeDirection {
  H = 'H',
  V = 'V',
}
registerEnumType(EdgeDirection, {
  name: 'EdgeDirection',
  description: 'H: horizontal road edge, V: vertical.',
});

@InputType({ description: 'A road edge on the 9x9 grid of parcel corners.' })
export class EdgeInput {
  @Field(() => EdgeDirection) dir!: EdgeDirection;
  @Field(() => Int) x!: number;
  @Field(() => Int) y!: number;
}

export enum CowboyTargetKind {
  ACTION = 'ACTION',
  PARCEL = 'PARCEL',
  BUILDING = 'BUILDING',
  STABLE = 'STABLE',
}
registerEnumType(CowboyTargetKind, { name: 'CowboyTargetKind' });

@InputType({
  description:
    'Where a cowboy goes: an action square, an unowned parcel, a building, (Outlaws module) the parcel or building of an outlaw to fight it, or (Horses module) one of your stables.',
})
export class CowboyTargetInput {
  @Field(() => CowboyTargetKind) kind!: CowboyTargetKind;
  @Field(() => String, {
    nullable: true,
    description: 'For ACTION: the square, e.g. WAGES, BUILD_3, BUY_VP_2.',
  })
  action?: string;
  @Field(() => ParcelInput, { nullable: true, description: 'For PARCEL and BUILDING.' }) parcel?: ParcelInput;
  @Field(() => Int, { nullable: true, description: 'For STABLE (Horses module): stable 1-5.' })
  stable?: number;
}

const parcel = (p: ParcelInput) => ({ c: p.c, r: p.r });

/** The engine's placement target for a GraphQL target input (the engine validates it). */
function cowboyTarget(target: CowboyTargetInput): Record<string, unknown> {
  if (target.kind === CowboyTargetKind.ACTION) return { kind: 'ACTION', action: target.action };
  if (target.kind === CowboyTargetKind.STABLE) return { kind: 'STABLE', stable: target.stable };
  return { kind: target.kind, parcel: target.parcel && parcel(target.parcel) };
}

@Resolver()
export class CarsonCityResolver {
  constructor(
    readonly play: PlayService,
    readonly commands: CommandGateway,
  ) {}

  private run(ctx: GqlContext, args: CommandArgs, command: Record<string, unknown>) {
    return runTypedCommand(this, ctx, GAME, args, command);
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City setup draft: put your property tile on an unowned parcel.',
  })
  chooseStartingParcel(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('parcel') p: ParcelInput,
  ) {
    return this.run(ctx, args, { type: 'CHOOSE_STARTING_PARCEL', parcel: parcel(p) });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City phase 1: take a personality (0-19); side only for tile 14.',
  })
  pickCharacter(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('personality', { type: () => Int }) personality: number,
    @Args('side', { type: () => String, nullable: true, description: 'YELLOW or RED' }) side?: string,
  ) {
    return this.run(ctx, args, { type: 'PICK_CHARACTER', personality, ...(side != null && { side }) });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City phase 2: place a cowboy (attack/defence follows the owner).',
  })
  placeCowboy(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('target') target: CowboyTargetInput,
    @Args('white', { type: () => Boolean, nullable: true, description: "The Sheriff's white cowboy." })
    white?: boolean,
    @Args('noDuel', { type: () => Boolean, nullable: true, description: "Attach a Singer's no-duel marker." })
    noDuel?: boolean,
    @Args('dynamite', { type: () => Boolean, nullable: true, description: 'Attach a dynamite marker.' })
    dynamite?: boolean,
    @Args('extra', {
      type: () => Boolean,
      nullable: true,
      description: "The red Singer's extra cowboy (Gambling).",
    })
    extra?: boolean,
  ) {
    return this.run(ctx, args, {
      type: 'PLACE_COWBOY',
      target: cowboyTarget(target),
      ...(white != null && { white }),
      ...(noDuel != null && { noDuel }),
      ...(dynamite != null && { dynamite }),
      ...(extra != null && { extra }),
    });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City phase 2: pass (first free space of the pass track).',
  })
  pass(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'PASS' });
  }

  @Mutation(() => CommandResult, {
    description:
      'Carson City, Kit Carson phase 2: move one of your placed cowboys (white/dynamite pick which) to another location.',
  })
  relocateCowboy(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('from') from: CowboyTargetInput,
    @Args('to') to: CowboyTargetInput,
    @Args('white', { type: () => Boolean, nullable: true, description: "The Sheriff's white cowboy." })
    white?: boolean,
    @Args('dynamite', { type: () => Boolean, nullable: true, description: 'The cowboy carrying dynamite.' })
    dynamite?: boolean,
  ) {
    return this.run(ctx, args, {
      type: 'RELOCATE_COWBOY',
      from: cowboyTarget(from),
      to: cowboyTarget(to),
      ...(white != null && { white }),
      ...(dynamite != null && { dynamite }),
    });
  }

  @Mutation(() => CommandResult, {
    description:
      'Carson City, Kit Carson phase 2: take one of your placed cowboys back (white/dynamite pick which).',
  })
  withdrawCowboy(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('from') from: CowboyTargetInput,
    @Args('white', { type: () => Boolean, nullable: true, description: "The Sheriff's white cowboy." })
    white?: boolean,
    @Args('dynamite', { type: () => Boolean, nullable: true, description: 'The cowboy carrying dynamite.' })
    dynamite?: boolean,
  ) {
    return this.run(ctx, args, {
      type: 'WITHDRAW_COWBOY',
      from: cowboyTarget(from),
      ...(white != null && { white }),
      ...(dynamite != null && { dynamite }),
    });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City, Kit Carson phase 2: lock (done placing; next free space of the pass track).',
  })
  lock(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'LOCK' });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City, at any of your prompts: a road from your reserve.',
  })
  placeRoad(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('edge') edge: EdgeInput) {
    return this.run(ctx, args, { type: 'PLACE_ROAD', edge: { dir: edge.dir, x: edge.x, y: edge.y } });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City: resolve the duel at this parcel or building next.',
  })
  chooseDuelOrder(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('parcel') p: ParcelInput) {
    return this.run(ctx, args, { type: 'CHOOSE_DUEL_ORDER', parcel: parcel(p) });
  }

  @Mutation(() => CommandResult, { description: 'Carson City: buy the parcel won in step 5.' })
  buyParcel(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'BUY_PARCEL' });
  }

  @Mutation(() => CommandResult, { description: 'Carson City: buy the building of the square you won.' })
  buyBuilding(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'BUY_BUILDING' });
  }

  @Mutation(() => CommandResult, { description: 'Carson City: decline the offered purchase, choice or bid.' })
  declineAction(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'DECLINE_ACTION' });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City: build one of your pending buildings on your parcel.',
  })
  buildPending(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('building', { description: 'Building type, e.g. RANCH, MINE, SALOON.' }) building: string,
    @Args('parcel') p: ParcelInput,
  ) {
    return this.run(ctx, args, { type: 'BUILD_PENDING', building, parcel: parcel(p) });
  }

  @Mutation(() => CommandResult, { description: 'Carson City: keep the remaining buildings pending.' })
  keepPending(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'KEEP_PENDING' });
  }

  @Mutation(() => CommandResult, {
    description: "Carson City: add a building's House (or flip a House to a Town House).",
  })
  placeHouse(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('parcel') p: ParcelInput,
    @Args('townHouse', { type: () => Boolean, defaultValue: false }) townHouse: boolean,
  ) {
    return this.run(ctx, args, { type: 'PLACE_HOUSE', parcel: parcel(p), townHouse });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City: give up this construction (the building stays pending).',
  })
  cancelBuild(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'CANCEL_BUILD' });
  }

  @Mutation(() => CommandResult, {
    description: "Carson City: allow or refuse another player's House on your parcel.",
  })
  answerConsent(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('accept') accept: boolean) {
    return this.run(ctx, args, { type: 'ANSWER_CONSENT', accept });
  }

  @Mutation(() => CommandResult, { description: "Carson City: buy VP at the square's price each." })
  buyVp(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('count', { type: () => Int }) count: number,
  ) {
    return this.run(ctx, args, { type: 'BUY_VP', count });
  }

  @Mutation(() => CommandResult, { description: 'Carson City: spend cash over your limit (1 VP per $10).' })
  spendCash(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('amount', { type: () => Int }) amount: number,
  ) {
    return this.run(ctx, args, { type: 'SPEND_CASH', amount });
  }

  @Mutation(() => CommandResult, { description: 'Carson City: put the Town Hall on this parcel.' })
  placeTownHall(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('parcel') p: ParcelInput) {
    return this.run(ctx, args, { type: 'PLACE_TOWN_HALL', parcel: parcel(p) });
  }

  @Mutation(() => CommandResult, {
    description:
      "Carson City: answer a menu with one of its options (a personality's; Outlaws module: OUTLAW_<id> for the next outlaw to move, VP or ATTACK after defeating an outlaw).",
  })
  chooseOption(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('option') option: string) {
    return this.run(ctx, args, { type: 'CHOOSE_OPTION', option });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City: choose one of the parcels offered (Settler, Lawyer, ...).',
  })
  chooseParcel(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('parcel') p: ParcelInput) {
    return this.run(ctx, args, { type: 'CHOOSE_PARCEL', parcel: parcel(p) });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City (red Chinese Worker): take the building of square 0-6.',
  })
  takeBuilding(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('square', { type: () => Int }) square: number,
  ) {
    return this.run(ctx, args, { type: 'TAKE_BUILDING', square });
  }

  @Mutation(() => CommandResult, {
    description: "Carson City (Auctioneer's auction): bid this many dollars.",
  })
  bid(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('amount', { type: () => Int }) amount: number,
  ) {
    return this.run(ctx, args, { type: 'BID', amount });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City (Doctor): move the defeated cowboy to this action square.',
  })
  moveCowboy(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('action') action: string) {
    return this.run(ctx, args, { type: 'MOVE_COWBOY', action });
  }
  @Mutation(() => CommandResult, {
    description:
      'Carson City, Horses module: put a horse from your supply into stable 1-5 (after a placement).',
  })
  stableHorse(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('stable', { type: () => Int }) stable: number,
  ) {
    return this.run(ctx, args, { type: 'STABLE_HORSE', stable });
  }

  @Mutation(() => CommandResult, {
    description: 'Carson City, Horses module (Wages): pay $4 for a horse straight into stable 1-5.',
  })
  buyHorse(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('stable', { type: () => Int }) stable: number,
  ) {
    return this.run(ctx, args, { type: 'BUY_HORSE', stable });
  }

  @Mutation(() => CommandResult, {
    description:
      'Carson City, Horses module (stable 2): move one of your plain placed cowboys to `to`, or back to your reserve without `to`.',
  })
  movePlacedCowboy(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('from') from: CowboyTargetInput,
    @Args('to', { type: () => CowboyTargetInput, nullable: true }) to?: CowboyTargetInput,
  ) {
    return this.run(ctx, args, {
      type: 'MOVE_PLACED_COWBOY',
      from: cowboyTarget(from),
      ...(to && { to: cowboyTarget(to) }),
    });
  }

  @Mutation(() => CommandResult, {
    description:
      'Carson City, Might is Right module: the sealed duel tile(s) to play (values 0-5, ascending; two with dynamite).',
  })
  chooseDuelTile(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('tiles', { type: () => [Int] }) tiles: number[],
  ) {
    return this.run(ctx, args, { type: 'CHOOSE_DUEL_TILE', tiles });
  }
  @Mutation(() => CommandResult, {
    description:
      'Carson City, A New Beginning module: hand in your secret sheet (rows 0-4; vp -10/-5/0/5/10; powers; first-player bid). Omitted fields count as 0/false.',
  })
  fillSheet(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('cowboys', { type: () => Int, nullable: true }) cowboys?: number,
    @Args('revolvers', { type: () => Int, nullable: true }) revolvers?: number,
    @Args('roads', { type: () => Int, nullable: true }) roads?: number,
    @Args('parcels', { type: () => Int, nullable: true }) parcels?: number,
    @Args('vp', { type: () => Int, nullable: true }) vp?: number,
    @Args('influential', { type: () => Boolean, nullable: true }) influential?: boolean,
    @Args('greatService', { type: () => Boolean, nullable: true }) greatService?: boolean,
    @Args('marksman', { type: () => Boolean, nullable: true }) marksman?: boolean,
    @Args('bid', { type: () => Int, nullable: true }) bid?: number,
  ) {
    const fields = { cowboys, revolvers, roads, parcels, vp, influential, greatService, marksman, bid };
    return this.run(ctx, args, {
      type: 'FILL_SHEET',
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v != null)),
    });
  }

  @Mutation(() => CommandResult, {
    description:
      'Carson City, A New Beginning (Marksman): the die (dice, with dynamite) to keep of those rolled.',
  })
  chooseDuelDie(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('dice', { type: () => [Int] }) dice: number[],
  ) {
    return this.run(ctx, args, { type: 'CHOOSE_DUEL_DIE', dice });
  }
}
