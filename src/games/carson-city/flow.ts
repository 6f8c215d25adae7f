/**
 * The automatic part of the game: an agenda of tasks run until some seat must decide (a prompt)
 * or the game is over. Spec §3 (setup), §4 (round structure), §5 (resolution), §7 (end of round).
 */
import type { Seat } from '../engine';
import { byPassOrder, generalCowboys, mightOf, passIndex, placementsAt, range, retire } from './table';
import { duelRewards, gunsmithReroll } from './duel';
import {
  BUY_VP_PRICE,
  buildSquare,
  MULTI_ACTIONS,
  NEW_COWBOYS,
  ROUNDS,
  STEPS,
  type ActionId,
  type StepId,
} from './data/actions';
import { PARCEL_COUNT } from './data/board';
import { BUILDING_TYPES, type BuildingType } from './data/buildings';
import { GUNSMITH, LAWYER } from './data/personalities';
import { canPlace, contested, MARKSMAN_DUEL_DICE, parcelClaims, rules4 } from './agenda';
import type { Ctx } from './ctx';
import type { DuelParticipant } from './events';
import { estateChoiceTasks, personalityHooks, PERSONALITY_TASKS } from './personalities';
import {
  cashLimit,
  firepower,
  holderOf,
  incomeLevel as incomeLevelFor,
  holds,
  isBuilding,
  isConnected,
  locParcel,
  ownedBuildings,
  ownedParcels,
  buildingPrice,
  parcelPrice,
  propertyTilesLeft,
  townHallRoadOptions,
  turnNumber,
} from './rules';
import { canBuildSomething } from './build';
import { finalScores, result } from './score';
import type { CarsonState, MarksmanDuel, Task, TileDuel } from './state';
import { PORTS } from './ports';

// Shared with the modules from leaf files (no import cycle); re-exported for the core's importers.
export {
  byPassOrder,
  doctorDestinations,
  generalCowboys,
  passIndex,
  placementsAt,
  range,
  retire,
} from './table';
export { duelRewards, gunsmithReroll } from './duel';

export const MAX_ITERATIONS = 100000;

/** Run tasks until a prompt is open or the game is over. */
export function advance(ctx: Ctx): void {
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const flow = ctx.state.flow;
    if (flow.prompt !== null || flow.phase === 'GAME_OVER') return;
    const task = flow.tasks.shift();
    if (!task) throw new Error('Carson City flow stalled: no prompt and no task');
    runTask(ctx, task);
  }
  throw new Error('Carson City flow did not reach a prompt');
}

/** Where each task runs. */
const RUNNERS: Record<Task['t'], (ctx: Ctx, task: Task) => void> = {
  DRAFT: runSetupAndPicks,
  ROUND_START: runSetupAndPicks,
  PICK: runSetupAndPicks,
  SHEETS: runSetupAndPicks,
  REVEAL_SHEETS: runSetupAndPicks,
  GREAT_SERVICE_OFFERS: runSetupAndPicks,
  GREAT_SERVICE: runSetupAndPicks,
  PICKS_DONE: runSetupAndPicks,
  PLACE_TURN: runResolution,
  KIT_SESSION: runResolution,
  STEP: runResolution,
  PERFORM: runResolution,
  WINDOW: runResolution,
  OPEN_PLACE_BUILDING: runResolution,
  DUELS: runResolution,
  PARCEL_BUYS: runResolution,
  BUY_PARCEL: runResolution,
  ESTATE_CHOICES: runResolution,
  ESTATE_PAY: runResolution,
  EDITOR: runResolution,
  EOR_PERSONALITIES: runEndOfRound,
  SOLO_EOR: runEndOfRound,
  EOR_COWBOYS: runEndOfRound,
  EOR_CASH: runEndOfRound,
  EOR_TRACK: runEndOfRound,
  REFILL: runEndOfRound,
  FINAL: runEndOfRound,
  PERSONALITY: runModuleTasks,
  WAGES: runModuleTasks,
  RODEO: runModuleTasks,
  TILE_DUEL: runModuleTasks,
  OUTLAW_ARRIVAL: runModuleTasks,
  OUTLAW_MOVES: runModuleTasks,
  OUTLAW_FIGHTS: runModuleTasks,
  OUTLAW_REWARD: runModuleTasks,
  ESTATE_MAIN: runModuleTasks,
  MARKSMAN_DUEL: runModuleTasks,
};

/** Run one task (also run dry by agenda-resolve.ts `runSilent`). */
export function runTask(ctx: Ctx, task: Task): void {
  RUNNERS[task.t](ctx, task);
}

/**
 * Is the first thing `task` does on `s` to emit an event (or to fail)? Then a dry run of it
 * (agenda-resolve.ts `runSilent`) stops before it changes anything, and need not run it. Only
 * tasks that do so every time are answered true: the round's and the game's milestones, which
 * emit at once, and a cowboy's action or parcel purchase while the cowboy is there (its
 * COWBOY_RETURNED comes first: `perform`, `retire`).
 */
export function emitsFirst(s: CarsonState, task: Task): boolean {
  switch (task.t) {
    case 'ROUND_START':
    case 'PICKS_DONE':
    case 'EOR_PERSONALITIES':
    case 'EOR_TRACK':
    case 'FINAL':
      return true;
    case 'PERFORM':
      return hasPlacement(s, task.seat, `A:${task.action}`);
    case 'BUY_PARCEL':
      return hasPlacement(s, task.seat, `P:${task.parcel}`);
    default:
      return false;
  }
}

/** Has `seat` a cowboy at `loc` (the one `retire` sends back)? */
function hasPlacement(s: CarsonState, seat: Seat, loc: string): boolean {
  return s.placements.some((x) => x.seat === seat && x.loc === loc);
}

