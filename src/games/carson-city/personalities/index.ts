/**
 * Personalities 0..19 (spec §9): one definition per tile with effect functions at named points.
 * - `onPick`: immediate effect when the tile is taken in Phase 1 (may open prompts / push tasks);
 * - `beforeIncome`: at building income after the attack duels (Grocer's deferred choice);
 * - `afterIncome`: after building income (Editor);
 * - `endOfRound`: Phase 4 before the cash limit (§13 #42: Banker, Grocer, Settler red).
 * Passive rules (firepower, prices, placement limits, duel bonuses) are checked where they apply
 * through `holds()` (rules.ts, the phases' flow and placement rules). Answers to personality prompts arrive as
 * CHOOSE_OPTION / CHOOSE_PARCEL / TAKE_BUILDING / BID / MOVE_COWBOY and are dispatched by purpose.
 */
import type { Seat } from '../../engine';
import { parcelFromDice, PARCEL_COUNT } from '../data/board';
import type { BuildingType } from '../data/buildings';
import {
  AUCTIONEER,
  BANKER,
  CAPTAIN,
  CHINESE_WORKER,
  COWBOY,
  DOCTOR,
  GOVERNOR,
  GROCER,
  HEROES,
  INDIAN,
  LAWYER,
  PAPERBOY,
  PROSPECTOR,
  SANTA,
  SETTLER,
  SHERIFF,
  GUNSMITH,
  type Side,
} from '../data/personalities';
import type { Ctx } from '../ctx';
import { commitBuild } from '../build';
import { doctorDestinations, generalCowboys, range } from '../table';
import { holds, isPurchasable, ownedBuildings, ownedParcels, parcelPrice, propertyTilesLeft } from '../rules';
import type { Auction, CarsonState, Task } from '../state';
import { freeParcels, pickMenu } from './menus';

type Hook = (ctx: Ctx, seat: Seat, side: Side) => void;

export interface PersonalityDef {
  id: number;
  onPick?: Hook;
  beforeIncome?: Hook;
  afterIncome?: Hook;
  endOfRound?: Hook;
}

export interface BoundHooks {
  beforeIncome?: (ctx: Ctx, seat: Seat) => void;
  afterIncome?: (ctx: Ctx, seat: Seat) => void;
  endOfRound?: (ctx: Ctx, seat: Seat) => void;
}

function money(ctx: Ctx, seat: Seat, delta: number, reason: string): void {
  if (delta !== 0) ctx.emit({ type: 'MONEY', seat, delta, reason });
}
function vp(ctx: Ctx, seat: Seat, delta: number, reason: string): void {
  if (delta !== 0) ctx.emit({ type: 'VP', seat, delta, reason });
}
function option(ctx: Ctx, seat: Seat, purpose: string, options: string[]): void {
  ctx.prompt({ seat, kind: 'CHOOSE_OPTION', purpose, options });
}
function hasFlag(s: CarsonState, seat: Seat, flag: string): boolean {
  return s.players[seat].flags.includes(flag);
}

/** The hook that opens `id`'s pick menu (personalities/menus.ts), if it has one now. */
function openMenu(id: number): Hook {
  return (ctx, seat, side) => {
    const menu = pickMenu(ctx.state, seat, id, side);
    if (menu) ctx.prompt(menu);
  };
}

