/** The working context of one `decide`/`setup` call: a draft state, the events so far, the Rng. */
import type { Seat } from '../engine';
import type { Rng } from '../random';
import type { GwtEvent, MoneyReason } from './events';
import { applyEvent, draftOf } from './evolve';
import type { CardId, Decision, GwtState } from './state';

export class Ctx {
  readonly events: GwtEvent[] = [];
  private readonly flowBefore: string;

  constructor(
    public state: GwtState,
    readonly rng: Rng,
  ) {
    this.flowBefore = flowKey(state);
  }

  /**
   * A context over a private copy of `state` (decide never mutates its input): the containers
   * events write into are copied as `evolve` copies them, and the turn (which handlers change
   * directly, then record with FLOW) is copied whole.
   */
  static over(state: GwtState, rng: Rng): Ctx {
    return new Ctx({ ...draftOf(state), turn: structuredClone(state.turn) }, rng);
  }

  emit(e: GwtEvent): void {
    applyEvent(this.state, e);
    this.events.push(e);
  }

  /** Record the control state if it changed (every decide ends with this). */
  closeFlow(): void {
    if (flowKey(this.state) === this.flowBefore) return;
    const s = this.state;
    this.events.push({
      type: 'FLOW',
      turn: structuredClone(s.turn),
      endTriggeredBy: s.endTriggeredBy,
      finalTurns: [...s.finalTurns],
      turnNumber: s.turnNumber,
    });
  }

  get seat(): Seat {
    return this.state.turn.seat;
  }

  /** The decision asked now, if any. */
  top(): Decision | undefined {
    const stack = this.state.turn.stack;
    return stack[stack.length - 1];
  }

  push(decision: Decision): void {
    this.state.turn.stack.push(decision);
  }

  pop(): Decision | undefined {
    return this.state.turn.stack.pop();
  }

  money(seat: Seat, delta: number, reason: MoneyReason): void {
    if (delta !== 0) this.emit({ type: 'MONEY', seat, delta, reason });
  }

  /**
   * Draw `count` cards into `seat`'s hand. Only when the draw pile is empty (and a card is still to
   * be drawn) does the discard pile become the draw pile (rules: "only then"). Returns what was drawn.
   */
  draw(seat: Seat, count: number): CardId[] {
    const drawn: CardId[] = [];
    for (let reshuffled = false; drawn.length < count;) {
      const p = this.state.players[seat];
      if (p.drawPile.length === 0) {
        if (reshuffled || p.discard.length === 0) break;
        reshuffled = true;
        const batch = this.pickFrom([...p.discard], Math.min(count - drawn.length, p.discard.length));
        this.emit({ type: 'CARDS_DRAWN', seat, cards: batch, reshuffled: true });
        drawn.push(...batch);
        continue;
      }
      const batch = this.pickFrom([...p.drawPile], Math.min(count - drawn.length, p.drawPile.length));
      this.emit({ type: 'CARDS_DRAWN', seat, cards: batch, reshuffled: false });
      drawn.push(...batch);
    }
    return drawn;
  }

  /** `n` uniformly random items of a multiset (without replacement). */
  pickFrom<T>(pool: T[], n: number): T[] {
    const out: T[] = [];
    for (let i = 0; i < n && pool.length > 0; i++)
      out.push(pool.splice(this.rng.int(0, pool.length - 1), 1)[0]);
    return out;
  }
}

function flowKey(s: GwtState): string {
  return JSON.stringify([s.turn, s.endTriggeredBy, s.finalTurns, s.over, s.turnNumber]);
}
