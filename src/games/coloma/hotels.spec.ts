/** The Hotel building module (RB L614-L632). */
import { isViolation } from '../engine';
import { PLACEHOLDER_DATA } from './data/printed';
import { scoreOf } from './rules';
import type { ColomaState } from './state';
import { act, attempt, dialAll, endTurns, newGame, ofType, patch, skipOpening, untilTurn } from './testing';

const code = (r: unknown) => (isViolation(r) ? r.code : 'ACCEPTED');

function at(site: number, f: (s: ColomaState) => void = () => {}, modules = ['HOTELS']): ColomaState {
  const g = patch(skipOpening(newGame(3, { modules })), f);
  const others = [1, 2, 3, 4, 5].filter((x) => x !== site);
  return untilTurn(dialAll(g, [site, others[0], others[1]]).state, 0);
}

describe('Hotel building module', () => {
  test('D35: setup: 2 Hotels per player, face up (RB L620); none without the module', () => {
    expect(newGame(3, { modules: ['HOTELS'] }).hotelStack).toHaveLength(6);
    expect(newGame(3).hotelStack).toEqual([]);
    expect(
      code(
        attempt(
          at(3, () => {}, []),
          0,
          { type: 'BUILD_HOTEL', tool: 'HAMMER', gold: 0 },
        ),
      ),
    ).toBe('NOT_AVAILABLE');
  });

  test('Site 3 Hammer builds the top Hotel instead of a Town Building (RB L623-L625)', () => {
    const g = at(3, (x) => void (x.players[0].bucks = 6));
    const { state, events } = act(g, 0, { type: 'BUILD_HOTEL', tool: 'HAMMER', gold: 0 });
    expect(ofType(events, 'PAID')[0].paid).toEqual(PLACEHOLDER_DATA.hotels[0].hammer);
    expect(state.players[0].hotels).toEqual([g.hotelStack[0]]);
    expect(state.hotelStack).toHaveLength(5);
    expect(code(attempt(state, 0, { type: 'BUILD', tool: 'HAMMER', card: 'POKER_HALL', gold: 0 }))).toBe(
      'LIMIT',
    );
  });

  test('Site 5: Dudes into empty rooms, 2 VP each, 2 per Hotel; the rooms empty at Clean Up; 8 VP per Hotel at the end', () => {
    let g = at(5, (x) => {
      x.players[0].hotels = [0];
      x.hotelStack = x.hotelStack.slice(1);
    });
    expect(code(attempt(g, 0, { type: 'HOTEL_GUESTS', dudes: 3 }))).toBe('LIMIT');
    g = act(g, 0, { type: 'HOTEL_GUESTS', dudes: 2 }).state;
    expect(g.players[0]).toMatchObject({ guests: 2, vp: 4, dudes: 2 });
    expect(scoreOf(g, g.players[0]).parts.hotels).toBe(8);
    g = endTurns(patch(g, (x) => void (x.round = 5))).state; // play on to the end of 1848
    expect(g.year).toBe(2);
    expect(g.players[0].guests).toBe(0);
  });
});
