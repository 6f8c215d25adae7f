/**
 * The commit hook of correspondence play. It runs inside every append's transaction, so the
 * deadlines in `timers`, the seat flags and the webhook deliveries always match the stream:
 *
 * - Timeout policy: a command with a timeout command id (see `timeoutCommandId`) is the firing
 *   of that seat's deadline; its timer becomes FIRED and, by policy, the seat gets
 *   `bot_takeover` (BOT_TAKEOVER) or `forfeited` (FORFEIT) in the same transaction as the move.
 * - Who may act is checked here, on the seat rows as stored inside the transaction (not on the
 *   flags the command was decided from): a bot only for a seat still under takeover, a timeout
 *   only while its deadline is PENDING and due, the forfeit player only for a forfeited seat;
 *   anything else is refused with CONFLICT and nothing commits. A person acting for a seat under
 *   BOT_TAKEOVER takes it back (resume by acting). A forfeited seat refuses human commands
 *   (FORBIDDEN). Seat hand-overs lock the game row (see game-lock.ts), so these rows are current.
 * - Clocks count moves, not commands. A seat's move is one spell on move: it starts when the seat
 *   becomes prompted and ends when, after one of its commands, the seat is no longer prompted (or
 *   the game ended, or the seat left the clock: bot takeover, forfeit, or the command opened a
 *   new step: a seat that was not prompted before is prompted now, as when the last pick of a
 *   simultaneous round prompts every seat again). All the commands of a Bang! turn (roll,
 *   rerolls, resolving the dice, beers...) are one move.
 * - Every older PENDING/PAUSED timer of the game becomes STALE, and each seat prompted at the new
 *   version that a person holds gets a TURN_TIMEOUT timer (plus its REMINDER timers):
 *     * a seat that was not prompted before starts a move: deadline = max(now, its vacation end)
 *       + per-move time (PER_MOVE) or its bank (BANK);
 *     * a seat that was already prompted and did not act (another seat of a simultaneous step
 *       moved) keeps its running deadline (and the reminders it is owed, see owedReminders);
 *     * the acting seat, still prompted after its command, is still on the same move: PER_MOVE,
 *       it keeps its running deadline; BANK, deadline = max(now, its vacation end) + what is left
 *       in its bank.
 *   BANK: every command of the acting seat charges its bank the time since its clock started or
 *   since its previous command (never below zero); the increment is credited once, when the move
 *   ends.
 *   A timeout (TIMER actor) that leaves the seat prompted does not end the move either: its next
 *   deadline is the one that just passed (PER_MOVE) or now + an empty bank (BANK), so it comes due
 *   at once, under a new timer id (the version is new), and the policy answers again until the
 *   move is over (DEFAULT: the engine's timeout commands finish the turn one by one).
 * - Webhook deliveries: YOUR_TURN once per move of a human seat (when it starts), TIMED_OUT,
 *   GAME_OVER.
 * - A finished game's result ranks forfeited seats last (rank = seat count, winner false,
 *   detail.forfeited = true) and drops them from the winners.
 * Untimed games without webhooks, forfeits or takeovers cost nothing here (no query) unless a
 * bot or timer acts for a person's seat.
 */
import type { Prisma } from '../generated/prisma/client';
import type { Json } from '../games/engine';
import { GameError } from '../play/errors';
import type { SeatRecord } from '../play/game-records';
import { resultWithForfeits } from '../play/read-model';
import type { CommitContext } from '../play/play.service';
import type { WebhookService } from '../webhooks/webhook.service';
import {
  chargeBank,
  creditIncrement,
  storedTimerOptions,
  type TimerOptions,
  turnAllowanceMs,
} from './timer-options';

export const TURN_TIMEOUT = 'TURN_TIMEOUT';
export const REMINDER_PREFIX = 'REMINDER_';

export function timerId(gameId: string, version: number, seat: number, kind: string): string {
  return `${gameId}.${version}.${seat}.${kind}`;
}

export function timeoutCommandId(gameId: string, version: number, seat: number): string {
  return `timeout:${gameId}:${version}:${seat}`;
}

export function parseTimeoutCommandId(
  commandId: string | null | undefined,
): { version: number; seat: number } | null {
  const match = commandId ? /^timeout:.+:(\d+):(\d+)$/.exec(commandId) : null;
  return match ? { version: Number(match[1]), seat: Number(match[2]) } : null;
}

function isTimed(seat: SeatRecord | undefined): boolean {
  return !!seat && seat.kind === 'HUMAN' && !seat.botTakeover && !seat.forfeited;
}

