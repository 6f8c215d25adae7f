/**
 * Exports: the analytic tables in bulk (CSV via csv-stringify, Parquet via @dsnp/parquetjs), read
 * in keyset-paginated pages so memory stays flat whatever the table size; and one game's history
 * as NDJSON events or a human-readable move log, redacted for the caller (PlayService.eventsFor).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { ParquetSchema, ParquetWriter } from '@dsnp/parquetjs';
import { stringify } from 'csv-stringify';
import type { Viewer } from '../games/engine';
import type { PlayService } from '../play/play.service';
import { GWT_SCORE_COLUMNS } from './analytics-projection';
import { COLOMA_SCORE_COLUMNS } from './coloma-projection';
import type { SqlClient } from './sql';

type ColumnType = 'UTF8' | 'INT32' | 'INT64' | 'BOOLEAN' | 'TIMESTAMP_MILLIS' | 'JSON';

interface Column {
  name: string;
  type: ColumnType;
  optional?: boolean;
}

interface ExportTable {
  table: string;
  key: string[];
  columns: Column[];
}

const c = (name: string, type: ColumnType, optional = false): Column => ({ name, type, optional });

/** Exportable tables by public name (the SQL table is `analytics_<name>`). */
export const EXPORT_TABLES: Record<string, ExportTable> = {
  games: {
    table: 'analytics_games',
    key: ['game_id'],
    columns: [
      c('game_id', 'UTF8'),
      c('game_type', 'UTF8'),
      c('options', 'JSON'),
      c('player_count', 'INT32'),
      c('human_count', 'INT32'),
      c('bot_count', 'INT32'),
      c('status', 'UTF8'),
      c('started_at', 'TIMESTAMP_MILLIS'),
      c('ended_at', 'TIMESTAMP_MILLIS', true),
      c('duration_ms', 'INT64', true),
      c('event_count', 'INT32'),
      c('rounds', 'INT32'),
      c('end_reason', 'UTF8', true),
    ],
  },
  seat_results: {
    table: 'analytics_seat_results',
    key: ['game_id', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('seat', 'INT32'),
      c('game_type', 'UTF8'),
      c('kind', 'UTF8'),
      c('bot_level', 'UTF8', true),
      c('character', 'UTF8', true),
      c('role', 'UTF8', true),
      c('score', 'INT32', true),
      c('rank', 'INT32', true),
      c('winner', 'BOOLEAN', true),
    ],
  },
  cc_picks: {
    table: 'analytics_cc_picks',
    key: ['game_id', 'version'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('round', 'INT32'),
      c('seat', 'INT32'),
      c('pick_order', 'INT32'),
      c('personality', 'INT32'),
      c('personality_key', 'UTF8'),
      c('side', 'UTF8'),
      c('paperboy', 'BOOLEAN'),
    ],
  },
  cc_actions: {
    table: 'analytics_cc_actions',
    key: ['game_id', 'version'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('round', 'INT32'),
      c('seat', 'INT32'),
      c('action', 'UTF8'),
      c('loc', 'UTF8'),
      c('dynamite', 'BOOLEAN'),
    ],
  },
  cc_duels: {
    table: 'analytics_cc_duels',
    key: ['game_id', 'version', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('round', 'INT32'),
      c('loc', 'UTF8'),
      c('seat', 'INT32'),
      c('participants', 'INT32'),
      c('dice_total', 'INT32'),
      c('dice_count', 'INT32'),
      c('firepower', 'INT32'),
      c('total', 'INT32'),
      c('won', 'BOOLEAN'),
      c('first', 'BOOLEAN'),
      c('strongest', 'BOOLEAN'),
      c('personality_key', 'UTF8', true),
    ],
  },
  cc_income: {
    table: 'analytics_cc_income',
    key: ['game_id', 'version'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('round', 'INT32'),
      c('owner', 'INT32'),
      c('building', 'UTF8'),
      c('amount', 'INT32'),
      c('stolen', 'INT32'),
      c('received', 'INT32'),
      c('attacker', 'INT32', true),
    ],
  },
  cc_final_scores: {
    table: 'analytics_cc_final_scores',
    key: ['game_id', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('seat', 'INT32'),
      c('vp_during_play', 'INT32'),
      c('money', 'INT32'),
      c('possessions', 'INT32'),
      c('teacher', 'INT32'),
      c('train_station', 'INT32'),
      c('total', 'INT32'),
      c('bridges', 'INT32'),
      c('horses', 'INT32'),
      c('kit_carson', 'INT32'),
    ],
  },
  bang_eliminations: {
    table: 'analytics_bang_eliminations',
    key: ['game_id', 'version', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('turn', 'INT32'),
      c('seat', 'INT32'),
      c('turn_seat', 'INT32', true),
      c('role', 'UTF8'),
      c('character', 'UTF8'),
      c('cause', 'UTF8'),
    ],
  },
  gwt_final_scores: {
    table: 'analytics_gwt_final_scores',
    key: ['game_id', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('seat', 'INT32'),
      ...GWT_SCORE_COLUMNS.map((name) => c(name, 'INT32')),
      c('total', 'INT32'),
      c('rank', 'INT32'),
      c('winner', 'BOOLEAN'),
    ],
  },
  gwt_deliveries: {
    table: 'analytics_gwt_deliveries',
    key: ['game_id', 'version'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('turn', 'INT32'),
      c('seat', 'INT32'),
      c('city', 'UTF8', true),
      c('breeding_value', 'INT32', true),
      c('extraordinary', 'BOOLEAN'),
      c('transport_cost', 'INT32'),
      c('disc', 'UTF8', true),
      c('from_station', 'UTF8', true),
    ],
  },
  coloma_final_scores: {
    table: 'analytics_coloma_final_scores',
    key: ['game_id', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('seat', 'INT32'),
      ...COLOMA_SCORE_COLUMNS.map((name) => c(name, 'INT32')),
      c('total', 'INT32'),
      c('rank', 'INT32'),
      c('winner', 'BOOLEAN'),
    ],
  },
  coloma_locations: {
    table: 'analytics_coloma_locations',
    key: ['game_id', 'version', 'seat'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('year', 'INT32'),
      c('round', 'INT32'),
      c('seat', 'INT32'),
      c('site', 'INT32'),
      c('bust_site', 'INT32'),
      c('busted', 'BOOLEAN'),
    ],
  },
  coloma_shootouts: {
    table: 'analytics_coloma_shootouts',
    key: ['game_id', 'version', 'place'],
    columns: [
      c('game_id', 'UTF8'),
      c('version', 'INT32'),
      c('year', 'INT32'),
      c('place', 'INT32'),
      c('seat', 'INT32', true),
      c('neutral', 'BOOLEAN'),
      c('tier', 'INT32', true),
      c('won', 'BOOLEAN'),
      c('gunmen', 'INT32'),
      c('outlaws', 'INT32'),
    ],
  },
};

