/**
 * Records the golden histories (see corpus.ts): `npm run golden:record [-- name-filter]`.
 * Each planned game is played by the RANDOM bot under the server's randomness contract
 * (bench/lib/bot-driver.ts playPure, the same events the pipeline stores for the seed); payloads
 * are round-tripped through JSON as the events table stores them.
 *
 * It records only the planned games that have no file yet (a new game type, option or module, or
 * a new recording in corpus.ts RECORDINGS after a change of stored shape): the files already
 * committed are the record of what older servers stored, and re-recording them after an engine
 * change would hide exactly the break the golden test exists to find.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { playPure } from '../../bench/lib/bot-driver';
import type { GameResult, Json } from '../../src/games/engine';
import { ALL_GAMES } from '../../src/games/index';
import {
  CORPUS_DIR,
  fullHash,
  goldenHash,
  goldenPlan,
  writeGolden,
  type GoldenEvent,
  type GoldenPlan,
} from './corpus';

function record(plan: GoldenPlan, commit: string): { events: number } {
  const engine = ALL_GAMES.find((g) => g.engine.type === plan.type)?.engine;
  if (!engine) throw new Error(`unknown game type ${plan.type}`);
  const game = playPure(engine, plan.seats, plan.seed, plan.options);
  const stored = game.events.map((event) => JSON.parse(JSON.stringify(event)) as Json);
  let state: unknown = null;
  const events: GoldenEvent[] = stored.map((payload, i) => {
    state = engine.evolve(state, payload as never);
    const line: GoldenEvent = {
      version: i + 1,
      type: (payload as { type: string }).type,
      seat: game.causes[i].seat,
      payload,
      hash: goldenHash(plan.type, state),
    };
    const lastOfCommand = i === stored.length - 1 || game.causes[i + 1].command !== game.causes[i].command;
    if (lastOfCommand) line.prompts = engine.pending(state);
    return line;
  });
  if (fullHash(state) !== fullHash(game.state))
    throw new Error(`${plan.name}: stored payloads replay differently`);
  const result = engine.result(state) as GameResult | null;
  if (!result) throw new Error(`${plan.name}: the game did not end`);
  writeGolden({
    header: {
      golden: 1,
      name: plan.name,
      type: plan.type,
      seats: plan.seats,
      seed: plan.seed,
      options: plan.options,
      eventSchema: engine.eventSchema ?? 1,
      recordedFrom: commit,
    },
    events,
    end: { end: true, events: events.length, result, finalHash: fullHash(state) },
  });
  return { events: events.length };
}

function main(): void {
  const filter = process.argv[2] ?? '';
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  if (!existsSync(CORPUS_DIR)) mkdirSync(CORPUS_DIR, { recursive: true });
  for (const plan of goldenPlan().filter((p) => p.name.includes(filter))) {
    // Committed files are the record of what older servers stored: never written again.
    if (existsSync(join(CORPUS_DIR, `${plan.name}.ndjson.gz`))) continue;
    const { events } = record(plan, commit);
    console.log(`${join('test/golden/corpus', plan.name)}.ndjson.gz: ${events} events`);
  }
}

main();