/**
 * Whether the acting seat's move goes on after this command: it is still prompted, still on the
 * clock, the game goes on, and the command did not open a new step (a seat that was not prompted
 * is now: e.g. the last pick of a simultaneous round prompts everyone again).
 */
export function moveGoesOn(c: CommitContext, seats: readonly SeatRecord[]): boolean {
  const acting = c.meta.seat;
  const newStep = c.activeSeats.some((seat) => !c.game.activeSeats.includes(seat));
  return (
    acting !== null &&
    !c.result &&
    !newStep &&
    c.game.activeSeats.includes(acting) &&
    c.activeSeats.includes(acting) &&
    isTimed(seats[acting])
  );
}

type SeatRow = Prisma.GameSeatGetPayload<object>;

/** A timeout may commit this early before its deadline (the runners fire up to 20 ms early). */
const EARLY_MS = 20;

/**
 * Whether the hook must read the seat rows: always for timed games and games with webhooks, for
 * a game with seats under takeover or forfeited, and for a bot or timer acting for a person's seat
 * (so what it checks is the seat as it is now, not as the command's loader saw it).
 */
function needsSeatRows(c: CommitContext, timer: TimerOptions | null): boolean {
  const acting = c.meta.seat;
  return (
    timer !== null ||
    c.game.webhookCount > 0 ||
    c.seats.some((s) => s.botTakeover || s.forfeited) ||
    (acting !== null &&
      (c.meta.actor === 'BOT' || c.meta.actor === 'TIMER') &&
      c.seats[acting]?.kind === 'HUMAN')
  );
}

/** The seats with their flags as stored now (inside the append's transaction). */
function currentSeats(seats: readonly SeatRecord[], rows: readonly SeatRow[] | null): SeatRecord[] {
  return seats.map((s) => {
    const row = rows?.find((r) => r.seat === s.seat);
    return row ? { ...s, botTakeover: row.botTakeover, forfeited: row.forfeited } : { ...s };
  });
}

/**
 * Who may act for the seat, decided on the seat as it is at commit time: a person not for a
 * forfeited seat (FORBIDDEN); a bot for a person's seat only while it is under takeover; a
 * timeout only while the seat is on the clock; the forfeit player only for a forfeited seat.
 * A bot or timer command decided before a `resume`/`addBot` thus never commits after it.
 */
function checkActor(
  c: CommitContext,
  holder: SeatRecord | undefined,
  timeout: { version: number; seat: number } | null,
): void {
  const seat = c.meta.seat;
  if (seat === null || !holder) return;
  if (c.meta.actor === 'HUMAN') {
    if (holder.forfeited) throw new GameError('FORBIDDEN', `seat ${seat} forfeited this game on time`);
    return;
  }
  if (holder.kind !== 'HUMAN') return;
  const allowed =
    c.meta.actor === 'BOT'
      ? holder.botTakeover && !holder.forfeited
      : c.meta.actor === 'TIMER'
        ? timeout
          ? isTimed(holder)
          : holder.forfeited
        : true;
  if (!allowed)
    throw new GameError('CONFLICT', `seat ${seat} changed hands before this ${c.meta.actor} command`, {
      seat,
    });
}

/**
 * The TURN_TIMEOUT and REMINDER timers of one deadline (reminders only while still ahead of
 * `now`; `keep` lists reminder kinds that are owed even though their time passed).
 */
export function deadlineTimers(
  deadline: { gameId: string; version: number; seat: number; dueAt: Date; status: string },
  reminderSeconds: readonly number[],
  now: Date,
  keep: ReadonlySet<string> = new Set(),
): Prisma.TimerCreateManyInput[] {
  const { gameId, version, seat, dueAt, status } = deadline;
  const timers: Prisma.TimerCreateManyInput[] = [
    {
      id: timerId(gameId, version, seat, TURN_TIMEOUT),
      gameId,
      seat,
      version,
      kind: TURN_TIMEOUT,
      dueAt,
      status,
      createdAt: now, // the clock's time (unpause shifts a deadline by the pause it lived through)
    },
  ];
  if (dueAt.getTime() <= now.getTime()) return timers;
  for (const before of reminderSeconds) {
    const kind = `${REMINDER_PREFIX}${before}`;
    const remindAt = new Date(dueAt.getTime() - before * 1000);
    if (remindAt.getTime() <= now.getTime() && !keep.has(kind)) continue;
    timers.push({
      id: timerId(gameId, version, seat, kind),
      gameId,
      seat,
      version,
      kind,
      dueAt: remindAt,
      status,
      createdAt: now,
    });
  }
  return timers;
}

export class TimerPlanner {
  constructor(private readonly webhooks: WebhookService) {}

