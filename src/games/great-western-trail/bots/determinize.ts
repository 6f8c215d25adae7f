/**
 * Rebuild a full, plausible `GwtState` from one seat's `GwtView`, for search. Everything public is
 * copied. The seat's own hand and draw pile are known (the view gives the own draw pile as a
 * composition, `drawPileCards`). What the seat cannot see is SAMPLED with the given Rng so that
 * every visible count is kept:
 * - the other seats' hands and draw piles (handCount + drawPileCount cards each): first from the
 *   starting cards of that seat not in its discard pile (5 Criollo and 3 of each other starting
 *   breed), then, when more are needed, from the market cattle and objective cards nobody can see;
 * - the cattle deck (market cards and, with the variant, Simmental calves not seen anywhere and not
 *   dealt above) and the objective deck (general objectives not seen and not dealt);
 * - the three Kansas City bags: the printed tiles minus every tile in sight (trail, foresight, job
 *   market, hired workers, taken hazards and bandits), bag 2 gets workers, bag 1 the hazards and
 *   bandits, bag 3 what is left; each bag is cut or padded to its visible size.
 * Only the view is read, so the sample cannot depend on another seat's hidden cards.
 */
import type { Seat } from '../../engine';
import { createRng, type Rng } from '../../random';
import { cardIdOf } from '../cards';
import { MARKET_DECK, SIMMENTAL_LEVELS, simmentalCard, STARTING_DECK } from '../data/cattle';
import { GENERAL_OBJECTIVES } from '../data/objectives';
import { bagTiles } from '../data/tiles';
import { WORKER_KINDS, type BagNumber } from '../data/types';
import type { CardId, GwtState, KcTile, PlayerState } from '../state';
import type { GwtView } from '../view';

const clone = <T>(x: T): T => structuredClone(x);

/** Remove one copy of `x` from `pool` if present; true when it was there. */
function drop<T>(pool: T[], x: T, key: (t: T) => string = String): boolean {
  const k = key(x);
  const i = pool.findIndex((y) => key(y) === k);
  if (i < 0) return false;
  pool.splice(i, 1);
  return true;
}

