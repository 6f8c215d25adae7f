/**
 * Solo mode (§11): the rule arithmetic of Jeb Standish (solo.ts) and the option checks, the
 * configurable solo data (§13 #36) among them.
 */
import { isViolation } from '../../../engine';
import { BUILDINGS } from '../../data/buildings';
import { carsonCityEngine as engine } from '../../index';
import {
  cardEndOfRoundVp,
  CARD_E_FALLBACK_VP,
  conversionRate,
  PLACEHOLDER_SOLO_DATA,
  playerBeatsStandish,
  SOLO_FORBIDDEN_MODULES,
  SOLO_PERSONALITY_POOL,
  SOLO_REMOVED_BUILDINGS,
  soloWinner,
  standishAvoidsPlayerParcels,
  standishCardCount,
  standishFinalScore,
  standishIncomeVp,
  standishStrength,
  STRATEGIES,
  STRATEGY_DEFS,
  strategyBonus,
} from './solo';

describe('§11.1 setup data', () => {
  test('strategies: suit, difficulty and solo personality', () => {
    expect(
      STRATEGIES.map((s) => [
        STRATEGY_DEFS[s].suit,
        STRATEGY_DEFS[s].difficulty,
        STRATEGY_DEFS[s].personality,
      ]),
    ).toEqual([
      ['HEARTS', 'ALMOST_EASY', 'DOCTOR'],
      ['CLUBS', 'MEDIUM', 'GOVERNOR'],
      ['SPADES', 'HARD', 'SHERIFF'],
      ['DIAMONDS', 'EXPERT', 'LAWYER'],
    ]);
  });
  test('the 11-personality pool and the 4 buildings taken out of the bag', () => {
    expect([...SOLO_PERSONALITY_POOL].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16]);
    expect([...SOLO_REMOVED_BUILDINGS].sort()).toEqual(['CHURCH', 'SCHOOL', 'TOWN_HALL', 'TRAIN_STATION']);
  });
  test('each deck holds 12 cards; G only with Urban and Miner (§13 #36); priority lists use bag buildings only', () => {
    for (const s of STRATEGIES) {
      expect(PLACEHOLDER_SOLO_DATA.decks[s]).toHaveLength(12);
      expect(PLACEHOLDER_SOLO_DATA.decks[s].includes('G')).toBe(s === 'URBAN' || s === 'MINER');
      for (const b of PLACEHOLDER_SOLO_DATA.priorities[s]) {
        expect(BUILDINGS[b]).toBeDefined();
        expect(SOLO_REMOVED_BUILDINGS).not.toContain(b);
      }
    }
  });
});

describe('§11.3 Phase 2', () => {
  test('Standish plays 3, 4, 5, 5 cards', () => {
    expect([1, 2, 3, 4].map(standishCardCount)).toEqual([3, 4, 5, 5]);
  });
  test("he avoids the player's parcels only while strictly weaker than the player's firepower", () => {
    expect(standishAvoidsPlayerParcels(3, 4)).toBe(true);
    expect(standishAvoidsPlayerParcels(4, 4)).toBe(false);
    expect(standishAvoidsPlayerParcels(5, 4)).toBe(false);
  });
});

describe('§11.6 duels against Standish', () => {
  test('strength = revealed cards + personality card bonus per defeated cowboy', () => {
    const cards = ['A', 'D'] as const; // default powers 2 + 1
    const base = PLACEHOLDER_SOLO_DATA.cardPowers.A + PLACEHOLDER_SOLO_DATA.cardPowers.D;
    expect(standishStrength(cards, 0, 'DOCTOR')).toBe(base);
    expect(standishStrength(cards, 2, 'DOCTOR')).toBe(base + 2);
    expect(standishStrength(cards, 2, 'GOVERNOR')).toBe(base);
    expect(standishStrength(cards, 2, 'SHERIFF')).toBe(base + 4);
    expect(standishStrength(cards, 2, 'LAWYER')).toBe(base + 2);
  });
  test('Standish wins ties', () => {
    expect(playerBeatsStandish(7, 7)).toBe(false);
    expect(playerBeatsStandish(8, 7)).toBe(true);
  });
});

