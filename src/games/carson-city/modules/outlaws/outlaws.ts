/**
 * The Outlaws module (§10.5, §13 #28, #29): arrival at the start of rounds 2-4, movement at the
 * end of Phase 1, fights just before building income, halved income under an outlaw, Prisons.
 * Pure helpers on the state plus the flow pieces (arrival, movement, fights) that the phases' flow calls (through the port).
 */
import type { Seat } from '../../../engine';
import { n8, parcelFromDice } from '../../data/board';
import { GUNSMITH, HEROES } from '../../data/personalities';
import { hasPower, marksmanDice } from '../anb/anb';
import type { Ctx } from '../../ctx';
import { mightOf } from '../../table';
import type { DuelParticipant } from '../../events';
import { duelRewards, gunsmithReroll } from '../../duel';
import { byPassOrder, placementsAt, retire } from '../../table';
import { firepower, holds, incomeLevel, isAttackable, isBuilding, isRedSheriff } from '../../rules';
import type { CarsonState, OutlawsState, Task } from '../../state';
import type { SoloDataSource } from '../solo/solo';

/** Outlaw figures in the box (§1: 9 figures). */
export const OUTLAW_FIGURES = 9;

/**
 * Documented default of the outlaw tiles' VP (§13 #28: "not in the sources"; a configuration
 * table `outlawVP[strength 8..13]`): strength − 5, i.e. 3, 4, 5, 6, 7, 8 VP. Replace with the
 * printed values when known (option `outlawVP`).
 */
export const DEFAULT_OUTLAW_VP: readonly number[] = [3, 4, 5, 6, 7, 8];

/**
 * Where a game's outlaw VP table comes from, flagged like the solo data (solo.ts SoloDataSource):
 * PLACEHOLDER = the invented DEFAULT_OUTLAW_VP (clients should tell the players), CONFIGURED = a
 * table given in the options that differs from it. One table, so never PARTIAL.
 */
export type OutlawDataSource = Exclude<SoloDataSource, 'PARTIAL'>;

export function outlawDataSource(table: readonly number[]): OutlawDataSource {
  return table.length === DEFAULT_OUTLAW_VP.length && table.every((x, i) => x === DEFAULT_OUTLAW_VP[i])
    ? 'PLACEHOLDER'
    : 'CONFIGURED';
}

export function outlawsOn(s: CarsonState): boolean {
  return (s.outlaws ?? null) !== null;
}

/** VP of the current outlaw tile (§10.5 "VP reward", §13 #28). */
export function outlawVp(s: CarsonState): number {
  const o = s.outlaws;
  if (!o || o.strength === null) return 0;
  return (s.options.outlawVP ?? DEFAULT_OUTLAW_VP)[o.strength - 8] ?? 0;
}

/** The outlaw figure standing on parcel `p`, if any. */
export function outlawAt(s: CarsonState, p: number): number | null {
  const o = s.outlaws;
  if (!o) return null;
  const f = o.figures.find((x) => x.parcel === p);
  return f ? f.id : null;
}

export function hasOutlaw(s: CarsonState, p: number): boolean {
  return outlawAt(s, p) !== null;
}

/** A Prison in the N8 of `p` (§10.5 "Prisons": blocks arrival and moves next to it). */
export function nextToPrison(s: CarsonState, p: number): boolean {
  return n8(p).some((q) => s.parcels[q].content === 'PRISON');
}

/**
 * Where cowboys fight the outlaw on `p` (§10.5 "on the outlaw's parcel or building"): `B:p` on an
 * owned building, else `P:p` (an empty, owned, mountain, House or Town Hall parcel: the Town Hall
 * key `B:` stays the occupation contest, engine decision).
 */
export function outlawLoc(s: CarsonState, p: number): string {
  const cell = s.parcels[p];
  return cell.owner !== null && isBuilding(cell.content) && cell.content !== 'TOWN_HALL'
    ? `B:${p}`
    : `P:${p}`;
}

/** Is location key `loc` an outlaw fight location right now? */
export function isOutlawLoc(s: CarsonState, loc: string): boolean {
  if (!outlawsOn(s) || loc.length < 3 || (loc[0] !== 'P' && loc[0] !== 'B')) return false;
  const p = Number(loc.slice(2));
  return hasOutlaw(s, p) && outlawLoc(s, p) === loc;
}

/** A building under an undefeated outlaw pays its owner half, except the yellow Heroes (§5.7 4.3). */
export function outlawHalves(s: CarsonState, p: number): boolean {
  const owner = s.parcels[p].owner;
  return hasOutlaw(s, p) && owner !== null && !holds(s, owner, HEROES, 'YELLOW');
}

// ---------------------------------------------------------------- arrival (§10.5, §13 #28, #29)

