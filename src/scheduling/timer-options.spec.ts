import { bankAfterMove, parseTimerOptions, turnAllowanceMs } from './timer-options';

describe('timer options', () => {
  it('accepts per-move and bank clocks with defaults', () => {
    expect(parseTimerOptions({ mode: 'PER_MOVE', perMoveSeconds: 86400 })).toEqual({
      mode: 'PER_MOVE',
      perMoveSeconds: 86400,
      policy: 'BOT_TAKEOVER',
      reminderSeconds: [],
      vacationDays: 0,
    });
    expect(
      parseTimerOptions({
        initialSeconds: 259200,
        incrementSeconds: 86400,
        reminderSeconds: [3600, 86400, 3600],
      }),
    ).toEqual({
      mode: 'BANK',
      initialSeconds: 259200,
      incrementSeconds: 86400,
      policy: 'BOT_TAKEOVER',
      reminderSeconds: [86400, 3600],
      vacationDays: 0,
    });
  });

  it.each([
    [null, 'timer must be an object'],
    [{ mode: 'PER_MOVE' }, 'perMoveSeconds'],
    [{ mode: 'PER_MOVE', perMoveSeconds: 0 }, 'perMoveSeconds'],
    [{ mode: 'BANK', initialSeconds: 10, perMoveSeconds: 5 }, 'BANK takes'],
    [{ perMoveSeconds: 60, policy: 'NAP' }, 'policy'],
    [{ perMoveSeconds: 60, vacationDays: 1.5 }, 'vacationDays'],
    [{ perMoveSeconds: 60, color: 'red' }, 'unknown timer field'],
    [{}, 'timer.mode'],
  ])('rejects %j', (raw, message) => {
    expect(parseTimerOptions(raw)).toEqual(expect.stringContaining(message));
  });

  it('charges the bank for the time a move took and adds the increment', () => {
    const bank = parseTimerOptions({ mode: 'BANK', initialSeconds: 100, incrementSeconds: 10 });
    if (typeof bank === 'string') throw new Error(bank);
    expect(turnAllowanceMs(bank, null)).toBe(100_000);
    expect(bankAfterMove(bank, null, 30_000)).toBe(80_000);
    expect(bankAfterMove(bank, 5_000, 30_000)).toBe(10_000); // never below zero before the increment
    const perMove = parseTimerOptions({ perMoveSeconds: 90 });
    if (typeof perMove === 'string') throw new Error(perMove);
    expect(turnAllowanceMs(perMove, 1)).toBe(90_000);
    expect(bankAfterMove(perMove, null, 1000)).toBeNull();
  });
});
