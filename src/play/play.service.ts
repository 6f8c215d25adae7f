/**
 * The command pipeline and lobby, independent of any particular game and of any transport.
 *
 * submitCommand: (idempotency check) -> load state -> parse -> engine.decide -> append with the
 * expected version -> notify. A lost race is retried on fresh state unless the client pinned
 * `expectedVersion`, in which case it gets CONFLICT. A client `commandId` makes a command
 * idempotent: a retry returns the first result and appends nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { hashSeatToken, newHostToken, newSeatToken } from '../auth/seat-tokens';
import {
  type AnyGameEngine,
  type GameEvent,
  type GameResult,
  type Json,
  type Viewer,
  CommonViolations,
  isViolation,
} from '../games/engine';
import { rngFor } from '../games/random';
import { replay, upcastRows } from '../games/upcast';
import type { GameRegistry } from '../games/registry';
import {
  ConcurrencyError,
  DuplicateCommandError,
  type EventStore,
  type RecordedCommand,
  StaleGameError,
  type StoredEvent,
} from '../event-store/event-store';
import { parseTimerOptions } from '../scheduling/timer-options';
import { commandBodyHash } from './command-hash';
import { type GameRow, readGameWithCommand } from './game-row-sql';
import { GameError } from './errors';
import {
  buildFairnessProof,
  type FairnessProof,
  gameFairness,
  newGameSecret,
  seedCommitment,
} from './fairness';
import { type Clock, systemClock } from './clock';
import { checkTestControls, separateTestOptions, setupOptions } from './test-controls';
import {
  defaultBotName,
  type CreateGameInput,
  type GameRecord,
  type GameStatus,
  type SeatKind,
  type SeatRecord,
} from './game-records';
import { LruCache } from './lru-cache';
import { pendingSeats } from './read-model';

export interface CommandContext {
  gameId: string;
  /** The acting seat (from the caller's token, or the seat a bot/timer acts for). */
  seat: number;
  actor: 'HUMAN' | 'BOT' | 'TIMER';
  expectedVersion?: number | null;
  commandId?: string | null;
  /** Free-form metadata stored with the events (e.g. a bot's explanation). */
  note?: Json;
  /**
   * A person's seat token, hashed (hashSeatToken): the seat is the one of this game that holds
   * it, found in the command's own read instead of a lookup of its own (`seat` is then ignored).
   * When no seat of the game holds it, or anything fails before the seat is found, the command
   * throws SeatNotResolved and nothing was written or reported: the caller then resolves the
   * token the usual way (for the usual UNAUTHENTICATED/FORBIDDEN answer) and submits with `seat`.
   */
  seatTokenHash?: string;
  /** With seatTokenHash: the game must be of this type (else SeatNotResolved, as above). */
  gameType?: string;
}

/** See CommandContext.seatTokenHash: the seat was not found; `cause` is what stopped it. */
export class SeatNotResolved extends Error {
  constructor(override readonly cause: unknown) {
    super('the seat token was not resolved in the command read');
    this.name = 'SeatNotResolved';
  }
}

export interface CommandOutcome {
  accepted: true;
  /** The seat that acted (CommandContext.seat, or the seat holding its seatTokenHash). */
  seat: number;
  version: number;
  fromVersion: number;
  /** The events the command appended (unredacted; the API redacts for the caller). */
  events: StoredEvent[];
  /** True when this is the stored answer to an earlier submission with the same commandId. */
  duplicate: boolean;
  engine: AnyGameEngine;
  /** The state the events were applied to (in-process only; null for a duplicate's answer). */
  stateBefore: unknown;
}

export interface GameUpdate {
  gameId: string;
  fromVersion: number;
  version: number;
  status: GameStatus;
  /**
   * In-process only (never serialised to other nodes): the committed events and the states around
   * them, so local subscribers can redact without reading the database again.
   */
  local?: { engine: AnyGameEngine; stateBefore: unknown; state: unknown; events: StoredEvent[] };
}

/**
 * What a commit hook sees. Hooks run inside the append's transaction (after the events and the
 * read model are written), so whatever they write commits or rolls back with the events.
 */
export interface CommitContext {
  /** The game as loaded before the command. */
  game: GameRecord;
  fromVersion: number;
  toVersion: number;
  activeSeats: number[];
  /** The engine's result; a hook may replace it (it then writes `games.result` itself). */
  result: GameResult | null;
  meta: { actor: 'HUMAN' | 'BOT' | 'TIMER' | 'SYSTEM'; seat: number | null; commandId?: string | null };
  at: Date;
  /** The seats listeners will be told about; a hook that changes a seat row replaces its entry. */
  seats: SeatRecord[];
}

/**
 * Extra writes in the append's transaction (timers, seat flags, webhook deliveries). A hook is
 * first run on a stand-in for `tx` (see hooksNeedTransaction) and run again in the transaction
 * when it touched it, so its only effects must be writes through `tx` and changes to the context.
 */
export type CommitHook = (tx: Prisma.TransactionClient, commit: CommitContext) => Promise<void>;

