/**
 * Phase 3, resolve actions and duels (§4.4, §5): the board sequence's steps (§5.1), each action
 * performed, the building windows (§5.6), the parcel purchases (§5.4), Horses' Wages (§10.6) and
 * the tasks of building income (§5.7; income.ts); the duels are duels.ts. Run by flow.ts `runTask`.
 */
import type { Seat } from '../../../engine';
import {
  BUY_VP_PRICE,
  buildSquare,
  MULTI_ACTIONS,
  STEPS,
  type ActionId,
  type StepId,
} from '../../data/actions';
import { LAWYER } from '../../data/personalities';
import { canBuildSomething } from '../../build';
import type { Ctx } from '../../ctx';
import { estateChoiceTasks, personalityHooks } from '../../personalities';
import { PORTS } from '../../ports';
import {
  buildingPrice,
  firepower,
  holderOf,
  ownedBuildings,
  ownedParcels,
  parcelPrice,
  propertyTilesLeft,
} from '../../rules';
import type { Task } from '../../state';
import { byPassOrder, mightOf, placementsAt, range, retire } from '../../table';
import { parcelClaims } from './agenda';
import { duel, marksmanDuelTask, marksmanIn, startMarksmanDuel, stepDuels, tileDuelTask } from './duels';
import { estateMain, payEstate } from './income';

/** The steps, actions, windows, duels, purchases and income of Phase 3 (§4.4, §5, §10). */
export function runResolution(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
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
    case 'WAGES':
      return horseWages(ctx, task.seat, task.count);
    case 'TILE_DUEL':
      return PORTS.might.startTileDuel(ctx, task.duel);
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
