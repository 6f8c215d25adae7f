/**
 * The opening (RULES.md §1): station masters, neutral buildings, the Kansas City bags, the first
 * seven trail tiles, the job market, foresight, the cattle market, objectives, and each player's
 * board, deck, hand, money and starting objective. One GAME_STARTED event carries it all; `redact`
 * shows each viewer only what they may see.
 */
import type { Rng } from '../random';
import { cardIdOf } from './cards';
import { MARKET_DECK, marketSize, SIMMENTAL_LEVELS, simmentalCard, STARTING_DECK } from './data/cattle';
import { FIRST_GAME_NEUTRAL_SETUP } from './data/neutral-buildings';
import { OBJECTIVE_DISPLAY_SIZE, GENERAL_OBJECTIVES, STARTING_OBJECTIVES } from './data/objectives';
import { CERTIFICATES_START, DISCS, STARTING_RESOURCES, STARTING_WORKERS } from './data/player-board';
import { BEGINNER_BUILDINGS, PLAYER_BUILDING_NUMBERS } from './data/player-buildings';
import { STATION_MASTERS, STATION_MASTERS_IN_PLAY, STATIONS, TRACK_START } from './data/railroad';
import {
  bagTiles,
  FORESIGHT_SPACES_PER_COLUMN,
  JOB_MARKET_COLUMNS,
  JOB_MARKET_INITIAL_WORKERS,
  JOB_MARKET_ROWS,
  JOB_MARKET_TOKEN_START_ROW,
  SETUP_TRAIL_TILES,
} from './data/tiles';
import { LOCATIONS } from './data/trail';
import { NEUTRAL_SLOT_IDS, type PlayerBuildingId, type PlayerCount } from './data/types';
import type { GwtEvent } from './events';
import { freshTurn } from './flow';
import { trailSlotFor } from './placement';
import type { GwtOptions } from './options';
import type { GwtState, KcTile, PlayerState } from './state';

/** `n` random items out of `pool` (which loses them). */
function take<T>(rng: Rng, pool: T[], n: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < n && pool.length > 0; i++) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]);
  return out;
}

