/**
 * Might is Right (§10.3): duel tiles replace the combat die. The first hidden information of
 * Carson City: each hand is secret, and so is a tile choice until all choices are revealed.
 *
 * - Setup (§10.3 table, T21): 2 players each take a full set 0-5 and keep $15; with 3-6 players
 *   min(N, 5) sets are shuffled and each player is dealt 6 tiles (5 with 6 players), starts with
 *   $30 - own total and announces that total (public: it is in the event and in the money).
 * - A duel is a sealed commit: every duelling seat except the red Gunsmith is prompted at once
 *   (one CHOOSE_DUEL_TILE prompt with several `waiting` seats); when all have chosen, the choices
 *   are revealed (DUEL_TILES_REVEALED), then the red Gunsmith chooses (§10.3 step 2, §9.1 #10).
 *   Strength = firepower + tile; dynamite = two tiles (§9.2 #9/10); ties by pass order.
 * - Used tiles go to the common discard pile, which is the draw pile (step 5). A player with no
 *   tile draws 3 at random at once, fewer if the pile holds fewer (step 6, §13 #34). Draws are made
 *   here from the Rng when they happen: the pile is a multiset, no order of it ever exists.
 *
 * Decisions where the text is silent (README, "Might is Right"):
 * - "Running out" is checked after each duel (once the duel's tiles are on the pile, seats with
 *   an empty hand draw, in pass order) and when a seat must play a tile with an empty hand.
 * - A seat whose hand holds no more tiles than it must play plays them without being asked (the
 *   hand size is public, so skipping its prompt tells nobody anything). A dynamite duellist with
 *   one tile plays it, has then run out, draws at once and chooses the second tile from the draw.
 *   A seat that must play a tile while it and the pile are empty plays nothing (counts 0).
 * - Outlaw fights use a tile in place of the die (§10.3, §13 #34): a tile duel whose `then` is
 *   OUTLAW; `settle` compares the best total with the outlaw's strength (outlaws.ts).
 * - A New Beginning's Marksman (§10.1, PT sheet: "you receive 5 new duel tiles (instead of 3) when
 *   you have no duel tiles left. In addition you may discard the last 2 duel tiles left in your
 *   personal reserve"): every draw on running out is 5 for him (`drawCount`), and at the start of
 *   each tile duel he takes part in while holding exactly 2 tiles he is asked first (CHOOSE_OPTION
 *   MARKSMAN_DISCARD: KEEP or DISCARD, in pass order, before any tile is chosen); DISCARD puts
 *   both on the pile (DUEL_TILES_DISCARDED, values secret) and, having none left, he draws 5 at
 *   once. Tiles only matter in duels, so offering it when a duel needs them loses nothing but the
 *   timing of the draw (the text gives none).
 */
import type { Seat } from '../../../engine';
import { DOCTOR, GUNSMITH } from '../../data/personalities';
import type { Ctx } from '../../ctx';
import type { CarsonEvent, DuelParticipant } from '../../events';
import { duelRewards } from '../../duel';
import { byPassOrder, mightOf, placementsAt, range } from '../../table';
import { afterOutlawFight } from '../outlaws/outlaws';
import { firepower, holderOf, holds } from '../../rules';
import { currentStrength, isStandish } from '../solo/standish';
import type { CarsonState, Flow, MightState, PromptState, Task, TileDuel } from '../../state';
import { rules4 } from '../../agenda-version';
import { contested, parcelClaims } from '../../phases/resolution/agenda';
import { rules3 } from '../../agenda-modules';
import { hasPower } from '../anb/anb';

export const TILE_VALUES = [0, 1, 2, 3, 4, 5];
/** Tiles drawn on running out (§10.3 step 6). */
export const DRAW_COUNT = 3;
/** A New Beginning's Marksman draws 5 instead (§10.1) and may discard his last 2 tiles. */
export const MARKSMAN_DRAW_COUNT = 5;
export const MARKSMAN_DISCARD_COUNT = 2;
/** CHOOSE_OPTION purpose of the Marksman's discard offer; KEEP first (the timeout). */
export const MARKSMAN_DISCARD = 'MARKSMAN_DISCARD';
export const MARKSMAN_DISCARD_OPTIONS = ['KEEP', 'DISCARD'];

