/**
 * Phase 1's agenda (§4.2): the round's start opens the first pick; each pick hands on to the next,
 * or (rules 2) opens the picked tile's menu (personalities/menus.ts), whose answer closes it.
 */
import type { Seat } from '../../../engine';
import type { CarsonEvent } from '../../events';
import { pickMenu } from '../../personalities/menus';
import type { CarsonState, Flow, Task } from '../../state';

/**
 * A round starts (§4.1) when the agenda holds nothing else: the picks in pick order (A New
 * Beginning's Great service done after them, §10.1), then the turn order; the first pick opens.
 * Outlaws arriving first (rounds 2-4, §10.5) are left to a FLOW under rules 1 and 2.
 */
export function roundStart(s: CarsonState, round: number, pickOrder: Seat[]): Flow | null {
  // Rules 3 (agenda-modules.ts): the outlaws' arrival opens no prompt, so the picks open as without it.
  if ((s.outlaws && round >= 2 && (s.agenda ?? 0) < 3) || pickOrder.length === 0) return null;
  const tasks: Task[] = [
    ...pickOrder.slice(1).map((seat): Task => ({ t: 'PICK', seat })),
    ...(s.anb ? [{ t: 'GREAT_SERVICE_OFFERS' } as Task] : []),
    { t: 'PICKS_DONE' },
  ];
  return {
    phase: 'PICK',
    tasks,
    prompt: { seat: pickOrder[0], kind: 'PICK_CHARACTER', paperboy: false },
    step: -1,
  };
}

/** Phase 1 (§4.2): a plain pick hands the prompt to the next PICK task's seat. */
export function afterPick(f: Flow, seat: Seat, special: boolean): Flow | null {
  const next = f.tasks[0];
  const p = f.prompt;
  if (special || p?.kind !== 'PICK_CHARACTER' || p.paperboy || p.seat !== seat || next?.t !== 'PICK')
    return null;
  return {
    ...f,
    phase: 'PICK',
    tasks: f.tasks.slice(1),
    prompt: { seat: next.seat, kind: 'PICK_CHARACTER', paperboy: false },
  };
}

/**
 * Rules 2, Phase 1 (§4.2, §9): the picked tile's menu opens (personalities/menus.ts, the same
 * function its hook uses), else the picks go on; the Paperboy's second pick too.
 */
export function afterPick2(
  s: CarsonState,
  e: Extract<CarsonEvent, { type: 'CHARACTER_PICKED' }>,
): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  if (e.greatService || p?.kind !== 'PICK_CHARACTER' || p.seat !== e.seat || p.paperboy !== e.paperboy)
    return null;
  const menu = pickMenu(s, e.seat, e.personality, e.side);
  return menu ? { ...f, phase: 'PICK', prompt: menu } : nextPick(f);
}

/** Rules 2: the answer to a pick menu (`purpose`) closes it; the picks go on. */
export function afterMenu(f: Flow, seat: Seat, purpose: string): Flow | null {
  const p = f.prompt;
  if (f.phase !== 'PICK' || p?.seat !== seat) return null;
  if ((p.kind !== 'CHOOSE_OPTION' && p.kind !== 'CHOOSE_PARCEL') || p.purpose !== purpose) return null;
  return nextPick(f);
}

/** The next PICK task's prompt; after the last pick, the automatic steps (TURN_ORDER_SET...) follow. */
function nextPick(f: Flow): Flow {
  const next = f.tasks[0];
  if (next?.t !== 'PICK') return { ...f, prompt: null };
  return {
    ...f,
    phase: 'PICK',
    tasks: f.tasks.slice(1),
    prompt: { seat: next.seat, kind: 'PICK_CHARACTER', paperboy: false },
  };
}
