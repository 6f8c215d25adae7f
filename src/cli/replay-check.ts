// Rebuilds every stored game from the event table with this release's engines (stored events
// through their upcasters) and compares each with its row in `games` (version, status, active
// seats, result): does every stored game still replay, and mean what it meant, under this release?
//   npm run replay:check                            (every game)
//   npm run replay:check -- --game-type bang-dice   (one type)
// Read-only: never migrates or writes. On PostgreSQL safe while servers run (each game is checked
// up to the version it had when the check began); the embedded PGlite is refused while a server
// holds the DATA_DIR. Database from DATABASE_URL / DATA_DIR like the server; progress on stderr.
// Exit code 0 = every game agrees, 1 = a mismatch or a game that fails to replay.
import {
  type CliIo,
  intArg,
  parseArgs,
  progressBar,
  runMain,
  stringArg,
  withDatabase,
} from '../analytics/cli-support';
import type { Database } from '../database/database';
import { readMigrations } from '../database/migrate';
import { sqlFor } from '../database/sql';
import { checkReplay, type ReplayCheckReport } from '../play/replay-check';

export async function replayCheckCommand(argv: string[], io: CliIo = {}): Promise<ReplayCheckReport> {
  const args = parseArgs(argv);
  const gameType = stringArg(args, 'game-type');
  const pageSize = intArg(args, 'page-size', 5000, 1, 100_000);
  const log = io.log ?? console.log;
  return withDatabase({ ...io, migrate: false }, async (db) => {
    await requireMigrated(db);
    const [{ total }] = await sqlFor(db).query<{ total: number }>(
      `SELECT count(*)::int AS total FROM events`,
    );
    const bar = progressBar(io, 'replay:check');
    bar.start(total);
    let report: ReplayCheckReport;
    try {
      report = await checkReplay(db, { gameType, pageSize, onProgress: (read) => bar.update(read) });
    } finally {
      bar.stop();
    }
    for (const m of report.mismatches) log(`MISMATCH ${m.gameId} (${m.type}): ${m.differences.join('; ')}`);
    for (const f of report.failures) {
      const at = f.atVersion === null ? '' : ` at version ${f.atVersion}`;
      log(`FAILED ${f.gameId} (${f.type})${at}: ${f.error}`);
    }
    const bad = report.mismatches.length + report.failures.length;
    const skipped = report.skipped
      ? `; ${report.skipped} events appended since the check began, not compared`
      : '';
    log(
      `replay:check: ${report.games} games${gameType ? ` of type ${gameType}` : ''}, ${report.events} events ` +
        `in ${report.seconds.toFixed(1)} s (${Math.round(report.eventsPerSecond)} events/s): ` +
        (bad === 0
          ? 'every game agrees with games'
          : `${report.mismatches.length} mismatches, ${report.failures.length} games failed to replay`) +
        skipped,
    );
    return report;
  });
}

/**
 * Refuses a database this release's migrations have not all reached: the check never migrates
 * (it writes nothing), and on an older schema its reads would fail or compare the wrong columns.
 */
export async function requireMigrated(db: Database): Promise<void> {
  const sql = sqlFor(db);
  const [{ present }] = await sql.query<{ present: boolean }>(
    `SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`,
  );
  const done = present
    ? await sql.query<{ name: string }>(
        `SELECT migration_name AS name FROM "_prisma_migrations"
          WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      )
    : [];
  const applied = new Set(done.map((r) => r.name));
  const pending = readMigrations()
    .map((m) => m.name)
    .filter((name) => !applied.has(name));
  if (pending.length)
    throw new Error(
      `the database lacks ${pending.length} migration(s) of this release ` +
        `(${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', ...' : ''}): ` +
        'run npm run db:migrate first (replay:check never writes)',
    );
}

/** 0 when every game replays and agrees with its row, 1 otherwise. */
export function exitCodeOf(report: ReplayCheckReport): number {
  return report.mismatches.length + report.failures.length === 0 ? 0 : 1;
}

if (require.main === module) {
  runMain('replay:check', async () => {
    process.exitCode = exitCodeOf(await replayCheckCommand(process.argv.slice(2)));
  });
}
