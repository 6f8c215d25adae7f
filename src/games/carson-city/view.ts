/**
 * The view: Carson City is fully public, so every viewer sees the whole board. The bag is shown
 * as counts (it has no order: draws are made when they happen).
 */
import type { Json, Prompt, Viewer } from '../engine';
import { STEPS } from './data/actions';
import { SQUARE_PRICES, type BuildingType } from './data/buildings';
import { edgeRef, parcelIndex, parcelRef, type EdgeRef, type ParcelRef } from './data/board';
import { PERSONALITIES, type Side } from './data/personalities';
import type { CarsonEvent } from './events';
import { generalCowboys } from './flow';
import { bridgeSlots, builtBridges, cashLimit, firepower, isConnected, parcelPrice, propertyTilesLeft } from './rules';
import type { CarsonState, Content, FinalScore, Phase } from './state';

export interface LocationView {
  kind: 'ACTION' | 'PARCEL' | 'BUILDING';
  action?: string;
  parcel?: ParcelRef;
}

export interface CarsonView {
  viewer: Viewer;
  round: number;
  phase: Phase;
  /** The Phase 3 step being resolved (board sequence, §5.1), else null. */
  step: string | null;
  parcels: { parcel: ParcelRef; owner: number | null; content: Content; connected: boolean; price: number }[];
  roads: EdgeRef[];
  /**
   * Carson River (§10.2), null without it: the board side, the river parcels in flow order, the
   * bridge slots (edges whose every parcel is river: a road there is a bridge and takes 2 roads)
   * and the bridges built.
   */
  river: { board: 'RIVER_SIDE' | 'TILES'; parcels: ParcelRef[]; bridgeSlots: EdgeRef[]; bridges: EdgeRef[] } | null;
  centre: ParcelRef;
  track: { square: number; price: number; building: BuildingType | null }[];
  bag: { total: number; byType: Record<string, number> };
  players: {
    seat: number;
    money: number;
    vp: number;
    reserve: number;
    generalReserve: number;
    revolvers: number;
    firepower: number;
    roads: number;
    pending: BuildingType[];
    dynamite: number;
    noDuelMarkers: number;
    whiteCowboy: string;
    propertyTilesLeft: number;
    personalities: { id: number; name: string; side: Side }[];
    cashLimit: number;
  }[];
  tiles: { id: number; name: string; side: string; takenBy: number | null }[];
  cowboys: { seat: number; location: LocationView; white: boolean; noDuel: boolean; dynamite: boolean }[];
  townHall: { parcel: ParcelRef | null; occupant: number | null };
  threeGuns: number | null;
  pickOrder: number[];
  turnOrder: number[];
  passTrack: number[];
  passed: number[];
  /**
   * Kit Carson (§10.4), null without it: `placing` = the seats prompted at once in the
   * simultaneous placement (empty outside it), `seq` = the sequence number of the last accepted
   * placement command this round (null outside the session), `locked` = the lock order so far.
   */
  kitCarson: { placing: number[]; seq: number | null; locked: number[] } | null;
  prompts: Prompt[];
  final: FinalScore[] | null;
}

function loc(key: string): LocationView {
  const kind = key[0] === 'A' ? 'ACTION' : key[0] === 'P' ? 'PARCEL' : 'BUILDING';
  return kind === 'ACTION' ? { kind, action: key.slice(2) } : { kind, parcel: parcelRef(Number(key.slice(2))) };
}

/** The river as the rules see it: the RIVER parcels (in the options' flow order when known). */
function riverView(s: CarsonState): CarsonView['river'] {
  const parcels = s.parcels.flatMap((cell, i) => (cell.content === 'RIVER' ? [i] : []));
  if (parcels.length === 0) return null;
  const course = s.options.river?.course.map((r) => parcelIndex(r.c, r.r)) ?? [];
  const ordered = course.length === parcels.length && course.every((p) => parcels.includes(p)) ? course : parcels;
  return {
    board: s.options.river?.board ?? 'TILES',
    parcels: ordered.map(parcelRef),
    bridgeSlots: bridgeSlots(s).map(edgeRef),
    bridges: builtBridges(s).map(edgeRef),
  };
}

