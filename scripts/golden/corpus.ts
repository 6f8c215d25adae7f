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
import { optionSets } from '../../src/games/kit/option-sets';

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

/**
 * The recordings. The first holds every option set, recorded from the engines of its commit; a
 * later one records again, from a later commit, the option sets of the game types whose stored
 * shapes changed since (same seeds, the name suffixed), so that every shape a server has stored
 * stays in the corpus and keeps replaying. A recording is added, never re-recorded.
 */
export const RECORDINGS: readonly { suffix: string; types?: readonly string[]; why: string }[] = [
  { suffix: '', why: 'the first corpus: every game type, player count and option set' },
  {
    suffix: '.r2',
    types: ['carson-city', 'great-western-trail'],
    why:
      "Carson City's agenda rules 3 (new fact events: BUILD_STARTED, HOUSE_CHOSEN, DUEL_ORDER_CHOSEN, ...; " +
      'almost no FLOW) and Great Western Trail event schema 4 (no AGENDA_UPDATED, no FLOW)',
  },
  {
    suffix: '.r3',
    types: ['carson-city'],
    why:
      "Carson City's agenda rules 4 (no FLOW at all; the new fact DICE_ROLLED MARKSMAN_DUEL, the setup's " +
      'first prompt and the last FLOW cases derived from the facts)',
  },
];

/** A file of the first recording (stored by the servers before any later shape existed). */
export function isFirstRecording(file: string): boolean {
  return !RECORDINGS.some((r) => r.suffix !== '' && file.endsWith(`${r.suffix}.ndjson.gz`));
}

/** The plan: every option set of src/games/kit/option-sets.ts in each recording that covers its type. */
export function goldenPlan(): GoldenPlan[] {
  return RECORDINGS.flatMap(({ suffix, types }) =>
    optionSets()
      .filter(({ type }) => !types || types.includes(type))
      .map(({ type, seats, label, options }) => ({
        name: `${type}-${seats}p-${label}${suffix}`,
        type,
        seats,
        seed: `golden-${type}-${seats}-${label}`,
        options,
      })),
  );
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
