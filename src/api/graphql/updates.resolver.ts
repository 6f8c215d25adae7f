/** The gameUpdated subscription: each subscriber gets events and view redacted for its own seat. */
import { Args, Context, ID, Int, Resolver, Subscription } from '@nestjs/graphql';
import { GameError } from '../../play/errors';
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

/** How far behind `afterVersion` may be (the catch-up is one message). */
const MAX_CATCH_UP = 500;

/**
 * `catchUp` (if any) first, then the live updates that start at or after `read` (the game as read
 * when the subscription started): a commit is atomic, so one the catch-up covers started before
 * that version. An update that changes only the status (an abort: no event) at that version is
 * passed on unless the read already showed that status.
 */
function resumed(
  live: AsyncIterableIterator<GameUpdate>,
  catchUp: GameUpdate | null,
  read: { version: number; status: string },
): AsyncIterableIterator<GameUpdate> {
  let first = catchUp;
  const iterator: AsyncIterableIterator<GameUpdate> = {
    async next() {
      if (first) {
        const value = first;
        first = null;
        return { value, done: false };
      }
      for (;;) {
        const r = await live.next();
        if (r.done) return r;
        const u = r.value;
        if (u.fromVersion > read.version) return r;
        if (u.fromVersion === read.version && (u.version > u.fromVersion || u.status !== read.status))
          return r;
      }
    },
    return: () => live.return!(),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

@Resolver()
export class UpdatesResolver {
  /** Relayed updates are one object per process for all its subscribers: rebuild each once. */
  private readonly relayed = new WeakMap<GameUpdate, Promise<{ engine: AnyGameEngine; state: unknown }>>();
  /** A resumed subscription's first message: its reads take their turn with the operation's others. */
  private readonly catchUps = new WeakSet<GameUpdate>();

  constructor(
    private readonly play: PlayService,
    private readonly hub: GameUpdateHub,
    private readonly callers: CallerService,
    private readonly metrics: MetricsService,
  ) {}

  @Subscription(() => GameUpdatePayload, {
    description: 'Every change of a game: new version, the events and the view, redacted for your seat.',
    resolve(this: UpdatesResolver, update: GameUpdate, _args: unknown, ctx: GqlContext) {
      return this.catchUps.has(update)
        ? ctx.gameRead(() => this.present(update, ctx))
        : this.present(update, ctx);
    },
  })
  async gameUpdated(
    @Args('gameId', { type: () => ID, description: 'The game to follow.' }) gameId: string,
    @Context() ctx: GqlContext,
    @Args('afterVersion', {
      type: () => Int,
      nullable: true,
      description: `Resume after this version: the first message then carries every event after it up to the game's version when the subscription started (with the view at that version), and later messages follow without a gap. Without it, only changes after the start are sent. At most ${MAX_CATCH_UP} versions behind (read \`events\` first otherwise).`,
    })
    afterVersion: number | null,
  ): Promise<AsyncIterableIterator<GameUpdate>> {
    await ctx.caller(); // reject a bad token at subscribe time
    if (afterVersion !== null && afterVersion !== undefined && afterVersion < 0)
      throw new GameError('VALIDATION', 'afterVersion must be 0 or more', { field: 'afterVersion' });
    await this.play.getGame(gameId); // NOT_FOUND for unknown games
    this.metrics.subscriptions.inc();
    // Listening starts before the version is read, so no commit falls between the two.
    const live = gameUpdates(this.hub, gameId, undefined, () => this.metrics.subscriptions.dec());
    if (afterVersion === null || afterVersion === undefined) return live;
    try {
      const game = await this.play.getGame(gameId);
      if (afterVersion > game.version)
        throw new GameError('VALIDATION', `afterVersion ${afterVersion} is ahead of the game`, {
          field: 'afterVersion',
          currentVersion: game.version,
        });
      if (game.version - afterVersion > MAX_CATCH_UP)
        throw new GameError('VALIDATION', `afterVersion is more than ${MAX_CATCH_UP} versions behind`, {
          field: 'afterVersion',
          currentVersion: game.version,
        });
      const catchUp: GameUpdate | null =
        game.version > afterVersion
          ? { gameId, fromVersion: afterVersion, version: game.version, status: game.status }
          : null;
      if (catchUp) this.catchUps.add(catchUp);
      return resumed(live, catchUp, game);
    } catch (e) {
      await live.return?.();
      throw e;
    }
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