/** The draft, the picks and A New Beginning's sheets and Great service done (§3, §4.2, §10.1). */
function runSetupAndPicks(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'DRAFT':
      ctx.prompt({ seat: task.seat, kind: 'CHOOSE_STARTING_PARCEL' });
      return;
    case 'ROUND_START':
      return startRound(ctx);
    case 'PICK':
      s.flow.phase = 'PICK';
      ctx.prompt({ seat: task.seat, kind: 'PICK_CHARACTER', paperboy: false });
      return;
    case 'SHEETS':
      // A New Beginning (§10.1): every seat fills its sheet secretly, all at once. Solo: the
      // player only; nothing changes for Standish (§11.1).
      ctx.prompt({
        seat: 0,
        kind: 'FILL_SHEET',
        waiting: range(s.seatCount).filter((x) => !PORTS.solo.isStandish(s, x)),
      });
      return;
    case 'REVEAL_SHEETS':
      return PORTS.anb.revealSheets(ctx);
    case 'GREAT_SERVICE_OFFERS':
      ctx.push(
        ...PORTS.anb
          .greatServiceQueue(s, (seat) => turnNumber(s, seat))
          .map((seat): Task => ({
            t: 'GREAT_SERVICE',
            seat,
          })),
      );
      return;
    case 'GREAT_SERVICE': {
      const tiles = PORTS.anb.greatServiceTiles(s);
      if (PORTS.anb.greatServiceReady(s, task.seat) && tiles.length > 0)
        ctx.prompt({ seat: task.seat, kind: 'GREAT_SERVICE', tiles });
      return;
    }
    case 'PICKS_DONE': {
      // Solo: Standish is always first (§11.1 step 3, §11.3).
      const solo = PORTS.solo.soloOf(s);
      const order = solo
        ? [solo.standish, PORTS.solo.player]
        : Array.from({ length: s.seatCount }, (_, i) => i).sort(
            (a, b) => turnNumber(s, a) - turnNumber(s, b),
          );
      ctx.emit({ type: 'TURN_ORDER_SET', turnOrder: order });
      s.flow.phase = 'PLACEMENT';
      ctx.push({ t: 'PLACE_TURN', index: 0 });
      // Outlaws move at the end of Phase 1, after the picks (§4 step 4, §10.5).
      if (PORTS.outlaws.outlawsOn(s) && s.outlaws!.figures.length > 0)
        ctx.push({ t: 'OUTLAW_MOVES', remaining: null });
      return;
    }
  }
}

/** Phase 2 and 3: turns, steps, actions, building windows, duels, parcel purchases (§4.3, §5). */
function runResolution(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'PLACE_TURN':
      return PORTS.kit.kitOn(s) ? PORTS.kit.kitOpening(ctx) : placementTurn(ctx, task.index);
    case 'KIT_SESSION':
      return PORTS.kit.kitSession(ctx, task.seq);
    case 'STEP':
      return runStep(ctx, task.step);
    case 'PERFORM':
      return perform(ctx, task.seat, task.action);
    case 'WINDOW':
      return buildWindow(ctx, task.queue);
    case 'OPEN_PLACE_BUILDING':
      ctx.prompt({
        seat: task.seat,
        kind: 'PLACE_BUILDING',
        mode: task.only ? 'PURCHASE' : 'WINDOW',
        only: task.only,
      });
      return;
    case 'DUELS':
      return stepDuels(ctx, task.step, task.chooser);
    case 'PARCEL_BUYS':
      // Outlaws: cowboys on an outlaw's parcel fight it at building income (§10.5), they buy nothing.
      ctx.push(...parcelClaims(s));
      return;
    case 'BUY_PARCEL': {
      retire(ctx, task.seat, `P:${task.parcel}`, 'PARCEL_PURCHASE');
      // Solo: Standish's property tile goes down for free (§11.5).
      if (PORTS.solo.isStandish(s, task.seat)) return PORTS.solo.standishBuysParcel(ctx, task.parcel);
      const price = parcelPrice(s, task.parcel, task.seat);
      // The cheap checks first (all three are pure; propertyTilesLeft counts the board).
      if (
        s.parcels[task.parcel].owner === null &&
        s.players[task.seat].money >= price &&
        propertyTilesLeft(s, task.seat) > 0
      ) {
        ctx.prompt({ seat: task.seat, kind: 'BUY_PARCEL', parcel: task.parcel, price });
      }
      return;
    }
    case 'ESTATE_CHOICES':
      // Grocer's deferred choice, then dynamite on Mines, in pass order (§5.7 step 4.2).
      ctx.push(...estateChoiceTasks(s, byPassOrder(s, range(s.seatCount))));
      return;
    case 'ESTATE_PAY':
      return payEstate(ctx);
    case 'EDITOR':
      for (let seat = 0; seat < s.seatCount; seat++) {
        for (const hook of personalityHooks(s, seat)) hook.afterIncome?.(ctx, seat);
      }
      return;
  }
}

