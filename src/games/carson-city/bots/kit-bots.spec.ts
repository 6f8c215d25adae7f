/**
 * Bots with Kit Carson (§10.4): they place sensibly and always lock, so games finish, whichever
 * simultaneously prompted seat is asked first; they decide from the view (determinize keeps the
 * module and the simultaneous prompt).
 */
import { isViolation } from '../../engine';
import { createRng, rngFor } from '../../random';
import { playGame } from '../../tournament';
import { carsonCityEngine as E } from '../index';
import type { CarsonState } from '../state';
import { determinize } from './determinize';
import { carsonHeuristicBot } from './heuristic';
import { carsonStrongBot } from './strong';

const KIT = { modules: ['KIT_CARSON'], personalitySet: 'RANDOM' };

describe('Carson City bots with Kit Carson', () => {
  it('an all-HEURISTIC 4-player Kit Carson game finishes, with the end bonus scored', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, KIT, bots, 'kit-heuristic');
    expect(played.result.winners).toHaveLength(1);
    const bonus = played.result.seats.map((x) => (x.detail as { kitCarson: number }).kitCarson).sort();
    expect(bonus).toEqual([0, 1, 2, 3]);
    const kinds = played.moves.map((m) => m.command.type);
    expect(kinds).toContain('LOCK');
    expect(kinds).not.toContain('RELOCATE_COWBOY');
    expect(played.moves.every((m) => (m.explanation ?? '').length > 0)).toBe(true);
  });

  it('HEURISTIC seats asked in a random interleaving (any prompted seat first) finish the game', () => {
    const opts = E.parseOptions({ ...KIT, modules: ['KIT_CARSON', 'CARSON_RIVER'] }, 4);
    if (isViolation(opts)) throw new Error(opts.message);
    let s: CarsonState | null = null;
    for (const e of E.setup(opts, 4, rngFor('kit-inter', 0))) s = E.evolve(s, e);
    const pick = createRng('kit-inter-seat');
    let moves = 0;
    while (!E.result(s!)) {
      const prompts = E.pending(s!);
      const seat = prompts[pick.int(0, prompts.length - 1)].seat;
      const legal = E.legalCommands(s!, seat);
      const view = E.view(s!, seat);
      if (prompts.length > 1 && moves % 7 === 0) {
        // Determinize rebuilds the simultaneous prompt for any prompted seat.
        const d = determinize(view, seat, legal);
        expect(E.view(d.state, seat)).toEqual(view);
        expect(E.legalCommands(d.state, seat)).toEqual(legal);
      }
      const d = carsonHeuristicBot.choose({ seat, view, legal, rng: createRng(`kh${moves}`) });
      const events = E.decide(s!, seat, d.command, rngFor('kit-inter', ++moves));
      if (isViolation(events)) throw new Error(`${events.code} ${JSON.stringify(d.command)}`);
      for (const e of events) s = E.evolve(s, e);
      expect(moves).toBeLessThan(5000);
    }
    expect(E.result(s!)!.winners).toHaveLength(1);
  });

  it('an all-HEURISTIC game with all six modules (A New Beginning, river, Might is Right, Kit Carson, Outlaws, Horses) finishes', () => {
    const bots = [carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot, carsonHeuristicBot];
    const modules = ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT', 'KIT_CARSON', 'OUTLAWS', 'HORSES'];
    const played = playGame(E, { ...KIT, modules }, bots, 'kit-all');
    expect(played.result.winners).toHaveLength(1);
    expect(played.moves.some((m) => m.command.type === 'LOCK')).toBe(true);
  });

  it('STRONG finishes a Kit Carson game (small budget) with HEURISTIC opponents', () => {
    const bots = [carsonStrongBot, carsonHeuristicBot, carsonHeuristicBot];
    const played = playGame(E, KIT, bots, 'kit-strong', { budget: { playouts: 2 } });
    expect(played.result.winners).toHaveLength(1);
    expect(played.moves.filter((m) => m.seat === 0).some((m) => m.command.type === 'LOCK')).toBe(true);
  });
});
