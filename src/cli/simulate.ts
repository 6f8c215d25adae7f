// Plays bot games through the real pipeline (PlayService) into the database, with a progress bar,
// then brings the analytics projection up to date.
//   npm run simulate -- --game carson-city --games 1000 --players 4 --bots HEURISTIC
// Options: --concurrency N (games at once, default 4), --seed PREFIX (deterministic games),
// --options '{"characterChoice":true}', --no-project (skip the projection catch-up).
// A level the game does not offer falls back to RANDOM (said so in the output).
// Database from DATABASE_URL, else the embedded PGlite (DATA_DIR, default ./.data/pglite; refused
// while a server runs on that directory: one process per DATA_DIR).
import { AnalyticsProjection } from '../analytics/analytics-projection';
import {
  type CliIo,
  intArg,
  parseArgs,
  progressBar,
  runMain,
  stringArg,
  withDatabase,
} from '../analytics/cli-support';
import { Projector } from '../analytics/projector';
import { chooseLevel, simulateGames } from '../analytics/simulate';
import { sqlFor } from '../analytics/sql';
import { EventStore } from '../event-store/event-store';
import type { GameDefinition } from '../games/bots';
import { carsonCityEngine } from '../games/carson-city/index';
import { ALL_GAMES } from '../games/index';
import { GameRegistry } from '../games/registry';
import { PlayService } from '../play/play.service';

/** Every hosted game; Carson City is added when the server does not list it yet. */
export function simulationGames(): GameDefinition[] {
  const games = [...ALL_GAMES];
  if (!games.some((g) => g.engine.type === carsonCityEngine.type))
    games.push({ engine: carsonCityEngine, bots: {} });
  return games;
}

export interface SimulateSummary {
  gameIds: string[];
  level: string;
  fellBack: boolean;
  projected: number;
}

export async function simulateCommand(
  argv: string[],
  io: CliIo & { registry?: GameRegistry } = {},
): Promise<SimulateSummary> {
  const args = parseArgs(argv);
  const log = io.log ?? console.log;
  const registry = io.registry ?? new GameRegistry(simulationGames());
  const gameType = stringArg(args, 'game', 'carson-city')!;
  const engine = registry.get(gameType);
  if (!engine)
    throw new Error(
      `unknown game ${gameType} (have ${registry
        .list()
        .map((e) => e.type)
        .join(', ')})`,
    );
  const games = intArg(args, 'games', 10, 1, 1_000_000);
  // Default: the smallest table of 2+ (a 1-seat game, e.g. Carson City solo, needs its own options).
  const players = intArg(
    args,
    'players',
    Math.min(Math.max(2, engine.seats.min), engine.seats.max),
    engine.seats.min,
    engine.seats.max,
  );
  const wanted = stringArg(args, 'bots', 'RANDOM')!.toUpperCase();
  const concurrency = intArg(args, 'concurrency', 4, 1, 64);
  const optionsArg = stringArg(args, 'options');
  const options = optionsArg ? (JSON.parse(optionsArg) as Record<string, unknown>) : {};
  const { level, fellBack } = chooseLevel(registry, gameType, wanted);
  if (fellBack) {
    log(
      `note: ${gameType} offers no ${wanted} bot (has ${registry.botLevels(gameType).join(', ')}); using RANDOM instead`,
    );
  }
  return withDatabase(io, async (db) => {
    // Simulations seed their games (--seed): operator test controls, in this process only.
    const play = new PlayService(db.client, new EventStore(db.client, sqlFor(db)), registry, {
      allowTestControls: true,
    });
    log(`simulating ${games} ${gameType} games, ${players} ${level} bots each`);
    const bar = progressBar(io, 'games');
    bar.start(games);
    const started = Date.now();
    let gameIds: string[];
    try {
      gameIds = await simulateGames(play, registry, {
        gameType,
        games,
        seats: Array.from({ length: players }, () => ({ kind: 'BOT' as const, botLevel: level })),
        options,
        seedPrefix: stringArg(args, 'seed'),
        concurrency,
        onGame: (done) => bar.update(done),
      });
    } finally {
      bar.stop();
    }
    log(`played ${gameIds.length} games in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    let projected = 0;
    if (args['no-project'] !== true) {
      projected = await new Projector(sqlFor(db), new AnalyticsProjection()).catchUp();
      log(`analytics projection: ${projected} new events applied`);
    }
    return { gameIds, level, fellBack, projected };
  });
}

if (require.main === module) {
  runMain('simulate', async () => {
    await simulateCommand(process.argv.slice(2));
  });
}
