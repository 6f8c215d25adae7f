/**
 * Jeb Standish, the solo automaton (§11): his cowboy cards in Phase 2 (§11.3, §11.4), his free
 * purchases and building placement in Phase 3 (§11.5), his duels (§11.6), income conversion
 * (§11.7) and end of round (§11.8). Every step is an event (SOLO_CARD_DRAWN, SOLO_CARD_STEP,
 * COWBOY_PLACED, PARCEL_CLAIMED, BUILDING_BOUGHT, ROAD_PLACED, BUILDING_BUILT, DUEL,
 * SOLO_COWBOY_ON_CARD, SOLO_INCOME_CONVERTED, VP, SOLO_ROUND_END). Ties between equivalent
 * choices are broken with the Rng ("role um dado", §11.3).
 */
import type { Seat } from '../../../engine';
import { ACTIONS, buildSquare, MULTI_ACTIONS, STEPS, type ActionId } from '../../data/actions';
import { n8, parcelCorners, PARCEL_COUNT } from '../../data/board';
import { BUILDINGS, SQUARE_PRICES, type BuildingType } from '../../data/buildings';
import type { Ctx } from '../../ctx';
import { commitBuild, houseSpots, parcelAllows, type HouseSpot } from '../../build';
import {
  connectedParcels,
  firepower,
  incomeLevel,
  isAttackable,
  isBridge,
  isBuilding,
  isPurchasable,
  newlyConnectedBy,
  ownedBuildings,
  ownedParcels,
  parcelPrice,
  propertyTilesLeft,
  roadSearch,
} from '../../rules';
import {
  CARD_E_FALLBACK_VP,
  cardEndOfRoundVp,
  conversionRate,
  playerBeatsStandish,
  standishAvoidsPlayerParcels,
  standishCardCount,
  standishIncomeVp,
  standishStrength,
  soloData,
  STANDISH_BRIDGES,
  type CardLetter,
} from './solo';
import type { CarsonState, LocKey, SoloState } from '../../state';

/** The solo state, or null in a normal game (older snapshots have no `solo`). */
export function soloOf(s: CarsonState): SoloState | null {
  return s.solo ?? null;
}

export function isStandish(s: CarsonState, seat: Seat): boolean {
  return !!s.solo && s.solo.standish === seat;
}

/** The human seat of a solo game. */
export const PLAYER = 0;

/** The cards' power values of this game (its options; the placeholders in older games, §13 #36). */
function cardPowers(s: CarsonState): Readonly<Record<CardLetter, number>> {
  return soloData(s.options.solo ?? { strategy: s.solo!.strategy }).cardPowers;
}

/** His strength now (§11.6). */
export function currentStrength(s: CarsonState): number {
  const solo = s.solo!;
  return standishStrength(solo.revealed, solo.onCard, solo.personality, cardPowers(s));
}

/** Has Standish cards left to play this round (§11.3)? */
export function standishHasCards(s: CarsonState): boolean {
  return s.solo!.revealed.length < standishCardCount(s.round);
}

const hasStandishAt = (s: CarsonState, loc: LocKey) =>
  s.placements.some((p) => p.seat === s.solo!.standish && p.loc === loc);
const hasPlayerAt = (s: CarsonState, loc: LocKey) =>
  s.placements.some((p) => p.seat === PLAYER && p.loc === loc);

/** Pick uniformly among the best (ties "roll a die", §11.3). */
function pickBest<T>(ctx: Ctx, items: T[], key: (x: T) => number[]): T | null {
  if (items.length === 0) return null;
  const scored = items.map((x) => ({ x, k: key(x) }));
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
    return 0;
  };
  scored.sort((a, b) => cmp(a.k, b.k));
  const best = scored.filter((y) => cmp(y.k, scored[0].k) === 0);
  return best.length === 1 ? best[0].x : best[ctx.rng.int(0, best.length - 1)].x;
}

/** A copy of the state with `type` built on `p` for `owner` (for "most income" comparisons). */
function withBuilding(
  s: CarsonState,
  p: number,
  type: BuildingType | 'HOUSE',
  owner: Seat | null,
): CarsonState {
  const parcels = s.parcels.map((c, i) => (i === p ? { owner: owner ?? c.owner, content: type } : c));
  return { ...s, parcels };
}

function withOwner(s: CarsonState, p: number, owner: Seat): CarsonState {
  const parcels = s.parcels.map((c, i) => (i === p ? { ...c, owner } : c));
  return { ...s, parcels };
}

