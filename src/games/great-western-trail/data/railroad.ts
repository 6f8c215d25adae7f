/**
 * The railroad: track 0-39 with 9 turnouts, X marks and transport cost, 10 stations, 9 station masters,
 * 10 delivery cities and the links between adjacent cities. Provenance: facts come from the gwt2
 * component data compiled from Board Game Fiesta and cross-checked against the rulebook.
 *
 * Track rules: engines start on space 0, which any number may share; every other space holds at most
 * one engine, and occupied spaces are skipped and not counted (forward or backward). From space n an
 * engine goes to n + 1 or onto the turnout n.5; from n.5 only to n + 1; entering a turnout counts as one
 * step and ends the move. Forward moves may stop early; backward moves are exact (impossible from 0).
 * Space 39 is itself a station: stop there, may upgrade it, then move back at least 1 space (to any
 * space or turnout) and gain $3; a station reached that way may be upgraded, even with that $3.
 */
import type {
  ActionSpec,
  City,
  CityId,
  CityLink,
  Corner,
  Station,
  StationId,
  StationMaster,
  StationMasterId,
  TrackPosition,
  TrackSpace,
} from './types';

export const TRACK_START: TrackPosition = 0;
export const TRACK_END: TrackPosition = 39;
/** Money for leaving space 39 backwards. */
export const END_OF_TRACK_BONUS_DOLLARS = 3;

/** Turnouts (side-track station spaces) n.5 between n and n + 1. */
export const TURNOUTS: readonly TrackPosition[] = [4.5, 7.5, 10.5, 13.5, 16.5, 21.5, 25.5, 29.5, 33.5];

/** Every track space in order: 0 (start), 1..38, the 9 turnouts in between, 39 (a station). */
export const TRACK_SPACES: readonly TrackSpace[] = Array.from({ length: 40 }, (_, n): TrackSpace[] => {
  const own: TrackSpace = { position: n, kind: n === 0 ? 'start' : n === 39 ? 'station' : 'track' };
  return TURNOUTS.includes(n + 0.5) ? [own, { position: n + 0.5, kind: 'turnout' }] : [own];
}).flat();

/** Forward neighbours of a track position. */
export function trackNext(p: TrackPosition): TrackPosition[] {
  if (p >= TRACK_END) return [];
  if (!Number.isInteger(p)) return [Math.ceil(p)];
  return TURNOUTS.includes(p + 0.5) ? [p + 1, p + 0.5] : [p + 1];
}

/** The 11 X marks, each between spaces [n, n + 1]. Uncertain (gwt2 README #7): unchanged from the 1st edition in the source. */
export const X_MARKS: readonly (readonly [number, number])[] = [
  [3, 4],
  [4, 5],
  [5, 6],
  [7, 8],
  [9, 10],
  [10, 11],
  [11, 12],
  [13, 14],
  [15, 16],
  [16, 17],
  [17, 18],
];

/**
 * Transport cost in dollars: $1 per X between the front of your engine and the track column of the
 * city (column = city value). An engine on turnout n.5 counts as on n + 1; at or beyond the city: free.
 */
export function transportCost(enginePosition: TrackPosition, cityValue: number): number {
  const front = Math.ceil(enginePosition);
  return X_MARKS.filter(([n]) => n < cityValue && n >= front).length;
}

/**
 * The 10 stations. White-corner stations take only a white-corner disc, black-corner ones any disc.
 * Uncertain (gwt2 README #7): costs and VP are unchanged from the 1st edition in the source.
 */
export const STATIONS: readonly Station[] = [
  {
    id: 'STATION-1',
    position: 4.5,
    upgradeCostDollars: 2,
    vp: 1,
    corner: 'white',
    hasStationMasterSlot: true,
  },
  {
    id: 'STATION-2',
    position: 7.5,
    upgradeCostDollars: 2,
    vp: 1,
    corner: 'white',
    hasStationMasterSlot: true,
  },
  {
    id: 'STATION-3',
    position: 10.5,
    upgradeCostDollars: 4,
    vp: 2,
    corner: 'white',
    hasStationMasterSlot: true,
  },
  {
    id: 'STATION-4',
    position: 13.5,
    upgradeCostDollars: 4,
    vp: 2,
    corner: 'white',
    hasStationMasterSlot: true,
  },
  {
    id: 'STATION-5',
    position: 16.5,
    upgradeCostDollars: 6,
    vp: 3,
    corner: 'black',
    hasStationMasterSlot: true,
  },
  {
    id: 'STATION-6',
    position: 21.5,
    upgradeCostDollars: 8,
    vp: 5,
    corner: 'black',
    hasStationMasterSlot: false,
  },
  {
    id: 'STATION-7',
    position: 25.5,
    upgradeCostDollars: 7,
    vp: 6,
    corner: 'black',
    hasStationMasterSlot: false,
  },
  {
    id: 'STATION-8',
    position: 29.5,
    upgradeCostDollars: 6,
    vp: 7,
    corner: 'black',
    hasStationMasterSlot: false,
  },
  {
    id: 'STATION-9',
    position: 33.5,
    upgradeCostDollars: 5,
    vp: 8,
    corner: 'black',
    hasStationMasterSlot: false,
  },
  {
    id: 'STATION-10',
    position: 39,
    upgradeCostDollars: 3,
    vp: 9,
    corner: 'black',
    hasStationMasterSlot: false,
  },
];

