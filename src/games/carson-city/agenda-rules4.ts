/**
 * Agenda rules 4 (games whose GAME_STARTED declares `agenda` 4 or later): the flow from the facts
 * rules 1 to 3 left to a FLOW. The setup's first prompt is phases/setup/agenda.ts `setupFlow`
 * (GAME_STARTED); here, A New Beginning's reveal up to the bought parcels' placement (§10.1) and an outlaw fight
 * (§10.5), with dice or with duel tiles (§13 #34), up to its Doctor's tasks and the winner's reward;
 * a dice duel with a Marksman (§10.1) up to each Marksman's choice; building income's Grocer and
 * dynamite choices (§5.7 step 4.2) where no income follows them.
 *
 * Asked first by agenda-resolve.ts `resolveFlow`; null means "not covered here".
 */
import { rules4 } from './agenda-version';
import { STEPS } from './data/actions';
import { AUCTIONEER } from './data/personalities';
import { doctorTasks } from './duel';
import type { CarsonEvent } from './events';
import { pickMenu } from './personalities/menus';
import { MARKSMAN_DUEL_DICE } from './phases/resolution/agenda';
import { PORTS } from './ports';
import type { CarsonState, Flow, MarksmanDuel, Task } from './state';
import { byPassOrder, mightOf, placementsAt } from './table';

const ESTATE_CHOICES: readonly string[] = ['GROCER_INCOME', 'DYNAMITE'];

/** The flow after `e` under rules 4 (`f`: the flow before it, `s`: the state after it), or null. */
export function rules4Flow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  if (!rules4(s)) return null;
  switch (e.type) {
    case 'SHEETS_REVEALED':
      // Solo has no first-player bid (§11.1): the reveal is the last fact that moves the flow.
      return s.solo ? revealed(s, f) : null;
    case 'FIRST_PLAYER_SET':
      return revealed(s, f);
    case 'OUTLAW_FIGHT':
      return outlawFought(s, f, e);
    case 'CHARACTER_PICKED': {
      // Great service done's second tile (§10.1): its menu, else the next user or the turn order
      // (the Auctioneer's auction is agenda-resolve.ts `auctionFlow`).
      const p = f.prompt;
      if (!e.greatService || e.personality === AUCTIONEER || p?.kind !== 'GREAT_SERVICE' || p.seat !== e.seat)
        return null;
      return { ...f, prompt: pickMenu(s, e.seat, e.personality, e.side) };
    }
    case 'MINE_DYNAMITED':
      // Building income's dynamite (personalities `DYNAMITE`): the seat is asked again.
      return f.prompt === null && f.phase === 'RESOLVE'
        ? {
            ...f,
            tasks: [{ t: 'PERSONALITY', id: -1, seat: e.seat, stage: 'DYNAMITE', data: [] }, ...f.tasks],
          }
        : null;
    case 'OPTION_CHOSEN':
      // The winner's reward chosen (outlaws.ts `outlawRewardChosen`), or building income's
      // Grocer or dynamite choice (its facts, if any, follow; then the income).
      return (e.purpose.startsWith('OUTLAW_REWARD:') || ESTATE_CHOICES.includes(e.purpose)) &&
        f.prompt?.kind === 'CHOOSE_OPTION' &&
        f.prompt.purpose === e.purpose &&
        f.prompt.seat === e.seat
        ? { ...f, prompt: null }
        : null;
    case 'COWBOY_RETURNED': {
      // The reward taken as VP: the winner's cowboy retires last (outlaws.ts `takeOutlawVp`).
      const head = f.tasks[0];
      return e.reason === 'OUTLAW' &&
        f.prompt === null &&
        head?.t === 'OUTLAW_REWARD' &&
        head.seat === e.seat &&
        head.loc === e.loc
        ? { ...f, tasks: f.tasks.slice(1) }
        : null;
    }
    case 'DICE_ROLLED':
      return e.purpose === 'MARKSMAN' || e.purpose === MARKSMAN_DUEL_DICE ? marksmanRolled(s, f, e) : null;
    case 'DUEL':
      return e.loc === `B:${s.townHall.parcel}` ? townHallDuel(s, f, e.loc, e.losers) : null;
    case 'TOWN_HALL_OCCUPIED': {
      // A lone challenger takes the Town Hall without a duel (a duel's DUEL came first, above).
      return f.prompt === null ? estateMainDone(f) : null;
    }
    case 'DUEL_ORDER_CHOSEN':
      return marksmanChosen(s, f, e.seat, e.loc);
    case 'DUEL_DIE_KEPT':
      return marksmanKept(f, e.seat, e.dice);
    default:
      return null;
  }
}

