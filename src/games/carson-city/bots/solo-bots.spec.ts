/** Bots playing the player's seat of a solo game against Jeb Standish (§11). */
import { isViolation } from '../../engine';
import { createRng, rngFor } from '../../random';
import { playGame } from '../../tournament';
import { carsonCityEngine as E } from '../index';
import type { CarsonState } from '../state';
import { determinize } from './determinize';
import { carsonHeuristicBot } from './heuristic';
import { carsonStrongBot } from './strong';

describe('Carson City bots in the solo mode (§11)', () => {
  it('determinize rebuilds solo states: same view, same legal commands, same agenda when exact', () => {
    let exact = 0;
    let checked = 0;
    // Games 4-7: A New Beginning (§11.1), alone, with the river, with Might is Right, with both.
    const modulesOf = (g: number) =>
      g < 4
        ? g % 2 === 1
          ? ['CARSON_RIVER']
          : g === 2
            ? ['MIGHT_IS_RIGHT']
            : []
        : [
            ['A_NEW_BEGINNING'],
            ['A_NEW_BEGINNING', 'CARSON_RIVER'],
            ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'],
            ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT'],
          ][g - 4];
    const strategies = ['RANCHER', 'MINER', 'FORCE', 'URBAN', 'URBAN', 'FORCE', 'MINER', 'RANCHER'] as const;
    for (const [g, strategy] of strategies.entries()) {
      const opts = E.parseOptions({ solo: { strategy }, modules: modulesOf(g) }, 1);
      if (isViolation(opts)) throw new Error(opts.message);
      let s: CarsonState | null = null;
      for (const e of E.setup(opts, 1, rngFor(`solo-det${g}`, 0))) s = E.evolve(s, e);
      const rng = createRng(`solo-det-play${g}`);
      for (let v = 1; s && !E.result(s); v++) {
        const seat = E.pending(s)[0].seat;
        expect(seat).toBe(0);
        const legal = E.legalCommands(s, seat);
        const kind = s.flow.prompt?.kind;
        if (v % 7 === 0 || kind === 'FILL_SHEET' || kind === 'CHOOSE_DUEL_DIE' || kind === 'GREAT_SERVICE') {
          const view = E.view(s, seat);
          expect(view.solo).not.toBeNull();
          const d = determinize(view, seat, legal);
          expect(E.view(d.state, seat)).toEqual(view);
          expect(E.legalCommands(d.state, seat)).toEqual(legal);
          checked++;
          if (d.exact) {
            exact++;
            expect(d.state.flow.tasks).toEqual(s.flow.tasks);
          }
        }
        const events = E.decide(
          s,
          seat,
          rng.pick(legal.filter((c) => c.type !== 'PLACE_ROAD')),
          rngFor(`solo-det${g}`, v),
        );
        if (isViolation(events)) throw new Error(events.message);
        for (const e of events) s = E.evolve(s, e);
      }
    }
    expect(exact).toBeGreaterThan(checked * 0.9);
  });

  it('an all-HEURISTIC solo game finishes, for every strategy, with a valid result', () => {
    for (const strategy of ['RANCHER', 'MINER', 'FORCE', 'URBAN']) {
      const played = playGame(E, { solo: { strategy } }, [carsonHeuristicBot], `solo-h-${strategy}`);
      expect(played.result.seats).toHaveLength(1);
      expect(played.result.winners.length).toBeLessThanOrEqual(1);
      expect(played.moves.every((m) => m.seat === 0 && (m.explanation ?? '').length > 0)).toBe(true);
    }
  });

  it('an all-HEURISTIC solo game with Might is Right and the river finishes (tile duels against Standish)', () => {
    const played = playGame(
      E,
      { solo: { strategy: 'FORCE' }, modules: ['CARSON_RIVER', 'MIGHT_IS_RIGHT'] },
      [carsonHeuristicBot],
      'solo-h-mir',
    );
    expect(played.result.seats).toHaveLength(1);
  });

  it('all-HEURISTIC solo games with A New Beginning finish (the sheet; with Might is Right too)', () => {
    for (const [modules, strategy] of [
      [['A_NEW_BEGINNING'], 'FORCE'],
      [['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'], 'URBAN'],
    ] as const) {
      const played = playGame(
        E,
        { solo: { strategy }, modules },
        [carsonHeuristicBot],
        `solo-h-anb-${strategy}`,
      );
      expect(played.result.seats).toHaveLength(1);
      const revealed = played.events.find((e) => e.type === 'SHEETS_REVEALED');
      expect(revealed).toBeDefined();
      expect(played.moves.every((m) => m.seat === 0 && (m.explanation ?? '').length > 0)).toBe(true);
    }
  });

  it('STRONG (small budget) plays a solo A New Beginning game to the end', () => {
    const played = playGame(
      E,
      { solo: { strategy: 'MINER' }, modules: ['A_NEW_BEGINNING'] },
      [carsonStrongBot],
      'solo-strong-anb',
      {
        budget: { playouts: 2 },
      },
    );
    expect(played.result.seats).toHaveLength(1);
  });

  it('STRONG (small budget) plays a solo game with the river to the end', () => {
    const played = playGame(
      E,
      { solo: { strategy: 'URBAN' }, modules: ['CARSON_RIVER'] },
      [carsonStrongBot],
      'solo-strong',
      {
        budget: { playouts: 2 },
      },
    );
    expect(played.result.seats).toHaveLength(1);
  });
});