export type ExportFormat = 'csv' | 'parquet';
export const EXPORT_FORMATS: ExportFormat[] = ['csv', 'parquet'];

export function exportTableNames(): string[] {
  return Object.keys(EXPORT_TABLES);
}

export function resolveExportTable(name: string): ExportTable | undefined {
  const bare = name.startsWith('analytics_') ? name.slice('analytics_'.length) : name;
  return Object.prototype.hasOwnProperty.call(EXPORT_TABLES, bare) ? EXPORT_TABLES[bare] : undefined;
}

function selectExpr(col: Column): string {
  if (col.type === 'JSON') return `"${col.name}"::text AS "${col.name}"`;
  if (col.type === 'INT64') return `"${col.name}"::float8 AS "${col.name}"`;
  return `"${col.name}"`;
}

/** The table's rows in primary-key order, `pageSize` at a time (keyset pagination). */
export async function* tableRows(
  sql: SqlClient,
  spec: ExportTable,
  pageSize = 5000,
): AsyncGenerator<Record<string, unknown>> {
  const cols = spec.columns.map(selectExpr).join(', ');
  const key = spec.key.map((k) => `"${k}"`).join(', ');
  let last: unknown[] | null = null;
  for (;;) {
    const params: unknown[] = last ? [...last] : [];
    const after = last ? `WHERE (${key}) > (${spec.key.map((_, i) => `$${i + 1}`).join(', ')})` : '';
    const rows: Record<string, unknown>[] = await sql.query<Record<string, unknown>>(
      `SELECT ${cols} FROM ${spec.table} ${after} ORDER BY ${key} LIMIT ${pageSize}`,
      params,
    );
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
    const tail: Record<string, unknown> = rows[rows.length - 1];
    last = spec.key.map((k) => tail[k]);
  }
}

