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
import { BANKER, DOCTOR, SINGER } from './data/personalities';
import type { CarsonEvent } from './events';
import { PICK_MENU_OPTIONS, PICK_MENU_PARCELS, pickMenu } from './personalities/menus';
import { ROUNDS } from './data/actions';
import { PORTS } from './ports';
import { cashLimit, holderOf, holds, locParcel, parcelPrice, propertyTilesLeft } from './rules';
import type { CarsonOptions, CarsonState, Flow, PromptState, Task } from './state';
import { generalCowboys, mightOf, passIndex, range } from './table';

/**
 * The version of these rules a new game declares (GAME_STARTED `agenda`). A change to what a rule
 * derives changes what stored events mean: it needs a new version, the old rules kept for the
 * games that declared them.
 */
export const AGENDA_RULES = 4;

/**
 * DICE_ROLLED `purpose` of a duellist's plain dice in a duel with a Marksman (rules 4: the
 * Marksmen choose seeing them, so the flow needs them as a fact; a Marksman's own are `MARKSMAN`).
 */
export const MARKSMAN_DUEL_DICE = 'MARKSMAN_DUEL';

/** Rules 4 (games that declare `agenda` 4 or later): no FLOW at all (README, Model). */
export function rules4(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 4;
}

/** Rules 2 (games that declare `agenda` 2 or later): pick menus, stables, the end of a round. */
function rules2(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 2;
}

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

/** Has this seat a cowboy to place (§4.3: one who has none must pass)? */
export function canPlace(s: CarsonState, seat: Seat): boolean {
  const p = s.players[seat];
  if (p.reserve > 0 || p.white === 'RESERVE') return true;
  return (
    holds(s, seat, SINGER, 'RED') && !p.flags.includes('SINGER_EXTRA:USED') && generalCowboys(s, seat) > 0
  );
}

/** The flow after `e`, applied to `s` (its facts already applied; `s.flow` as before `e`). */
export function followFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  const f = s.flow;
  switch (e.type) {
    case 'PARCEL_CLAIMED':
      if (e.reason === 'DRAFT') return afterDraft(f, e.seat);
      return rules2(s) && PICK_MENU_PARCELS.includes(e.reason) ? afterMenu(f, e.seat, e.reason) : null;
    case 'CHARACTER_PICKED':
      if (rules2(s)) return afterPick2(s, e);
      return afterPick(f, e.seat, e.paperboy || e.greatService === true);
    case 'OPTION_CHOSEN':
      return rules2(s) && PICK_MENU_OPTIONS.includes(e.purpose) ? afterMenu(f, e.seat, e.purpose) : null;
    case 'HORSE_STABLED':
    case 'HORSE_KEPT':
      return rules2(s) ? PORTS.horses.afterStable(s, e) : null;
    case 'SHEET_SEALED':
    case 'DUEL_TILES_CHOSEN':
      return rules2(s) ? nextSealed(s, f, e.seat) : null;
    case 'DUEL':
      return rules2(s) ? afterDuel(s, e.loc) : null;
    case 'OUTLAW_MOVED':
      return rules2(s) ? PORTS.outlaws.afterOutlawMove(s, e.id) : null;
    case 'BUILDING_BOUGHT':
      return rules2(s) ? afterPurchase(f, e) : null;
    case 'ROUND_ENDED':
      return rules2(s) ? roundEnd(s) : null;
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
      return f.prompt?.kind === 'SPEND_CASH' && f.prompt.seat === e.seat ? cashQueue(s, f, f.tasks) : null;
    case 'GAME_ENDED':
      return { ...f, phase: 'GAME_OVER', tasks: [], prompt: null, step: -1 };
    default:
      return null;
  }
}

/**
 * A round starts (§4.1) when the agenda holds nothing else: the picks in pick order (A New
 * Beginning's Great service done after them, §10.1), then the turn order; the first pick opens.
 * Outlaws arriving first (rounds 2-4, §10.5) are left to a FLOW under rules 1 and 2.
 */
