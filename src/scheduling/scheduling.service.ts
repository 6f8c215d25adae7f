/**
 * Correspondence play around the job port: turn timeouts, reminders, bot turns on the queue,
 * webhook deliveries, and the seat/clock operations of the API (deadlines, pause, vacation,
 * resume, addBot).
 *
 * One rule: what must happen next is derived from committed state, never only remembered by a
 * process, so a crash at any point (after a commit and before its enqueue, in the middle of a
 * job, after the enqueue) delays work but never loses it:
 *  1. What must happen is committed with the move that caused it. Deadlines and reminders are
 *     `timers` rows (TimerPlanner; one per (game, version, seat, kind)), webhooks are
 *     `webhook_deliveries` rows (one per (webhook, event key)), written in the move's transaction.
 *     A bot turn needs no row: it is due exactly while an ACTIVE game's prompted seat is
 *     server-played (a BOT seat, a seat under takeover, a forfeited seat), which the committed
 *     `games` and `game_seats` rows say (dueBotTurns).
 *  2. After the commit, the committing process enqueues those jobs (onGameUpdated). This is only
 *     the fast path: if the process dies first, or the enqueue fails, step 4 finds the work.
 *  3. Job ids are derived from the rows and the version (`timer.<id>.<dueAt>`,
 *     `bot.<game>.<version>.<seat>`, `webhook.<delivery>`): scheduling an id that is waiting,
 *     delayed or running is a no-op; a FINISHED job of that id (completed, or failed after its
 *     attempts) is replaced, so a job that ended without doing its work can always be queued again.
 *  4. Every consumer re-derives the whole list and schedules it again: at start (recover) and
 *     every `sweepIntervalMs` (the sweep; it leaves bot turns of games that moved within
 *     `sweepGraceMs` to step 2). On both adapters.
 *  5. A job whose process died mid-run is run again: BullMQ finds it stalled once its lock
 *     expires (BullMqScheduler); an embedded job dies with its process and step 4 re-creates it.
 *  6. Running a job twice is harmless: a bot or timeout move goes through the command pipeline
 *     with `expectedVersion` = its version and a command id derived from (game, version, seat),
 *     so a move already made gets CONFLICT (timer marked STALE) or is answered from the first
 *     (duplicate); a timer fires only while still PENDING; a delivery is sent while PENDING.
 */
import { Logger } from '@nestjs/common';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { GameError } from '../play/errors';
import { defaultBotName, type GameRecord } from '../play/game-records';
import type { GameUpdate, GameUpdateListener, PlayService } from '../play/play.service';
import type { WebhookService } from '../webhooks/webhook.service';
import { BotTurnPlayer, chooseServerMove, serverPlayedActiveSeats } from './bot-turns';
import { type FailedJob, type JobRun, type JobScheduler, jobId, type QueueName } from './job-scheduler';
import { storedTimerOptions, type TimerOptions, turnAllowanceMs } from './timer-options';
import { lockGame, type LockedGame } from './game-lock';
import { expireLateReminder, reminderKey } from './reminders';
import {
  deadlineTimers,
  REMINDER_PREFIX,
  TimerPlanner,
  timeoutCommandId,
  timerId,
  TURN_TIMEOUT,
} from './timer-planner';

export interface SchedulingOptions {
  /** Run jobs in this process (embedded: the API process; with Redis: workers only). */
  consume: boolean;
  /** Bot turns go on the bot-turns queue (INLINE_BOTS=false) instead of the in-process runner. */
  queueBots: boolean;
  /** Consumers re-scan the database for PENDING timers/deliveries and bot turns this often. */
  sweepIntervalMs: number;
  /** The sweep re-queues the bot turns of games that did not move for this long (start-up: all). */
  sweepGraceMs: number;
  /** Attempts and first backoff for timer and bot jobs. */
  attempts: number;
  backoffMs: number;
}

export interface SeatDeadline {
  seat: number;
  /** Prompted now. */
  active: boolean;
  /** The running deadline at the current version (null: not on the clock). */
  dueAt: Date | null;
  /** PENDING, PAUSED, or null when not on the clock. */
  status: string | null;
  /** BANK: time left in the bank now (ms), counting the running turn. */
  bankMs: number | null;
  botTakeover: boolean;
  forfeited: boolean;
  vacationUntil: Date | null;
  vacationDaysLeft: number;
}