/** The end of the round and of the game (§7, §8). */
function runEndOfRound(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'EOR_PERSONALITIES':
      s.flow.phase = 'END_OF_ROUND';
      s.flow.step = -1;
      ctx.emit({ type: 'ROUND_ENDED', round: s.round });
      // Personality end-of-round effects before the cash limit (§13 #42), one task per tile.
      ctx.push(...endOfRoundTasks(s));
      return;
    case 'SOLO_EOR':
      return PORTS.solo.standishEndOfRound(ctx);
    case 'EOR_COWBOYS': {
      const k = NEW_COWBOYS[s.round] ?? 0;
      if (k === 0) return;
      for (let seat = 0; seat < s.seatCount; seat++) {
        if (PORTS.solo.isStandish(s, seat)) continue; // his cowboys are unlimited (§11.1)
        const room = Math.min(10 - s.players[seat].reserve, generalCowboys(s, seat), k);
        if (room > 0) ctx.emit({ type: 'COWBOYS_GAINED', seat, count: room, reason: 'NEW_ROUND' });
      }
      return;
    }
    case 'EOR_CASH': {
      if (task.queue.length === 0) return;
      const seat = task.queue[0];
      ctx.push({ t: 'EOR_CASH', queue: task.queue.slice(1) });
      const money = s.players[seat].money;
      const min = Math.max(0, money - cashLimit(s, seat));
      // Spending below the limit is voluntary (§13 #18); below $10 it could buy nothing.
      if (min > 0 || money >= 10) ctx.prompt({ seat, kind: 'SPEND_CASH', min, max: money });
      return;
    }
    case 'EOR_TRACK':
      ctx.emit({ type: 'ROUND_CLEANUP', round: s.round });
      ctx.push({ t: 'REFILL' }, { t: 'ROUND_START' });
      flipTiles(ctx);
      return;
    case 'REFILL':
      return refillTrack(ctx);
    case 'FINAL': {
      const { scores, ranking } = finalScores(s);
      const over = { ...s, final: scores, flow: { ...s.flow, phase: 'GAME_OVER' as const } };
      ctx.emit({ type: 'GAME_ENDED', scores, ranking, result: result(over) });
      s.flow.phase = 'GAME_OVER';
      s.flow.tasks = [];
      return;
    }
  }
}

/** Personalities' and the modules' tasks (§9, §10). */
function runModuleTasks(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'PERSONALITY':
      PERSONALITY_TASKS[task.stage](ctx, task);
      return;
    case 'WAGES':
      return horseWages(ctx, task.seat, task.count);
    case 'RODEO':
      return PORTS.horses.runRodeo(ctx, (seat) => passIndex(s, seat));
    case 'TILE_DUEL':
      return PORTS.might.startTileDuel(ctx, task.duel);
    case 'OUTLAW_ARRIVAL':
      PORTS.outlaws.jailCheck(ctx);
      return PORTS.outlaws.outlawArrival(ctx);
    case 'OUTLAW_MOVES':
      return PORTS.outlaws.outlawMoves(ctx, task.remaining);
    case 'OUTLAW_FIGHTS':
      return PORTS.outlaws.outlawFights(ctx);
    case 'OUTLAW_REWARD':
      return PORTS.outlaws.outlawReward(ctx, task);
    case 'ESTATE_MAIN':
      return estateMain(ctx);
    case 'MARKSMAN_DUEL':
      return startMarksmanDuel(ctx, task.duel);
  }
}

// ---------------------------------------------------------------- rounds, picks, placement

function startRound(ctx: Ctx): void {
  const s = ctx.state;
  const round = s.flow.phase === 'DRAFT' ? 1 : s.round + 1;
  let pickOrder: Seat[];
  // Solo: only the player picks; Standish takes no personality (§11.2).
  if (round === 1) pickOrder = PORTS.solo.soloOf(s) ? [PORTS.solo.player] : s.firstOrder.slice();
  else if (PORTS.solo.soloOf(s)) pickOrder = [PORTS.solo.player];
  else if (s.teacherFirst !== null) {
    // Yellow Teacher: picks first, the others in pass order (§9.2 #17).
    pickOrder = [s.teacherFirst, ...s.passTrack.filter((x) => x !== s.teacherFirst)];
  } else pickOrder = s.passTrack.slice();
  ctx.emit({ type: 'ROUND_STARTED', round, pickOrder });
  s.flow.phase = 'PICK';
  // A New Beginning: Great service done comes after all picks, before the turn order (§10.1).
  const service: Task[] = s.anb ? [{ t: 'GREAT_SERVICE_OFFERS' }] : [];
  ctx.push(...pickOrder.map((seat): Task => ({ t: 'PICK', seat })), ...service, { t: 'PICKS_DONE' });
  // Outlaws arrive at the start of rounds 2-4, before the picks (§4 step 4, §10.5).
  if (PORTS.outlaws.outlawsOn(s) && round >= 2) ctx.push({ t: 'OUTLAW_ARRIVAL' });
}

/** Can this seat place anything at all? Otherwise it must pass (§4.3, inferred: automatic). */
function placementTurn(ctx: Ctx, index: number): void {
  const s = ctx.state;
  const n = s.turnOrder.length;
  const solo = PORTS.solo.soloOf(s);
  // Solo: up to 5 Standish cards and a pass between the player's turns.
  for (let k = 0; k < (solo ? 8 * n : n); k++) {
    const i = (index + k) % n;
    const seat = s.turnOrder[i];
    if (s.passed.includes(seat)) continue;
    if (solo && seat === solo.standish) {
      // Solo (§11.3): Standish draws and resolves one card per turn while he has cards, then passes.
      if (PORTS.solo.standishHasCards(s)) PORTS.solo.playStandishCard(ctx);
      else ctx.emit({ type: 'PASSED', seat, position: s.passed.length + 1, automatic: true });
      continue;
    }
    if (!canPlace(s, seat)) {
      ctx.emit({ type: 'PASSED', seat, position: s.passed.length + 1, automatic: true });
      continue;
    }
    ctx.prompt({ seat, kind: 'PLACE_COWBOY', index: i });
    return;
  }
  endPlacement(ctx);
}