describe('§11.7 income and §11.8 end of round / game', () => {
  test('conversion $2/$3/$4/$5 per VP by round, rounded down, never negative', () => {
    expect([1, 2, 3, 4].map(conversionRate)).toEqual([2, 3, 4, 5]);
    expect([1, 2, 3, 4].map((r) => standishIncomeVp(r, 19))).toEqual([9, 6, 4, 3]);
    expect(standishIncomeVp(4, 0)).toBe(0);
  });
  test('Governor +1 VP per cowboy; Lawyer 1/2/4/6/10; Doctor and Sheriff none', () => {
    expect([0, 1, 2, 3].map((n) => cardEndOfRoundVp('GOVERNOR', n))).toEqual([0, 1, 2, 3]);
    expect([0, 1, 2, 3, 4, 5, 8].map((n) => cardEndOfRoundVp('LAWYER', n))).toEqual([0, 1, 2, 4, 6, 10, 10]);
    expect(cardEndOfRoundVp('DOCTOR', 3)).toBe(0);
    expect(cardEndOfRoundVp('SHERIFF', 3)).toBe(0);
  });
  test('card E fallback is 2 VP', () => expect(CARD_E_FALLBACK_VP).toBe(2));
  test('final score and strategy bonus; the player must score strictly more to win', () => {
    expect(standishFinalScore(33, 6, strategyBonus('URBAN', ['SALOON', 'GROCERY', 'BANK']))).toBe(50);
    expect(strategyBonus('MINER', [])).toBe(0);
    expect(soloWinner(51, 50)).toBe('PLAYER');
    expect(soloWinner(50, 50)).toBe('STANDISH');
  });
});

