/**
 * The setup's agenda (§3): the first tasks (the draft, §3 step 10, or A New Beginning's sheets,
 * §10.1), the flow GAME_STARTED opens under rules 4, the draft's next starting parcel, and (rules 4)
 * A New Beginning's reveal up to the bought parcels' placement.
 */
import type { Seat } from '../../../engine';
import { PORTS } from '../../ports';
import type { CarsonOptions, CarsonState, Flow, PromptState, Task } from '../../state';
import { range } from '../../table';

/** The first tasks of the game: A New Beginning's sheets, the solo draft or the draft. */
export function firstTasks(options: CarsonOptions, firstOrder: number[]): Task[] {
  // A New Beginning (§10.1): secret sheets instead of the draft; the reveal schedules the bought
  // parcels' placement (anb.ts revealSheets).
  const newBeginning: Task[] = [{ t: 'SHEETS' }, { t: 'REVEAL_SHEETS' }, { t: 'ROUND_START' }];
  // Draft (§3 step 10, §13 #4): reverse order, then forward.
  const draft: Task[] = [
    ...firstOrder
      .slice()
      .reverse()
      .map((seat): Task => ({ t: 'DRAFT', seat })),
    ...firstOrder.map((seat): Task => ({ t: 'DRAFT', seat })),
    { t: 'ROUND_START' },
  ];
  // Solo (§11.1 step 4): only the player drafts, 2 parcels (with A New Beginning, the player's
  // sheet instead: his bought parcels, no bid, §11.1).
  const soloDraft: Task[] = [{ t: 'DRAFT', seat: 0 }, { t: 'DRAFT', seat: 0 }, { t: 'ROUND_START' }];
  return options.modules.includes('A_NEW_BEGINNING') ? newBeginning : options.solo ? soloDraft : draft;
}

/**
 * Rules 4: the flow GAME_STARTED opens (setup.ts runs the same tasks after the board's facts,
 * none of which moves the flow): the first task's prompt, the draft's or A New Beginning's
 * sheets (both open a prompt and emit nothing).
 */
export function setupFlow(s: CarsonState): Flow {
  const [first, ...tasks] = firstTasks(s.options, s.firstOrder);
  const prompt: PromptState =
    first.t === 'SHEETS'
      ? { seat: 0, kind: 'FILL_SHEET', waiting: range(s.seatCount).filter((x) => s.solo?.standish !== x) }
      : { seat: (first as Extract<Task, { t: 'DRAFT' }>).seat, kind: 'CHOOSE_STARTING_PARCEL' };
  return { phase: 'DRAFT', tasks, prompt, step: -1 };
}

/** The draft (§3): the next DRAFT task opens the next seat's starting-parcel prompt. */
export function afterDraft(f: Flow, seat: Seat): Flow | null {
  const next = f.tasks[0];
  if (f.prompt?.kind !== 'CHOOSE_STARTING_PARCEL' || f.prompt.seat !== seat || next?.t !== 'DRAFT')
    return null;
  return { ...f, tasks: f.tasks.slice(1), prompt: { seat: next.seat, kind: 'CHOOSE_STARTING_PARCEL' } };
}

/**
 * The sheets revealed and paid, the first player set (anb.ts `revealSheets`): the bought
 * parcels are placed one at a time in the draft pattern of the (new) first order, then the round.
 */
export function revealed(s: CarsonState, f: Flow): Flow | null {
  // The last SHEET_SEALED leaves the sheets' prompt as it was (rules 2 `nextSealed`).
  if (f.tasks[0]?.t !== 'REVEAL_SHEETS' || (f.prompt !== null && f.prompt.kind !== 'FILL_SHEET') || !s.anb)
    return null;
  const counts = s.anb.sheets.map((sh) => sh?.parcels ?? 0);
  return {
    ...f,
    tasks: [...PORTS.anb.parcelPlacementTasks(s.firstOrder, counts), ...f.tasks.slice(1)],
    prompt: null,
  };
}