/** Everyone has passed (locked): the pass-order track is complete (§4.1); Phase 3 follows. */
export function endPlacement(ctx: Ctx): void {
  const s = ctx.state;
  ctx.emit({ type: 'PLACEMENT_ENDED', passTrack: s.passed.slice() });
  s.flow.phase = 'RESOLVE';
  ctx.push(
    ...STEPS.map((step): Task => ({ t: 'STEP', step })),
    // Horses: the rodeo opens Phase 4 (§7 step 1).
    ...(PORTS.horses.horsesOn(s) ? [{ t: 'RODEO' } as Task] : []),
    { t: 'EOR_PERSONALITIES' },
    // Solo: Standish's card VP and cleanup before the cash limit (§11.8, §13 #42).
    ...(PORTS.solo.soloOf(s) ? [{ t: 'SOLO_EOR' } as Task] : []),
    { t: 'EOR_COWBOYS' },
    { t: 'EOR_CASH', queue: s.passed.filter((x) => !PORTS.solo.isStandish(s, x)) },
    // The game ends after round 4's cash-limit spending (§4.5).
    s.round < ROUNDS ? { t: 'EOR_TRACK' } : { t: 'FINAL' },
  );
}

// ---------------------------------------------------------------- duels (§5.2)

/**
 * Roll a duel among `seats` at `loc`; the winner has the highest die + firepower, ties to the
 * earliest on the pass track (§13 #5). Base game only: Might is Right uses tiles (might.ts). Losers' cowboys go back to their reserves (DUEL event).
 * Returns the winner and the follow-up tasks (Doctor/Undertaker), which the caller schedules
 * before its own continuation.
 */
export function duel(ctx: Ctx, loc: string, seats: Seat[]): { winner: Seat; after: Task[] } {
  const s = ctx.state;
  if (PORTS.solo.soloOf(s)) return soloDuel(ctx, loc);
  const ordered = byPassOrder(s, seats);
  const participants: DuelParticipant[] = ordered.map((seat) => {
    const placed = s.placements.find((p) => p.seat === seat && p.loc === loc);
    const dice = placed && placed.dynamite ? [ctx.rng.die(), ctx.rng.die()] : [ctx.rng.die()];
    const fp = firepower(s, seat);
    return { seat, dice, firepower: fp, total: fp + dice.reduce((a, b) => a + b, 0) };
  });
  return finishDiceDuel(ctx, loc, ordered, participants);
}

/** The red Gunsmith's reroll, then the DUEL event and its rewards (dice duels, §5.2). */
function finishDiceDuel(
  ctx: Ctx,
  loc: string,
  ordered: Seat[],
  participants: DuelParticipant[],
): { winner: Seat; after: Task[] } {
  const s = ctx.state;
  const best = () => participants.reduce((b, p) => (p.total > b.total ? p : b), participants[0]);
  // Red Gunsmith: may reroll once per duel. Rerolling only when not winning is the dominant
  // choice (a reroll cannot make a winning Gunsmith win more), so the engine applies it.
  for (const p of participants) {
    if (holds(s, p.seat, GUNSMITH, 'RED') && best().seat !== p.seat) gunsmithReroll(ctx, p);
  }
  const winner = best().seat;
  const losers = ordered.filter((x) => x !== winner);
  ctx.emit({ type: 'DUEL', loc, participants, winner, losers });
  return { winner, after: duelRewards(ctx, winner, losers) };
}

/** A New Beginning: does a Marksman take part (then the duel is a MARKSMAN_DUEL task, §10.1)? */
function marksmanIn(s: CarsonState, seats: Seat[]): boolean {
  return seats.some((x) => PORTS.anb.hasPower(s, x, 'marksman'));
}

function marksmanDuelTask(s: CarsonState, loc: string, seats: Seat[], then: TileDuel['then']): Task {
  return { t: 'MARKSMAN_DUEL', duel: { loc, seats: byPassOrder(s, seats), then, rolls: [], kept: [] } };
}

/**
 * A New Beginning, Marksman (§10.1, §5.2 step 3): everyone rolls at once (a Marksman two dice per
 * die he needs, DICE_ROLLED `MARKSMAN`); then each Marksman with a real choice keeps one die of
 * each pair (CHOOSE_DUEL_DIE, in pass order, seeing every die); then the duel is settled.
 */
export function startMarksmanDuel(ctx: Ctx, duel: MarksmanDuel): void {
  const s = ctx.state;
  const rolls: number[][] = [];
  const kept: (number[] | null)[] = [];
  for (const seat of duel.seats) {
    const placed = s.placements.find((p) => p.seat === seat && p.loc === duel.loc);
    const count = placed && placed.dynamite ? 2 : 1;
    if (PORTS.solo.isStandish(s, seat)) {
      // Solo: Standish never rolls; his strength is his cards (§11.6).
      rolls.push([]);
      kept.push([]);
    } else if (PORTS.anb.hasPower(s, seat, 'marksman')) {
      const rolled = Array.from({ length: 2 * count }, () => ctx.rng.die());
      ctx.emit({ type: 'DICE_ROLLED', seat, purpose: 'MARKSMAN', dice: rolled });
      const options = PORTS.anb.marksmanOptions(rolled);
      rolls.push(rolled);
      kept.push(options.length === 1 ? options[0] : null);
    } else {
      const dice = Array.from({ length: count }, () => ctx.rng.die());
      // Agenda rules 4: the other duellists' dice are a fact too (the Marksmen choose seeing them).
      if (rules4(s)) ctx.emit({ type: 'DICE_ROLLED', seat, purpose: MARKSMAN_DUEL_DICE, dice });
      rolls.push(dice);
      kept.push(dice);
    }
  }
  marksmanDuelStep(ctx, { ...duel, rolls, kept });
}