/**
 * The sheets revealed and paid, the first player set (anb.ts `revealSheets`): the bought
 * parcels are placed one at a time in the draft pattern of the (new) first order, then the round.
 */
function revealed(s: CarsonState, f: Flow): Flow | null {
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

/**
 * An outlaw fight settled (outlaws.ts `outlawFights`, might.ts `settle` for tiles): the
 * Doctor's or Undertaker's tasks for the defeated cowboys, then the winner's reward, then the
 * next fight (OUTLAW_FIGHTS) and what follows it. The fights' task is at the head (dice), or
 * after the tile duel this fight settles (its task, its sealed choices' or discard's prompt).
 */
function outlawFought(
  s: CarsonState,
  f: Flow,
  e: Extract<CarsonEvent, { type: 'OUTLAW_FIGHT' }>,
): Flow | null {
  const tasks = fightTasks(f, e.loc);
  if (tasks === null || tasks[0]?.t !== 'OUTLAW_FIGHTS') return null;
  const after = [...doctorTasks(s, e.losers), ...PORTS.outlaws.rewardTasks(s, e.parcel, e.loc, e.winner)];
  return { ...f, tasks: [...after, ...tasks], prompt: null };
}

/** The agenda after the fight at `loc` (its fights' task first), or null where it is not this fight. */
function fightTasks(f: Flow, loc: string): Task[] | null {
  const p = f.prompt;
  const head = f.tasks[0];
  if (p === null)
    return head?.t === 'TILE_DUEL' ? (head.duel.loc === loc ? f.tasks.slice(1) : null) : f.tasks;
  if (p.kind === 'CHOOSE_DUEL_TILE') return p.duel.loc === loc ? f.tasks : null;
  if (p.kind === 'CHOOSE_OPTION' && p.purpose === PORTS.might.marksmanDiscardPurpose && p.duel)
    return p.duel.loc === loc ? f.tasks : null;
  return null;
}

/**
 * A roll of a duel with a Marksman (phases/resolution/duels.ts `startMarksmanDuel`: every duellist's dice, in the
 * duel's seat order, Standish rolling none): the duel's task gathers them; with the last, the
 * first Marksman with a real choice is asked (CHOOSE_DUEL_DIE), or the settlement follows.
 */
function marksmanRolled(
  s: CarsonState,
  f: Flow,
  e: Extract<CarsonEvent, { type: 'DICE_ROLLED' }>,
): Flow | null {
  const [head, ...rest] = f.tasks;
  if (f.prompt !== null || head?.t !== 'MARKSMAN_DUEL') return null;
  const duel: MarksmanDuel = { ...head.duel, rolls: head.duel.rolls.slice(), kept: head.duel.kept.slice() };
  const standish = (seat: number) => s.solo?.standish === seat;
  const skip = () => {
    while (duel.rolls.length < duel.seats.length && standish(duel.seats[duel.rolls.length])) {
      duel.rolls.push([]);
      duel.kept.push([]);
    }
  };
  skip();
  if (duel.seats[duel.rolls.length] !== e.seat) return null;
  const options = PORTS.anb.marksmanOptions(e.dice);
  duel.rolls.push(e.dice.slice());
  duel.kept.push(e.purpose !== 'MARKSMAN' ? e.dice.slice() : options.length === 1 ? options[0] : null);
  skip();
  if (duel.rolls.length < duel.seats.length) return { ...f, tasks: [{ t: 'MARKSMAN_DUEL', duel }, ...rest] };
  return marksmanNext({ ...f, tasks: rest, prompt: null }, duel);
}

/**
 * The chooser's next duel (DUEL_ORDER_CHOSEN) with a Marksman in it, dice
 * (phases/resolution/duels.ts `runDuelAt`): its task opens it (its rolls come next). A plain dice
 * duel's DUEL follows at once (phases/resolution/agenda.ts `afterDuel`); a tile duel is might.ts
 * `tileDuelFlow`.
 */
function marksmanChosen(s: CarsonState, f: Flow, seat: number, loc: string): Flow | null {
  const p = f.prompt;
  if (mightOf(s) || p?.kind !== 'CHOOSE_DUEL_ORDER' || p.seat !== seat || !p.locs.includes(loc)) return null;
  const seats = [...new Set(placementsAt(s, loc).map((x) => x.seat))];
  if (!seats.some((x) => PORTS.anb.hasPower(s, x, 'marksman'))) return null;
  const duel: MarksmanDuel = {
    loc,
    seats: byPassOrder(s, seats),
    then: { kind: 'NONE' },
    rolls: [],
    kept: [],
  };
  return { ...f, prompt: null, tasks: [{ t: 'MARKSMAN_DUEL', duel }, ...f.tasks] };
}

/** DUEL_DIE_KEPT: the Marksman's dice kept; the next choice, or the settlement follows. */
function marksmanKept(f: Flow, seat: number, dice: number[]): Flow | null {
  const p = f.prompt;
  if (p?.kind !== 'CHOOSE_DUEL_DIE' || p.seat !== seat) return null;
  const i = p.duel.seats.indexOf(seat);
  return marksmanNext(
    { ...f, prompt: null },
    { ...p.duel, kept: p.duel.kept.map((k, j) => (j === i ? dice : k)) },
  );
}

/**
 * phases/resolution/duels.ts `marksmanDuelStep`: the next Marksman's choice, or (all kept) the duel's settlement
 * follows: its task stays at the head (it rolls, so the silent tasks stop there) until its DUEL
 * (agenda-resolve.ts `settledMarksmanDuel`).
 */
function marksmanNext(f: Flow, duel: MarksmanDuel): Flow {
  const i = duel.kept.findIndex((k) => k === null);
  if (i < 0) return { ...f, tasks: [{ t: 'MARKSMAN_DUEL', duel }, ...f.tasks] };
  const options = PORTS.anb.marksmanOptions(duel.rolls[i]);
  return { ...f, prompt: { seat: duel.seats[i], kind: 'CHOOSE_DUEL_DIE', duel, options } };
}

/**
 * The Town Hall's duel (phases/resolution/income.ts `townHallContest`, at building income): with dice in the income
 * task itself, with tiles or a Marksman after their choices. The Doctor's or Undertaker's tasks
 * for the defeated, then the rest of building income (its other duels, choices, payment).
 */
function townHallDuel(s: CarsonState, f: Flow, loc: string, losers: number[]): Flow | null {
  const p = f.prompt;
  const head = f.tasks[0];
  let base: Flow | null = null;
  if (p?.kind === 'CHOOSE_DUEL_TILE' && p.duel.then.kind === 'TOWN_HALL' && p.duel.loc === loc) base = f;
  else if (p !== null) return null;
  else if (head?.t === 'TILE_DUEL' && head.duel.then.kind === 'TOWN_HALL' && head.duel.loc === loc)
    base = { ...f, tasks: f.tasks.slice(1) };
  else if (head?.t === 'DUELS' && head.step === 'ESTATE') base = f;
  else base = estateMainDone(f);
  if (base === null) return null;
  return { ...base, prompt: null, tasks: [...doctorTasks(s, losers), ...base.tasks] };
}

/**
 * Building income's task (step ESTATE, or ESTATE_MAIN after the outlaws' fights) at the head,
 * halted by the Town Hall's roll or fact: the agenda after it (phases/resolution/income.ts `estateMain`), or null.
 */
function estateMainDone(f: Flow): Flow | null {
  const head = f.tasks[0];
  if (head?.t !== 'ESTATE_MAIN' && !(head?.t === 'STEP' && head.step === 'ESTATE')) return null;
  const rest = f.tasks.slice(1);
  const tasks: Task[] = [
    { t: 'DUELS', step: 'ESTATE', chooser: null },
    { t: 'ESTATE_CHOICES' },
    { t: 'ESTATE_PAY' },
    { t: 'EDITOR' },
    ...rest,
  ];
  return { ...f, tasks, step: STEPS.indexOf('ESTATE') };
}
