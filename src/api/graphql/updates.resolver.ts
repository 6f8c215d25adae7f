/** The gameUpdated subscription: each subscriber gets events and view redacted for its own seat. */
import { Args, Context, Resolver, Subscription } from '@nestjs/graphql';
import { CallerService } from '../../auth/caller.service';
import { GameUpdateHub } from '../../notifications/game-update-hub';
import { gameUpdates } from '../../notifications/hub-iterator';
import { PlayService, type GameUpdate } from '../../play/play.service';
import { presentEvent } from '../presenters';
import type { GqlContext } from './context';
import { GameStatusGql, GameUpdatePayload } from './models';
import { MetricsService } from '../../ops/metrics.service';

@Resolver()
export class UpdatesResolver {
  constructor(
    private readonly play: PlayService,
    private readonly hub: GameUpdateHub,
    private readonly callers: CallerService,
    private readonly metrics: MetricsService,
  ) {}

  @Subscription(() => GameUpdatePayload, {
    description: 'Every change of a game: new version, the events and the view, redacted for your seat.',
    resolve(this: UpdatesResolver, update: GameUpdate, _args: unknown, ctx: GqlContext) {
      return this.present(update, ctx);
    },
  })
  async gameUpdated(
    @Args('gameId') gameId: string,
    @Context() ctx: GqlContext,
  ): Promise<AsyncIterableIterator<GameUpdate>> {
    await ctx.caller(); // reject a bad token at subscribe time
    await this.play.getGame(gameId); // NOT_FOUND for unknown games
    this.metrics.subscriptions.inc();
    return gameUpdates(this.hub, gameId, undefined, () => this.metrics.subscriptions.dec());
  }

  private async present(update: GameUpdate, ctx: GqlContext): Promise<GameUpdatePayload> {
    const viewer = this.callers.viewerFor(await ctx.caller(), update.gameId);
    const base = {
      gameId: update.gameId,
      fromVersion: update.fromVersion,
      version: update.version,
      status: update.status as GameStatusGql,
    };
    if (update.local) {
      const { engine, stateBefore, state, events } = update.local;
      const visible = this.play.redactBatch(engine, stateBefore, events, viewer);
      return {
        ...base,
        events: events.map((e, i) => presentEvent(e, visible[i])),
        view: engine.view(state, viewer),
        activeSeats: engine.result(state)
          ? []
          : [...new Set(engine.pending(state).map((p) => p.seat))].sort((a, b) => a - b),
      };
    }
    // Relayed from another process: read what this subscriber may see from the database.
    const rows =
      update.version > update.fromVersion
        ? await this.play.eventsFor(
            update.gameId,
            viewer,
            update.fromVersion,
            update.version - update.fromVersion,
          )
        : [];
    const { engine, state, record } = await this.play.load(update.gameId);
    return {
      ...base,
      events: rows.map((r) => presentEvent(r.event, r.visible)),
      view: state === null ? null : engine.view(state, viewer),
      activeSeats: record.activeSeats,
    };
  }
}
