import { bangDiceEngine } from './bang-dice';
import type { BangState } from './bang-dice';
import { randomBot, type GameBot } from './bots';
import { levelAt, levelDifference, playGame, runTournament, wilson } from './tournament';

describe('wilson', () => {
  it('matches published 95% intervals', () => {
    const a = wilson(5, 10);
    expect(a.low).toBeCloseTo(0.2366, 4);
    expect(a.high).toBeCloseTo(0.7634, 4);
    const b = wilson(0, 10);
    expect(b.low).toBe(0);
    expect(b.high).toBeCloseTo(0.2775, 4);
    const c = wilson(10, 10);
    expect(c.low).toBeCloseTo(0.7225, 4);
    expect(c.high).toBeCloseTo(1, 9);
    const d = wilson(81, 263);
    expect(d.low).toBeCloseTo(0.2553, 4);
    expect(d.high).toBeCloseTo(0.3662, 4);
  });

  it('is the whole range without data and narrows with the sample size', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    const small = wilson(30, 100);
    const large = wilson(300, 1000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(small.low).toBeLessThan(0.3);
    expect(small.high).toBeGreaterThan(0.3);
  });
});

describe('playGame', () => {
  const bots = (n: number) => Array.from({ length: n }, () => randomBot);

  it('plays a Bang! game to its end; events replay to the final state; same seed, same game', () => {
    const a = playGame(bangDiceEngine, {}, bots(5), 'seed-1');
    expect(a.result.winners.length).toBeGreaterThan(0);
    expect(a.moves.length).toBeGreaterThan(5);
    const state = a.events.reduce<BangState | null>((s, e) => bangDiceEngine.evolve(s, e as never), null);
    expect(bangDiceEngine.result(state!)).toEqual(a.result);
    const b = playGame(bangDiceEngine, {}, bots(5), 'seed-1');
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    const c = playGame(bangDiceEngine, {}, bots(5), 'seed-2');
    expect(JSON.stringify(c.events)).not.toBe(JSON.stringify(a.events));
  });

  it('answers simultaneous prompts (character choice) and asks every bot with its own view only', () => {
    const seen: { seat: number; viewer: unknown; legal: number }[] = [];
    const spy: GameBot = {
      level: 'RANDOM',
      choose: (input) => {
        seen.push({
          seat: input.seat,
          viewer: (input.view as { viewer: unknown }).viewer,
          legal: input.legal.length,
        });
        return randomBot.choose(input);
      },
    };
    const game = playGame(bangDiceEngine, { characterChoice: true }, [spy, spy, spy, spy], 'choice');
    const choices = game.moves.filter((m) => m.command.type === 'CHOOSE_CHARACTER');
    expect(choices.map((m) => m.seat).sort()).toEqual([0, 1, 2, 3]);
    expect(seen.every((s) => s.viewer === s.seat && s.legal > 0)).toBe(true);
  });

  it('rejects invalid options and reports an illegal bot command', () => {
    expect(() => playGame(bangDiceEngine, { nonsense: 1 }, bots(4), 's')).toThrow(/invalid options/);
    const cheat: GameBot = { level: 'RANDOM', choose: () => ({ command: { type: 'KEEP_DICE' } }) };
    expect(() => playGame(bangDiceEngine, {}, [cheat, cheat, cheat, cheat], 's')).toThrow(/sent/);
  });
});

describe('runTournament', () => {
  it('rotates levels over seats', () => {
    const levels = ['A', 'B'];
    expect([0, 1, 2, 3].map((s) => levelAt(levels, s, 0))).toEqual(['A', 'B', 'A', 'B']);
    expect([0, 1, 2, 3].map((s) => levelAt(levels, s, 1))).toEqual(['B', 'A', 'B', 'A']);
  });

  it('counts every seat of every game once and gives Wilson intervals', () => {
    const report = runTournament({
      engine: bangDiceEngine,
      levels: ['RANDOM', 'OTHER'],
      seatsPerGame: 5,
      games: 6,
      seed: 't',
      bots: { RANDOM: randomBot, OTHER: { ...randomBot } },
    });
    expect(report.games).toBe(6);
    expect(report.levels.reduce((n, l) => n + l.seats, 0)).toBe(30);
    for (const l of report.levels) {
      expect(l.winRate).toBeCloseTo(l.wins / l.seats, 12);
      expect(l.ci).toEqual(wilson(l.wins, l.seats));
    }
    // Pairs of games share a deal seed with the levels shifted round the table.
    expect(report.log[0].seed).toBe(report.log[1].seed);
    expect(report.log[0].levels).toEqual(['RANDOM', 'OTHER', 'RANDOM', 'OTHER', 'RANDOM']);
    expect(report.log[1].levels).toEqual(['OTHER', 'RANDOM', 'OTHER', 'RANDOM', 'OTHER']);
    const wins = report.log.reduce((n, g) => n + g.winners.length, 0);
    expect(report.levels.reduce((n, l) => n + l.wins, 0)).toBe(wins);
  });

  it('measures the gap between two levels per deal, with a t interval over deals', () => {
    // Deal d1: A wins 2 of 2 seats then 1 of 2 (rate 3/4), B wins 0 of 2 then 1 of 2 (1/4): +0.5.
    // Deal d2: A 1/4, B 1/4: 0. Deal d3: A 2/4, B 0/4: +0.5. Mean 1/3, sd 0.2887, t(2) 4.303.
    const log = [
      { seed: 'd1', levels: ['A', 'B', 'A', 'B'], winners: [0, 2], reason: '' },
      { seed: 'd1', levels: ['B', 'A', 'B', 'A'], winners: [0, 1], reason: '' },
      { seed: 'd2', levels: ['A', 'B', 'A', 'B'], winners: [1], reason: '' },
      { seed: 'd2', levels: ['B', 'A', 'B', 'A'], winners: [1], reason: '' },
      { seed: 'd3', levels: ['A', 'B', 'A', 'B'], winners: [0], reason: '' },
      { seed: 'd3', levels: ['B', 'A', 'B', 'A'], winners: [3], reason: '' },
    ];
    const d = levelDifference(['A', 'B'], log)!;
    expect(d.levels).toEqual(['A', 'B']);
    expect(d.deals).toBe(3);
    expect(d.mean).toBeCloseTo(1 / 3, 12);
    const half = 4.303 * (Math.sqrt(1 / 12) / Math.sqrt(3));
    expect(d.ci.low).toBeCloseTo(1 / 3 - half, 9);
    expect(d.ci.high).toBeCloseTo(1 / 3 + half, 9);
    expect(levelDifference(['A'], log)).toBeNull();
    expect(levelDifference(['A', 'B', 'C'], log)).toBeNull();
  });

  it('refuses a level without a bot', () => {
    expect(() =>
      runTournament({
        engine: bangDiceEngine,
        levels: ['X'],
        seatsPerGame: 4,
        games: 1,
        seed: 's',
        bots: {},
      }),
    ).toThrow(/no bot/);
  });
});