/**
 * Start of rounds 2-4, before the picks: the first player on the pass track (§13 #28) rolls the
 * black die (strength = black + 7) and the white die (count: 1-2 → 1, 3-4 → 2, 5-6 → 3). Each
 * figure's parcel is rolled on the inner 6×6, rolled again on an outlaw or next to a Prison; an
 * arrival on a Prison is jailed at once and its VP go to the Prison's owner (§13 #29). Figures
 * are limited to the 9 in the box; when no parcel can take an outlaw the figure is not placed.
 */
export function outlawArrival(ctx: Ctx): void {
  const s = ctx.state;
  const roller = s.passTrack[0];
  const black = ctx.rng.die();
  const white = ctx.rng.die();
  const strength = black + 7;
  const count = white <= 2 ? 1 : white <= 4 ? 2 : 3;
  ctx.emit({
    type: 'OUTLAWS_ARRIVED',
    round: s.round,
    roller,
    black,
    white,
    strength,
    count,
    vp: (s.options.outlawVP ?? DEFAULT_OUTLAW_VP)[strength - 8],
  });
  for (let k = 0; k < count; k++) {
    const o = ctx.state.outlaws!;
    if (o.supply === 0) return;
    const possible = innerParcels().some((p) => !hasOutlaw(ctx.state, p) && !nextToPrison(ctx.state, p));
    if (!possible) return;
    const rolls: { white: number; black: number; parcel: number; reroll: 'OUTLAW' | 'PRISON' | null }[] = [];
    for (;;) {
      const w = ctx.rng.die();
      const b = ctx.rng.die();
      const p = parcelFromDice(w, b);
      const reroll = hasOutlaw(ctx.state, p) ? 'OUTLAW' : nextToPrison(ctx.state, p) ? 'PRISON' : null;
      rolls.push({ white: w, black: b, parcel: p, reroll });
      if (reroll === null) break;
    }
    const parcel = rolls[rolls.length - 1].parcel;
    const id = o.nextId;
    ctx.emit({ type: 'OUTLAW_PLACED', id, parcel, rolls });
    const cell = ctx.state.parcels[parcel];
    if (cell.content === 'PRISON') {
      const vp = outlawVp(ctx.state);
      ctx.emit({ type: 'OUTLAW_JAILED', id, parcel, owner: cell.owner, vp });
      if (cell.owner !== null && vp > 0)
        ctx.emit({ type: 'VP', seat: cell.owner, delta: vp, reason: 'OUTLAW_JAILED' });
    }
  }
}

function innerParcels(): number[] {
  const out: number[] = [];
  for (let w = 1; w <= 6; w++) for (let b = 1; b <= 6; b++) out.push(parcelFromDice(w, b));
  return out;
}

/**
 * Jail check at the start of a round (§10.5 "Prisons", §13 #29): an outlaw already standing on a
 * Prison is jailed. With the other rules none can get there (no building on an outlaw's parcel,
 * no move next to a Prison), but the check keeps the rule whole.
 */
export function jailCheck(ctx: Ctx): void {
  for (const f of ctx.state.outlaws!.figures.slice()) {
    const cell = ctx.state.parcels[f.parcel];
    if (cell.content !== 'PRISON') continue;
    const vp = outlawVp(ctx.state);
    ctx.emit({ type: 'OUTLAW_JAILED', id: f.id, parcel: f.parcel, owner: cell.owner, vp });
    if (cell.owner !== null && vp > 0)
      ctx.emit({ type: 'VP', seat: cell.owner, delta: vp, reason: 'OUTLAW_JAILED' });
  }
}

// ---------------------------------------------------------------- movement (§10.5, T19)

/** Income an outlaw sees on `q` (§10.5 step 2-3): the current level; $0 for the yellow Heroes. */
function lureOf(s: CarsonState, q: number): number {
  const owner = s.parcels[q].owner;
  if (owner === null || !isBuilding(s.parcels[q].content)) return 0;
  if (holds(s, owner, HEROES, 'YELLOW')) return 0;
  return incomeLevel(s, q);
}

/**
 * Candidates of the outlaw `id`: the buildings of its own parcel and its N8, ignoring buildings
 * (other than its own) next to a Prison or holding another outlaw, with their current income (Town Hall level
 * included, no doubling yet: §10.5 step 3).
 */
export function moveCandidates(s: CarsonState, id: number): { parcel: number; income: number }[] {
  const f = s.outlaws!.figures.find((x) => x.id === id)!;
  const out: { parcel: number; income: number }[] = [];
  for (const q of [f.parcel, ...n8(f.parcel)].sort((a, b) => a - b)) {
    const cell = s.parcels[q];
    if (cell.owner === null || !isBuilding(cell.content)) continue;
    // The outlaw's own building stays a candidate next to a Prison: a Prison stops outlaws moving
    // or arriving next to it, not one already there (§10.5 "Prisons"; README decision).
    if (q !== f.parcel && nextToPrison(s, q)) continue;
    const other = outlawAt(s, q);
    if (other !== null && other !== id) continue;
    out.push({ parcel: q, income: lureOf(s, q) });
  }
  return out;
}

