/**
 * The command pipeline and lobby against both storage backends (real PostgreSQL and PGlite),
 * with a tiny test game so these tests hold whatever the real games do.
 */
import { sqlFor } from '../../src/database/sql';
import { readGameWithCommand } from '../../src/play/game-row-sql';
import { EventStore } from '../../src/event-store/event-store';
import { GameRegistry } from '../../src/games/registry';
import { GameError } from '../../src/play/errors';
import { PlayService } from '../../src/play/play.service';
import type { Database } from '../../src/database/database';
import { createTestPglite, createTestPostgres } from '../support/database';
import { raceEngine, type RaceState } from '../support/dealt-number-engine';

const backends: [string, () => Promise<Database>][] = [
  ['PostgreSQL', createTestPostgres],
  ['PGlite', createTestPglite],
];

async function expectGameError(
  promise: Promise<unknown>,
  code: string,
  details: Record<string, unknown> = {},
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GameError);
  expect((error as GameError).code).toBe(code);
  expect((error as GameError).details).toMatchObject(details);
}

describe.each(backends)('command pipeline on %s', (_name, open) => {
  let db: Database;
  let play: PlayService;
  let store: EventStore;

  const newPlay = (options = {}) =>
    new PlayService(db.client, store, new GameRegistry([raceEngine]), {
      allowTestControls: true,
      ...options,
    });

  beforeAll(async () => {
    db = await open();
    store = new EventStore(db.client, sqlFor(db));
  });
  afterAll(async () => db.close());
  beforeEach(() => {
    play = newPlay();
  });

  async function startedGame(seed = 'fixed-seed') {
    const created = await play.createGame({
      type: 'race-to-ten',
      seats: [
        { kind: 'HUMAN', name: 'Ann' },
        { kind: 'HUMAN', name: 'Bob' },
      ],
      seed,
      start: true,
    });
    return created;
  }

  it('creates, starts and records the setup events with the read model', async () => {
    const { game, seatTokens } = await startedGame();
    expect(seatTokens.map((t) => t.seat)).toEqual([0, 1]);
    expect(new Set(seatTokens.map((t) => t.token)).size).toBe(2);
    expect(game).toMatchObject({ status: 'ACTIVE', version: 3, activeSeats: [0], seatCount: 2 });
    const events = await store.readStream(game.id);
    expect(events.map((e) => [e.version, e.type])).toEqual([
      [1, 'STARTED'],
      [2, 'SECRET_DEALT'],
      [3, 'SECRET_DEALT'],
    ]);
    expect(events[0].metadata.actor).toBe('SYSTEM');
    expect(await play.seatForToken(seatTokens[1].token)).toEqual({ gameId: game.id, seat: 1 });
    expect(await play.seatForToken('st_unknown')).toBeNull();
  });

  it('the same seed deals the same secrets', async () => {
    const a = await startedGame('same');
    const b = await startedGame('same');
    const secrets = async (id: string) => ((await play.load(id)).state as RaceState).secrets;
    expect(await secrets(a.game.id)).toEqual(await secrets(b.game.id));
  });

  it('accepts a legal command and rejects bad ones with codes, changing nothing', async () => {
    const { game } = await startedGame();
    const ok = await play.submitCommand({ gameId: game.id, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 2 });
    expect(ok).toMatchObject({ version: 4, fromVersion: 3, duplicate: false });
    expect(ok.events.map((e) => e.payload)).toEqual([{ type: 'ADDED', seat: 0, n: 2, counter: 2 }]);

    await expectGameError(
      play.submitCommand({ gameId: game.id, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
      'NOT_YOUR_TURN',
    );
    await expectGameError(
      play.submitCommand({ gameId: game.id, seat: 1, actor: 'HUMAN' }, { type: 'ADD', n: 3 }),
      'VALIDATION',
      {
        ruleCode: 'INVALID_COMMAND',
      },
    );
    await expectGameError(
      play.submitCommand({ gameId: game.id, seat: 1, actor: 'HUMAN' }, 'garbage'),
      'VALIDATION',
    );
    await expectGameError(
      play.submitCommand({ gameId: game.id, seat: 5, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
      'FORBIDDEN',
    );
    await expectGameError(
      play.submitCommand({ gameId: 'no-such-game', seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
      'NOT_FOUND',
    );
    await expectGameError(
      play.submitCommand(
        { gameId: game.id, seat: 1, actor: 'HUMAN', expectedVersion: 3 },
        { type: 'ADD', n: 1 },
      ),
      'CONFLICT',
      { currentVersion: 4 },
    );
    expect((await play.getGame(game.id)).version).toBe(4);
    expect(await store.readStream(game.id)).toHaveLength(4);
  });

  it('reports a rule violation with the rule code', async () => {
    const { game } = await startedGame();
    let seat = 0;
    for (let i = 0; i < 4; i++) {
      await play.submitCommand({ gameId: game.id, seat, actor: 'HUMAN' }, { type: 'ADD', n: 2 });
      seat = 1 - seat;
    }
    await play.submitCommand({ gameId: game.id, seat, actor: 'HUMAN' }, { type: 'ADD', n: 1 }); // 9
    await expectGameError(
      play.submitCommand({ gameId: game.id, seat: 1 - seat, actor: 'HUMAN' }, { type: 'ADD', n: 2 }),
      'RULE_VIOLATION',
      {
        ruleCode: 'OVERSHOOT',
      },
    );
  });

  it('answers a repeated commandId with the first result and appends nothing', async () => {
    const { game } = await startedGame();
    const ctx = { gameId: game.id, seat: 0, actor: 'HUMAN' as const, commandId: 'cmd-1' };
    const first = await play.submitCommand(ctx, { type: 'ADD', n: 1 });
    const again = await play.submitCommand(ctx, { type: 'ADD', n: 1 });
    expect(again).toMatchObject({ duplicate: true, version: first.version, fromVersion: first.fromVersion });
    expect(again.events.map((e) => e.payload)).toEqual(first.events.map((e) => e.payload));
    // The same body with its keys in another order is the same command.
    const reordered = await play.submitCommand(ctx, { n: 1, type: 'ADD' });
    expect(reordered.duplicate).toBe(true);
    // A different body under the same id is a conflict, never the first success, never applied.
    await expectGameError(play.submitCommand(ctx, { type: 'ADD', n: 2 }), 'CONFLICT', {
      field: 'commandId',
    });
    expect((await play.getGame(game.id)).version).toBe(first.version);
    // The same id from another seat is a conflict, not a replay of someone else's move.
    await expectGameError(play.submitCommand({ ...ctx, seat: 1 }, { type: 'ADD', n: 1 }), 'CONFLICT');
  });

  it("reads the command's game row on the raw driver exactly as Prisma reads it", async () => {
    const { game } = await startedGame();
    await play.submitCommand(
      { gameId: game.id, seat: 0, actor: 'HUMAN', commandId: 'row-1' },
      { type: 'ADD', n: 1 },
    );
    await db.client.gameSeat.update({
      where: { gameId_seat: { gameId: game.id, seat: 1 } },
      data: { clockMs: 12345n, turnStartedAt: new Date('2026-03-04T05:06:07.089Z'), botTakeover: true },
    });
    const prisma = await db.client.game.findUniqueOrThrow({
      where: { id: game.id },
      include: { seats: true },
    });
    const raw = await readGameWithCommand(sqlFor(db), game.id, 'row-1');
    expect({ ...raw!.row, seats: [...raw!.row.seats].sort((a, b) => a.seat - b.seat) }).toEqual({
      ...prisma,
      seats: [...prisma.seats].sort((a, b) => a.seat - b.seat),
    });
    expect(raw!.command).toMatchObject({ commandId: 'row-1', seat: 0, fromVersion: 3, toVersion: 4 });
    expect((await readGameWithCommand(sqlFor(db), game.id, 'other'))!.command).toBeNull();
    expect(await readGameWithCommand(sqlFor(db), 'no-such-game', null)).toBeNull();
  });

  it('answers a command id recorded before body hashes were kept from the record, whatever the body', async () => {
    const { game } = await startedGame();
    const ctx = { gameId: game.id, seat: 0, actor: 'HUMAN' as const, commandId: 'old-1' };
    const first = await play.submitCommand(ctx, { type: 'ADD', n: 1 });
    await db.client.command.update({
      where: { gameId_commandId: { gameId: game.id, commandId: 'old-1' } },
      data: { bodyHash: null },
    });
    const again = await play.submitCommand(ctx, { type: 'ADD', n: 2 });
    expect(again).toMatchObject({ duplicate: true, version: first.version });
    expect((await play.getGame(game.id)).version).toBe(first.version);
  });

  it('accepts exactly one of 20 concurrent commands pinned to one expectedVersion', async () => {
    const { game } = await startedGame();
    // 20 independent pipelines, as if 20 API processes raced (no shared cache).
    const racers = Array.from({ length: 20 }, () => newPlay());
    const outcomes = await Promise.allSettled(
      racers.map((p, i) =>
        p.submitCommand(
          { gameId: game.id, seat: 0, actor: 'HUMAN', expectedVersion: 3, commandId: `race-${i}` },
          { type: 'ADD', n: 1 },
        ),
      ),
    );
    const accepted = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const r of rejected) expect((r.reason as GameError).code).toBe('CONFLICT');
    const events = await store.readStream(game.id);
    expect(events.map((e) => e.version)).toEqual([1, 2, 3, 4]);
  });

  it('retries a lost race on fresh state when the client did not pin a version', async () => {
    const created = await play.createGame({
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
      start: true,
    });
    const gameId = created.game.id;
    // Seat 0 and seat 1 both send at once; whichever loses is re-decided on the new state.
    const [a, b] = await Promise.allSettled([
      newPlay().submitCommand({ gameId, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
      newPlay().submitCommand({ gameId, seat: 1, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
    ]);
    // Seat 0's move is legal first; seat 1's is legal only after it. Either order of arrival ends
    // with both applied or seat 1 told NOT_YOUR_TURN (it arrived first) - never a lost or doubled move.
    expect(a.status).toBe('fulfilled');
    const versions = (await store.readStream(gameId)).map((e) => e.version);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    if (b.status === 'rejected') expect((b.reason as GameError).code).toBe('NOT_YOUR_TURN');
    expect(versions.length).toBe(b.status === 'fulfilled' ? 5 : 4);
  });

  it('rebuilds the same state from snapshot + tail as from the whole stream, and finishes', async () => {
    play = newPlay({ snapshotEvery: 3 });
    const { game } = await startedGame();
    let seat = 0;
    let finished = false;
    while (!finished) {
      const out = await play.submitCommand({ gameId: game.id, seat, actor: 'HUMAN' }, { type: 'ADD', n: 1 });
      finished = out.events.some((e) => e.type === 'WON');
      seat = 1 - seat;
    }
    const record = await play.getGame(game.id);
    expect(record.status).toBe('FINISHED');
    expect(record.activeSeats).toEqual([]);
    expect(record.result).toMatchObject({ winners: [1], reason: 'REACHED_TEN' });
    expect(record.finishedAt).toBeInstanceOf(Date);
    const snapshots = await db.client.snapshot.count({ where: { gameId: game.id } });
    expect(snapshots).toBeGreaterThan(2);

    const fresh = newPlay({ snapshotEvery: 3 });
    const loaded = await fresh.load(game.id);
    const replayed = (await store.readStream(game.id)).reduce<unknown>(
      (s, e) => raceEngine.evolve(s as RaceState, e.payload as never),
      null,
    );
    expect(loaded.state).toEqual(replayed);
    await expectGameError(
      play.submitCommand({ gameId: game.id, seat, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
      'INVALID_STATE',
    );
  });

  it('ignores snapshots written in another state schema and rebuilds from the events', async () => {
    play = newPlay({ snapshotEvery: 2 });
    const { game } = await startedGame('schema-seed');
    await play.submitCommand({ gameId: game.id, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 });
    await play.submitCommand({ gameId: game.id, seat: 1, actor: 'HUMAN' }, { type: 'ADD', n: 2 });
    const latest = await db.client.snapshot.findFirst({
      where: { gameId: game.id },
      orderBy: { version: 'desc' },
    });
    expect(latest?.stateSchema).toBe(1);
    // A snapshot in an old shape the engine no longer understands: it must never be read.
    await db.client.snapshot.update({
      where: { gameId_version: { gameId: game.id, version: latest!.version } },
      data: { state: { shape: 'old' } },
    });
    const replayed = (await store.readStream(game.id)).reduce<unknown>(
      (s, e) => raceEngine.evolve(s as RaceState, e.payload as never),
      null,
    );
    const bumped = new PlayService(db.client, store, new GameRegistry([{ ...raceEngine, stateSchema: 2 }]));
    expect((await bumped.load(game.id)).state).toEqual(replayed);
    // The same engine at schema 1 would read the (now corrupt) snapshot: the test can fail.
    expect((await newPlay().load(game.id)).state).not.toEqual(replayed);
    // New snapshots carry the bumped schema.
    play = new PlayService(db.client, store, new GameRegistry([{ ...raceEngine, stateSchema: 2 }]), {
      snapshotEvery: 1,
      allowTestControls: true,
    });
    await play.submitCommand({ gameId: game.id, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 });
    const newest = await db.client.snapshot.findFirst({
      where: { gameId: game.id },
      orderBy: { version: 'desc' },
    });
    expect(newest?.stateSchema).toBe(2);
  });

  it('redacts events for each viewer', async () => {
    const { game } = await startedGame();
    const state = (await play.load(game.id)).state as RaceState;
    const seen = async (viewer: number | 'spectator') =>
      (await play.eventsFor(game.id, viewer, 0, 10))
        .filter((r) => r.event.type === 'SECRET_DEALT')
        .map((r) => r.visible);
    expect(await seen(0)).toEqual([
      { type: 'SECRET_DEALT', seat: 0, secret: state.secrets[0] },
      { type: 'SECRET_DEALT', seat: 1, secret: null },
    ]);
    expect(await seen('spectator')).toEqual([
      { type: 'SECRET_DEALT', seat: 0, secret: null },
      { type: 'SECRET_DEALT', seat: 1, secret: null },
    ]);
  });

  it('runs a lobby: open seats, join, start only when full, abort', async () => {
    const { game, seatTokens } = await play.createGame({
      type: 'race-to-ten',
      seats: [{ kind: 'HUMAN', name: 'Host' }, { kind: 'HUMAN', open: true }, { kind: 'BOT' }],
    });
    expect(seatTokens.map((t) => t.seat)).toEqual([0]);
    expect(game.seats.map((s) => s.open)).toEqual([false, true, false]);
    await expectGameError(play.startGame(game.id), 'INVALID_STATE', { openSeats: [1] });
    const joined = await play.joinGame(game.id, 'Guest');
    expect(joined.seat).toBe(1);
    expect(await play.seatForToken(joined.token)).toEqual({ gameId: game.id, seat: 1 });
    await expectGameError(play.joinGame(game.id, 'Late'), 'INVALID_STATE');
    expect((await play.startGame(game.id)).status).toBe('ACTIVE');
    await expectGameError(play.startGame(game.id), 'INVALID_STATE');
    expect((await play.abortGame(game.id)).status).toBe('ABORTED');
    await expectGameError(
      play.submitCommand({ gameId: game.id, seat: 0, actor: 'HUMAN' }, { type: 'ADD', n: 1 }),
      'INVALID_STATE',
    );
  });

  it('validates creation input', async () => {
    await expectGameError(play.createGame({ type: 'chess', seats: [{ kind: 'HUMAN' }] }), 'VALIDATION', {
      field: 'type',
    });
    await expectGameError(
      play.createGame({ type: 'race-to-ten', seats: [{ kind: 'HUMAN' }] }),
      'VALIDATION',
      { field: 'seats' },
    );
    await expectGameError(
      play.createGame({
        type: 'race-to-ten',
        seats: [{ kind: 'HUMAN' }, { kind: 'BOT', botLevel: 'GODLIKE' }],
      }),
      'VALIDATION',
      { field: 'seats.1.botLevel' },
    );
    await expectGameError(
      play.createGame({
        type: 'race-to-ten',
        seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }],
        options: { speed: 1 },
      }),
      'VALIDATION',
      { field: 'options', ruleCode: 'INVALID_OPTIONS' },
    );
    expect(await db.client.game.count({ where: { type: 'chess' } })).toBe(0);
  });

  it('lists games newest first with cursor pagination', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await play.createGame({ type: 'race-to-ten', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] })).game
          .id,
      );
    const page1 = await play.listGames({ status: 'LOBBY', first: 2 });
    expect(page1.hasNextPage).toBe(true);
    const last = page1.games[1];
    const page2 = await play.listGames({
      status: 'LOBBY',
      first: 2,
      after: { createdAt: last.createdAt, id: last.id },
    });
    const seen = [...page1.games, ...page2.games].map((g) => g.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });
});
