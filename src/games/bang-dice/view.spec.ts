/** Views of past versions: a seat sees no role before its role is dealt (issue #10, item 7). */
import { rngFor } from '../random';
import { bangDiceEngine as engine, type BangEvent, type BangState } from './index';

describe('Bang! views during the deal', () => {
  it.each([3, 5, 8])(
    '%i seats: no seat is shown a role before it is dealt; every seat knows its own after the setup',
    (seats) => {
      const setup = engine.setup(
        engine.parseOptions({}, seats) as never,
        seats,
        rngFor(`deal-view-${seats}`, 0),
      );
      const dealt = new Map<number, string>();
      let state: BangState | null = null;
      for (const event of setup as BangEvent[]) {
        state = engine.evolve(state, event);
        if (event.type === 'ROLE_DEALT') dealt.set(event.seat, event.role!);
        for (const viewer of [...state.players.map((p) => p.seat), 'spectator' as const]) {
          for (const player of engine.view(state, viewer).players) {
            // A role shown is the role dealt: never the placeholder of a seat not dealt yet.
            if (player.role !== null) expect(player.role).toBe(dealt.get(player.seat));
          }
        }
      }
      // Right after GAME_STARTED nothing is dealt: no seat may be told it is (say) an OUTLAW.
      const started = engine.evolve(null, setup[0]);
      expect(started.players.map((p) => engine.view(started, p.seat).players[p.seat].role)).toEqual(
        new Array(seats).fill(null),
      );
      state!.players.forEach((p) =>
        expect(engine.view(state!, p.seat).players[p.seat].role).toBe(dealt.get(p.seat)),
      );
    },
  );
});