  readonly hook = async (tx: Prisma.TransactionClient, c: CommitContext): Promise<void> => {
    const game = c.game;
    const gameId = game.id;
    const timer = storedTimerOptions(game.timer);
    const acting = c.meta.seat;
    const timeout = c.meta.actor === 'TIMER' ? parseTimeoutCommandId(c.meta.commandId) : null;
    const rows = needsSeatRows(c, timer) ? await tx.gameSeat.findMany({ where: { gameId } }) : null;
    const seats = currentSeats(c.seats, rows);
    const changed = new Set<number>();

    if (acting !== null) checkActor(c, seats[acting], timeout);
    if (acting !== null && c.meta.actor === 'HUMAN' && seats[acting]?.botTakeover) {
      seats[acting].botTakeover = false; // a person acting for its seat takes it back
      changed.add(acting);
    }
    if (timeout && timer && seats[timeout.seat]) {
      await this.claimDeadline(tx, c, timeout);
      if (timer.policy === 'BOT_TAKEOVER') seats[timeout.seat].botTakeover = true;
      if (timer.policy === 'FORFEIT') seats[timeout.seat].forfeited = true;
      changed.add(timeout.seat);
    }
    for (const seat of changed) {
      await tx.gameSeat.update({
        where: { gameId_seat: { gameId, seat } },
        data: { botTakeover: seats[seat].botTakeover, forfeited: seats[seat].forfeited },
      });
    }

    if (timer) await this.planTimers(tx, c, timer, seats, rows ?? [], timeout);
    await this.rankForfeits(tx, c, seats);
    if (game.webhookCount > 0) await this.enqueueMoveWebhooks(tx, c, seats, timer, timeout);
    if (rows || changed.size > 0) c.seats = seats;
  };

  /** The timeout's deadline, claimed: still PENDING and due (not paused, moved or fired). */
  private async claimDeadline(
    tx: Prisma.TransactionClient,
    c: CommitContext,
    timeout: { version: number; seat: number },
  ): Promise<void> {
    const claimed = await tx.timer.updateMany({
      where: {
        id: timerId(c.game.id, timeout.version, timeout.seat, TURN_TIMEOUT),
        status: 'PENDING',
        dueAt: { lte: new Date(c.at.getTime() + EARLY_MS) },
      },
      data: { status: 'FIRED', firedAt: c.at },
    });
    if (claimed.count !== 1)
      throw new GameError('CONFLICT', `seat ${timeout.seat}'s deadline is no longer due`, {
        seat: timeout.seat,
      });
  }

  private async enqueueMoveWebhooks(
    tx: Prisma.TransactionClient,
    c: CommitContext,
    seats: SeatRecord[],
    timer: TimerOptions | null,
    timeout: { version: number; seat: number } | null,
  ): Promise<void> {
    const gameId = c.game.id;
    const at = c.at.toISOString();
    if (timeout) {
      await this.webhooks.enqueue(
        tx,
        gameId,
        'TIMED_OUT',
        `${timeout.version}.${timeout.seat}`,
        timeout.seat,
        {
          version: timeout.version,
          policy: timer?.policy ?? null,
          at,
        },
      );
    }
    for (const seat of c.activeSeats) {
      // Once per move: a seat that keeps acting in one move (a Bang! turn) is told once.
      const fresh = seat === c.meta.seat ? !moveGoesOn(c, seats) : !c.game.activeSeats.includes(seat);
      if (!fresh || !isTimed(seats[seat])) continue;
      await this.webhooks.enqueue(tx, gameId, 'YOUR_TURN', `${c.toVersion}.${seat}`, seat, {
        version: c.toVersion,
        at,
      });
    }
    if (c.result) {
      await this.webhooks.enqueue(tx, gameId, 'GAME_OVER', `${c.toVersion}`, null, {
        version: c.toVersion,
        result: c.result as unknown as Json,
        at,
      });
    }
  }

  private async rankForfeits(
    tx: Prisma.TransactionClient,
    c: CommitContext,
    seats: SeatRecord[],
  ): Promise<void> {
    const forfeited = seats.filter((s) => s.forfeited).map((s) => s.seat);
    if (!c.result || forfeited.length === 0) return;
    c.result = resultWithForfeits(c.result, forfeited, c.game.seatCount);
    await tx.game.update({
      where: { id: c.game.id },
      data: { result: c.result as unknown as Prisma.InputJsonValue },
    });
  }

