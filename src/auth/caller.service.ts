/** Resolves the bearer token of a request or websocket connection to a Caller. */
import { Injectable } from '@nestjs/common';
import { PlayService } from '../play/play.service';
import { GameError } from '../play/errors';
import { ANONYMOUS, bearerToken, type Caller, isHostToken } from './seat-tokens';
import type { Viewer } from '../games/engine';
import type { GameRecord } from '../play/game-records';

/** Some seat of the game is held by a person with a token. */
export const hasSeatTokens = (game: GameRecord): boolean =>
  game.seats.some((s) => s.kind === 'HUMAN' && !s.open);

@Injectable()
export class CallerService {
  constructor(private readonly play: PlayService) {}

  /** No token: anonymous (a spectator). A token that matches no seat: UNAUTHENTICATED. */
  async fromAuthorization(header: unknown): Promise<Caller> {
    const token = bearerToken(header);
    if (token === null) return ANONYMOUS;
    if (token.length > 200) throw new GameError('UNAUTHENTICATED', 'invalid seat token');
    if (isHostToken(token)) {
      const gameId = await this.play.gameForHostToken(token);
      if (!gameId) throw new GameError('UNAUTHENTICATED', 'invalid host token');
      return { kind: 'host', gameId };
    }
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
    if (caller.kind === 'host')
      throw new GameError(
        'FORBIDDEN',
        'a host token controls the lobby; acting for a seat needs its seat token',
      );
    if (caller.gameId !== gameId) throw new GameError('FORBIDDEN', 'this seat token belongs to another game');
    return caller.seat;
  }

  /**
   * Lobby control (start, abort, bots on open seats): any seat of the game, or the game's host.
   * A game from before host tokens (none stored) with no seat token either is open to anyone,
   * as it was. Returns the caller's seat, null for the host (or anyone).
   */
  requireLobbyControl(caller: Caller, game: GameRecord): number | null {
    if (caller.kind === 'host' && caller.gameId === game.id) return null;
    if (caller.kind === 'anonymous' && !game.hasHost && !hasSeatTokens(game)) return null;
    if (caller.kind === 'anonymous')
      throw new GameError('UNAUTHENTICATED', 'a seat token of this game or its host token is required');
    if (caller.gameId !== game.id) throw new GameError('FORBIDDEN', 'this token belongs to another game');
    return this.requireSeat(caller, game.id);
  }
}
