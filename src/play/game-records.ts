/** Plain shapes of the lobby/read-model data the play layer hands to the APIs. */
import type { GameResult, Json } from '../games/engine';
import type { GameFairness } from './fairness';

export type GameStatus = 'LOBBY' | 'ACTIVE' | 'FINISHED' | 'ABORTED';
export const GAME_STATUSES: GameStatus[] = ['LOBBY', 'ACTIVE', 'FINISHED', 'ABORTED'];
export type SeatKind = 'HUMAN' | 'BOT';

/** A bot seat's default name: its seat number as the APIs number seats (from 0), e.g. seat 2 = "Bot 2". */
export function defaultBotName(seat: number): string {
  return `Bot ${seat}`;
}

export interface SeatRecord {
  seat: number;
  name: string | null;
  kind: SeatKind;
  botLevel: string | null;
  /** A human seat that is still waiting for a player to join. */
  open: boolean;
  /** A bot is playing this human seat after a timeout, until its owner resumes. */
  botTakeover: boolean;
  /** The seat timed out under FORFEIT: the engine's timeoutCommand answers its prompts. */
  forfeited: boolean;
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
  /** Correspondence clock (see src/scheduling/timer-options.ts); null = untimed. */
  timer: Json | null;
  /** Set while the clocks are paused by agreement of every seat. */
  pausedAt: Date | null;
  /** Registered webhooks (0 lets the commit path skip the lookup). */
  webhookCount: number;
  /** Seeded or not, test-only options used, the commitment to the secret and (once over) the secret. */
  fairness: GameFairness;
  /** The game has a host credential (games created before host tokens have none). */
  hasHost: boolean;
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
  /** Correspondence clock, stored on the game (see src/scheduling/timer-options.ts). */
  timer?: unknown;
}
