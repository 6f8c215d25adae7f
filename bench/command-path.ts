/**
 * The command path end to end: N clients, each playing its own game over GraphQL/HTTP
 * (submitCommand with the seat's token, expectedVersion and a commandId) against the real server
 * on 127.0.0.1 and PostgreSQL. Clients know each next move without reading (Lockstep), so every
 * request is one accepted command. In the same run and on the same database, the hardware
 * ceiling: N connections doing single-row INSERT transactions of the same JSON size.
 */
import pg from 'pg';
import { ALL_GAMES } from '../src/games/index';
import type { PostgresDatabase } from '../src/database/database';
import { Lockstep } from './lib/lockstep';
import { createHumanGame, SUBMIT, type BenchServer } from './lib/server';
import { summary } from './lib/stats';

export interface CommandPathResult {
  concurrency: number;
  commands: number;
  commandsPerSecond: number;
  p50ms: number;
  p99ms: number;
  rawInsertsPerSecond: number;
  /** commandsPerSecond / rawInsertsPerSecond (the same concurrency) */
  ratio: number;
  /** Single-row INSERT transactions/s of one client, measured once per run: #17's denominator. */
  singleClientInsertsPerSecond: number;
  /** commandsPerSecond / singleClientInsertsPerSecond */
  singleClientRatio: number;
  /** SQL statements the server sent per accepted command (BEGIN/COMMIT included). */
  queriesPerCommand: number;
  /** CPU time of this process (client and API server) per accepted command: robust to a busy machine. */
  cpuMsPerCommand: number;
}

/** Counts statements sent by every `pg` client in this process (the API's pool included). */
const queryCounter = (() => {
  let count = 0;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  // BENCH_QUERY_LOG=1: also tally statements by text, printed after each level.
  const byText = process.env.BENCH_QUERY_LOG ? new Map<string, number>() : null;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count++;
    if (byText) {
      const q = args[0] as string | { text?: string };
      const text = (typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').slice(0, 100);
      byText.set(text, (byText.get(text) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  return {
    read: () => count,
    dump: (per: number) => {
      if (!byText) return;
      for (const [text, n] of [...byText].sort((a, b) => b[1] - a[1]).slice(0, 25))
        process.stderr.write(`${(n / per).toFixed(2).padStart(6)}  ${text}\n`);
      byText.clear();
    },
  };
})();

const TYPE = 'bang-dice';
const SEATS = 6;

/** The part of a server the clients need: GraphQL over HTTP. */
export type GqlTarget = Pick<BenchServer, 'gql'>;

let seq = 0;

/**
 * `concurrency` clients, each playing its own 6-seat Bang! game in lockstep until `until`
 * (performance.now() ms), one accepted command per request; latencies are pushed to `latencies`.
 */
export async function driveGames(
  target: GqlTarget,
  concurrency: number,
  until: number,
  latencies: number[],
): Promise<void> {
  const engine = ALL_GAMES.find((g) => g.engine.type === TYPE)!.engine;
  const client = async () => {
    while (performance.now() < until) {
      const seed = `cmd-${concurrency}-${process.pid}-${seq++}`;
      const game = await createHumanGame(target, TYPE, SEATS, seed);
      const local = new Lockstep(engine, SEATS, seed);
      if (local.version !== game.version)
        throw new Error(`lockstep setup at ${local.version}, server ${game.version}`);
      for (let move = local.next(); move && performance.now() < until; move = local.next()) {
        const t0 = performance.now();
        const { submitCommand } = await target.gql<{ submitCommand: { version: number } }>(
          SUBMIT,
          { gameId: game.id, command: move.command, v: local.version, id: `c${local.version}` },
          game.tokens[move.seat],
        );
        latencies.push(performance.now() - t0);
        local.apply(move.seat, move.command);
        if (submitCommand.version !== local.version)
          throw new Error(`server at ${submitCommand.version}, lockstep at ${local.version}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => client()));
}

export async function benchCommandPath(
  server: BenchServer,
  db: PostgresDatabase,
  levels: number[],
  seconds: number,
): Promise<CommandPathResult[]> {
  const results: CommandPathResult[] = [];
  const single = await rawInsertRate(db, 1, Math.max(2, seconds / 2));
  for (const concurrency of levels) {
    const latencies: number[] = [];
    // Warm-up (JIT, connection pools), not measured.
    await driveGames(server, concurrency, performance.now() + 1000, []);
    queryCounter.dump(1);
    const queriesBefore = queryCounter.read();
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    await driveGames(server, concurrency, start + seconds * 1000, latencies);
    const elapsed = (performance.now() - start) / 1000;
    const queries = queryCounter.read() - queriesBefore;
    const cpu = process.cpuUsage(cpuBefore);
    queryCounter.dump(latencies.length);
    const raw = await rawInsertRate(db, concurrency, Math.max(2, seconds / 2));
    const s = summary(latencies);
    results.push({
      concurrency,
      commands: latencies.length,
      commandsPerSecond: latencies.length / elapsed,
      p50ms: s.p50,
      p99ms: s.p99,
      rawInsertsPerSecond: raw,
      ratio: latencies.length / elapsed / raw,
      singleClientInsertsPerSecond: single,
      singleClientRatio: latencies.length / elapsed / single,
      queriesPerCommand: queries / latencies.length,
      cpuMsPerCommand: (cpu.user + cpu.system) / 1000 / latencies.length,
    });
  }
  return results;
}

/** Single-row INSERT transactions per second with `concurrency` connections (autocommit). */
export async function rawInsertRate(
  db: PostgresDatabase,
  concurrency: number,
  seconds: number,
): Promise<number> {
  const pool = new pg.Pool({ connectionString: db.config.url, max: concurrency });
  pool.on('error', () => undefined);
  try {
    await pool.query(
      'CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, game_id text NOT NULL, version int NOT NULL, payload jsonb NOT NULL)',
    );
    const payload = JSON.stringify({
      type: 'DICE_ROLLED',
      seat: 3,
      dice: ['BANG_1', 'BEER', 'ARROW', 'GATLING', 'DYNAMITE'],
    });
    let n = 0;
    const worker = async (w: number, until: number) => {
      for (let v = 0; performance.now() < until; v++) {
        await pool.query('INSERT INTO bench_raw (game_id, version, payload) VALUES ($1, $2, $3)', [
          `g${w}`,
          v,
          payload,
        ]);
        n++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w, performance.now() + 500)));
    n = 0;
    const start = performance.now();
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w, start + seconds * 1000)));
    return n / ((performance.now() - start) / 1000);
  } finally {
    await pool.end();
  }
}
