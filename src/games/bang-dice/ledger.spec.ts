/**
 * The public ledger: who aimed shots at whom and who gave beer to whom. At a real table every
 * player sees these acts, and roles are read from them, so every viewer's view carries them.
 */
import type { BangCommand } from './commands';
import { act, newGame, patch, startTurn } from './testing';
import { view } from './view';

const ROLL: BangCommand = { type: 'ROLL_DICE' };
const KEEP: BangCommand = { type: 'KEEP_DICE' };
const resolve = (...pairs: [number, number][]): BangCommand => ({
  type: 'RESOLVE_DICE',
  assignments: pairs.map(([die, target]) => ({ die, target })),
});

const five = () =>
  newGame(
    ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
    ['BLACK_JACK', 'SLAB_THE_KILLER', 'SID_KETCHUM', 'LUCKY_DUKE', 'SUZY_LAFAYETTE'],
  );

describe('the public ledger', () => {
  it('starts empty, one row and one column per seat', () => {
    const v = view(five(), 'spectator');
    for (const p of v.players) {
      expect(p.shotsAt).toEqual([0, 0, 0, 0, 0]);
      expect(p.beersTo).toEqual([0, 0, 0, 0, 0]);
    }
  });

  it('counts aimed shot points per target and beers per receiver, the same for every viewer', () => {
    const s = patch(five(), { life: { 4: 5 } });
    let { state } = act(s, 0, ROLL, ['ONE', 'ONE', 'TWO', 'BEER', 'BEER']);
    ({ state } = act(state, 0, KEEP));
    ({ state } = act(state, 0, resolve([0, 1], [1, 4], [2, 3])));
    ({ state } = act(state, 0, resolve([3, 4], [4, 0])));
    const seen = (viewer: number | 'spectator') => {
      const p = view(state, viewer).players[0];
      return { shotsAt: p.shotsAt, beersTo: p.beersTo };
    };
    expect(seen('spectator')).toEqual({ shotsAt: [0, 1, 0, 1, 1], beersTo: [1, 0, 0, 0, 1] });
    for (const viewer of [0, 1, 2, 3, 4] as const) expect(seen(viewer)).toEqual(seen('spectator'));
    // Nobody else has done anything yet.
    expect(view(state, 'spectator').players[1].shotsAt).toEqual([0, 0, 0, 0, 0]);
  });

  it("counts Slab the Killer's doubled shot as 2 points and Sid Ketchum's heal as a beer", () => {
    const s = startTurn(patch(five(), { life: { 0: 6, 2: 7 } }), 1);
    let { state } = act(s, 1, ROLL, ['ONE', 'BEER', 'DYNAMITE', 'ARROW', 'ARROW']);
    ({ state } = act(state, 1, KEEP));
    ({ state } = act(state, 1, {
      type: 'RESOLVE_DICE',
      assignments: [{ die: 0, target: 0 }],
      slabDouble: { beerDie: 1, shotDie: 0 },
    }));
    expect(view(state, 2).players[1].shotsAt).toEqual([2, 0, 0, 0, 0]);
    expect(view(state, 2).players[1].beersTo).toEqual([0, 0, 0, 0, 0]);

    const sid = startTurn(state, 2);
    const healed = act(sid, 2, { type: 'SID_KETCHUM_HEAL', target: 0 });
    expect(view(healed.state, 3).players[2].beersTo).toEqual([1, 0, 0, 0, 0]);
  });

  it('leaves out damage nobody chose: Gatling, Dynamite and the Indians', () => {
    const s = patch(five(), { arrows: { 0: 0, 1: 3, 2: 3, 3: 2 }, pile: 1 });
    let { state } = act(s, 0, ROLL, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'ARROW']);
    ({ state } = act(state, 0, KEEP));
    expect(state.players[1].life).toBeLessThan(8);
    for (const p of view(state, 'spectator').players) {
      expect(p.shotsAt).toEqual([0, 0, 0, 0, 0]);
      expect(p.beersTo).toEqual([0, 0, 0, 0, 0]);
    }
  });

  it('never changes an earlier state: rows are replaced, not mutated', () => {
    const s = patch(five(), {});
    let { state } = act(s, 0, ROLL, ['ONE', 'TWO', 'DYNAMITE', 'ARROW', 'ARROW']);
    ({ state } = act(state, 0, KEEP));
    const before = state;
    const after = act(before, 0, resolve([0, 1], [1, 2])).state;
    expect(before.ledger.shots[0]).toEqual([0, 0, 0, 0, 0]);
    expect(after.ledger.shots[0]).toEqual([0, 1, 1, 0, 0]);
  });
});