/**
 * End of Phase 1 (§10.5 "Movement"): the first player on the turn track sets the order of the
 * moves — a CHOOSE_OPTION `OUTLAW_MOVE_ORDER` prompt naming the next outlaw to move (`OUTLAW_<id>`)
 * while two or more are left (timeout: the oldest first); the last one moves without asking.
 */
export function outlawMoves(ctx: Ctx, remaining: number[] | null): void {
  const s = ctx.state;
  const left = (remaining ?? s.outlaws!.figures.map((f) => f.id)).filter((id) =>
    s.outlaws!.figures.some((f) => f.id === id),
  );
  if (left.length === 0) return;
  if (left.length === 1) {
    moveOutlaw(ctx, left[0]);
    return;
  }
  ctx.prompt({
    seat: s.turnOrder[0],
    kind: 'CHOOSE_OPTION',
    purpose: OUTLAW_MOVE_ORDER,
    options: left.map((id) => `OUTLAW_${id}`),
  });
}

export const OUTLAW_MOVE_ORDER = 'OUTLAW_MOVE_ORDER';

/** CHOOSE_OPTION OUTLAW_MOVE_ORDER: move the chosen outlaw, then ask for the next. */
export function outlawMoveChosen(ctx: Ctx, options: string[], option: string): void {
  const id = Number(option.slice('OUTLAW_'.length));
  const rest = options.filter((o) => o !== option).map((o) => Number(o.slice('OUTLAW_'.length)));
  ctx.push({ t: 'OUTLAW_MOVES', remaining: rest });
  moveOutlaw(ctx, id);
}

/**
 * One outlaw moves at most one parcel toward the building with the highest current income
 * around it (T19); it stays on it if already there or if nothing yields income; ties are broken
 * at random (the Rng, the draw is in the event's `to` with `tied`).
 */
export function moveOutlaw(ctx: Ctx, id: number): void {
  const s = ctx.state;
  const f = s.outlaws!.figures.find((x) => x.id === id);
  if (!f) return;
  const candidates = moveCandidates(s, id);
  const best = Math.max(0, ...candidates.map((c) => c.income));
  const top = candidates.filter((c) => c.income === best && best > 0).map((c) => c.parcel);
  let to = f.parcel;
  let reason: 'NO_INCOME' | 'ALREADY_HIGHEST' | 'HIGHEST_INCOME' = 'NO_INCOME';
  if (top.length > 0 && top.includes(f.parcel)) reason = 'ALREADY_HIGHEST';
  else if (top.length > 0) {
    reason = 'HIGHEST_INCOME';
    to = top.length === 1 ? top[0] : top[ctx.rng.int(0, top.length - 1)];
  }
  ctx.emit({
    type: 'OUTLAW_MOVED',
    id,
    from: f.parcel,
    to,
    reason,
    candidates,
    tied: top.length > 1 && reason === 'HIGHEST_INCOME' ? top : [],
  });
}

// ---------------------------------------------------------------- fights (§10.5 "Fighting")

/** The next outlaw with cowboys on its location, by parcel index (README decision). */
function nextFight(s: CarsonState): { id: number; parcel: number; loc: string } | null {
  const figures = [...s.outlaws!.figures].sort((a, b) => a.parcel - b.parcel);
  for (const f of figures) {
    const loc = outlawLoc(s, f.parcel);
    if (placementsAt(s, loc).length > 0) return { id: f.id, parcel: f.parcel, loc };
  }
  return null;
}

/**
 * Fights against outlaws, just before building income (§5.7 step 1). One task per fight: every
 * cowboy on the location duels with the outlaw, who never rolls; the strongest player (ties by
 * pass order) wins only with strength ≥ the outlaw's. Losers go back to their personal reserves
 * (Doctor/Undertaker follow), a defeated outlaw leaves the board; the winner takes the tile's VP
 * or, on an opponent's attackable building, may attack it instead (CHOOSE_OPTION OUTLAW_REWARD).
 */
