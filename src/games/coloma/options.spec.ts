import { isViolation } from '../engine';
import { BUILDING_IDS } from './data/buildings';
import { PLACEHOLDER_DATA, PRINTED_SETS } from './data/printed';
import { parseOptions, type ColomaOptions } from './options';

function ok(raw: unknown, seats = 3): ColomaOptions {
  const o = parseOptions(raw, seats);
  if (isViolation(o)) throw new Error(o.message);
  return o;
}

describe('Coloma options: printed data is PLACEHOLDER until supplied (RULES.md §7)', () => {
  test('no printed data: every set is a placeholder', () => {
    const o = ok({});
    expect(o.dataSource).toBe('PLACEHOLDER');
    expect(o.placeholders).toEqual(PRINTED_SETS);
  });

  test('one valid set makes the game PARTIAL and is kept; parsed options parse again', () => {
    const o = ok({ printed: { barkerPrices: { tent: 3, horse: 4 } } });
    expect(o).toMatchObject({ dataSource: 'PARTIAL', printed: { barkerPrices: { tent: 3, horse: 4 } } });
    expect(o.placeholders).not.toContain('barkerPrices');
    expect(ok(JSON.parse(JSON.stringify(o)))).toEqual(o);
  });

  test('every set given: CONFIGURED', () => {
    const o = ok({ printed: PLACEHOLDER_DATA });
    expect(o.dataSource).toBe('CONFIGURED');
    expect(o.placeholders).toEqual([]);
  });

  test.each([
    [
      { printed: { frontierMap: { ...PLACEHOLDER_DATA.frontierMap, chart: [0, 3, 6, 10, 15, 21] } } },
      /3 → 12 and 5 → 25/,
    ],
    [{ printed: { shootout: { ...PLACEHOLDER_DATA.shootout, yearOutlaws: [3, 4, 5] } } }, /starting with 2/],
    [{ printed: { shootout: { ...PLACEHOLDER_DATA.shootout, rows: [1, 2, 4] } } }, /third holding 3/],
    [{ printed: { barrels: [{ id: 'X', count: 29, use: {} }] } }, /add up to 30/],
    [{ printed: { buildings: { POKER_HALL: PLACEHOLDER_DATA.buildings.POKER_HALL } } }, /all 16/],
    [{ printed: { nope: {} } }, /unknown printed set/],
    [{ dataSource: 'CONFIGURED' }, /derived/],
    [{ sheriff: 3 }, /sheriff/],
    [{ pioneers: ['ROBBER', 'ROBBER', 'MAVERICK'], modules: ['SPECIALIZED_PIONEERS'] }, /different/],
    [{ pioneers: ['ROBBER', 'RENEGADE', 'MAVERICK'] }, /only with/],
    [{ modules: ['MULE_DUEL'] }, /2-player/],
    [{ modules: ['HOTELS', 'HOTELS'] }, /twice/],
    [{ decks: [BUILDING_IDS, BUILDING_IDS] }, /decks/],
  ])('rejects invalid printed data or options, case %#', (raw, message) => {
    const o = parseOptions(raw, 3);
    expect(isViolation(o) && o.message).toMatch(message);
  });

  test('2 to 6 players', () => {
    expect(isViolation(parseOptions({}, 1))).toBe(true);
    expect(isViolation(parseOptions({}, 7))).toBe(true);
    expect(isViolation(parseOptions({}, 6))).toBe(false);
  });
});
