/** Plain shapes of the lobby/read-model data the play layer hands to the APIs. */
import type { GameResult, Json } from '../games/engine';

export type GameStatus = 'LOBBY' | 'ACTIVE' | 'FINISHED' | 'ABORTED';
export const GAME_STATUSES: GameStatus[] = ['LOBBY', 'ACTIVE', 'FINISHED', 'ABORTED'];
export type SeatKind = 'HUMAN' | 'BOT';

export interface SeatRecord {
  seat: number;
  name: string | null;
  kind: SeatKind;
  botLevel: string | null;
  /** A human seat that is still waiting for a player to join. */
  open: boolean;
  /** A bot is playing this human seat after a timeout, until its owner resumes. */
  botTakeover: boolean;
}

export interface GameRecord {
  id: string;
  type: string;
  status: GameStatus;
  options: Json;
  seatCount: number;
  version: number;
  activeSeats: number[];
  result: GameResult | null;
  seats: SeatRecord[];
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface SeatInput {
  name?: string | null;
  kind: SeatKind;
  botLevel?: string | null;
  /** HUMAN only: leave the seat open for someone to join (no token is issued at creation). */
  open?: boolean | null;
}

export interface CreateGameInput {
  type: string;
  seats: SeatInput[];
  options?: unknown;
  seed?: string | null;
  start?: boolean | null;
}
