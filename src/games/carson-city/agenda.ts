/**
 * The agenda from facts: how `evolve` moves the control state (`state.flow`: the open prompt and
 * the automatic steps still to run) on each domain event, in games that declare these rules
 * (GAME_STARTED `agenda`, event schema 2), so that the history needs no `FLOW` event where they
 * reproduce what `decide` did.
 *
 * `decide` checks its own result: it folds its events through `evolve` from the state it started
 * from and appends a `FLOW` event only when the flow so derived differs from the one it reached
 * (a step these rules do not cover yet: duels, income, the end of a round...). A rule may
 * therefore be partial or decline (return null: the flow stays as it was), never wrong in a way
 * that reaches the history. Covered so far, which is most of a game's decisions: the starting
 * parcels, the start of a round and the picks, the placement turns (Phase 2, with Horses' stable
 * offer), Kit Carson's simultaneous placement, the parcel purchases of step 1, the cash limit at
 * the end of a round, and the end of the game.
 */
import type { Seat } from '../engine';
import { SINGER } from './data/personalities';
import type { CarsonEvent } from './events';
import { canStableHorse } from './horses';
import { cashLimit, holds, locParcel, parcelPrice, propertyTilesLeft } from './rules';
import type { CarsonState, Flow, PromptState, Task } from './state';
import { generalCowboys } from './table';

/**
 * The version of these rules a new game declares (GAME_STARTED `agenda`). A change to what a rule
 * derives changes what stored events mean: it needs a new version, the old rules kept for the
 * games that declared them.
 */
export const AGENDA_RULES = 1;

/** Has this seat a cowboy to place (§4.3: one who has none must pass)? */
export function canPlace(s: CarsonState, seat: Seat): boolean {
  const p = s.players[seat];
  if (p.reserve > 0 || p.white === 'RESERVE') return true;
  return (
    holds(s, seat, SINGER, 'RED') && !p.flags.includes('SINGER_EXTRA:USED') && generalCowboys(s, seat) > 0
  );
}

/** Kit Carson with Horses: fewer horses stabled this round than the seat's cowboys placed. */
export function kitHorseDue(s: CarsonState, seat: Seat): boolean {
  if (!s.horses) return false;
  const stabled = s.horses.players[seat].stables.reduce((a, b) => a + b, 0);
  return stabled < s.placements.filter((p) => p.seat === seat).length;
}

/** The flow after `e`, applied to `s` (its facts already applied; `s.flow` as before `e`). */
export function followFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  const f = s.flow;
  switch (e.type) {
    case 'PARCEL_CLAIMED':
      return e.reason === 'DRAFT' ? afterDraft(f, e.seat) : null;
    case 'CHARACTER_PICKED':
      return afterPick(f, e.seat, e.paperboy || e.greatService === true);
    case 'COWBOY_PLACED':
    case 'PASSED':
    case 'COWBOY_RELOCATED':
    case 'COWBOY_WITHDRAWN':
      return afterPlacement(s, e);
    case 'COWBOY_RETURNED':
      return e.reason === 'PARCEL_PURCHASE' ? afterParcelRetire(s, e.seat, locParcel(e.loc)) : null;
    case 'ROUND_STARTED':
      return roundStart(s, e.round, e.pickOrder);
    case 'TURN_ORDER_SET':
      return placementStart(s);
    case 'CASH_SPENT':
      return f.prompt?.kind === 'SPEND_CASH' && f.prompt.seat === e.seat ? cashQueue(s, f.tasks) : null;
    case 'GAME_ENDED':
      return { ...f, phase: 'GAME_OVER', tasks: [], prompt: null, step: -1 };
    default:
      return null;
  }
}

/**
 * A round starts (§4.1) when the agenda holds nothing else: the picks in pick order (A New
 * Beginning's Great service done after them, §10.1), then the turn order; the first pick opens.
 * Outlaws arriving first (rounds 2-4, §10.5) are left to a FLOW.
 */
