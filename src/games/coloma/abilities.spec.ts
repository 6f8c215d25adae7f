/** Town Building abilities, the Barker and the supply limits (RB L280-L316, L433-L450; DATA). */
import { isViolation } from '../engine';
import type { BuildingId } from './data/buildings';
import { PLACEHOLDER_DATA } from './data/printed';
import { legalCommands, timeoutCommand } from './decide';
import { colomaEngine as engine } from './index';
import type { ColomaState } from './state';
import { act, attempt, dialAll, newGame, ofType, patch, skipOpening, untilTurn } from './testing';

const code = (r: unknown) => (isViolation(r) ? r.code : 'ACCEPTED');
const ability = (
  card: BuildingId,
  index: number,
  extra: Partial<{ gold: number; discard: BuildingId; event: number; from: number }> = {},
) =>
  ({
    type: 'ABILITY',
    card,
    index,
    gold: 0,
    discard: null,
    to: 'BOTTOM',
    event: null,
    land: null,
    from: null,
    ...extra,
  }) as const;

/** Seat 0 alone on `site` in Round `round` (others on two other Sites), with `tableau`. */
function at(
  site: number,
  tableau: BuildingId[],
  round = 1,
  f: (s: ColomaState) => void = () => {},
): ColomaState {
  let g = patch(skipOpening(newGame(3)), (x) => {
    x.round = round;
    const p = x.players[0];
    p.deck = p.deck.filter((c) => !tableau.includes(c));
    p.hand = p.hand.filter((c) => !tableau.includes(c));
    p.tableau = [...tableau];
    f(x);
  });
  const others = [1, 2, 3, 4, 5].filter((x) => x !== site);
  g = dialAll(g, [site, others[0], others[1]]).state;
  return untilTurn(g, 0);
}

describe('Town Building abilities', () => {
  test("Shovel abilities fire at Site 1 once each, with Sutter's Mill as the Site action", () => {
    const g = at(1, ['POKER_HALL', 'SALOON'], 2); // Round 2: the Barker is on Site 2, Site 1 is the Signpost's
    expect(code(attempt(g, 0, { type: 'SHOVEL' }))).toBe('ACCEPTED');
    const s = act(g, 0, ability('POKER_HALL', 0)).state;
    expect(s.players[0].bucks).toBe(g.players[0].bucks + 2);
    expect(code(attempt(s, 0, ability('POKER_HALL', 0)))).toBe('LIMIT');
    expect(code(attempt(g, 0, ability('POKER_HALL', 1)))).toBe('NOT_AVAILABLE'); // Site 1's own Boom lies under the Signpost
  });

  test('a building cannot fire in the turn it was built (RB L448)', () => {
    const g = at(3, [], 1, (x) => {
      const p = x.players[0];
      p.deck = p.deck.filter((c) => c !== 'ODD_FELLOWS_HALL');
      p.hand.push('ODD_FELLOWS_HALL');
      p.bucks = 10;
    });
    const built = act(g, 0, { type: 'BUILD', tool: 'HAMMER', card: 'ODD_FELLOWS_HALL', gold: 0 });
    expect(built.state.players[0].tableau).toEqual(['ODD_FELLOWS_HALL']);
    expect(ofType(built.events, 'PAID')[0].paid).toEqual({
      bucks: PLACEHOLDER_DATA.buildings.ODD_FELLOWS_HALL.hammer.bucks,
      dudes: 1,
    });
    expect(code(attempt(built.state, 0, ability('ODD_FELLOWS_HALL', 0, { discard: 'POKER_HALL' })))).toBe(
      'NOT_AVAILABLE',
    );
  });

  test('UNLIMITED: Odd Fellows Hall turns each discarded card into $2, the card back on the deck', () => {
    let g = at(3, ['ODD_FELLOWS_HALL']);
    const bucks = g.players[0].bucks;
    g = act(g, 0, ability('ODD_FELLOWS_HALL', 0, { discard: 'POKER_HALL' })).state;
    const { state, events } = act(g, 0, {
      ...ability('ODD_FELLOWS_HALL', 0, { discard: 'SALOON' }),
      to: 'TOP',
    });
    expect(state.players[0].bucks).toBe(bucks + 4);
    expect(state.players[0].deck[0]).toBe('SALOON');
    expect(state.players[0].deck[state.players[0].deck.length - 1]).toBe('POKER_HALL');
    expect(engine.redact(ofType(events, 'CARDS_RETURNED')[0], 1, g)).toMatchObject({
      cards: [],
      to: ['TOP'],
    });
  });

  test('D34: Horse Ranch on a Busting Site 4 buys one more Wagon action for $1', () => {
    let g = patch(skipOpening(newGame(3)), (x) => {
      const p = x.players[0];
      p.deck = p.deck.filter((c) => c !== 'HORSE_RANCH');
      p.tableau = ['HORSE_RANCH'];
    });
    g = untilTurn(dialAll(g, [4, 4, 1]).state, 0);
    expect(g.turn!.wagons).toBe(1);
    const s = act(g, 0, ability('HORSE_RANCH', 1)).state;
    expect(s.turn!.wagons).toBe(2);
    expect(s.players[0].bucks).toBe(g.players[0].bucks - 1);
  });

  test('Toll House places a Tent on a Land without the Wagon there (RULES.md §3.5)', () => {
    const g = at(4, ['TOLL_HOUSE'], 1, (x) => void (x.players[0].bucks = 3));
    const s = act(g, 0, { ...ability('TOLL_HOUSE', 0), land: 'LAND_3' }).state;
    expect(s.players[0].lands).toEqual(['LAND_3']);
    expect(code(attempt(g, 0, ability('TOLL_HOUSE', 0)))).toBe('ILLEGAL_TARGET');
  });
});

