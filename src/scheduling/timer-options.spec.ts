import {
  chargeBank,
  creditIncrement,
  parseTimerOptions,
  type TimerOptions,
  turnAllowanceMs,
} from './timer-options';

function parsed(raw: unknown): TimerOptions {
  const options = parseTimerOptions(raw);
  if (typeof options === 'string') throw new Error(options);
  return options;
}

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

  it('charges the bank for the time a command took, never below zero, without the increment', () => {
    const bank = parsed({ mode: 'BANK', initialSeconds: 100, incrementSeconds: 10 });
    expect(turnAllowanceMs(bank, null)).toBe(100_000);
    expect(chargeBank(bank, null, 30_000)).toBe(70_000); // from the initial bank
    expect(chargeBank(bank, 70_000, 5_000)).toBe(65_000);
    expect(chargeBank(bank, 5_000, 30_000)).toBe(0);
    expect(chargeBank(bank, 5_000, -2_000)).toBe(5_000); // a clock that has not started yet (vacation)
    expect(turnAllowanceMs(bank, 65_000)).toBe(65_000);
    expect(turnAllowanceMs(bank, 0)).toBe(0);
  });

  it('credits the increment once when the move ends', () => {
    const bank = parsed({ mode: 'BANK', initialSeconds: 100, incrementSeconds: 10 });
    expect(creditIncrement(bank, null)).toBe(110_000);
    expect(creditIncrement(bank, 0)).toBe(10_000);
    // A move of three commands (20 s, 5 s, 15 s) costs 40 s and earns one increment.
    let ms: number | null = null;
    for (const elapsed of [20_000, 5_000, 15_000]) ms = chargeBank(bank, ms, elapsed);
    expect(creditIncrement(bank, ms)).toBe(70_000);
    const noIncrement = parsed({ mode: 'BANK', initialSeconds: 100 });
    expect(creditIncrement(noIncrement, 40_000)).toBe(40_000);
  });

  it('keeps no bank for PER_MOVE clocks', () => {
    const perMove = parsed({ perMoveSeconds: 90 });
    expect(turnAllowanceMs(perMove, 1)).toBe(90_000);
    expect(chargeBank(perMove, null, 1000)).toBeNull();
    expect(creditIncrement(perMove, 5000)).toBeNull();
  });
});
