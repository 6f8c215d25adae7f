/**
 * The simulate CLI plays bot games through the real pipeline (PlayService) into PostgreSQL, falls
 * back to RANDOM for a level the game does not offer (and says so), and brings the analytics
 * projection up to date.
 */
import { simulateCommand } from '../../src/cli/simulate';
import { bangDiceEngine } from '../../src/games/bang-dice/index';
import { GameRegistry } from '../../src/games/registry';
import { createTestPostgres, type TestPostgres } from '../support/database';

describe('simulate CLI', () => {
  let db: TestPostgres;

  beforeAll(async () => {
    db = await createTestPostgres();
  });

  afterAll(async () => {
    await db?.close();
  });

  it('plays games through PlayService, falling back to RANDOM, and projects them', async () => {
    const lines: string[] = [];
    const summary = await simulateCommand(
      [
        '--game',
        'bang-dice',
        '--games',
        '2',
        '--players',
        '3',
        '--bots',
        'HEURISTIC',
        '--seed',
        'sim-test',
        '--concurrency',
        '2',
      ],
      {
        database: db,
        log: (line) => lines.push(line),
        progress: false,
        registry: new GameRegistry([{ engine: bangDiceEngine, bots: {} }]),
      },
    );
    expect(summary).toMatchObject({ level: 'RANDOM', fellBack: true });
    expect(lines.join('\n')).toMatch(/offers no HEURISTIC bot .*using RANDOM instead/);
    expect(summary.gameIds).toHaveLength(2);
    const games = await db.client.game.findMany({
      where: { id: { in: summary.gameIds } },
      include: { seats: true },
    });
    expect(games.map((g) => g.status)).toEqual(['FINISHED', 'FINISHED']);
    expect(games.flatMap((g) => g.seats.map((s) => `${s.kind}:${s.botLevel}`))).toEqual(
      Array(6).fill('BOT:RANDOM'),
    );
    // Commands went through the pipeline: recorded command ids and bot metadata on the events.
    const commands = await db.client.command.count({ where: { gameId: { in: summary.gameIds } } });
    expect(commands).toBeGreaterThan(10);
    const events = await db.client.event.count({ where: { gameId: { in: summary.gameIds } } });
    expect(summary.projected).toBe(events);
    const projected = await db.client.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM analytics_games WHERE status = 'FINISHED'`,
    );
    expect(projected[0].n).toBe(2);
    await expect(simulateCommand(['--game', 'nope'], { database: db, log: () => undefined })).rejects.toThrow(
      /unknown game/,
    );
  });
});
