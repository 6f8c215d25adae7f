/**
 * The end of a game is a domain fact (event schema 2): the last event of every game is GAME_ENDED
 * with the engine's result, it is the only event that ends the game. No FLOW is written any more
 * (event schema 3: the agenda is derived from facts, agenda.ts), nor AGENDA_UPDATED (event schema
 * 4: the facts open and settle every decision). Games stored in older schemas read
 * the same way through the upcasters (upcasters.ts; checked on every recorded game by
 * test/golden/golden.spec.ts).
 */
import { upcast } from '../upcast';
import { greatWesternTrailEngine as engine } from './index';
import { playRandomGame } from './testing/play';
import type { GwtState } from './state';
import { GWT_UPCASTERS } from './upcasters';

describe('Great Western Trail: GAME_ENDED', () => {
  it.each([2, 3, 4])('a random %i-player game ends with GAME_ENDED carrying its result', (seats) => {
    const { state, events } = playRandomGame(seats, `game-ended-${seats}`);
    const ends = events.map((e, i) => [e.type, i] as const).filter(([type]) => type === 'GAME_ENDED');
    expect(ends).toEqual([['GAME_ENDED', events.length - 1]]);
    expect(events[events.length - 1]).toEqual({ type: 'GAME_ENDED', result: engine.result(state) });
    expect(events.some((e) => (e.type as string) === 'FLOW')).toBe(false);
    expect(events.some((e) => e.type === 'AGENDA_UPDATED')).toBe(false);
    const before = events.slice(0, -1).reduce<GwtState | null>((s, e) => engine.evolve(s, e), null);
    expect(before?.over).toBe(false);
  });

  const flow = { type: 'FLOW', turn: {}, endTriggeredBy: 1, finalTurns: [], turnNumber: 40 };
  const restored = { ...flow, type: 'AGENDA_RESTORED' };

  it('the schema-1 upcaster drops FLOW.over and adds GAME_ENDED only when it was set', () => {
    const v1 = (over: boolean) => ({ ...flow, over }) as typeof flow;
    expect(upcast(engine, v1(false), 1)).toEqual([restored]);
    expect(upcast(engine, v1(true), 1)).toEqual([restored, { type: 'GAME_ENDED', result: null }]);
    expect(upcast(engine, { type: 'MONEY', seat: 0, delta: 2 } as never, 1)).toEqual([
      { type: 'MONEY', seat: 0, delta: 2 },
    ]);
  });

  it('the schema-2 upcaster reads a FLOW as AGENDA_RESTORED, the control state it recorded', () => {
    expect(upcast(engine, flow as never, 2)).toEqual([restored]);
    expect(upcast(engine, { type: 'GAME_ENDED', result: null } as never, 2)).toEqual([
      { type: 'GAME_ENDED', result: null },
    ]);
  });

  it('the schema-3 upcaster marks the facts that now open or settle decisions as `recorded` (their history records its agenda)', () => {
    const foresight = { type: 'FORESIGHT_TAKEN', seat: 0, column: 1, index: 0 };
    expect(upcast(engine, foresight as never, 3)).toEqual([{ ...foresight, recorded: true }]);
    expect(upcast(engine, foresight as never, 1)).toEqual([{ ...foresight, recorded: true }]);
    const income = { type: 'MONEY', seat: 0, delta: 5, reason: 'INCOME' };
    expect(upcast(engine, income as never, 3)).toEqual([{ ...income, recorded: true }]);
    const fee = { type: 'MONEY', seat: 0, delta: -2, reason: 'FEE' };
    expect(upcast(engine, fee as never, 3)).toEqual([fee]);
    const update = { type: 'AGENDA_UPDATED', settled: 1 };
    expect(upcast(engine, update as never, 3)).toEqual([update]);
    expect(upcast(engine, foresight as never, 4)).toEqual([foresight]);
    expect(Object.keys(GWT_UPCASTERS)).toEqual(['1', '2', '3']);
  });
});
