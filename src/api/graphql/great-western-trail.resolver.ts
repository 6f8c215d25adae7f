/**
 * Typed mutations for Great Western Trail (2nd edition). Each builds one engine command; which
 * are legal now is in Game.legalCommands, and src/games/great-western-trail/README.md lists the
 * decisions each command answers. Ids (trail locations, cards, buildings, cities, discs) are the
 * engine's, checked by the engine (VALIDATION with ruleCode INVALID_COMMAND or the rule's code).
 */
import { Args, Context, Float, Int, Mutation, Resolver } from '@nestjs/graphql';
import { PlayService } from '../../play/play.service';
import { CommandGateway } from '../command-gateway';
import { CommandArgs, runTypedCommand } from './command-args';
import type { GqlContext } from './context';
import { CommandResult } from './models';

const GAME = 'great-western-trail';

@Resolver()
export class GreatWesternTrailResolver {
  constructor(
    readonly play: PlayService,
    readonly commands: CommandGateway,
  ) {}

  private run(ctx: GqlContext, args: CommandArgs, command: Record<string, unknown>) {
    return runTypedCommand(this, ctx, GAME, args, command);
  }

  @Mutation(() => CommandResult, {
    description: 'GWT first turn: put your herder on a neutral building (e.g. N-A).',
  })
  startAt(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('location') location: string) {
    return this.run(ctx, args, { type: 'START_AT', location });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT phase A: move the herder along `path` (every trail node entered, destination last).',
  })
  moveHerder(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('path', { type: () => [String] }) path: string[],
  ) {
    return this.run(ctx, args, { type: 'MOVE_HERDER', path });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT phase B: use local action `index` of the location (each once, any order).',
  })
  useAction(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('index', { type: () => Int }) index: number,
  ) {
    return this.run(ctx, args, { type: 'USE_ACTION', index });
  }

  @Mutation(() => CommandResult, {
    description:
      "GWT: an auxiliary action (AUX1..AUX5): single instead of a location's local actions, or single/double when an action offers one.",
  })
  useAuxiliary(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('action') action: string,
    @Args('double', { type: () => Boolean, nullable: true }) double?: boolean,
  ) {
    return this.run(ctx, args, { type: 'USE_AUXILIARY', action, double: double ?? false });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: end phase B; phase C refills your hand and the next player goes.',
  })
  endTurn(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'END_TURN' });
  }

  @Mutation(() => CommandResult, { description: 'GWT: decline the optional decision asked now.' })
  skip(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'SKIP' });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT, any time in your turn: return an exchange token, draw 2 cards, then discard 2.',
  })
  useExchangeToken(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'USE_EXCHANGE_TOKEN' });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: discard these cards (down to 4 on the first turn, or after drawing).',
  })
  discard(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('cards', { type: () => [String] }) cards: string[],
  ) {
    return this.run(ctx, args, { type: 'DISCARD', cards });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: discard the cards an action asks for, to get its reward.',
  })
  discardForReward(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('cards', { type: () => [String] }) cards: string[],
  ) {
    return this.run(ctx, args, { type: 'DISCARD_FOR_REWARD', cards });
  }

  @Mutation(() => CommandResult, { description: 'GWT: take option `option` of a choose-one action.' })
  chooseOne(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('option', { type: () => Int }) option: number,
  ) {
    return this.run(ctx, args, { type: 'CHOOSE_ONE', option });
  }

  @Mutation(() => CommandResult, {
    description: "GWT: draw this many cards (up to the action's number), then discard as many.",
  })
  drawCards(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('count', { type: () => Int }) count: number,
  ) {
    return this.run(ctx, args, { type: 'DRAW_CARDS', count });
  }

  @Mutation(() => CommandResult, { description: 'GWT: remove these cards in hand from the game.' })
  removeCards(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('cards', { type: () => [String] }) cards: string[],
  ) {
    return this.run(ctx, args, { type: 'REMOVE_CARDS', cards });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: take an objective card from the display (its id), or the top of the deck (null).',
  })
  takeObjective(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('card', { type: () => String, nullable: true }) card?: string | null,
  ) {
    return this.run(ctx, args, { type: 'TAKE_OBJECTIVE', card: card ?? null });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: play an objective card from your hand (before phase A or between actions).',
  })
  playObjective(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('card') card: string) {
    return this.run(ctx, args, { type: 'PLAY_OBJECTIVE', card });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: do the immediate action of the objective card just played.',
  })
  objectiveAction(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'OBJECTIVE_ACTION' });
  }

  @Mutation(() => CommandResult, {
    description:
      'GWT, at the end: the objective cards of your deck to add to your objective area; the others leave the game.',
  })
  chooseFinalObjectives(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('add', { type: () => [String] }) add: string[],
  ) {
    return this.run(ctx, args, { type: 'CHOOSE_FINAL_OBJECTIVES', add });
  }

  @Mutation(() => CommandResult, { description: 'GWT: hire the worker at job-market row/col (0-based).' })
  hireWorker(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('row', { type: () => Int }) row: number,
    @Args('col', { type: () => Int }) col: number,
  ) {
    return this.run(ctx, args, { type: 'HIRE_WORKER', row, col });
  }

  @Mutation(() => CommandResult, {
    description:
      'GWT buy cattle, one purchase at a time: buying option `option` (index) for these market cards.',
  })
  buyCattle(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('option', { type: () => Int }) option: number,
    @Args('cards', { type: () => [String] }) cards: string[],
  ) {
    return this.run(ctx, args, { type: 'BUY_CATTLE', option, cards });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT buy cattle: spend an unused cowboy to draw 2 market cards.',
  })
  drawMarketCards(@Context() ctx: GqlContext, @Args() args: CommandArgs) {
    return this.run(ctx, args, { type: 'DRAW_MARKET_CARDS' });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: place (or replace one of yours with) a player building on a trail slot.',
  })
  placeBuilding(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('building') building: string,
    @Args('location') location: string,
  ) {
    return this.run(ctx, args, { type: 'PLACE_BUILDING', building, location });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT building 6b: use the adjacent building at this location.',
  })
  useAdjacentBuilding(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('location') location: string,
  ) {
    return this.run(ctx, args, { type: 'USE_ADJACENT_BUILDING', location });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT building 6b: use local action `index` of the adjacent building.',
  })
  useAdjacentAction(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('index', { type: () => Int }) index: number,
  ) {
    return this.run(ctx, args, { type: 'USE_ADJACENT_ACTION', index });
  }

  @Mutation(() => CommandResult, { description: 'GWT: take the bandit at this bandit slot and its bounty.' })
  collectBounty(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('location') location: string) {
    return this.run(ctx, args, { type: 'COLLECT_BOUNTY', location });
  }

  @Mutation(() => CommandResult, { description: 'GWT: take the hazard at this trail slot.' })
  removeHazard(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('location') location: string) {
    return this.run(ctx, args, { type: 'REMOVE_HAZARD', location });
  }

  @Mutation(() => CommandResult, {
    description: "GWT: an action's herder move along `path` (destination last).",
  })
  moveHerderForward(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('path', { type: () => [String] }) path: string[],
  ) {
    return this.run(ctx, args, { type: 'MOVE_HERDER_FORWARD', path });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: stop your engine on track position `to` (n, or n.5 for a station turnout).',
  })
  moveTrain(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('to', { type: () => Float }) to: number,
  ) {
    return this.run(ctx, args, { type: 'MOVE_TRAIN', to });
  }

  @Mutation(() => CommandResult, {
    description:
      'GWT: upgrade the station with this disc: a disc id from your board, or, when none can be taken, a station id to move your disc from (D3); `station` only for building 9b.',
  })
  upgradeStation(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('disc') disc: string,
    @Args('station', { type: () => String, nullable: true }) station?: string,
  ) {
    return this.run(ctx, args, {
      type: 'UPGRADE_STATION',
      disc,
      ...(station ? { station } : {}),
    });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT: take the station master, paying the rightmost worker of this row.',
  })
  takeStationMaster(@Context() ctx: GqlContext, @Args() args: CommandArgs, @Args('worker') worker: string) {
    return this.run(ctx, args, { type: 'TAKE_STATION_MASTER', worker });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT Kansas City foresight: take tile `index` (0 or 1) of the current column.',
  })
  foresight(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('index', { type: () => Int }) index: number,
  ) {
    return this.run(ctx, args, { type: 'FORESIGHT', index });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT Kansas City income: spend this many temporary certificates.',
  })
  spendCertificates(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('count', { type: () => Int }) count: number,
  ) {
    return this.run(ctx, args, { type: 'SPEND_CERTIFICATES', count });
  }

  @Mutation(() => CommandResult, {
    description: 'GWT Simmental variant: upgrade this many level-1 and level-2 Simmentals in hand.',
  })
  upgradeSimmental(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('fromLevel1', { type: () => Int }) fromLevel1: number,
    @Args('fromLevel2', { type: () => Int }) fromLevel2: number,
  ) {
    return this.run(ctx, args, { type: 'UPGRADE_SIMMENTAL', fromLevel1, fromLevel2 });
  }

  @Mutation(() => CommandResult, {
    description:
      'GWT Kansas City delivery: deliver to `city` with this disc (a disc id, a station id to move a disc from, or null).',
  })
  deliver(
    @Context() ctx: GqlContext,
    @Args() args: CommandArgs,
    @Args('city') city: string,
    @Args('disc', { type: () => String, nullable: true }) disc?: string | null,
  ) {
    return this.run(ctx, args, { type: 'DELIVER', city, disc: disc ?? null });
  }
}
