/**
 * The golden histories (test/golden/corpus): complete stored games recorded once from the engines
 * as they were, replayed by test/golden/golden.spec.ts after every later change. Old games must
 * replay to the same states and results forever, or an upcaster must say how an old event shape
 * maps to the new one (README "Event history versioning").
 *
 * One gzip'd NDJSON file per game: a header line, one line per stored event (stream version,
 * type, the seat whose command caused it, payload exactly as stored, the hash of the state after
 * it and, on the last event of a command, the prompts open then), and an end line with the result
 * and the full hash of the final state. This module is the format and the plan; the recorder is
 * scripts/golden/record.ts (`npm run golden:record`), the replaying test only reads the files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { GameResult, Json, Prompt } from '../../src/games/engine';

/** The repository root: the nearest folder above with a package.json (from source or from dist/). */
function repositoryRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export const CORPUS_DIR = join(repositoryRoot(__dirname), 'test', 'golden', 'corpus');

/** One recorded game: what to play. */
export interface GoldenPlan {
  /** File name (without .ndjson.gz): type, seats and options in words. */
  name: string;
  type: string;
  seats: number;
  seed: string;
  /** Creation options as a client sends them (the engine's parseOptions fills defaults). */
  options: Json;
}

export interface GoldenHeader {
  golden: 1;
  name: string;
  type: string;
  seats: number;
  seed: string;
  options: Json;
  /** Every event of a recorded game was stored in this event schema (the events column default). */
  eventSchema: number;
  /** The commit the engines were recorded from. */
  recordedFrom: string;
}

export interface GoldenEvent {
  version: number;
  type: string;
  /** The seat whose command caused the event; null for setup. */
  seat: number | null;
  payload: Json;
  /** goldenHash of the state after this event. */
  hash: string;
  /** On the last event of a command (or of setup): the prompts open after it. */
  prompts?: Prompt[];
}

export interface GoldenEnd {
  end: true;
  events: number;
  result: GameResult;
  /** Full SHA-256 of the final state's canonical JSON (nothing excluded). */
  finalHash: string;
}

export interface GoldenGame {
  header: GoldenHeader;
  events: GoldenEvent[];
  end: GoldenEnd;
}

/**
 * Top-level state fields left out of the per-event hashes, per game type, each with its reason.
 * A field may be listed only when it is engine bookkeeping that a later engine derives
 * differently (never a fact of the game); prompts and results are still compared exactly.
 */
export const HASH_EXCLUDED: Record<string, Record<string, string>> = {};

/** JSON with object keys sorted at every level (jsonb does not keep key order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

export function fullHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}

/** The per-event hash: 64 bits of SHA-256 of the state without the type's excluded fields. */
export function goldenHash(type: string, state: unknown): string {
  const excluded = Object.keys(HASH_EXCLUDED[type] ?? {});
  let hashed = state;
  if (excluded.length > 0 && state && typeof state === 'object') {
    const copy = { ...(state as Record<string, unknown>) };
    for (const key of excluded) delete copy[key];
    hashed = copy;
  }
  return fullHash(hashed).slice(0, 16);
}

const CC_MODULES = ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT', 'KIT_CARSON', 'OUTLAWS', 'HORSES'];

/**
 * The plan: every game type, every player count, every module and option set. Each module of
 * Carson City alone and all six together, its solo mode with each of Standish's strategies, Great
 * Western Trail's Simmental variant and random building sides, Bang!'s 3-8 seats with and without
 * the character choice.
 */
export function goldenPlan(): GoldenPlan[] {
  const plans: GoldenPlan[] = [];
  const add = (type: string, seats: number, label: string, options: Json) =>
    plans.push({
      name: `${type}-${seats}p-${label}`,
      type,
      seats,
      seed: `golden-${type}-${seats}-${label}`,
      options,
    });
  for (let seats = 3; seats <= 8; seats++) add('bang-dice', seats, 'default', {});
  for (const seats of [4, 7]) add('bang-dice', seats, 'character-choice', { characterChoice: true });
  for (let seats = 2; seats <= 6; seats++) add('carson-city', seats, 'base', {});
  CC_MODULES.forEach((module, i) =>
    add('carson-city', [3, 4, 2, 4, 5, 3][i], module.toLowerCase().replace(/_/g, '-'), { modules: [module] }),
  );
  add('carson-city', 4, 'all-modules', { modules: CC_MODULES });
  add('carson-city', 2, 'all-modules', { modules: CC_MODULES });
  add('carson-city', 3, 'random-personalities-first-game', {
    personalitySet: 'RANDOM',
    buildings: 'FIRST_GAME',
  });
  for (const strategy of ['RANCHER', 'MINER', 'FORCE', 'URBAN'])
    add('carson-city', 1, `solo-${strategy.toLowerCase()}`, { solo: { strategy } });
  for (let seats = 2; seats <= 4; seats++) add('great-western-trail', seats, 'first-game', {});
  for (let seats = 2; seats <= 4; seats++)
    add('great-western-trail', seats, 'simmental', { simmental: true });
  add('great-western-trail', 3, 'random-buildings', {
    neutralBuildings: 'RANDOM',
    playerBuildings: 'RANDOM',
  });
  return plans;
}

export function writeGolden(game: GoldenGame): void {
  const lines = [game.header, ...game.events, game.end].map((line) => JSON.stringify(line));
  writeFileSync(
    join(CORPUS_DIR, `${game.header.name}.ndjson.gz`),
    gzipSync(lines.join('\n') + '\n', { level: 9 }),
  );
}

export function readGolden(file: string): GoldenGame {
  const lines = gunzipSync(readFileSync(join(CORPUS_DIR, file)))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as unknown);
  return {
    header: lines[0] as GoldenHeader,
    events: lines.slice(1, -1) as GoldenEvent[],
    end: lines[lines.length - 1] as GoldenEnd,
  };
}

export function goldenFiles(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((file) => file.endsWith('.ndjson.gz'))
    .sort();
}