export const PERSONALITY_DEFS: Record<number, PersonalityDef> = {
  [PAPERBOY]: {
    id: PAPERBOY,
    onPick(ctx, seat, side) {
      const menu = pickMenu(ctx.state, seat, PAPERBOY, side);
      if (!menu) return;
      if (side === 'YELLOW') money(ctx, seat, -3, 'PAPERBOY');
      ctx.prompt(menu);
    },
  },
  [SHERIFF]: { id: SHERIFF },
  [BANKER]: {
    id: BANKER,
    onPick(ctx, seat, side) {
      if (side === 'YELLOW') money(ctx, seat, 9, 'BANKER');
    },
    endOfRound(ctx, seat, side) {
      if (side !== 'RED') return;
      const m = ctx.state.players[seat].money;
      const opts = [
        'NONE',
        ...(m >= 3 ? ['VP3'] : []),
        ...(m >= 12 ? ['VP5'] : []),
        ...(m >= 25 ? ['VP7'] : []),
      ];
      if (opts.length > 1) option(ctx, seat, 'BANKER', opts);
    },
  },
  [GROCER]: {
    id: GROCER,
    onPick: openMenu(GROCER),
    beforeIncome(ctx, seat, side) {
      if (side !== 'YELLOW' || !hasFlag(ctx.state, seat, 'GROCER:LATER')) return;
      const types = [
        ...new Set(ownedBuildings(ctx.state, seat).map((p) => ctx.state.parcels[p].content as BuildingType)),
      ].sort();
      option(ctx, seat, 'GROCER_INCOME', ['MONEY', ...types.map((t) => `DOUBLE_${t}`)]);
    },
    endOfRound(ctx, seat, side) {
      if (side !== 'RED' || !hasFlag(ctx.state, seat, 'GROCER_RED:VP_PER_HOUSE')) return;
      const s = ctx.state;
      const houses = ownedParcels(s, seat).filter(
        (p) => s.parcels[p].content === 'HOUSE' || s.parcels[p].content === 'TOWN_HOUSE',
      ).length;
      vp(ctx, seat, houses, 'GROCER_HOUSES');
    },
  },
  [CHINESE_WORKER]: {
    id: CHINESE_WORKER,
    onPick(ctx, seat, side) {
      if (side === 'YELLOW') ctx.emit({ type: 'ROADS_GAINED', seat, count: 2, reason: 'CHINESE_WORKER' });
      else openMenu(CHINESE_WORKER)(ctx, seat, side);
    },
  },
  [SETTLER]: {
    id: SETTLER,
    onPick: openMenu(SETTLER),
    endOfRound(ctx, seat, side) {
      if (side !== 'RED' || !hasFlag(ctx.state, seat, 'SETTLER_RED:VP_PER_MOUNTAIN')) return;
      const s = ctx.state;
      vp(
        ctx,
        seat,
        ownedParcels(s, seat).filter((p) => s.parcels[p].content === 'MOUNTAIN').length,
        'SETTLER_MOUNTAINS',
      );
    },
  },
  [CAPTAIN]: { id: CAPTAIN, onPick: openMenu(CAPTAIN) },
  [INDIAN]: {
    id: INDIAN,
    onPick(ctx, seat, side) {
      if (side !== 'YELLOW') return;
      const s = ctx.state;
      for (let k = 0; k < 2; k++) {
        const inner = range(PARCEL_COUNT).filter((p) => {
          const c = (p % 8) + 1;
          const r = Math.floor(p / 8) + 1;
          return c >= 2 && c <= 7 && r >= 2 && r <= 7 && isPurchasable(s, p);
        });
        if (inner.length === 0 || propertyTilesLeft(s, seat) === 0) return;
        const rolls: number[][] = [];
        for (;;) {
          const w = ctx.rng.die();
          const b = ctx.rng.die();
          rolls.push([w, b]);
          const p = parcelFromDice(w, b);
          if (isPurchasable(s, p)) {
            ctx.emit({ type: 'PARCEL_CLAIMED', seat, parcel: p, price: 0, reason: 'INDIAN', rolls });
            break;
          }
        }
      }
    },
  },
  [PROSPECTOR]: {
    id: PROSPECTOR,
    onPick(ctx, seat, side) {
      if (side === 'YELLOW') return openMenu(PROSPECTOR)(ctx, seat, side);
      const n = Math.min(2, ctx.state.dynamiteSupply);
      if (n > 0) ctx.emit({ type: 'DYNAMITE_GAINED', seat, count: n });
    },
  },
  [GUNSMITH]: {
    id: GUNSMITH,
    onPick(ctx, seat, side) {
      if (side === 'RED' && ctx.state.dynamiteSupply > 0)
        ctx.emit({ type: 'DYNAMITE_GAINED', seat, count: 1 });
    },
  },
  [AUCTIONEER]: {
    id: AUCTIONEER,
    onPick(ctx, seat, side) {
      const s = ctx.state;
      if (side === 'RED') {
        if (s.threeGuns === null) startAuction(ctx, seat, 'THREE_GUNS', []);
        return;
      }
      const parcels = freeParcels(s);
      if (parcels.length >= 2)
        ctx.prompt({ seat, kind: 'CHOOSE_PARCEL', purpose: 'AUCTION_1', parcels, optional: false });
    },
  },
  [GOVERNOR]: {
    id: GOVERNOR,
    onPick(ctx, seat, side) {
      if (side === 'YELLOW') ctx.emit({ type: 'ROADS_GAINED', seat, count: 1, reason: 'GOVERNOR' });
      else openMenu(GOVERNOR)(ctx, seat, side);
    },
  },
  [DOCTOR]: { id: DOCTOR },
  [COWBOY]: {
    id: COWBOY,
    onPick(ctx, seat, side) {
      // Yellow: +1 horse into the personal supply, with the Horses module and while the supply
      // holds one (§9.2 #15, §10.6).
      const h = ctx.state.horses;
      if (side === 'YELLOW' && h !== null && h.supply > 0)
        ctx.emit({ type: 'HORSE_GAINED', seat, reason: 'COWBOY' });
      if (side === 'RED') openMenu(COWBOY)(ctx, seat, side);
    },
  },
  [HEROES]: {
    id: HEROES,
    onPick: openMenu(HEROES),
  },
  [LAWYER]: {
    id: LAWYER,
    onPick: openMenu(LAWYER),
    afterIncome(ctx, seat, side) {
      if (side !== 'RED') return;
      // Editor: ceil(own building income / (5 x round)) VP (§9.2 #18).
      const d = 5 * ctx.state.round;
      vp(ctx, seat, Math.ceil(ctx.state.players[seat].ownIncome / d), 'EDITOR');
    },
  },
  [SANTA]: {
    id: SANTA,
    onPick(ctx, seat, side) {
      if (side === 'YELLOW') return vp(ctx, seat, 5, 'SANTA');
      vp(ctx, seat, 2, 'SANTA');
      const die = ctx.rng.die();
      ctx.emit({ type: 'DICE_ROLLED', seat, purpose: 'SANTA', dice: [die] });
      if (die >= 3) money(ctx, seat, 5, 'SANTA');
      const s = ctx.state;
      if (die >= 5 && generalCowboys(s, seat) > 0 && s.players[seat].reserve < 10) {
        ctx.emit({ type: 'COWBOYS_GAINED', seat, count: 1, reason: 'SANTA' });
      }
    },
  },
};

