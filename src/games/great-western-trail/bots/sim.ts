/** Applying a command to a (determinised) state, for the bots' look-ahead and search. */
import { isViolation, type Seat } from '../../engine';
import type { Rng } from '../../random';
import { greatWesternTrailEngine as engine } from '../index';
import type { GwtCommand } from '../protocol';
import type { GwtState } from '../state';

/** `s` after `seat` plays `command`; null if the engine refuses it. */
export function step(s: GwtState, seat: Seat, command: GwtCommand, rng: Rng): GwtState | null {
  const events = engine.decide(s, seat, command, rng);
  if (isViolation(events)) return null;
  let next = s;
  for (const e of events) next = engine.evolve(next, e);
  return next;
}

export { engine };