/** How many tiles `seat` draws on running out: 5 for a Marksman (§10.1), else 3 (§10.3). */
export function drawCount(s: CarsonState, seat: Seat): number {
  return hasPower(s, seat, 'marksman') ? MARKSMAN_DRAW_COUNT : DRAW_COUNT;
}

/** A Marksman holding exactly his last 2 tiles may discard them (§10.1). */
export function canDiscardLastTwo(s: CarsonState, seat: Seat): boolean {
  const m = mightOf(s);
  return (
    m !== null &&
    !isStandish(s, seat) &&
    hasPower(s, seat, 'marksman') &&
    m.hands[seat].length === MARKSMAN_DISCARD_COUNT
  );
}

/** The Marksman discards his last 2 tiles to the pile, then (none left) draws 5 (§10.1). */
export function discardLastTwo(ctx: Ctx, seat: Seat): void {
  const hand = mightOf(ctx.state)!.hands[seat].slice();
  ctx.emit({ type: 'DUEL_TILES_DISCARDED', seat, tiles: hand, count: hand.length });
  drawTiles(ctx, seat, drawCount(ctx.state, seat));
}

/** The module's state, or null without it (older snapshots have no `might` field). */
export { mightOf } from '../../table';

export function emptyMight(seatCount: number): MightState {
  return {
    hands: Array.from({ length: seatCount }, () => []),
    chosen: Array.from({ length: seatCount }, () => []),
    pile: TILE_VALUES.map(() => 0),
    announced: Array.from({ length: seatCount }, () => 0),
  };
}