/** The next Marksman's choice, or the settlement (then what follows the duel, as with tiles). */
export function marksmanDuelStep(ctx: Ctx, duel: MarksmanDuel): void {
  const s = ctx.state;
  const i = duel.kept.findIndex((k) => k === null);
  if (i >= 0) {
    ctx.prompt({
      seat: duel.seats[i],
      kind: 'CHOOSE_DUEL_DIE',
      duel,
      options: PORTS.anb.marksmanOptions(duel.rolls[i]),
    });
    return;
  }
  if (PORTS.solo.soloOf(s)) return soloMarksmanSettle(ctx, duel);
  const participants: DuelParticipant[] = duel.seats.map((seat, k) => {
    const dice = duel.kept[k]!.slice();
    const fp = firepower(s, seat);
    const marksman = PORTS.anb.hasPower(s, seat, 'marksman') ? { rolled: duel.rolls[k].slice() } : {};
    return { seat, dice, ...marksman, firepower: fp, total: fp + dice.reduce((a, b) => a + b, 0) };
  });
  const { winner, after } = finishDiceDuel(ctx, duel.loc, duel.seats, participants);
  const then = duel.then;
  if (then.kind === 'PERFORM') ctx.push(...after, { t: 'PERFORM', seat: winner, action: then.action });
  else if (then.kind === 'TOWN_HALL') {
    ctx.emit({ type: 'TOWN_HALL_OCCUPIED', seat: winner, previous: then.previous });
    ctx.push(...after);
  } else ctx.push(...after);
}

/**
 * Solo with A New Beginning: the player is a Marksman (§10.1, §11.1 "nothing changes for
 * Standish"): his kept die (dice) against Standish's strength (§11.6, Standish wins ties); a red
 * Gunsmith rerolls a losing roll, both dice of each pair, keeping the better (as in gunsmithReroll).
 */
function soloMarksmanSettle(ctx: Ctx, duel: MarksmanDuel): void {
  const s = ctx.state;
  const solo = PORTS.solo.soloOf(s)!;
  const k = duel.seats.indexOf(PORTS.solo.player);
  let dice = duel.kept[k]!.slice();
  let rolled = duel.rolls[k].slice();
  const total = () => firepower(s, PORTS.solo.player) + dice.reduce((a, b) => a + b, 0);
  if (holds(s, PORTS.solo.player, GUNSMITH, 'RED') && total() <= PORTS.solo.currentStrength(s)) {
    const old = dice.slice();
    const again = PORTS.anb.marksmanDice(ctx, dice.length);
    dice = again.dice;
    rolled = again.rolled;
    ctx.emit({
      type: 'DICE_ROLLED',
      seat: PORTS.solo.player,
      purpose: `GUNSMITH_REROLL:${old.join('+')}`,
      dice,
    });
  }
  const winner = PORTS.solo.standishDuel(ctx, duel.loc, dice, rolled);
  const after = duelRewards(ctx, winner, [winner === PORTS.solo.player ? solo.standish : PORTS.solo.player]);
  const then = duel.then;
  if (then.kind === 'PERFORM') ctx.push(...after, { t: 'PERFORM', seat: winner, action: then.action });
  else ctx.push(...after);
}

/**
 * Solo duel (§11.6): the player rolls (two dice with dynamite; the red Gunsmith rerolls a losing
 * roll), Standish never rolls: his strength is his cards plus his personality card.
 */
function soloDuel(ctx: Ctx, loc: string): { winner: Seat; after: Task[] } {
  const s = ctx.state;
  const solo = PORTS.solo.soloOf(s)!;
  const placed = s.placements.find((p) => p.seat === PORTS.solo.player && p.loc === loc);
  let dice = placed && placed.dynamite ? [ctx.rng.die(), ctx.rng.die()] : [ctx.rng.die()];
  const total = () => firepower(s, PORTS.solo.player) + dice.reduce((a, b) => a + b, 0);
  const strength = PORTS.solo.currentStrength(s);
  if (holds(s, PORTS.solo.player, GUNSMITH, 'RED') && total() <= strength) {
    const old = dice.slice();
    dice = dice.map(() => ctx.rng.die());
    ctx.emit({
      type: 'DICE_ROLLED',
      seat: PORTS.solo.player,
      purpose: `GUNSMITH_REROLL:${old.join('+')}`,
      dice,
    });
  }
  const winner = PORTS.solo.standishDuel(ctx, loc, dice);
  const loser = winner === PORTS.solo.player ? solo.standish : PORTS.solo.player;
  return { winner, after: duelRewards(ctx, winner, [loser]) };
}

/**
 * Might is Right (§10.3): the duel is a task (sealed tile choices need prompts), run where the die
 * would have been rolled; `then` is what the synchronous callers do with the winner.
 */
function tileDuelTask(s: CarsonState, loc: string, seats: Seat[], then: TileDuel['then']): Task {
  return { t: 'TILE_DUEL', duel: { loc, seats: byPassOrder(s, seats), then, revealed: false } };
}

// ---------------------------------------------------------------- resolution steps (§5.1)

