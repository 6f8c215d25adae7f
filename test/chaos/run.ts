/**
 * Fault test (`npm run chaos`; bounded in time; not part of `npm test`).
 *
 * Starts real API processes (node dist/src/main.js, one PORT each) and workers
 * (node dist/src/worker.js) on a throwaway PostgreSQL database and the local Redis
 * (INLINE_BOTS=false, a private BullMQ prefix), creates all-bot games, games with one human seat
 * and timed games (human seats on a short PER_MOVE clock with BOT_TAKEOVER), plays the human seats
 * with commandIds sent to random API processes with retries, and meanwhile SIGKILLs API and worker
 * processes at random moments (restarting them), restarts PostgreSQL once and Redis once.
 * Then, with everything back up, it checks:
 *   - every stream has versions 1..N with no gap or duplicate, and games.version = N;
 *   - every accepted command id is recorded exactly once and its events are exactly the versions
 *     it recorded; no event carries a command id that has no record;
 *   - every game is FINISHED or still playable: server-played seats keep moving, a human seat to
 *     move has legal commands;
 *   - timers (when the `timers` table exists): every timer that came due fired exactly once.
 * Exit code 0 only when every check holds. PostgreSQL and Redis are always left running.
 *
 * Flags: --seconds 90 (chaos phase), --bot-games 16, --human-games 6, --timed-games 4,
 * --apis 2, --workers 2, --keep (keep the database and logs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createThrowaway, openThrowaway } from '../../bench/lib/database';
import { numberArg, parseArgs, sleep } from '../../bench/lib/stats';
import { Managed } from './processes';
import { ensureServicesUp, restartPostgres, restartRedis } from './services';

const root = resolve(__dirname, '..', '..', '..');

interface Counts {
  gamesCreated: number;
  createRetries: number;
  humanCommandsSent: number;
  humanAttempts: number;
  humanAccepted: number;
  humanDuplicateAnswers: number;
  humanRejected: Record<string, number>;
  humanUncertain: number;
  networkErrors: number;
  apiKills: number;
  /** Processes that exited without being killed (e.g. on the PostgreSQL restart). */
  crashes: number;
  workerKills: number;
  processRestarts: number;
  postgresRestarts: number;
  redisRestarts: number;
  timersDue: number;
  timersFired: number;
  [key: string]: unknown;
}

