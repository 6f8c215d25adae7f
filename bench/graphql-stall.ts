/**
 * How long another client waits while the worst operation the GraphQL limits allow runs: one
 * client sends GRAPHQL_MAX_GAME_READS aliased `stateAt` fields at the versions farthest from a
 * snapshot on a finished Great Western Trail game (each replays the most events the limits let it
 * replay); meanwhile a second client sends small queries one after another, and we record how long
 * each waited. Target: under 250 ms on a 2-core machine (issue #10 item 3: 400 such aliases once
 * stalled every other client for 8 s; now more than the limit are refused before any work).
 */
import { DEFAULT_HTTP_LIMITS } from '../src/config';
import { playToEnd } from './lib/bot-driver';
import type { BenchServer } from './lib/server';
import { summary } from './lib/stats';

const SNAPSHOT_EVERY = 50; // PlayService's default

export interface StallResult {
  game: string;
  events: number;
  reads: number;
  rounds: number;
  /** The worst operation's own time, p50 / max (ms). */
  worstP50ms: number;
  worstMaxMs: number;
  /** Another client's small query while it runs, p50 / max (ms); and without it (p50). */
  waitP50ms: number;
  waitMaxMs: number;
  idleP50ms: number;
  probes: number;
}

/** Versions whose replay from the snapshot below them is longest. */
function farthestFromSnapshots(finalVersion: number, count: number): number[] {
  const versions: number[] = [];
  for (let tail = SNAPSHOT_EVERY - 1; tail > 0 && versions.length < count; tail--)
    for (let base = 0; base + tail < finalVersion && versions.length < count; base += SNAPSHOT_EVERY)
      versions.push(base + tail);
  return versions;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function benchStall(server: BenchServer, rounds: number, seats: number): Promise<StallResult> {
  const played = await playToEnd(server.play, 'great-western-trail', seats, 'stall-1');
  const reads = DEFAULT_HTTP_LIMITS.maxGameReads;
  const versions = farthestFromSnapshots(played.version, reads);
  const worst = `query($id: ID!) { game(id: $id) { ${versions
    .map((v, i) => `s${i}: stateAt(version: ${v})`)
    .join(' ')} } }`;
  const probe = () =>
    server.gql(`query($id: ID!) { game(id: $id) { version status } }`, { id: played.gameId });
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await timed(probe));
  const worstTimes: number[] = [];
  const waits: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let done = false;
    const running = timed(() => server.gql(worst, { id: played.gameId })).then((ms) => {
      done = true;
      return ms;
    });
    // At least one probe per round, then more for as long as the worst operation runs (bounded).
    for (let n = 0; n < 1000 && (n === 0 || !done); n++) waits.push(await timed(probe));
    worstTimes.push(await running);
  }
  const w = summary(worstTimes);
  const p = summary(waits);
  return {
    game: `great-western-trail ${seats}p`,
    events: played.version,
    reads,
    rounds,
    worstP50ms: w.p50,
    worstMaxMs: w.max,
    waitP50ms: p.p50,
    waitMaxMs: p.max,
    idleP50ms: summary(idle).p50,
    probes: waits.length,
  };
}
