/**
 * The view: the base game is fully public, so every viewer sees the whole board. The bag is shown
 * as counts (it has no order: draws are made when they happen). Might is Right (§10.3) adds
 * secrets: a seat sees its own duel tiles and its own sealed choice; of the others it sees
 * counts only (and the choices once revealed). The pile is shown as a size: draws from it are
 * secret. With 2 players the starting hands are known to be 0-5, so what each still holds can be
 * inferred from the revealed duels until someone draws; the view does not do that inference.
 * A New Beginning's sealed sheets (§10.1): before the reveal a viewer sees only its own sheet and
 * who has handed one in.
 */
import type { Json, Prompt, Viewer } from '../engine';
import { STEPS } from './data/actions';
import { SQUARE_PRICES, type BuildingType } from './data/buildings';
import { edgeRef, parcelRef, type EdgeRef, type ParcelRef } from './data/board';
import { PERSONALITIES, type Side } from './data/personalities';
import type { CarsonEvent } from './events';
import { generalCowboys } from './table';
import { cashLimit, firepower, isConnected, parcelPrice, propertyTilesLeft, roadVertices } from './rules';
import type { AnbView } from './modules/anb/port';
import type { HorsesView } from './modules/horses/port';
import type { DuelTilesView } from './modules/might/port';
import type { OutlawsView } from './modules/outlaws/port';
import type { RiverView } from './modules/river/port';
import type { SoloView } from './modules/solo/port';
import { PORTS } from './ports';
import type { CarsonState, Content, FinalScore, ModuleName, Phase } from './state';

/** The modules' parts of the view are defined by the modules (`modules/<name>/port.ts`). */
export type { AnbView, DuelTilesView, HorsesView, OutlawsView, RiverView, SoloView };

export interface LocationView {
  /** STABLE: one of the cowboy owner's own stables (Horses, off the board). */
  kind: 'ACTION' | 'PARCEL' | 'BUILDING' | 'STABLE';
  action?: string;
  parcel?: ParcelRef;
  stable?: number;
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
  river: RiverView | null;
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
    /** `second`: taken with A New Beginning's Great service done (§10.1). */
    personalities: { id: number; name: string; side: Side; second: boolean }[];
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
  /**
   * A New Beginning (§10.1), null without it. Per seat: `sealed` (handed in), `sheet` and `total`
   * (the viewer's own sheet at once, everyone's after the reveal, else null), `greatServiceUsed`.
   */
  newBeginning: AnbView | null;
  /** Variant modules in play. */
  modules: ModuleName[];
  /** Horses (§10.6); null without the module. */
  horses: HorsesView | null;
  /** Might is Right (§10.3), else null. Tile values appear only where the viewer may see them. */
  duelTiles: DuelTilesView | null;
  /** Outlaws (§10.5); null without the module. */
  outlaws: OutlawsView | null;
  /** Solo (§11): Jeb Standish, the automaton at the internal seat `standish`; null otherwise. */
  solo: SoloView | null;
}

function loc(key: string): LocationView {
  if (PORTS.horses.isStableLoc(key)) return { kind: 'STABLE', stable: Number(key.slice(2)) };
  const kind = key[0] === 'A' ? 'ACTION' : key[0] === 'P' ? 'PARCEL' : 'BUILDING';
  return kind === 'ACTION'
    ? { kind, action: key.slice(2) }
    : { kind, parcel: parcelRef(Number(key.slice(2))) };
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
  // A New Beginning: one simultaneous prompt per seat still filling its sheet (§10.1).
  if (p.kind === 'FILL_SHEET') return p.waiting.map((seat) => ({ seat, kind: p.kind }));
  const { seat, kind, ...rest } = p;
  // Might is Right: one prompt per seat of a sealed choice (simultaneous, §10.3). The detail is
  // public: who still chooses and how many tiles, never which.
  if (p.kind === 'CHOOSE_DUEL_TILE')
    return p.waiting.map((w) => ({ seat: w, kind, detail: rest as unknown as Json }));
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
  // The road network's vertices once, not once per parcel (it was most of the view's cost).
  const verts = roadVertices(s);
  return {
    viewer,
    round: s.round,
    phase: s.flow.phase,
    step: s.flow.phase === 'RESOLVE' && s.flow.step >= 0 ? STEPS[s.flow.step] : null,
    parcels: s.parcels.map((cell, i) => ({
      parcel: parcelRef(i),
      owner: cell.owner,
      content: cell.content,
      connected: isConnected(s, i, verts),
      price: parcelPrice(s, i, null),
    })),
    roads: s.roads.map(edgeRef),
    river: PORTS.river.view(s),
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
        name:
          h.side === 'RED' && PERSONALITIES[h.id].redName
            ? PERSONALITIES[h.id].redName!
            : PERSONALITIES[h.id].name,
        side: h.side,
        second: h.second === true,
      })),
      cashLimit: cashLimit(s, seat),
    })),
    tiles: s.tiles.map((t) => ({
      id: t.id,
      name: PERSONALITIES[t.id].name,
      side: t.side,
      takenBy: t.takenBy,
    })),
    cowboys: s.placements.map((p) => ({
      seat: p.seat,
      location: loc(p.loc),
      white: p.white,
      noDuel: p.noDuel,
      dynamite: p.dynamite,
    })),
    townHall: {
      parcel: s.townHall.parcel === null ? null : parcelRef(s.townHall.parcel),
      occupant: s.townHall.occupant,
    },
    threeGuns: s.threeGuns,
    pickOrder: s.pickOrder.slice(),
    turnOrder: s.turnOrder.slice(),
    passTrack: s.passTrack.slice(),
    passed: s.passed.slice(),
    kitCarson: PORTS.kit.view(s),
    prompts: pending(s),
    final: s.final,
    newBeginning: PORTS.anb.view(s, viewer),
    duelTiles: PORTS.might.view(s, viewer),
    modules: s.options.modules.slice(),
    horses: PORTS.horses.view(s),
    outlaws: PORTS.outlaws.view(s),
    solo: PORTS.solo.view(s),
  };
}

/**
 * No event holds a future bag or pile order (draws are recorded when they happen). The secrets
 * are Might is Right tile values (§10.3): the deal, draws and sealed choices of a seat are shown to
 * that seat only; the others get the count (and the announced total). Choices become public with
 * DUEL_TILES_REVEALED / DUEL. And A New Beginning's sealed sheets (§10.1): another viewer sees
 * that the seat handed one in, not what it holds (SHEETS_REVEALED shows all).
 */
export function redact(event: CarsonEvent, viewer: Viewer): CarsonEvent {
  switch (event.type) {
    case 'DUEL_TILES_DEALT':
    case 'DUEL_TILES_DRAWN':
    case 'DUEL_TILES_CHOSEN':
    case 'DUEL_TILES_DISCARDED':
      return viewer === event.seat ? event : { ...event, tiles: null };
    case 'SHEET_SEALED':
      return viewer === event.seat ? event : { ...event, sheet: null };
    default:
      return event;
  }
}
