/**
 * Phase 3's agenda under rules 4 (agenda-rules4.ts `rules4Flow` dispatches here): an outlaw fight
 * up to its Doctor's tasks and the winner's reward (§10.5, §13 #34), a dice duel with a Marksman
 * up to each Marksman's choice (§10.1), the Town Hall's duel at building income (§6.3, §5.7).
 */
import { STEPS } from '../../data/actions';
import { doctorTasks } from '../../duel';
import type { CarsonEvent } from '../../events';
import { PORTS } from '../../ports';
import type { CarsonState, Flow, MarksmanDuel, Task } from '../../state';
import { byPassOrder, mightOf, placementsAt } from '../../table';

/**
 * An outlaw fight settled (outlaws.ts `outlawFights`, might.ts `settle` for tiles): the
 * Doctor's or Undertaker's tasks for the defeated cowboys, then the winner's reward, then the
 * next fight (OUTLAW_FIGHTS) and what follows it. The fights' task is at the head (dice), or
 * after the tile duel this fight settles (its task, its sealed choices' or discard's prompt).
 */
export function outlawFought(
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
 * A roll of a duel with a Marksman (duels.ts `startMarksmanDuel`: every duellist's dice, in the
 * duel's seat order, Standish rolling none): the duel's task gathers them; with the last, the
 * first Marksman with a real choice is asked (CHOOSE_DUEL_DIE), or the settlement follows.
 */
export function marksmanRolled(
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
 * The chooser's next duel (DUEL_ORDER_CHOSEN) with a Marksman in it, dice (duels.ts `runDuelAt`):
 * its task opens it (its rolls come next). A plain dice duel's DUEL follows at once (agenda.ts
 * `afterDuel`, this folder's); a tile duel is might.ts `tileDuelFlow`.
 */
export function marksmanChosen(s: CarsonState, f: Flow, seat: number, loc: string): Flow | null {
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
export function marksmanKept(f: Flow, seat: number, dice: number[]): Flow | null {
  const p = f.prompt;
  if (p?.kind !== 'CHOOSE_DUEL_DIE' || p.seat !== seat) return null;
  const i = p.duel.seats.indexOf(seat);
  return marksmanNext(
    { ...f, prompt: null },
    { ...p.duel, kept: p.duel.kept.map((k, j) => (j === i ? dice : k)) },
  );
}

/**
 * duels.ts `marksmanDuelStep`: the next Marksman's choice, or (all kept) the duel's settlement
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
 * The Town Hall's duel (income.ts `townHallContest`, at building income): with dice in the income
 * task itself, with tiles or a Marksman after their choices. The Doctor's or Undertaker's tasks
 * for the defeated, then the rest of building income (its other duels, choices, payment).
 */
export function townHallDuel(s: CarsonState, f: Flow, loc: string, losers: number[]): Flow | null {
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
 * halted by the Town Hall's roll or fact: the agenda after it (income.ts `estateMain`), or null.
 */
export function estateMainDone(f: Flow): Flow | null {
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
