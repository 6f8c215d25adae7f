/**
 * A New Beginning (secret start, §10.1, §13 #35): the notepad sheet, its prices, the reveal, the
 * first-player bid and the bought parcels' placement, plus the three powers' queries.
 *
 * Each player starts with $50 and 1 cowboy (no revolver, road or parcel) and fills one sheet in
 * secret; the sheets are revealed together; starting money = $50 − the sheet total.
 */
import type { Seat } from '../../../engine';
import { PAPERBOY, TEACHER } from '../../data/personalities';
import type { Ctx } from '../../ctx';
import type { CarsonState, Task } from '../../state';

/** What one player writes on the sheet (§10.1). Counts are 0..4 (the sheet's columns). */
export interface Sheet {
  /** Extra cowboys on top of the free one. */
  cowboys: number;
  revolvers: number;
  roads: number;
  parcels: number;
  /** VP bought (+5/+10) or sold (−5/−10 VP for money), or 0. */
  vp: number;
  /** Influential connections ($10): choose the side of each personality you take. */
  influential: boolean;
  /** Great service done ($10): once per game, a second personality after all picks. */
  greatService: boolean;
  /** Marksman ($10): roll two dice and keep one in every duel. */
  marksman: boolean;
  /** First player bid in dollars (0 = no bid; highest bid picks first in round 1). */
  bid: number;
}

/** A New Beginning's part of the state (null without the module). */
export interface AnbState {
  /**
   * The sheets. Before the reveal a seat's entry is its sealed sheet (SECRET: view/redact never
   * show it to another seat); null until it is handed in.
   */
  sheets: (Sheet | null)[];
  /** Who has handed in a sheet (public). */
  sealed: boolean[];
  /** True once all sheets are revealed. */
  revealed: boolean;
  /** Great service done already used (once per game). */
  greatServiceUsed: boolean[];
}

/** Starting purse and cowboy (§10.1). */
export const ANB_START_MONEY = 50;
export const ANB_START_COWBOYS = 1;

/** Price of 0..4 units per row, as the sheet prints them (§10.1; PT sheet). */
export const SHEET_PRICES = {
  cowboys: [0, 5, 11, 18, 26],
  revolvers: [0, 6, 13, 21, 30],
  roads: [0, 4, 6, 8, 10],
  parcels: [0, 7, 14, 21, 28],
} as const;
export type SheetRow = keyof typeof SHEET_PRICES;
export const SHEET_ROWS: readonly SheetRow[] = ['cowboys', 'revolvers', 'roads', 'parcels'];

/**
 * The VP row (§13 #35, $2 per VP): VP change → dollars paid (negative = money received).
 * Columns −10 VP → +$20, −5 VP → +$10, +5 VP → $10, +10 VP → $20.
 */
export const VP_PRICES: Readonly<Record<number, number>> = { [-10]: -20, [-5]: -10, 0: 0, 5: 10, 10: 20 };
export const VP_CHOICES: readonly number[] = [-10, -5, 0, 5, 10];

/** Each special power costs $10 (§10.1). */
export const POWER_PRICE = 10;

/** The normal start bought on the sheet (T22): $35, leaving $15. The sheet's timeout default. */
export const NORMAL_START_SHEET: Sheet = {
  cowboys: 2,
  revolvers: 1,
  roads: 1,
  parcels: 2,
  vp: 0,
  influential: false,
  greatService: false,
  marksman: false,
  bid: 0,
};

/** Sheet total in dollars (may be negative when VP are sold). */
export function sheetTotal(sh: Sheet): number {
  let total = 0;
  for (const row of SHEET_ROWS) total += SHEET_PRICES[row][sh[row]];
  total += VP_PRICES[sh.vp];
  total += POWER_PRICE * [sh.influential, sh.greatService, sh.marksman].filter(Boolean).length;
  return total + sh.bid;
}

/**
 * What `seat` may spend on its sheet: the $50 of §10.1, plus Might is Right's usual money
 * adjustment +(15 − own duel-tile total) (§13 #35; 0 with 2 players, whose sets total 15). The
 * tiles are dealt and their total announced before the sheets, so the adjustment is part of the
 * starting money the sheet is bought with (MONEY `MIGHT_IS_RIGHT` at the deal) and the money left
 * is $50 − sheet total + (15 − tile total), never negative.
 */
export function sheetBudget(s: CarsonState, seat: Seat): number {
  return ANB_START_MONEY + (s.might ? 15 - s.might.announced[seat] : 0);
}