export function station(id: StationId): Station {
  const s = STATIONS.find((x) => x.id === id);
  if (!s) throw new Error(`unknown station ${id}`);
  return s;
}

export function stationAt(p: TrackPosition): Station | undefined {
  return STATIONS.find((s) => s.position === p);
}

/** Can a disc with this corner go on a space with that corner? */
export function discFits(disc: Corner, space: Corner): boolean {
  return space === 'black' || disc === 'white';
}

/** Station masters: 9 tiles, 5 drawn at setup onto stations 1-5, the rest back to the box. */
export const STATION_MASTERS_IN_PLAY = 5;

/**
 * The 9 station-master tiles. Claiming: only right after upgrading that station, move the rightmost
 * worker of any of your rows (never a printed starting worker) onto the tile and take it; declining is
 * final. Permanent certificates add 1 each to every later Kansas City breeding value (never spent).
 */
export const STATION_MASTERS: readonly StationMaster[] = [
  {
    id: 'SM-WORKERS',
    top: { kind: 'IMMEDIATE', action: { type: 'GAIN_DOLLARS', amount: 2 } },
    // Per worker on your player board, the 3 printed starting workers included.
    bottom: { vp: 1, per: 'WORKER' },
  },
  {
    id: 'SM-OBJECTIVES',
    top: {
      kind: 'IMMEDIATE',
      action: {
        type: 'CHOOSE_ONE',
        options: [{ type: 'REMOVE_HAZARD', payDollars: 0, count: 1 }, { type: 'COLLECT_BOUNTY' }],
      },
    },
    // Per 2 objective cards in your objective area (completed or not).
    bottom: { vp: 3, per: 'TWO_OBJECTIVE_CARDS' },
  },
  {
    id: 'SM-HAZARDS',
    top: { kind: 'PERMANENT_CERTIFICATES', amount: 1 },
    bottom: { vp: 3, per: 'TWO_HAZARDS' },
  },
  {
    id: 'SM-BANDIT-PAIRS',
    top: { kind: 'PERMANENT_CERTIFICATES', amount: 1 },
    bottom: { vp: 3, per: 'BANDIT_PAIR' },
  },
  // Per 2 certificates at game end (temporary + permanent).
  {
    id: 'SM-CERTIFICATES',
    top: { kind: 'PERMANENT_CERTIFICATES', amount: 1 },
    bottom: { vp: 3, per: 'TWO_CERTIFICATES' },
  },
  {
    id: 'SM-STATIONS',
    top: { kind: 'PERMANENT_CERTIFICATES', amount: 1 },
    bottom: { vp: 3, per: 'TWO_STATIONS' },
  },
  {
    id: 'SM-BUILDINGS',
    top: { kind: 'IMMEDIATE', action: { type: 'GAIN_CERTIFICATES', amount: 2 } },
    bottom: { vp: 2, per: 'BUILDING' },
  },
  // Uncertain (gwt2 README #10): no end-game scoring in the source.
  {
    id: 'SM-12-DOLLARS',
    top: { kind: 'IMMEDIATE', action: { type: 'GAIN_DOLLARS', amount: 12 } },
    bottom: null,
  },
  // Uncertain (gwt2 README #10): no scoring in the source and counts as 2 permanent certificates; the
  // rulebook says generically "+1 per tile".
  { id: 'SM-2-PERM-CERTS', top: { kind: 'PERMANENT_CERTIFICATES', amount: 2 }, bottom: null },
];

export function stationMaster(id: StationMasterId): StationMaster {
  const m = STATION_MASTERS.find((x) => x.id === id);
  if (!m) throw new Error(`unknown station master ${id}`);
  return m;
}

