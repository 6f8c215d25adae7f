/**
 * saloon benchmarks: `npm run bench` (full, < 10 min on 2 cores) or `npm run bench:smoke` (< 60 s,
 * for CI). Prints a table and writes bench/results/<date>.json and bench/results/latest.md.
 *
 * Flags: --smoke; --only engine,command,deployment,replay,subscriptions,memory,stall; --seconds S (per command
 * level); --concurrency 1,8,32; --events N (replay); --subscribers N; --sub-games N;
 * --memory-games N (per type); --out DIR.
 *
 * Absolute numbers depend on the machine and on whatever else runs on it; compare the ratios
 * measured in the same run (e.g. commands/s against raw single-row INSERT transactions/s).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { benchCommandPath, type CommandPathResult } from './command-path';
import { benchDeployment, type DeploymentResult } from './deployment';
import { benchEngines, type EngineSection } from './engine';
import { benchStall, type StallResult } from './graphql-stall';
import { adminUrl, createThrowaway, openThrowaway } from './lib/database';
import { startBenchServer } from './lib/server';
import { listArg, numberArg, parseArgs, round } from './lib/stats';
import { benchMemory, type MemoryResult } from './memory';
import { benchReplay, type ReplayResult } from './replay';
import { benchSubscriptions, type SubscriptionResult } from './subscriptions';

interface Results {
  at: string;
  mode: 'full' | 'smoke';
  commit: string;
  node: string;
  cpus: number;
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
  seconds?: number;
  engine?: EngineSection;
  commandPath?: CommandPathResult[];
  deployment?: DeploymentResult[];
  replay?: ReplayResult;
  subscriptions?: SubscriptionResult;
  memory?: MemoryResult[];
  stall?: StallResult;
  notes: string[];
}

const SECTIONS = ['engine', 'command', 'deployment', 'replay', 'subscriptions', 'memory', 'stall'];

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const smoke = args.smoke === true;
  const only = typeof args.only === 'string' ? args.only.split(',') : SECTIONS;
  for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`--only: unknown section ${s}`);
  const p = {
    engineSeconds: numberArg(args, 'engine-seconds', smoke ? 0.5 : 5),
    seconds: numberArg(args, 'seconds', smoke ? 3 : 15),
    concurrency: listArg(args, 'concurrency', smoke ? [1, 4] : [1, 8, 32]),
    events: numberArg(args, 'events', smoke ? 1000 : 20_000),
    subscribers: numberArg(args, 'subscribers', smoke ? 50 : 1000),
    subGames: numberArg(args, 'sub-games', smoke ? 5 : 100),
    subCommands: numberArg(args, 'sub-commands', smoke ? 3 : 5),
    memoryGames: numberArg(args, 'memory-games', smoke ? 20 : 200),
  };
  const started = performance.now();
  const results: Results = {
    at: new Date().toISOString(),
    mode: smoke ? 'smoke' : 'full',
    commit: gitCommit(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
    notes: [],
  };
  const log = (message: string) =>
    process.stderr.write(`[bench ${Math.round((performance.now() - started) / 1000)}s] ${message}\n`);

  if (only.includes('engine')) {
    log('engine');
    results.engine = benchEngines(p.engineSeconds);
    results.notes.push(...results.engine.notes);
  }

  const needsDb = only.some((s) => s !== 'engine');
  if (needsDb) {
    const throwaway = await createThrowaway('saloon_bench');
    const db = await openThrowaway(throwaway, 10);
    try {
      const needsServer =
        only.includes('command') || only.includes('subscriptions') || only.includes('stall');
      const server = needsServer ? await startBenchServer(db) : null;
      try {
        if (server && only.includes('command')) {
          log(`command path: concurrency ${p.concurrency.join(', ')}, ${p.seconds} s each`);
          results.commandPath = await benchCommandPath(server, db, p.concurrency, p.seconds);
        }
        if (server && only.includes('subscriptions')) {
          log(`subscriptions: ${p.subscribers} subscribers over ${p.subGames} games`);
          results.subscriptions = await benchSubscriptions(server, p.subscribers, p.subGames, p.subCommands);
        }
        if (server && only.includes('stall')) {
          log('stall: the worst allowed GraphQL operation against another client');
          results.stall = await benchStall(server, smoke ? 3 : 10, smoke ? 2 : 4);
        }
      } finally {
        await server?.close();
      }
      if (only.includes('deployment')) {
        log(
          `deployment (API as its own process): concurrency ${p.concurrency.join(', ')}, ${p.seconds} s each`,
        );
        results.deployment = await benchDeployment(db, throwaway.name, adminUrl(), p.concurrency, p.seconds);
      }
      if (only.includes('replay')) {
        log(`replay: ${p.events} events`);
        results.replay = await benchReplay(db, p.events);
      }
      if (only.includes('memory')) {
        log(`memory: ${p.memoryGames} games per type`);
        results.memory = await benchMemory(db, p.memoryGames);
      }
    } finally {
      await db.close();
      await throwaway.drop();
    }
  }
  results.loadAverageAtEnd = loadavg().map((l) => round(l, 2));
  results.seconds = round((performance.now() - started) / 1000);

  const markdown = render(results);
  process.stdout.write(`${markdown}\n`);
  const outDir = resolve(
    typeof args.out === 'string' ? args.out : join(__dirname, '..', '..', 'bench', 'results'),
  );
  mkdirSync(outDir, { recursive: true });
  const stamp = results.at.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  writeFileSync(
    join(outDir, `${stamp}${smoke ? '-smoke' : ''}.json`),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  writeFileSync(join(outDir, smoke ? 'latest-smoke.md' : 'latest.md'), `${markdown}\n`);
}

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

const f = (n: number, digits = 0) => (Number.isFinite(n) ? round(n, digits).toLocaleString('en-US') : 'n/a');

function render(r: Results): string {
  const lines: string[] = [];
  lines.push(`# saloon benchmark (${r.mode}) ${r.at}`);
  lines.push('');
  lines.push(
    `commit ${r.commit}, node ${r.node}, ${r.cpus} CPUs, load average ${r.loadAverageAtStart.join(' ')} at start, ` +
      `${(r.loadAverageAtEnd ?? []).join(' ')} at end; ${r.seconds} s in all. ` +
      `Client, API and PostgreSQL share the machine: compare ratios from the same run.`,
  );
  lines.push('');
  lines.push('| area | measure | value | ratio / note |');
  lines.push('|---|---|---:|---|');
  for (const e of r.engine?.results ?? []) {
    lines.push(
      `| engine | ${e.type} ${e.seats}p complete random games/s (1 core) | ${f(e.gamesPerSecond, 1)} | ${f(e.eventsPerGame)} events/game |`,
    );
    lines.push(
      `| engine | ${e.type} evolve events/s (replaying recorded games) | ${f(e.evolveEventsPerSecond)} | |`,
    );
    if (e.legalCallsPerSecond !== undefined)
      lines.push(
        `| engine | ${e.type} legalCommands calls/s (alone, on the positions of random games) | ${f(e.legalCallsPerSecond)} | ${f(e.legalCallsPerGame)} calls/game: ${f(e.legalShareOfGame * 100)}% of a game's time |`,
      );
  }
  for (const c of r.commandPath ?? []) {
    lines.push(
      `| command path | N=${c.concurrency} games: accepted commands/s over GraphQL HTTP | ${f(c.commandsPerSecond, 1)} | ` +
        `${f(c.ratio * 100, 1)}% of raw pg (${f(c.rawInsertsPerSecond)} single-row insert tx/s, ${c.concurrency} conns) |`,
    );
    lines.push(
      `| command path | N=${c.concurrency} latency p50 / p99 (ms) | ${f(c.p50ms, 1)} / ${f(c.p99ms, 1)} | ${c.commands} commands; per command ${f(c.cpuMsPerCommand, 1)} ms CPU (client + API process), ${f(c.queriesPerCommand, 1)} SQL statements (incl. game creation, background work) |`,
    );
  }
  for (const c of r.commandPath ?? []) {
    lines.push(
      `| command path | N=${c.concurrency}: commands/s ÷ single-client INSERT/s | ${f(c.singleClientRatio, 3)} | ${f(c.singleClientInsertsPerSecond)} single-client INSERT tx/s |`,
    );
  }
  for (const d of r.deployment ?? []) {
    lines.push(
      `| deployment | N=${d.concurrency}: accepted commands/s, API as its own process | ${f(d.commandsPerSecond, 1)} | ` +
        `${f(d.singleClientRatio, 3)}x single-client INSERT/s (${f(d.singleClientInsertsPerSecond)}); ${f(d.sameConcurrencyRatio, 3)}x ${d.concurrency}-client INSERT/s (${f(d.sameConcurrencyInsertsPerSecond)}) |`,
    );
    lines.push(
      `| deployment | N=${d.concurrency}: p50 / p99 (ms) | ${f(d.p50ms, 1)} / ${f(d.p99ms, 1)} | ${d.commands} commands |`,
    );
    lines.push(
      `| deployment | N=${d.concurrency}: CPU ms per command: API / PostgreSQL backends of its database / all PostgreSQL / driver | ` +
        `${f(d.apiCpuMs, 2)} / ${f(d.postgresBackendsCpuMs, 2)} / ${f(d.postgresAllCpuMs, 2)} / ${f(d.driverCpuMs, 2)} | all PostgreSQL includes other databases' work on a shared server |`,
    );
    lines.push(
      `| deployment | N=${d.concurrency}: per command: transactions / rows written / rows read / WAL bytes | ` +
        `${f(d.transactionsPerCommand, 2)} / ${f(d.rowsWrittenPerCommand, 1)} / ${f(d.rowsReadPerCommand, 1)} / ${f(d.walBytesPerCommand)} | pg_stat_database of the bench database (game creation and the projector included); WAL is cluster-wide |`,
    );
  }
  if (r.replay) {
    const x = r.replay;
    lines.push(
      `| replay | events generated through PlayService (8 games at once), events/s | ${f(x.generateEventsPerSecond)} | ${x.events} events, ${x.games} games in the table |`,
    );
    lines.push(
      `| replay | rebuild every game from the event table, EventStore.readAllPages (raw pg, pages of 5,000, next page read while folding), events/s | ${f(x.prismaEventsPerSecond)} | ${f(x.prismaEventsPerSecond / x.rawEventsPerSecond, 2)}x the tight loop; target 250,000 |`,
    );
    if (x.readAllEventsPerSecond !== undefined)
      lines.push(
        `| replay | the same through EventStore.readAll (full rows: metadata and time decoded; one page at a time), events/s | ${f(x.readAllEventsPerSecond)} | ${f(x.readAllEventsPerSecond / x.rawEventsPerSecond, 2)}x the tight loop |`,
      );
    lines.push(
      `| replay | rebuild every game, tight loop on the pg pool (next page asked for while evolving), events/s | ${f(x.rawEventsPerSecond)} | target 250,000 |`,
    );
    if (x.evolveOnlyEventsPerSecond !== undefined)
      lines.push(
        `| replay | the same fold on events already in memory (upcast + evolve only: the engines' ceiling), events/s | ${f(x.evolveOnlyEventsPerSecond)} | |`,
      );
    lines.push(
      `| replay | rebuild + read model checked against games (checkReplay, what npm run replay:check runs), events/s | ${f(x.readModelEventsPerSecond)} | ${x.readModelMismatches} mismatches with games |`,
    );
  }
  if (r.subscriptions) {
    const s = r.subscriptions;
    lines.push(
      `| subscriptions | commit-to-delivery p50 / p99 / max (ms), ${s.subscribers} graphql-ws subscribers over ${s.games} games | ` +
        `${f(s.p50ms, 1)} / ${f(s.p99ms, 1)} / ${f(s.maxms, 1)} | ${s.deliveries}/${s.expectedDeliveries} deliveries for ${s.commands} commands; ${s.connectErrors} connects retried |`,
    );
  }
  for (const m of r.memory ?? []) {
    lines.push(
      `| memory | ${m.type} ${m.seats}p: heap per active game in the cache | ${f(m.bytesPerGame / 1024, 1)} KiB | ${m.games} games${m.gcAvailable ? ', after full GC' : ', no GC available'} |`,
    );
  }
  if (r.stall) {
    const x = r.stall;
    lines.push(
      `| limits | another client's query while the worst allowed operation runs (${x.reads} stateAt on a finished ${x.game} game, ${x.events} events), p50 / max wait (ms) | ` +
        `${f(x.waitP50ms, 1)} / ${f(x.waitMaxMs, 1)} | idle p50 ${f(x.idleP50ms, 1)} ms; the operation itself p50 / max ${f(x.worstP50ms)} / ${f(x.worstMaxMs)} ms; ${x.probes} probes over ${x.rounds} runs; target < 250 ms |`,
    );
  }
  if (r.notes.length) {
    lines.push('');
    for (const n of r.notes) lines.push(`- ${n}`);
  }
  return lines.join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