function runStep(ctx: Ctx, step: StepId): void {
  const s = ctx.state;
  s.flow.step = STEPS.indexOf(step);
  if (step === 'PARCELS') {
    // Lawyer (§9.2 #18): challengers on the Lawyer's parcels go back before any duel.
    const lawyer = holderOf(s, LAWYER, 'YELLOW');
    if (lawyer !== null) {
      for (const lp of s.placements.filter(
        (p) => p.seat === lawyer && p.loc.startsWith('P:') && !PORTS.outlaws.isOutlawLoc(s, p.loc),
      )) {
        for (const other of s.placements.filter((p) => p.loc === lp.loc && p.seat !== lawyer)) {
          ctx.emit({
            type: 'COWBOY_RETURNED',
            seat: other.seat,
            loc: other.loc,
            to: 'RESERVE',
            white: other.white,
            reason: 'LAWYER',
          });
        }
      }
    }
    ctx.push({ t: 'DUELS', step: 'PARCELS', chooser: null }, { t: 'PARCEL_BUYS' });
    return;
  }
  if (step === 'ESTATE') {
    // Outlaws: the fights come first, "before building income" (§5.7 step 1, §10.5).
    if (PORTS.outlaws.outlawsOn(s)) {
      ctx.push({ t: 'OUTLAW_FIGHTS' }, { t: 'ESTATE_MAIN' });
      return;
    }
    estateMain(ctx);
    return;
  }
  const action = step as ActionId;
  const loc = `A:${action}`;
  const here = placementsAt(s, loc);
  if (MULTI_ACTIONS.includes(action)) {
    const seats = byPassOrder(s, [...new Set(here.map((p) => p.seat))]);
    if (action === 'WAGES' && PORTS.horses.horsesOn(s)) {
      // Horses: each seat may buy a horse instead of $4; seats resolve in pass order (§10.6).
      ctx.push(
        ...seats.map((seat): Task => ({
          t: 'WAGES',
          seat,
          count: here.filter((p) => p.seat === seat).length,
        })),
      );
      return;
    }
    for (const seat of seats) {
      const n = here.filter((p) => p.seat === seat).length;
      for (const p of here.filter((x) => x.seat === seat)) {
        ctx.emit({ type: 'COWBOY_RETURNED', seat, loc, to: 'GENERAL', white: p.white, reason: action });
      }
      if (PORTS.solo.isStandish(s, seat)) continue; // he performs no other action (§11.5)
      if (action === 'WAGES') ctx.emit({ type: 'MONEY', seat, delta: 4 * n, reason: 'WAGES' });
      else ctx.emit({ type: 'ROADS_GAINED', seat, count: n, reason: 'ROAD' });
    }
    return;
  }
  const tasks: Task[] = [];
  // Singer no-duel cowboys act first and never duel (§9.2 #11).
  for (const p of here.filter((x) => x.noDuel)) tasks.push({ t: 'PERFORM', seat: p.seat, action });
  const others = here.filter((x) => !x.noDuel);
  if (others.length === 1) tasks.push({ t: 'PERFORM', seat: others[0].seat, action });
  else if (others.length > 1 && mightOf(s)) {
    tasks.push(
      tileDuelTask(
        s,
        loc,
        others.map((p) => p.seat),
        { kind: 'PERFORM', action },
      ),
    );
  } else if (
    others.length > 1 &&
    marksmanIn(
      s,
      others.map((p) => p.seat),
    )
  ) {
    tasks.push(
      marksmanDuelTask(
        s,
        loc,
        others.map((p) => p.seat),
        { kind: 'PERFORM', action },
      ),
    );
  } else if (others.length > 1) {
    const { winner, after } = duel(
      ctx,
      loc,
      others.map((p) => p.seat),
    );
    tasks.push(...after, { t: 'PERFORM', seat: winner, action });
  }
  if (buildSquare(action) >= 0) tasks.push({ t: 'WINDOW', queue: byPassOrder(s, range(s.seatCount)) });
  ctx.push(...tasks);
}

function perform(ctx: Ctx, seat: Seat, action: ActionId): void {
  const s = ctx.state;
  const loc = `A:${action}`;
  const placed = s.placements.find((p) => p.seat === seat && p.loc === loc);
  const singerExtra = placed?.extra ?? false;
  retire(ctx, seat, loc, action);
  const square = buildSquare(action);
  // Solo: Standish only buys buildings (free); elsewhere his cowboy only duelled (§11.5).
  if (PORTS.solo.isStandish(s, seat)) {
    if (square >= 0) PORTS.solo.standishBuysBuilding(ctx, square);
    return;
  }
  if (square >= 0) {
    const building = s.track[square];
    if (building === null) return;
    const price = buildingPrice(s, seat, square);
    if (s.players[seat].money < price) return; // cannot pay: must decline
    ctx.prompt({ seat, kind: 'BUY_BUILDING', square, building, price });
    return;
  }
  const vpPrice = BUY_VP_PRICE[action];
  if (vpPrice !== undefined) {
    if (s.players[seat].money >= vpPrice) ctx.prompt({ seat, kind: 'BUY_VP', price: vpPrice });
    return;
  }
  switch (action) {
    case 'AMMUNITION':
      ctx.emit({ type: 'THREE_GUNS_TAKEN', seat, reason: 'AMMUNITION' });
      return;
    case 'ROADS':
      ctx.emit({ type: 'ROADS_GAINED', seat, count: 3, reason: 'ROADS' });
      return;
    case 'PARCEL_INCOME':
      ctx.emit({ type: 'MONEY', seat, delta: 2 * ownedParcels(s, seat).length, reason: 'PARCEL_INCOME' });
      return;
    case 'COWBOY_INCOME':
      ctx.emit({ type: 'MONEY', seat, delta: 2 * firepower(s, seat), reason: 'COWBOY_INCOME' });
      return;
    case 'GAMBLING': {
      const dice = [ctx.rng.die(), ctx.rng.die()];
      // Red Singer's extra cowboy: the product of the dice (§9.1 #11).
      const amount = singerExtra ? dice[0] * dice[1] : dice[0] + dice[1];
      ctx.emit({ type: 'DICE_ROLLED', seat, purpose: singerExtra ? 'GAMBLING_PRODUCT' : 'GAMBLING', dice });
      ctx.emit({ type: 'MONEY', seat, delta: amount, reason: 'GAMBLING' });
      return;
    }
    case 'VP_PARCELS':
      ctx.emit({
        type: 'VP',
        seat,
        delta: Math.floor(ownedParcels(s, seat).length / 2),
        reason: 'VP_PARCELS',
      });
      return;
    case 'VP_COWBOYS':
      ctx.emit({ type: 'VP', seat, delta: Math.floor(firepower(s, seat) / 2), reason: 'VP_COWBOYS' });
      return;
    case 'VP_BUILDINGS':
      ctx.emit({ type: 'VP', seat, delta: ownedBuildings(s, seat).length, reason: 'VP_BUILDINGS' });
      return;
    default:
      return;
  }
}