function kitView(s: CarsonState): CarsonView['kitCarson'] {
  if (!s.options.modules.includes('KIT_CARSON')) return null;
  const p = s.flow.prompt;
  const session = p !== null && p.kind === 'KIT_PLACEMENT' && s.flow.phase !== 'GAME_OVER';
  return { placing: session ? p.seats.slice() : [], seq: session ? p.seq : null, locked: s.passed.slice() };
}

/** Public prompts: who must decide what, with what the client needs to show it. */
export function pending(s: CarsonState): Prompt[] {
  const p = s.flow.prompt;
  if (!p || s.flow.phase === 'GAME_OVER') return [];
  // Kit Carson: the simultaneous placement prompts every seat that has not locked (§10.4).
  if (p.kind === 'KIT_PLACEMENT') {
    const detail = { seats: p.seats.slice(), seq: p.seq };
    return p.seats.map((seat) => ({ seat, kind: p.kind, detail }));
  }
  const { seat, kind, ...rest } = p;
  // Prompts are never mutated in place (only replaced), so the detail can share their data.
  return [{ seat, kind, detail: rest as unknown as Json }];
}

export function view(s: CarsonState, viewer: Viewer): CarsonView {
  const byType: Record<string, number> = {};
  let total = 0;
  for (const [t, n] of Object.entries(s.bag)) {
    byType[t] = n;
    total += n;
  }
  return {
    viewer,
    round: s.round,
    phase: s.flow.phase,
    step: s.flow.phase === 'RESOLVE' && s.flow.step >= 0 ? STEPS[s.flow.step] : null,
    parcels: s.parcels.map((cell, i) => ({
      parcel: parcelRef(i),
      owner: cell.owner,
      content: cell.content,
      connected: isConnected(s, i),
      price: parcelPrice(s, i, null),
    })),
    roads: s.roads.map(edgeRef),
    river: riverView(s),
    centre: parcelRef(s.centre),
    track: s.track.map((building, square) => ({ square, price: SQUARE_PRICES[square], building })),
    bag: { total, byType },
    players: s.players.map((p, seat) => ({
      seat,
      money: p.money,
      vp: p.vp,
      reserve: p.reserve,
      generalReserve: generalCowboys(s, seat),
      revolvers: p.revolvers,
      firepower: firepower(s, seat),
      roads: p.roads,
      pending: p.pending.slice(),
      dynamite: p.dynamite,
      noDuelMarkers: p.noDuel,
      whiteCowboy: p.white,
      propertyTilesLeft: propertyTilesLeft(s, seat),
      personalities: p.held.map((h) => ({
        id: h.id,
        name: h.side === 'RED' && PERSONALITIES[h.id].redName ? PERSONALITIES[h.id].redName! : PERSONALITIES[h.id].name,
        side: h.side,
      })),
      cashLimit: cashLimit(s, seat),
    })),
    tiles: s.tiles.map((t) => ({ id: t.id, name: PERSONALITIES[t.id].name, side: t.side, takenBy: t.takenBy })),
    cowboys: s.placements.map((p) => ({ seat: p.seat, location: loc(p.loc), white: p.white, noDuel: p.noDuel, dynamite: p.dynamite })),
    townHall: { parcel: s.townHall.parcel === null ? null : parcelRef(s.townHall.parcel), occupant: s.townHall.occupant },
    threeGuns: s.threeGuns,
    pickOrder: s.pickOrder.slice(),
    turnOrder: s.turnOrder.slice(),
    passTrack: s.passTrack.slice(),
    passed: s.passed.slice(),
    kitCarson: kitView(s),
    prompts: pending(s),
    final: s.final,
  };
}

/** Nothing is secret: no event holds a future bag order (draws are recorded when they happen). */
export function redact(event: CarsonEvent): CarsonEvent {
  return event;
}