function roundStart(s: CarsonState, round: number, pickOrder: Seat[]): Flow | null {
  if ((s.outlaws && round >= 2) || pickOrder.length === 0) return null;
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

/**
 * Phase 2 opens (§4.3) after the picks, the agenda empty: the first turn (Kit Carson: the first
 * player's opening placement, §10.4). Outlaws moving first and Standish's cards are left to a FLOW.
 */
function placementStart(s: CarsonState): Flow | null {
  if (s.solo || (s.outlaws && s.outlaws.figures.length > 0) || s.turnOrder.length === 0) return null;
  const kit = s.options.modules.includes('KIT_CARSON');
  const prompt: PromptState | null = kit
    ? canPlace(s, s.turnOrder[0])
      ? { seat: s.turnOrder[0], kind: 'PLACE_COWBOY', index: 0 }
      : null
    : turnPrompt(s, 0);
  return prompt ? { phase: 'PLACEMENT', tasks: [], prompt, step: s.flow.step } : null;
}

/** The cash limit at the end of the round (§7 step 5): the next seat of the queue that may spend. */
function cashQueue(s: CarsonState, agenda: Task[]): Flow | null {
  let tasks = agenda;
  for (let task = tasks[0]; task?.t === 'EOR_CASH'; task = tasks[0]) {
    const [seat, ...rest] = task.queue;
    if (seat === undefined) return null;
    tasks = [{ t: 'EOR_CASH', queue: rest }, ...tasks.slice(1)];
    const money = s.players[seat].money;
    const min = Math.max(0, money - cashLimit(s, seat));
    if (min > 0 || money >= 10)
      return { ...s.flow, tasks, prompt: { seat, kind: 'SPEND_CASH', min, max: money } };
  }
  return null;
}

/** The draft (§3): the next DRAFT task opens the next seat's starting-parcel prompt. */
function afterDraft(f: Flow, seat: Seat): Flow | null {
  const next = f.tasks[0];
  if (f.prompt?.kind !== 'CHOOSE_STARTING_PARCEL' || f.prompt.seat !== seat || next?.t !== 'DRAFT')
    return null;
  return { ...f, tasks: f.tasks.slice(1), prompt: { seat: next.seat, kind: 'CHOOSE_STARTING_PARCEL' } };
}

/** Phase 1 (§4.2): a plain pick hands the prompt to the next PICK task's seat. */
function afterPick(f: Flow, seat: Seat, special: boolean): Flow | null {
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

type PlacementEvent = Extract<
  CarsonEvent,
  { type: 'COWBOY_PLACED' | 'PASSED' | 'COWBOY_RELOCATED' | 'COWBOY_WITHDRAWN' }
>;

/**
 * Phase 2 (§4.3, §10.4): after a placement command the next turn opens (seats that cannot place
 * pass automatically: their PASSED events follow and keep the same prompt); with Horses a horse
 * may go into a stable first (§10.6), the next turn waiting on the agenda.
 */
function afterPlacement(s: CarsonState, e: PlacementEvent): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const kit = s.options.modules.includes('KIT_CARSON');
  const automatic = e.type === 'PASSED' && e.automatic;
  if (kit) {
    // A command carries its sequence number; an automatic lock keeps the session's.
    const seq = 'seq' in e && e.seq !== undefined ? e.seq : p?.kind === 'KIT_PLACEMENT' ? p.seq : null;
    if (seq === null || (!automatic && p?.kind !== 'KIT_PLACEMENT' && p?.kind !== 'PLACE_COWBOY'))
      return null;
    if (automatic) return p?.kind === 'KIT_PLACEMENT' ? withPrompt(f, kitPrompt(s, seq)) : null;
    if (e.type === 'COWBOY_PLACED' && kitHorseDue(s, e.seat) && canStableHorse(s, e.seat)) {
      const index = p?.kind === 'PLACE_COWBOY' ? p.index : 0;
      return horseOffer(f, e.seat, index, { t: 'KIT_SESSION', seq });
    }
    return withPrompt(f, kitPrompt(s, seq));
  }
  if (s.solo || p?.kind !== 'PLACE_COWBOY') return null;
  if (automatic) return withPrompt(f, turnPrompt(s, p.index));
  if (e.seat !== p.seat || 'seq' in e) return null;
  if (e.type === 'COWBOY_PLACED' && canStableHorse(s, e.seat))
    return horseOffer(f, e.seat, p.index, { t: 'PLACE_TURN', index: p.index + 1 });
  return withPrompt(f, turnPrompt(s, p.index + 1));
}

function withPrompt(f: Flow, prompt: PromptState | null): Flow | null {
  return prompt ? { ...f, prompt } : null;
}

function horseOffer(f: Flow, seat: Seat, index: number, then: Task): Flow {
  return { ...f, tasks: [then, ...f.tasks], prompt: { seat, kind: 'STABLE_HORSE', index } };
}

/** The next placement turn from `index` (turn order, cyclic), or null when none is left. */
function turnPrompt(s: CarsonState, index: number): PromptState | null {
  const n = s.turnOrder.length;
  for (let k = 0; k < n; k++) {
    const i = (index + k) % n;
    const seat = s.turnOrder[i];
    if (!s.passed.includes(seat) && canPlace(s, seat)) return { seat, kind: 'PLACE_COWBOY', index: i };
  }
  return null;
}

/** Kit Carson's session prompt: every seat that has not locked, in turn order (§10.4). */
function kitPrompt(s: CarsonState, seq: number): PromptState | null {
  const seats = s.turnOrder.filter((seat) => !s.passed.includes(seat));
  return seats.length > 0 ? { seat: seats[0], kind: 'KIT_PLACEMENT', seats, seq } : null;
}

/** Step 1 (§5.1): the cowboy leaves the parcel, then its owner may buy it. */
function afterParcelRetire(s: CarsonState, seat: Seat, parcel: number): Flow | null {
  const f = s.flow;
  const task = f.tasks[0];
  if (task?.t !== 'BUY_PARCEL' || task.seat !== seat || task.parcel !== parcel || s.solo?.standish === seat)
    return null;
  const price = parcelPrice(s, parcel, seat);
  const open =
    propertyTilesLeft(s, seat) > 0 && s.players[seat].money >= price && s.parcels[parcel].owner === null;
  return {
    ...f,
    tasks: f.tasks.slice(1),
    prompt: open ? { seat, kind: 'BUY_PARCEL', parcel, price } : null,
  };
}
