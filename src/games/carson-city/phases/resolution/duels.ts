/**
 * Phase 3's duels (§5.2): a step's several duels and their order (§13 #9), the dice duel, the
 * solo duel against Standish (§11.6), A New Beginning's Marksman duels (§10.1) and the task of a
 * Might is Right tile duel (§10.3; the module runs it).
 */
import type { Seat } from '../../../engine';
import { GUNSMITH } from '../../data/personalities';
import type { Ctx } from '../../ctx';
import { duelRewards, gunsmithReroll } from '../../duel';
import type { DuelParticipant } from '../../events';
import { PORTS } from '../../ports';
import { firepower, holds } from '../../rules';
import type { CarsonState, MarksmanDuel, Task, TileDuel } from '../../state';
import { rules4 } from '../../agenda-version';
import { byPassOrder, mightOf, placementsAt } from '../../table';
import { contested, MARKSMAN_DUEL_DICE } from './agenda';

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
export function marksmanIn(s: CarsonState, seats: Seat[]): boolean {
  return seats.some((x) => PORTS.anb.hasPower(s, x, 'marksman'));
}

export function marksmanDuelTask(s: CarsonState, loc: string, seats: Seat[], then: TileDuel['then']): Task {
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
export function tileDuelTask(s: CarsonState, loc: string, seats: Seat[], then: TileDuel['then']): Task {
  return { t: 'TILE_DUEL', duel: { loc, seats: byPassOrder(s, seats), then, revealed: false } };
}

/** Several duels in one step: the earliest passer among those involved orders them (§13 #9). */
export function stepDuels(ctx: Ctx, step: 'PARCELS' | 'ESTATE', chooser: Seat | null): void {
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