/**
 * Horses, Wages for one seat (§10.6): its cowboys leave; one of them may pay $4 for a horse
 * instead of receiving $4 (one horse per player per round). The other cowboys' wages are paid
 * first, so they can fund the horse (decision); the choice is BUY_HORSE or DECLINE_ACTION.
 */
function horseWages(ctx: Ctx, seat: Seat, count: number): void {
  const s = ctx.state;
  for (const p of placementsAt(s, 'A:WAGES').filter((x) => x.seat === seat)) {
    ctx.emit({ type: 'COWBOY_RETURNED', seat, loc: p.loc, to: 'GENERAL', white: p.white, reason: 'WAGES' });
  }
  if (!PORTS.horses.canBuy(s, seat, count)) {
    ctx.emit({ type: 'MONEY', seat, delta: 4 * count, reason: 'WAGES' });
    return;
  }
  if (count > 1) ctx.emit({ type: 'MONEY', seat, delta: 4 * (count - 1), reason: 'WAGES' });
  ctx.prompt({ seat, kind: 'BUY_HORSE', price: PORTS.horses.price });
}

/** Pending-placement window after each building square, in pass order (§5.6, §13 #8). */
function buildWindow(ctx: Ctx, queue: Seat[]): void {
  const s = ctx.state;
  for (let i = 0; i < queue.length; i++) {
    const seat = queue[i];
    const p = s.players[seat];
    if (p.pending.length === 0) continue;
    if (PORTS.solo.isStandish(s, seat)) {
      // Solo: his pending buildings go down at the end of any Building purchase action (§11.5).
      PORTS.solo.standishPlacePending(ctx);
      continue;
    }
    if (!canBuildSomething(s, seat) && p.roads === 0) continue;
    ctx.push({ t: 'WINDOW', queue: queue.slice(i + 1) });
    ctx.prompt({ seat, kind: 'PLACE_BUILDING', mode: 'WINDOW', only: null });
    return;
  }
}

/** Building income after the outlaw fights: Town Hall, attack duels, choices, payment (§5.7). */
function estateMain(ctx: Ctx): void {
  const after = townHallContest(ctx);
  ctx.push(
    ...after,
    { t: 'DUELS', step: 'ESTATE', chooser: null },
    { t: 'ESTATE_CHOICES' },
    { t: 'ESTATE_PAY' },
    { t: 'EDITOR' },
  );
}

/** Several duels in one step: the earliest passer among those involved orders them (§13 #9). */
function stepDuels(ctx: Ctx, step: 'PARCELS' | 'ESTATE', chooser: Seat | null): void {
  const s = ctx.state;
  const locs = contested(s, step);
  if (locs.length === 0) return;
  // Solo: the player chooses the order of several duels (§11.5).
  if (chooser === null && PORTS.solo.soloOf(s)) chooser = PORTS.solo.player;
  if (chooser === null) {
    const involved = new Set<Seat>();
    for (const loc of locs) for (const p of placementsAt(s, loc)) involved.add(p.seat);
    chooser = byPassOrder(s, [...involved])[0];
  }
  if (locs.length === 1) {
    ctx.push({ t: 'DUELS', step, chooser });
    runDuelAt(ctx, locs[0]);
    return;
  }
  ctx.push({ t: 'DUELS', step, chooser });
  ctx.prompt({ seat: chooser, kind: 'CHOOSE_DUEL_ORDER', step, locs });
}

/** Duel at a parcel or building location (called by the chooser's command or automatically). */
export function runDuelAt(ctx: Ctx, loc: string): void {
  const seats = [...new Set(placementsAt(ctx.state, loc).map((p) => p.seat))];
  if (mightOf(ctx.state)) {
    ctx.push(tileDuelTask(ctx.state, loc, seats, { kind: 'NONE' }));
    return;
  }
  if (marksmanIn(ctx.state, seats)) {
    ctx.push(marksmanDuelTask(ctx.state, loc, seats, { kind: 'NONE' }));
    return;
  }
  const { after } = duel(ctx, loc, seats);
  ctx.push(...after);
}

/** Town Hall duel at the start of building income (§6.3). */
function townHallContest(ctx: Ctx): Task[] {
  const s = ctx.state;
  if (s.townHall.parcel === null) return [];
  const loc = `B:${s.townHall.parcel}`;
  const challengers = placementsAt(s, loc).map((p) => p.seat);
  if (challengers.length === 0) return [];
  const occupant = s.townHall.occupant;
  const seats = occupant === null ? challengers : [occupant, ...challengers];
  if (seats.length === 1) {
    ctx.emit({ type: 'TOWN_HALL_OCCUPIED', seat: seats[0], previous: null });
    return [];
  }
  if (mightOf(s)) return [tileDuelTask(s, loc, seats, { kind: 'TOWN_HALL', previous: occupant })];
  if (marksmanIn(s, seats))
    return [marksmanDuelTask(s, loc, seats, { kind: 'TOWN_HALL', previous: occupant })];
  const { winner, after } = duel(ctx, loc, seats);
  ctx.emit({ type: 'TOWN_HALL_OCCUPIED', seat: winner, previous: occupant });
  return after;
}

