/**
 * npm run tournament -- --game carson-city --players 4 --levels STRONG,HEURISTIC --games 100
 *
 * Plays seeded bot games (pure engines, no server) with the levels rotated across seats and
 * prints each level's win rate with its 95% Wilson interval and sample size. The same flags and
 * seed give the same games.
 */
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { randomBot } from '../games/bots';
import { ALL_GAMES } from '../games/index';
import { runTournament, type TournamentReport } from '../games/tournament';

export function formatReport(title: string, report: TournamentReport): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const rows = report.levels.map(
    (l) =>
      `| ${l.level} | ${l.seats} | ${l.wins} | ${pct(l.winRate)} | ${pct(l.ci.low)} – ${pct(l.ci.high)} | ` +
      `${l.meanScore === null ? '–' : l.meanScore.toFixed(1)} |`,
  );
  const d = report.difference;
  const points = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}`;
  const gap = d
    ? [
        '',
        `${d.levels[0]} - ${d.levels[1]}: ${points(d.mean)} points (95% CI ${points(d.ci.low)} to ` +
          `${points(d.ci.high)}, over ${d.deals} deals each played with the levels shifted)`,
      ]
    : [];
  return [
    `${title}: ${report.games} games, ${report.draws} without a winner`,
    '',
    '| level | seat-games | wins | win rate | 95% CI (Wilson) | mean score |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...gap,
  ].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      game: { type: 'string', default: 'carson-city' },
      players: { type: 'string', default: '4' },
      levels: { type: 'string', default: 'HEURISTIC,RANDOM' },
      games: { type: 'string', default: '100' },
      seed: { type: 'string', default: 'tournament' },
      playouts: { type: 'string' },
      options: { type: 'string', default: '{}' },
    },
  });
  const definition = ALL_GAMES.find((g) => g.engine.type === values.game);
  if (!definition)
    throw new Error(`unknown game ${values.game} (have ${ALL_GAMES.map((g) => g.engine.type).join(', ')})`);
  const levels = values.levels.split(',').map((l) => l.trim().toUpperCase());
  const bots = { RANDOM: randomBot, ...definition.bots };
  for (const level of levels)
    if (!bots[level as keyof typeof bots]) throw new Error(`${values.game} has no ${level} bot`);
  const games = Number(values.games);
  const players = Number(values.players);
  const bar = new SingleBar(
    { format: 'games {bar} {value}/{total} | {duration_formatted}' },
    Presets.shades_classic,
  );
  bar.start(games, 0);
  const started = Date.now();
  const report = runTournament({
    engine: definition.engine,
    levels,
    seatsPerGame: players,
    games,
    seed: values.seed,
    bots,
    options: JSON.parse(values.options),
    ...(values.playouts && { budget: { playouts: Number(values.playouts) } }),
    onGame: (i) => bar.update(i + 1),
  });
  bar.stop();
  console.log(
    `\n${formatReport(`${definition.engine.title}, ${players} players, seed "${values.seed}"`, report)}`,
  );
  console.log(`\n${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (require.main === module) main();