/** Told after every commit (subscriptions, bot turns, timers). */
export interface GameUpdateListener {
  onGameUpdated(update: GameUpdate, game: GameRecord): void | Promise<void>;
}

/** Told about every command's outcome (metrics, logs). */
export interface CommandObserver {
  onCommand(report: CommandReport): void;
}

export interface CommandReport {
  gameId: string;
  gameType: string | null;
  seat: number;
  actor: CommandContext['actor'];
  commandId: string | null;
  commandType: string | null;
  /** ACCEPTED, DUPLICATE, or the error code. */
  outcome: string;
  ruleCode?: string;
  events: number;
  seconds: number;
}

export interface LoadedGame {
  record: GameRecord;
  engine: AnyGameEngine;
  state: unknown;
  /** The game's secret PRNG seed (never leaves the server before the game is over). */
  seed: string;
  /** Values of test-only options, given to `setup` only (never published). */
  testOptions: Json | null;
}

export interface PlayOptions {
  /** Write a snapshot every N events. */
  snapshotEvery: number;
  /** Games whose latest state is kept in memory (checked against the stored version). */
  cacheSize: number;
  /** Attempts on a lost race when the client did not pin expectedVersion. */
  maxRetries: number;
  /** Accept a client seed and test-only options (operator setting ALLOW_TEST_CONTROLS). */
  allowTestControls: boolean;
  /** The time of moves and seat clocks (default: the system clock). */
  clock: Clock;
}

/** Most opening events read for stateAt(0) (setups write far fewer). */
const MAX_OPENING_EVENTS = 500;

const DEFAULTS: PlayOptions = {
  snapshotEvery: 50,
  cacheSize: 1000,
  maxRetries: 10,
  allowTestControls: false,
  clock: systemClock,
};

/**
 * The game as a command reads it (the row with its seats' token hashes), at the cached state's
 * version, with the GAME_FINGERPRINT it was read with: enough to decide a command without
 * reading, and to append it guarded so that it commits only while the database still holds it.
 */
interface CachedHead {
  record: GameRecord;
  seed: string;
  /** By seat: the token hash the seat was held with (null: none). */
  tokenHashes: (string | null)[];
  fingerprint: string;
}

/** A game this process holds: its state at `version` and, once a command read it, its head. */
interface CachedGame {
  version: number;
  state: unknown;
  head?: CachedHead;
}

