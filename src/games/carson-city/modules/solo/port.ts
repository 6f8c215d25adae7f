/** The solo mode's port (§11): what the core asks of the module (see ../../ports.ts). */
import type { Seat } from '../../../engine';
import type { Rng } from '../../../random';
import type { BuildingType } from '../../data/buildings';
import type { SoloPort } from '../../ports';
import { ownedBuildings, ownedParcels } from '../../rules';
import {
  parseSoloData,
  placeholderSets,
  SOLO_DATA_SETS,
  SOLO_FORBIDDEN_MODULES,
  SOLO_PERSONALITIES_IN_PLAY,
  SOLO_PERSONALITY_POOL,
  SOLO_REMOVED_BUILDINGS,
  soloData,
  standishCardCount,
  standishFinalScore,
  STANDISH,
  STRATEGIES,
  strategyBonus,
  STRATEGY_DEFS,
  type SoloData,
  type SoloDataSet,
  type SoloDataSource,
  type SoloOptions,
  type Strategy,
} from './solo';
import {
  convertStandishIncome,
  currentStrength,
  isStandish,
  playStandishCard,
  PLAYER,
  soloOf,
  standishBuysBuilding,
  standishBuysParcel,
  standishDuel,
  standishEndOfRound,
  standishHasCards,
  standishPlacePending,
} from './standish';
import { soloFlow } from './agenda';
import { MODULES } from '../../data/modules';
import type { CarsonState, FinalScore, TileState } from '../../state';

/** Solo mode (§11): all of it is public (his deck is shown as a count: no order exists). */
export interface SoloView {
  standish: number;
  strategy: string;
  personality: string;
  /** Cards revealed this round, in draw order, and his strength now (§11.6). */
  revealed: string[];
  strength: number;
  /** Defeated cowboys on his solo personality card this round. */
  onCard: number;
  /** Cards he still plays this round. */
  cardsLeftThisRound: number;
  deckSize: number;
  /** His discards (face up, so public). */
  discard: string[];
  bridgesBuilt: number;
  /**
   * Where the solo data (card powers, decks, priorities, end bonuses, §13 #36) of this game come
   * from: PLACEHOLDER means invented values, not the real cards: tell the player. `placeholders`
   * names the data sets still invented (PARTIAL).
   */
  dataSource: SoloDataSource;
  placeholders: SoloDataSet[];
  /** The effective solo data of the game (public: printed on the cards). */
  data: SoloData;
}

/** Solo data and their source; games from before the data were configurable used the placeholders. */
function soloDataView(
  o: NonNullable<CarsonState['options']['solo']>,
): Pick<SoloView, 'dataSource' | 'placeholders' | 'data'> {
  const data = soloData(o);
  return {
    dataSource: o.dataSource ?? 'PLACEHOLDER',
    placeholders: (o.placeholders ?? placeholderSets(o.strategy as Strategy, data)).slice(),
    data: JSON.parse(JSON.stringify(data)) as SoloData,
  };
}

function view(s: CarsonState): SoloView | null {
  const solo = s.solo;
  if (!solo) return null;
  return {
    standish: solo.standish,
    strategy: solo.strategy,
    personality: solo.personality,
    revealed: solo.revealed.slice(),
    strength: currentStrength(s),
    onCard: solo.onCard,
    cardsLeftThisRound: Math.max(0, standishCardCount(s.round) - solo.revealed.length),
    deckSize: solo.deck.length,
    discard: solo.discard.slice(),
    bridgesBuilt: solo.bridges,
    ...soloDataView(s.options.solo ?? { strategy: solo.strategy }),
  };
}

/**
 * A solo request (§11): `solo: { strategy, cardPowers?, decks?, priorities?, endBonuses? }` with
 * exactly 1 seat, and 1 seat only with `solo` (decision: solo is explicit, so a 1-seat game always
 * states Standish's strategy, i.e. the difficulty). The four data sets the sources do not give
 * (§13 #36) default to PLACEHOLDER_SOLO_DATA; the parsed option holds the effective data (so a game
 * replays with the data it started with) and `dataSource` / `placeholders`, derived (accepted
 * again only as derived, so parsed options parse again). Modules: Kit Carson, Outlaws and Horses
 * are not available in solo (§11.1); Carson River, Might is Right (the 2-player deal; Standish
 * plays no tile) and A New Beginning (the player's sheet without the First player row; nothing
 * changes for Standish) are.
 */