/** Building income (§5.7 step 4). */
function payEstate(ctx: Ctx): void {
  const s = ctx.state;
  // Horses, stable 3: one Ranch doubled per horse there (never with the Grocer, §5.7 step 4.2).
  const horseDoubled = new Set<number>();
  if (PORTS.horses.horsesOn(s)) {
    for (let seat = 0; seat < s.seatCount; seat++) {
      const parcels = PORTS.horses.ranchesToDouble(s, seat, (q) => incomeLevelFor(s, q));
      if (parcels.length === 0) continue;
      ctx.emit({ type: 'RANCHES_DOUBLED', seat, parcels });
      for (const q of parcels) horseDoubled.add(q);
    }
  }
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    if (cell.owner === null || !isBuilding(cell.content)) continue;
    const owner = cell.owner;
    const building = cell.content as BuildingType;
    const base = incomeLevelFor(s, p);
    const op = s.players[owner];
    let multiplier = 1;
    if (op.doubled === building || horseDoubled.has(p)) multiplier = 2;
    else if (building === 'MINE' && op.dynamitedMines.includes(p)) multiplier = 3;
    const amount = base * multiplier;
    const attackers = placementsAt(s, `B:${p}`).filter((x) => x.seat !== owner);
    const attacker = attackers.length > 0 ? attackers[0].seat : null;
    const stolen = attacker === null ? 0 : Math.floor(amount / 2);
    if (base === 0 && attacker === null) continue;
    // Outlaws: an undefeated outlaw on it, the owner receives half rounded down, the rest is
    // lost (§5.7 step 4.3; not for the yellow Heroes). Its attackers all lost the fight.
    if (attacker === null && PORTS.outlaws.outlawHalves(s, p)) {
      ctx.emit({
        type: 'INCOME',
        owner,
        parcel: p,
        building,
        base,
        multiplier,
        amount,
        attacker,
        stolen,
        received: Math.floor(amount / 2),
        outlaw: true,
      });
      continue;
    }
    ctx.emit({
      type: 'INCOME',
      owner,
      parcel: p,
      building,
      base,
      multiplier,
      amount,
      attacker,
      stolen,
      received: amount - stolen,
    });
  }
  // Solo: his income, stolen halves included, becomes VP at once (§11.7).
  if (PORTS.solo.soloOf(s)) PORTS.solo.convertStandishIncome(ctx);
  // Attackers and defenders have acted: to the general reserve (§4.4).
  for (const pl of s.placements.filter(
    (x) => x.loc.startsWith('B:') && locParcel(x.loc) !== s.townHall.parcel,
  )) {
    ctx.emit({
      type: 'COWBOY_RETURNED',
      seat: pl.seat,
      loc: pl.loc,
      to: 'GENERAL',
      white: pl.white,
      reason: 'ESTATE',
    });
  }
}

// ---------------------------------------------------------------- building track (§7 step 7, §6.3)

/** Slide buildings to the cheapest squares, then draw into empty squares cheapest first (§13 #45). */
export function refillTrack(ctx: Ctx): void {
  const s = ctx.state;
  const kept = s.track.filter((b): b is BuildingType => b !== null);
  const compact: (BuildingType | null)[] = [...kept, ...Array(7 - kept.length).fill(null)];
  if (JSON.stringify(compact) !== JSON.stringify(s.track))
    ctx.emit({ type: 'TRACK_SHIFTED', track: compact });
  for (let square = 0; square < 7; square++) {
    if (s.track[square] !== null) continue;
    const building = drawFromBag(ctx, false);
    if (building === null) return;
    if (building === 'TOWN_HALL') {
      ctx.emit({ type: 'BUILDING_DRAWN', square: null, building, reason: 'TOWN_HALL' });
      ctx.push({ t: 'REFILL' });
      openTownHallPrompt(ctx);
      return;
    }
    ctx.emit({ type: 'BUILDING_DRAWN', square, building, reason: 'REFILL' });
  }
}

/** Draw one building uniformly from the bag (a multiset); null when empty. */
export function drawFromBag(ctx: Ctx, excludeTownHall: boolean): BuildingType | null {
  const s = ctx.state;
  const pool: BuildingType[] = [];
  for (const t of BUILDING_TYPES) {
    if (excludeTownHall && t === 'TOWN_HALL') continue;
    for (let i = 0; i < s.bag[t]; i++) pool.push(t);
  }
  if (pool.length === 0) return null;
  return pool[ctx.rng.int(0, pool.length - 1)];
}

/** Unowned, empty, road-connected parcels (§6.3); if none, those reachable with fewest new roads. */
export function townHallOptions(s: CarsonState): { parcel: number; roads: number[] }[] {
  const direct: { parcel: number; roads: number[] }[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    // Not on an outlaw's parcel (§6.3 inferred, §10.5).
    if (cell.owner === null && cell.content === null && !PORTS.outlaws.hasOutlaw(s, p) && isConnected(s, p))
      direct.push({ parcel: p, roads: [] });
  }
  return direct.length > 0 ? direct : townHallRoadOptions(s);
}

function openTownHallPrompt(ctx: Ctx): void {
  const s = ctx.state;
  if (townHallOptions(s).length === 0) return; // no unowned empty parcel at all: it stays out
  ctx.prompt({ seat: s.passTrack[0], kind: 'PLACE_TOWN_HALL' });
}

/** End-of-round flips (§7 step 8): Prospector to red without Mines, Cowboy to yellow without Ranches. */
function flipTiles(ctx: Ctx): void {
  const s = ctx.state;
  const gone = (t: BuildingType) => s.bag[t] === 0 && !s.track.includes(t);
  for (const tile of s.tiles) {
    if (tile.id === 9 && tile.side === 'YELLOW' && gone('MINE'))
      ctx.emit({ type: 'TILE_FLIPPED', id: 9, side: 'RED' });
    if (tile.id === 15 && tile.side === 'RED' && gone('RANCH'))
      ctx.emit({ type: 'TILE_FLIPPED', id: 15, side: 'YELLOW' });
  }
}

// ---------------------------------------------------------------- helpers for commands

/** The personalities' end-of-round effects (§13 #42): one task per held tile, in pass order. */
export function endOfRoundTasks(s: CarsonState): Task[] {
  return byPassOrder(s, range(s.seatCount)).flatMap((seat) =>
    s.players[seat].held.map((h, i): Task => ({
      t: 'PERSONALITY',
      id: h.id,
      seat,
      stage: 'END_OF_ROUND',
      data: [i],
    })),
  );
}
