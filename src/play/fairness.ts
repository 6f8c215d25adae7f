/**
 * Provably fair randomness, independent of any particular game.
 *
 * Every game's randomness comes from a secret the server draws at creation (a client seed only
 * when the operator allows test controls; such a game is marked `seeded`). The SHA-256 of the
 * secret is public from creation; the decision at stream version v draws from rngFor(secret, v).
 * Once the game is over the secret and the full history (every batch of events with the command
 * that caused it) are revealed, and `verifyFairnessProof` replays them with the engine: the setup
 * and every command must give exactly the stored events, so no die, deal or draw was changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { StoredEvent } from '../event-store/event-store';
import { type AnyGameEngine, type Json, isViolation } from '../games/engine';
import { rngFor } from '../games/random';

export const PROOF_FORMAT = 'saloon-fairness-proof/1';

/** A fresh game secret: 256 bits from the operating system's CSPRNG, as hex. */
export function newGameSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The public commitment to a secret: SHA-256 of its UTF-8 bytes, as lowercase hex. */
export function seedCommitment(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The events one decision appended, with what was decided. */
export interface ProofBatch {
  /** The stream version the batch was decided at: its randomness is rngFor(secret, fromVersion). */
  fromVersion: number;
  /** The seat whose command it was (null: the setup). */
  seat: number | null;
  actor: string;
  /** The command as the engine parsed it (null: the setup at version 0). */
  command: Json | null;
  events: Json[];
}

export interface FairnessProof {
  format: typeof PROOF_FORMAT;
  gameId: string;
  type: string;
  seatCount: number;
  /** The options `setup` was given (test-only options included). */
  options: Json;
  /** The creator chose the seed: the randomness is reproducible, not fair against the creator. */
  seeded: boolean;
  commitment: string;
  secret: string;
  batches: ProofBatch[];
}

export interface FairnessVerdict {
  ok: boolean;
  /** Batches and events checked (up to the first problem). */
  batches: number;
  events: number;
  /** Why the proof fails, and at which batch (its fromVersion). */
  problem?: string;
  atVersion?: number;
}

/** Group a game's stored events into the batches its commands appended. */
export function buildFairnessProof(
  game: { id: string; type: string; seatCount: number; options: Json; seeded: boolean },
  secret: { commitment: string; secret: string },
  events: StoredEvent[],
): FairnessProof {
  const batches: ProofBatch[] = [];
  for (const event of events) {
    const meta = event.metadata as {
      fromVersion?: number;
      seat?: number | null;
      actor?: string;
      command?: Json;
    };
    const fromVersion = meta.fromVersion ?? event.version - 1;
    const last = batches.at(-1);
    if (last && last.fromVersion === fromVersion) {
      last.events.push(event.payload as unknown as Json);
      continue;
    }
    batches.push({
      fromVersion,
      seat: meta.seat ?? null,
      actor: meta.actor ?? 'SYSTEM',
      command: meta.command ?? null,
      events: [event.payload as unknown as Json],
    });
  }
  return {
    format: PROOF_FORMAT,
    gameId: game.id,
    type: game.type,
    seatCount: game.seatCount,
    options: game.options,
    seeded: game.seeded,
    commitment: secret.commitment,
    secret: secret.secret,
    batches,
  };
}

/** Equal as JSON (undefined fields dropped, any key order, plain objects whatever their origin). */
function sameJson(decided: unknown, stored: unknown): boolean {
  const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));
  return isDeepStrictEqual(plain(decided), plain(stored));
}

/** The events `batch` must contain if it followed from the secret, or why it cannot. */
function expectedEvents(
  engine: AnyGameEngine,
  proof: FairnessProof,
  state: unknown,
  batch: ProofBatch,
): unknown {
  const rng = rngFor(proof.secret, batch.fromVersion);
  if (batch.fromVersion === 0) {
    if (batch.command !== null) return 'the first batch must be the setup';
    return engine.setup(proof.options, proof.seatCount, rng);
  }
  if (batch.command === null || batch.seat === null) return 'no command recorded for this batch';
  const command = engine.parseCommand(batch.command);
  if (isViolation(command)) return `the recorded command is malformed: ${command.message}`;
  const decided = engine.decide(state, batch.seat, command, rng);
  return isViolation(decided) ? `the recorded command is refused: ${decided.message}` : decided;
}

/**
 * Replay a revealed game with `engine` (the proof's type): the secret must match the commitment,
 * the batches must cover the stream from version 0 without gaps, and the setup and every command,
 * decided again with rngFor(secret, fromVersion), must give exactly the recorded events.
 */
export function verifyFairnessProof(engine: AnyGameEngine, proof: FairnessProof): FairnessVerdict {
  let batches = 0;
  let events = 0;
  const fail = (problem: string, atVersion?: number): FairnessVerdict => ({
    ok: false,
    batches,
    events,
    problem,
    ...(atVersion !== undefined && { atVersion }),
  });
  if (proof?.format !== PROOF_FORMAT) return fail(`not a ${PROOF_FORMAT} document`);
  if (proof.type !== engine.type) return fail(`a ${proof.type} game, not ${engine.type}`);
  if (typeof proof.secret !== 'string' || seedCommitment(proof.secret) !== proof.commitment)
    return fail('the secret does not match the commitment');
  if (!Array.isArray(proof.batches) || proof.batches.length === 0) return fail('no events');
  let state: unknown = null;
  for (const batch of proof.batches) {
    if (batch.fromVersion !== events)
      return fail(`expected a batch from version ${events}`, batch.fromVersion);
    if (!Array.isArray(batch.events) || batch.events.length === 0)
      return fail('an empty batch', batch.fromVersion);
    let expected: unknown;
    try {
      expected = expectedEvents(engine, proof, state, batch);
    } catch (error) {
      return fail(`the engine failed: ${(error as Error).message}`, batch.fromVersion);
    }
    if (typeof expected === 'string') return fail(expected, batch.fromVersion);
    if (!sameJson(expected, batch.events))
      return fail('the recorded events differ from what the secret gives', batch.fromVersion);
    for (const event of batch.events) state = engine.evolve(state, event as never);
    batches++;
    events += batch.events.length;
  }
  return { ok: true, batches, events };
}

/** What everyone may know about a game's randomness (GameRecord.fairness). */
export interface GameFairness {
  /** The creator chose the seed (operator test controls); null: created before this was recorded. */
  seeded: boolean | null;
  /** Names of the test-only options the creator set (their values are never published). */
  testOptions: string[];
  /** SHA-256 (hex) of the game's secret, public from creation; null: an older, unverifiable game. */
  commitment: string | null;
  /** The secret, once the game is over (FINISHED or ABORTED); null before, and without commitment. */
  secret: string | null;
}

const OVER = ['FINISHED', 'ABORTED'];

export function gameFairness(row: {
  status: string;
  seed: string;
  seedCommitment: string | null;
  seeded: boolean | null;
  testOptions: unknown;
}): GameFairness {
  const testOptions =
    row.testOptions && typeof row.testOptions === 'object' ? Object.keys(row.testOptions).sort() : [];
  return {
    seeded: row.seeded,
    testOptions,
    commitment: row.seedCommitment,
    secret: row.seedCommitment !== null && OVER.includes(row.status) ? row.seed : null,
  };
}
