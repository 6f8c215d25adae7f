/** The Specialized Pioneer module (RULES.md §5.4, D24-D27; abilities from the shared card data). */
import { isViolation } from '../engine';
import type { PioneerId } from './data/pioneers';
import { PLACEHOLDER_DATA } from './data/printed';
import type { ColomaState } from './state';
import { act, attempt, dialAll, endTurns, newGame, ofType, patch, skipOpening, untilTurn } from './testing';

const code = (r: unknown) => (isViolation(r) ? r.code : 'ACCEPTED');
const game = (pioneers: PioneerId[]) =>
  skipOpening(newGame(3, { modules: ['SPECIALIZED_PIONEERS'], pioneers }));

function seat0At(site: number, pioneer: PioneerId, f: (s: ColomaState) => void = () => {}): ColomaState {
  const others: PioneerId[] = (
    ['RENEGADE', 'RANGE_RIDER', 'MAVERICK', 'VIGILANTE', 'ROBBER'] as PioneerId[]
  ).filter((p) => p !== pioneer);
  const g = patch(game([pioneer, others[0], others[1]]), f);
  const rest = [1, 2, 3, 4, 5].filter((x) => x !== site);
  return untilTurn(dialAll(g, [site, rest[0], rest[1]]).state, 0);
}

describe('Specialized Pioneers', () => {
  test('D27: dealt by a seeded draw unless given; none without the module', () => {
    expect(
      skipOpening(newGame(3, { modules: ['SPECIALIZED_PIONEERS'] })).players.map((p) => p.pioneer),
    ).toEqual(['ROBBER', 'HOMESTEADER', 'RENEGADE']);
    expect(skipOpening(newGame(3)).players.map((p) => p.pioneer)).toEqual([null, null, null]);
  });

  test('D25: Robber: a Wagon action, without moving, for 3 Gold from the Mine Cart', () => {
    const g = seat0At(4, 'ROBBER', (x) => Object.assign(x, { mineCart: 4 }));
    const { state } = act(g, 0, { type: 'ROB' });
    expect(state.players[0].gold).toBe(g.players[0].gold + 3);
    expect([state.mineCart, state.turn!.wagons, state.players[0].wagon]).toEqual([1, 1, 'COLOMA']);
  });

  test('D24: Homesteader: a Tent builds a card from hand at its Saw cost, on any Site, once a turn', () => {
    const g = seat0At(1, 'HOMESTEADER');
    const { state, events } = act(g, 0, { type: 'HOMESTEAD', card: 'POKER_HALL' });
    expect(ofType(events, 'PAID')[0].paid).toEqual({
      ...PLACEHOLDER_DATA.buildings.POKER_HALL.saw,
      tents: 1,
    });
    expect(state.players[0].tableau).toEqual(['POKER_HALL']);
    expect(code(attempt(state, 0, { type: 'HOMESTEAD', card: 'SALOON' }))).toBe('LIMIT');
  });

  test('D26: Range Rider: each vacant Horseshoe moved over draws 1 card', () => {
    const g = seat0At(4, 'RANGE_RIDER', (x) => void (x.players[0].horses = 3));
    const { events } = act(g, 0, { type: 'WAGON', path: ['S1', 'H1', 'HANGTOWN'], stopBenefit: false });
    expect(ofType(events, 'CARDS_DRAWN')).toEqual([expect.objectContaining({ seat: 0, count: 1 })]);
  });

  test('Maverick: discard a card for 1 Buck or 1 Dude', () => {
    const g = seat0At(2, 'MAVERICK');
    const { state } = act(g, 0, { type: 'MAVERICK', discard: 'SALOON', to: 'TOP', gain: 'DUDES' });
    expect(state.players[0].dudes).toBe(g.players[0].dudes + 1);
    expect(state.players[0].deck[0]).toBe('SALOON');
    expect(
      code(attempt(state, 0, { type: 'MAVERICK', discard: 'POKER_HALL', to: 'TOP', gain: 'BUCKS' })),
    ).toBe('LIMIT');
  });

  test('Vigilante: a used Barrel places a row of Gunmen away from Site 5', () => {
    const g = seat0At(2, 'VIGILANTE', (x) => void (x.players[0].barrels = [{ id: 'BUCKS', used: true }]));
    const { state } = act(g, 0, { type: 'VIGILANTE', row: 1 });
    expect(state.rows[1]).toBe(0);
    expect(state.players[0].barrels).toEqual([]);
    expect(state.barrelDiscard).toEqual({ BUCKS: 1 });
  });

  test('Renegade: 3 cards for each Dude added to the Graveyard', () => {
    let g = patch(game(['RENEGADE', 'ROBBER', 'MAVERICK']), (x) => Object.assign(x, { round: 5 }));
    const out = endTurns(dialAll(g, [1, 2, 3]).state);
    g = out.state;
    const drawn = ofType(out.events, 'CARDS_DRAWN').filter((e) => e.seat === 0);
    const buried = ofType(out.events, 'DUDES_BURIED').find((e) => e.seat === 0)!;
    expect(drawn[0].count + drawn[0].missing).toBe(3 * (buried.fromSupply + buried.fromLodge));
  });
});
