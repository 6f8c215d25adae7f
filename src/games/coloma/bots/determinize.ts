/**
 * Rebuild a full, plausible `ColomaState` from one seat's `ColomaView`, for search. Everything
 * public is copied. What the seat cannot see is SAMPLED with the given Rng so that every visible
 * count is kept:
 * - every seat deals from the same 16 Town Buildings (flow.ts setup), and a card leaves hand and
 *   deck only into its owner's tableau, so another seat's hand and deck are a shuffle of the 16
 *   minus its tableau, cut to `handCount` and `deckCount`; the seat's own deck is the 16 minus its
 *   tableau and hand, in a sampled order (the owner knows only what it put back itself);
 * - the face-down Barrels: the printed mix minus every Barrel in sight (Hideout, discard, players'),
 *   cut or padded to `barrelStack`;
 * - another seat's Dial (and Mule) already set but not revealed: the HEURISTIC's Dial for that seat
 *   on the sampled state, else a uniform Site.
 * Only the view is read, so the sample cannot depend on another seat's hidden cards or Dial.
 */
import type { Seat } from '../../engine';
import type { Rng } from '../../random';
import { BUILDING_IDS, type BuildingId } from '../data/buildings';
import type { ColomaState, PlayerState } from '../state';
import { view as viewOf, type ColomaView } from '../view';
import { dialFor } from './heuristic';
import { copyJson } from '../../kit/copy';

function without(pool: BuildingId[], gone: BuildingId[]): BuildingId[] {
  const out = [...pool];
  for (const c of gone) {
    const i = out.indexOf(c);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/** `n` cards from `pool` after a shuffle, padded from the 16 when the pool ran short. */
function deal(rng: Rng, pool: BuildingId[], n: number): BuildingId[] {
  const out = rng.shuffle(pool).slice(0, n);
  while (out.length < n) out.push(rng.pick(BUILDING_IDS));
  return out;
}

function sampleBarrels(v: ColomaView, rng: Rng): Record<string, number> {
  const left: Record<string, number> = Object.fromEntries(v.data.barrels.map((b) => [b.id, b.count]));
  const seen = (id: string, n = 1) => (left[id] = Math.max(0, (left[id] ?? 0) - n));
  for (const b of v.hideout) if (b !== null) seen(b);
  for (const [id, n] of Object.entries(v.barrelDiscard)) seen(id, n);
  for (const p of v.players) for (const b of p.barrels) seen(b.id);
  const unseen = Object.keys(left)
    .sort()
    .flatMap((id) => Array.from({ length: left[id] }, () => id));
  const drawn = rng.shuffle(unseen).slice(0, v.barrelStack);
  const types = v.data.barrels.map((b) => b.id);
  while (drawn.length < v.barrelStack) drawn.push(rng.pick(types));
  const pool: Record<string, number> = Object.fromEntries(types.map((id) => [id, 0]));
  for (const id of drawn) pool[id] = (pool[id] ?? 0) + 1;
  return pool;
}

function samplePlayer(v: ColomaView, seat: Seat, s: number, rng: Rng): PlayerState {
  const { hand, handCount, deckCount, dial, dialSet, muleDial, ...open } = v.players[s];
  void dialSet;
  const rest = without([...BUILDING_IDS], open.tableau);
  let h: BuildingId[];
  let deck: BuildingId[];
  if (s === seat) {
    h = [...(hand ?? [])];
    deck = deal(rng, without(rest, h), deckCount);
  } else {
    const cards = deal(rng, rest, handCount + deckCount);
    h = cards.slice(0, handCount);
    deck = cards.slice(handCount);
  }
  return {
    ...copyJson(open),
    hand: h,
    deck,
    dial: s === seat ? dial : null,
    muleDial: s === seat ? muleDial : null,
  };
}

/** A full state consistent with `v` as `seat` sees it. */
export function determinize(v: ColomaView, seat: Seat, rng: Rng): ColomaState {
  const { players, barrelStack, dataSource, placeholders, modules, data, ...rest } = v;
  void barrelStack;
  const state: ColomaState = {
    ...copyJson(rest),
    data,
    options: {
      printed: {},
      dataSource: dataSource as ColomaState['options']['dataSource'],
      placeholders: [...placeholders] as ColomaState['options']['placeholders'],
      modules: [...modules],
      pioneers: null,
      sheriff: null,
      decks: null,
    },
    barrelPool: sampleBarrels(v, rng),
    players: players.map((_, s) => samplePlayer(v, seat, s, rng)),
  };
  const mule = modules.includes('MULE_DUEL');
  players.forEach((p, s) => {
    if (s === seat || !p.dialSet) return;
    const mine = state.players[s];
    mine.dial = dialFor(viewOf(state, s), s) ?? rng.int(1, 5);
    if (mule) mine.muleDial = rng.int(1, 5);
  });
  return state;
}
