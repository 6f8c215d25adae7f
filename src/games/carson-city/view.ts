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
import { edgeRef, parcelIndex, parcelRef, type EdgeRef, type ParcelRef } from './data/board';
import { PERSONALITIES, type Side } from './data/personalities';
import { sheetTotal, type Sheet } from './anb';
import type { CarsonEvent } from './events';
import { generalCowboys } from './flow';
import {
  bridgeSlots,
  builtBridges,
  cashLimit,
  firepower,
  holds,
  isConnected,
  parcelPrice,
  propertyTilesLeft,
  roadVertices,
} from './rules';
import {
  DEFAULT_OUTLAW_VP,
  outlawDataSource,
  outlawHalves,
  outlawLoc,
  outlawVp,
  type OutlawDataSource,
} from './outlaws';
import { hat, horsesOwned, horseVp, isStableLoc, rodeoScores, stableCowboy, STABLES } from './horses';
import { mightOf, pileSize } from './might';
import {
  placeholderSets,
  soloData,
  standishCardCount,
  type SoloData,
  type SoloDataSet,
  type SoloDataSource,
  type Strategy,
} from './solo';
import { currentStrength } from './standish';
import { GUNSMITH } from './data/personalities';
import type { CarsonState, Content, FinalScore, ModuleName, Phase } from './state';

export interface LocationView {
  /** STABLE: one of the cowboy owner's own stables (Horses, off the board). */
  kind: 'ACTION' | 'PARCEL' | 'BUILDING' | 'STABLE';
  action?: string;
  parcel?: ParcelRef;
  stable?: number;
}

