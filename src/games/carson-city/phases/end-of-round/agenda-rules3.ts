/**
 * Agenda rules 3 of the end of the round (agenda-resolve.ts `RULES` asks them): the track's
 * refills and the buildings taken from it (§7 step 7, §6.3, §9), the end of a round with a red
 * Banker up to the cash limit (§7, §9.1 #3).
 */
import type { Seat } from '../../../engine';
import { ROUNDS } from '../../data/actions';
import { BANKER } from '../../data/personalities';
import { rules4 } from '../../agenda-version';
import type { CarsonEvent } from '../../events';
import { holderOf } from '../../rules';
import type { CarsonState, Flow, PromptState, Task } from '../../state';
import { cashQueue } from './agenda';
import { endOfRoundTasks, townHallOptions } from './flow';

// ---------------------------------------------------------------- the track

/**
 * The track (§7 step 7, §6.3; phases/end-of-round/flow.ts `refillTrack`): ROUND_CLEANUP leaves
 * the refill and the next round; a refill is done when no square is empty or the bag is; a Town Hall drawn opens its
 * placement for the first of the pass order (another refill after it). A building taken from
 * the track at a pick (red Chinese Worker, yellow Prospector, red Cowboy, §9) refills it, then
 * (Chinese Worker) opens its placement.
 */
export function trackFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  const task = f.tasks[0];
  const p = f.prompt;
  switch (e.type) {
    case 'ROUND_CLEANUP':
      if (s.solo) return null;
      return {
        phase: 'END_OF_ROUND',
        tasks: [{ t: 'REFILL' }, { t: 'ROUND_START' }],
        prompt: null,
        step: -1,
      };
    case 'TRACK_SHIFTED':
    case 'BUILDING_DRAWN': {
      if (task?.t !== 'REFILL' || p !== null) return null;
      if (e.type === 'BUILDING_DRAWN' && e.reason === 'TOWN_HALL') {
        const open = townHallOptions(s).length > 0;
        return open ? { ...f, prompt: { seat: s.passTrack[0], kind: 'PLACE_TOWN_HALL' } } : null;
      }
      if (e.type === 'BUILDING_DRAWN' && e.reason !== 'REFILL') return null;
      const bag = Object.values(s.bag).reduce((a, b) => a + b, 0);
      return s.track.includes(null) && bag > 0 ? f : { ...f, tasks: f.tasks.slice(1) };
    }
    case 'BUILDING_BOUGHT': {
      if (p?.seat !== e.seat) return null;
      if (e.reason === 'CHINESE_WORKER' && p.kind === 'TAKE_BUILDING') {
        const open: Task = { t: 'OPEN_PLACE_BUILDING', seat: e.seat, only: e.building };
        return { ...f, tasks: [{ t: 'REFILL' }, open, ...f.tasks], prompt: null };
      }
      if (p.kind !== 'CHOOSE_PARCEL' || p.purpose !== e.reason || !TAKE_AND_BUILD.includes(e.reason))
        return null;
      return { ...f, tasks: e.square !== null ? [{ t: 'REFILL' }, ...f.tasks] : f.tasks, prompt: null };
    }
    default:
      return null;
  }
}

const TAKE_AND_BUILD: readonly string[] = ['PROSPECTOR', 'COWBOY_RED'];

// ---------------------------------------------------------------- the end of a round (§7)

/**
 * The end of a round with a red Banker (§9.1 #3; rules 2 leave it out; in solo, rules 4): ROUND_ENDED opens his
 * menu, after the end-of-round effects of the tiles before his in pass order (none opens a
 * choice); his answer, and every gain of the effects and new cowboys that follow it, lead to the
 * cash limit in pass order (§7 step 5), as rules 2 derive it without a Banker.
 */
export function roundEndFlow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  // Solo (rules 4): the same, Standish's end of round (SOLO_EOR) after the tiles' effects.
  if (s.solo && !rules4(s)) return null;
  const p = f.prompt;
  if (e.type === 'ROUND_ENDED') return bankerMenu(s);
  if (e.type === 'OPTION_CHOSEN' && e.purpose === 'BANKER')
    return p?.kind === 'CHOOSE_OPTION' && p.purpose === 'BANKER' && p.seat === e.seat
      ? cashLimitFlow(s)
      : null;
  if (f.phase !== 'END_OF_ROUND' || (p !== null && p.kind !== 'SPEND_CASH') || f.tasks[0]?.t !== 'EOR_CASH')
    return null;
  // The gains of the effects and new cowboys all come before the first cash decision (a road's
  // Governor VP may come at any prompt: not one of them).
  const gain =
    e.type === 'COWBOYS_GAINED' ||
    ((e.type === 'MONEY' || e.type === 'VP') && !e.reason.startsWith('GOVERNOR_'));
  return gain ? cashLimitFlow(s) : null;
}

function cashSeats(s: CarsonState): Seat[] {
  return s.passed.filter((x) => s.solo?.standish !== x);
}

function lastTask(s: CarsonState): Task {
  return s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' };
}

/** The cash limit from the first seat of the pass order (the agenda's EOR_CASH, §7 step 5). */
function cashLimitFlow(s: CarsonState): Flow {
  const last = lastTask(s);
  const base: Flow = { phase: 'END_OF_ROUND', tasks: [last], prompt: null, step: -1 };
  return cashQueue(s, base, [{ t: 'EOR_CASH', queue: cashSeats(s) }, last]) ?? base;
}

/** ROUND_ENDED with a red Banker: his menu (personalities `BANKER.endOfRound`), else null. */
function bankerMenu(s: CarsonState): Flow | null {
  const banker = holderOf(s, BANKER, 'RED');
  if (banker === null) return null;
  const m = s.players[banker].money;
  const options = [
    'NONE',
    ...(m >= 3 ? ['VP3'] : []),
    ...(m >= 12 ? ['VP5'] : []),
    ...(m >= 25 ? ['VP7'] : []),
  ];
  if (options.length === 1) return cashLimitFlow(s);
  const tiles = endOfRoundTasks(s);
  const at = tiles.findIndex((t) => t.t === 'PERSONALITY' && t.seat === banker && t.id === BANKER);
  const tasks: Task[] = [
    ...tiles.slice(at + 1),
    ...(s.solo ? [{ t: 'SOLO_EOR' } as Task] : []),
    { t: 'EOR_COWBOYS' },
    { t: 'EOR_CASH', queue: cashSeats(s) },
    lastTask(s),
  ];
  const prompt: PromptState = { seat: banker, kind: 'CHOOSE_OPTION', purpose: 'BANKER', options };
  return { phase: 'END_OF_ROUND', tasks, prompt, step: -1 };
}
