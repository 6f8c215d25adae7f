import type { Clock } from '../../src/play/clock';

/**
 * A clock a test moves by hand. Released, it reads the system clock (for tests that wait for
 * real timers to fire); frozen, it stands still until advanced, so a test states exactly how
 * long a move took whatever the machine's speed.
 */
export class TestClock implements Clock {
  private frozenAt: number | null = null;

  now(): number {
    return this.frozenAt ?? Date.now();
  }

  /** Stop at the current system time. */
  freeze(): void {
    this.frozenAt = Date.now();
  }

  advance(ms: number): void {
    if (this.frozenAt === null) throw new Error('advance() needs a frozen clock');
    this.frozenAt += ms;
  }

  /** Follow the system clock again. */
  release(): void {
    this.frozenAt = null;
  }
}
