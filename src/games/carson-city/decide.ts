/** decide: validate a command, apply it, then run the automatic steps to the next prompt. */
import { isViolation, type RuleViolation, type Seat } from '../engine';
import type { Rng } from '../random';
import type { CarsonCommand } from './commands';
import { rules3 } from './agenda-modules';
import { Ctx } from './ctx';
import { evolveAgenda as evolve } from './agenda-resolve';
import { rememberFold, rememberStep } from './fold-memo';
import type { CarsonEvent } from './events';
import { advance, marksmanDuelStep } from './flow';
import type { CarsonState, PromptState } from './state';
import { validate } from './validate';
import { PORTS } from './ports';
import { kitSeq, nextPlacement, ownPlacement, targetLoc } from './phases/placement/rules';
import { HANDLERS } from './protocol';

export function decide(
  state: CarsonState,
  seat: Seat,
  command: CarsonCommand,
  rng: Rng,
): CarsonEvent[] | RuleViolation {
  const v = validate(state, seat, command);
  if (isViolation(v)) return v;
  const ctx = Ctx.over(state, rng);
  const prompt = ctx.state.flow.prompt!;
  ctx.answered = prompt;
  // A road may be sent at any prompt of the seat and leaves it open (§13 #14).
  if (command.type !== 'PLACE_ROAD') ctx.prompt(null);
  const h = HANDLERS[command.type];
  if (h) h.decide(ctx, seat, command);
  else APPLY[command.type]?.(ctx, seat, command, prompt);
  advance(ctx);
  finishFlow(ctx, state);
  return ctx.events;
}

/**
 * Close a decision (or the setup, `from` null): the events' facts, folded by `evolve` from `from`,
 * move the flow on by agenda.ts's rules. In games of agenda rules 4 they always reach the control
 * state the engine reached; in older games a FLOW event records it where they do not, so replaying
 * the events from `from` rebuilds the state exactly. A rules-4 miss is an engine bug, which the
 * contract (no engine appends a FLOW, every option set) and agenda-rules4.spec fail on; a live game
 * that meets one still records its FLOW, as older rules do, and goes on: a thrown error would
 * refuse every command of that position, and a correspondence game (its bot and timer turns too)
 * would stall for good. Operators find such games by a FLOW after a GAME_STARTED of agenda 4.
 */
export function finishFlow(ctx: Ctx, from: CarsonState | null): void {
  let derived = from;
  rememberFold(from);
  for (const e of ctx.events) rememberStep(e, (derived = evolve(derived, e)));
  const flow = ctx.state.flow;
  if (derived && sameJson(derived.flow, flow)) return;
  ctx.emit({ type: 'FLOW', flow: { ...flow, tasks: flow.tasks.slice() } });
}

/** Deep equality of JSON values (object key order aside; keys holding undefined count as absent). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  // No closures (this runs after every decision). Arrays of one length: entry by entry (an
  // undefined entry matches only an undefined one, as keys holding undefined count as absent);
  // otherwise a's defined keys all match in b, and b has as many defined keys.
  if (arrays && (a as unknown[]).length === (b as unknown[]).length) {
    const x = a as unknown[];
    const y = b as unknown[];
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      const w = y[i];
      // The same entry (most of the agenda's tasks are shared): no call.
      if (v !== w && (v === undefined || w === undefined || !sameJson(v, w))) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for-in, not Object.keys: no key arrays (plain JSON values: own enumerable keys only).
  let defined = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    defined++;
    const w = y[k];
    if (v !== w && !sameJson(v, w)) return false;
  }
  for (const k in y) if (y[k] !== undefined) defined--;
  return defined === 0;
}

// TRANSITIONAL (until the modules' handlers are in the table): the module commands' appliers.

type Applier = (ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState) => void;

/** Where each command with no handler yet is applied. */
const APPLY: Partial<Record<CarsonCommand['type'], Applier>> = {
  FILL_SHEET: applyPlacement,
  LOCK: applyPlacement,
  RELOCATE_COWBOY: applyPlacement,
  WITHDRAW_COWBOY: applyPlacement,
  STABLE_HORSE: applyPlacement,
  BUY_HORSE: applyPlacement,
  MOVE_PLACED_COWBOY: applyMenus,
  CHOOSE_DUEL_DIE: applyMenus,
  CHOOSE_DUEL_TILE: applyMenus,
};