export function personalityHooks(s: CarsonState, seat: Seat): BoundHooks[] {
  return s.players[seat].held.map((h) => {
    const def = PERSONALITY_DEFS[h.id];
    if (!def) return {};
    return {
      beforeIncome: def.beforeIncome ? (ctx: Ctx, x: Seat) => def.beforeIncome!(ctx, x, h.side) : undefined,
      afterIncome: def.afterIncome ? (ctx: Ctx, x: Seat) => def.afterIncome!(ctx, x, h.side) : undefined,
      endOfRound: def.endOfRound ? (ctx: Ctx, x: Seat) => def.endOfRound!(ctx, x, h.side) : undefined,
    };
  });
}

// ---------------------------------------------------------------- answers to personality prompts

type OptionHandler = (ctx: Ctx, seat: Seat, option: string) => void;

export const OPTION_HANDLERS: Record<string, OptionHandler> = {
  BANKER(ctx, seat, o) {
    const deal: Record<string, [number, number]> = { VP3: [3, 3], VP5: [5, 12], VP7: [7, 25] };
    const d = deal[o];
    if (!d) return;
    money(ctx, seat, -d[1], 'BANKER');
    vp(ctx, seat, d[0], 'BANKER');
  },
  GROCER(ctx, seat, o) {
    if (o === 'MONEY_NOW') money(ctx, seat, 8, 'GROCER');
  },
  GROCER_INCOME(ctx, seat, o) {
    if (o === 'MONEY') money(ctx, seat, 8, 'GROCER');
    else ctx.emit({ type: 'GROCER_DOUBLED', seat, building: o.slice('DOUBLE_'.length) as BuildingType });
  },
  GROCER_RED(ctx, seat, o) {
    if (o === 'MONEY_NOW') money(ctx, seat, 8, 'GROCER');
  },
  SETTLER_RED(ctx, seat, o) {
    if (o === 'MONEY_NOW') money(ctx, seat, 8, 'SETTLER');
  },
  CAPTAIN(ctx, seat, o) {
    if (o === 'NONE') return;
    const k = Number(o.slice(-1));
    money(ctx, seat, -[1, 4, 9][k - 1], 'CAPTAIN');
    ctx.emit({ type: 'COWBOYS_GAINED', seat, count: k, reason: 'CAPTAIN' });
  },
  CAPTAIN_RED(ctx, seat, o) {
    if (o === 'NONE') return;
    const k = Number(o.slice(-1));
    money(ctx, seat, -[3, 9][k - 1], 'CAPTAIN');
    ctx.emit({ type: 'REVOLVERS_GAINED', seat, count: k, reason: 'CAPTAIN' });
  },
  HEROES_RED(ctx, seat, o) {
    const k = o === 'RETURN_1' ? 1 : o === 'RETURN_2' ? 2 : 0;
    if (k > 0) ctx.emit({ type: 'COWBOYS_GAINED', seat, count: -k, reason: 'HEROES' });
    vp(ctx, seat, [3, 6, 9][k], 'HEROES');
  },
  GOVERNOR_TAX(ctx, seat, o) {
    // Revolver markers only (§13 #24); money: ceil(money / 10); pay what you have.
    const s = ctx.state;
    for (let other = 0; other < s.seatCount; other++) {
      if (other === seat) continue;
      const p = s.players[other];
      const due = o === 'GUNS' ? p.revolvers : Math.ceil(p.money / 10);
      const paid = Math.min(due, p.money);
      if (paid === 0) continue;
      money(ctx, other, -paid, 'GOVERNOR_TAX');
      money(ctx, seat, paid, 'GOVERNOR_TAX');
    }
  },
  UNDERTAKER(ctx, seat, o) {
    const undertaker = holderOfAny(ctx.state, DOCTOR);
    if (undertaker === null) return;
    if (o === 'PAY') {
      money(ctx, seat, -2, 'UNDERTAKER');
      money(ctx, undertaker, 2, 'UNDERTAKER');
    } else vp(ctx, seat, -1, 'UNDERTAKER');
  },
  DYNAMITE(ctx, seat, o) {
    if (o === 'DONE') return;
    const parcel = Number(o.slice('MINE_'.length));
    ctx.emit({ type: 'MINE_DYNAMITED', seat, parcel });
    ctx.push({ t: 'PERSONALITY', id: -1, seat, stage: 'DYNAMITE', data: [] });
  },
};

