/** GraphQL of correspondence play: deadlines, pause/vacation, resume, bots, webhooks, dead letters. */
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { presentGame, type GameDto } from '../presenters';
import { CorrespondenceGateway, failedJobCursor, keyCursor } from '../correspondence-gateway';
import type { GqlContext } from './context';
import { forwardPage } from './connection';
import { FailedJobConnection, WebhookDeliveryConnection } from './correspondence-connections.models';
import { FailedJob, GameDeadlines, Webhook, WebhookDelivery } from './correspondence.models';
import { BotLevelGql, Game } from './models';

@Resolver(() => Game)
export class CorrespondenceResolver {
  constructor(private readonly gateway: CorrespondenceGateway) {}

  @Query(() => GameDeadlines, { description: "Every seat's clock: deadline, bank, pause and vacation." })
  deadlines(@Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string) {
    return this.gateway.deadlines(gameId);
  }

  @ResolveField('deadlines', () => GameDeadlines, {
    description: "Every seat's clock (see Query.deadlines).",
  })
  gameDeadlines(@Parent() game: GameDto) {
    return this.gateway.deadlines(game.id);
  }

  @Mutation(() => GameDeadlines, {
    description:
      "Take the caller's seat back from the bot that played it after a timeout; its clock restarts.",
  })
  async resume(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
  ) {
    return this.gateway.resume(await ctx.caller(), gameId);
  }

  @Mutation(() => GameDeadlines, {
    description: 'Same as resume: a person claims its seat back from the bot.',
  })
  async claimSeat(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
  ) {
    return this.gateway.resume(await ctx.caller(), gameId);
  }

  @Mutation(() => Game, {
    description:
      "Put a bot on a seat: in LOBBY an open seat (by any seat of the game or the host token) or the caller's own becomes a BOT seat; in an ACTIVE game the caller hands its own seat to a bot until it resumes.",
  })
  async addBot(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
    @Args('seat', { type: () => Int, description: 'The seat the bot takes.' }) seat: number,
    @Args('botLevel', {
      type: () => BotLevelGql,
      nullable: true,
      description: "The bot's level (default RANDOM).",
    })
    botLevel?: BotLevelGql,
    @Args('level', {
      type: () => String,
      nullable: true,
      description: 'The level as a string.',
      deprecationReason: 'Use `botLevel` (the BotLevel enum).',
    })
    level?: string,
  ): Promise<GameDto> {
    return presentGame(
      await this.gateway.addBot(await ctx.caller(), gameId, seat, botLevel ?? level ?? null),
    );
  }

  @Mutation(() => GameDeadlines, {
    description: "The caller's seat votes to pause; the clocks stop when every person agreed.",
  })
  async pauseGame(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
  ) {
    return this.gateway.pause(await ctx.caller(), gameId);
  }

  @Mutation(() => GameDeadlines, {
    description: 'End a pause (any seat); deadlines move by the time paused.',
  })
  async unpauseGame(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
  ) {
    return this.gateway.unpause(await ctx.caller(), gameId);
  }

  @Mutation(() => GameDeadlines, {
    description: "Take vacation days from the seat's allowance: its deadlines move.",
  })
  async vacation(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
    @Args('days', { type: () => Int, description: 'Whole days to take (1 or more).' }) days: number,
  ) {
    return this.gateway.vacation(await ctx.caller(), gameId, days);
  }

  @Mutation(() => Webhook, {
    description:
      'Register a reminder webhook for the game (seat null) or one seat: signed JSON POSTs (X-Saloon-Signature: sha256=HMAC of the raw body).',
  })
  async registerWebhook(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
    @Args('url', { description: 'The https URL the POSTs go to.' }) url: string,
    @Args('secret', { description: 'The HMAC-SHA256 key of X-Saloon-Signature.' }) secret: string,
    @Args('events', {
      type: () => [String],
      nullable: true,
      description: 'YOUR_TURN, DEADLINE_SOON, TIMED_OUT, GAME_OVER (default all).',
    })
    events?: string[],
    @Args('seat', { type: () => Int, nullable: true, description: 'Only this seat (null: every seat).' })
    seat?: number,
  ) {
    return this.gateway.registerWebhook(await ctx.caller(), { gameId, url, secret, events, seat });
  }

  @Query(() => [Webhook], { description: "The game's webhooks (a seat token of the game)." })
  async webhooks(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
  ) {
    return this.gateway.listWebhooks(await ctx.caller(), gameId);
  }

  @Query(() => WebhookDeliveryConnection, {
    description:
      "The game's webhook delivery log, newest first (a Relay connection; a seat token of the game).",
  })
  async webhookDeliveryConnection(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: 'Page size (1-500).' })
    first = 50,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' })
    after?: string,
  ): Promise<WebhookDeliveryConnection> {
    const page = await this.gateway.deliveryPage(await ctx.caller(), gameId, first, after);
    const nodes = page.nodes as unknown as WebhookDelivery[];
    return forwardPage(nodes, (d) => keyCursor(d.createdAt, d.id), page.hasNextPage);
  }

  @Query(() => FailedJobConnection, {
    description:
      "Operators: jobs that used all their attempts, newest failure first (a Relay connection; needs operatorToken = the server's OPERATOR_TOKEN; closed when that is unset).",
  })
  async failedJobConnection(
    @Args('queue', {
      type: () => String,
      nullable: true,
      description: 'Only this queue: bot-turns, turn-timeouts or reminders.',
    })
    queue?: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: 'Page size (1-500).' })
    first = 50,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' })
    after?: string,
    @Args('operatorToken', {
      type: () => String,
      nullable: true,
      description: "The server's OPERATOR_TOKEN.",
    })
    operatorToken?: string,
  ): Promise<FailedJobConnection> {
    const page = await this.gateway.failedJobPage(operatorToken, queue, first, after);
    const nodes = page.nodes as unknown as FailedJob[];
    return forwardPage(nodes, failedJobCursor, page.hasNextPage);
  }

  @Query(() => [WebhookDelivery], {
    description: "The game's webhook delivery log, newest first.",
    deprecationReason: 'Use webhookDeliveryConnection (a Relay connection of the same deliveries).',
  })
  async webhookDeliveries(
    @Context() ctx: GqlContext,
    @Args('gameId', { type: () => ID, description: 'The game.' }) gameId: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: 'At most this many.' })
    first = 50,
  ) {
    return this.gateway.deliveries(await ctx.caller(), gameId, first);
  }

  @Query(() => [FailedJob], {
    description:
      "Operators: jobs that used all their attempts (needs operatorToken = the server's OPERATOR_TOKEN; closed when that is unset).",
    deprecationReason: 'Use failedJobConnection (a Relay connection of the same jobs).',
  })
  failedJobs(
    @Args('queue', {
      type: () => String,
      nullable: true,
      description: 'Only this queue: bot-turns, turn-timeouts or reminders.',
    })
    queue?: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50, description: 'At most this many.' })
    first = 50,
    @Args('operatorToken', {
      type: () => String,
      nullable: true,
      description: "The server's OPERATOR_TOKEN.",
    })
    operatorToken?: string,
  ) {
    return this.gateway.failedJobs(operatorToken, queue, first);
  }
}
