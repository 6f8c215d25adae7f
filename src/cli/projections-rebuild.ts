// Rebuilds projections from zero: empties their tables, resets the checkpoint and replays every
// event, with a progress bar. On PostgreSQL safe while servers run (they wait on the checkpoint
// row lock); on the embedded PGlite it is refused while a server holds the DATA_DIR.
//   npm run projections:rebuild              (all projections)
//   npm run projections:rebuild -- analytics (one)
// Database from DATABASE_URL / DATA_DIR like the server.
import { AnalyticsProjection } from '../analytics/analytics-projection';
import { type CliIo, parseArgs, progressBar, runMain, withDatabase } from '../analytics/cli-support';
import { Projector } from '../analytics/projector';
import { sqlFor } from '../analytics/sql';

export const PROJECTIONS = { analytics: () => new AnalyticsProjection() };

export async function rebuildCommand(argv: string[], io: CliIo = {}): Promise<Record<string, number>> {
  const args = parseArgs(argv);
  const names = args._.length ? args._ : Object.keys(PROJECTIONS);
  for (const name of names) {
    if (!(name in PROJECTIONS))
      throw new Error(`unknown projection ${name} (have ${Object.keys(PROJECTIONS).join(', ')})`);
  }
  const log = io.log ?? console.log;
  return withDatabase(io, async (db) => {
    const sql = sqlFor(db);
    const done: Record<string, number> = {};
    for (const name of names) {
      const projector = new Projector(sql, PROJECTIONS[name as keyof typeof PROJECTIONS]());
      const [{ total }] = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM events`);
      const bar = progressBar(io, name);
      bar.start(total);
      let applied = 0;
      const started = Date.now();
      try {
        await projector.rebuild((outcome) => {
          if (outcome.kind === 'applied') bar.update((applied += outcome.events));
        });
      } finally {
        bar.stop();
      }
      done[name] = applied;
      log(`${name}: rebuilt from ${applied} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return done;
  });
}

if (require.main === module) {
  runMain('projections:rebuild', async () => {
    await rebuildCommand(process.argv.slice(2));
  });
}