describe('the Barker (RB L280-L316)', () => {
  const g = at(1, [], 1, (x) => void (x.players[0].bucks = 10)); // Round 1: the Barker covers Site 1

  test('Common: buy Tents and Horses at the printed prices, within the limits', () => {
    const { state } = act(g, 0, { type: 'BUY', tents: 2, horses: 1, gold: 0 });
    expect(state.players[0]).toMatchObject({ tents: 3, horses: 2, bucks: 10 - 2 * 2 - 2 });
    expect(code(attempt(g, 0, { type: 'BUY', tents: 0, horses: 6, gold: 0 }))).toBe('LIMIT');
    expect(code(attempt(state, 0, { type: 'BUY', tents: 1, horses: 0, gold: 0 }))).toBe('LIMIT'); // Common used
  });

  test('Boom: a face-up Barrel adds the Outlaws under its space and the space is refilled from the stack', () => {
    const { state, events } = act(g, 0, { type: 'TAKE_BARREL', from: 4 });
    const taken = ofType(events, 'BARREL_TAKEN')[0];
    expect(taken).toMatchObject({
      from: 4,
      barrel: g.hideout[3],
      outlaws: PLACEHOLDER_DATA.shootout.hideout[4],
    });
    expect(state.outlaws).toBe(g.outlaws + PLACEHOLDER_DATA.shootout.hideout[4]);
    expect(state.hideout[3]).toBe(taken.refill);
    expect(state.players[0].barrels).toEqual([{ id: taken.barrel, used: false }]);
    const used = act(state, 0, { type: 'USE_BARREL', index: 0 }).state;
    expect(used.players[0].barrels[0].used).toBe(true);
    expect(code(attempt(used, 0, { type: 'USE_BARREL', index: 0 }))).toBe('ILLEGAL_TARGET');
  });
});

describe('prompts, legal commands and timeouts (RULES.md D30)', () => {
  test('every listed command is accepted; the timeout is a legal command', () => {
    const g = at(2, [], 1, (x) => Object.assign(x.players[0], { bucks: 5, rivers: 1 }));
    const legal = legalCommands(g, 0);
    expect(legal.length).toBeGreaterThan(3);
    for (const c of legal) expect(code(attempt(g, 0, c))).toBe('ACCEPTED');
    expect(legal).toContainEqual(timeoutCommand(g, 0));
    expect(legalCommands(g, 1)).toEqual([]);
    expect(timeoutCommand(g, 1)).toBeNull();
    const opening = newGame(3);
    expect(legalCommands(opening, 2)).toContainEqual(timeoutCommand(opening, 2));
    expect(engine.pending(opening).map((p) => p.kind)).toEqual([
      'OPENING_DISCARD',
      'OPENING_DISCARD',
      'OPENING_DISCARD',
    ]);
  });

  test("D16: another seat's opening hand is hidden in views and events", () => {
    const g = newGame(3);
    expect(engine.view(g, 1).players[0].hand).toBeNull();
    expect(engine.view(g, 0).players[0].hand).toHaveLength(6);
    expect(engine.view(g, 'spectator').players.every((p) => p.hand === null)).toBe(true);
  });
});
