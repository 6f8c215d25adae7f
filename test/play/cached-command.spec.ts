/**
 * The cached command path: a process that holds a game (its state and row at a version) decides
 * a command without reading and appends it with one statement guarded by what it read, so a
 * stale cache (another process moved or changed the game) never commits what the database state
 * refuses; it falls back to the full read, which answers as always. Two play services on one
 * database stand for two API processes.
 */
import { hashSeatToken } from '../../src/auth/seat-tokens';
import { sqlFor, type SqlClient } from '../../src/database/sql';
import { EventStore } from '../../src/event-store/event-store';
import { GameRegistry } from '../../src/games/registry';
import { GameError } from '../../src/play/errors';
import type { GameRecord } from '../../src/play/game-records';
import { type CommandContext, PlayService, SeatNotResolved } from '../../src/play/play.service';
import type { Database } from '../../src/database/database';
import { createTestPglite, createTestPostgres } from '../support/database';
import { raceEngine } from '../support/dealt-number-engine';

const backends: [string, () => Promise<Database>][] = [
  ['PostgreSQL', createTestPostgres],
  ['PGlite', createTestPglite],
];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(GameError);
  expect((error as GameError).code).toBe(code);
}

/** One "API process": its own event store (counting its statements) and play service. */
function service(db: Database) {
  const counter = { statements: 0 };
  const raw = sqlFor(db);
  const sql: SqlClient = {
    query: (text, params, name) => {
      counter.statements++;
      return raw.query(text, params, name);
    },
  };
  const play = new PlayService(db.client, new EventStore(db.client, sql), new GameRegistry([raceEngine]));
  const seen: GameRecord[] = [];
  play.addListener({ onGameUpdated: (_update, game) => void seen.push(game) });
  return { play, counter, seen };
}

