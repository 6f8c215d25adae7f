/**
 * Typed mutations for Coloma (Deluxe). Each builds one engine command; which are legal now is in
 * Game.legalCommands, and src/games/coloma/README.md lists what each answers. Ids (Town
 * Buildings, Bridge types, Frontier spaces and Lands) are the engine's and checked by it.
 */
import { Args, Context, Int, Mutation, Resolver } from '@nestjs/graphql';
import { PlayService } from '../../play/play.service';
import { CommandGateway } from '../command-gateway';
import { CommandArgs, runTypedCommand } from './command-args';
import type { GqlContext } from './context';
import { CommandResult } from './models';

const GAME = 'coloma';
const NUM = { type: () => Int };
const OPT_NUM = { type: () => Int, nullable: true };
const OPT_STR = { type: () => String, nullable: true };

@Resolver()
export class ColomaResolver {
  constructor(
    readonly play: PlayService,
    readonly commands: CommandGateway,
  ) {}

  private run(ctx: GqlContext, args: CommandArgs, command: Record<string, unknown>) {
    return runTypedCommand(this, ctx, GAME, args, command);
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma opening: return 2 of your 6 cards, each to the deck TOP or BOTTOM.',
  })
  returnOpening(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('cards', { type: () => [String] }) cards: string[],
    @Args('to', { type: () => [String] }) to: string[],
  ) {
    return this.run(ctx, args, { type: 'RETURN_OPENING', cards, to });
  }

  @Mutation(() => CommandResult, { description: 'Coloma Event 5: spend this much Gold (0-2) for 3 VP each.' })
  spendGold(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('gold', NUM) gold: number) {
    return this.run(ctx, args, { type: 'SPEND_GOLD', gold });
  }

  @Mutation(() => CommandResult, {
    description: "Coloma: set your secret Dial to a Site 1-5 (and your Mule's in the Mule Duel).",
  })
  dial(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('site', NUM) site: number,
    @Args('mule', OPT_NUM) mule?: number | null,
  ) {
    return this.run(ctx, args, { type: 'DIAL', site, mule: mule ?? null });
  }

  @Mutation(() => CommandResult, { description: "Coloma Site 1 Common: Sutter's Mill's Shovel." })
  shovel(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'SHOVEL' });
  }

  @Mutation(() => CommandResult, { description: "Coloma Site 1 Boom: Sutter's Mill's Wheelbarrow." })
  wheelbarrow(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'WHEELBARROW' });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Barker Common: buy Tents and Horses, `gold` Nuggets paid as Bucks.',
  })
  buy(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('tents', NUM) tents: number,
    @Args('horses', NUM) horses: number,
    @Args('gold', OPT_NUM) gold?: number | null,
  ) {
    return this.run(ctx, args, { type: 'BUY', tents, horses, gold: gold ?? 0 });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Barker Boom: take a Barrel from Hideout space `from` (0 = face-down stack).',
  })
  takeBarrel(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('from', NUM) from: number) {
    return this.run(ctx, args, { type: 'TAKE_BARREL', from });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Site 2: explore a River with the HAMMER or the SAW.',
  })
  exploreRiver(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('tool') tool: string,
    @Args('gold', OPT_NUM) gold?: number | null,
  ) {
    return this.run(ctx, args, { type: 'EXPLORE_RIVER', tool, gold: gold ?? 0 });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Site 2: build a Bridge of this type with the HAMMER or the SAW.',
  })
  buildBridge(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('tool') tool: string,
    @Args('bridge') bridge: string,
    @Args('gold', OPT_NUM) gold?: number | null,
  ) {
    return this.run(ctx, args, { type: 'BUILD_BRIDGE', tool, bridge, gold: gold ?? 0 });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Site 3: build a Town Building from your hand (HAMMER or SAW cost).',
  })
  build(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('tool') tool: string,
    @Args('card') card: string,
    @Args('gold', OPT_NUM) gold?: number | null,
  ) {
    return this.run(ctx, args, { type: 'BUILD', tool, card, gold: gold ?? 0 });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Hotel module, Site 3: build the top Hotel (HAMMER or SAW cost).',
  })
  buildHotel(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('tool') tool: string,
    @Args('gold', OPT_NUM) gold?: number | null,
  ) {
    return this.run(ctx, args, { type: 'BUILD_HOTEL', tool, gold: gold ?? 0 });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Hotel module, Site 5: Dudes into empty Hotel rooms, 2 VP each.',
  })
  hotelGuests(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('dudes', NUM) dudes: number) {
    return this.run(ctx, args, { type: 'HOTEL_GUESTS', dudes });
  }

  @Mutation(() => CommandResult, {
    description:
      "Coloma Site 4: a Wagon action along `path`; `stopBenefit` takes the final Town's Stop benefit.",
  })
  wagon(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('path', { type: () => [String] }) path: string[],
    @Args('stopBenefit', { type: () => Boolean, nullable: true }) stopBenefit?: boolean | null,
  ) {
    return this.run(ctx, args, { type: 'WAGON', path, stopBenefit: stopBenefit ?? false });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Site 5: fill Shootout row `row` (0 = nearest the Outlaws) with Gunmen.',
  })
  placeGunmen(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('row', NUM) row: number) {
    return this.run(ctx, args, { type: 'PLACE_GUNMEN', row });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Site 5: a Tent from your Lodge on an Event (1-5) or a Frontier Land.',
  })
  placeTent(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('event', OPT_NUM) event?: number | null,
    @Args('land', OPT_STR) land?: string | null,
  ) {
    return this.run(ctx, args, { type: 'PLACE_TENT', event: event ?? null, land: land ?? null });
  }

  @Mutation(() => CommandResult, { description: 'Coloma Site 5 Boom: gain 1 Tent.' })
  gainTent(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'GAIN_TENT' });
  }

  @Mutation(() => CommandResult, {
    description:
      'Coloma: use ability `index` (0|1) of a Town Building in your tableau, with what its cost or effect names.',
  })
  ability(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('card') card: string,
    @Args('index', NUM) index: number,
    @Args('gold', OPT_NUM) gold?: number | null,
    @Args('discard', OPT_STR) discard?: string | null,
    @Args('to', OPT_STR) to?: string | null,
    @Args('event', OPT_NUM) event?: number | null,
    @Args('land', OPT_STR) land?: string | null,
    @Args('from', OPT_NUM) from?: number | null,
  ) {
    return this.run(ctx, args, {
      type: 'ABILITY',
      card,
      index,
      gold: gold ?? 0,
      discard: discard ?? null,
      to: to ?? 'BOTTOM',
      event: event ?? null,
      land: land ?? null,
      from: from ?? null,
    });
  }

  @Mutation(() => CommandResult, { description: 'Coloma: use your unused Barrel at `index`.' })
  useBarrel(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('index', NUM) index: number) {
    return this.run(ctx, args, { type: 'USE_BARREL', index });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Robber: a Wagon action, without moving, for 3 Mine-Cart Gold.',
  })
  rob(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'ROB' });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Homesteader: a Tent builds this card from hand at its Saw cost.',
  })
  homestead(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('card') card: string) {
    return this.run(ctx, args, { type: 'HOMESTEAD', card });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Maverick: discard a card (to TOP|BOTTOM) for 1 BUCKS or 1 DUDES.',
  })
  maverick(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('discard') discard: string,
    @Args('gain') gain: string,
    @Args('to', OPT_STR) to?: string | null,
  ) {
    return this.run(ctx, args, { type: 'MAVERICK', discard, gain, to: to ?? 'BOTTOM' });
  }

  @Mutation(() => CommandResult, {
    description: 'Coloma Vigilante: discard a used Barrel to fill Shootout row `row`.',
  })
  vigilante(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('row', NUM) row: number) {
    return this.run(ctx, args, { type: 'VIGILANTE', row });
  }

  @Mutation(() => CommandResult, { description: 'Coloma: end your turn.' })
  finishTurn(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'FINISH_TURN' });
  }
}
