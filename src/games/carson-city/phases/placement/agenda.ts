/**
 * Phase 2's agenda (§4.3, §10.4): who can place, the first turn after the turn order (the
 * Outlaws' moves first, §10.5), the next turn after each placement (Horses' stable offer first,
 * §10.6; Kit Carson's session is the module's, modules/kit/agenda.ts, through its port).
 */
import type { Seat } from '../../../engine';
import { SINGER } from '../../data/personalities';
import type { CarsonEvent } from '../../events';
import { PORTS } from '../../ports';
import { holds } from '../../rules';
import type { CarsonState, Flow, PromptState, Task } from '../../state';
import { rules2 } from '../../agenda-version';
import { generalCowboys } from '../../table';

/** Has this seat a cowboy to place (§4.3: one who has none must pass)? */
export function canPlace(s: CarsonState, seat: Seat): boolean {
  const p = s.players[seat];
  if (p.reserve > 0 || p.white === 'RESERVE') return true;
  return (
    holds(s, seat, SINGER, 'RED') && !p.flags.includes('SINGER_EXTRA:USED') && generalCowboys(s, seat) > 0
  );
}

/**
 * Phase 2 opens (§4.3) after the picks, the agenda empty: the first turn (Kit Carson: the first
 * player's opening placement, §10.4). Outlaws moving first and Standish's cards are left to a FLOW.
 */
export function placementStart(s: CarsonState): Flow | null {
  if (s.solo || s.turnOrder.length === 0) return null;
  if (s.outlaws && s.outlaws.figures.length > 0) {
    if (!rules2(s)) return null;
    const base: Flow = {
      phase: 'PLACEMENT',
      tasks: [{ t: 'PLACE_TURN', index: 0 }],
      prompt: null,
      step: s.flow.step,
    };
    return PORTS.outlaws.outlawMovesFlow(s, {
      ...base,
      tasks: [{ t: 'OUTLAW_MOVES', remaining: null }, ...base.tasks],
    });
  }
  return firstTurn(s, s.flow.step, []);
}

/** The first placement turn of the round (Kit Carson: the first player's opening, §10.4). */
export function firstTurn(s: CarsonState, step: number, tasks: Task[]): Flow | null {
  const prompt = PORTS.kit.kitOn(s) ? PORTS.kit.openingPrompt(s) : turnPrompt(s, 0);
  return prompt ? { phase: 'PLACEMENT', tasks, prompt, step } : null;
}

export type PlacementEvent = Extract<
  CarsonEvent,
  { type: 'COWBOY_PLACED' | 'PASSED' | 'COWBOY_RELOCATED' | 'COWBOY_WITHDRAWN' }
>;

/**
 * Phase 2 (§4.3, §10.4): after a placement command the next turn opens (seats that cannot place
 * pass automatically: their PASSED events follow and keep the same prompt); with Horses a horse
 * may go into a stable first (§10.6), the next turn waiting on the agenda. Kit Carson's session
 * is the module's rule (modules/kit/agenda.ts), through its port.
 */
export function afterPlacement(s: CarsonState, e: PlacementEvent): Flow | null {
  if (PORTS.kit.kitOn(s)) return PORTS.kit.placementFlow(s, e);
  const f = s.flow;
  const p = f.prompt;
  if (s.solo || p?.kind !== 'PLACE_COWBOY') return null;
  if (e.type === 'PASSED' && e.automatic) return withPrompt(f, turnPrompt(s, p.index));
  if (e.seat !== p.seat || 'seq' in e) return null;
  if (e.type === 'COWBOY_PLACED' && PORTS.horses.canStable(s, e.seat))
    return horseOffer(f, e.seat, p.index, { t: 'PLACE_TURN', index: p.index + 1 });
  return withPrompt(f, turnPrompt(s, p.index + 1));
}

export function withPrompt(f: Flow, prompt: PromptState | null): Flow | null {
  return prompt ? { ...f, prompt } : null;
}

/** The stable offer after a placement (§10.6), `then` waiting on the agenda. */
export function horseOffer(f: Flow, seat: Seat, index: number, then: Task): Flow {
  return { ...f, tasks: [then, ...f.tasks], prompt: { seat, kind: 'STABLE_HORSE', index } };
}

/** The next placement turn from `index` (turn order, cyclic), or null when none is left. */
export function turnPrompt(s: CarsonState, index: number): PromptState | null {
  const n = s.turnOrder.length;
  for (let k = 0; k < n; k++) {
    const i = (index + k) % n;
    const seat = s.turnOrder[i];
    if (!s.passed.includes(seat) && canPlace(s, seat)) return { seat, kind: 'PLACE_COWBOY', index: i };
  }
  return null;
}
