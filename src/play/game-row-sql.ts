/**
 * The command path's read in one round trip on the raw driver: the game row, its seats and (when
 * the command has a client id) the command record under that id. Prisma's `findUnique` with
 * `include: { seats }` plus `command.findUnique` took three statements and most of the CPU of a
 * command's reads. The row is returned in Prisma's shape (GameRow), so a column added to the
 * schema that is not mapped here fails the typecheck instead of going missing.
 */
import type { SqlClient } from '../database/sql';
import { GAME_FINGERPRINT, type RecordedCommand } from '../event-store/event-store';
import type { Prisma } from '../generated/prisma/client';

export type GameRow = Prisma.GameGetPayload<{ include: { seats: true } }>;

const GAME_WITH_COMMAND_SQL = `
SELECT to_jsonb(g) AS game,
       COALESCE((SELECT jsonb_agg(to_jsonb(s)) FROM game_seats s WHERE s.game_id = g.id), '[]'::jsonb) AS seats,
       (SELECT to_jsonb(c) FROM commands c WHERE c.game_id = g.id AND c.command_id = $2::text) AS command,
       ${GAME_FINGERPRINT} AS fingerprint
FROM games g WHERE g.id = $1::text`;

type Columns = Record<string, unknown>;

const date = (value: unknown): Date | null => (value == null ? null : new Date(value as string));

function seatRow(s: Columns): GameRow['seats'][number] {
  return {
    gameId: s.game_id as string,
    seat: s.seat as number,
    name: (s.name as string | null) ?? null,
    kind: s.kind as string,
    botLevel: (s.bot_level as string | null) ?? null,
    tokenHash: (s.token_hash as string | null) ?? null,
    joinedAt: date(s.joined_at),
    botTakeover: s.bot_takeover as boolean,
    forfeited: s.forfeited as boolean,
    clockMs: s.clock_ms == null ? null : BigInt(s.clock_ms as number),
    turnStartedAt: date(s.turn_started_at),
    vacationUntil: date(s.vacation_until),
    vacationDaysUsed: s.vacation_days_used as number,
  };
}

function gameRow(g: Columns, seats: Columns[]): GameRow {
  return {
    id: g.id as string,
    type: g.type as string,
    status: g.status as string,
    options: g.options as Prisma.JsonValue,
    seed: g.seed as string,
    seedCommitment: (g.seed_commitment as string | null) ?? null,
    seeded: (g.seeded as boolean | null) ?? null,
    testOptions: (g.test_options as Prisma.JsonValue) ?? null,
    seatCount: g.seat_count as number,
    version: g.version as number,
    activeSeats: g.active_seats as number[],
    result: (g.result as Prisma.JsonValue) ?? null,
    summary: (g.summary as Prisma.JsonValue) ?? null,
    createdAt: date(g.created_at)!,
    updatedAt: date(g.updated_at)!,
    startedAt: date(g.started_at),
    finishedAt: date(g.finished_at),
    timerOptions: (g.timer_options as Prisma.JsonValue) ?? null,
    pausedAt: date(g.paused_at),
    pauseVotes: g.pause_votes as number[],
    webhookCount: g.webhook_count as number,
    hostTokenHash: (g.host_token_hash as string | null) ?? null,
    seats: seats.map(seatRow),
  };
}

function recordedCommand(c: Columns): RecordedCommand {
  return {
    commandId: c.command_id as string,
    seat: (c.seat as number | null) ?? null,
    fromVersion: c.from_version as number,
    toVersion: c.to_version as number,
    bodyHash: (c.body_hash as string | null) ?? null,
  };
}

/**
 * The game (null: no such game), the command recorded under `commandId` (null: none) and the
 * row's GAME_FINGERPRINT as read (a guarded append of a command decided on it: AppendRequest.guard).
 */
export async function readGameWithCommand(
  sql: SqlClient,
  gameId: string,
  commandId: string | null,
): Promise<{ row: GameRow; command: RecordedCommand | null; fingerprint: string } | null> {
  const [found] = await sql.query<{
    game: Columns;
    seats: Columns[];
    command: Columns | null;
    fingerprint: string;
  }>(GAME_WITH_COMMAND_SQL, [gameId, commandId], 'saloon_game_with_command');
  if (!found) return null;
  return {
    row: gameRow(found.game, found.seats),
    command: found.command && recordedCommand(found.command),
    fingerprint: found.fingerprint,
  };
}
