/**
 * Agenda rules 3 for the automaton and the modules (games whose GAME_STARTED declares `agenda` 3
 * or later; agenda.ts holds rules 1 and 2 and the rest of rules 3): how `evolve` moves the flow on
 * from the facts of Standish's turns in solo (§11.3, §11.8), Might is Right's tile duels (§10.3)
 * among a step's duels, and the Horses' stable 2 choice (§10.6). The outlaws' arrival (§10.5) is a
 * guard in agenda.ts `roundStart`: it opens no prompt, so the picks open as without it.
 *
 * `moduleFlow` is asked first; null means "not covered here" (agenda.ts `followFlow` then
 * applies). As in agenda.ts a rule may decline, never be wrong in a way that reaches the history:
 * `decide` appends a FLOW wherever the derived flow differs from the one it reached.
 */
import type { Seat } from '../engine';
import { ROUNDS } from './data/actions';
import { BANKER, DOCTOR } from './data/personalities';
import { canPlace, cashQueue, contested, parcelClaims, turnPrompt } from './agenda';
import type { CarsonEvent } from './events';
import { MARKSMAN_DISCARD, tileDuelPrompt } from './might';
import { holderOf } from './rules';
import type { CarsonState, Flow, Task, TileDuel } from './state';
import { byPassOrder, mightOf, placementsAt } from './table';

/** Rules 3 (games that declare `agenda` 3 or later). */
export function rules3(s: CarsonState): boolean {
  return (s.agenda ?? 0) >= 3;
}

/** The flow after `e` by the rules of this file, or null where they do not apply. */
export function moduleFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  if (!rules3(s)) return null;
  return (s.solo ? soloFlow(s, e) : stableFlow(s, e)) ?? (mightOf(s) ? tileDuelFlow(s, e) : null);
}

function stableFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  switch (e.type) {
    case 'STABLE_TWO_CHOSEN':
      return stableTwo(s, e.seat, e.choice);
    case 'COWBOY_RETURNED':
      return e.reason === 'STABLE_2' ? afterStableTwoMove(s, e.seat) : null;
    case 'COWBOY_PLACED':
      return e.moved ? afterStableTwoMove(s, e.seat) : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------- solo (§11)

/** Solo: Standish's cards in Phase 2 and his end of round. */
function soloFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  switch (e.type) {
    case 'TURN_ORDER_SET':
      return soloTurn(s, { ...s.flow, tasks: [] });
    case 'SOLO_CARD_DRAWN':
    case 'SOLO_CARD_STEP':
    case 'SOLO_COWBOY_ON_CARD':
    case 'COWBOY_PLACED':
    case 'PASSED':
    case 'VP':
      return s.flow.phase === 'PLACEMENT' && s.turnOrder.length > 0 ? soloTurn(s, s.flow) : null;
    case 'ROUND_ENDED':
      return soloRoundEnd(s);
    case 'COWBOY_RETURNED':
      return e.reason === 'PARCEL_PURCHASE' && e.seat === s.solo!.standish ? standishClaim(s, e.loc) : null;
    default:
      return null;
  }
}

/** Step 5 (§11.5): Standish's cowboy leaves the parcel; he takes it for free, no prompt. */
function standishClaim(s: CarsonState, loc: string): Flow | null {
  const f = s.flow;
  const task = f.tasks[0];
  if (task?.t !== 'BUY_PARCEL' || task.seat !== s.solo!.standish || `P:${task.parcel}` !== loc) return null;
  return { ...f, tasks: f.tasks.slice(1), prompt: null };
}

/**
 * Solo, Phase 2 (§11.3): Standish (first in turn order) draws and resolves one card per turn, all
 * in the decision that ends the player's turn, then the player's turn opens again (the same
 * prompt every time: turn index 1); once the player has passed, or cannot place, the automatic
 * steps go on (his cards, the passes, the end of Phase 2) with no prompt.
 */
function soloTurn(s: CarsonState, f: Flow): Flow | null {
  const player = s.turnOrder.findIndex((seat) => seat !== s.solo!.standish);
  if (player < 0) return null;
  const seat = s.turnOrder[player];
  const open = !s.passed.includes(seat) && canPlace(s, seat);
  return {
    ...f,
    phase: 'PLACEMENT',
    prompt: open ? { seat, kind: 'PLACE_COWBOY', index: player } : null,
  };
}

/**
 * Solo, the end of the round (§11.8, §7): ROUND_ENDED, the personalities' effects, Standish's
 * card VP and cleanup (SOLO_EOR), the new cowboys, then the player's cash limit (Standish keeps
 * no money, §11.7); then the track or the end of the game. A red Banker is left to a FLOW.
 */
function soloRoundEnd(s: CarsonState): Flow | null {
  if (s.players.some((pl) => pl.held.some((h) => h.id === BANKER && h.side === 'RED'))) return null;
  const last: Task = s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' };
  const base: Flow = { phase: 'END_OF_ROUND', tasks: [last], prompt: null, step: -1 };
  const queue = s.passed.filter((seat) => seat !== s.solo!.standish);
  return cashQueue(s, base, [{ t: 'EOR_CASH', queue }, last]) ?? base;
}

