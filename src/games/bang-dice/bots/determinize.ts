/**
 * Determinisation: a full engine state consistent with one seat's view, the hidden parts sampled.
 *
 * Hidden from a living player are the roles of the other living non-Sheriff players (4-8 players)
 * and, while characters are chosen, the others' picks. Everything else is copied from the view.
 * The turn's control data the view does not carry (the agenda beyond its first step, a pending
 * SHOT/GATLING batch, Pedro's allowance) is rebuilt from the rules: the agenda from the final
 * faces and the current step, the batch from the open Bart Cassidy prompt (other seats' share of
 * a SHOT batch is sampled among the roller's legal targets).
 */
import type { Rng } from '../../random';
import { startingLife, type CharacterId } from '../data/characters';
import type { Role } from '../data/roles';
import { beerDice, resolutionAgenda, shotDice, shotTargets } from '../rules';
import type { BangState, Hit, PendingBatch, PlayerState, Task, TurnState } from '../state';
import type { BangView } from '../view';
import { unseenRoles } from './knowledge';

/** Sample roles for the hidden seats: the unseen roles in a uniformly random order. */
export function sampleRoles(view: BangView, seat: number, rng: Rng): Role[] {
  const roles = view.players.map((p) => p.role);
  const hidden = view.players.filter((p) => p.role === null).map((p) => p.seat);
  const shuffled = rng.shuffle(unseenRoles(view));
  hidden.forEach((s, i) => (roles[s] = shuffled[i]));
  if (roles[seat] === null) throw new Error('determinize: the viewer must know its own role');
  return roles as Role[];
}

function agendaFor(view: BangView, state: BangState, turn: TurnState, bartBatch: boolean): Task[] {
  const step = view.turn!.step;
  if (step === null) return [];
  if (step === 'SID_HEAL') return ['SID_HEAL', 'ROLL'];
  if (step === 'ROLL' || step === 'REROLL_OR_KEEP') return [step];
  const roller = state.players[turn.seat];
  const full = resolutionAgenda(turn.dice, roller.character);
  const beersLeft = beerDice(state).length > 0;
  const gringo = state.players.find((p) => p.character === 'EL_GRINGO');
  let agenda: Task[];
  if (step === 'EL_GRINGO') {
    // Only open with a Pedro prompt right after the shots hurt El Gringo.
    agenda = ['EL_GRINGO', ...full.slice(full.indexOf('SHOTS') + 1)];
  } else {
    const at = full.indexOf(step);
    agenda = at >= 0 ? full.slice(at) : [step, 'END'];
  }
  if (step !== 'SHOTS' && !beersLeft) agenda = agenda.filter((t) => t !== 'BEERS');
  // After a Gatling batch that hurt El Gringo, the attacker's arrow waits before END.
  const gatlingDone = full.includes('GATLING') && !agenda.includes('GATLING') && !bartBatch;
  if (gatlingDone && gringo && gringo.alive && gringo.seat !== turn.seat && !agenda.includes('EL_GRINGO')) {
    agenda.splice(agenda.indexOf('END'), 0, 'EL_GRINGO');
  }
  return agenda;
}

function batchFor(view: BangView, state: BangState, turn: TurnState, rng: Rng): PendingBatch | null {
  const prompt = view.prompts.find((p) => p.kind === 'BART_CASSIDY_SUBSTITUTE');
  if (!prompt) return null;
  const detail = prompt.detail as { source: 'SHOT' | 'GATLING'; points: number };
  const living = state.players.filter((p) => p.alive);
  let hits: Hit[];
  if (detail.source === 'GATLING') {
    hits = living
      .filter((p) => p.seat !== turn.seat)
      .map((p) => ({ seat: p.seat, amount: p.character === 'PAUL_REGRET' ? 0 : 1 }));
  } else {
    const bart = prompt.seat;
    const amounts = new Map<number, number>([[bart, detail.points]]);
    const total = shotDice(turn.dice).length + (turn.slabBeerDie !== null ? 1 : 0);
    const others = [
      ...new Set([...shotTargets(state, turn.seat, 'ONE'), ...shotTargets(state, turn.seat, 'TWO')]),
    ].filter((s) => s !== bart);
    for (let k = detail.points; k < total && others.length > 0; k++) {
      const s = rng.pick(others);
      amounts.set(s, (amounts.get(s) ?? 0) + 1);
    }
    hits = [...amounts.entries()].sort((a, b) => a[0] - b[0]).map(([seat, amount]) => ({ seat, amount }));
  }
  return { source: detail.source, hits, bartDecided: false, bartArrows: 0 };
}

/**
 * A full state consistent with `seat`'s view: same phase, life, arrows, pile, dice, characters,
 * face-up roles, public ledger and prompts; hidden roles are `roles` when given (an assignment
 * drawn from a posterior, see inference.ts), else the unseen ones in a random order.
 */
export function determinize(view: BangView, seat: number, rng: Rng, roles?: readonly Role[]): BangState {
  if (roles) {
    for (const p of view.players)
      if (p.role !== null && roles[p.seat] !== p.role)
        throw new Error(`determinize: seat ${p.seat} is a known ${p.role}, not ${roles[p.seat]}`);
  } else roles = sampleRoles(view, seat, rng);
  const characterChoice = view.players.some((p) => p.offers.length > 0);
  const players = view.players.map((p): PlayerState => {
    let character: CharacterId | null = p.character;
    let life = p.life;
    let maxLife = p.maxLife;
    // Another seat's pick is hidden until everyone has chosen: sample it from its offers.
    if (view.phase === 'CHOOSING' && p.seat !== seat && p.chosen && character === null) {
      character = rng.pick(p.offers);
      life = startingLife(character, roles[p.seat] === 'SHERIFF');
      maxLife = life;
    }
    return {
      seat: p.seat,
      role: roles[p.seat],
      roleFaceUp:
        p.role !== null &&
        (p.seat !== seat || view.threePlayer || p.role === 'SHERIFF' || !p.alive || view.phase === 'OVER'),
      character,
      offers: [...p.offers],
      life,
      maxLife,
      arrows: p.arrows,
      alive: p.alive,
    };
  });
  const state: BangState = {
    seatCount: view.seatCount,
    threePlayer: view.threePlayer,
    characterChoice,
    phase: view.phase,
    players,
    pile: view.pile,
    turn: null,
    mode: view.mode,
    outcome: view.outcome ? { winners: [...view.outcome.winners], reason: view.outcome.reason } : null,
    ledger: {
      shots: view.players.map((p) => [...p.shotsAt]),
      beers: view.players.map((p) => [...p.beersTo]),
    },
  };
  const t = view.turn;
  if (t) {
    const turn: TurnState = {
      seat: t.seat,
      number: t.number,
      rolls: t.rolls,
      maxRolls: t.maxRolls,
      dice: [...t.dice],
      agenda: [],
      batch: null,
      pedroOwed: 0,
      slabBeerDie: t.slabBeerDie,
    };
    state.turn = turn;
    turn.batch = batchFor(view, state, turn, rng);
    turn.agenda = agendaFor(view, state, turn, turn.batch !== null);
    const pedro = view.prompts.find((p) => p.kind === 'PEDRO_RAMIREZ_DISCARD');
    if (pedro) turn.pedroOwed = (pedro.detail as { max: number }).max;
  }
  return state;
}