interface GqlResult<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const rand = (n: number) => Math.floor(Math.random() * n);

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const seconds = numberArg(args, 'seconds', 90);
  const botGames = numberArg(args, 'bot-games', 16);
  const humanGames = numberArg(args, 'human-games', 6);
  const timedGames = numberArg(args, 'timed-games', 4);
  const apiCount = numberArg(args, 'apis', 2);
  const workerCount = numberArg(args, 'workers', 2);
  const keep = args.keep === true;

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const logDir = join('/tmp', `saloon-chaos-${stamp}`);
  mkdirSync(logDir, { recursive: true });
  const say = (m: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${m}`);
  const counts: Counts = {
    gamesCreated: 0,
    createRetries: 0,
    humanCommandsSent: 0,
    humanAttempts: 0,
    humanAccepted: 0,
    humanDuplicateAnswers: 0,
    humanRejected: {},
    humanUncertain: 0,
    networkErrors: 0,
    apiKills: 0,
    crashes: 0,
    workerKills: 0,
    processRestarts: 0,
    postgresRestarts: 0,
    redisRestarts: 0,
    timersDue: 0,
    timersFired: 0,
  };
  const failures: string[] = [];
  const findings: string[] = [];

  const fixed = await ensureServicesUp();
  if (fixed.length) say(`services at start: ${fixed.join('; ')}`);
  const throwaway = await createThrowaway('saloon_chaos');
  await (await openThrowaway(throwaway, 2)).close(); // migrated before any process starts
  say(`database ${throwaway.name}, logs ${logDir}`);
  const env = {
    databaseUrl: throwaway.url,
    redisUrl: 'redis://127.0.0.1:6379',
    queuePrefix: `chaos-${stamp}`,
    logDir,
    root,
  };
  const apis = Array.from({ length: apiCount }, (_, i) => new Managed(`api${i + 1}`, 'api', 4101 + i, env));
  const workers = Array.from(
    { length: workerCount },
    (_, i) => new Managed(`worker${i + 1}`, 'worker', null, env),
  );
  const all = [...apis, ...workers];
  children = all;
  const sql = new pg.Pool({ connectionString: throwaway.url, max: 3 });
  sql.on('error', () => undefined);

  let failed = true;
  try {
    for (const p of all) {
      p.onCrash = () => {
        say(`${p.name} exited by itself; restarting it`);
        setTimeout(() => {
          if (p.onCrash === null) return; // the run is over
          p.start();
          counts.processRestarts++;
        }, 1000);
      };
      p.start();
    }
    await Promise.all(all.map((p) => p.ready()));
    say(`${apis.length} API processes and ${workers.length} workers up`);

    async function gql<T>(api: Managed, query: string, variables: Record<string, unknown>, token?: string) {
      const response = await fetch(`${api.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(15_000),
      });
      return (await response.json()) as GqlResult<T>;
    }
    /** Retries network failures (and 5xx-less empty answers) on random API processes. */
    async function gqlRetry<T>(
      query: string,
      variables: Record<string, unknown>,
      token?: string,
      attempts = 20,
    ) {
      for (let i = 0; i < attempts; i++) {
        try {
          return await gql<T>(apis[rand(apis.length)], query, variables, token);
        } catch {
          counts.networkErrors++;
          await sleep(250 + rand(500));
        }
      }
      throw new Error(`no API answered after ${attempts} attempts`);
    }

    // ------------------------------------------------------------------ games
    const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } seatTokens { seat token } } }`;
    const created: { id: string; kind: 'BOT' | 'HUMAN' | 'TIMED'; tokens: Map<number, string> }[] = [];
    async function create(kind: 'BOT' | 'HUMAN' | 'TIMED', input: Record<string, unknown>) {
      for (let i = 0; i < 30; i++) {
        const r = await gqlRetry<{
          createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
        }>(CREATE, { input });
        if (r.data) {
          created.push({
            id: r.data.createGame.game.id,
            kind,
            tokens: new Map(r.data.createGame.seatTokens.map((t) => [t.seat, t.token])),
          });
          counts.gamesCreated++;
          return;
        }
        counts.createRetries++;
        await sleep(500);
      }
      failures.push(`could not create a ${kind} game`);
    }
    const bot = { kind: 'BOT', botLevel: 'RANDOM' };
    const creations: Promise<void>[] = [];
    for (let i = 0; i < botGames; i++) {
      const carson = i % 8 === 7;
      creations.push(
        create('BOT', {
          type: carson ? 'carson-city' : 'bang-dice',
          seats: Array.from({ length: carson ? 3 : 4 + (i % 3) }, () => bot),
          start: true,
        }),
      );
    }
    for (let i = 0; i < humanGames; i++)
      creations.push(
        create('HUMAN', {
          type: 'bang-dice',
          seats: [{ kind: 'HUMAN', name: 'h' }, bot, bot, bot],
          start: true,
        }),
      );
    for (let i = 0; i < timedGames; i++) {
      creations.push(
        create('TIMED', {
          type: 'bang-dice',
          seats: Array.from({ length: 4 }, (_, s) => ({ kind: 'HUMAN', name: `t${s}` })),
          timer: { perMoveSeconds: 2, policy: 'BOT_TAKEOVER' },
          start: true,
        }),
      );
    }
    await Promise.all(creations);
    say(
      `${created.length} games created (${botGames} all-bot, ${humanGames} with a human seat, ${timedGames} timed)`,
    );

    // ------------------------------------------------------------------ human players
    const accepted: { gameId: string; commandId: string }[] = [];
    const uncertain: { gameId: string; commandId: string }[] = [];
    const READ = `query($id: ID!) { game(id: $id) { status version activeSeats legalCommands } }`;
    const SUBMIT = `mutation($gameId: ID!, $command: JSON!, $v: Int, $id: String) {
      submitCommand(gameId: $gameId, command: $command, expectedVersion: $v, commandId: $id) { accepted duplicate version } }`;
    let playing = true;
    async function human(gameId: string, seat: number, token: string) {
      for (let n = 0; playing;) {
        let game:
          { status: string; version: number; activeSeats: number[]; legalCommands: unknown[] } | undefined;
        try {
          game = (await gqlRetry<{ game: typeof game }>(READ, { id: gameId }, token)).data?.game;
        } catch {
          continue;
        }
        if (!game) {
          await sleep(500);
          continue;
        }
        if (game.status !== 'ACTIVE') return;
        if (!game.activeSeats.includes(seat) || game.legalCommands.length === 0) {
          await sleep(200 + rand(300));
          continue;
        }
        const command = game.legalCommands[rand(game.legalCommands.length)];
        const commandId = `h-${gameId}-${seat}-${n++}`;
        counts.humanCommandsSent++;
        let settled = false;
        // Retries with the same command id until some API answers (PostgreSQL restarts take ~10 s).
        for (let attempt = 0; attempt < 30 && !settled; attempt++) {
          counts.humanAttempts++;
          try {
            const r = await gql<{ submitCommand: { duplicate: boolean } }>(
              apis[rand(apis.length)],
              SUBMIT,
              { gameId, command, v: game.version, id: commandId },
              token,
            );
            settled = true;
            if (r.data) {
              counts.humanAccepted++;
              if (r.data.submitCommand.duplicate) counts.humanDuplicateAnswers++;
              accepted.push({ gameId, commandId });
            } else {
              const code = r.errors?.[0]?.extensions?.code ?? 'UNKNOWN';
              counts.humanRejected[code] = (counts.humanRejected[code] ?? 0) + 1;
              if (code === 'INTERNAL_SERVER_ERROR' || code === 'INTERNAL' || code === 'UNKNOWN') {
                settled = false; // e.g. the database was restarting: retry the same command id
                await sleep(300 + rand(500));
              }
            }
          } catch {
            counts.networkErrors++;
            await sleep(300 + rand(700));
          }
        }
        if (!settled) {
          counts.humanUncertain++;
          uncertain.push({ gameId, commandId });
        }
      }
    }
    const humans: Promise<void>[] = [];
    for (const g of created.filter((c) => c.kind === 'HUMAN')) humans.push(human(g.id, 0, g.tokens.get(0)!));
    // Timed games: one seat of each answers now and then; the others time out into bot takeover.
    for (const g of created.filter((c) => c.kind === 'TIMED')) humans.push(human(g.id, 1, g.tokens.get(1)!));

    // ------------------------------------------------------------------ chaos
    const started = Date.now();
    const end = started + seconds * 1000;
    let pgDone = false;
    let redisDone = false;
    const restarts: Promise<void>[] = [];
    while (Date.now() < end) {
      await sleep(4000 + rand(6000));
      const elapsed = (Date.now() - started) / (seconds * 1000);
      if (!pgDone && elapsed > 0.35) {
        pgDone = true;
        say('restarting PostgreSQL');
        await restartPostgres();
        counts.postgresRestarts++;
        continue;
      }
      if (!redisDone && elapsed > 0.6) {
        redisDone = true;
        say('restarting Redis');
        await restartRedis(1000 + rand(2000));
        counts.redisRestarts++;
        continue;
      }
      const victim = all[rand(all.length)];
      if (!victim.running) continue;
      // Keep at least one API process up most of the time, but not always.
      if (victim.kind === 'api' && apis.filter((a) => a.running).length === 1 && Math.random() < 0.7)
        continue;
      await victim.kill();
      if (victim.kind === 'api') counts.apiKills++;
      else counts.workerKills++;
      say(`SIGKILL ${victim.name}`);
      restarts.push(
        (async () => {
          await sleep(500 + rand(3000));
          victim.start();
          counts.processRestarts++;
          await victim.ready().catch((e: Error) => findings.push(`${victim.name} restart: ${e.message}`));
        })(),
      );
    }
    await Promise.all(restarts);
    for (const p of all) {
      if (p.running) continue;
      p.start();
      counts.processRestarts++;
    }
    await Promise.all(all.map((p) => p.ready()));
    const services = await ensureServicesUp();
    if (services.length) failures.push(`services were down after the chaos phase: ${services.join('; ')}`);
    playing = false;
    await Promise.all(humans);
    say('chaos over; every process and service is up; settling');

    // ------------------------------------------------------------------ stalls
    await sleep(15_000);
    const stalled = await stalledGames(sql, 10_000);
    if (stalled.length > 0) {
      findings.push(
        `${stalled.length} game(s) with only server-played seats to move made no progress for 10 s after every ` +
          `process was back: ${stalled.map((s) => s.describe).join('; ')}`,
      );
      // The design's own wake-up: a worker re-enqueues what the database says is pending at start.
      say(`${stalled.length} stalled; restarting a worker (its start-up recovery re-arms pending turns)`);
      await workers[0].kill();
      workers[0].start();
      await workers[0].ready();
      await sleep(15_000);
      const still = await stalledGames(sql, 10_000);
      if (still.length > 0)
        failures.push(
          `${still.length} game(s) stuck even after a worker restart: ${still.map((s) => s.describe).join('; ')}`,
        );
      else findings.push('all of them moved again after a worker restart (start-up recovery)');
    }

    // ------------------------------------------------------------------ checks
    // Human seats to move must have legal commands.
    for (const g of created.filter((c) => c.kind !== 'BOT')) {
      const seat = g.kind === 'HUMAN' ? 0 : 1;
      const r = await gqlRetry<{ game: { status: string; activeSeats: number[]; legalCommands: unknown[] } }>(
        READ,
        { id: g.id },
        g.tokens.get(seat),
      );
      const game = r.data?.game;
      if (!game) failures.push(`game ${g.id}: cannot be read`);
      else if (game.status === 'ACTIVE' && game.activeSeats.includes(seat) && game.legalCommands.length === 0)
        failures.push(`game ${g.id}: seat ${seat} is to move but has no legal command`);
    }
    const crashes = all.flatMap((p) => p.crashes);
    counts.crashes = crashes.length;
    if (crashes.length > 0)
      findings.push(`processes that exited by themselves (see their logs): ${crashes.join('; ')}`);
    failures.push(...(await checkStreams(sql)));
    failures.push(...(await checkCommands(sql, accepted, uncertain)));
    const timers = await checkTimers(sql);
    failures.push(...timers.failures);
    counts.timersDue = timers.due;
    counts.timersFired = timers.fired;
    const summary = await sql.query<{ status: string; n: string; events: string }>(
      'SELECT status, count(*) AS n, sum(version) AS events FROM games GROUP BY status ORDER BY status',
    );
    const games = Object.fromEntries(summary.rows.map((r) => [r.status, Number(r.n)]));
    const events = summary.rows.reduce((n, r) => n + Number(r.events ?? 0), 0);

    const report = {
      at: new Date().toISOString(),
      seconds,
      database: throwaway.name,
      logs: logDir,
      counts,
      games,
      events,
      timers: timers.byStatus,
      findings,
      failures,
    };
    writeFileSync(join(logDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify({ counts, games, events, timers: timers.byStatus }, null, 2));
    for (const f of findings) console.log(`FINDING: ${f}`);
    for (const f of failures) console.log(`FAILED: ${f}`);
    console.log(
      failures.length === 0 ? 'chaos: all checks passed' : `chaos: ${failures.length} check(s) failed`,
    );
    failed = failures.length > 0;
  } finally {
    for (const p of all) p.onCrash = null;
    await Promise.all(all.map((p) => p.stop().catch(() => undefined)));
    await sql.end().catch(() => undefined);
    const services = await ensureServicesUp();
    if (services.length) console.log(`services restored at exit: ${services.join('; ')}`);
    if (keep || failed) console.log(`kept database ${throwaway.name} and logs in ${logDir}`);
    else
      await throwaway
        .drop()
        .catch((e: Error) => console.log(`could not drop ${throwaway.name}: ${e.message}`));
  }
  return failed ? 1 : 0;
}

/** ACTIVE games whose prompted seats are all server-played and whose version did not move in `ms`. */
async function stalledGames(sql: pg.Pool, ms: number): Promise<{ id: string; describe: string }[]> {
  const query = `
    SELECT g.id, g.type, g.version, g.active_seats,
           bool_and(s.kind = 'BOT' OR s.bot_takeover OR s.forfeited) FILTER (WHERE s.seat = ANY (g.active_seats)) AS server_played
    FROM games g JOIN game_seats s ON s.game_id = g.id
    WHERE g.status = 'ACTIVE' GROUP BY g.id`;
  const before = new Map(
    (await sql.query<{ id: string; version: number }>(query)).rows.map((r) => [r.id, r.version]),
  );
  await sleep(ms);
  const after = (
    await sql.query<{
      id: string;
      type: string;
      version: number;
      active_seats: number[];
      server_played: boolean;
    }>(query)
  ).rows;
  const out: { id: string; describe: string }[] = [];
  for (const r of after) {
    if (!r.server_played || before.get(r.id) !== r.version) continue;
    const timers = await sql
      .query<{ kind: string; seat: number; status: string }>(
        'SELECT kind, seat, status FROM timers WHERE game_id = $1 AND version = $2',
        [r.id, r.version],
      )
      .then((t) => t.rows.map((x) => `${x.kind}/${x.seat}/${x.status}`).join(',') || 'no timer rows')
      .catch(() => 'no timers table');
    out.push({
      id: r.id,
      describe: `${r.type} ${r.id} at version ${r.version}, seats ${r.active_seats.join(',')} to move (${timers})`,
    });
  }
  return out;
}

async function checkStreams(sql: pg.Pool): Promise<string[]> {
  const { rows } = await sql.query<{
    id: string;
    version: number;
    n: string;
    distinct_n: string;
    lo: number | null;
    hi: number | null;
  }>(`
    SELECT g.id, g.version, count(e.version) AS n, count(DISTINCT e.version) AS distinct_n, min(e.version) AS lo, max(e.version) AS hi
    FROM games g LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id`);
  const out: string[] = [];
  for (const r of rows) {
    const n = Number(r.n);
    const ok = n === Number(r.distinct_n) && n === r.version && (n === 0 || (r.lo === 1 && r.hi === n));
    if (!ok)
      out.push(
        `game ${r.id}: stream has ${n} events (${r.distinct_n} distinct, ${r.lo}..${r.hi}), games.version ${r.version}`,
      );
  }
  return out;
}

async function checkCommands(
  sql: pg.Pool,
  accepted: { gameId: string; commandId: string }[],
  uncertain: { gameId: string; commandId: string }[],
): Promise<string[]> {
  const out: string[] = [];
  // Every recorded command owns exactly the versions it recorded; no event claims an unrecorded id.
  const bad = await sql.query<{
    game_id: string;
    command_id: string;
    expected: number;
    n: string;
    lo: number;
    hi: number;
  }>(`
    SELECT c.game_id, c.command_id, c.to_version - c.from_version AS expected, count(e.version) AS n,
           min(e.version) - c.from_version AS lo, max(e.version) - c.from_version AS hi
    FROM commands c LEFT JOIN events e ON e.game_id = c.game_id AND e.metadata->>'commandId' = c.command_id
    GROUP BY c.game_id, c.command_id, c.from_version, c.to_version
    HAVING count(e.version) <> c.to_version - c.from_version
        OR min(e.version) - c.from_version <> 1 OR max(e.version) <> c.to_version`);
  for (const r of bad.rows) out.push(`command ${r.command_id}: ${r.n} events, expected ${r.expected}`);
  const orphans = await sql.query<{ n: string }>(`
    SELECT count(*) AS n FROM events e
    WHERE e.metadata->>'commandId' IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM commands c WHERE c.game_id = e.game_id AND c.command_id = e.metadata->>'commandId')`);
  if (Number(orphans.rows[0].n) > 0)
    out.push(`${orphans.rows[0].n} events carry a command id with no command record`);
  const ids = (list: { gameId: string; commandId: string }[]) => [
    list.map((a) => a.gameId),
    list.map((a) => a.commandId),
  ];
  const missing = await sql.query<{ command_id: string; n: string }>(
    `SELECT a.command_id, count(c.command_id) AS n FROM unnest($1::text[], $2::text[]) AS a(game_id, command_id)
     LEFT JOIN commands c ON c.game_id = a.game_id AND c.command_id = a.command_id
     GROUP BY a.game_id, a.command_id HAVING count(c.command_id) <> 1`,
    ids(accepted),
  );
  for (const r of missing.rows) out.push(`accepted command ${r.command_id} is recorded ${r.n} times`);
  const unsure = await sql.query<{ command_id: string; n: string }>(
    `SELECT a.command_id, count(c.command_id) AS n FROM unnest($1::text[], $2::text[]) AS a(game_id, command_id)
     LEFT JOIN commands c ON c.game_id = a.game_id AND c.command_id = a.command_id
     GROUP BY a.game_id, a.command_id HAVING count(c.command_id) > 1`,
    ids(uncertain),
  );
  for (const r of unsure.rows)
    out.push(`command ${r.command_id} (outcome unknown to the client) is recorded ${r.n} times`);
  return out;
}

async function checkTimers(
  sql: pg.Pool,
): Promise<{ due: number; fired: number; byStatus: Record<string, number> | null; failures: string[] }> {
  const exists = await sql.query<{ t: string | null }>(`SELECT to_regclass('timers')::text AS t`);
  if (!exists.rows[0].t) return { due: 0, fired: 0, byStatus: null, failures: [] };
  const failures: string[] = [];
  const byStatus = Object.fromEntries(
    (
      await sql.query<{ k: string; n: string }>(
        `SELECT kind || ' ' || status AS k, count(*) AS n FROM timers GROUP BY 1 ORDER BY 1`,
      )
    ).rows.map((r) => [r.k, Number(r.n)]),
  );
  // Came due: deadline passed (with 5 s of slack for the queue) and not superseded by a move first.
  const due = await sql.query<{ n: string; fired: string }>(`
    SELECT count(*) AS n, count(*) FILTER (WHERE status = 'FIRED') AS fired FROM timers
    WHERE due_at < now() - interval '5 seconds' AND status NOT IN ('STALE', 'CANCELLED')`);
  const notFired = await sql.query<{ id: string; status: string; due_at: Date }>(`
    SELECT t.id, t.status, t.due_at FROM timers t JOIN games g ON g.id = t.game_id
    WHERE t.due_at < now() - interval '5 seconds' AND t.status NOT IN ('STALE', 'CANCELLED', 'FIRED')
      AND g.paused_at IS NULL`);
  for (const r of notFired.rows)
    failures.push(`timer ${r.id} came due at ${r.due_at.toISOString()} but is ${r.status}`);
  // A fired turn timeout moved the game at most once, and every timeout move belongs to a FIRED timer.
  const twice = await sql.query<{ id: string; n: string }>(`
    SELECT t.id, count(c.command_id) AS n FROM timers t
    LEFT JOIN commands c ON c.game_id = t.game_id AND c.command_id = 'timeout:' || t.game_id || ':' || t.version || ':' || t.seat
    WHERE t.kind = 'TURN_TIMEOUT' GROUP BY t.id HAVING count(c.command_id) > 1`);
  for (const r of twice.rows) failures.push(`timer ${r.id} moved the game ${r.n} times`);
  const unmarked = await sql.query<{ command_id: string; status: string | null }>(`
    SELECT c.command_id, t.status FROM commands c
    LEFT JOIN timers t ON t.game_id = c.game_id AND t.kind = 'TURN_TIMEOUT'
      AND c.command_id = 'timeout:' || t.game_id || ':' || t.version || ':' || t.seat
    WHERE c.command_id LIKE 'timeout:%' AND (t.status IS NULL OR t.status <> 'FIRED')`);
  for (const r of unmarked.rows)
    failures.push(`timeout move ${r.command_id} but its timer is ${r.status ?? 'missing'}`);
  const timerEvents = await sql.query<{ n: string }>(`
    SELECT count(*) AS n FROM (
      SELECT e.game_id, e.metadata->>'commandId' AS id FROM events e WHERE e.metadata->>'actor' = 'TIMER'
      GROUP BY 1, 2 HAVING count(DISTINCT e.metadata->>'at') > 1) x`);
  if (Number(timerEvents.rows[0].n) > 0)
    failures.push(`${timerEvents.rows[0].n} timeout command ids committed more than once`);
  return { due: Number(due.rows[0].n), fired: Number(due.rows[0].fired), byStatus, failures };
}

// Interrupted: stop the children (they are ours) and leave PostgreSQL and Redis running.
let children: Managed[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`chaos: ${signal}, stopping processes and restoring services`);
    void Promise.all(children.map((p) => p.stop().catch(() => undefined)))
      .then(() => ensureServicesUp())
      .finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await ensureServicesUp().catch(() => undefined);
    process.exit(1);
  },
);
