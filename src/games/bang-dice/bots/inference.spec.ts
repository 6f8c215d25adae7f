/** Reading hidden roles from the public ledger, and STRONG acting on what it reads. */
import { createRng } from '../../random';
import type { Role } from '../data/roles';
import { bangDiceEngine as engine, type BangState } from '../index';
import { act, newGame, startTurn } from '../testing';
import { bangHeuristicBot } from './heuristic';
import { roleAssignments, roleBeliefs, sampleAssignment } from './inference';
import { bangStrongBot } from './strong';

const SIX: Role[] = ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'OUTLAW', 'DEPUTY'];
const CHARACTERS = [
  'PAUL_REGRET',
  'BLACK_JACK',
  'ROSE_DOOLAN',
  'LUCKY_DUKE',
  'SUZY_LAFAYETTE',
  'VULTURE_SAM',
] as const;

function withLedger(
  state: BangState,
  shots: [number, number, number][],
  beers: [number, number, number][] = [],
) {
  const s: BangState = JSON.parse(JSON.stringify(state));
  for (const [from, to, n] of shots) s.ledger.shots[from][to] += n;
  for (const [from, to, n] of beers) s.ledger.beers[from][to] += n;
  return s;
}

const six = () => newGame(SIX, [...CHARACTERS]);

describe('role inference from the public ledger', () => {
  it('with no history, gives every hidden seat the counting prior', () => {
    const assignments = roleAssignments(engine.view(six(), 0), 0);
    // The Sheriff sees 5 hidden seats holding {O, O, O, R, D}: 5!/3! = 20 distinct deals.
    expect(assignments).toHaveLength(20);
    expect(assignments.reduce((sum, a) => sum + a.p, 0)).toBeCloseTo(1, 12);
    const beliefs = roleBeliefs(assignments, 6);
    for (const seat of [1, 2, 3, 4, 5]) {
      expect(beliefs[seat].OUTLAW).toBeCloseTo(0.6, 12);
      expect(beliefs[seat].DEPUTY).toBeCloseTo(0.2, 12);
      expect(beliefs[seat].RENEGADE).toBeCloseTo(0.2, 12);
    }
    expect(beliefs[0].SHERIFF).toBeCloseTo(1, 12);
  });

  it('reads an Outlaw from shots at the Sheriff and a friend from beer given to him', () => {
    const s = withLedger(six(), [[1, 0, 3]], [[5, 0, 1]]);
    const beliefs = roleBeliefs(roleAssignments(engine.view(s, 0), 0), 6);
    expect(beliefs[1].OUTLAW).toBeGreaterThan(0.95);
    expect(beliefs[5].OUTLAW).toBeLessThan(0.2);
    expect(beliefs[5].DEPUTY + beliefs[5].RENEGADE).toBeGreaterThan(0.8);
    // Seats that did nothing absorb the Outlaws the others are unlikely to be.
    expect(beliefs[2].OUTLAW).toBeGreaterThan(0.6);
  });

  it("reasons jointly: whoever keeps shooting the Sheriff's friend is that friend's rival", () => {
    // Seat 5 keeps healing the Sheriff (Deputy or Renegade); seat 3 keeps shooting seat 5 and
    // never the Sheriff. Outlaws aim at the Sheriff; the Deputy and the Renegade fight each other.
    const s = withLedger(six(), [[3, 5, 3]], [[5, 0, 3]]);
    const beliefs = roleBeliefs(roleAssignments(engine.view(s, 0), 0), 6);
    expect(beliefs[5].OUTLAW).toBeLessThan(0.01);
    expect(beliefs[3].OUTLAW).toBeLessThan(0.2);
    expect(beliefs[3].DEPUTY + beliefs[3].RENEGADE).toBeGreaterThan(0.8);
  });

  it("uses only what the viewer may see: the viewer's own role is fixed, the rest follow the ledger", () => {
    const s = withLedger(six(), [[2, 0, 2]]);
    // Seat 5 (the Deputy) reasons about seats 1-4 holding {O, O, O, R}.
    const assignments = roleAssignments(engine.view(s, 5), 5);
    expect(assignments).toHaveLength(4);
    for (const a of assignments) {
      expect(a.roles[0]).toBe('SHERIFF');
      expect(a.roles[5]).toBe('DEPUTY');
    }
    const beliefs = roleBeliefs(assignments, 6);
    expect(beliefs[2].OUTLAW).toBeGreaterThan(beliefs[1].OUTLAW);
  });

  it('samples assignments in proportion to their posterior', () => {
    const s = withLedger(six(), [[1, 0, 1]]);
    const assignments = roleAssignments(engine.view(s, 0), 0);
    const rng = createRng('sample');
    let outlaw = 0;
    const draws = 4000;
    for (let i = 0; i < draws; i++) if (sampleAssignment(assignments, rng)[1] === 'OUTLAW') outlaw++;
    const expected = roleBeliefs(assignments, 6)[1].OUTLAW;
    expect(Math.abs(outlaw / draws - expected)).toBeLessThan(0.03);
  });

  it('has one certain assignment with three players (every role is public)', () => {
    const s = newGame(['DEPUTY', 'OUTLAW', 'RENEGADE'], ['PAUL_REGRET', 'BLACK_JACK', 'ROSE_DOOLAN']);
    expect(roleAssignments(engine.view(s, 1), 1)).toEqual([
      { roles: ['DEPUTY', 'OUTLAW', 'RENEGADE'], p: 1 },
    ]);
  });
});

describe('STRONG reads the table, HEURISTIC does not', () => {
  /** The Sheriff (seat 0) rolls one ONE: the neighbours 1 and 5 are the only targets. */
  function sheriffWithOneShot(state: BangState): BangState {
    let s = startTurn(state, 0);
    s = act(s, 0, { type: 'ROLL_DICE' }, ['ONE', 'BEER', 'DYNAMITE', 'ARROW', 'GATLING']).state;
    return act(s, 0, { type: 'KEEP_DICE' }).state;
  }

  it('as the Sheriff, shoots the neighbour who has been shooting him, not the one who gave him beer', () => {
    const heuristicTargets: unknown[] = [];
    for (const [shooter, friend] of [
      [1, 5],
      [5, 1],
    ]) {
      const roles: Role[] = ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'OUTLAW', 'DEPUTY'];
      roles[shooter] = 'OUTLAW';
      roles[friend] = 'DEPUTY';
      const base = newGame(roles, [...CHARACTERS]);
      const s = sheriffWithOneShot(withLedger(base, [[shooter, 0, 3]], [[friend, 0, 2]]));
      const view = engine.view(s, 0);
      const legal = engine.legalCommands(s, 0);
      const d = bangStrongBot.choose({
        seat: 0,
        view,
        legal,
        rng: createRng('read'),
        budget: { playouts: 96 },
      });
      expect(d.command).toMatchObject({ type: 'RESOLVE_DICE', assignments: [{ die: 0, target: shooter }] });
      heuristicTargets.push(
        bangHeuristicBot.choose({ seat: 0, view, legal, rng: createRng('read') }).command,
      );
    }
    // HEURISTIC ignores the ledger: it shoots the same seat both times, so once the wrong one.
    expect(heuristicTargets[1]).toEqual(heuristicTargets[0]);
  });
});
