/** The Shootout, Clean Up and the 2-player Buster rules (RB L260-L271, L565-L588; RULES.md D20-D23). */
import { PLACEHOLDER_DATA } from './data/printed';
import type { ColomaState, RowHolder } from './state';
import { dialAll, endTurns, newGame, ofType, patch, skipOpening } from './testing';

/** Round 5 of 1848 with the given Shootout rows (row 1 = index 0 nearest the Outlaws), played out. */
function shootout(seats: number, rows: RowHolder[], f: (s: ColomaState) => void = () => {}) {
  let g = patch(skipOpening(newGame(seats)), (x) => {
    x.round = 5;
    rows.forEach((h, i) => {
      if (x.rows[i] === 'NEUTRAL') return;
      x.rows[i] = h;
      if (typeof h === 'number') x.players[h].dudes -= PLACEHOLDER_DATA.shootout.rows[i];
    });
    f(x);
  });
  const sites = Array.from({ length: seats }, (_, i) => 1 + (i % 5));
  const out = endTurns(dialAll(g, sites).state);
  g = out.state;
  return { state: g, events: out.events, resolved: ofType(out.events, 'SHOOTOUT_RESOLVED')[0] };
}

// Year 1 uses Shootout card 0 under the scripted shuffle: won tiers {6 VP, $2}, {3 VP, $1}, {1 VP}; lost {3}, {1}, {}; dead 1 / 2.
describe('Shootout phase', () => {
  test('won (5 Gunmen > 2 Outlaws): most Gunmen takes tier 1 and the Badge, second tier 2, none → the Graveyard', () => {
    const { state, events, resolved } = shootout(3, [null, 1, 2]);
    expect(resolved).toMatchObject({
      won: true,
      gunmen: 5,
      outlaws: 2,
      sheriff: 2,
      tiers: [
        { seat: 2, tier: 1 },
        { seat: 1, tier: 2 },
      ],
    });
    const gains = ofType(events, 'GAINED').filter((e) => e.reason === 'SHOOTOUT');
    expect(gains.map((e) => [e.seat, e.gains])).toEqual([
      [2, { vp: 6, bucks: 2 }],
      [1, { vp: 3, bucks: 1 }],
    ]);
    expect(ofType(events, 'DUDES_BURIED')).toEqual([
      { type: 'DUDES_BURIED', seat: 0, fromSupply: 1, fromLodge: 0 },
    ]);
    expect(state.sheriff).toBe(2);
    expect(state.players[0].dead).toBe(1);
  });

  test('ties go to the Gunmen in the row nearest the Outlaws (RB L567, D21); every other shooter takes tier 3 (D20)', () => {
    const { resolved } = shootout(4, [1, 1, 2, 3], (x) => void (x.players[3].dudes = 4));
    // seat 1: rows 1+2 = 3 Gunmen, seat 2: row 3 = 3, seat 3: row 4 = 4
    expect(resolved.tiers).toEqual([
      { seat: 3, tier: 1 },
      { seat: 1, tier: 2 },
      { seat: 2, tier: 3 },
    ]);
  });

  test('lost (Outlaws ≥ Gunmen): the right side, and 2 Dudes each to the Graveyard', () => {
    const { events, resolved } = shootout(3, [1], (x) => void (x.outlaws = 1));
    expect(resolved).toMatchObject({ won: false, gunmen: 1, outlaws: 1 });
    expect(ofType(events, 'GAINED').filter((e) => e.reason === 'SHOOTOUT')).toEqual([
      { type: 'GAINED', seat: 1, gains: { vp: 3 }, reason: 'SHOOTOUT' },
    ]);
    expect(ofType(events, 'DUDES_BURIED').map((e) => e.fromSupply + e.fromLodge)).toEqual([2, 2]);
  });

  test('no Dudes left in the supply: the dead come from the Lodge (RB L579)', () => {
    const { events } = shootout(3, [1], (x) => Object.assign(x.players[0], { supplyDudes: 0, dudes: 12 }));
    // 1 Gunman against 2 Outlaws: lost, 2 dead each
    expect(ofType(events, 'DUDES_BURIED').find((e) => e.seat === 0)).toMatchObject({
      fromSupply: 0,
      fromLodge: 2,
    });
  });

  test('2 players: the 3 neutral Gunmen help and take their tier, never a reward or the Badge; they stay (RB L580, L583)', () => {
    const { state, events, resolved } = shootout(2, [0]);
    expect(resolved.tiers).toEqual([
      { seat: 'NEUTRAL', tier: 1 },
      { seat: 0, tier: 2 },
    ]);
    expect(resolved.sheriff).toBe(0);
    expect(ofType(events, 'GAINED').filter((e) => e.reason === 'SHOOTOUT')).toEqual([
      { type: 'GAINED', seat: 0, gains: { vp: 3, bucks: 1 }, reason: 'SHOOTOUT' },
    ]);
    expect(state.rows).toEqual([null, null, 'NEUTRAL', null, null]);
  });

  test("Clean Up: Gunmen back to the supply, next Year's Outlaws, the Mine Cart refills the lowest spaces (RB L583-L587)", () => {
    const { state } = shootout(3, [null, 1], (x) => {
      x.gold = [5, 3, 0];
      x.mineCart = 4;
      x.players[0].gold = 3;
    });
    expect(state.year).toBe(2);
    expect(state.outlaws).toBe(PLACEHOLDER_DATA.shootout.yearOutlaws[1]);
    expect(state.rows).toEqual([null, null, null, null, null]);
    expect(state.mineCart).toBe(0);
    expect(state.gold.slice(0, 2)).toEqual([5, 5]);
  });
});

describe('2 players: Buster (RULES.md D23)', () => {
  test('after the Event 2 Buster cards are revealed; after placement Buster goes to one of the other 3 and counts for the Bust', () => {
    const g = skipOpening(newGame(2));
    expect(g.buster).toEqual({ excluded: [1, 2], site: null }); // scripted shuffle
    const { state, events } = dialAll(g, [3, 4]);
    expect(ofType(events, 'DIALS_REVEALED')[0]).toMatchObject({ buster: 3, bust: 3 });
    expect(state.buster!.site).toBe(3);
    expect(state.queue).toEqual([0, 1]);
  });
});