export function pileSize(m: MightState): number {
  return m.pile.reduce((a, b) => a + b, 0);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Setup deal (§10.3 table). The shuffled pool exists only here; only each hand is recorded. */
export function dealDuelTiles(ctx: Ctx): void {
  const n = ctx.state.seatCount;
  if (n === 2) {
    // One full set each and $15 (PT: "cada jogador recebe 6 peças de duelo, numeradas de 0 a 5").
    for (let seat = 0; seat < n; seat++)
      ctx.emit({ type: 'DUEL_TILES_DEALT', seat, tiles: TILE_VALUES.slice(), total: 15 });
    return;
  }
  const sets = Math.min(n, 5);
  const each = n === 6 ? 5 : 6;
  const pool = ctx.rng.shuffle(Array.from({ length: sets * 6 }, (_, i) => i % 6));
  for (let seat = 0; seat < n; seat++) {
    const tiles = pool.slice(seat * each, (seat + 1) * each).sort((a, b) => a - b);
    const total = sum(tiles);
    ctx.emit({ type: 'DUEL_TILES_DEALT', seat, tiles, total });
    // Starting money $30 - own total (6 players: "as with 5", §13 #34); the base gives $15.
    // With A New Beginning the same +(15 - total) goes on top of the $50 the sheet is bought
    // with (§13 #35; anb.ts sheetBudget), so the money left is $50 - sheet + 15 - total.
    ctx.emit({ type: 'MONEY', seat, delta: 15 - total, reason: 'MIGHT_IS_RIGHT' });
  }
}

/** Draw up to `k` tiles uniformly at random from the pile (no event when the pile is empty). */
export function drawTiles(ctx: Ctx, seat: Seat, k: number): void {
  const m = mightOf(ctx.state)!;
  const pool: number[] = [];
  for (const v of TILE_VALUES) for (let i = 0; i < m.pile[v]; i++) pool.push(v);
  const out: number[] = [];
  while (out.length < k && pool.length > 0) out.push(pool.splice(ctx.rng.int(0, pool.length - 1), 1)[0]);
  if (out.length === 0) return;
  out.sort((a, b) => a - b);
  ctx.emit({ type: 'DUEL_TILES_DRAWN', seat, tiles: out, count: out.length });
}

/** Tiles `seat` plays in the duel at `loc`: two with dynamite (§9.2 #9/10), else one. */
function needOf(s: CarsonState, loc: string, seat: Seat): number {
  const placed = s.placements.find((p) => p.seat === seat && p.loc === loc);
  return placed && placed.dynamite ? 2 : 1;
}

/** The red Gunsmith chooses after the others' tiles are revealed (§10.3 step 2, §9.1 #10). */
function isLate(s: CarsonState, seat: Seat): boolean {
  return holds(s, seat, GUNSMITH, 'RED');
}

function left(s: CarsonState, duel: TileDuel, seat: Seat): number {
  return needOf(s, duel.loc, seat) - mightOf(s)!.chosen[seat].length;
}

/** Still has a real choice to make (tiles left to choose and tiles in hand). */
function open(s: CarsonState, duel: TileDuel, seat: Seat): boolean {
  // Solo: Standish plays no tile, his strength is his cards (§11.1 "nothing changes for Standish").
  if (isStandish(s, seat)) return false;
  return left(s, duel, seat) > 0 && mightOf(s)!.hands[seat].length > 0;
}

/** Forced plays and draws before a seat is asked (see the decisions in the header). */
function prepare(ctx: Ctx, duel: TileDuel, seat: Seat): void {
  if (isStandish(ctx.state, seat)) return;
  for (let guard = 0; guard < 4; guard++) {
    const m = mightOf(ctx.state)!;
    const k = left(ctx.state, duel, seat);
    if (k <= 0) return;
    const hand = m.hands[seat];
    if (hand.length === 0) {
      if (pileSize(m) === 0) return;
      drawTiles(ctx, seat, drawCount(ctx.state, seat));
      continue;
    }
    if (hand.length > k) return;
    ctx.emit({ type: 'DUEL_TILES_CHOSEN', seat, loc: duel.loc, tiles: hand.slice(), count: hand.length });
  }
}

/**
 * Start a duel with tiles (replaces the die roll of §5.2 step 3). First each Marksman holding
 * exactly 2 tiles (A New Beginning, §10.1) is asked, in pass order, whether to discard them; the
 * prompt carries the duel, whose `discardAsked` lists the seats already asked.
 */
export function startTileDuel(ctx: Ctx, duel: TileDuel): void {
  const s = ctx.state;
  const asked = duel.discardAsked ?? [];
  const offer = duel.seats.find((x) => !asked.includes(x) && canDiscardLastTwo(s, x));
  if (offer !== undefined) {
    ctx.prompt({
      seat: offer,
      kind: 'CHOOSE_OPTION',
      purpose: MARKSMAN_DISCARD,
      options: MARKSMAN_DISCARD_OPTIONS.slice(),
      duel: { ...duel, discardAsked: [...asked, offer] },
    });
    return;
  }
  for (const seat of duel.seats) if (!isLate(s, seat)) prepare(ctx, duel, seat);
  tileDuelStep(ctx, duel);
}

/** Open the next prompt of the duel, or reveal, or settle it. */
export function tileDuelStep(ctx: Ctx, duel: TileDuel): void {
  const s = ctx.state;
  const late = duel.seats.filter((x) => isLate(s, x));
  const early = duel.seats.filter((x) => !isLate(s, x));
  if (!duel.revealed) {
    const waiting = early.filter((x) => open(s, duel, x));
    if (waiting.length > 0) {
      const need = waiting.map((x) => left(s, duel, x));
      ctx.prompt({ seat: waiting[0], kind: 'CHOOSE_DUEL_TILE', waiting, need, late: false, duel });
      return;
    }
    const m = mightOf(s)!;
    ctx.emit({
      type: 'DUEL_TILES_REVEALED',
      loc: duel.loc,
      choices: early.map((seat) => ({ seat, tiles: m.chosen[seat].slice() })),
    });
    duel = { ...duel, revealed: true };
    for (const seat of late) prepare(ctx, duel, seat);
  }
  const waiting = late.filter((x) => open(ctx.state, duel, x));
  if (waiting.length > 0) {
    const need = waiting.map((x) => left(ctx.state, duel, x));
    ctx.prompt({ seat: waiting[0], kind: 'CHOOSE_DUEL_TILE', waiting, need, late: true, duel });
    return;
  }
  settle(ctx, duel);
}

/** Strength = firepower + tiles; ties to the earliest on the pass track (§5.2 step 4). */
function settle(ctx: Ctx, duel: TileDuel): void {
  const s = ctx.state;
  const m = mightOf(s)!;
  const participants: DuelParticipant[] = duel.seats.map((seat) => {
    // Solo: Standish's strength is his cards and his personality card; he plays no tile (§11.6).
    if (isStandish(s, seat))
      return { seat, dice: [], tiles: [], firepower: currentStrength(s), total: currentStrength(s) };
    const tiles = m.chosen[seat].slice();
    const fp = firepower(s, seat);
    return { seat, dice: [], tiles, firepower: fp, total: fp + sum(tiles) };
  });
  // Ties go to the earliest on the pass track; in solo Standish wins every tie (§11.6).
  const first = participants.find((p) => isStandish(s, p.seat)) ?? participants[0];
  const best = participants.reduce((b, p) => (p.total > b.total ? p : b), first);
  const then = duel.then;
  if (then.kind === 'OUTLAW') {
    // Outlaws (§10.5, §13 #34): a tile instead of the die; the outlaw plays none and wins unless
    // the best total reaches its strength.
    const won = best.total >= then.strength ? best.seat : null;
    const lost = duel.seats.filter((x) => x !== won);
    ctx.emit({
      type: 'OUTLAW_FIGHT',
      id: then.id,
      parcel: then.parcel,
      loc: duel.loc,
      strength: then.strength,
      participants,
      winner: won,
      losers: lost,
    });
    drawAfterRunningOut(ctx);
    afterOutlawFight(ctx, then.parcel, duel.loc, won, lost);
    return;
  }
  const winner = best.seat;
  const losers = duel.seats.filter((x) => x !== winner);
  // The DUEL event also puts the played tiles on the common pile (§10.3 step 5).
  ctx.emit({ type: 'DUEL', loc: duel.loc, participants, winner, losers });
  if (losers.some((x) => isStandish(s, x)))
    ctx.emit({ type: 'SOLO_COWBOY_ON_CARD', reason: 'DEFEATED', onCard: s.solo!.onCard + 1 });
  drawAfterRunningOut(ctx);
  const after = duelRewards(ctx, winner, losers);
  if (then.kind === 'PERFORM') ctx.push(...after, { t: 'PERFORM', seat: winner, action: then.action });
  else if (then.kind === 'TOWN_HALL') {
    ctx.emit({ type: 'TOWN_HALL_OCCUPIED', seat: winner, previous: then.previous });
    ctx.push(...after);
  } else ctx.push(...after);
}

/**
 * After a duel: every seat with no tile draws 3 (fewer if short), in pass order (§10.3 step 6);
 * a Marksman draws 5 (§10.1).
 */
function drawAfterRunningOut(ctx: Ctx): void {
  const s = ctx.state;
  for (const seat of byPassOrder(s, range(s.seatCount))) {
    const m = mightOf(ctx.state)!;
    if (m.hands[seat].length === 0 && pileSize(m) > 0) drawTiles(ctx, seat, drawCount(ctx.state, seat));
  }
}

/** The distinct choices of `k` tiles from a hand (ascending values; the first is the lowest). */
export function tileChoices(hand: number[], k: number): number[][] {
  const out: number[][] = [];
  const counts = TILE_VALUES.map((v) => hand.filter((x) => x === v).length);
  const rec = (from: number, acc: number[]) => {
    if (acc.length === k) {
      out.push(acc.slice());
      return;
    }
    for (let v = from; v < counts.length; v++) {
      if (counts[v] === 0) continue;
      counts[v] -= 1;
      acc.push(v);
      rec(v, acc);
      acc.pop();
      counts[v] += 1;
    }
  };
  rec(0, []);
  return out;
}

/** Is `tiles` a sub-multiset of `hand`? */
export function inHand(hand: number[], tiles: number[]): boolean {
  const rest = hand.slice();
  for (const t of tiles) {
    const i = rest.indexOf(t);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

/** Remove `tiles` from `hand` (both ascending). */
function without(hand: number[], tiles: number[]): number[] {
  const rest = hand.slice();
  for (const t of tiles) {
    const i = rest.indexOf(t);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/** evolve for the module's events and the DUEL discard (copy-on-write on `might`). */
export function applyMightEvent(s: CarsonState, e: CarsonEvent): void {
  const m0 = mightOf(s);
  if (!m0) return;
  const m: MightState = { ...m0, hands: m0.hands.slice(), chosen: m0.chosen.slice(), pile: m0.pile.slice() };
  switch (e.type) {
    case 'DUEL_TILES_DEALT':
      if (e.tiles) m.hands[e.seat] = e.tiles.slice().sort((a, b) => a - b);
      m.announced = m.announced.slice();
      m.announced[e.seat] = e.total;
      break;
    case 'DUEL_TILES_DRAWN':
      if (!e.tiles) return;
      for (const t of e.tiles) m.pile[t] -= 1;
      m.hands[e.seat] = [...m.hands[e.seat], ...e.tiles].sort((a, b) => a - b);
      break;
    case 'DUEL_TILES_CHOSEN':
      if (!e.tiles) return;
      m.hands[e.seat] = without(m.hands[e.seat], e.tiles);
      m.chosen[e.seat] = [...m.chosen[e.seat], ...e.tiles].sort((a, b) => a - b);
      break;
    case 'DUEL_TILES_DISCARDED':
      if (!e.tiles) return;
      m.hands[e.seat] = without(m.hands[e.seat], e.tiles);
      for (const t of e.tiles) m.pile[t] += 1;
      break;
    case 'DUEL':
    case 'OUTLAW_FIGHT':
      for (const p of e.participants) {
        if (!p.tiles) continue;
        for (const t of p.tiles) m.pile[t] += 1;
        m.chosen[p.seat] = [];
      }
      break;
    default:
      return;
  }
  s.might = m;
}

// ---------------------------------------------------------------- agenda rules 3: the tile duels' flow (evolve)

/** Would `prepare` play or draw for `seat` now (a forced event comes before any prompt)? */
function forced(s: CarsonState, duel: TileDuel, seat: Seat): boolean {
  if (isStandish(s, seat) || left(s, duel, seat) <= 0) return false;
  const m = mightOf(s)!;
  const hand = m.hands[seat].length;
  return hand === 0 ? pileSize(m) > 0 : hand <= left(s, duel, seat);
}

/**
 * The prompt the tile duel opens next when no event comes first, as `startTileDuel` (`start`:
 * the Marksmen's discard offers and the forced plays first) or `tileDuelStep` would open it; null
 * when an event comes first (a forced play or draw, the reveal, the settlement). Pure, for the
 * agenda: the same state and duel give what the live duel does.
 */
export function tileDuelPrompt(s: CarsonState, duel: TileDuel, start: boolean): PromptState | null {
  const late = duel.seats.filter((x) => isLate(s, x));
  const early = duel.seats.filter((x) => !isLate(s, x));
  if (start) {
    const asked = duel.discardAsked ?? [];
    const offer = duel.seats.find((x) => !asked.includes(x) && canDiscardLastTwo(s, x));
    if (offer !== undefined)
      return {
        seat: offer,
        kind: 'CHOOSE_OPTION',
        purpose: MARKSMAN_DISCARD,
        options: MARKSMAN_DISCARD_OPTIONS.slice(),
        duel: { ...duel, discardAsked: [...asked, offer] },
      };
    if (early.some((x) => forced(s, duel, x))) return null;
  }
  const group = duel.revealed ? late : early;
  if (duel.revealed && late.some((x) => forced(s, duel, x))) return null;
  const waiting = group.filter((x) => open(s, duel, x));
  if (waiting.length === 0) return null;
  const need = waiting.map((x) => left(s, duel, x));
  return { seat: waiting[0], kind: 'CHOOSE_DUEL_TILE', waiting, need, late: duel.revealed, duel };
}

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
 * Rules 3, Might is Right (§10.3): a tile duel goes on from its facts (sealed choices,
 * forced plays and draws, the Marksman's discard, the reveal) to its next prompt, as
 * `startTileDuel` / `tileDuelStep` open it (`tileDuelPrompt`); after its DUEL, what the
 * duel was for: the winner's action (PERFORM), or the step's next duel or parcel purchases.
 */
export function tileDuelFlow(s: CarsonState, e: CarsonEvent): Flow | null {
  if (!rules3(s) || !mightOf(s)) return null;
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
 * go on (phases/resolution/agenda.ts `afterDuel` for dice): two or more left, their chooser orders them; one, it
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
  // Rules 4: building income's duels done, its other tasks run (the DUELS task ends silently).
  if (task.step === 'ESTATE' && rules4(s)) return base;
  if (task.step !== 'PARCELS' || rest[0]?.t !== 'PARCEL_BUYS') return null;
  return { ...base, tasks: [...parcelClaims(s), ...rest.slice(1)] };
}