export interface GameDeadlines {
  gameId: string;
  version: number;
  timer: TimerOptions | null;
  pausedAt: Date | null;
  pauseVotes: number[];
  seats: SeatDeadline[];
}

interface TimerRow {
  id: string;
  gameId: string;
  seat: number;
  version: number;
  kind: string;
  dueAt: Date;
  status: string;
}

const DAY_MS = 24 * 3600 * 1000;

export class SchedulingService implements GameUpdateListener {
  readonly planner: TimerPlanner;
  private readonly bots: BotTurnPlayer;
  private readonly logger = new Logger('Scheduling');
  private sweep: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: PrismaClient,
    private readonly play: PlayService,
    readonly scheduler: JobScheduler,
    readonly webhooks: WebhookService,
    readonly options: SchedulingOptions,
  ) {
    this.planner = new TimerPlanner(webhooks);
    this.bots = new BotTurnPlayer(play);
  }

  /** Hook into the command pipeline (every process that commits must do this). */
  attach(): void {
    this.play.addCommitHook(this.planner.hook);
    this.play.addListener(this);
  }

  /** Consume the queues (if this process does) and re-arm what the database says is pending. */
  async start(): Promise<void> {
    if (!this.options.consume) return;
    await this.scheduler.consume({
      'bot-turns': (job) => this.runBotJob(job),
      'turn-timeouts': (job) => this.runTimerJob(job),
      reminders: (job) => (job.name === 'webhook' ? this.runWebhookJob(job) : this.runTimerJob(job)),
    });
    // A failed re-arm is not fatal: the next sweep (or restart) tries again.
    await this.recover().catch((error: Error) =>
      this.logger.warn(`cannot re-arm pending jobs: ${error.message}`),
    );
    if (this.options.sweepIntervalMs > 0) {
      this.sweep = setInterval(() => {
        this.recover(this.options.sweepGraceMs).catch((error: Error) =>
          this.logger.warn(`scheduling sweep failed: ${error.message}`),
        );
      }, this.options.sweepIntervalMs);
      this.sweep.unref();
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.sweep) clearInterval(this.sweep);
    await this.scheduler.close();
  }

  // ------------------------------------------------------------ after each commit

  onGameUpdated(update: GameUpdate, game: GameRecord): Promise<void> | void {
    if (this.closed) return;
    if (update.status === 'ABORTED') return this.cancelTimers(update.gameId);
    return this.afterCommit(update.gameId, update.version, game);
  }

  /** An aborted game's deadlines will never be needed (a late job would find them stale anyway). */
  private async cancelTimers(gameId: string): Promise<void> {
    await this.db.timer.updateMany({
      where: { gameId, status: { in: ['PENDING', 'PAUSED'] } },
      data: { status: 'CANCELLED' },
    });
  }

  private async afterCommit(gameId: string, version: number, game: GameRecord): Promise<void> {
    if (game.timer) {
      const timers = await this.db.timer.findMany({ where: { gameId, version, status: 'PENDING' } });
      await Promise.all(timers.map((t) => this.scheduleTimer(t)));
    }
    if (game.webhookCount > 0) await this.scheduleDeliveries(gameId);
    if (this.options.queueBots) {
      await Promise.all(
        serverPlayedActiveSeats(game).map((seat) => this.scheduleBotTurn(gameId, version, seat)),
      );
    }
  }

  // ------------------------------------------------------------ scheduling

  scheduleTimer(t: TimerRow): Promise<void> {
    const queue: QueueName = t.kind === TURN_TIMEOUT ? 'turn-timeouts' : 'reminders';
    return this.scheduler.schedule({
      queue,
      id: jobId('timer', t.id, t.dueAt.getTime()),
      name: t.kind === TURN_TIMEOUT ? 'timeout' : 'reminder',
      data: { timerId: t.id },
      runAt: t.dueAt,
      attempts: this.options.attempts,
      backoffMs: this.options.backoffMs,
    });
  }

  scheduleBotTurn(gameId: string, version: number, seat: number): Promise<void> {
    return this.scheduler.schedule({
      queue: 'bot-turns',
      id: jobId('bot', gameId, version, seat),
      name: 'bot',
      data: { gameId, version, seat },
      attempts: this.options.attempts,
      backoffMs: this.options.backoffMs,
    });
  }

  async scheduleDeliveries(gameId?: string): Promise<void> {
    const ids = await this.webhooks.pendingDeliveryIds(gameId);
    await Promise.all(
      ids.map((id) =>
        this.scheduler.schedule({
          queue: 'reminders',
          id: jobId('webhook', id),
          name: 'webhook',
          data: { deliveryId: id },
          attempts: this.webhooks.options.attempts,
          backoffMs: this.webhooks.options.backoffMs,
        }),
      ),
    );
  }

  /**
   * Re-arm everything the database says is due (steps 1 and 4 of the header): PENDING timers and
   * deliveries, and the bot turn of every prompted server-played seat of a game that has not moved
   * for `graceMs`.
   */
  async recover(graceMs = 0): Promise<void> {
    const timers = await this.db.timer.findMany({ where: { status: 'PENDING' }, take: 100000 });
    await Promise.all(timers.map((t) => this.scheduleTimer(t)));
    await this.scheduleDeliveries();
    for (const turn of await this.dueBotTurns(graceMs))
      await this.scheduleBotTurn(turn.gameId, turn.version, turn.seat);
  }

  /** The bot turns the committed state asks for (header, step 1). */
  async dueBotTurns(graceMs = 0): Promise<{ gameId: string; version: number; seat: number }[]> {
    const rows = await this.db.$queryRaw<{ id: string; version: number; seat: number }[]>`
      SELECT g.id, g.version, s.seat
      FROM games g JOIN game_seats s ON s.game_id = g.id
      WHERE g.status = 'ACTIVE' AND s.seat = ANY (g.active_seats)
        AND (s.kind = 'BOT' OR s.bot_takeover OR s.forfeited)
        AND g.updated_at <= now() - ${Math.max(0, Math.round(graceMs))}::int * interval '1 millisecond'
      ORDER BY g.updated_at, g.id, s.seat
      LIMIT 10000`;
    return rows.map((r) => ({ gameId: r.id, version: Number(r.version), seat: Number(r.seat) }));
  }

  /** Play a server-held seat now: on the queue, or in this process when bots run inline. */
  private async kickBot(gameId: string, version: number, seat: number): Promise<void> {
    if (this.options.queueBots || this.options.consume) return this.scheduleBotTurn(gameId, version, seat);
    void this.bots.playTurn(gameId, version, seat).catch((error) => console.error('bot turn failed', error));
  }

  // ------------------------------------------------------------ job handlers

  private async runBotJob(job: JobRun): Promise<void> {
    await this.bots.playTurn(String(job.data.gameId), Number(job.data.version), Number(job.data.seat));
  }

  private async runWebhookJob(job: JobRun): Promise<void> {
    const id = String(job.data.deliveryId);
    if (await expireLateReminder(this.db, id, new Date())) return;
    await this.webhooks.deliver(id, job.attempt, job.maxAttempts);
  }

  private async runTimerJob(job: JobRun): Promise<void> {
    const id = String(job.data.timerId);
    try {
      const t = await this.db.timer.findUnique({ where: { id } });
      if (!t || t.status !== 'PENDING') return;
      if (t.dueAt.getTime() > Date.now() + 20) return this.scheduleTimer(t); // moved (vacation, unpause)
      if (t.kind === TURN_TIMEOUT) await this.fireTimeout(t);
      else await this.fireReminder(t);
    } catch (error) {
      const last = job.attempt >= job.maxAttempts;
      await this.db.timer
        .updateMany({
          where: { id, status: 'PENDING' },
          data: {
            attempts: { increment: 1 },
            lastError: error instanceof Error ? error.message : String(error),
            ...(last && { status: 'FAILED' }),
          },
        })
        .catch(() => undefined);
      throw error;
    }
  }

  private async markStale(id: string): Promise<void> {
    await this.db.timer.updateMany({ where: { id, status: 'PENDING' }, data: { status: 'STALE' } });
  }

  /** The seat's deadline passed: apply the game's policy through the command pipeline. */
  private async fireTimeout(t: TimerRow): Promise<void> {
    const loaded = await this.play.load(t.gameId);
    const { record } = loaded;
    const options = storedTimerOptions(record.timer);
    const holder = record.seats[t.seat];
    if (
      !options ||
      record.status !== 'ACTIVE' ||
      record.version !== t.version ||
      !record.activeSeats.includes(t.seat) ||
      !holder ||
      holder.kind !== 'HUMAN' ||
      holder.botTakeover ||
      holder.forfeited
    ) {
      return this.markStale(t.id);
    }
    if (record.pausedAt) return; // paused meanwhile: the unpause re-arms it
    const commandId = timeoutCommandId(t.gameId, t.version, t.seat);
    const move = chooseServerMove(
      this.play,
      loaded,
      t.seat,
      options.policy === 'BOT_TAKEOVER' ? 'BOT' : 'TIMEOUT',
      commandId,
    );
    if (!move) {
      // Nothing the seat could send: apply the policy without a move.
      await this.db.$transaction([
        this.db.timer.updateMany({
          where: { id: t.id, status: 'PENDING' },
          data: { status: 'FIRED', firedAt: new Date() },
        }),
        this.db.gameSeat.updateMany({
          where: { gameId: t.gameId, seat: t.seat, game: { version: t.version } },
          data:
            options.policy === 'BOT_TAKEOVER'
              ? { botTakeover: true }
              : options.policy === 'FORFEIT'
                ? { forfeited: true }
                : {},
        }),
      ]);
      return;
    }
    try {
      await this.play.submitCommand(
        {
          gameId: t.gameId,
          seat: t.seat,
          actor: 'TIMER',
          expectedVersion: t.version,
          commandId,
          note: { ...(move.note as object), timeout: options.policy, deadline: t.dueAt.toISOString() },
        },
        move.command,
      );
    } catch (error) {
      if (
        error instanceof GameError &&
        (error.code === 'CONFLICT' || error.code === 'INVALID_STATE' || error.code === 'NOT_YOUR_TURN')
      ) {
        // The seat (or another) moved first, or the deadline changed meanwhile (vacation, pause,
        // takeover): a deadline moved later is armed again, anything else is stale.
        const now = await this.db.timer.findUnique({ where: { id: t.id } });
        if (now?.status === 'PENDING' && now.dueAt.getTime() > Date.now() + 20)
          return this.scheduleTimer(now);
        return this.markStale(t.id);
      }
      throw error;
    }
  }

  /**
   * A DEADLINE_SOON reminder: sent once per deadline (the delivery key names the deadline, so a
   * reminder carried to a later version of the same move is not sent twice), and never once its
   * deadline has passed.
   */
  private async fireReminder(t: TimerRow): Promise<void> {
    const record = await this.play.getGame(t.gameId);
    if (record.status !== 'ACTIVE' || record.version !== t.version || !record.activeSeats.includes(t.seat))
      return this.markStale(t.id);
    if (record.pausedAt) return;
    const deadline = await this.db.timer.findUnique({
      where: { id: timerId(t.gameId, t.version, t.seat, TURN_TIMEOUT) },
    });
    if (!deadline || deadline.status !== 'PENDING' || deadline.dueAt.getTime() <= Date.now())
      return this.markStale(t.id); // too late to be of use
    const secondsBefore = Number(t.kind.slice(REMINDER_PREFIX.length));
    await this.db.$transaction(async (tx) => {
      const claimed = await tx.timer.updateMany({
        where: { id: t.id, status: 'PENDING' },
        data: { status: 'FIRED', firedAt: new Date() },
      });
      if (claimed.count !== 1 || record.webhookCount === 0) return;
      await this.webhooks.enqueue(
        tx,
        t.gameId,
        'DEADLINE_SOON',
        reminderKey(t.seat, deadline.dueAt, secondsBefore),
        t.seat,
        {
          version: t.version,
          deadline: deadline.dueAt.toISOString(),
          hoursLeft: Math.round((secondsBefore / 3600) * 100) / 100,
          secondsLeft: secondsBefore,
          at: new Date().toISOString(),
        },
      );
    });
    if (record.webhookCount > 0) await this.scheduleDeliveries(t.gameId);
  }

  // ------------------------------------------------------------ API operations

  async deadlines(gameId: string): Promise<GameDeadlines> {
    const row = await this.db.game.findUnique({ where: { id: gameId }, include: { seats: true } });
    if (!row) throw new GameError('NOT_FOUND', `no game ${gameId}`);
    const options = storedTimerOptions(row.timerOptions);
    const timers = await this.db.timer.findMany({
      where: { gameId, version: row.version, kind: TURN_TIMEOUT, status: { in: ['PENDING', 'PAUSED'] } },
    });
    const now = this.play.clock.now();
    const seats = row.seats
      .slice()
      .sort((a, b) => a.seat - b.seat)
      .map((s): SeatDeadline => {
        const t = timers.find((x) => x.seat === s.seat);
        let bankMs: number | null = null;
        if (options?.mode === 'BANK') {
          const bank = s.clockMs === null ? options.initialSeconds! * 1000 : Number(s.clockMs);
          const running = s.turnStartedAt && !row.pausedAt ? Math.max(0, now - s.turnStartedAt.getTime()) : 0;
          bankMs = Math.max(0, bank - running);
        }
        return {
          seat: s.seat,
          active: row.status === 'ACTIVE' && row.activeSeats.includes(s.seat),
          dueAt: t?.dueAt ?? null,
          status: t?.status ?? null,
          bankMs,
          botTakeover: s.botTakeover,
          forfeited: s.forfeited,
          vacationUntil: s.vacationUntil,
          vacationDaysLeft: Math.max(0, (options?.vacationDays ?? 0) - s.vacationDaysUsed),
        };
      });
    return {
      gameId,
      version: row.version,
      timer: options,
      pausedAt: row.pausedAt,
      pauseVotes: row.pauseVotes,
      seats,
    };
  }

  private async timedGame(gameId: string): Promise<{ record: GameRecord; options: TimerOptions }> {
    const record = await this.play.getGame(gameId);
    const options = storedTimerOptions(record.timer);
    if (!options) throw new GameError('INVALID_STATE', 'this game has no timer');
    if (record.status !== 'ACTIVE')
      throw new GameError('INVALID_STATE', `game is ${record.status}, not ACTIVE`);
    return { record, options };
  }

  /** A seat votes to pause; when every person at the table voted, the clocks stop. */
  async pause(gameId: string, seat: number): Promise<GameDeadlines> {
    const { record } = await this.timedGame(gameId);
    if (record.pausedAt) throw new GameError('INVALID_STATE', 'the game is already paused');
    const voters = record.seats
      .filter((s) => s.kind === 'HUMAN' && !s.botTakeover && !s.forfeited)
      .map((s) => s.seat);
    const updated = await this.db.game.update({
      where: { id: gameId },
      data: { pauseVotes: { push: seat } },
    });
    const votes = new Set(updated.pauseVotes);
    if (voters.every((s) => votes.has(s))) {
      const now = new Date(this.play.clock.now());
      await this.db.$transaction(async (tx) => {
        const flipped = await tx.game.updateMany({
          where: { id: gameId, pausedAt: null },
          data: { pausedAt: now, pauseVotes: [] },
        });
        if (flipped.count !== 1) return;
        await tx.timer.updateMany({ where: { gameId, status: 'PENDING' }, data: { status: 'PAUSED' } });
      });
    }
    return this.deadlines(gameId);
  }

  /** Any person at the table ends a pause: every deadline moves by the time paused. */
  async unpause(gameId: string): Promise<GameDeadlines> {
    const { record } = await this.timedGame(gameId);
    const pausedAt = record.pausedAt;
    if (!pausedAt) {
      await this.db.game.update({ where: { id: gameId }, data: { pauseVotes: [] } });
      return this.deadlines(gameId);
    }
    const now = new Date(this.play.clock.now());
    await this.db.$transaction(async (tx) => {
      const flipped = await tx.game.updateMany({
        where: { id: gameId, pausedAt },
        data: { pausedAt: null, pauseVotes: [] },
      });
      if (flipped.count !== 1) return;
      const paused = await tx.timer.findMany({ where: { gameId, status: 'PAUSED' } });
      for (const t of paused) {
        const shift = now.getTime() - Math.max(pausedAt.getTime(), t.createdAt.getTime());
        await tx.timer.update({
          where: { id: t.id },
          data: { status: 'PENDING', dueAt: new Date(t.dueAt.getTime() + Math.max(0, shift)) },
        });
      }
      const seats = await tx.gameSeat.findMany({ where: { gameId, turnStartedAt: { not: null } } });
      for (const s of seats) {
        const shift = now.getTime() - Math.max(pausedAt.getTime(), s.turnStartedAt!.getTime());
        await tx.gameSeat.update({
          where: { gameId_seat: { gameId, seat: s.seat } },
          data: { turnStartedAt: new Date(s.turnStartedAt!.getTime() + Math.max(0, shift)) },
        });
      }
    });
    await this.rearm(gameId);
    return this.deadlines(gameId);
  }

  /** The seat's owner takes `days` of its vacation allowance: its deadlines move that much. */
  async vacation(gameId: string, seat: number, days: number): Promise<GameDeadlines> {
    const { options } = await this.timedGame(gameId);
    if (!Number.isInteger(days) || days < 1)
      throw new GameError('VALIDATION', 'days must be a positive integer', { field: 'days' });
    const shift = days * DAY_MS;
    await this.db.$transaction(async (tx) => {
      const row = await tx.gameSeat.findUnique({ where: { gameId_seat: { gameId, seat } } });
      if (!row) throw new GameError('NOT_FOUND', `no seat ${seat}`);
      const taken = await tx.gameSeat.updateMany({
        where: { gameId, seat, vacationDaysUsed: { lte: options.vacationDays - days } },
        data: {
          vacationDaysUsed: { increment: days },
          vacationUntil: new Date(Math.max(this.play.clock.now(), row.vacationUntil?.getTime() ?? 0) + shift),
          ...(row.turnStartedAt && { turnStartedAt: new Date(row.turnStartedAt.getTime() + shift) }),
        },
      });
      if (taken.count !== 1) {
        throw new GameError(
          'INVALID_STATE',
          `only ${Math.max(0, options.vacationDays - row.vacationDaysUsed)} vacation day(s) left`,
          { field: 'days' },
        );
      }
      const timers = await tx.timer.findMany({
        where: { gameId, seat, status: { in: ['PENDING', 'PAUSED'] } },
      });
      for (const t of timers)
        await tx.timer.update({ where: { id: t.id }, data: { dueAt: new Date(t.dueAt.getTime() + shift) } });
    });
    await this.rearm(gameId);
    return this.deadlines(gameId);
  }

  /**
   * The owner takes the seat back from the bot. If it is prompted (at the version current when
   * the seat changes hands, see lockGame), its clock starts again with its reminders, and it gets
   * YOUR_TURN. On a seat that is already the owner's it only restarts a missing clock.
   */
  async resume(gameId: string, seat: number): Promise<GameDeadlines> {
    const record = await this.play.getGame(gameId);
    if (record.status !== 'ACTIVE')
      throw new GameError('INVALID_STATE', `game is ${record.status}, not ACTIVE`);
    const holder = record.seats[seat];
    if (!holder || holder.kind !== 'HUMAN')
      throw new GameError('INVALID_STATE', `seat ${seat} is not a human seat`);
    if (holder.forfeited) throw new GameError('FORBIDDEN', `seat ${seat} forfeited this game on time`);
    const options = storedTimerOptions(record.timer);
    await this.db.$transaction(async (tx) => {
      const game = await lockGame(tx, gameId);
      const back = await tx.gameSeat.updateMany({
        where: { gameId, seat, botTakeover: true },
        data: { botTakeover: false },
      });
      if (game.status !== 'ACTIVE' || !game.activeSeats.includes(seat)) return;
      if (back.count !== 1) {
        // Already the owner's: a prompted seat with no running deadline (left frozen by an
        // earlier race) gets its clock back; one with a deadline is left as it is.
        if (options && !(await this.hasRunningDeadline(tx, gameId, game.version, seat)))
          await this.restartClock(tx, gameId, seat, game, options);
        return;
      }
      if (options) await this.restartClock(tx, gameId, seat, game, options);
      if (game.webhookCount > 0) {
        await this.webhooks.enqueue(
          tx,
          gameId,
          'YOUR_TURN',
          `${game.version}.${seat}.resumed.${Date.now()}`,
          seat,
          {
            version: game.version,
            at: new Date().toISOString(),
          },
        );
      }
    });
    await this.rearm(gameId);
    if (record.webhookCount > 0) await this.scheduleDeliveries(gameId);
    return this.deadlines(gameId);
  }

  private async hasRunningDeadline(
    tx: Prisma.TransactionClient,
    gameId: string,
    version: number,
    seat: number,
  ): Promise<boolean> {
    const running = await tx.timer.count({
      where: { gameId, version, seat, kind: TURN_TIMEOUT, status: { in: ['PENDING', 'PAUSED'] } },
    });
    return running > 0;
  }

  /** A new move's deadline (and reminders) for `seat` at the locked game's version. */
  private async restartClock(
    tx: Prisma.TransactionClient,
    gameId: string,
    seat: number,
    game: LockedGame,
    options: TimerOptions,
  ): Promise<void> {
    const now = new Date(this.play.clock.now());
    const row = await tx.gameSeat.findUnique({ where: { gameId_seat: { gameId, seat } } });
    const start = new Date(Math.max(now.getTime(), row?.vacationUntil?.getTime() ?? 0));
    const dueAt = new Date(
      start.getTime() + turnAllowanceMs(options, row?.clockMs == null ? null : Number(row.clockMs)),
    );
    await tx.gameSeat.update({ where: { gameId_seat: { gameId, seat } }, data: { turnStartedAt: start } });
    // A deadline of this version that addBot cancelled (no move since) gives way to the new one.
    await tx.timer.deleteMany({
      where: { gameId, version: game.version, seat, status: { notIn: ['PENDING', 'PAUSED'] } },
    });
    await tx.timer.createMany({
      data: deadlineTimers(
        { gameId, version: game.version, seat, dueAt, status: game.pausedAt ? 'PAUSED' : 'PENDING' },
        options.reminderSeconds,
        now,
      ),
      skipDuplicates: true,
    });
  }

  /**
   * Put a bot on a seat. LOBBY: an open seat (or the caller's own) becomes a BOT seat. ACTIVE: the
   * caller hands its own seat to a bot (BOT_TAKEOVER with that level) until it resumes.
   */
  async addBot(
    gameId: string,
    callerSeat: number | null,
    seat: number,
    level: string | null,
  ): Promise<GameRecord> {
    const record = await this.play.getGame(gameId);
    const holder = record.seats[seat];
    if (!holder) throw new GameError('VALIDATION', `no seat ${seat} in this game`, { field: 'seat' });
    const levels = this.play.registry.botLevels(record.type);
    const botLevel = level ?? 'RANDOM';
    if (!levels.includes(botLevel as never))
      throw new GameError('VALIDATION', `unknown bot level '${botLevel}' (have ${levels.join(', ')})`, {
        field: 'level',
      });
    if (record.status === 'LOBBY') {
      if (!holder.open && callerSeat !== seat)
        throw new GameError('FORBIDDEN', `seat ${seat} is taken; only its own player can hand it to a bot`);
      const done = await this.db.gameSeat.updateMany({
        where: { gameId, seat, kind: 'HUMAN', ...(holder.open && { tokenHash: null }) },
        data: { kind: 'BOT', botLevel, tokenHash: null, name: defaultBotName(seat), joinedAt: new Date() },
      });
      if (done.count !== 1) throw new GameError('CONFLICT', `seat ${seat} changed meanwhile`);
      return this.play.getGame(gameId);
    }
    if (record.status !== 'ACTIVE') throw new GameError('INVALID_STATE', `game is ${record.status}`);
    if (callerSeat !== seat)
      throw new GameError('FORBIDDEN', "during a game only a seat's own player can hand it to a bot");
    if (holder.kind !== 'HUMAN' || holder.forfeited)
      throw new GameError('INVALID_STATE', `seat ${seat} is not played by a person`);
    await this.db.$transaction(async (tx) => {
      await lockGame(tx, gameId); // a concurrent commit sees the takeover, or lands first
      await tx.gameSeat.update({
        where: { gameId_seat: { gameId, seat } },
        data: { botTakeover: true, botLevel, turnStartedAt: null },
      });
      await tx.timer.updateMany({
        where: { gameId, seat, status: { in: ['PENDING', 'PAUSED'] } },
        data: { status: 'CANCELLED' },
      });
    });
    const game = await this.play.getGame(gameId);
    if (game.activeSeats.includes(seat)) await this.kickBot(gameId, game.version, seat);
    return game;
  }

  async failedJobs(queue?: QueueName, limit = 100): Promise<FailedJob[]> {
    return this.scheduler.failedJobs(queue, limit);
  }

  /** Schedule the PENDING timers of the game's current version (after moving them). */
  private async rearm(gameId: string): Promise<void> {
    const timers = await this.db.timer.findMany({ where: { gameId, status: 'PENDING' } });
    await Promise.all(timers.map((t) => this.scheduleTimer(t)));
  }
}