/** The Horses module (§10.6), per seat and for the table. */
export interface HorsesView {
  /** Horses left in the general supply. */
  supply: number;
  /** Rodeo markers not yet won. */
  rodeoMarkersLeft: number;
  /** Rodeo value per horse ("hat") of stables 1..5 (stable 3 from the options, §13 #30). */
  hats: number[];
  players: {
    seat: number;
    /** Horses in the personal supply. */
    supply: number;
    stables: { stable: number; horses: number; cowboy: boolean }[];
    rodeoMarkers: number;
    /** The rodeo score if the rodeo were held now. */
    rodeoScore: number;
    /** Horses owned (supply + stables) and what they would score now: horses x (1 + markers). */
    horses: number;
    horseVp: number;
  }[];
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
  river: {
    board: 'RIVER_SIDE' | 'TILES';
    parcels: ParcelRef[];
    bridgeSlots: EdgeRef[];
    bridges: EdgeRef[];
  } | null;
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
  newBeginning: {
    revealed: boolean;
    seats: {
      seat: number;
      sealed: boolean;
      sheet: Sheet | null;
      total: number | null;
      greatServiceUsed: boolean;
    }[];
  } | null;
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

export interface OutlawsView {
  /** Strength of the current outlaw tile (8..13; null before round 2's arrival): all outlaws use it. */
  strength: number | null;
  /** VP of the current tile (§13 #28), and the whole configured table for strengths 8..13. */
  vp: number;
  vpTable: number[];
  /**
   * Where `vpTable` comes from (§13 #28: the printed values are not in the sources), like the solo
   * mode's `dataSource`: PLACEHOLDER means the invented default (strength − 5): tell the players.
   * CONFIGURED: a table given in the options.
   */
  dataSource: OutlawDataSource;
  /** Figures left in the general supply (9 in the box). */
  supply: number;
  /**
   * Outlaws on the board, oldest first: where, the location to place fighters on (a building
   * of its owner or the parcel), and whether the building under it pays half this round.
   */
  figures: { id: number; parcel: ParcelRef; target: 'PARCEL' | 'BUILDING'; halvesIncome: boolean }[];
}

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

function soloView(s: CarsonState): SoloView | null {
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

export interface DuelTilesView {
  /** Tiles in the game: 12 with 2 players, else 6 per set used (min(players, 5) sets). */
  total: number;
  /** Size of the common discard pile, which is also the draw pile (content hidden). */
  pile: number;
  players: {
    seat: number;
    /** The total announced at setup (public; 15 with 2 players). */
    announced: number;
    /** Tiles in hand (public). */
    count: number;
    /** The values: the viewer's own hand only, else null. */
    tiles: number[] | null;
    /** Tiles committed to the duel in progress (public count). */
    chosenCount: number;
    /** The committed values: own, or everyone's once revealed (red Gunsmith's own only). */
    chosen: number[] | null;
  }[];
}

function duelTilesView(s: CarsonState, viewer: Viewer): DuelTilesView | null {
  const m = mightOf(s);
  if (!m) return null;
  const p = s.flow.prompt;
  const revealed = p !== null && p.kind === 'CHOOSE_DUEL_TILE' && p.duel.revealed ? p.duel.seats : [];
  return {
    total: s.seatCount === 2 ? 12 : Math.min(s.seatCount, 5) * 6,
    pile: pileSize(m),
    players: m.hands.map((hand, seat) => ({
      seat,
      announced: m.announced[seat],
      count: hand.length,
      tiles: viewer === seat ? hand.slice() : null,
      chosenCount: m.chosen[seat].length,
      chosen:
        viewer === seat || (revealed.includes(seat) && !holds(s, seat, GUNSMITH, 'RED'))
          ? m.chosen[seat].slice()
          : null,
    })),
  };
}

function loc(key: string): LocationView {
  if (isStableLoc(key)) return { kind: 'STABLE', stable: Number(key.slice(2)) };
  const kind = key[0] === 'A' ? 'ACTION' : key[0] === 'P' ? 'PARCEL' : 'BUILDING';
  return kind === 'ACTION'
    ? { kind, action: key.slice(2) }
    : { kind, parcel: parcelRef(Number(key.slice(2))) };
}

/** The river as the rules see it: the RIVER parcels (in the options' flow order when known). */
function riverView(s: CarsonState): CarsonView['river'] {
  const parcels = s.parcels.flatMap((cell, i) => (cell.content === 'RIVER' ? [i] : []));
  if (parcels.length === 0) return null;
  const course = s.options.river?.course.map((r) => parcelIndex(r.c, r.r)) ?? [];
  const ordered =
    course.length === parcels.length && course.every((p) => parcels.includes(p)) ? course : parcels;
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

/** A New Beginning's sheets as `viewer` may see them (another seat's sealed sheet is hidden). */
function newBeginningView(s: CarsonState, viewer: Viewer): CarsonView['newBeginning'] {
  const anb = s.anb;
  if (!anb) return null;
  return {
    revealed: anb.revealed,
    seats: anb.sheets.map((sheet, seat) => {
      const visible = sheet !== null && (anb.revealed || viewer === seat);
      return {
        seat,
        sealed: anb.sealed[seat],
        sheet: visible ? { ...sheet } : null,
        total: visible ? sheetTotal(sheet) : null,
        greatServiceUsed: anb.greatServiceUsed[seat],
      };
    }),
  };
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
    kitCarson: kitView(s),
    prompts: pending(s),
    final: s.final,
    newBeginning: newBeginningView(s, viewer),
    duelTiles: duelTilesView(s, viewer),
    modules: s.options.modules.slice(),
    horses: horsesView(s),
    outlaws: outlawsView(s),
    solo: soloView(s),
  };
}

function outlawsView(s: CarsonState): OutlawsView | null {
  const o = s.outlaws ?? null;
  if (!o) return null;
  return {
    strength: o.strength,
    vp: outlawVp(s),
    vpTable: (s.options.outlawVP ?? DEFAULT_OUTLAW_VP).slice(),
    dataSource: s.options.outlawVPSource ?? outlawDataSource(s.options.outlawVP ?? DEFAULT_OUTLAW_VP),
    supply: o.supply,
    figures: o.figures.map((f) => ({
      id: f.id,
      parcel: parcelRef(f.parcel),
      target: outlawLoc(s, f.parcel).startsWith('B:') ? ('BUILDING' as const) : ('PARCEL' as const),
      halvesIncome: outlawLoc(s, f.parcel).startsWith('B:') && outlawHalves(s, f.parcel),
    })),
  };
}

function horsesView(s: CarsonState): HorsesView | null {
  const h = s.horses;
  if (!h) return null;
  const scores = rodeoScores(s);
  return {
    supply: h.supply,
    rodeoMarkersLeft: h.markersLeft,
    hats: STABLES.map((k) => hat(s, k)),
    players: h.players.map((p, seat) => ({
      seat,
      supply: p.supply,
      stables: STABLES.map((stable) => ({
        stable,
        horses: p.stables[stable - 1],
        cowboy: stableCowboy(s, seat, stable),
      })),
      rodeoMarkers: p.markers,
      rodeoScore: scores[seat].score,
      horses: horsesOwned(s, seat),
      horseVp: horseVp(horsesOwned(s, seat), p.markers),
    })),
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