function holderOfAny(s: CarsonState, id: number): Seat | null {
  for (let i = 0; i < s.seatCount; i++) if (s.players[i].held.some((h) => h.id === id)) return i;
  return null;
}

type ParcelHandler = (ctx: Ctx, seat: Seat, parcel: number) => void;

export const PARCEL_HANDLERS: Record<string, ParcelHandler> = {
  SETTLER(ctx, seat, parcel) {
    ctx.emit({ type: 'PARCEL_CLAIMED', seat, parcel, price: 0, reason: 'SETTLER', rolls: [] });
  },
  LAWYER(ctx, seat, parcel) {
    ctx.emit({
      type: 'PARCEL_CLAIMED',
      seat,
      parcel,
      price: parcelPrice(ctx.state, parcel, seat),
      reason: 'LAWYER',
      rolls: [],
    });
  },
  PROSPECTOR(ctx, seat, parcel) {
    takeOnto(ctx, seat, parcel, 'MINE', 10, 'PROSPECTOR');
  },
  COWBOY_RED(ctx, seat, parcel) {
    takeOnto(ctx, seat, parcel, 'RANCH', 8, 'COWBOY_RED');
  },
  AUCTION_1(ctx, seat, parcel) {
    const parcels = freeParcels(ctx.state).filter((p) => p !== parcel);
    ctx.prompt({ seat, kind: 'CHOOSE_PARCEL', purpose: `AUCTION_2:${parcel}`, parcels, optional: false });
  },
};