/** A New Beginning's sheets (§10.1), Kit Carson's locks and moves (§10.4), Horses' stables (§10.6). */
function applyPlacement(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'FILL_SHEET': {
      // Sealed (§10.1): only the sender sees this event's sheet until the reveal (view.redact).
      const { type: _type, ...sheet } = cmd;
      ctx.emit({ type: 'SHEET_SEALED', seat, sheet });
      const waiting = prompt.kind === 'FILL_SHEET' ? prompt.waiting.filter((x) => x !== seat) : [];
      if (waiting.length > 0) ctx.prompt({ seat: waiting[0], kind: 'FILL_SHEET', waiting });
      return;
    }
    case 'LOCK':
      ctx.emit({
        type: 'PASSED',
        seat,
        position: s.passed.length + 1,
        automatic: false,
        seq: kitSeq(prompt),
      });
      nextPlacement(ctx, prompt);
      return;
    case 'RELOCATE_COWBOY':
    case 'WITHDRAW_COWBOY': {
      const placed = ownPlacement(s, seat, cmd)!;
      const markers = {
        white: placed.white,
        noDuel: placed.noDuel,
        dynamite: placed.dynamite,
        extra: placed.extra,
      };
      if (cmd.type === 'RELOCATE_COWBOY') {
        ctx.emit({
          type: 'COWBOY_RELOCATED',
          seat,
          from: placed.loc,
          to: targetLoc(cmd.to),
          ...markers,
          seq: kitSeq(prompt),
        });
      } else ctx.emit({ type: 'COWBOY_WITHDRAWN', seat, loc: placed.loc, ...markers, seq: kitSeq(prompt) });
      nextPlacement(ctx, prompt);
      return;
    }
    case 'STABLE_HORSE':
      if (prompt.kind !== 'STABLE_HORSE') return;
      ctx.emit({ type: 'HORSE_STABLED', seat, stable: cmd.stable });
      PORTS.horses.stableEffect(ctx, seat, cmd.stable, prompt.index);
      return;
    case 'BUY_HORSE':
      if (prompt.kind !== 'BUY_HORSE') return;
      ctx.emit({ type: 'HORSE_BOUGHT', seat, price: prompt.price, stable: cmd.stable });
      PORTS.horses.stableEffect(ctx, seat, cmd.stable, -1);
      return;
  }
}

/** Horses' stable 2 move (§10.6) and the modules' duel choices (§10.1, §10.3). */
function applyMenus(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'MOVE_PLACED_COWBOY': {
      const from = targetLoc(cmd.from);
      ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'MOVE_COWBOY' });
      ctx.emit({ type: 'COWBOY_RETURNED', seat, loc: from, to: 'RESERVE', white: false, reason: 'STABLE_2' });
      if (cmd.to) {
        const loc = targetLoc(cmd.to);
        ctx.emit({
          type: 'COWBOY_PLACED',
          seat,
          loc,
          white: false,
          noDuel: false,
          dynamite: false,
          extra: false,
          // A fact only agenda rules 3 read: games that declared older rules store what they did.
          ...(rules3(s) && { moved: true }),
        });
      }
      return;
    }
    case 'CHOOSE_DUEL_DIE': {
      // A New Beginning, Marksman (§10.1): the kept die, then the next choice or the settlement.
      if (prompt.kind !== 'CHOOSE_DUEL_DIE') return;
      const duel = prompt.duel;
      const dice = cmd.dice.slice().sort((a, b) => a - b);
      ctx.emit({ type: 'DUEL_DIE_KEPT', seat, loc: duel.loc, dice });
      const i = duel.seats.indexOf(seat);
      marksmanDuelStep(ctx, { ...duel, kept: duel.kept.map((k, j) => (j === i ? dice : k)) });
      return;
    }
    case 'CHOOSE_DUEL_TILE': {
      // Might is Right sealed commit (§10.3): record the choice (redacted for the others), then
      // wait for the other seats, or reveal / let the red Gunsmith choose / settle.
      if (prompt.kind !== 'CHOOSE_DUEL_TILE') return;
      ctx.emit({
        type: 'DUEL_TILES_CHOSEN',
        seat,
        loc: prompt.duel.loc,
        tiles: cmd.tiles.slice(),
        count: cmd.tiles.length,
      });
      const i = prompt.waiting.indexOf(seat);
      const waiting = prompt.waiting.filter((_, k) => k !== i);
      const need = prompt.need.filter((_, k) => k !== i);
      if (waiting.length > 0) ctx.prompt({ ...prompt, seat: waiting[0], waiting, need });
      else PORTS.might.tileDuelStep(ctx, prompt.duel);
      return;
    }
  }
}
