/**
 * Hand-built states for unit tests: one bare player and one bare table that every module's test
 * helpers start from (each adds only what its rules read).
 */
import { DISCS } from '../data/player-board';
import { freshTurn } from '../flow';
import type { GwtState, PlayerState, Stage } from '../state';

/** A player with $0, no cards or tiles, the printed worker of each kind, every disc, on START. */
export function testPlayer(over: Partial<PlayerState> = {}): PlayerState {
  return {
    money: 0,
    exchangeTokens: 0,
    certificates: 0,
    hand: [],
    drawPile: [],
    discard: [],
    workers: { cowboy: 1, craftsman: 1, engineer: 1 },
    discs: DISCS.map((d) => d.id as string),
    buildingsInSupply: [],
    hazards: [],
    bandits: [],
    stationMasters: [],
    objectives: [],
    jobMarketToken: false,
    herder: 'START',
    train: 0,
    ...over,
  };
}

/** A table of `seats` bare players with nothing on the board; seat 0 to play in `stage`. */
export function blankState(seats: number, stage: Stage = 'MOVE', over: Partial<GwtState> = {}): GwtState {
  return {
    seatCount: seats,
    options: { neutralBuildings: 'FIXED', playerBuildings: 'A_SIDES', simmental: false },
    players: Array.from({ length: seats }, () => testPlayer()),
    trail: {},
    foresight: [
      [null, null],
      [null, null],
      [null, null],
    ],
    bags: [[], [], []],
    jobMarket: Array.from({ length: 12 }, () => Array.from({ length: seats }, () => null)),
    jobMarketTokenRow: 1,
    cattleMarket: [],
    cattleDeck: [],
    simmentalSupply: { 2: 0, 3: 0 },
    objectiveDisplay: [],
    objectiveDeck: [],
    stationMasters: {},
    stationDiscs: {},
    cityDiscs: {},
    turn: freshTurn(0, stage),
    endTriggeredBy: null,
    finalTurns: [],
    over: false,
    turnNumber: 1,
    ...over,
  };
}
