/**
 * The reads behind Game.view, legalCommands, stateAt and result, shared by the generic JSON fields
 * (games.resolver.ts) and each game's typed forms (typed-payloads.ts), so both answer the same.
 */
import { Injectable } from '@nestjs/common';
import { CallerService } from '../../auth/caller.service';
import type { GameResult } from '../../games/engine';
import { GameError } from '../../play/errors';
import { PlayService } from '../../play/play.service';
import { presentEvent, type GameDto, type GameEventDto } from '../presenters';
import type { GqlContext } from './context';

/**
 * Complexity of the fields that load or replay a game and call its engine (an ordinary field
 * costs 1). They are also GAME_READ fields, of which an operation may run only a few (limits.ts).
 */
export const READ_COST = { view: 20, legalCommands: 50, stateAt: 50, eventsBase: 20, result: 5 } as const;

@Injectable()
export class GameReads {
  constructor(
    private readonly play: PlayService,
    private readonly callers: CallerService,
  ) {}

  async view(game: GameDto, ctx: GqlContext): Promise<unknown> {
    if (game.status === 'LOBBY') return null;
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    return ctx.gameRead(async () => {
      const { engine, state } = await this.play.load(game.id);
      return engine.view(state, viewer);
    });
  }

  async legalCommands(game: GameDto, ctx: GqlContext): Promise<unknown[]> {
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    if (viewer === 'spectator' || game.status !== 'ACTIVE') return [];
    return ctx.gameRead(async () => {
      const { engine, state } = await this.play.load(game.id);
      return engine.legalCommands(state, viewer);
    });
  }

  async stateAt(game: GameDto, ctx: GqlContext, version: number): Promise<unknown> {
    if (version < 0 || version > game.version) {
      throw new GameError('VALIDATION', `version must be 0-${game.version}`, { field: 'version' });
    }
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    const engine = this.play.engineFor(game.type);
    return ctx.gameRead(async () => {
      const state = await this.play.stateAt(engine, game.id, version);
      return state === null ? null : engine.view(state, viewer);
    });
  }

  /** Events after version `after` (at most `first`), redacted for the caller. */
  async events(game: GameDto, ctx: GqlContext, after: number, first: number): Promise<GameEventDto[]> {
    if (after < 0) throw new GameError('VALIDATION', 'after must be >= 0', { field: 'after' });
    if (first < 1 || first > 1000)
      throw new GameError('VALIDATION', 'first must be 1-1000', { field: 'first' });
    const viewer = this.callers.viewerFor(await ctx.caller(), game.id);
    const rows = await ctx.gameRead(() => this.play.eventsFor(game.id, viewer, after, first));
    return rows.map((r) => presentEvent(r.event, r.visible, game.type));
  }

  async result(game: GameDto): Promise<GameResult | null> {
    if (game.status !== 'FINISHED') return null;
    return (await this.play.getGame(game.id)).result as GameResult | null;
  }
}