describe('solo options (§11.1 compatibility)', () => {
  const message = (raw: unknown, seats: number) => {
    const r = engine.parseOptions(raw, seats);
    expect(isViolation(r) && r.code).toBe('INVALID_OPTIONS');
    return isViolation(r) ? r.message : '';
  };
  test('1 seat needs solo; solo needs 1 seat; strategy checked; no personality choice', () => {
    expect(message({}, 1)).toMatch(/solo mode/);
    expect(message({ solo: { strategy: 'URBAN' } }, 2)).toMatch(/exactly 1 seat/);
    expect(message({ solo: { strategy: 'EASY' } }, 1)).toMatch(/strategy/);
    expect(message({ solo: { strategy: 'URBAN', extra: 1 } }, 1)).toMatch(/solo is/);
    expect(message({ solo: { strategy: 'URBAN' }, personalitySet: 'RANDOM' }, 1)).toMatch(/pool of 11/);
    expect(message({}, 0)).toMatch(/2 to 6/);
  });
  test.each(SOLO_FORBIDDEN_MODULES.map((m) => [m]))('%s is not available in solo', (m) => {
    expect(message({ solo: { strategy: 'MINER' }, modules: [m] }, 1)).toMatch(
      /not available in the solo mode/,
    );
  });
  test('accepted: no module, the Carson River, Might is Right, A New Beginning (§11.1); parsed options parse again', () => {
    for (const modules of [
      [],
      ['CARSON_RIVER'],
      ['MIGHT_IS_RIGHT'],
      ['CARSON_RIVER', 'MIGHT_IS_RIGHT'],
      ['A_NEW_BEGINNING'],
      ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT'],
    ]) {
      const o = engine.parseOptions({ solo: { strategy: 'FORCE' }, modules }, 1);
      expect(isViolation(o)).toBe(false);
      expect(o).toMatchObject({ solo: { strategy: 'FORCE' }, personalitySet: 'RANDOM' });
      const { personalitySet: _p, tiles: _t, ...again } = o as unknown as Record<string, unknown>;
      expect(engine.parseOptions(again, 1)).toEqual(o);
    }
    expect(engine.seats).toEqual({ min: 1, max: 6 });
    expect(isViolation(engine.parseOptions({ solo: null }, 2))).toBe(false);
  });
  test('solo data (§13 #36): checked, never thrown', () => {
    const m = (extra: Record<string, unknown>) => message({ solo: { strategy: 'URBAN', ...extra } }, 1);
    const powers = { A: 2, B: 2, C: 2, D: 1, E: 1, F: 1, G: 1, H: 1, I: 2, X: 2 };
    expect(m({ cardPowers: { ...powers, Z: 1 } })).toMatch(/unknown card Z/);
    expect(m({ cardPowers: { ...powers, A: -1 } })).toMatch(/cardPowers\.A is an integer 0\.\.20/);
    expect(m({ cardPowers: { A: 3 } })).toMatch(/cardPowers\.B .*every card/);
    expect(m({ cardPowers: [1, 2] })).toMatch(/cardPowers is an object/);
    expect(m({ decks: { URBAN: ['A', 'B'] } })).toMatch(/decks\.URBAN is a list of 12 cards/);
    expect(m({ decks: { URBAN: [...Array(11).fill('A'), 'Q'] } })).toMatch(/unknown card Q/);
    expect(m({ decks: { EASY: Array(12).fill('A') } })).toMatch(/unknown strategy EASY/);
    expect(m({ priorities: { URBAN: ['SALOON', 'CASINO'] } })).toMatch(/unknown building CASINO/);
    expect(m({ priorities: { URBAN: ['CHURCH'] } })).toMatch(/unknown building CHURCH in solo/);
    expect(m({ priorities: { URBAN: ['BANK', 'BANK'] } })).toMatch(/twice/);
    expect(m({ priorities: { URBAN: [] } })).toMatch(/non-empty/);
    expect(m({ endBonuses: { URBAN: [{ buildings: ['BANK'], vp: -5 }] } })).toMatch(
      /endBonuses\.URBAN is a list/,
    );
    expect(m({ endBonuses: { URBAN: [{ buildings: ['PIER'], vp: 5 }] } })).toMatch(/unknown building PIER/);
    expect(m({ endBonuses: { URBAN: [{ buildings: [], vp: 5 }] } })).toMatch(/endBonuses\.URBAN is a list/);
    expect(m({ endBonuses: { MINOR: [] } })).toMatch(/unknown strategy MINOR/);
    expect(m({ dataSource: 'CONFIGURED' })).toMatch(/dataSource is derived/);
    expect(m({ placeholders: [] })).toMatch(/placeholders is derived/);
    for (const bad of [null, 'x', 3, [null], [{ buildings: null }]]) {
      expect(() =>
        engine.parseOptions({ solo: { strategy: 'URBAN', endBonuses: { URBAN: bad } } }, 1),
      ).not.toThrow();
      expect(m({ endBonuses: { URBAN: bad } })).toMatch(/endBonuses/);
    }
  });
  test('solo data: defaults are the placeholders, flagged; configured data kept; parsed options parse again', () => {
    const def = engine.parseOptions({ solo: { strategy: 'RANCHER' } }, 1) as unknown as Record<
      string,
      unknown
    >;
    expect(def.solo).toEqual({
      strategy: 'RANCHER',
      ...PLACEHOLDER_SOLO_DATA,
      dataSource: 'PLACEHOLDER',
      placeholders: ['cardPowers', 'decks', 'priorities', 'endBonuses'],
    });
    const solo = {
      strategy: 'RANCHER',
      cardPowers: { A: 3, B: 3, C: 3, D: 2, E: 2, F: 2, G: 2, H: 2, I: 3, X: 3 },
      decks: { RANCHER: ['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'E', 'F', 'I', 'X'] },
      priorities: { RANCHER: ['RANCH', 'HOTEL'] },
      endBonuses: { RANCHER: [{ buildings: ['RANCH', 'RANCH'], vp: 4 }], URBAN: [] },
    };
    const o = engine.parseOptions({ solo }, 1) as unknown as Record<string, unknown>;
    expect(isViolation(o)).toBe(false);
    expect(o.solo).toMatchObject({
      ...solo,
      decks: { ...PLACEHOLDER_SOLO_DATA.decks, RANCHER: solo.decks.RANCHER },
      dataSource: 'CONFIGURED',
      placeholders: [],
    });
    const partial = engine.parseOptions({ solo: { strategy: 'MINER', cardPowers: solo.cardPowers } }, 1);
    expect(partial).toMatchObject({
      solo: { dataSource: 'PARTIAL', placeholders: ['decks', 'priorities', 'endBonuses'] },
    });
    for (const parsed of [def, o, partial as unknown as Record<string, unknown>]) {
      const { personalitySet: _p, tiles: _t, ...again } = parsed;
      expect(engine.parseOptions(again, 1)).toEqual(parsed);
      expect(engine.parseOptions(JSON.parse(JSON.stringify(again)), 1)).toEqual(parsed);
    }
  });
});