/** Handler lookup: AUCTION_2 carries the first parcel in its purpose. */
export function parcelHandler(purpose: string): ParcelHandler | undefined {
  if (purpose.startsWith('AUCTION_2:')) {
    const first = Number(purpose.slice('AUCTION_2:'.length));
    return (ctx, seat, parcel) =>
      startAuction(
        ctx,
        seat,
        'PARCELS',
        [first, parcel].sort((a, b) => a - b),
      );
  }
  return PARCEL_HANDLERS[purpose];
}

function takeOnto(
  ctx: Ctx,
  seat: Seat,
  parcel: number,
  type: BuildingType,
  price: number,
  reason: string,
): void {
  const s = ctx.state;
  const square = s.track.indexOf(type);
  ctx.emit({
    type: 'BUILDING_BOUGHT',
    seat,
    from: square >= 0 ? 'TRACK' : 'BAG',
    square: square >= 0 ? square : null,
    building: type,
    price,
    reason,
  });
  ctx.emit({ type: 'PARCEL_CLAIMED', seat, parcel, price: 0, reason, rolls: [] });
  commitBuild(ctx, seat, { building: type, parcel, needed: 0, houses: [], refused: [], mode: 'PURCHASE' });
  if (square >= 0) ctx.push({ t: 'REFILL' });
}

/** Red Chinese Worker: pay $5, take the building of a square, refill, then build or keep (§9.2 #4). */
export function takeBuilding(ctx: Ctx, seat: Seat, square: number): void {
  const s = ctx.state;
  const building = s.track[square] as BuildingType;
  ctx.emit({
    type: 'BUILDING_BOUGHT',
    seat,
    from: 'TRACK',
    square,
    building,
    price: 5,
    reason: 'CHINESE_WORKER',
  });
  ctx.push({ t: 'REFILL' }, { t: 'OPEN_PLACE_BUILDING', seat, only: building });
}

// ---------------------------------------------------------------- auctions (§9.2 #12, §13 #26-27)

function startAuction(ctx: Ctx, auctioneer: Seat, lot: 'PARCELS' | 'THREE_GUNS', parcels: number[]): void {
  continueAuction(ctx, newAuction(ctx.state, auctioneer, lot, parcels));
}

/** An auction before its first bid: every seat that can bid, clockwise from the auctioneer. */
export function newAuction(
  s: CarsonState,
  auctioneer: Seat,
  lot: 'PARCELS' | 'THREE_GUNS',
  parcels: number[],
): Auction {
  const start = s.firstOrder.indexOf(auctioneer);
  const order = range(s.seatCount).map((k) => s.firstOrder[(start + k) % s.seatCount]);
  const active = order.filter(
    (seat) => s.players[seat].money >= 1 && (lot === 'THREE_GUNS' || propertyTilesLeft(s, seat) >= 2),
  );
  return { auctioneer, lot, parcels, bid: 0, bidder: null, active, turn: 0 };
}

/** The next active player who can outbid, or the end of the auction. */
export function continueAuction(ctx: Ctx, a: Auction): void {
  const s = ctx.state;
  // Players who cannot outbid the current bid drop out.
  for (;;) {
    if (a.active.length === 0 || (a.active.length === 1 && a.bidder === a.active[0]))
      return finishAuction(ctx, a);
    if (a.turn >= a.active.length) a.turn = 0;
    const seat = a.active[a.turn];
    if (seat === a.bidder) {
      a.turn += 1;
      continue;
    }
    if (s.players[seat].money <= a.bid) {
      ctx.emit({ type: 'BIDDER_OUT', seat });
      a.active.splice(a.turn, 1);
      continue;
    }
    ctx.prompt({ seat, kind: 'BID', auction: a });
    return;
  }
}

