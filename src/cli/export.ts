// Exports analytics tables (CSV or Parquet) or one game's history (NDJSON or a move log).
//   npm run export -- --table seat_results --format parquet --out seat_results.parquet
//   npm run export -- --table games --format csv                (to stdout)
//   npm run export -- --game <id> --format log [--viewer 2]      (viewer: a seat, default spectator)
//   npm run export -- --game <id> --format proof --out game.json (once over: for npm run verify-game)
// Database from DATABASE_URL / DATA_DIR like the server.
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { type CliIo, parseArgs, runMain, stringArg, withDatabase } from '../analytics/cli-support';
import { exportGame, exportTable, exportTableNames, resolveExportTable } from '../analytics/export';
import { sqlFor } from '../analytics/sql';
import { EventStore } from '../event-store/event-store';
import type { Viewer } from '../games/engine';
import { ALL_GAMES } from '../games/index';
import { GameRegistry } from '../games/registry';
import { PlayService } from '../play/play.service';

export async function exportCommand(argv: string[], io: CliIo & { stdout?: Writable } = {}): Promise<number> {
  const args = parseArgs(argv);
  const table = stringArg(args, 'table');
  const game = stringArg(args, 'game');
  const outPath = stringArg(args, 'out', '-')!;
  const log = io.log ?? console.error;
  if (!table === !game) throw new Error('give --table <name> or --game <id>');
  const format = stringArg(args, 'format', table ? 'csv' : 'ndjson')!;
  if (table) {
    if (!resolveExportTable(table))
      throw new Error(`unknown table ${table} (have ${exportTableNames().join(', ')})`);
    if (format !== 'csv' && format !== 'parquet') throw new Error('--format must be csv or parquet');
  } else if (format !== 'ndjson' && format !== 'log' && format !== 'proof') {
    throw new Error('--format must be ndjson, log or proof for a game');
  }
  const viewerArg = stringArg(args, 'viewer', 'spectator')!;
  const viewer: Viewer = viewerArg === 'spectator' ? 'spectator' : Number(viewerArg);
  if (viewer !== 'spectator' && !Number.isInteger(viewer))
    throw new Error('--viewer must be a seat number or spectator');

  return withDatabase(io, async (db) => {
    const out: Writable = outPath === '-' ? (io.stdout ?? process.stdout) : createWriteStream(outPath);
    let count: number;
    if (table) {
      count = await exportTable(sqlFor(db), table, format as 'csv' | 'parquet', out);
    } else {
      const registry = new GameRegistry(ALL_GAMES);
      const play = new PlayService(db.client, new EventStore(db.client, sqlFor(db)), registry);
      count =
        format === 'proof'
          ? await exportProof(play, game!, out)
          : await exportGame(play, game!, viewer, format as 'ndjson' | 'log', out);
      if (outPath !== '-') {
        out.end();
        await new Promise((resolve) => out.once('finish', resolve));
      }
    }
    log(`exported ${count} ${table ? 'rows' : 'events'}${outPath === '-' ? '' : ` to ${outPath}`}`);
    return count;
  });
}

/** The game's fairness proof as JSON (src/play/fairness.ts); refused before the game is over. */
async function exportProof(play: PlayService, gameId: string, out: Writable): Promise<number> {
  const proof = await play.fairnessProof(gameId);
  if (!proof) throw new Error('no fairness proof: the game is not over, or predates commitments');
  out.write(`${JSON.stringify(proof)}\n`);
  return proof.batches.reduce((n, b) => n + b.events.length, 0);
}

if (require.main === module) {
  runMain('export', async () => {
    await exportCommand(process.argv.slice(2));
  });
}
