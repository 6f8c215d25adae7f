/**
 * The harness of the per-game analytics suites (coloma.spec, gwt.spec): games played by the
 * engine and bots as the server would, stored later through the event store in chosen slices, and
 * a table's export checked against its rows.
 */
import { PassThrough } from 'node:stream';
import { ParquetReader } from '@dsnp/parquetjs';
import { exportTable } from '../../src/analytics/export';
import type { SimSeat } from '../../src/analytics/simulate';
import type { Sql } from '../../src/analytics/sql';
import { EventStore } from '../../src/event-store/event-store';
import type { GameBot } from '../../src/games/bots';
import type { AnyGameEngine, Json } from '../../src/games/engine';
import type { GameRegistry } from '../../src/games/registry';
import { playGame, type PlayedGame } from '../../src/games/tournament';
import { PlayService } from '../../src/play/play.service';
import type { TestPostgres } from '../support/database';

export const R: SimSeat = { kind: 'BOT', botLevel: 'RANDOM' };
export const H: SimSeat = { kind: 'BOT', botLevel: 'HEURISTIC' };
export const P: SimSeat = { kind: 'HUMAN' };

export interface Spec {
  seats: SimSeat[];
  options?: Record<string, unknown>;
  seed: string;
}

export interface Recorded {
  id: string;
  spec: Spec;
  played: PlayedGame;
}

/** Creates the game through PlayService and plays it with `bots` (one a seat), storing nothing yet. */
export async function createAndPlay(
  db: TestPostgres,
  registry: GameRegistry,
  engine: AnyGameEngine,
  spec: Spec,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bots: GameBot<any, any>[],
): Promise<Recorded> {
  const play = new PlayService(db.client, new EventStore(db.client), registry, { allowTestControls: true });
  const { game } = await play.createGame({
    type: engine.type,
    seats: spec.seats,
    options: spec.options ?? {},
    seed: spec.seed,
  });
  return { id: game.id, spec, played: playGame(engine, spec.options ?? {}, bots, spec.seed) };
}

/** Appends events [from, to) of the game, with the read model the pipeline writes (result at the end). */
export async function append(db: TestPostgres, game: Recorded, from: number, to: number): Promise<void> {
  const last = to >= game.played.events.length;
  await new EventStore(db.client).append({
    gameId: game.id,
    expectedVersion: from,
    events: game.played.events.slice(from, to),
    metadata: { actor: 'BOT', seat: null, at: new Date().toISOString() },
    readModel: {
      status: last ? 'FINISHED' : 'ACTIVE',
      activeSeats: [],
      ...(from === 0 && { startedAt: new Date() }),
      ...(last && { result: game.played.result as unknown as Json, finishedAt: new Date() }),
    },
  });
}

export async function collect(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bulk export of `name` as CSV and as Parquet holds exactly `rows` (header = their columns). */
export async function expectExportMatches(
  sql: Sql,
  name: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const csvOut = new PassThrough();
  const [csvCount, csv] = await Promise.all([exportTable(sql, name, 'csv', csvOut), collect(csvOut)]);
  expect(csvCount).toBe(rows.length);
  const lines = csv.toString().trim().split('\n');
  expect(lines[0].split(',')).toEqual(Object.keys(rows[0]));
  expect(lines).toHaveLength(rows.length + 1);
  const pqOut = new PassThrough();
  const [pqCount, pq] = await Promise.all([exportTable(sql, name, 'parquet', pqOut), collect(pqOut)]);
  expect(pqCount).toBe(rows.length);
  const reader = await ParquetReader.openBuffer(pq);
  const cursor = reader.getCursor();
  const records: Record<string, unknown>[] = [];
  for (let r = await cursor.next(); r; r = await cursor.next()) records.push(r as Record<string, unknown>);
  await reader.close();
  expect(records).toEqual(rows);
}