function finishAuction(ctx: Ctx, a: Auction): void {
  if (a.bidder === null) return; // nobody bid: parcels stay unowned / the marker stays
  const w = a.bidder;
  if (a.lot === 'PARCELS') {
    for (const p of a.parcels)
      ctx.emit({ type: 'PARCEL_CLAIMED', seat: w, parcel: p, price: 0, reason: 'AUCTION', rolls: [] });
    money(ctx, w, -Math.floor(a.bid / 2), 'AUCTION_BANK');
    if (w !== a.auctioneer) {
      money(ctx, w, -Math.ceil(a.bid / 2), 'AUCTION_AUCTIONEER');
      money(ctx, a.auctioneer, Math.ceil(a.bid / 2), 'AUCTION_AUCTIONEER');
    }
  } else {
    if (w !== a.auctioneer) {
      money(ctx, w, -a.bid, 'AUCTION_AUCTIONEER');
      money(ctx, a.auctioneer, a.bid, 'AUCTION_AUCTIONEER');
    }
    ctx.emit({ type: 'THREE_GUNS_TAKEN', seat: w, reason: 'AUCTION' });
  }
}

export function bid(ctx: Ctx, seat: Seat, a: Auction, amount: number | null): void {
  const next: Auction = JSON.parse(JSON.stringify(a)) as Auction;
  const i = next.active.indexOf(seat);
  if (amount === null) {
    ctx.emit({ type: 'BIDDER_OUT', seat });
    next.active.splice(i, 1);
    next.turn = i;
  } else {
    ctx.emit({ type: 'BID_PLACED', seat, amount });
    next.bid = amount;
    next.bidder = seat;
    next.turn = i + 1;
  }
  continueAuction(ctx, next);
}

// ---------------------------------------------------------------- tasks (after duels, dynamite)

export const PERSONALITY_TASKS: Record<
  string,
  (ctx: Ctx, task: Extract<Task, { t: 'PERSONALITY' }>) => void
> = {
  DOCTOR(ctx, task) {
    const s = ctx.state;
    const doctor = holderOfAny(s, DOCTOR);
    if (doctor === null) return;
    const seat = task.seat;
    const fee = seat === doctor ? 0 : 3;
    if (s.players[seat].money < fee || s.players[seat].reserve === 0) return;
    const actions = doctorDestinations(s);
    if (actions.length > 0) ctx.prompt({ seat, kind: 'MOVE_COWBOY', actions });
  },
  UNDERTAKER(ctx, task) {
    const s = ctx.state;
    if (s.players[task.seat].money < 2) {
      vp(ctx, task.seat, -1, 'UNDERTAKER');
      return;
    }
    option(ctx, task.seat, 'UNDERTAKER', ['PAY', 'LOSE_VP']);
  },
  DYNAMITE(ctx, task) {
    const s = ctx.state;
    const p = s.players[task.seat];
    if (p.dynamite === 0) return;
    const mines = ownedBuildings(s, task.seat, 'MINE').filter(
      (m) => !p.dynamitedMines.includes(m) && p.doubled !== 'MINE',
    );
    if (mines.length > 0) option(ctx, task.seat, 'DYNAMITE', ['DONE', ...mines.map((m) => `MINE_${m}`)]);
  },
};

/** Tasks run at building income before payment: Grocer's deferred choice, then dynamite. */
export function estateChoiceTasks(s: CarsonState, order: Seat[]): Task[] {
  const tasks: Task[] = [];
  for (const seat of order) {
    if (holds(s, seat, GROCER, 'YELLOW'))
      tasks.push({ t: 'PERSONALITY', id: GROCER, seat, stage: 'GROCER_INCOME', data: [] });
    if (s.players[seat].dynamite > 0)
      tasks.push({ t: 'PERSONALITY', id: -1, seat, stage: 'DYNAMITE', data: [] });
  }
  return tasks;
}

PERSONALITY_TASKS.GROCER_INCOME = (ctx, task) => {
  const def = PERSONALITY_DEFS[GROCER];
  def.beforeIncome?.(ctx, task.seat, 'YELLOW');
};

PERSONALITY_TASKS.END_OF_ROUND = (ctx, task) => {
  const h = ctx.state.players[task.seat].held[task.data[0]];
  if (h) PERSONALITY_DEFS[h.id]?.endOfRound?.(ctx, task.seat, h.side);
};