export function outlawFights(ctx: Ctx): void {
  const s = ctx.state;
  const next = nextFight(s);
  if (next === null) return;
  ctx.push({ t: 'OUTLAW_FIGHTS' });
  const strength = s.outlaws!.strength ?? 0;
  const seats = byPassOrder(s, [...new Set(placementsAt(s, next.loc).map((p) => p.seat))]);
  // Might is Right: a duel tile instead of the die (§13 #34), sealed choices like any tile duel.
  if (mightOf(s)) {
    ctx.push({
      t: 'TILE_DUEL',
      duel: {
        loc: next.loc,
        seats,
        then: { kind: 'OUTLAW', id: next.id, parcel: next.parcel, strength },
        revealed: false,
      },
    });
    return;
  }
  const participants: DuelParticipant[] = seats.map((seat) => {
    const placed = s.placements.find((p) => p.seat === seat && p.loc === next.loc);
    const count = placed && placed.dynamite ? 2 : 1;
    const fp = firepower(s, seat);
    // A New Beginning, Marksman (§10.1): two dice per die, one kept. Against an outlaw a higher
    // total is never worse, so the better die of each pair is kept without asking (README).
    if (hasPower(s, seat, 'marksman')) {
      const m = marksmanDice(ctx, count);
      return {
        seat,
        dice: m.dice,
        rolled: m.rolled,
        firepower: fp,
        total: fp + m.dice.reduce((a, b) => a + b, 0),
      };
    }
    const dice = Array.from({ length: count }, () => ctx.rng.die());
    return { seat, dice, firepower: fp, total: fp + dice.reduce((a, b) => a + b, 0) };
  });
  const best = () => participants.reduce((b, p) => (p.total > b.total ? p : b), participants[0]);
  // Red Gunsmith: one reroll per duel, outlaw duels included (§9.1 #10); applied when he is not
  // winning (the dominant choice, as in player duels).
  for (const p of participants) {
    const winning = best().seat === p.seat && p.total >= strength;
    if (holds(s, p.seat, GUNSMITH, 'RED') && !winning) gunsmithReroll(ctx, p);
  }
  const top = best();
  const winner = top.total >= strength ? top.seat : null;
  const losers = seats.filter((x) => x !== winner);
  ctx.emit({
    type: 'OUTLAW_FIGHT',
    id: next.id,
    parcel: next.parcel,
    loc: next.loc,
    strength,
    participants,
    winner,
    losers,
  });
  afterOutlawFight(ctx, next.parcel, next.loc, winner, losers);
}

/**
 * After an outlaw fight (dice or tiles): Gunsmith/Sheriff/Doctor/Undertaker follow-ups, then the
 * winner's reward (VP, or the choice to attack an opponent's building instead).
 */
export function afterOutlawFight(
  ctx: Ctx,
  parcel: number,
  loc: string,
  winner: Seat | null,
  losers: Seat[],
): void {
  const after: Task[] = duelRewards(ctx, winner, losers, winner !== null);
  ctx.push(...after, ...outlawRewardTasks(ctx.state, parcel, loc, winner));
}

/** The winner's reward task after an outlaw fight (none when the outlaw won). Pure (agenda rules 4). */
export function outlawRewardTasks(s: CarsonState, parcel: number, loc: string, winner: Seat | null): Task[] {
  if (winner === null) return [];
  const canAttack =
    loc.startsWith('B:') &&
    s.parcels[parcel].owner !== winner &&
    isAttackable(s, parcel) &&
    !holds(s, winner, HEROES, 'YELLOW') &&
    !isRedSheriff(s, winner);
  return [{ t: 'OUTLAW_REWARD', seat: winner, parcel, loc, canAttack }];
}

/** The winner's reward: the tile's VP, or (on an opponent's building) an attack instead. */
export function outlawReward(ctx: Ctx, task: Extract<Task, { t: 'OUTLAW_REWARD' }>): void {
  if (task.canAttack) {
    ctx.prompt({
      seat: task.seat,
      kind: 'CHOOSE_OPTION',
      purpose: `OUTLAW_REWARD:${task.parcel}`,
      options: ['VP', 'ATTACK'],
    });
    return;
  }
  takeOutlawVp(ctx, task.seat, task.loc);
}

function takeOutlawVp(ctx: Ctx, seat: Seat, loc: string): void {
  const vp = outlawVp(ctx.state);
  if (vp > 0) ctx.emit({ type: 'VP', seat, delta: vp, reason: 'OUTLAW' });
  // Either way the winner's cowboy goes to the general reserve (§10.5); an attacker's goes
  // after building income, like any attacker's.
  retire(ctx, seat, loc, 'OUTLAW');
}

/** CHOOSE_OPTION `OUTLAW_REWARD:<parcel>`: VP (cowboy retires) or ATTACK (it stays to steal). */
export function outlawRewardChosen(ctx: Ctx, seat: Seat, purpose: string, option: string): void {
  const parcel = Number(purpose.slice('OUTLAW_REWARD:'.length));
  if (option === 'VP') takeOutlawVp(ctx, seat, `B:${parcel}`);
}

/** Initial module state (GAME_STARTED), null without the module. */
export function initialOutlaws(modules: readonly string[]): OutlawsState | null {
  return modules.includes('OUTLAWS')
    ? { strength: null, supply: OUTLAW_FIGURES, figures: [], nextId: 1 }
    : null;
}
