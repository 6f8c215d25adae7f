/**
 * `npm run replay:check` (src/cli/replay-check.ts over src/play/replay-check.ts): every stored
 * game rebuilt from the event table through EventStore.readAllPages with this release's engines
 * and compared with its `games` row. Played games (finished, unfinished, aborted, in the lobby)
 * all agree, a seat's forfeit on time ranked as the commit ranks it; a tampered row, a stream missing its last event, an event the engine cannot read and
 * a game type no longer hosted are each reported with the game's id, and the run goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitCodeOf, replayCheckCommand } from '../../src/cli/replay-check';
import { lockDataDir } from '../../src/database/data-dir-lock';
import { sqlFor } from '../../src/database/sql';
import { EventStore } from '../../src/event-store/event-store';
import { ALL_GAMES } from '../../src/games/index';
import { GameRegistry } from '../../src/games/registry';
import { PlayService } from '../../src/play/play.service';
import { resultWithForfeits } from '../../src/play/read-model';
import type { GameResult } from '../../src/games/engine';
import { playToEnd } from '../../bench/lib/bot-driver';
import { createTestPglite, createTestPostgres } from '../support/database';
import { createDatabase, type Database } from '../../src/database/database';

describe.each([
  ['PGlite', createTestPglite],
  ['PostgreSQL', createTestPostgres],
] as const)('replay:check on %s', (kind, createDb: () => Promise<Database>) => {
  let db: Database;
  const ids: Record<'finished' | 'other' | 'active' | 'aborted' | 'lobby', string> = {
    finished: '',
    other: '',
    active: '',
    aborted: '',
    lobby: '',
  };
  let totalEvents = 0;

  async function check(argv: string[] = []) {
    const lines: string[] = [];
    const report = await replayCheckCommand(argv, {
      database: db,
      log: (l) => lines.push(l),
      progress: false,
    });
    return { report, lines, code: exitCodeOf(report) };
  }

  async function version(gameId: string): Promise<number> {
    const [row] = await sqlFor(db).query<{ version: number }>('SELECT version FROM games WHERE id = $1', [
      gameId,
    ]);
    return row.version;
  }

  beforeAll(async () => {
    db = await createDb();
    // Seeded games (the same every run): operator test controls.
    const play = new PlayService(
      db.client,
      new EventStore(db.client, sqlFor(db)),
      new GameRegistry(ALL_GAMES),
      {
        allowTestControls: true,
      },
    );
    ids.finished = (await playToEnd(play, 'bang-dice', 4, 'replay-check-1')).gameId;
    ids.other = (await playToEnd(play, 'bang-dice', 5, 'replay-check-2')).gameId;
    ids.active = (await playToEnd(play, 'carson-city', 3, 'replay-check-3', { maxCommands: 25 })).gameId;
    ids.aborted = (await playToEnd(play, 'bang-dice', 3, 'replay-check-4', { maxCommands: 5 })).gameId;
    await play.abortGame(ids.aborted);
    const seats = [0, 1, 2].map((i) => ({ kind: 'HUMAN' as const, name: `p${i}` }));
    ids.lobby = (await play.createGame({ type: 'bang-dice', seats, options: {} })).game.id;
    for (const id of Object.values(ids)) totalEvents += await version(id);
  }, 120_000);
  afterAll(async () => db?.close());

  it('every played game agrees with its row: exit 0, the counts of games and events', async () => {
    const statuses = await sqlFor(db).query<{ status: string }>('SELECT status FROM games ORDER BY status');
    expect(statuses.map((s) => s.status)).toEqual(['ABORTED', 'ACTIVE', 'FINISHED', 'FINISHED', 'LOBBY']);
    const { report, lines, code } = await check();
    expect(report.mismatches).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(code).toBe(0);
    expect(report.games).toBe(5);
    expect(report.events).toBe(totalEvents);
    expect(report.skipped).toBe(0);
    expect(lines.at(-1)).toMatch(/^replay:check: 5 games, \d+ events in .* events\/s\): every game agrees/);
  });

  it('--game-type checks only the games of that type', async () => {
    const { report, code } = await check(['--game-type', 'carson-city']);
    expect(code).toBe(0);
    expect(report.games).toBe(1);
    expect(report.events).toBe(await version(ids.active));
    // A type with no engine and no games is a typo, not an empty success.
    await expect(check(['--game-type', 'bang-dic'])).rejects.toThrow(
      /unknown game type bang-dic \(have bang-dice, /,
    );
  });

  it('a tampered status or result is reported with the game id and what differs: exit 1', async () => {
    const sql = sqlFor(db);
    const [stored] = await sql.query<{ result: unknown }>('SELECT result FROM games WHERE id = $1', [
      ids.finished,
    ]);
    await sql.query(`UPDATE games SET status = 'ACTIVE', result = NULL WHERE id = $1`, [ids.finished]);
    try {
      const { report, lines, code } = await check();
      expect(code).toBe(1);
      expect(report.mismatches).toHaveLength(1);
      const [m] = report.mismatches;
      expect(m).toMatchObject({ gameId: ids.finished, type: 'bang-dice' });
      expect(m.differences[0]).toBe('status: games ACTIVE, replay FINISHED');
      expect(m.differences[1]).toMatch(/^result: games null, replay \{/);
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^MISMATCH ${ids.finished} \\(bang-dice\\): status`)),
      );
    } finally {
      await sql.query(`UPDATE games SET status = 'FINISHED', result = $2::jsonb WHERE id = $1`, [
        ids.finished,
        JSON.stringify(stored.result),
      ]);
    }
    expect((await check()).code).toBe(0);
  });

  it('a seat that forfeited on time: the row ranks it last (not an event), and the check expects that', async () => {
    // What the timer planner's commit does when a game with a FORFEIT seat ends (rankForfeits).
    const sql = sqlFor(db);
    const [stored] = await sql.query<{ result: GameResult; seatCount: number }>(
      'SELECT result, seat_count AS "seatCount" FROM games WHERE id = $1',
      [ids.finished],
    );
    const forfeit = stored.result.winners[0];
    const setResult = (result: GameResult) =>
      sql.query('UPDATE games SET result = $2::jsonb WHERE id = $1', [ids.finished, JSON.stringify(result)]);
    await sql.query('UPDATE game_seats SET forfeited = true WHERE game_id = $1 AND seat = $2', [
      ids.finished,
      forfeit,
    ]);
    try {
      // The flag without the commit's rewrite of the result: reported.
      const unranked = await check();
      expect(unranked.code).toBe(1);
      expect(unranked.report.mismatches.map((m) => [m.gameId, m.differences[0].split(':')[0]])).toEqual([
        [ids.finished, 'result'],
      ]);
      await setResult(resultWithForfeits(stored.result, [forfeit], stored.seatCount));
      const ranked = await check();
      expect(ranked.report.mismatches).toEqual([]);
      expect(ranked.code).toBe(0);
    } finally {
      await sql.query('UPDATE game_seats SET forfeited = false WHERE game_id = $1', [ids.finished]);
      await setResult(stored.result);
    }
    expect((await check()).code).toBe(0);
  });

  it('a version beyond the stored events is reported; events beyond the version are skipped', async () => {
    const sql = sqlFor(db);
    const v = await version(ids.other);
    await sql.query('UPDATE games SET version = version + 1 WHERE id = $1', [ids.other]);
    try {
      const { report, code } = await check();
      expect(code).toBe(1);
      expect(report.mismatches).toEqual([
        {
          gameId: ids.other,
          type: 'bang-dice',
          differences: [`version: games ${v + 1}, events end at version ${v}`],
        },
      ]);
    } finally {
      await sql.query('UPDATE games SET version = $2 WHERE id = $1', [ids.other, v]);
    }
    // An unfinished game's row read before its next append: the check stops at the row's version.
    const active = await version(ids.active);
    await sql.query('UPDATE games SET version = version - 1 WHERE id = $1', [ids.active]);
    try {
      const { report } = await check(['--game-type', 'carson-city']);
      expect(report.skipped).toBe(1);
      expect(report.events).toBe(active - 1);
    } finally {
      await sql.query('UPDATE games SET version = $2 WHERE id = $1', [ids.active, active]);
    }
  });

  it('an event the engine cannot read, and a game type no longer hosted, are reported, not a crash', async () => {
    const sql = sqlFor(db);
    const v = await version(ids.active);
    // Stored by a newer release (event schema 99): this engine must refuse it.
    await sql.query(
      `INSERT INTO events (game_id, version, type, payload, metadata, schema_version)
       VALUES ($1, $2, 'FROM_THE_FUTURE', '{"type":"FROM_THE_FUTURE"}', '{}', 99)`,
      [ids.active, v + 1],
    );
    await sql.query('UPDATE games SET version = $2 WHERE id = $1', [ids.active, v + 1]);
    await sql.query(
      `INSERT INTO games (id, type, status, options, seed, seat_count, version, active_seats, updated_at)
       VALUES ('retired', 'pony-express', 'ACTIVE', '{}', 's', 2, 1, '{0}', now())`,
    );
    await sql.query(
      `INSERT INTO events (game_id, version, type, payload, metadata) VALUES ('retired', 1, 'A', '{"type":"A"}', '{}')`,
    );
    try {
      const { report, lines, code } = await check();
      expect(code).toBe(1);
      expect(report.mismatches).toEqual([]);
      expect(report.failures).toEqual([
        {
          gameId: 'retired',
          type: 'pony-express',
          atVersion: null,
          error: 'no engine for game type pony-express in this release',
        },
        {
          gameId: ids.active,
          type: 'carson-city',
          atVersion: v + 1,
          error: expect.stringMatching(/schema 99/),
        },
      ]);
      // The other games were still checked.
      expect(report.games).toBe(6);
      expect(report.events).toBe(totalEvents);
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^FAILED ${ids.active} \\(carson-city\\) at version ${v + 1}: `)),
      );
    } finally {
      await sql.query(`DELETE FROM events WHERE game_id = 'retired' OR (game_id = $1 AND version > $2)`, [
        ids.active,
        v,
      ]);
      await sql.query(`DELETE FROM games WHERE id = 'retired'`);
      await sql.query('UPDATE games SET version = $2 WHERE id = $1', [ids.active, v]);
    }
    expect((await check()).code).toBe(0);
  });
});

describe('replay:check refuses', () => {
  it('a database not migrated to this release, writing nothing', async () => {
    const bare = await createDatabase({ kind: 'pglite', dataDir: 'memory' }, { migrate: false });
    try {
      await expect(
        replayCheckCommand([], { database: bare, log: () => undefined, progress: false }),
      ).rejects.toThrow(/lacks \d+ migration\(s\) of this release .*run npm run db:migrate first/);
      const tables = await sqlFor(bare).query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('a DATA_DIR another process holds, as every CLI does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-check-'));
    const held = lockDataDir(dir);
    const env = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dir;
    try {
      await expect(replayCheckCommand([], { log: () => undefined, progress: false })).rejects.toThrow(
        /in use by process/,
      );
    } finally {
      for (const [k, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[k];
        else process.env[k] = value;
      }
      held.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
