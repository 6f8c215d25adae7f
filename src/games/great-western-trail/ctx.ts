/**
 * The working context of one `decide`/`setup` call: the kit's WorkingContext (a draft state, the
 * events so far, the Rng) whose events are applied in place to the draft, with the turn's
 * agenda check and the effects the modules share.
 */
import type { Seat } from '../engine';
import { WorkingContext } from '../kit/context';
import type { Rng } from '../random';
import type { GwtEvent, MoneyReason } from './events';
import { gameEnded, type AgendaUpdate } from './agenda';
import { applyEvent, draftOf, rememberReplay } from './evolve';
import type { CardId, Decision, GwtState } from './state';

/** GWT's fold: the event applied to the draft in place (the draft is the context's own copy). */
function applyInPlace(state: GwtState, e: GwtEvent): GwtState {
  applyEvent(state, e);
  return state;
}

export class Ctx extends WorkingContext<GwtState, GwtEvent> {
  constructor(
    state: GwtState,
    rng: Rng,
    /** The state the command started from (never mutated): what `closeAgenda` compares with. */
    private readonly before: GwtState = structuredClone(state),
  ) {
    super(state, rng, applyInPlace);
  }

  /**
   * A context over a private copy of `state` (decide never mutates its input): a shallow copy, as
   * `evolve` makes it (appliers replace what they change, evolve.ts `draftOf`), and the turn
   * (which handlers change directly: its fields, the stack, a decision's own fields such as
   * `optional`; `closeAgenda` records it as facts) copied down to the decisions.
   */
  static over(state: GwtState, rng: Rng): Ctx {
    const t = state.turn;
    const turn = {
      ...t,
      usedActions: [...t.usedActions],
      usedBuildings: [...t.usedBuildings],
      stack: t.stack.map((d) => ({ ...d })),
    };
    return new Ctx({ ...draftOf(state), turn }, rng, state);
  }

  /**
   * Close the command's agenda: every decide ends with this, before GAME_ENDED. The command's
   * events replayed on the state it started from (as `evolve` will) must reach the agenda decide
   * reached; the turn's hand-over (TURN_STARTED, FINAL_ROUND_STARTED, FINAL_OBJECTIVES_ASKED) and
   * phase B's start, which decide's sequencing decides after the facts, are appended here as
   * their own facts. Anything else still different is an engine error (thrown: nothing is stored).
   */
  closeAgenda(): void {
    const live = this.state;
    // The replay, one draft per event as `evolve` makes it: `evolve` then returns these states for
    // these events (rememberReplay), the same computation done once.
    const states: GwtState[] = [this.before];
    let derived = this.before;
    const replay = (e: GwtEvent) => {
      derived = draftOf(derived);
      applyEvent(derived, e);
      states.push(derived);
    };
    for (const e of this.events) replay(e);
    const out: GwtEvent[] = [];
    const add = (e: GwtEvent) => {
      replay(e);
      out.push(e);
    };
    if (derived.endTriggeredBy === null && live.endTriggeredBy !== null)
      add({ type: 'FINAL_ROUND_STARTED', seat: live.endTriggeredBy });
    if (
      live.turn.stage === 'FINAL_OBJECTIVES' &&
      (derived.turn.stage !== 'FINAL_OBJECTIVES' || derived.turn.seat !== live.turn.seat)
    )
      add({ type: 'FINAL_OBJECTIVES_ASKED', seat: live.turn.seat });
    if (live.turnNumber !== derived.turnNumber)
      add({ type: 'TURN_STARTED', seat: live.turn.seat, turn: live.turnNumber });
    const t = live.turn;
    if (t.location !== null && (t.location !== derived.turn.location || t.stage !== derived.turn.stage))
      add({ type: 'PHASE_B_STARTED', seat: t.seat, location: t.location });
    // GAME_ENDED follows (decide emits it after this): compared on a draft of its own.
    let ended = derived;
    if (live.over && !derived.over) {
      ended = draftOf(derived);
      gameEnded(ended);
    }
    const wrong = agendaDifference(ended, live);
    // The engine's own bug (a handler changed the agenda by hand where no fact says so): the
    // command fails rather than store a history that replays to another game.
    if (wrong)
      throw new Error(`Great Western Trail: the facts do not explain the agenda: ${JSON.stringify(wrong)}`);
    this.events.push(...out);
    rememberReplay(this.events, states);
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

/** Whether `a` and `b` are the same as JSON (JSON.stringify's strings equal), without stringifying both. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    if (a.length !== list.length) return false;
    // In an array, undefined is written as null.
    for (let i = 0; i < a.length; i++) if (!same(a[i] ?? null, list[i] ?? null)) return false;
    return true;
  }
  // Keys in order (as JSON writes them), those holding undefined left out.
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i]) return false;
    if (!same((a as Record<string, unknown>)[ka[i]], (b as Record<string, unknown>)[kb[i]])) return false;
  }
  return true;
}

/** What differs between `from`'s agenda and `to`'s (null: nothing), as the old AGENDA_UPDATED said it. */
function agendaDifference(from: GwtState, to: GwtState): AgendaUpdate | null {
  const u: AgendaUpdate = {};
  const a = from.turn;
  const b = to.turn;
  if (a.seat !== b.seat) u.seat = b.seat;
  if (a.stage !== b.stage) u.stage = b.stage;
  if (a.location !== b.location) u.location = b.location;
  if (!same(a.usedActions, b.usedActions)) u.usedActions = [...b.usedActions];
  if (a.usedAuxiliaryInstead !== b.usedAuxiliaryInstead) u.usedAuxiliaryInstead = b.usedAuxiliaryInstead;
  if (!same(a.usedBuildings, b.usedBuildings)) u.usedBuildings = [...b.usedBuildings];
  let kept = 0;
  while (kept < a.stack.length && kept < b.stack.length && same(a.stack[kept], b.stack[kept])) kept++;
  if (kept < a.stack.length) u.settled = a.stack.length - kept;
  if (kept < b.stack.length) u.owed = structuredClone(b.stack.slice(kept));
  if (from.endTriggeredBy !== to.endTriggeredBy) u.endTriggeredBy = to.endTriggeredBy;
  if (!same(from.finalTurns, to.finalTurns)) u.finalTurns = [...to.finalTurns];
  if (from.turnNumber !== to.turnNumber) u.turnNumber = to.turnNumber;
  return Object.keys(u).length > 0 ? u : null;
}
