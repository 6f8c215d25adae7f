/**
 * Runs the analytics projection inside a server process: woken by every game update this process
 * sees (its own commits and, with REDIS_URL, the other processes' via the update hub) and by a
 * poll interval (updates from processes without Redis, aborted games, holes that closed). Safe
 * with any number of processes: see the locking in projector.ts.
 *
 * Game updates wake it at most once per ANALYTICS_BATCH_MS (default 1000): the projection is
 * asynchronous anyway, and one pass per update cost every command about seven statements of its
 * own when games were played one at a time; batched, one pass covers every command of the window.
 *
 * Environment: ANALYTICS_PROJECTOR=false disables it in this process; ANALYTICS_POLL_MS (default
 * 2000, 0 = no polling); ANALYTICS_BATCH_MS (default 1000, 0 = a pass per update).
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { GameUpdateHub } from '../notifications/game-update-hub';
import { AnalyticsProjection } from './analytics-projection';
import { Projector } from './projector';
import { sqlFor } from './sql';

@Injectable()
export class AnalyticsProjectorService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Analytics');
  readonly projector: Projector;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private warnedMissing = false;
  private timer: NodeJS.Timeout | null = null;
  private batch: NodeJS.Timeout | null = null;
  private readonly batchMs: number;
  private unsubscribe: (() => void) | null = null;
  readonly enabled: boolean;
  private readonly pollMs: number;

  constructor(
    prisma: PrismaService,
    private readonly hub: GameUpdateHub,
  ) {
    this.projector = new Projector(sqlFor(prisma.database), new AnalyticsProjection());
    this.enabled = process.env.ANALYTICS_PROJECTOR !== 'false';
    const poll = Number(process.env.ANALYTICS_POLL_MS ?? 2000);
    this.pollMs = Number.isFinite(poll) && poll >= 0 ? poll : 2000;
    const batch = Number(process.env.ANALYTICS_BATCH_MS ?? 1000);
    this.batchMs = Number.isFinite(batch) && batch >= 0 ? batch : 1000;
  }

  /** A game update: catch up within batchMs, one pass for every update of the window. */
  private wakeSoon(): void {
    if (this.batchMs === 0) return void this.wake();
    if (this.batch || this.stopped) return;
    this.batch = setTimeout(() => {
      this.batch = null;
      void this.wake();
    }, this.batchMs);
    this.batch.unref();
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    this.unsubscribe = this.hub.subscribeAll(() => this.wakeSoon());
    if (this.pollMs > 0) {
      this.timer = setInterval(() => void this.wake(), this.pollMs);
      this.timer.unref();
    }
    void this.wake();
  }

  /** Catch up now (coalesces concurrent calls); resolves when this process is caught up. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.projector.catchUp(undefined, { chase: false });
        } catch (error) {
          if (this.stopped) break;
          // 42P01: the tables are not there (a process started without migrating): say it once.
          if ((error as { code?: string }).code === '42P01') {
            if (!this.warnedMissing) this.logger.warn(`analytics tables missing (migrations not applied?)`);
            this.warnedMissing = true;
          } else {
            this.logger.error(`projection failed: ${String(error)}`);
          }
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** For tests and tools: wait for a running pass, then run one more. */
  async settle(): Promise<void> {
    if (this.running) await this.running;
    await this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.batch) clearTimeout(this.batch);
    this.unsubscribe?.();
    if (this.running) await this.running;
  }
}