  private async planTimers(
    tx: Prisma.TransactionClient,
    c: CommitContext,
    timer: TimerOptions,
    seats: SeatRecord[],
    rows: SeatRow[],
    timeout: { version: number; seat: number } | null,
  ): Promise<void> {
    const gameId = c.game.id;
    const now = c.at;
    const acting = c.meta.seat;
    // The running deadlines, with the one this timeout just claimed (a timeout in the middle of
    // a move keeps that deadline for the rest of the move).
    const running = await tx.timer.findMany({
      where: {
        gameId,
        kind: TURN_TIMEOUT,
        OR: [
          { status: { in: ['PENDING', 'PAUSED'] } },
          ...(timeout ? [{ id: timerId(gameId, timeout.version, timeout.seat, TURN_TIMEOUT) }] : []),
        ],
      },
      orderBy: { version: 'desc' },
    });
    await tx.timer.updateMany({
      where: { gameId, status: { in: ['PENDING', 'PAUSED'] }, version: { lt: c.toVersion } },
      data: { status: 'STALE' },
    });
    const row = (seat: number) => rows.find((r) => r.seat === seat);

    const goesOn = moveGoesOn(c, seats);
    // Its clock: BANK charges every command and credits the increment when the move ends; a
    // PER_MOVE clock just stops when the move ends. The loop below restarts a BANK clock whose
    // move goes on.
    if (acting !== null && row(acting)?.turnStartedAt) {
      const r = row(acting)!;
      const stored = r.clockMs === null ? null : Number(r.clockMs);
      const charged = chargeBank(timer, stored, now.getTime() - r.turnStartedAt!.getTime());
      const bank = goesOn ? charged : creditIncrement(timer, charged);
      if (bank !== null || !goesOn) {
        await tx.gameSeat.update({
          where: { gameId_seat: { gameId, seat: acting } },
          data: { turnStartedAt: null, ...(bank !== null && { clockMs: BigInt(Math.round(bank)) }) },
        });
        r.turnStartedAt = null;
        if (bank !== null) r.clockMs = BigInt(Math.round(bank));
      }
    }
    if (c.result) return;

    const status = c.game.pausedAt ? 'PAUSED' : 'PENDING';
    const kept = new Map<number, Date>(); // seats whose running deadline goes on
    const started = new Map<number, Date>();
    for (const seat of c.activeSeats) {
      const r = row(seat);
      if (!r) continue;
      if (!isTimed(seats[seat])) {
        if (r.turnStartedAt)
          await tx.gameSeat.update({
            where: { gameId_seat: { gameId, seat } },
            data: { turnStartedAt: null },
          });
        continue;
      }
      const previous = running.find((t) => t.seat === seat);
      const sameMove = seat === acting ? goesOn : c.game.activeSeats.includes(seat);
      if (previous && sameMove && !(seat === acting && timer.mode === 'BANK')) {
        kept.set(seat, previous.dueAt); // still the same move: its deadline keeps running
        continue;
      }
      // A new move, or (BANK) the acting seat's move going on with what is left in its bank.
      const start = new Date(Math.max(now.getTime(), r.vacationUntil?.getTime() ?? 0));
      started.set(
        seat,
        new Date(start.getTime() + turnAllowanceMs(timer, r.clockMs === null ? null : Number(r.clockMs))),
      );
      await tx.gameSeat.update({ where: { gameId_seat: { gameId, seat } }, data: { turnStartedAt: start } });
    }
    const owed = await this.owedReminders(tx, gameId, running, [...kept.keys()], timer);
    const timers = [...kept, ...started].flatMap(([seat, dueAt]) =>
      deadlineTimers(
        { gameId, version: c.toVersion, seat, dueAt, status },
        timer.reminderSeconds,
        now,
        owed.get(seat),
      ),
    );
    if (timers.length > 0) await tx.timer.createMany({ data: timers, skipDuplicates: true });
  }

  /**
   * Reminders of running deadlines that were due but not sent yet when this commit made them
   * stale (a seat's command after the reminder time, before the job ran): they are owed at the
   * new version, at once. Reminders already sent (FIRED) are not owed again.
   */
  private async owedReminders(
    tx: Prisma.TransactionClient,
    gameId: string,
    running: { seat: number; version: number }[],
    seats: number[],
    timer: TimerOptions,
  ): Promise<Map<number, Set<string>>> {
    const owed = new Map<number, Set<string>>();
    const previous = running.filter((t) => seats.includes(t.seat));
    if (previous.length === 0 || timer.reminderSeconds.length === 0) return owed;
    const stale = await tx.timer.findMany({
      where: {
        gameId,
        status: 'STALE',
        kind: { startsWith: REMINDER_PREFIX },
        OR: previous.map((t) => ({ seat: t.seat, version: t.version })),
      },
    });
    for (const t of stale) owed.set(t.seat, (owed.get(t.seat) ?? new Set()).add(t.kind));
    return owed;
  }
}