describe.each(backends)('the cached command path on %s', (_name, open) => {
  let db: Database;
  let store: EventStore;

  beforeAll(async () => {
    db = await open();
    store = new EventStore(db.client, sqlFor(db));
  });
  afterAll(async () => db.close());

  /** A started 2-seat game (seat 0 to move at version 3) and its seats' token hashes. */
  async function startedGame(play: PlayService) {
    const { game, seatTokens } = await play.createGame({
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
    });
    return { gameId: game.id, hashes: seatTokens.map((t) => hashSeatToken(t.token)) };
  }

  const add = (n: 1 | 2) => ({ type: 'ADD', n });
  const human = (gameId: string, seat: number, more: Partial<CommandContext> = {}): CommandContext => ({
    gameId,
    seat,
    actor: 'HUMAN',
    ...more,
  });
  const versions = async (gameId: string) => (await store.readStream(gameId)).map((e) => e.version);

  it('costs one statement once the process holds the game, and the stream is as on the full path', async () => {
    const a = service(db);
    const { gameId, hashes } = await startedGame(a.play);
    const before = a.counter.statements;
    await a.play.submitCommand(human(gameId, 0, { expectedVersion: 3, commandId: 'c3' }), add(1));
    expect(a.counter.statements - before).toBe(2); // the read (the game was not yet read), the append
    for (const [i, seat] of [1, 0, 1].entries()) {
      const at = a.counter.statements;
      const outcome = await a.play.submitCommand(
        {
          gameId,
          seat: 99,
          actor: 'HUMAN',
          seatTokenHash: hashes[seat],
          expectedVersion: 4 + i,
          commandId: `c${4 + i}`,
        },
        add(1),
      );
      expect(outcome).toMatchObject({ seat, version: 5 + i, fromVersion: 4 + i, duplicate: false });
      expect(a.counter.statements - at).toBe(1);
    }
    const stored = await store.readStream(gameId, 3);
    expect(stored.map((e) => [e.version, e.payload, e.metadata.commandId])).toEqual([
      [4, { type: 'ADDED', seat: 0, n: 1, counter: 1 }, 'c3'],
      [5, { type: 'ADDED', seat: 1, n: 1, counter: 2 }, 'c4'],
      [6, { type: 'ADDED', seat: 0, n: 1, counter: 3 }, 'c5'],
      [7, { type: 'ADDED', seat: 1, n: 1, counter: 4 }, 'c6'],
    ]);
    const recorded = await db.client.command.findMany({ where: { gameId }, orderBy: { fromVersion: 'asc' } });
    expect(recorded.map((c) => [c.commandId, c.seat, c.fromVersion, c.toVersion])).toEqual([
      ['c3', 0, 3, 4],
      ['c4', 1, 4, 5],
      ['c5', 0, 5, 6],
      ['c6', 1, 6, 7],
    ]);
    expect(a.seen.at(-1)).toMatchObject({ version: 7, activeSeats: [0], status: 'ACTIVE' });
  });

  it('never commits on a stale cache: another process moved the game', async () => {
    const a = service(db);
    const b = service(db);
    const { gameId } = await startedGame(a.play);
    await a.play.submitCommand(human(gameId, 0), add(1)); // a holds version 4 (seat 1 to move)
    await b.play.submitCommand(human(gameId, 1), add(1)); // version 5, seat 0 to move
    // a's state says it is seat 1's turn: decided there, refused by the guard, answered from the database.
    await expectCode(a.play.submitCommand(human(gameId, 1), add(1)), 'NOT_YOUR_TURN');
    await expectCode(a.play.submitCommand(human(gameId, 1, { expectedVersion: 4 }), add(1)), 'CONFLICT');
    expect(await versions(gameId)).toEqual([1, 2, 3, 4, 5]);
    // And what the stale state refuses the database may accept.
    const outcome = await a.play.submitCommand(human(gameId, 0), add(2));
    expect(outcome).toMatchObject({ fromVersion: 5, version: 6 });
    expect((await store.readStream(gameId, 5))[0].payload).toEqual({
      type: 'ADDED',
      seat: 0,
      n: 2,
      counter: 4,
    });
  });

  it('answers a retried command id as the duplicate it is, through either process', async () => {
    const a = service(db);
    const b = service(db);
    const { gameId } = await startedGame(a.play);
    await b.play.submitCommand(human(gameId, 0, { commandId: 'x0' }), add(1)); // b holds version 4
    // a accepts seat 1's command; its answer is lost and the client retries through b, whose
    // cache is at the version the client pinned.
    const first = await a.play.submitCommand(
      human(gameId, 1, { expectedVersion: 4, commandId: 'x1' }),
      add(2),
    );
    const viaB = await b.play.submitCommand(
      human(gameId, 1, { expectedVersion: 4, commandId: 'x1' }),
      add(2),
    );
    expect(viaB).toMatchObject({ duplicate: true, fromVersion: 4, version: 5 });
    expect(viaB.events.map((e) => e.payload)).toEqual(first.events.map((e) => e.payload));
    const viaA = await a.play.submitCommand(human(gameId, 1, { commandId: 'x1' }), add(2));
    expect(viaA).toMatchObject({ duplicate: true, fromVersion: 4, version: 5 });
    // Seat 0 reuses its first id at a version where the command is legal again (a's cache is
    // current): the guard's version holds, the command id's key refuses, the record answers.
    await a.play.submitCommand(human(gameId, 0), add(1)); // 5 -> 6
    await a.play.submitCommand(human(gameId, 1), add(1)); // 6 -> 7, seat 0 to move, a holds 7
    const reused = await a.play.submitCommand(human(gameId, 0, { commandId: 'x0' }), add(1));
    expect(reused).toMatchObject({ duplicate: true, fromVersion: 3, version: 4 });
    await expectCode(a.play.submitCommand(human(gameId, 0, { commandId: 'x0' }), add(2)), 'CONFLICT');
    expect(await versions(gameId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const ids = await db.client.command.findMany({ where: { gameId }, select: { commandId: true } });
    expect(ids.map((c) => c.commandId).sort()).toEqual(['x0', 'x1']);
  });

  it('refuses a seat token that moved and a forfeited seat, and tells listeners the seats as stored', async () => {
    const a = service(db);
    const { gameId, hashes } = await startedGame(a.play);
    await a.play.submitCommand(human(gameId, 0), add(1)); // a holds version 4, seat 1 to move
    // A read of the game as it is stored (seat 0 is not to move): a holds what it read.
    const reread = () => expectCode(a.play.submitCommand(human(gameId, 0), add(1)), 'NOT_YOUR_TURN');
    const seat1 = (data: object) =>
      db.client.gameSeat.update({ where: { gameId_seat: { gameId, seat: 1 } }, data });
    // Seat 1's token is replaced behind a's back: the old token acts for nobody.
    await seat1({ tokenHash: 'other' });
    const old = human(gameId, 0, { seatTokenHash: hashes[1] });
    expect(await rejection(a.play.submitCommand(old, add(1)))).toBeInstanceOf(SeatNotResolved);
    await reread();
    // Seat 1 forfeits (the timeout policy without a move does not move the version).
    await seat1({ forfeited: true });
    const at = a.counter.statements;
    await expectCode(a.play.submitCommand(human(gameId, 1), add(1)), 'FORBIDDEN');
    expect(a.counter.statements - at).toBe(2); // the guarded append (nothing written), the read
    expect(await versions(gameId)).toEqual([1, 2, 3, 4]);
    await reread();
    // Back from the forfeit and handed to a bot: a person's command is accepted, as on the full
    // path, and the listeners are told the seats as they are stored.
    await seat1({ forfeited: false, botTakeover: true });
    const outcome = await a.play.submitCommand(human(gameId, 0, { seatTokenHash: 'other' }), add(1));
    expect(outcome).toMatchObject({ seat: 1, version: 5 });
    expect(a.seen.at(-1)!.seats[1]).toMatchObject({ forfeited: false, botTakeover: true });
  });

  it('gives commit hooks the game as stored (a webhook added without a move)', async () => {
    const a = service(db);
    const counts: number[] = [];
    a.play.addCommitHook(async (_tx, c) => void counts.push(c.game.webhookCount));
    const { gameId } = await startedGame(a.play);
    await a.play.submitCommand(human(gameId, 0), add(1));
    await db.client.game.update({ where: { id: gameId }, data: { webhookCount: 1 } });
    await a.play.submitCommand(human(gameId, 1), add(1));
    expect(counts.at(-1)).toBe(1);
  });

  it('refuses a command on a game another process aborted or finished', async () => {
    const a = service(db);
    const b = service(db);
    const aborted = await startedGame(a.play);
    await a.play.submitCommand(human(aborted.gameId, 0), add(1));
    await b.play.abortGame(aborted.gameId); // no version moves
    await expectCode(a.play.submitCommand(human(aborted.gameId, 1), add(1)), 'INVALID_STATE');
    expect(await versions(aborted.gameId)).toEqual([1, 2, 3, 4]);

    const finished = await startedGame(a.play);
    await a.play.submitCommand(human(finished.gameId, 0), add(2)); // a holds 2
    let seat = 1;
    for (let counter = 2; counter < 10; counter += 2, seat = 1 - seat)
      await b.play.submitCommand(human(finished.gameId, seat), add(2));
    expect((await b.play.getGame(finished.gameId)).status).toBe('FINISHED');
    await expectCode(a.play.submitCommand(human(finished.gameId, 1), add(1)), 'INVALID_STATE');
  });

  it('commits a hook that writes in one transaction with a guarded append; a stale guard writes nothing', async () => {
    const a = service(db);
    let runs = 0;
    a.play.addCommitHook(async (tx, c) => {
      runs++;
      await tx.game.update({ where: { id: c.game.id }, data: { summary: { to: c.toVersion } } });
    });
    const { gameId } = await startedGame(a.play);
    await a.play.submitCommand(human(gameId, 0), add(1)); // a holds 4
    await db.client.game.update({ where: { id: gameId }, data: { webhookCount: 1 } });
    const summary = async () => (await db.client.game.findUniqueOrThrow({ where: { id: gameId } })).summary;
    runs = 0;
    expect(await a.play.submitCommand(human(gameId, 1), add(1))).toMatchObject({
      fromVersion: 4,
      version: 5,
    });
    // The stale attempt's probe (its transaction failed on the guard before the hooks ran), then
    // the full path's probe and transaction.
    expect(runs).toBe(3);
    expect(await summary()).toEqual({ to: 5 });
    runs = 0;
    const at = a.counter.statements;
    expect(await a.play.submitCommand(human(gameId, 0), add(1))).toMatchObject({
      fromVersion: 5,
      version: 6,
    });
    expect(runs).toBe(2);
    expect(a.counter.statements - at).toBe(0); // no read: the append and the hook in Prisma's transaction
    expect(await summary()).toEqual({ to: 6 });
    expect(await versions(gameId)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('accepts exactly one of two processes holding the game at one version', async () => {
    const a = service(db);
    const b = service(db);
    const { gameId } = await startedGame(a.play);
    await a.play.submitCommand(human(gameId, 0), add(1));
    await b.play.submitCommand(human(gameId, 1), add(1)); // b holds 5
    await expectCode(a.play.submitCommand(human(gameId, 1), add(1)), 'NOT_YOUR_TURN'); // a reads: holds 5
    const outcomes = await Promise.allSettled(
      [a, b, a, b].map((s, i) => s.play.submitCommand(human(gameId, 0, { commandId: `r${i}` }), add(1))),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    expect(accepted).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as GameError).code).toBe('NOT_YOUR_TURN');
    expect(await versions(gameId)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
