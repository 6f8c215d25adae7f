/** The gameUpdated subscription: each subscriber gets events and view redacted for its own seat. */
import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import { CallerService } from '../../auth/caller.service';
import { GameUpdateHub } from '../../notifications/game-update-hub';
import { gameUpdates } from '../../notifications/hub-iterator';
import type { AnyGameEngine } from '../../games/engine';
import { PlayService, type GameUpdate } from '../../play/play.service';
import { GAME_TYPE, presentEvent } from '../presenters';
import type { GqlContext } from './context';
import { GameStatusGql, GameUpdatePayload } from './models';
import { MetricsService } from '../../ops/metrics.service';

/** The seats prompted in `state` (none once the game is over). */
function activeSeatsOf(engine: AnyGameEngine, state: unknown): number[] {
  return engine.result(state)
    ? []
    : [...new Set(engine.pending(state).map((p) => p.seat))].sort((a, b) => a - b);
}

@Resolver()
export class UpdatesResolver {
  /** Relayed updates are one object per process for all its subscribers: rebuild each once. */
  private readonly relayed = new WeakMap<GameUpdate, Promise<{ engine: AnyGameEngine; state: unknown }>>();

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
    @Args('gameId', { type: () => ID, description: 'The game to follow.' }) gameId: string,
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
        [GAME_TYPE]: engine.type,
        events: events.map((e, i) => presentEvent(e, visible[i], engine.type)),
        view: engine.view(state, viewer),
        activeSeats: activeSeatsOf(engine, state),
      };
    }
    // Relayed from another process: read what this subscriber may see from the database, at the
    // update's own version (the game may have moved on since), never from a later read.
    const rows =
      update.version > update.fromVersion
        ? await this.play.eventsFor(
            update.gameId,
            viewer,
            update.fromVersion,
            update.version - update.fromVersion,
          )
        : [];
    const { engine, state } = await this.relayedState(update);
    return {
      ...base,
      [GAME_TYPE]: engine.type,
      events: rows.map((r) => presentEvent(r.event, r.visible, engine.type)),
      view: state === null ? null : engine.view(state, viewer),
      activeSeats: state === null ? [] : activeSeatsOf(engine, state),
    };
  }

  /** The state at a relayed update's version, rebuilt once for all of its subscribers here. */
  private relayedState(update: GameUpdate): Promise<{ engine: AnyGameEngine; state: unknown }> {
    let built = this.relayed.get(update);
    if (!built) {
      built = this.play.getGame(update.gameId).then(async (record) => {
        const engine = this.play.engineFor(record.type);
        return { engine, state: await this.play.stateAt(engine, update.gameId, update.version) };
      });
      this.relayed.set(update, built);
    }
    return built;
  }
}
