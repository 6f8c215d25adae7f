/** Views of past versions: a seat sees no role before its role is dealt (issue #10, item 7). */
import { rngFor } from '../random';
import { bangDiceEngine as engine, type BangState } from './index';

describe('Bang! views during the deal', () => {
  it('show no role for a seat whose role is not dealt yet, then its own role once dealt', () => {
    const seats = 5;
    const setup = engine.setup(engine.parseOptions({}, seats) as never, seats, rngFor('deal-view', 0));
    let state: BangState | null = null;
    const ownRoles: (string | null)[][] = [];
    for (const event of setup) {
      state = engine.evolve(state, event);
      ownRoles.push(state.players.map((p) => engine.view(state!, p.seat).players[p.seat].role));
    }
    // Right after GAME_STARTED nothing is dealt: no seat may be told it is (say) an OUTLAW.
    expect(setup[0].type).toBe('GAME_STARTED');
    expect(ownRoles[0]).toEqual(new Array(seats).fill(null));
    for (let i = 0; i < setup.length; i++) {
      const dealt = new Set(setup.slice(0, i + 1).flatMap((e) => (e.type === 'ROLE_DEALT' ? [e.seat] : [])));
      ownRoles[i].forEach((role, seat) => expect(role === null).toBe(!dealt.has(seat)));
    }
    // Spectators never see a hidden role during the deal either.
    const spectator = engine.view(state!, 'spectator');
    expect(spectator.players.filter((p) => p.role !== null).map((p) => p.role)).toEqual(['SHERIFF']);
  });
});