function shuffled<T>(rng: Rng, xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

const tileKey = (t: KcTile): string =>
  t.kind === 'worker'
    ? `w:${t.worker}`
    : t.kind === 'hazard'
      ? `h:${t.hazard}:${t.hand}:${t.vp}`
      : `b:${t.colour}:${t.hand}`;

/** The unseen Kansas City tiles dealt into bags of the visible sizes. */
function sampleBags(view: GwtView, rng: Rng): KcTile[][] {
  const unseen: KcTile[] = [...bagTiles(1), ...bagTiles(2), ...bagTiles(3)];
  const seen: KcTile[] = [];
  for (const o of Object.values(view.trail))
    if (o && (o.kind === 'HAZARD' || o.kind === 'BANDIT')) seen.push(o.tile);
  for (const col of view.foresight) for (const t of col) if (t) seen.push(t);
  for (const row of view.jobMarket) for (const w of row) if (w) seen.push({ kind: 'worker', worker: w });
  for (const p of view.players) {
    for (const k of WORKER_KINDS)
      for (let i = 1; i < p.workers[k]; i++) seen.push({ kind: 'worker', worker: k });
    seen.push(...p.hazards);
    // A bandit tile in front of a player: its colour fixes its hand (green bandits green, orange black).
    for (const c of p.bandits) {
      const i = unseen.findIndex((t) => t.kind === 'bandit' && t.colour === c);
      if (i >= 0) unseen.splice(i, 1);
    }
  }
  for (const t of seen) drop(unseen, t, tileKey);
  const pool = shuffled(rng, unseen);
  const take = (n: number, ok: (t: KcTile) => boolean): KcTile[] => {
    const out: KcTile[] = [];
    for (let i = 0; i < pool.length && out.length < n;) {
      if (ok(pool[i])) out.push(pool.splice(i, 1)[0]);
      else i++;
    }
    return out;
  };
  const sizes = view.bags;
  const bags: KcTile[][] = [[], [], []];
  bags[1] = take(sizes[1], (t) => t.kind === 'worker');
  bags[0] = take(sizes[0], (t) => t.kind !== 'worker');
  bags[2] = take(sizes[2], () => true);
  // Pad from the printed contents when the unseen pool ran short (tiles that left the game).
  bags.forEach((b, i) => {
    const printed = bagTiles((i + 1) as BagNumber);
    while (b.length < sizes[i]) b.push(printed[rng.int(0, printed.length - 1)]);
  });
  return bags;
}

export interface Determinized {
  state: GwtState;
}

/**
 * A full state consistent with `view` as `seat` sees it. Without an Rng the sample is the one of a
 * fixed seed (deterministic).
 */
export function determinize(view: GwtView, seat: Seat, rng: Rng = createRng('gwt-determinize')): GwtState {
  const me = view.players[seat];
  const simmentalCalf = cardIdOf(simmentalCard(1));

  // Market cattle and objectives nobody can see: the printed ones minus everything in sight.
  const cattlePool: CardId[] = MARKET_DECK.map(cardIdOf);
  if (view.options.simmental)
    for (let i = 0; i < SIMMENTAL_LEVELS[0].count; i++) cattlePool.push(simmentalCalf);
  const objectivePool: CardId[] = GENERAL_OBJECTIVES.map((c) => c.id as string);
  const seeCard = (c: CardId) => {
    if (!drop(cattlePool, c)) drop(objectivePool, c);
  };
  view.cattleMarket.forEach(seeCard);
  view.objectiveDisplay.forEach(seeCard);
  for (const p of view.players) {
    p.discard.forEach(seeCard);
    p.objectives.forEach(seeCard);
  }
  (me.hand ?? []).forEach(seeCard);
  (me.drawPileCards ?? []).forEach(seeCard);

  let cattle = shuffled(rng, cattlePool);
  let objectives = shuffled(rng, objectivePool);

  const players: PlayerState[] = view.players.map((p, s) => {
    let hand: CardId[];
    let drawPile: CardId[];
    if (s === seat) {
      hand = [...(me.hand ?? [])];
      drawPile = [...(me.drawPileCards ?? [])];
    } else {
      const n = p.handCount + p.drawPileCount;
      let starting: CardId[] = STARTING_DECK.map(cardIdOf);
      for (const c of p.discard) drop(starting, c);
      starting = shuffled(rng, starting);
      const hidden: CardId[] = starting.slice(0, n);
      // More hidden cards than starting ones left: bought cattle and objective cards (about 1 in 5).
      while (hidden.length < n && (cattle.length > 0 || objectives.length > 0)) {
        const fromObjectives = objectives.length > 0 && (cattle.length === 0 || rng.int(0, 4) === 0);
        hidden.push(fromObjectives ? objectives.pop()! : cattle.pop()!);
      }
      while (hidden.length < n)
        hidden.push(STARTING_DECK.map(cardIdOf)[rng.int(0, STARTING_DECK.length - 1)]);
      const mixed = shuffled(rng, hidden);
      hand = mixed.slice(0, p.handCount);
      drawPile = mixed.slice(p.handCount);
    }
    return {
      money: p.money,
      exchangeTokens: p.exchangeTokens,
      certificates: p.certificates,
      hand,
      drawPile,
      discard: [...p.discard],
      workers: { ...p.workers },
      discs: [...p.discs],
      buildingsInSupply: [...p.buildingsInSupply],
      hazards: clone(p.hazards),
      bandits: [...p.bandits],
      stationMasters: [...p.stationMasters],
      objectives: [...p.objectives],
      jobMarketToken: p.jobMarketToken,
      herder: p.herder,
      train: p.train,
    };
  });

  // Decks cut or padded to their visible sizes.
  cattle = cattle.slice(0, view.cattleDeck);
  const printedMarket = MARKET_DECK.map(cardIdOf);
  while (cattle.length < view.cattleDeck) cattle.push(printedMarket[rng.int(0, printedMarket.length - 1)]);
  objectives = objectives.slice(0, view.objectiveDeck);
  const printedObjectives = GENERAL_OBJECTIVES.map((c) => c.id as string);
  while (objectives.length < view.objectiveDeck)
    objectives.push(printedObjectives[rng.int(0, printedObjectives.length - 1)]);

  return {
    seatCount: view.seatCount,
    options: { ...view.options },
    players,
    trail: clone(view.trail),
    foresight: clone(view.foresight),
    bags: sampleBags(view, rng),
    jobMarket: clone(view.jobMarket),
    jobMarketTokenRow: view.jobMarketTokenRow,
    cattleMarket: [...view.cattleMarket],
    cattleDeck: cattle,
    simmentalSupply: { ...view.simmentalSupply },
    objectiveDisplay: [...view.objectiveDisplay],
    objectiveDeck: objectives,
    stationMasters: { ...view.stationMasters },
    stationDiscs: clone(view.stationDiscs),
    cityDiscs: clone(view.cityDiscs),
    turn: clone(view.turn),
    endTriggeredBy: view.endTriggeredBy,
    finalTurns: [...view.finalTurns],
    over: view.over,
    turnNumber: view.turnNumber,
  };
}
