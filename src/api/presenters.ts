/** Turning play-layer records into API shapes, shared by GraphQL and REST. */
import type { StoredEvent } from '../event-store/event-store';
import type { GameEvent as EngineEvent } from '../games/engine';
import type { GameRecord } from '../play/game-records';

export interface GameDto {
  id: string;
  type: string;
  status: GameRecord['status'];
  version: number;
  seats: GameRecord['seats'];
  activeSeats: number[];
  options: unknown;
  /** The creator chose the seed (operator test controls); null: a game from before this was kept. */
  seeded: boolean | null;
  /** Names of the test-only options the creator set (values never shown). */
  testOptions: string[];
  /** The public commitment to the game's secret and, once the game is over, the secret. */
  fairness: { commitment: string | null; secret: string | null };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * The game type an event or update belongs to, under a symbol key: GraphQL's per-game typed fields
 * (GameEvent.bangDicePayload, ...) read it, JSON answers (REST) never show it.
 */
export const GAME_TYPE: unique symbol = Symbol('gameType');

export interface GameEventDto {
  [GAME_TYPE]?: string;
  version: number;
  type: string;
  payload: unknown;
  seat: number | null;
  actor: string;
  at: string;
}

export function presentGame(game: GameRecord): GameDto {
  return {
    id: game.id,
    type: game.type,
    status: game.status,
    version: game.version,
    seats: game.seats,
    activeSeats: game.activeSeats,
    options: game.options,
    seeded: game.fairness.seeded,
    testOptions: game.fairness.testOptions,
    fairness: { commitment: game.fairness.commitment, secret: game.fairness.secret },
    createdAt: game.createdAt.toISOString(),
    startedAt: game.startedAt?.toISOString() ?? null,
    finishedAt: game.finishedAt?.toISOString() ?? null,
  };
}

/** An event as a viewer sees it; `visible` null means the viewer sees only that something happened. */
export function presentEvent(
  event: StoredEvent,
  visible: EngineEvent | null,
  gameType?: string,
): GameEventDto {
  return {
    [GAME_TYPE]: gameType,
    version: event.version,
    type: visible?.type ?? 'HIDDEN',
    payload: visible ?? { type: 'HIDDEN' },
    seat: event.metadata.seat ?? null,
    actor: event.metadata.actor,
    at: event.metadata.at,
  };
}

/** Opaque cursors for the games connection: base64url of "createdAtMillis:id". */
export function encodeGameCursor(game: GameRecord): string {
  return Buffer.from(`${game.createdAt.getTime()}:${game.id}`).toString('base64url');
}

export function decodeGameCursor(cursor: string): { createdAt: Date; id: string } | null {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):([0-9a-f-]{36})$/.exec(raw);
  return match ? { createdAt: new Date(Number(match[1])), id: match[2] } : null;
}