async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes the table to `out` (which is ended) and returns the number of rows. */
export async function exportTable(
  sql: SqlClient,
  name: string,
  format: ExportFormat,
  out: Writable,
): Promise<number> {
  const spec = resolveExportTable(name);
  if (!spec) throw new Error(`unknown table ${name} (have ${exportTableNames().join(', ')})`);
  let count = 0;
  if (format === 'csv') {
    const csv = stringify({
      header: true,
      columns: spec.columns.map((col) => col.name),
      cast: { boolean: (v) => (v ? 'true' : 'false'), date: (v) => v.toISOString() },
    });
    csv.pipe(out);
    for await (const row of tableRows(sql, spec)) {
      if (!csv.write(row)) await once(csv, 'drain');
      count++;
    }
    csv.end();
    await once(out, 'finish');
    return count;
  }
  const schema = new ParquetSchema(
    Object.fromEntries(
      spec.columns.map((col) => [
        col.name,
        { type: col.type === 'JSON' ? 'UTF8' : col.type, optional: col.optional ?? false },
      ]),
    ),
  );
  const writer = await ParquetWriter.openStream(
    schema,
    out as unknown as Parameters<typeof ParquetWriter.openStream>[1],
    { rowGroupSize: 10_000 },
  );
  for await (const row of tableRows(sql, spec)) {
    const record: Record<string, unknown> = {};
    for (const col of spec.columns) {
      const v = row[col.name];
      if (v === null || v === undefined) continue;
      record[col.name] = col.type === 'TIMESTAMP_MILLIS' ? new Date(v as string) : v;
    }
    await writer.appendRow(record);
    count++;
  }
  await writer.close(); // ends `out`
  return count;
}

// ---------------------------------------------------------------- one game's history

export interface ExportedEvent {
  version: number;
  type: string;
  payload: unknown;
  seat: number | null;
  actor: string;
  at: string;
}

/** A game's events as `viewer` may see them (events it may not see at all are left out). */
export async function* gameHistory(
  play: PlayService,
  gameId: string,
  viewer: Viewer,
  pageSize = 500,
): AsyncGenerator<ExportedEvent> {
  let after = 0;
  for (;;) {
    const page = await play.eventsFor(gameId, viewer, after, pageSize);
    for (const { event, visible } of page) {
      if (visible) {
        yield {
          version: event.version,
          type: visible.type,
          payload: visible,
          seat: event.metadata.seat ?? null,
          actor: event.metadata.actor,
          at: event.metadata.at ?? event.createdAt.toISOString(),
        };
      }
    }
    if (page.length < pageSize) return;
    after = page[page.length - 1].event.version;
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return `[${value.map(describe).join(' ')}]`;
    return `[${value.map(describe).join('; ')}]`;
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k} ${describe(v)}`)
      .join(', ');
  }
  return String(value);
}

/** One readable line per event: `#12 2026-…Z seat 2 (BOT) DICE_ROLLED: roll 1, dice [ONE TWO …]`. */
export function moveLogLine(event: ExportedEvent): string {
  const who = event.seat === null ? event.actor.toLowerCase() : `seat ${event.seat} (${event.actor})`;
  const { type: _type, ...rest } = (event.payload ?? {}) as Record<string, unknown>;
  const control = event.type === 'FLOW' || event.type === 'AGENDA_RESTORED'; // Carson City's; old GWT ones
  const detail = control ? 'engine control state' : describe(rest);
  return `#${event.version} ${event.at} ${who} ${event.type}${detail ? `: ${detail}` : ''}`;
}

/** Streams a game's history to `out` as NDJSON or as a move log; returns the number of lines. */
export async function exportGame(
  play: PlayService,
  gameId: string,
  viewer: Viewer,
  format: 'ndjson' | 'log',
  out: Writable,
): Promise<number> {
  let lines = 0;
  for await (const event of gameHistory(play, gameId, viewer)) {
    await write(out, (format === 'ndjson' ? JSON.stringify(event) : moveLogLine(event)) + '\n');
    lines++;
  }
  return lines;
}