export function setup(options: GwtOptions, seatCount: number, rng: Rng): GwtEvent[] {
  const players = seatCount as PlayerCount;
  const bags: KcTile[][] = [bagTiles(1), bagTiles(2), bagTiles(3)];

  // Neutral buildings, and an empty trail otherwise.
  const trail: GwtState['trail'] = Object.fromEntries(
    LOCATIONS.filter((l) => l.kind !== 'start' && l.kind !== 'kansas_city').map((l) => [l.id, null]),
  );
  const letters =
    options.neutralBuildings === 'FIXED'
      ? NEUTRAL_SLOT_IDS.map((slot) => FIRST_GAME_NEUTRAL_SETUP[slot])
      : rng.shuffle(NEUTRAL_SLOT_IDS.map((slot) => FIRST_GAME_NEUTRAL_SETUP[slot]));
  NEUTRAL_SLOT_IDS.forEach((slot, i) => (trail[slot] = { kind: 'NEUTRAL', building: letters[i] }));

  // Station masters: 5 of the 9 at random, on the stations with a slot.
  const masters = take(
    rng,
    STATION_MASTERS.map((m) => m.id as string),
    STATION_MASTERS_IN_PLAY,
  );
  const stationMasters: Record<string, string | null> = {};
  STATIONS.filter((s) => s.hasStationMasterSlot).forEach(
    (s, i) => (stationMasters[s.id] = masters[i] ?? null),
  );

  const state: GwtState = {
    seatCount,
    options,
    players: [],
    trail,
    foresight: [
      [null, null],
      [null, null],
      [null, null],
    ],
    bags,
    jobMarket: Array.from({ length: JOB_MARKET_ROWS }, () =>
      Array.from({ length: JOB_MARKET_COLUMNS[players] }, () => null),
    ),
    // Rows are 0-based here; the token starts on the circle of printed row 2.
    jobMarketTokenRow: JOB_MARKET_TOKEN_START_ROW - 1,
    cattleMarket: [],
    cattleDeck: [],
    simmentalSupply: { 2: 0, 3: 0 },
    objectiveDisplay: [],
    objectiveDeck: GENERAL_OBJECTIVES.map((c) => c.id as string),
    stationMasters,
    stationDiscs: Object.fromEntries(STATIONS.map((s) => [s.id, []])),
    cityDiscs: {},
    turn: freshTurn(0, 'FIRST_PLACE'),
    endTriggeredBy: null,
    finalTurns: [],
    over: false,
    turnNumber: 1,
  };

  // The first seven bag-1 tiles onto the trail; a tile with no free slot goes back and another is drawn.
  for (let placed = 0; placed < SETUP_TRAIL_TILES;) {
    const [tile] = take(rng, state.bags[0], 1);
    const at = trailSlotFor(state, tile);
    if (at === null) state.bags[0].push(tile);
    else {
      state.trail[at] =
        tile.kind === 'hazard'
          ? { kind: 'HAZARD', tile }
          : { kind: 'BANDIT', tile: tile as Extract<KcTile, { kind: 'bandit' }> };
      placed++;
    }
  }
  // Bag-2 workers into the job market: the whole top row, then the second row up to the token.
  for (let i = 0; i < JOB_MARKET_INITIAL_WORKERS[players]; i++) {
    const [tile] = take(rng, state.bags[1], 1);
    if (tile.kind !== 'worker') throw new Error('bag 2 holds workers only');
    state.jobMarket[Math.floor(i / seatCount)][i % seatCount] = tile.worker;
  }
  // Foresight: two tiles from each bag on its column.
  for (let c = 0; c < 3; c++) state.foresight[c] = take(rng, state.bags[c], FORESIGHT_SPACES_PER_COLUMN);

  // Cattle market (with the Simmental calves in the deck for the variant).
  const deck = MARKET_DECK.map(cardIdOf);
  if (options.simmental) {
    deck.push(...Array.from({ length: SIMMENTAL_LEVELS[0].count }, () => cardIdOf(simmentalCard(1))));
    state.simmentalSupply = { 2: SIMMENTAL_LEVELS[1].count, 3: SIMMENTAL_LEVELS[2].count };
  }
  state.cattleMarket = take(rng, deck, marketSize(players, options.simmental));
  state.cattleDeck = deck;
  state.objectiveDisplay = take(rng, state.objectiveDeck, OBJECTIVE_DISPLAY_SIZE);

  // Player building sides: side a for everyone, or one random mix that every player copies.
  const sides: string[] =
    options.playerBuildings === 'A_SIDES'
      ? [...BEGINNER_BUILDINGS]
      : PLAYER_BUILDING_NUMBERS.map((n) => `${n}${rng.int(0, 1) === 0 ? 'a' : 'b'}` as PlayerBuildingId);
  const startingObjectives = take(
    rng,
    STARTING_OBJECTIVES.map((c) => c.id as string),
    seatCount,
  );

  for (let seat = 0; seat < seatCount; seat++) {
    const res = STARTING_RESOURCES[seat];
    const pile = STARTING_DECK.map(cardIdOf);
    const hand = take(rng, pile, res.cardsDrawn);
    const p: PlayerState = {
      money: res.dollars,
      exchangeTokens: res.exchangeTokens,
      certificates: CERTIFICATES_START,
      hand,
      drawPile: pile,
      discard: [],
      workers: { ...STARTING_WORKERS },
      discs: DISCS.map((d) => d.id as string),
      buildingsInSupply: [...sides],
      hazards: [],
      bandits: [],
      stationMasters: [],
      objectives: [startingObjectives[seat]],
      jobMarketToken: false,
      herder: null,
      train: TRACK_START,
    };
    state.players.push(p);
  }
  return [{ type: 'GAME_STARTED', state }];
}
