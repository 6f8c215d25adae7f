/** Resolves the bearer token of a request or websocket connection to a Caller. */
import { Injectable } from '@nestjs/common';
import { PlayService } from '../play/play.service';
import { GameError } from '../play/errors';
import { ANONYMOUS, bearerToken, type Caller } from './seat-tokens';
import type { Viewer } from '../games/engine';

@Injectable()
export class CallerService {
  constructor(private readonly play: PlayService) {}

  /** No token: anonymous (a spectator). A token that matches no seat: UNAUTHENTICATED. */
  async fromAuthorization(header: unknown): Promise<Caller> {
    const token = bearerToken(header);
    if (token === null) return ANONYMOUS;
    if (token.length > 200) throw new GameError('UNAUTHENTICATED', 'invalid seat token');
    const seat = await this.play.seatForToken(token);
    if (!seat) throw new GameError('UNAUTHENTICATED', 'invalid seat token');
    return { kind: 'seat', gameId: seat.gameId, seat: seat.seat };
  }

  /** How the caller sees `gameId`: as its seat if the token is for this game, else as a spectator. */
  viewerFor(caller: Caller, gameId: string): Viewer {
    return caller.kind === 'seat' && caller.gameId === gameId ? caller.seat : 'spectator';
  }

  /** The seat the caller may act for in `gameId`, or an UNAUTHENTICATED/FORBIDDEN error. */
  requireSeat(caller: Caller, gameId: string): number {
    if (caller.kind === 'anonymous')
      throw new GameError('UNAUTHENTICATED', 'a seat token is required to act in a game');
    if (caller.gameId !== gameId) throw new GameError('FORBIDDEN', 'this seat token belongs to another game');
    return caller.seat;
  }

  /** Lobby actions: any seat of the game, or anyone when no seat of it holds a token yet. */
  requireMember(caller: Caller, gameId: string, gameHasTokens: boolean): void {
    if (!gameHasTokens) return;
    this.requireSeat(caller, gameId);
  }
}