function parseOption(o: Record<string, unknown>, seatCount: number): SoloOptions | null | string {
  if (o.solo === undefined || o.solo === null) {
    return seatCount === 1
      ? 'a 1-seat game is the solo mode: give solo: { strategy: RANCHER | MINER | FORCE | URBAN } (§11)'
      : null;
  }
  if (seatCount !== 1) return 'solo is for exactly 1 seat (you against Jeb Standish, §11)';
  const so = o.solo as Record<string, unknown>;
  const keys = ['strategy', ...SOLO_DATA_SETS, 'dataSource', 'placeholders'];
  if (typeof so !== 'object' || Array.isArray(so) || Object.keys(so).some((k) => !keys.includes(k)))
    return 'solo is { strategy, cardPowers?, decks?, priorities?, endBonuses? }';
  if (!(STRATEGIES as readonly unknown[]).includes(so.strategy))
    return `solo.strategy is one of ${STRATEGIES.join(', ')} (§11.1 step 6)`;
  if (o.modules !== undefined) {
    if (!Array.isArray(o.modules)) return `modules is a list of ${MODULES.join(', ')}`;
    for (const m of o.modules as unknown[]) {
      if ((SOLO_FORBIDDEN_MODULES as readonly unknown[]).includes(m))
        return `module ${String(m)} is not available in the solo mode (§11.1: only A_NEW_BEGINNING, CARSON_RIVER, MIGHT_IS_RIGHT)`;
    }
  }
  const strategy = so.strategy as Strategy;
  const data = parseSoloData(so);
  if (typeof data === 'string') return data;
  const placeholders = placeholderSets(strategy, data);
  const dataSource =
    placeholders.length === 0
      ? 'CONFIGURED'
      : placeholders.length === placeholderSets(strategy, soloData({ strategy })).length
        ? 'PLACEHOLDER'
        : 'PARTIAL';
  if (so.dataSource !== undefined && so.dataSource !== dataSource)
    return `solo.dataSource is derived from the data (${dataSource} here), not set`;
  if (so.placeholders !== undefined && JSON.stringify(so.placeholders) !== JSON.stringify(placeholders))
    return `solo.placeholders is derived from the data ([${placeholders.join(', ')}] here), not set`;
  return { strategy, ...data, dataSource, placeholders };
}

/** Solo (§11.1 step 5): 7 of the pool of 11 at random, each on a random side for the game. */
function tiles(rng: Rng): TileState[] {
  const ids = rng.shuffle([...SOLO_PERSONALITY_POOL]).slice(0, SOLO_PERSONALITIES_IN_PLAY);
  return ids
    .map((id): TileState => ({ id, side: rng.int(0, 1) === 0 ? 'YELLOW' : 'RED', takenBy: null }))
    .sort((a, b) => a.id - b.id);
}

const start: SoloPort['start'] = (solo) => ({
  standish: STANDISH,
  personality: STRATEGY_DEFS[solo.strategy].personality,
  deck: soloData(solo).decks[solo.strategy].slice().sort(),
});

/**
 * Standish's final score (§11.8): his VP + 2 per building, House/Town House and Mountain he owns +
 * his strategy bonus. No money (he keeps none), no bridge bonus, no personality.
 */
function finalScore(s: CarsonState, seat: Seat): FinalScore {
  const solo = s.solo!;
  const owned = ownedParcels(s, seat).filter((q) => s.parcels[q].content !== null);
  const bonus = strategyBonus(
    solo.strategy,
    ownedBuildings(s, seat).map((q) => s.parcels[q].content as BuildingType),
    soloData(s.options.solo ?? { strategy: solo.strategy }).endBonuses,
  );
  return {
    seat,
    vpDuringPlay: s.players[seat].vp,
    money: 0,
    possessions: 2 * owned.length,
    bridges: 0,
    teacher: 0,
    trainStation: 0,
    horses: 0,
    kitCarson: 0,
    strategyBonus: bonus,
    total: standishFinalScore(s.players[seat].vp, owned.length, bonus),
  };
}

export const SOLO_PORT: SoloPort = Object.freeze({
  standish: STANDISH,
  removedBuildings: SOLO_REMOVED_BUILDINGS,
  parseOption,
  tiles,
  start,
  finalScore,
  view,
  player: PLAYER,
  soloOf,
  isStandish,
  currentStrength,
  standishHasCards,
  playStandishCard,
  standishBuysParcel,
  standishBuysBuilding,
  standishPlacePending,
  standishDuel,
  convertStandishIncome,
  standishEndOfRound,
  agendaFlow: soloFlow,
});
