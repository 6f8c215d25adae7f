/**
 * Who plays a taken-over seat: the seat's chosen level, else the strongest its game offers
 * (STRONG: every game has one now, Coloma included), with the same per-move time budget as any server-played bot.
 * Issue #16 item 4.
 */
import { ALL_GAMES } from '../games';
import { isViolation, type AnyGameEngine } from '../games/engine';
import { rngFor } from '../games/random';
import { GameRegistry } from '../games/registry';
import type { GameRecord, SeatRecord } from '../play/game-records';
import type { LoadedGame, PlayService } from '../play/play.service';
import { botLevelFor, chooseServerMove } from './bot-turns';

const takenOver = (seat: number, botLevel: string | null = null): SeatRecord => ({
  seat,
  name: null,
  kind: 'HUMAN',
  botLevel,
  open: false,
  botTakeover: true,
  forfeited: false,
});

function started(engine: AnyGameEngine, seats: number): LoadedGame {
  const options = engine.parseOptions({}, seats);
  if (isViolation(options)) throw new Error(options.message);
  const state = engine
    .setup(options, seats, rngFor('takeover', 0))
    .reduce<unknown>((s, e) => engine.evolve(s, e), null);
  const record = {
    id: 'g',
    type: engine.type,
    seats: Array.from({ length: seats }, (_, i) => takenOver(i)),
  } as unknown as GameRecord;
  return { record, engine, state, seed: 'takeover', testOptions: null };
}

describe('takeover bot level', () => {
  const registry = new GameRegistry(ALL_GAMES);
  const play = { registry } as unknown as PlayService;

  it.each(ALL_GAMES.map((g) => g.engine.type))('%s: a taken-over seat is played by STRONG', (type) => {
    expect(registry.botLevels(type)).toContain('STRONG');
    expect(botLevelFor(takenOver(0), registry.botLevels(type))).toBe('STRONG');
    const engine = registry.get(type)!;
    const loaded = started(engine, Math.max(engine.seats.min, 3));
    const seat = [...new Set(engine.pending(loaded.state).map((p) => p.seat))][0];
    const move = chooseServerMove(play, loaded, seat, 'BOT', 'bot:g:1:0');
    expect(move?.note).toMatchObject({ botLevel: 'STRONG' });
    expect(engine.legalCommands(loaded.state, seat)).toContainEqual(move!.command);
  });

  it("keeps the seat's own level when it chose one (addBot with a level)", () => {
    expect(botLevelFor(takenOver(0, 'RANDOM'), ['RANDOM', 'HEURISTIC', 'STRONG'])).toBe('RANDOM');
    expect(botLevelFor(takenOver(0), ['RANDOM', 'HEURISTIC'])).toBe('HEURISTIC');
    expect(botLevelFor(takenOver(0), ['RANDOM'])).toBe('RANDOM');
  });
});