/**
 * Why a sheet cannot be handed in, or null. Counts 0..4, VP a column, bid ≥ 0, total ≤ `budget`
 * ($50, see sheetBudget). `bidRow` false: the solo mode, whose sheet has no First player row
 * (§11.1), so any bid is ILLEGAL_AMOUNT.
 */
export function sheetProblem(
  sh: Sheet,
  budget: number = ANB_START_MONEY,
  bidRow = true,
): { code: 'ILLEGAL_AMOUNT' | 'INSUFFICIENT_FUNDS'; message: string } | null {
  for (const row of SHEET_ROWS) {
    if (!Number.isInteger(sh[row]) || sh[row] < 0 || sh[row] > 4)
      return { code: 'ILLEGAL_AMOUNT', message: `${row}: buy 0 to 4 (§10.1)` };
  }
  if (!VP_CHOICES.includes(sh.vp))
    return { code: 'ILLEGAL_AMOUNT', message: 'vp is -10, -5, 0, 5 or 10 (§10.1)' };
  if (!Number.isInteger(sh.bid) || sh.bid < 0)
    return { code: 'ILLEGAL_AMOUNT', message: 'the first-player bid is $0 or more' };
  if (!bidRow && sh.bid !== 0)
    return { code: 'ILLEGAL_AMOUNT', message: 'the solo mode has no first-player bid (§11.1): bid 0' };
  const total = sheetTotal(sh);
  if (total > budget)
    return {
      code: 'INSUFFICIENT_FUNDS',
      message: `the sheet costs $${total}, more than $${budget}`,
    };
  return null;
}

/** Why `seat` cannot hand in this sheet in this game, or null (budget and solo, see above). */
export function sheetProblemFor(
  s: CarsonState,
  seat: Seat,
  sh: Sheet,
): { code: 'ILLEGAL_AMOUNT' | 'INSUFFICIENT_FUNDS'; message: string } | null {
  return sheetProblem(sh, sheetBudget(s, seat), !s.solo);
}

export function hasModule(s: CarsonState): boolean {
  return s.anb !== null;
}

/** A revealed power of `seat` (powers act only after the reveal). */
export function hasPower(
  s: CarsonState,
  seat: Seat,
  power: 'influential' | 'greatService' | 'marksman',
): boolean {
  if (!s.anb || !s.anb.revealed) return false;
  const sheet = s.anb.sheets[seat];
  return sheet !== null && sheet[power];
}

/**
 * Influential connections (§10.1): the holder may choose the side of each personality taken
 * (the tile stays on that side). The Teacher's side stays forced by the round (§9.2 #17, engine
 * decision) and tile 14 is always the holder's choice anyway.
 */
export function chooseSideFreely(s: CarsonState, seat: Seat, id: number): boolean {
  return id !== TEACHER && hasPower(s, seat, 'influential');
}

/** Great service done still available to `seat` (bought and not used). */
export function greatServiceReady(s: CarsonState, seat: Seat): boolean {
  return hasPower(s, seat, 'greatService') && !s.anb!.greatServiceUsed[seat];
}

/**
 * Tiles a Great-service user may take: any tile left except the Paperboy (engine decision: the
 * Paperboy would take a third tile; the sheet gives "a second personality").
 */
export function greatServiceTiles(s: CarsonState): number[] {
  return s.tiles.filter((t) => t.takenBy === null && t.id !== PAPERBOY).map((t) => t.id);
}

/**
 * Reveal all sheets together and pay for them; then the first player and the parcels (§10.1).
 * Solo (§11.1: "there is no first-player bid; nothing changes for Standish"): only the player has
 * a sheet (Standish's entry stays null: no money, purchase or parcel for him), no bid, and
 * Standish stays first on the track.
 */
export function revealSheets(ctx: Ctx): void {
  const s = ctx.state;
  const standish = s.solo ? s.solo.standish : -1;
  const sheets = s.anb!.sheets.map((sh, seat) => (seat === standish ? null : (sh ?? NORMAL_START_SHEET)));
  ctx.emit({ type: 'SHEETS_REVEALED', sheets, totals: sheets.map((sh) => (sh ? sheetTotal(sh) : null)) });
  for (let seat = 0; seat < s.seatCount; seat++) {
    const sh = sheets[seat];
    if (!sh) continue;
    // Might is Right (§13 #35): the +(15 − own tile total) was added at the deal (might.ts), so
    // the money is now $50 − sheet total + (15 − tile total).
    ctx.emit({ type: 'MONEY', seat, delta: -sheetTotal(sh), reason: 'NEW_BEGINNING_SHEET' });
    if (sh.cowboys > 0)
      ctx.emit({ type: 'COWBOYS_GAINED', seat, count: sh.cowboys, reason: 'NEW_BEGINNING_SHEET' });
    if (sh.revolvers > 0)
      ctx.emit({ type: 'REVOLVERS_GAINED', seat, count: sh.revolvers, reason: 'NEW_BEGINNING_SHEET' });
    if (sh.roads > 0)
      ctx.emit({ type: 'ROADS_GAINED', seat, count: sh.roads, reason: 'NEW_BEGINNING_SHEET' });
    // Selling VP can make them negative (§0 Arithmetic).
    if (sh.vp !== 0) ctx.emit({ type: 'VP', seat, delta: sh.vp, reason: 'NEW_BEGINNING_SHEET' });
  }
  if (!s.solo)
    firstPlayer(
      ctx,
      sheets.map((sh) => sh!.bid),
    );
  ctx.push(
    ...parcelPlacementTasks(
      ctx.state.firstOrder,
      sheets.map((sh) => sh?.parcels ?? 0),
    ),
  );
}

