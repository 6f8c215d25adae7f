/**
 * Stored bytes per game and replay speed, before and after: `npm run golden:measure`.
 * "Before" is the golden corpus (the events the engines of its header's commit stored), replayed by
 * today's engines through the server's read path (upcasters included); "after" is the same seeds
 * and options played by today's engines (bench/lib/bot-driver.ts playPure), replayed the same way.
 * Bytes are the payloads' JSON text (what the events table stores, before jsonb and TOAST).
 * An argument limits it to the game types it names (`npm run golden:measure -- carson-city`).
 */
import { playPure } from '../../bench/lib/bot-driver';
import type { AnyGameEngine, GameEvent } from '../../src/games/engine';
import { ALL_GAMES } from '../../src/games/index';
import { replay } from '../../src/games/upcast';
import { goldenFiles, isFirstRecording, readGolden } from './corpus';

interface Stream {
  type: string;
  rows: { payload: GameEvent; schemaVersion: number }[];
}

interface Totals {
  games: number;
  events: number;
  bytes: number;
  flowEvents: number;
  flowBytes: number;
  replayMs: number;
}

function engineFor(type: string): AnyGameEngine {
  return ALL_GAMES.find((g) => g.engine.type === type)!.engine;
}

/** Replays every stream `rounds` times; the best round's time (the least disturbed by load). */
function measure(streams: Stream[], rounds = 5): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  for (const stream of streams) {
    const t = totals.get(stream.type) ?? {
      games: 0,
      events: 0,
      bytes: 0,
      flowEvents: 0,
      flowBytes: 0,
      replayMs: 0,
    };
    t.games += 1;
    for (const row of stream.rows) {
      const bytes = Buffer.byteLength(JSON.stringify(row.payload));
      t.events += 1;
      t.bytes += bytes;
      if (row.payload.type === 'FLOW' || row.payload.type === 'AGENDA_UPDATED') {
        t.flowEvents += 1;
        t.flowBytes += bytes;
      }
    }
    const engine = engineFor(stream.type);
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      replay(engine, null, stream.rows);
      best = Math.min(best, performance.now() - started);
    }
    t.replayMs += best;
    totals.set(stream.type, t);
  }
  return totals;
}

function main(): void {
  const before: Stream[] = [];
  const after: Stream[] = [];
  const only = process.argv.slice(2);
  // Before: what the first servers stored; after: the same games played by today's engines.
  for (const file of goldenFiles().filter(isFirstRecording)) {
    const game = readGolden(file);
    if (only.length > 0 && !only.includes(game.header.type)) continue;
    const { type, seats, seed, options } = game.header;
    before.push({
      type,
      rows: game.events.map((e) => ({
        payload: e.payload as unknown as GameEvent,
        schemaVersion: game.header.eventSchema,
      })),
    });
    const engine = engineFor(type);
    const played = playPure(engine, seats, seed, options);
    const stored = played.events.map((e) => JSON.parse(JSON.stringify(e)) as GameEvent);
    after.push({
      type,
      rows: stored.map((payload) => ({ payload, schemaVersion: engine.eventSchema ?? 1 })),
    });
  }
  // Once each to warm up the JIT, then measured.
  measure(before, 1);
  measure(after, 1);
  const b = measure(before);
  const a = measure(after);
  console.log(
    '| game | corpus games | events/game before / after | KiB/game before / after | FLOW/AGENDA_UPDATED share of bytes before / after | replay events/s before / after | replay ms/game before / after |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [type, x] of b) {
    const y = a.get(type)!;
    const perGame = (t: Totals, v: number) => v / t.games;
    const share = (t: Totals) =>
      `${Math.round((100 * t.flowBytes) / t.bytes)}% (${Math.round((100 * t.flowEvents) / t.events)}% of events)`;
    const rate = (t: Totals) => Math.round(t.events / (t.replayMs / 1000)).toLocaleString('en-US');
    console.log(
      `| ${type} | ${x.games} | ${Math.round(perGame(x, x.events))} / ${Math.round(perGame(y, y.events))} | ` +
        `${(perGame(x, x.bytes) / 1024).toFixed(1)} / ${(perGame(y, y.bytes) / 1024).toFixed(1)} | ` +
        `${share(x)} / ${share(y)} | ${rate(x)} / ${rate(y)} | ` +
        `${perGame(x, x.replayMs).toFixed(2)} / ${perGame(y, y.replayMs).toFixed(2)} |`,
    );
  }
}

main();