/**
 * The 10 delivery cities, Kansas City to New York. Deliver (Kansas City phase 5) to a city whose value
 * is at most your breeding value and where you have no disc yet (Kansas City and New York excepted),
 * placing a disc from your board (white-corner disc: any city; black-corner: black cities only); trigger
 * link arrows; then pay the transport cost.
 */
export const CITIES: readonly City[] = [
  {
    id: 'KANSAS_CITY',
    order: 0,
    value: 0,
    corner: 'white',
    repeatable: true,
    xMarksFromStart: 0,
    onDelivery: { type: 'GAIN_DOLLARS', amount: 4 },
    vpPerDisc: -6,
  },
  {
    id: 'FULTON',
    order: 1,
    value: 1,
    corner: 'white',
    repeatable: false,
    xMarksFromStart: 0,
    onDelivery: null,
    vpPerDisc: 0,
  },
  {
    // Uncertain (gwt2 README #12): the rulebook's transport example says "Wichita" (a 1st-edition
    // leftover) where it means St. Louis.
    id: 'ST_LOUIS',
    order: 2,
    value: 4,
    corner: 'white',
    repeatable: false,
    xMarksFromStart: 1,
    onDelivery: null,
    vpPerDisc: 0,
  },
  {
    id: 'BLOOMINGTON',
    order: 3,
    value: 6,
    corner: 'white',
    repeatable: false,
    xMarksFromStart: 3,
    onDelivery: null,
    vpPerDisc: 0,
  },
  {
    id: 'PEORIA',
    order: 4,
    value: 8,
    corner: 'white',
    repeatable: false,
    xMarksFromStart: 4,
    onDelivery: null,
    vpPerDisc: 0,
  },
  {
    id: 'CHICAGO',
    order: 5,
    value: 10,
    corner: 'black',
    repeatable: false,
    xMarksFromStart: 5,
    onDelivery: null,
    vpPerDisc: 0,
  },
  {
    id: 'TOLEDO',
    order: 6,
    value: 12,
    corner: 'black',
    repeatable: false,
    xMarksFromStart: 7,
    onDelivery: null,
    vpPerDisc: 0,
  },
  // Uncertain (gwt2 README #11): the rulebook's scoring example also mentions "Pittsburgh's 4 VP"; the
  // source has no VP on Pittsburgh itself (probably a duplicate of the Pittsburgh-Philadelphia 4 VP).
  {
    id: 'PITTSBURGH',
    order: 7,
    value: 14,
    corner: 'white',
    repeatable: false,
    xMarksFromStart: 8,
    onDelivery: null,
    vpPerDisc: 0,
  },
  {
    id: 'PHILADELPHIA',
    order: 8,
    value: 16,
    corner: 'black',
    repeatable: false,
    xMarksFromStart: 9,
    onDelivery: null,
    vpPerDisc: 6,
  },
  {
    id: 'NEW_YORK',
    order: 9,
    value: 18,
    corner: 'black',
    repeatable: true,
    xMarksFromStart: 11,
    onDelivery: null,
    vpPerDisc: 9,
  },
];

export function city(id: CityId): City {
  const c = CITIES.find((x) => x.id === id);
  if (!c) throw new Error(`unknown city ${id}`);
  return c;
}

const TAKE_OBJECTIVE: ActionSpec = { type: 'TAKE_OBJECTIVE_CARD', to: 'DISCARD_PILE' };

/**
 * Links between adjacent cities. When you place a disc on a city and already have one on the neighbour,
 * do that arrow's action at once (twice if both neighbours qualify). The link VP score at game end if
 * you have a disc on both cities.
 */
export const CITY_LINKS: readonly CityLink[] = [
  { between: ['FULTON', 'ST_LOUIS'], onCompletion: TAKE_OBJECTIVE, vp: -3 },
  { between: ['ST_LOUIS', 'BLOOMINGTON'], onCompletion: { type: 'GAIN_EXCHANGE_TOKEN', amount: 1 }, vp: 0 },
  { between: ['BLOOMINGTON', 'PEORIA'], onCompletion: TAKE_OBJECTIVE, vp: 0 },
  { between: ['PEORIA', 'CHICAGO'], onCompletion: TAKE_OBJECTIVE, vp: 0 },
  { between: ['CHICAGO', 'TOLEDO'], onCompletion: null, vp: 6 },
  { between: ['TOLEDO', 'PITTSBURGH'], onCompletion: null, vp: 8 },
  { between: ['PITTSBURGH', 'PHILADELPHIA'], onCompletion: null, vp: 4 },
];