// ---------------------------------------------------------------- Horses, stable 2 (§10.6)

/**
 * Stable 2's choice (STABLE_TWO_CHOSEN), the placement turn it interrupted waiting on the agenda
 * (PLACE_TURN after the offer): an extra cowboy or a pass is the seat's placement command again
 * (its COWBOY_PLACED / PASSED follows and agenda.ts moves on from it: a horse offer or the next
 * turn); nothing, and the next turn opens; a moved cowboy, and the next turn opens after its
 * COWBOY_RETURNED (and its COWBOY_PLACED `moved`, when placed elsewhere).
 */
function stableTwo(s: CarsonState, seat: Seat, choice: string): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const [next, ...tasks] = f.tasks;
  if (p?.kind !== 'STABLE_TWO' || p.seat !== seat || next?.t !== 'PLACE_TURN' || next.index !== p.index + 1)
    return null;
  if (s.options.modules.includes('KIT_CARSON')) return null;
  if (choice === 'EXTRA_COWBOY' || choice === 'PASS')
    return { ...f, tasks, prompt: { seat, kind: 'PLACE_COWBOY', index: p.index } };
  if (choice === 'NOTHING') return nextTurn({ ...f, tasks }, next.index, s);
  return { ...f, prompt: null };
}

/** After stable 2's move: the next placement turn (§4.3) from the interrupted turn's successor. */
function afterStableTwoMove(s: CarsonState, seat: Seat): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const next = f.tasks[0];
  if (p === null && next?.t === 'PLACE_TURN')
    return nextTurn({ ...f, tasks: f.tasks.slice(1) }, next.index, s);
  // The moved cowboy placed elsewhere: the turn that opened after its return, looked up again.
  if (p?.kind === 'PLACE_COWBOY' && f.phase === 'PLACEMENT' && s.passed.length < s.turnOrder.length)
    return seat === p.seat || !canPlace(s, p.seat) ? nextTurn(f, p.index, s) : f;
  return null;
}

function nextTurn(f: Flow, index: number, s: CarsonState): Flow | null {
  const prompt = turnPrompt(s, index);
  return prompt ? { ...f, prompt } : null;
}

// ---------------------------------------------------------------- Might is Right (§10.3)

/** Where a tile duel stands in the flow: about to start (its TILE_DUEL task first), or running. */
type Running = { duel: TileDuel; start: boolean; tasks: Task[] };

/**
 * The tile duel in progress: a TILE_DUEL task at the head with no prompt (about to start: the
 * Marksmen's discard offers, the forced plays), or the duel of the open tile prompt (the last
 * seat to choose keeps it, with nobody left waiting, until the reveal or the settlement).
 */
function running(f: Flow): Running | null {
  const [head, ...rest] = f.tasks;
  const p = f.prompt;
  if (p === null && head?.t === 'TILE_DUEL') return { duel: head.duel, start: true, tasks: rest };
  if (p?.kind === 'CHOOSE_DUEL_TILE') return { duel: p.duel, start: false, tasks: f.tasks };
  if (p?.kind === 'CHOOSE_OPTION' && p.purpose === MARKSMAN_DISCARD && p.duel)
    return { duel: p.duel, start: true, tasks: f.tasks };
  return null;
}

/** The duel's next prompt, or the duel kept (its task, or its prompt with nobody waiting). */
function duelStep(s: CarsonState, f: Flow, r: Running): Flow {
  const prompt = tileDuelPrompt(s, r.duel, r.start);
  if (prompt) return { ...f, tasks: r.tasks, prompt };
  if (r.start) return { ...f, tasks: [{ t: 'TILE_DUEL', duel: r.duel }, ...r.tasks], prompt: null };
  const seat = r.duel.seats[0];
  const late = r.duel.revealed;
  return {
    ...f,
    tasks: r.tasks,
    prompt: { seat, kind: 'CHOOSE_DUEL_TILE', waiting: [], need: [], late, duel: r.duel },
  };
}

/** The duel as it was before its discard offer (the offer undone: asked again from the facts). */
function beforeOffer(duel: TileDuel): TileDuel {
  const asked = (duel.discardAsked ?? []).slice(0, -1);
  const { discardAsked: _asked, ...rest } = duel;
  return asked.length > 0 ? { ...rest, discardAsked: asked } : rest;
}

/**
 * Rules 3, Might is Right (§10.3, might.ts): a tile duel goes on from its facts (sealed choices,
 * forced plays and draws, the Marksman's discard, the reveal) to its next prompt, as
 * `startTileDuel` / `tileDuelStep` open it (might.ts `tileDuelPrompt`); after its DUEL, what the
 * duel was for: the winner's action (PERFORM), or the step's next duel or parcel purchases.
 */
function tileDuelFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  const f = s.flow;
  switch (e.type) {
    case 'DUEL_ORDER_CHOSEN':
      return duelChosen(s, e.seat, e.loc);
    case 'DUEL_TILES_CHOSEN': {
      const r = running(f);
      if (!r) return null;
      // A sealed choice while others still choose: agenda.ts (nextSealed) asks the next of them.
      if (!r.start && f.prompt?.kind === 'CHOOSE_DUEL_TILE' && f.prompt.waiting.some((x) => x !== e.seat))
        return null;
      return duelStep(s, f, r);
    }
    case 'OPTION_CHOSEN': {
      const p = f.prompt;
      if (p?.kind !== 'CHOOSE_OPTION' || p.purpose !== MARKSMAN_DISCARD || !p.duel || p.seat !== e.seat)
        return null;
      return duelStep(s, f, { duel: p.duel, start: true, tasks: f.tasks });
    }
    case 'DUEL_TILES_DISCARDED':
    case 'DUEL_TILES_DRAWN':
    case 'SOLO_COWBOY_ON_CARD':
    case 'VP':
      return afterDuelFact(s, e);
    case 'DUEL_TILES_REVEALED': {
      const r = running(f);
      if (!r || r.duel.loc !== e.loc) return null;
      return duelStep(s, f, { ...r, duel: { ...r.duel, revealed: true }, start: false });
    }
    case 'DUEL':
      return e.participants.some((p) => p.tiles) ? tileDuelDone(s, e.loc, e.winner) : null;
    default:
      return null;
  }
}

/** The chooser's next duel (DUEL_ORDER_CHOSEN): it opens now. */
function duelChosen(s: CarsonState, seat: Seat, loc: string): Flow | null {
  const f = s.flow;
  const p = f.prompt;
  const task = f.tasks[0];
  if (p?.kind !== 'CHOOSE_DUEL_ORDER' || p.seat !== seat || !p.locs.includes(loc) || task?.t !== 'DUELS')
    return null;
  return openTileDuel(s, { ...f, prompt: null }, loc);
}

/** A step duel at `loc` opens (runDuelAt): its tile duel starts, before the DUELS task. */
function openTileDuel(s: CarsonState, f: Flow, loc: string): Flow {
  const seats = byPassOrder(s, [...new Set(placementsAt(s, loc).map((x) => x.seat))]);
  const duel: TileDuel = { loc, seats, then: { kind: 'NONE' }, revealed: false };
  return duelStep(s, f, { duel, start: true, tasks: f.tasks });
}

/**
 * Facts between a duel's settlement and the next prompt (draws on running out, the duel's VP, a
 * Standish cowboy onto his card), and a tile duel's own forced plays and draws: the next duel
 * about to start (or just opened by these rules) is looked at again.
 */
function afterDuelFact(s: CarsonState, e: CarsonEvent): Flow | null {
  const f = s.flow;
  if (e.type === 'VP' && e.reason !== 'GUNSMITH_DUEL_WON' && e.reason !== 'SHERIFF_DUEL_LOST') return null;
  const r = running(f);
  if (!r) return null;
  const p = f.prompt;
  if (p?.kind === 'CHOOSE_OPTION') return duelStep(s, f, { ...r, duel: beforeOffer(r.duel) });
  // An open tile prompt nobody answered yet: the duel starts again from the facts.
  if (p?.kind === 'CHOOSE_DUEL_TILE' && p.waiting.length > 0 && !p.duel.revealed)
    return duelStep(s, f, { ...r, start: true });
  return duelStep(s, f, r);
}

/**
 * A tile duel settled (its DUEL): the winner performs the action it was for, or the step's duels
 * go on (agenda.ts `afterDuel` for dice): two or more left, their chooser orders them; one, it
 * opens; none at step 5, the parcel purchases. A Doctor or Undertaker in play (his tasks follow
 * the duel), the Town Hall and step 16's continuation are left to a FLOW.
 */
function tileDuelDone(s: CarsonState, loc: string, winner: Seat): Flow | null {
  const f = s.flow;
  const r = running(f);
  if (!r || r.duel.loc !== loc || holderOf(s, DOCTOR) !== null) return null;
  const then = r.duel.then;
  if (then.kind === 'PERFORM')
    return { ...f, prompt: null, tasks: [{ t: 'PERFORM', seat: winner, action: then.action }, ...r.tasks] };
  const [task, ...rest] = r.tasks;
  if (then.kind !== 'NONE' || task?.t !== 'DUELS' || task.chooser === null) return null;
  const locs = contested(s, task.step);
  const base: Flow = { ...f, tasks: r.tasks, prompt: null };
  if (locs.length >= 2)
    return { ...base, prompt: { seat: task.chooser, kind: 'CHOOSE_DUEL_ORDER', step: task.step, locs } };
  if (locs.length === 1) return openTileDuel(s, base, locs[0]);
  if (task.step !== 'PARCELS' || rest[0]?.t !== 'PARCEL_BUYS') return null;
  return { ...base, tasks: [...parcelClaims(s), ...rest.slice(1)] };
}