/** Total building income of `seat` (levels; Town Hall and caps included). */
function incomeOf(s: CarsonState, seat: Seat): number {
  return ownedBuildings(s, seat).reduce((sum, p) => sum + incomeLevel(s, p), 0);
}

/** Chebyshev distance from `p` to the nearest parcel in `set` (99 when empty). */
function distanceTo(p: number, set: number[]): number {
  let best = 99;
  for (const q of set)
    best = Math.min(
      best,
      Math.max(Math.abs((p % 8) - (q % 8)), Math.abs(Math.floor(p / 8) - Math.floor(q / 8))),
    );
  return best;
}

function freeAround(s: CarsonState, p: number): number {
  return n8(p).filter((q) => s.parcels[q].content === null && s.parcels[q].owner === null).length;
}

/**
 * The fewest road edges that connect parcel `p` to the road network (shortest path between a
 * road vertex and a corner of `p`); [] when already connected, null when impossible. Bridges are
 * allowed only while Standish has not built his one bridge (§10.2, §11.1).
 */
export function roadsToReach(s: CarsonState, p: number): number[] | null {
  const corners = parcelCorners(p);
  const bridgeOk = s.solo!.bridges < STANDISH_BRIDGES;
  const search = roadSearch(s, (e) => bridgeOk || !isBridge(s, e));
  let bestCorner = -1;
  for (const c of corners) {
    const d = search.distance(c);
    if (d !== undefined && (bestCorner < 0 || d < search.distance(bestCorner)!)) bestCorner = c;
  }
  if (bestCorner < 0) return null;
  const path = search.pathTo(bestCorner)!;
  // One bridge at most on the way (he may build only one in the game).
  if (path.filter((e) => isBridge(s, e)).length > (bridgeOk ? 1 : 0)) return null;
  return path;
}

// ---------------------------------------------------------------- Phase 2: the cards (§11.4)

/** Standish's turn: draw one card and resolve it (§11.3). */
export function playStandishCard(ctx: Ctx): void {
  const s = ctx.state;
  const solo = s.solo!;
  const reshuffled = solo.deck.length === 0;
  const pool = reshuffled ? [...solo.deck, ...solo.discard] : solo.deck;
  if (pool.length === 0) return; // cannot happen with 12 cards and at most 5 a round
  const card = pool[ctx.rng.int(0, pool.length - 1)];
  const strength = standishStrength([...solo.revealed, card], solo.onCard, solo.personality, cardPowers(s));
  ctx.emit({ type: 'SOLO_CARD_DRAWN', card, reshuffled, strength });
  resolveCard(ctx, card);
}