function roundStart(s: CarsonState, round: number, pickOrder: Seat[]): Flow | null {
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

/**
 * Phase 2 opens (§4.3) after the picks, the agenda empty: the first turn (Kit Carson: the first
 * player's opening placement, §10.4). Outlaws moving first and Standish's cards are left to a FLOW.
 */
function placementStart(s: CarsonState): Flow | null {
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

/** The cash limit at the end of the round (§7 step 5): the next seat of the queue that may spend. */
export function cashQueue(s: CarsonState, base: Flow, agenda: Task[]): Flow | null {
  let tasks = agenda;
  for (let task = tasks[0]; task?.t === 'EOR_CASH'; task = tasks[0]) {
    const [seat, ...rest] = task.queue;
    if (seat === undefined) return null;
    tasks = [{ t: 'EOR_CASH', queue: rest }, ...tasks.slice(1)];
    const money = s.players[seat].money;
    const min = Math.max(0, money - cashLimit(s, seat));
    if (min > 0 || money >= 10)
      return { ...base, tasks, prompt: { seat, kind: 'SPEND_CASH', min, max: money } };
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
function afterPlacement(s: CarsonState, e: PlacementEvent): Flow | null {
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

/**
 * Rules 2, Phase 1 (§4.2, §9): the picked tile's menu opens (personalities/menus.ts, the same
 * function its hook uses), else the picks go on; the Paperboy's second pick too.
 */
function afterPick2(s: CarsonState, e: Extract<CarsonEvent, { type: 'CHARACTER_PICKED' }>): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  if (e.greatService || p?.kind !== 'PICK_CHARACTER' || p.seat !== e.seat || p.paperboy !== e.paperboy)
    return null;
  const menu = pickMenu(s, e.seat, e.personality, e.side);
  return menu ? { ...f, phase: 'PICK', prompt: menu } : nextPick(f);
}

/** Rules 2: the answer to a pick menu (`purpose`) closes it; the picks go on. */
function afterMenu(f: Flow, seat: Seat, purpose: string): Flow | null {
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

/**
 * Rules 2, the end of a round (§7): ROUND_ENDED, then the personalities' end-of-round effects
 * (none of which opens a choice unless a red Banker is held), the new cowboys, and the cash limit
 * in pass order; then the track (or, after round 4, the end of the game). Solo is left out.
 */
function roundEnd(s: CarsonState): Flow | null {
  if (s.solo || s.players.some((pl) => pl.held.some((h) => h.id === BANKER && h.side === 'RED'))) return null;
  const last: Task = s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' };
  const base: Flow = { phase: 'END_OF_ROUND', tasks: [last], prompt: null, step: -1 };
  return cashQueue(s, base, [{ t: 'EOR_CASH', queue: s.passed.slice() }, last]) ?? base;
}

/** Rules 2, a building bought from the track (§5.5): its placement opens for the buyer. */
function afterPurchase(f: Flow, e: Extract<CarsonEvent, { type: 'BUILDING_BOUGHT' }>): Flow | null {
  const p = f.prompt;
  if (e.reason !== 'PURCHASE' || p?.kind !== 'BUY_BUILDING' || p.seat !== e.seat || p.building !== e.building)
    return null;
  return { ...f, prompt: { seat: e.seat, kind: 'PLACE_BUILDING', mode: 'PURCHASE', only: e.building } };
}

/**
 * Rules 2, sealed choices made one seat at a time (A New Beginning's sheets, §10.1; Might is
 * Right's duel tiles, §10.3): while others still have to choose, the next of them is asked.
 */
function nextSealed(s: CarsonState, f: Flow, seat: Seat): Flow | null {
  const p = f.prompt;
  if (p === null || (p.kind !== 'FILL_SHEET' && p.kind !== 'CHOOSE_DUEL_TILE')) return null;
  // Any waiting seat may hand in (the choices are simultaneous); rules 2 and 3 asked only the first.
  if (p.seat !== seat && !(rules4(s) && p.waiting.includes(seat))) return null;
  const i = p.waiting.indexOf(seat);
  const waiting = p.waiting.filter((_, k) => k !== i);
  if (waiting.length === 0) return null;
  if (p.kind === 'FILL_SHEET') return { ...f, prompt: { seat: waiting[0], kind: 'FILL_SHEET', waiting } };
  const need = p.need.filter((_, k) => k !== i);
  return { ...f, prompt: { ...p, seat: waiting[0], waiting, need } };
}

/** Contested locations of a step: parcels (step 5) or attacked/defended buildings (step 16). */
export function contested(s: CarsonState, step: 'PARCELS' | 'ESTATE'): string[] {
  const prefix = step === 'PARCELS' ? 'P:' : 'B:';
  const locs: string[] = [];
  // No per-placement sets or lists (a duel step asks this for every fact): a location is
  // contested when a cowboy of another seat is there too; listed in order of first placement.
  const all = s.placements;
  for (let i = 0; i < all.length; i++) {
    const { loc, seat } = all[i];
    if (!loc.startsWith(prefix) || locs.includes(loc)) continue;
    if (step === 'ESTATE' && locParcel(loc) === s.townHall.parcel) continue;
    if (PORTS.outlaws.isOutlawLoc(s, loc)) continue;
    let other = false;
    for (let j = i + 1; j < all.length && !other; j++) other = all[j].loc === loc && all[j].seat !== seat;
    if (other) locs.push(loc);
  }
  return locs.sort((a, b) => locParcel(a) - locParcel(b));
}

/**
 * Rules 2, a dice duel of a step's duels (§5.2, §13 #9; the DUELS task stays at the head while
 * any is left): two or more contested locations left, their chooser orders them again; one, its
 * duel follows; none at step 5, the parcel purchases begin (their COWBOY_RETURNED facts open
 * each purchase). Left out: solo, Might is Right, a Doctor or Undertaker in play (his tasks
 * follow a duel), step 16's continuation.
 */
function afterDuel(s: CarsonState, loc: string): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const task = f.tasks[0];
  // Solo: rules 4 (Standish's claims after the duels are agenda-modules.ts `standishClaim`).
  if (
    (s.solo && !rules4(s)) ||
    mightOf(s) ||
    holderOf(s, DOCTOR) !== null ||
    task?.t !== 'DUELS' ||
    task.chooser === null
  )
    return null;
  if (p !== null && (p.kind !== 'CHOOSE_DUEL_ORDER' || p.step !== task.step || !p.locs.includes(loc)))
    return null;
  const locs = contested(s, task.step);
  if (locs.length >= 2)
    return { ...f, prompt: { seat: task.chooser, kind: 'CHOOSE_DUEL_ORDER', step: task.step, locs } };
  if (locs.length === 1) return { ...f, prompt: null };
  const rest = f.tasks.slice(1);
  if (task.step !== 'PARCELS' || rest[0]?.t !== 'PARCEL_BUYS') return null;
  return { ...f, prompt: null, tasks: [...parcelClaims(s), ...rest.slice(1)] };
}

/** Step 5's purchases (§5.1): each claim in pass order, then by parcel (outlaws' parcels fight). */
export function parcelClaims(s: CarsonState): Task[] {
  const claims = s.placements.filter((p) => p.loc.startsWith('P:') && !PORTS.outlaws.isOutlawLoc(s, p.loc));
  claims.sort((a, b) => passIndex(s, a.seat) - passIndex(s, b.seat) || locParcel(a.loc) - locParcel(b.loc));
  return claims.map((c): Task => ({ t: 'BUY_PARCEL', seat: c.seat, parcel: locParcel(c.loc) }));
}
