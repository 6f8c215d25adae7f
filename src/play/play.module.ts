/**
 * Nest wiring of the play layer: the registry of games, the event store, the command pipeline,
 * the update hub (with a Redis relay when REDIS_URL is set) and the in-process bot runner.
 */
import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { CallerService } from '../auth/caller.service';
import { PrismaService } from '../database/prisma.service';
import type { Clock } from './clock';
import { sqlFor } from '../database/sql';
import { EventStore } from '../event-store/event-store';
import type { GameDefinition } from '../games/bots';
import type { AnyGameEngine } from '../games/engine';
import { ALL_GAMES } from '../games/index';
import { GameRegistry } from '../games/registry';
import { GameUpdateHub } from '../notifications/game-update-hub';
import { RedisUpdateRelay } from '../notifications/redis-relay';
import { InlineBotRunner } from '../scheduling/inline-bot-runner';
import { PlayService } from './play.service';

export const PLAY_OPTIONS = Symbol('saloon:PLAY_OPTIONS');

export interface PlayModuleOptions {
  /** The games to host (default: all); a bare engine gets the RANDOM bot only. */
  engines?: (GameDefinition | AnyGameEngine)[];
  redisUrl?: string | null;
  inlineBots?: boolean;
  /** Accept client seeds and test-only options (ALLOW_TEST_CONTROLS; tests, benchmarks). */
  allowTestControls?: boolean;
  /** The time of moves and seat clocks (default: the system clock; tests pass one they advance). */
  clock?: Clock;
}

class PlayLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(PlayService) private readonly play: PlayService,
    @Inject(GameUpdateHub) private readonly hub: GameUpdateHub,
    @Inject(InlineBotRunner) private readonly bots: InlineBotRunner | null,
    @Inject(PLAY_OPTIONS) private readonly options: PlayModuleOptions,
  ) {}

  onModuleInit(): void {
    this.play.addListener({ onGameUpdated: (update) => this.hub.publish(update) });
    if (this.bots && this.options.inlineBots !== false) this.play.addListener(this.bots);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bots?.stop();
    await this.hub.close();
  }
}

@Global()
@Module({})
export class PlayModule {
  static forRoot(options: PlayModuleOptions = {}): DynamicModule {
    return {
      module: PlayModule,
      providers: [
        { provide: PLAY_OPTIONS, useValue: options },
        { provide: GameRegistry, useFactory: () => new GameRegistry(options.engines ?? ALL_GAMES) },
        {
          provide: EventStore,
          useFactory: (db: PrismaService) => new EventStore(db.client, sqlFor(db.database)),
          inject: [PrismaService],
        },
        {
          provide: PlayService,
          useFactory: (db: PrismaService, store: EventStore, registry: GameRegistry) =>
            new PlayService(db.client, store, registry, {
              allowTestControls: options.allowTestControls ?? false,
              ...(options.clock && { clock: options.clock }),
            }),
          inject: [PrismaService, EventStore, GameRegistry],
        },
        {
          provide: GameUpdateHub,
          useFactory: async () => {
            if (!options.redisUrl) return new GameUpdateHub();
            const relay = new RedisUpdateRelay(options.redisUrl);
            await relay.start();
            return new GameUpdateHub(relay);
          },
        },
        {
          provide: InlineBotRunner,
          useFactory: (play: PlayService) => new InlineBotRunner(play),
          inject: [PlayService],
        },
        CallerService,
        PlayLifecycle,
      ],
      exports: [GameRegistry, EventStore, PlayService, GameUpdateHub, CallerService],
    };
  }
}