function place(ctx: Ctx, card: CardLetter, step: string, loc: LocKey | null, reason: string): void {
  ctx.emit({ type: 'SOLO_CARD_STEP', card, step, loc, reason });
  if (loc !== null)
    ctx.emit({
      type: 'COWBOY_PLACED',
      seat: ctx.state.solo!.standish,
      loc,
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
}

/** An action square Standish may take: open this round and not already his (§13 #41). */
function actionOpen(s: CarsonState, a: ActionId): boolean {
  if (hasStandishAt(s, `A:${a}`)) return false;
  const sq = buildSquare(a);
  if (sq >= 0 && s.track[sq] === null) return false;
  if (a === 'AMMUNITION' && s.ammunitionVoid) return false;
  return true;
}

function resolveCard(ctx: Ctx, card: CardLetter): void {
  const s = ctx.state;
  const fixed = (step: string, a: ActionId) =>
    place(ctx, card, step, actionOpen(s, a) ? `A:${a}` : null, actionOpen(s, a) ? a : `${a} not available`);
  switch (card) {
    case 'A':
      fixed('AMMUNITION', 'AMMUNITION');
      fixed('VP_COWBOYS', 'VP_COWBOYS');
      return;
    case 'B':
      fixed('ROADS', 'ROADS');
      fixed('VP_BUILDINGS', 'VP_BUILDINGS');
      return;
    case 'C': {
      const building = buildingSquare(ctx, card, 'C1');
      parcelFor(ctx, card, 'C2', building);
      return;
    }
    case 'D': {
      // Empty parcels (with those he expects to buy this round) vs buildings to place (pending
      // plus those he expects to buy this round).
      const st = s.solo!.standish;
      const empty =
        ownedParcels(s, st).filter((p) => s.parcels[p].content === null).length +
        s.placements.filter((p) => p.seat === st && p.loc.startsWith('P:')).length;
      const toPlace =
        s.players[st].pending.length +
        s.placements.filter((p) => p.seat === st && p.loc.startsWith('A:BUILD_')).length;
      if (empty >= toPlace) buildingSquare(ctx, card, 'D:BUILDING');
      else parcelFor(ctx, card, 'D:PARCEL', null);
      return;
    }
    case 'E':
      return cardE(ctx);
    case 'F':
      return cardF(ctx);
    case 'G':
      return cardG(ctx);
    case 'H':
      parcelFor(ctx, card, 'H', null);
      return;
    case 'I':
    case 'X': {
      // The two rightmost City Council actions without a Standish cowboy (§13 #20).
      const council: ActionId[] = ['VP_BUILDINGS', 'VP_COWBOYS', 'VP_PARCELS'];
      for (const n of [1, 2]) {
        const a = council.find((x) => actionOpen(ctx.state, x));
        place(
          ctx,
          card,
          `COUNCIL_${n}`,
          a ? `A:${a}` : null,
          a ?? 'every Council action holds a Standish cowboy',
        );
      }
      return;
    }
  }
}

/** Buildings Standish has to place, in his strategy's priority order (§11.4 C(2) "Eficácia"). */
function byPriority(s: CarsonState, types: BuildingType[]): BuildingType[] {
  const prio = soloData(s.options.solo ?? { strategy: s.solo!.strategy }).priorities[s.solo!.strategy];
  const rank = (b: BuildingType) => (prio.includes(b) ? prio.indexOf(b) : 99);
  return [...types].sort((a, b) => rank(a) - rank(b));
}

/** Track squares Standish could buy at (building present, not his cowboy already). */
function openSquares(s: CarsonState): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((k) => s.track[k] !== null && !hasStandishAt(s, `A:${buildAction(k)}`));
}

function buildAction(square: number): ActionId {
  return ACTIONS.find((a) => buildSquare(a) === square)!;
}

/**
 * C(1): the best Building purchase square. With an empty parcel of his that no pending or
 * planned building will take: the building that earns most on such a parcel; otherwise the
 * first type of his priority list on offer, its cheapest copy. Returns the building chosen.
 */
function buildingSquare(ctx: Ctx, card: CardLetter, step: string): BuildingType | null {
  const s = ctx.state;
  const st = s.solo!.standish;
  const squares = openSquares(s);
  if (squares.length === 0) {
    place(ctx, card, step, null, 'no building on offer');
    return null;
  }
  const empty = ownedParcels(s, st).filter((p) => s.parcels[p].content === null);
  const planned =
    s.players[st].pending.length +
    s.placements.filter((p) => p.seat === st && p.loc.startsWith('A:BUILD_')).length;
  let square: number | null;
  let reason: string;
  if (empty.length > planned) {
    const free = empty.slice(planned);
    square = pickBest(ctx, squares, (k) => [
      Math.max(...free.map((p) => incomeLevel(withBuilding(s, p, s.track[k]!, st), p))),
      -k,
    ]);
    reason = 'best building for his empty parcel';
  } else {
    const types = byPriority(s, [...new Set(squares.map((k) => s.track[k]!))]);
    square = squares.find((k) => s.track[k] === types[0]) ?? null; // cheapest copy: lowest square
    reason = `strategy priority ${types[0]}`;
  }
  place(ctx, card, step, square === null ? null : `A:${buildAction(square)}`, reason);
  return square === null ? null : s.track[square];
}

/** Parcels Standish may target now: purchasable, not his already; §11.3 exception applied. */
function parcelCandidates(s: CarsonState): number[] {
  const avoid = standishAvoidsPlayerParcels(currentStrength(s), firepower(s, PLAYER));
  const out: number[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    if (!isPurchasable(s, p) || hasStandishAt(s, `P:${p}`)) continue;
    if (avoid && hasPlayerAt(s, `P:${p}`)) continue;
    out.push(p);
  }
  return out;
}

/**
 * C(2): the best parcel. Tied to a building (the one from C(1), else his pending ones by priority,
 * else the best on the track by priority): (a) the most income for it there, (b) nearest his
 * other parcels, (c) most free space around; (d) a Prison or Blacksmith goes next to one of the
 * player's parcels, with the fewest new roads.
 */
function parcelFor(ctx: Ctx, card: CardLetter, step: string, building: BuildingType | null): void {
  const s = ctx.state;
  const st = s.solo!.standish;
  const candidates = parcelCandidates(s).filter((p) => s.parcels[p].content === null);
  const all = candidates.length > 0 ? candidates : parcelCandidates(s);
  const onTrack = byPriority(
    s,
    s.track.filter((b): b is BuildingType => b !== null),
  );
  const tied = building ?? byPriority(s, s.players[st].pending)[0] ?? onTrack[0] ?? null;
  const mine = ownedParcels(s, st);
  let choice: number | null;
  if (tied === 'PRISON' || tied === 'BLACKSMITH') {
    const player = ownedParcels(s, PLAYER);
    choice = pickBest(ctx, all, (p) => [
      distanceTo(p, player) <= 1 ? 1 : 0,
      -(roadsToReach(s, p)?.length ?? 99),
    ]);
  } else if (tied !== null) {
    choice = pickBest(ctx, all, (p) => [
      s.parcels[p].content === null ? incomeLevel(withBuilding(s, p, tied, st), p) : -1,
      -distanceTo(p, mine),
      freeAround(s, p),
    ]);
  } else choice = pickBest(ctx, all, (p) => [-distanceTo(p, mine), freeAround(s, p)]);
  place(ctx, card, step, choice === null ? null : `P:${choice}`, tied ? `parcel for ${tied}` : 'parcel');
}

/** E: attack the player's richest building (≥ $12), else duel the player nearest the end, else 2 VP. */
function cardE(ctx: Ctx): void {
  const s = ctx.state;
  const targets = ownedBuildings(s, PLAYER).filter(
    (p) => incomeLevel(s, p) >= 12 && isAttackable(s, p) && !hasStandishAt(s, `B:${p}`),
  );
  const b = pickBest(ctx, targets, (p) => [incomeLevel(s, p), freeAround(s, p)]);
  if (b !== null) return place(ctx, 'E', 'ATTACK', `B:${b}`, `income ${incomeLevel(s, b)}`);
  const squares = STEPS.filter((x): x is ActionId => (ACTIONS as readonly string[]).includes(x))
    // Wages and Road (1) hold everyone without a duel: "attacking" the player there is no attack.
    .filter((a) => !MULTI_ACTIONS.includes(a) && hasPlayerAt(s, `A:${a}`) && actionOpen(s, a))
    .reverse();
  if (squares.length > 0)
    return place(
      ctx,
      'E',
      'DUEL_ACTION',
      `A:${squares[0]}`,
      'your cowboy nearest the end of the board sequence',
    );
  place(ctx, 'E', 'VP', null, 'no target: 2 VP');
  ctx.emit({ type: 'VP', seat: s.solo!.standish, delta: CARD_E_FALLBACK_VP, reason: 'STANDISH_CARD_E' });
}

/** F: block the player's investment: their building square (cheapest), else their dearest parcel, else C(2). */
function cardF(ctx: Ctx): void {
  const s = ctx.state;
  const squares = [0, 1, 2, 3, 4, 5, 6].filter(
    (k) =>
      s.track[k] !== null &&
      hasPlayerAt(s, `A:${buildAction(k)}`) &&
      !hasStandishAt(s, `A:${buildAction(k)}`),
  );
  if (squares.length > 0)
    return place(
      ctx,
      'F',
      'F1',
      `A:${buildAction(squares[0])}`,
      `cheapest building square with your cowboy ($${SQUARE_PRICES[squares[0]]})`,
    );
  const parcels = parcelCandidates(s).filter((p) => hasPlayerAt(s, `P:${p}`));
  const p = pickBest(ctx, parcels, (q) => [parcelPrice(s, q, null)]);
  if (p !== null) return place(ctx, 'F', 'F2', `P:${p}`, 'dearest parcel with your cowboy');
  parcelFor(ctx, 'F', 'F3', null);
}

/**
 * G (Urban: an unowned House/Town House parcel; Miner: an unowned mountain): the one whose
 * purchase helps his building income most (it "hurts" him most while someone else could take it),
 * then the one that protects it best (most of his buildings around). None: onto his card.
 */
function cardG(ctx: Ctx): void {
  const s = ctx.state;
  const st = s.solo!.standish;
  const urban = s.solo!.strategy === 'URBAN';
  const kinds = urban ? ['HOUSE', 'TOWN_HOUSE'] : ['MOUNTAIN'];
  const candidates = parcelCandidates(s).filter((p) => kinds.includes(String(s.parcels[p].content)));
  const base = incomeOf(s, st);
  const p = pickBest(ctx, candidates, (q) => [
    incomeOf(withOwner(s, q, st), st) - base,
    n8(q).filter((r) => s.parcels[r].owner === st && isBuilding(s.parcels[r].content)).length,
  ]);
  if (p !== null) return place(ctx, 'G', urban ? 'HOUSE' : 'MOUNTAIN', `P:${p}`, 'protects his income');
  place(ctx, 'G', 'CARD', null, urban ? 'no unowned House left' : 'no unowned mountain left');
  ctx.emit({ type: 'SOLO_COWBOY_ON_CARD', reason: 'CARD_G', onCard: s.solo!.onCard + 1 });
}

// ---------------------------------------------------------------- Phase 3 (§11.5)

/** His parcel purchase: a property tile for free (§11.5). */
export function standishBuysParcel(ctx: Ctx, parcel: number): void {
  const s = ctx.state;
  const st = s.solo!.standish;
  if (propertyTilesLeft(s, st) <= 0 || !isPurchasable(s, parcel)) return;
  ctx.emit({ type: 'PARCEL_CLAIMED', seat: st, parcel, price: 0, reason: 'STANDISH', rolls: [] });
}

/** His building purchase: free, then placed at once if he can (§11.5). */
export function standishBuysBuilding(ctx: Ctx, square: number): void {
  const s = ctx.state;
  const building = s.track[square];
  if (building === null) return;
  ctx.emit({
    type: 'BUILDING_BOUGHT',
    seat: s.solo!.standish,
    from: 'TRACK',
    square,
    building,
    price: 0,
    reason: 'STANDISH',
  });
  standishPlacePending(ctx);
}

/**
 * Place his pending buildings (after his purchase and at the end of every Building purchase
 * action, §11.5 "Colocação Adiada"), in his priority order, each on his best parcel.
 */
export function standishPlacePending(ctx: Ctx): void {
  for (const building of byPriority(ctx.state, ctx.state.players[ctx.state.solo!.standish].pending)) {
    standishBuild(ctx, building);
  }
}

/** Houses Standish may use: not on the player's parcels (he never asks consent: decision). */
function standishSpots(
  s: CarsonState,
  build: { building: BuildingType; parcel: number; houses: HouseSpot[] },
): HouseSpot[] {
  return houseSpots(s, { ...build, needed: 0, refused: [], mode: 'PURCHASE' }).filter(
    (h) => s.parcels[h.parcel].owner !== PLAYER,
  );
}

function standishBuild(ctx: Ctx, building: BuildingType): void {
  const st = ctx.state.solo!.standish;
  const needed = BUILDINGS[building].houses;
  // Candidate parcels: his empty ones, with the roads to connect them when needed.
  const options: { parcel: number; roads: number[] }[] = [];
  for (const p of ownedParcels(ctx.state, st)) {
    if (ctx.state.parcels[p].content !== null) continue;
    const roads = BUILDINGS[building].needsRoad ? roadsToReach(ctx.state, p) : [];
    if (roads === null) continue;
    options.push({ parcel: p, roads });
  }
  const s = ctx.state;
  const mine = ownedParcels(s, st);
  const choice = pickBest(ctx, options, (o) => [
    incomeLevel(withBuilding(s, o.parcel, building, st), o.parcel),
    -o.roads.length,
    -distanceTo(
      o.parcel,
      mine.filter((q) => q !== o.parcel),
    ),
    freeAround(s, o.parcel),
  ]);
  if (choice === null) return; // stays pending (§11.5)
  // Roads first ("he always has the roads he needs"): from the supply into his reserve, then placed.
  if (choice.roads.length > 0) {
    const count = choice.roads.reduce((n, e) => n + (isBridge(ctx.state, e) ? 2 : 1), 0);
    ctx.emit({ type: 'ROADS_GAINED', seat: st, count, reason: 'STANDISH' });
    for (const e of choice.roads) {
      const bridge = isBridge(ctx.state, e);
      ctx.emit({
        type: 'ROAD_PLACED',
        seat: st,
        edge: e,
        newlyConnected: newlyConnectedBy(ctx.state, e),
        fromReserve: true,
        ...(bridge && { bridge: true as const }),
      });
    }
  }
  if (BUILDINGS[building].needsRoad && !connectedParcels(ctx.state).has(choice.parcel)) return;
  if (!parcelAllows(ctx.state, st, building, choice.parcel)) return;
  // Houses (§11.5): (1) most income for him (a Town House on his own parcel first), (2) not
  // raising the player's income, (3) nearest his other empty parcels, (4) fewest new roads (all
  // spots are road-connected already).
  const houses: HouseSpot[] = [];
  for (let i = 0; i < needed; i++) {
    const cur = ctx.state;
    const spots = standishSpots(cur, { building, parcel: choice.parcel, houses });
    const trial = withBuilding(cur, choice.parcel, building, st);
    const apply = (h: HouseSpot) => {
      const parcels = trial.parcels.map((c, q) =>
        q === h.parcel ? { ...c, content: h.town ? ('TOWN_HOUSE' as const) : ('HOUSE' as const) } : c,
      );
      for (const x of houses)
        parcels[x.parcel] = { ...parcels[x.parcel], content: x.town ? 'TOWN_HOUSE' : 'HOUSE' };
      return { ...trial, parcels };
    };
    const empties = ownedParcels(cur, st).filter(
      (q) => cur.parcels[q].content === null && q !== choice.parcel,
    );
    const baseP = incomeOf(trial, PLAYER);
    const spot = pickBest(ctx, spots, (h) => [
      h.town && cur.parcels[h.parcel].owner === st ? 1 : 0,
      incomeOf(apply(h), st),
      -(incomeOf(apply(h), PLAYER) - baseP),
      -distanceTo(h.parcel, empties),
    ]);
    if (spot === null) return; // not enough House spots: stays pending
    houses.push(spot);
  }
  commitBuild(ctx, st, { building, parcel: choice.parcel, needed, houses, refused: [], mode: 'PURCHASE' });
}

// ---------------------------------------------------------------- duels (§11.6)

/**
 * A duel between the player (die + firepower, dynamite 2 dice) and Standish (his strength, no
 * die): the player wins only with strictly more. Returns the winner.
 */
export function standishDuel(ctx: Ctx, loc: LocKey, playerDice: number[], marksmanRolled?: number[]): Seat {
  const s = ctx.state;
  const st = s.solo!.standish;
  const fp = firepower(s, PLAYER);
  const strength = currentStrength(s);
  const total = fp + playerDice.reduce((a, b) => a + b, 0);
  const won = playerBeatsStandish(total, strength);
  const winner = won ? PLAYER : st;
  const participants = [
    { seat: st, dice: [], firepower: strength, total: strength },
    // A New Beginning's Marksman (§10.1): every die he rolled, in pairs.
    {
      seat: PLAYER,
      dice: playerDice,
      ...(marksmanRolled && { rolled: marksmanRolled }),
      firepower: fp,
      total,
    },
  ];
  ctx.emit({ type: 'DUEL', loc, participants, winner, losers: [won ? st : PLAYER] });
  if (won) ctx.emit({ type: 'SOLO_COWBOY_ON_CARD', reason: 'DEFEATED', onCard: s.solo!.onCard + 1 });
  return winner;
}

// ---------------------------------------------------------------- income, end of round (§11.7, §11.8)

/** After building income: convert all his money (his income and stolen halves) to VP. */
export function convertStandishIncome(ctx: Ctx): void {
  const s = ctx.state;
  const st = s.solo!.standish;
  const income = s.players[st].money;
  ctx.emit({
    type: 'SOLO_INCOME_CONVERTED',
    round: s.round,
    income,
    rate: conversionRate(s.round),
    vp: standishIncomeVp(s.round, income),
  });
}

/** End of round: card VP, then the card cowboys return, tiles discarded, cards to the discard (X: all reshuffled). */
export function standishEndOfRound(ctx: Ctx): void {
  const s = ctx.state;
  const solo = s.solo!;
  const vp = cardEndOfRoundVp(solo.personality, solo.onCard);
  if (vp > 0)
    ctx.emit({ type: 'VP', seat: solo.standish, delta: vp, reason: `STANDISH_${solo.personality}` });
  const used = s.players[PLAYER].held.map((h) => h.id);
  ctx.emit({
    type: 'SOLO_ROUND_END',
    round: s.round,
    returned: solo.onCard,
    discardedTiles: used,
    reshuffleAll: solo.revealed.includes('X'),
  });
}