function toRecord(row: GameRow): GameRecord {
  return {
    id: row.id,
    type: row.type,
    status: row.status as GameStatus,
    options: row.options as Json,
    seatCount: row.seatCount,
    version: row.version,
    activeSeats: row.activeSeats,
    result: (row.result as unknown as GameResult | null) ?? null,
    seats: row.seats
      .slice()
      .sort((a, b) => a.seat - b.seat)
      .map((s): SeatRecord => ({
        seat: s.seat,
        name: s.name,
        kind: s.kind as SeatKind,
        botLevel: s.botLevel,
        open: s.kind === 'HUMAN' && s.tokenHash === null,
        botTakeover: s.botTakeover,
        forfeited: s.forfeited,
      })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    timer: (row.timerOptions as Json | null) ?? null,
    pausedAt: row.pausedAt,
    webhookCount: row.webhookCount,
    fairness: gameFairness(row),
    hasHost: row.hostTokenHash !== null,
  };
}

/** The token hash of each seat, by seat number. */
function seatTokenHashes(row: GameRow): (string | null)[] {
  const hashes: (string | null)[] = Array.from({ length: row.seatCount }, () => null);
  for (const s of row.seats) if (s.seat >= 0 && s.seat < hashes.length) hashes[s.seat] = s.tokenHash;
  return hashes;
}

export class PlayService {
  private readonly cache: LruCache<string, CachedGame>;
  /** Game id -> type, for labelling rejected commands in metrics without another query. */
  private readonly cachedType = new LruCache<string, string>(10_000);
  private readonly listeners: GameUpdateListener[] = [];
  private readonly commitHooks: CommitHook[] = [];
  private readonly observers: CommandObserver[] = [];
  private readonly options: PlayOptions;
  /** The time of moves and seat clocks (see ./clock). */
  readonly clock: Clock;

  constructor(
    private readonly db: PrismaClient,
    private readonly store: EventStore,
    readonly registry: GameRegistry,
    options: Partial<PlayOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.clock = this.options.clock;
    this.cache = new LruCache(this.options.cacheSize);
  }

  addListener(listener: GameUpdateListener): void {
    this.listeners.push(listener);
  }

  addObserver(observer: CommandObserver): void {
    this.observers.push(observer);
  }

  /** Run `hook` inside every append's transaction (see CommitContext). */
  addCommitHook(hook: CommitHook): void {
    this.commitHooks.push(hook);
  }

  engineFor(type: string): AnyGameEngine {
    const engine = this.registry.get(type);
    if (!engine) throw new GameError('NOT_FOUND', `unknown game type '${type}'`);
    return engine;
  }

  // ---------------------------------------------------------------- lobby

  async createGame(
    input: CreateGameInput,
  ): Promise<{ game: GameRecord; seatTokens: { seat: number; token: string }[]; hostToken: string }> {
    const engine = this.registry.get(input.type);
    if (!engine) throw new GameError('VALIDATION', `unknown game type '${input.type}'`, { field: 'type' });
    checkTestControls(engine, input, this.options.allowTestControls);
    const seatCount = input.seats.length;
    if (seatCount < engine.seats.min || seatCount > engine.seats.max) {
      throw new GameError(
        'VALIDATION',
        `${engine.title} takes ${engine.seats.min}-${engine.seats.max} seats, not ${seatCount}`,
        { field: 'seats' },
      );
    }
    const botLevels = this.botLevels(engine.type);
    input.seats.forEach((seat, i) => {
      if (seat.kind !== 'HUMAN' && seat.kind !== 'BOT') {
        throw new GameError('VALIDATION', `seat ${i}: kind must be HUMAN or BOT`, {
          field: `seats.${i}.kind`,
        });
      }
      if (seat.kind === 'BOT' && !botLevels.includes(seat.botLevel ?? 'RANDOM')) {
        throw new GameError(
          'VALIDATION',
          `seat ${i}: unknown bot level '${seat.botLevel}' (have ${botLevels.join(', ')})`,
          {
            field: `seats.${i}.botLevel`,
          },
        );
      }
      if (seat.kind === 'BOT' && seat.open) {
        throw new GameError('VALIDATION', `seat ${i}: a bot seat cannot be open`, {
          field: `seats.${i}.open`,
        });
      }
      if (seat.name != null && (typeof seat.name !== 'string' || seat.name.length > 64)) {
        throw new GameError('VALIDATION', `seat ${i}: name must be a string of at most 64 characters`, {
          field: `seats.${i}.name`,
        });
      }
    });
    if (
      input.seed != null &&
      (typeof input.seed !== 'string' || input.seed.length === 0 || input.seed.length > 256)
    ) {
      throw new GameError('VALIDATION', 'seed must be a non-empty string of at most 256 characters', {
        field: 'seed',
      });
    }
    const parsed = engine.parseOptions(input.options ?? {}, seatCount);
    if (isViolation(parsed)) {
      throw new GameError('VALIDATION', parsed.message, { field: 'options', ruleCode: parsed.code });
    }
    const { options, testOptions } = separateTestOptions(engine, parsed as Json);
    const timer = input.timer == null ? null : parseTimerOptions(input.timer);
    if (typeof timer === 'string') throw new GameError('VALIDATION', timer, { field: 'timer' });

    const id = randomUUID();
    const hostToken = newHostToken();
    const seatTokens: { seat: number; token: string }[] = [];
    const now = new Date();
    const seats = input.seats.map((seat, i) => {
      let tokenHash: string | null = null;
      if (seat.kind === 'HUMAN' && !seat.open) {
        const token = newSeatToken();
        seatTokens.push({ seat: i, token });
        tokenHash = hashSeatToken(token);
      }
      return {
        seat: i,
        name: seat.name ?? (seat.kind === 'BOT' ? defaultBotName(i) : null),
        kind: seat.kind,
        botLevel: seat.kind === 'BOT' ? (seat.botLevel ?? 'RANDOM') : null,
        tokenHash,
        joinedAt: tokenHash || seat.kind === 'BOT' ? now : null,
      };
    });
    await this.db.game.create({
      data: {
        id,
        type: engine.type,
        status: 'LOBBY',
        options: options as Prisma.InputJsonValue,
        ...this.secretFor(input.seed),
        ...(testOptions && { testOptions: testOptions as Prisma.InputJsonValue }),
        seatCount,
        activeSeats: [],
        hostTokenHash: hashSeatToken(hostToken),
        ...(timer && { timerOptions: timer as unknown as Prisma.InputJsonValue }),
        seats: { create: seats },
      },
    });
    let game = await this.getGame(id);
    if (input.start) game = await this.startGame(id);
    return { game, seatTokens, hostToken };
  }

  /** The game's secret (a client seed only under test controls) and its public commitment. */
  private secretFor(clientSeed: string | null | undefined) {
    const seed = clientSeed ?? newGameSecret();
    return { seed, seedCommitment: seedCommitment(seed), seeded: clientSeed != null };
  }

  /** Take an open human seat (the first one, or `seat`). Returns the new seat's token. */
  async joinGame(
    gameId: string,
    name: string | null,
    seat?: number | null,
  ): Promise<{ game: GameRecord; seat: number; token: string }> {
    const game = await this.getGame(gameId);
    if (game.status !== 'LOBBY')
      throw new GameError('INVALID_STATE', 'seats can only be joined before the game starts');
    if (name != null && name.length > 64)
      throw new GameError('VALIDATION', 'name must be at most 64 characters', { field: 'name' });
    const open = game.seats.filter((s) => s.open && (seat == null || s.seat === seat));
    if (open.length === 0) {
      throw new GameError(
        'INVALID_STATE',
        seat == null ? 'no open seat in this game' : `seat ${seat} is not open`,
      );
    }
    const token = newSeatToken();
    const target = open[0].seat;
    // Guarded on token_hash IS NULL so two joiners cannot both take the seat.
    const taken = await this.db.gameSeat.updateMany({
      where: { gameId, seat: target, tokenHash: null },
      data: { tokenHash: hashSeatToken(token), name: name ?? undefined, joinedAt: new Date() },
    });
    if (taken.count !== 1) throw new GameError('CONFLICT', `seat ${target} was just taken`);
    return { game: await this.getGame(gameId), seat: target, token };
  }

  async startGame(gameId: string): Promise<GameRecord> {
    const game = await this.getGame(gameId);
    if (game.status !== 'LOBBY') throw new GameError('INVALID_STATE', `game is ${game.status}, not LOBBY`);
    const openSeats = game.seats.filter((s) => s.open).map((s) => s.seat);
    if (openSeats.length > 0)
      throw new GameError('INVALID_STATE', `seats ${openSeats.join(', ')} are still open`, { openSeats });
    const { engine, seed, testOptions } = await this.load(gameId);
    const events = engine.setup(setupOptions(game.options, testOptions), game.seatCount, rngFor(seed, 0));
    const state = events.reduce<unknown>((s, e) => engine.evolve(s, e), null);
    try {
      await this.commit(engine, game, 0, null, state, events, { actor: 'SYSTEM', seat: null }, null, {
        status: 'ACTIVE',
        startedAt: new Date(),
      });
    } catch (error) {
      if (error instanceof ConcurrencyError)
        throw new GameError('CONFLICT', 'the game was started concurrently');
      throw error;
    }
    return this.getGame(gameId);
  }

  async abortGame(gameId: string): Promise<GameRecord> {
    const moved = await this.db.game.updateMany({
      where: { id: gameId, status: { in: ['LOBBY', 'ACTIVE'] } },
      data: { status: 'ABORTED', activeSeats: [], finishedAt: new Date() },
    });
    if (moved.count === 0) {
      const game = await this.getGame(gameId);
      throw new GameError('INVALID_STATE', `game is already ${game.status}`);
    }
    const game = await this.getGame(gameId);
    this.notify({ gameId, fromVersion: game.version, version: game.version, status: 'ABORTED' }, game);
    return game;
  }

  // ---------------------------------------------------------------- commands

  async submitCommand(ctx: CommandContext, rawCommand: unknown): Promise<CommandOutcome> {
    const started = performance.now();
    // The acting seat: ctx.seat, or once found, the seat holding ctx.seatTokenHash.
    const acting: { seat: number | null } = { seat: ctx.seatTokenHash === undefined ? ctx.seat : null };
    const commandType =
      typeof rawCommand === 'object' &&
      rawCommand !== null &&
      typeof (rawCommand as { type?: unknown }).type === 'string'
        ? String((rawCommand as { type: string }).type).slice(0, 64)
        : null;
    const report = (outcome: string, gameType: string | null, events: number, ruleCode?: unknown) => {
      if (this.observers.length === 0) return;
      const entry: CommandReport = {
        gameId: ctx.gameId,
        gameType,
        seat: acting.seat!,
        actor: ctx.actor,
        commandId: ctx.commandId ?? null,
        commandType,
        outcome,
        ...(typeof ruleCode === 'string' && { ruleCode }),
        events,
        seconds: (performance.now() - started) / 1000,
      };
      for (const observer of this.observers) observer.onCommand(entry);
    };
    try {
      const outcome = await this.runCommand(ctx, rawCommand, acting);
      report(
        outcome.duplicate ? 'DUPLICATE' : 'ACCEPTED',
        outcome.engine.type,
        outcome.duplicate ? 0 : outcome.events.length,
      );
      return outcome;
    } catch (error) {
      // Not yet known to be this seat's command: the caller retries the usual way, which reports.
      if (acting.seat === null) throw error instanceof SeatNotResolved ? error : new SeatNotResolved(error);
      const gameType = this.cachedType.get(ctx.gameId) ?? null;
      if (error instanceof GameError) report(error.code, gameType, 0, error.details.ruleCode);
      else report('INTERNAL', gameType, 0);
      throw error;
    }
  }

  private async runCommand(
    given: CommandContext,
    rawCommand: unknown,
    acting: { seat: number | null },
  ): Promise<CommandOutcome> {
    let ctx = given;
    if (
      ctx.commandId != null &&
      (typeof ctx.commandId !== 'string' || ctx.commandId.length === 0 || ctx.commandId.length > 128)
    ) {
      throw new GameError('VALIDATION', 'commandId must be a non-empty string of at most 128 characters', {
        field: 'commandId',
      });
    }
    if (ctx.expectedVersion != null && (!Number.isInteger(ctx.expectedVersion) || ctx.expectedVersion < 0)) {
      throw new GameError('VALIDATION', 'expectedVersion must be a non-negative integer', {
        field: 'expectedVersion',
      });
    }
    const cached = await this.commandFromCache(ctx, rawCommand, acting);
    if (cached) return cached;
    let bodyHash: string | null = null;
    for (let attempt = 0; ; attempt++) {
      const head = await this.readForCommand(ctx.gameId, ctx.commandId ?? null);
      if (acting.seat === null) {
        if (given.gameType !== undefined && head.row.type !== given.gameType) throw new SeatNotResolved(null);
        const holder = head.row.seats.find((s) => s.tokenHash === given.seatTokenHash);
        if (!holder) throw new SeatNotResolved(null);
        acting.seat = holder.seat;
        ctx = { ...given, seat: holder.seat };
      }
      if (attempt === 0) bodyHash = ctx.commandId ? commandBodyHash(ctx.gameId, ctx.seat, rawCommand) : null;
      if (head.command) return this.replayOutcome(ctx, head.command, bodyHash);
      const loaded = await this.loadFrom(head.row, head.fingerprint);
      try {
        return await this.decideAndCommit(ctx, rawCommand, bodyHash, loaded, null);
      } catch (error) {
        if (error instanceof DuplicateCommandError) continue; // answered from the record on the next loop
        if (error instanceof ConcurrencyError) {
          this.cache.delete(ctx.gameId);
          if (ctx.expectedVersion != null) {
            throw new GameError('CONFLICT', `game moved past version ${ctx.expectedVersion}`, {
              expectedVersion: ctx.expectedVersion,
            });
          }
          if (attempt + 1 >= this.options.maxRetries)
            throw new GameError('CONFLICT', 'too much contention on this game; retry');
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * A command on a game this process holds at the version the client expects (any, when it did
   * not pin one), with its head: decided on the cached row and state without reading, and
   * appended with one statement guarded by the head's fingerprint (AppendRequest.guard), so it
   * commits only while the game is still ACTIVE at that version with the same row and seats, and
   * its command id is not yet recorded. null: anything else, anything refused (a duplicate, a
   * conflict, an invalid command, a hook's refusal) or a guard that failed; nothing was written
   * then, and the full path (read, then decide and append) answers exactly as it always has.
   */
  private async commandFromCache(
    ctx: CommandContext,
    rawCommand: unknown,
    acting: { seat: number | null },
  ): Promise<CommandOutcome | null> {
    const entry = this.cache.get(ctx.gameId);
    const head = entry?.head;
    if (!entry || !head || head.record.version !== entry.version || head.record.status !== 'ACTIVE')
      return null;
    if (ctx.expectedVersion != null && ctx.expectedVersion !== entry.version) return null;
    const resolved = acting.seat !== null;
    let seat = ctx.seat;
    if (!resolved) {
      if (ctx.seatTokenHash == null) return null;
      if (ctx.gameType !== undefined && head.record.type !== ctx.gameType) return null;
      seat = head.tokenHashes.indexOf(ctx.seatTokenHash);
      if (seat < 0) return null;
    }
    const engine = this.registry.get(head.record.type);
    if (!engine) return null;
    const bodyHash = ctx.commandId ? commandBodyHash(ctx.gameId, seat, rawCommand) : null;
    const loaded = { record: head.record, engine, state: entry.state, seed: head.seed };
    // The seat acts from here on: an error of unknown outcome (the append's connection lost) is
    // reported and thrown as the full path's would be, never retried as an unresolved token.
    acting.seat = seat;
    const stage = { appending: false };
    try {
      return await this.decideAndCommit({ ...ctx, seat }, rawCommand, bodyHash, loaded, { head, stage });
    } catch (error) {
      // Refused, failed before the append, refused by the guard, or by a hook in the append's
      // transaction (rolled back): nothing was written, and the full path reads the game.
      const nothingWritten =
        !stage.appending || error instanceof StaleGameError || error instanceof GameError;
      if (!nothingWritten) throw error;
      if (!resolved) acting.seat = null;
      const now = this.cache.get(ctx.gameId);
      if (now?.head === head) this.cache.set(ctx.gameId, { version: now.version, state: now.state });
      return null;
    }
  }

  /**
   * The checks on the loaded game, the engine's decision and the append (guarded by `guard`'s
   * head's fingerprint when given, see commandFromCache; its `stage` tells once the append began).
   */
  private async decideAndCommit(
    ctx: CommandContext,
    rawCommand: unknown,
    bodyHash: string | null,
    loaded: Pick<LoadedGame, 'record' | 'engine' | 'state' | 'seed'> & { head?: CachedHead },
    guard: { head: CachedHead; stage: { appending: boolean } } | null,
  ): Promise<CommandOutcome> {
    const { record, engine, state, seed } = loaded;
    if (record.status !== 'ACTIVE') {
      throw new GameError('INVALID_STATE', `game is ${record.status}; it accepts no commands`, {
        status: record.status,
      });
    }
    if (ctx.seat < 0 || ctx.seat >= record.seatCount)
      throw new GameError('FORBIDDEN', `no seat ${ctx.seat} in this game`);
    if (ctx.actor === 'HUMAN' && record.seats[ctx.seat]?.forfeited)
      throw new GameError('FORBIDDEN', `seat ${ctx.seat} forfeited this game on time`);
    if (ctx.expectedVersion != null && ctx.expectedVersion !== record.version) {
      throw new GameError('CONFLICT', `game is at version ${record.version}, not ${ctx.expectedVersion}`, {
        currentVersion: record.version,
      });
    }
    const command = engine.parseCommand(rawCommand);
    if (isViolation(command)) throw new GameError('VALIDATION', command.message, { ruleCode: command.code });
    const decided = engine.decide(state, ctx.seat, command, rngFor(seed, record.version));
    if (isViolation(decided)) {
      if (decided.code === CommonViolations.NOT_YOUR_TURN)
        throw new GameError('NOT_YOUR_TURN', decided.message);
      throw new GameError('RULE_VIOLATION', decided.message, { ruleCode: decided.code });
    }
    const newState = decided.reduce<unknown>((s, e) => engine.evolve(s, e), state);
    const events = await this.commit(
      engine,
      record,
      record.version,
      state,
      newState,
      decided,
      {
        actor: ctx.actor,
        seat: ctx.seat,
        commandId: ctx.commandId ?? null,
        ...(ctx.note !== undefined && { note: ctx.note }),
        // What the fairness proof replays (never shown before the game is over).
        command: command as unknown as Json,
      },
      ctx.commandId && bodyHash
        ? { commandId: ctx.commandId, seat: ctx.seat, body: command as unknown as Json, bodyHash }
        : null,
      guard ? { head: guard.head, guarded: guard.stage } : { head: loaded.head },
    );
    return {
      accepted: true,
      seat: ctx.seat,
      version: record.version + decided.length,
      fromVersion: record.version,
      events,
      duplicate: false,
      engine,
      stateBefore: state,
    };
  }

  /**
   * The stored answer to a command id already recorded: only for the same seat and (on records
   * that keep it) the same body; another command under a used id is a CONFLICT.
   */
  private async replayOutcome(
    ctx: CommandContext,
    earlier: RecordedCommand,
    bodyHash: string | null,
  ): Promise<CommandOutcome> {
    if (earlier.seat !== ctx.seat) {
      throw new GameError('CONFLICT', 'this commandId was already used by another seat', {
        field: 'commandId',
      });
    }
    if (earlier.bodyHash !== null && earlier.bodyHash !== bodyHash) {
      throw new GameError('CONFLICT', 'this commandId was already used for a different command', {
        field: 'commandId',
      });
    }
    const { engine } = await this.load(ctx.gameId);
    const stored = await this.store.readStream(ctx.gameId, earlier.fromVersion, undefined, earlier.toVersion);
    const events = upcastRows(engine, stored);
    const stateBefore = await this.rebuild(engine, ctx.gameId, earlier.fromVersion);
    return {
      accepted: true,
      seat: ctx.seat,
      version: earlier.toVersion,
      fromVersion: earlier.fromVersion,
      events,
      duplicate: true,
      engine,
      stateBefore,
    };
  }

  /** Append events, update the read model and the cache, then tell the listeners. */
  private async commit(
    engine: AnyGameEngine,
    record: GameRecord,
    expectedVersion: number,
    stateBefore: unknown,
    newState: unknown,
    events: GameEvent[],
    meta: {
      actor: 'HUMAN' | 'BOT' | 'TIMER' | 'SYSTEM';
      seat: number | null;
      commandId?: string | null;
      note?: Json;
      command?: Json;
    },
    command: { commandId: string; seat: number | null; body: Json; bodyHash: string } | null,
    extra: {
      status?: GameStatus;
      startedAt?: Date;
      /** The head the command was decided on: kept in the cache with the new state. */
      head?: CachedHead;
      /** Append guarded by the head's fingerprint (see commandFromCache); set once it began. */
      guarded?: { appending: boolean };
    } = {},
  ): Promise<StoredEvent[]> {
    const result = engine.result(newState);
    const activeSeats = result ? [] : pendingSeats(engine, newState);
    const toVersion = expectedVersion + events.length;
    const crossesSnapshot =
      Math.floor(toVersion / this.options.snapshotEvery) >
      Math.floor(expectedVersion / this.options.snapshotEvery);
    const status: GameStatus = result ? 'FINISHED' : (extra.status ?? record.status);
    const at = new Date(this.clock.now());
    const hooked: CommitContext = {
      game: record,
      fromVersion: expectedVersion,
      toVersion,
      activeSeats,
      result,
      meta,
      at,
      seats: record.seats,
    };
    const inTransaction = await this.hooksNeedTransaction(hooked);
    const hooks = this.commitHooks;
    if (extra.guarded) extra.guarded.appending = true;
    await this.store.append({
      gameId: record.id,
      expectedVersion,
      events,
      eventSchema: engine.eventSchema ?? 1,
      metadata: { ...meta, fromVersion: expectedVersion, at: at.toISOString() },
      command: command ?? undefined,
      readModel: {
        status,
        activeSeats,
        result: (result as unknown as Json) ?? null,
        ...(extra.startedAt && { startedAt: extra.startedAt }),
        ...(result && { finishedAt: at }),
      },
      snapshot: crossesSnapshot || result ? (newState as Json) : undefined,
      snapshotSchema: engine.stateSchema ?? 1,
      ...(extra.guarded && extra.head && { guard: { fingerprint: extra.head.fingerprint } }),
      ...(inTransaction && {
        alsoInTransaction: async (tx: Prisma.TransactionClient) => {
          Object.assign(hooked, inTransaction);
          for (const hook of hooks) await hook(tx, hooked);
        },
      }),
    });
    const stored = events.map((payload, i): StoredEvent => ({
      position: 0,
      gameId: record.id,
      version: expectedVersion + i + 1,
      type: payload.type,
      payload,
      schemaVersion: engine.eventSchema ?? 1,
      metadata: { ...meta, fromVersion: expectedVersion, at: at.toISOString() },
      createdAt: at,
    }));
    const game: GameRecord = {
      ...record,
      status,
      version: toVersion,
      activeSeats,
      result: hooked.result ?? null,
      seats: hooked.seats,
      startedAt: extra.startedAt ?? record.startedAt,
      finishedAt: result ? at : record.finishedAt,
      updatedAt: at,
    };
    // The head goes on with the record as committed and the fingerprint it was read with: should
    // a hook have changed a fingerprinted seat, the next guarded append finds out and reads.
    const head = extra.head && { ...extra.head, record: game };
    this.cache.set(record.id, { version: toVersion, state: newState, ...(head && { head }) });
    this.notify(
      {
        gameId: record.id,
        fromVersion: expectedVersion,
        version: toVersion,
        status,
        local: { engine, stateBefore, state: newState, events: stored },
      },
      game,
    );
    return stored;
  }

  /**
   * Runs the commit hooks once without a transaction, on a stand-in that records any use: when no
   * hook touched it (an untimed game without webhooks, forfeits or takeovers), what they did to
   * the context is all they do, and the append is one statement without BEGIN/COMMIT. Otherwise
   * returns the context's fields as they were, for the hooks to run again inside the append's
   * transaction. A hook that throws rejects the command either way (nothing was written).
   */
  private async hooksNeedTransaction(
    commit: CommitContext,
  ): Promise<Pick<CommitContext, 'result' | 'seats'> | null> {
    if (this.commitHooks.length === 0) return null;
    const before = { result: commit.result, seats: commit.seats };
    let touched = false;
    const probe = new Proxy({} as Prisma.TransactionClient, {
      get: () => {
        touched = true;
        throw new Error('commit hook needs the transaction');
      },
    });
    for (const hook of this.commitHooks) {
      try {
        await hook(probe, commit);
      } catch (error) {
        if (!touched) throw error;
      }
      if (touched) return before;
    }
    return null;
  }

  private notify(update: GameUpdate, game: GameRecord): void {
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener.onGameUpdated(update, game))
        .catch((error) => console.error('game update listener failed', error));
    }
  }

  // ---------------------------------------------------------------- reading

  async getGame(gameId: string): Promise<GameRecord> {
    const row = await this.findRow(gameId);
    if (!row) throw new GameError('NOT_FOUND', `no game ${gameId}`);
    return toRecord(row);
  }

  private async findRow(gameId: string): Promise<GameRow | null> {
    if (typeof gameId !== 'string' || gameId.length === 0 || gameId.length > 64) return null;
    return this.db.game.findUnique({ where: { id: gameId }, include: { seats: true } });
  }

  async listGames(filter: {
    status?: GameStatus | null;
    type?: string | null;
    first: number;
    after?: { createdAt: Date; id: string } | null;
  }) {
    const rows = await this.db.game.findMany({
      where: {
        ...(filter.status && { status: filter.status }),
        ...(filter.type && { type: filter.type }),
        ...(filter.after && {
          OR: [
            { createdAt: { lt: filter.after.createdAt } },
            { createdAt: filter.after.createdAt, id: { lt: filter.after.id } },
          ],
        }),
      },
      include: { seats: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.first + 1,
    });
    return { games: rows.slice(0, filter.first).map(toRecord), hasNextPage: rows.length > filter.first };
  }

  /** Current state: cache hit if its version matches the stored one, else snapshot + tail. */
  async load(gameId: string): Promise<LoadedGame> {
    const row = await this.findRow(gameId);
    if (!row) throw new GameError('NOT_FOUND', `no game ${gameId}`);
    return this.loadFrom(row);
  }

  /** A command's reads in one round trip: the game with its seats and the record of its id. */
  private async readForCommand(gameId: string, commandId: string | null) {
    const found =
      typeof gameId === 'string' && gameId.length > 0 && gameId.length <= 64
        ? await readGameWithCommand(this.store.sql, gameId, commandId)
        : null;
    if (!found) throw new GameError('NOT_FOUND', `no game ${gameId}`);
    return found;
  }

  /**
   * The game of `row` with its state (cached at the row's version, else rebuilt). With the
   * fingerprint the row was read with, the row is cached as the game's head (see CachedHead).
   */
  private async loadFrom(row: GameRow, fingerprint?: string): Promise<LoadedGame & { head?: CachedHead }> {
    const gameId = row.id;
    const record = toRecord(row);
    const engine = this.engineFor(record.type);
    this.cachedType.set(gameId, record.type);
    const cached = this.cache.get(gameId);
    const testOptions = row.testOptions as Json | null;
    const hit = cached !== undefined && cached.version === record.version;
    const state = hit ? cached.state : await this.rebuild(engine, gameId, record.version);
    const head =
      fingerprint === undefined
        ? undefined
        : { record, seed: row.seed, tokenHashes: seatTokenHashes(row), fingerprint };
    if (head || !hit) this.cache.set(gameId, { version: record.version, state, ...(head && { head }) });
    return { record, engine, state, seed: row.seed, testOptions, ...(head && { head }) };
  }

  /**
   * Everything needed to check the game's randomness (src/play/fairness.ts), once it is over;
   * null before, and for older games without a commitment.
   */
  async fairnessProof(gameId: string): Promise<FairnessProof | null> {
    const row = await this.findRow(gameId);
    if (!row) throw new GameError('NOT_FOUND', `no game ${gameId}`);
    const { secret, commitment } = gameFairness(row);
    if (secret === null || commitment === null) return null;
    const game = {
      id: row.id,
      type: row.type,
      seatCount: row.seatCount,
      options: setupOptions(row.options as Json, row.testOptions),
      seeded: row.seeded === true,
    };
    return buildFairnessProof(game, { secret, commitment }, await this.store.readStream(gameId, 0));
  }

  /**
   * The state after `version` events, from the nearest snapshot at or below it (or the cache).
   * Version 0 is the state when play began: after the opening (SYSTEM) events the setup wrote,
   * before the first command; null while nothing has been stored (a LOBBY game).
   */
  async stateAt(engine: AnyGameEngine, gameId: string, version: number): Promise<unknown> {
    if (version === 0) return this.openingState(engine, gameId);
    const cached = this.cache.get(gameId);
    if (cached && cached.version === version) return cached.state;
    return this.rebuild(engine, gameId, version);
  }

  /** The state after the leading run of SYSTEM events (the setup's); null without events. */
  private async openingState(engine: AnyGameEngine, gameId: string): Promise<unknown> {
    const events = await this.store.readStream(gameId, 0, MAX_OPENING_EVENTS);
    let state: unknown = null;
    for (const event of events) {
      if (event.metadata.actor !== 'SYSTEM') break;
      state = engine.evolve(state, event.payload);
    }
    return state;
  }

  private async rebuild(engine: AnyGameEngine, gameId: string, version: number): Promise<unknown> {
    if (version === 0) return null;
    const snapshot = await this.store.latestSnapshot(gameId, version, engine.stateSchema ?? 1);
    const state: unknown = snapshot?.state ?? null;
    const tail = await this.store.readStream(gameId, snapshot?.version ?? 0, undefined, version);
    return replay(engine, state, tail);
  }

  /**
   * Events (after, after+first] as `viewer` may see them. Engines redact with the state before
   * each event, so this replays from the nearest snapshot below `after`.
   */
  async eventsFor(
    gameId: string,
    viewer: Viewer,
    after: number,
    first: number,
  ): Promise<{ event: StoredEvent; visible: GameEvent | null }[]> {
    const record = await this.getGame(gameId);
    const engine = this.engineFor(record.type);
    const stored = await this.store.readStream(gameId, after, first);
    if (stored.length === 0) return [];
    // Older events as they read now (an upcast row keeps its version; it may become several).
    const events = upcastRows(engine, stored);
    let state = await this.rebuild(engine, gameId, after);
    return events.map((event) => {
      const visible = engine.redact(event.payload, viewer, state);
      state = engine.evolve(state, event.payload);
      return { event, visible };
    });
  }

  /** Redact events that were just committed, given the state before the first of them. */
  redactBatch(
    engine: AnyGameEngine,
    stateBefore: unknown,
    events: StoredEvent[],
    viewer: Viewer,
  ): (GameEvent | null)[] {
    let state = stateBefore;
    return events.map((event) => {
      const visible = engine.redact(event.payload, viewer, state);
      state = engine.evolve(state, event.payload);
      return visible;
    });
  }

  // ---------------------------------------------------------------- seats & secrets

  /** The seat a token belongs to, or null when no seat has it. */
  async seatForToken(token: string): Promise<{ gameId: string; seat: number } | null> {
    // Every request with a token asks this: one prepared statement on the raw driver.
    const [row] = await this.store.sql.query<{ gameId: string; seat: number }>(
      'SELECT game_id AS "gameId", seat FROM game_seats WHERE token_hash = $1::text',
      [hashSeatToken(token)],
      'saloon_seat_for_token',
    );
    return row ? { gameId: row.gameId, seat: row.seat } : null;
  }

  /** The game whose host token this is, or null. */
  async gameForHostToken(token: string): Promise<string | null> {
    const row = await this.db.game.findUnique({
      where: { hostTokenHash: hashSeatToken(token) },
      select: { id: true },
    });
    return row?.id ?? null;
  }

  private botLevels(gameType: string): string[] {
    return this.registry.botLevels(gameType);
  }

  /** The games hosted here, with the bot levels each offers. */
  gameTypes(): { type: string; title: string; minSeats: number; maxSeats: number; botLevels: string[] }[] {
    return this.registry.list().map((e) => ({
      type: e.type,
      title: e.title,
      minSeats: e.seats.min,
      maxSeats: e.seats.max,
      botLevels: this.botLevels(e.type),
    }));
  }
}