/**
 * First player (§10.1): the highest bid picks first in round 1; a tie is settled by a die roll
 * (tied players roll, the highest wins, those still tied roll again); the other players' order is
 * random (inferred). Every seat is in the bidding ($0 is a bid). Solo has no such row (§11.1).
 */
function firstPlayer(ctx: Ctx, bids: number[]): void {
  const s = ctx.state;
  const top = Math.max(...bids);
  let tied = bids.flatMap((b, seat) => (b === top ? [seat] : []));
  const rolls: { seat: Seat; die: number }[][] = [];
  while (tied.length > 1) {
    const round = tied.map((seat) => ({ seat, die: ctx.rng.die() }));
    rolls.push(round);
    const best = Math.max(...round.map((r) => r.die));
    tied = round.filter((r) => r.die === best).map((r) => r.seat);
  }
  const winner = tied[0];
  const others = ctx.rng.shuffle(
    Array.from({ length: s.seatCount }, (_, i) => i).filter((x) => x !== winner),
  );
  ctx.emit({ type: 'FIRST_PLAYER_SET', bids, rolls, winner, order: [winner, ...others] });
}

/**
 * Bought parcels are placed one at a time with the draft pattern (§3 step 10, §13 #35): reverse
 * order, then forward, then reverse again..., skipping players with nothing left to place.
 */
export function parcelPlacementTasks(order: Seat[], counts: number[]): Task[] {
  const tasks: Task[] = [];
  const most = Math.max(0, ...counts);
  for (let pass = 0; pass < most; pass++) {
    const seq = pass % 2 === 0 ? order.slice().reverse() : order;
    for (const seat of seq) if (counts[seat] > pass) tasks.push({ t: 'DRAFT', seat });
  }
  return tasks;
}

/**
 * Great service done (§10.1): after all picks, users take a second tile "in turn order if several
 * players do this" (PT sheet; the spec digest says pick order): the turn order the first tiles
 * give (lowest number first, the Paperboy 0).
 */
export function greatServiceQueue(s: CarsonState, turnNumber: (seat: Seat) => number): Seat[] {
  const users = Array.from({ length: s.seatCount }, (_, i) => i).filter((x) => greatServiceReady(s, x));
  return users.sort((a, b) => turnNumber(a) - turnNumber(b));
}

/**
 * What a Marksman may keep (§10.1): one die of each pair rolled (dynamite: two pairs), as sorted
 * value lists, distinct, ascending.
 */
export function marksmanOptions(rolled: number[]): number[][] {
  let options: number[][] = [[]];
  for (let i = 0; i + 1 < rolled.length; i += 2) {
    const pair = [rolled[i], rolled[i + 1]];
    options = options.flatMap((o) => pair.map((d) => [...o, d].sort((a, b) => a - b)));
  }
  const seen = new Map(options.map((o) => [JSON.stringify(o), o]));
  return [...seen.values()].sort(
    (a, b) => a.reduce((x, y) => x + y, 0) - b.reduce((x, y) => x + y, 0) || a[0] - b[0],
  );
}

/**
 * A Marksman red Gunsmith's reroll (§10.1, §9.2): two dice again for each die, the better of each
 * pair kept (the reroll is automatic, §README: so is this choice). With Might is Right there are
 * no dice duels: the Marksman's 5-tile draw and 2-tile discard are in might.ts.
 */
export function marksmanDice(ctx: Ctx, count: number): { dice: number[]; rolled: number[] } {
  const rolled: number[] = [];
  const dice: number[] = [];
  for (let i = 0; i < count; i++) {
    const a = ctx.rng.die();
    const b = ctx.rng.die();
    rolled.push(a, b);
    dice.push(Math.max(a, b));
  }
  return { dice, rolled };
}
