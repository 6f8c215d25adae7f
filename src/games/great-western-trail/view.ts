/**
 * What a viewer may see. Public: the whole board (trail tiles, foresight, job market, cattle market,
 * objective display, stations, cities, station masters), every player's money, workers, discs,
 * tiles, objective area, discard pile (face up), herder and engine. Hidden: the other seats' hands,
 * every draw pile's order (it is shuffled face down), the Kansas City bags, the cattle deck and
 * the objective deck; they are shown as counts only. A player may look through their own discard
 * pile and, with perfect memory, knows what their own deck holds, so the viewer's own draw pile is
 * given as a sorted composition (`drawPileCards`; null for every other seat and for spectators): it
 * says what is in it, never in which order (the engine keeps no order anyway).
 *
 * Events: GAME_STARTED (the opening state) has the hidden piles emptied and their sizes put in
 * `hidden`; CARDS_DRAWN shows the cards to the drawer only (others get `count`), as does CARD_GAINED when building 8b takes the top objective card into the hand. Every other
 * event is public. Decisions on the turn stack are public too (AGENDA_UPDATED events carry them),
 * so modules must not put hidden cards into a decision.
 */
import type { Json, Prompt, Viewer } from '../engine';
import type { AuxiliaryActionId, WorkerKind } from './data/types';
import type { GwtEvent, HiddenCounts } from './events';
import { limitsOf, type AuxiliaryMode } from './limits';
import { copyJson } from '../kit/copy';
import { jsonCopy } from './plain';
import { finalScore, permanentCertificates, type ScoreBreakdown } from './score';
import type {
  BanditColour,
  CardId,
  GwtOptionsState,
  GwtState,
  HazardTile,
  KcTile,
  Occupant,
  TrackPos,
  TurnState,
} from './state';

export interface GwtPlayerView {
  seat: number;
  money: number;
  exchangeTokens: number;
  /** Temporary certificates (the marker) and the permanent ones on station-master tiles. */
  certificates: number;
  permanentCertificates: number;
  /** The viewer's own hand; null for another seat (see `handCount`). */
  hand: CardId[] | null;
  handCount: number;
  drawPileCount: number;
  /**
   * The viewer's own draw pile as a sorted multiset (what is in it, not the order): known from the
   * own deck and discard pile with perfect memory. Null for another seat.
   */
  drawPileCards: CardId[] | null;
  /** Face up, the last card on top. */
  discard: CardId[];
  workers: Record<WorkerKind, number>;
  /** Disc ids still on the player board. */
  discs: string[];
  buildingsInSupply: string[];
  hazards: HazardTile[];
  bandits: BanditColour[];
  stationMasters: string[];
  objectives: CardId[];
  jobMarketToken: boolean;
  herder: string | null;
  train: TrackPos;
  /** What the player board allows now (limits.ts). */
  limits: { hand: number; step: number; certificate: number };
  auxiliary: Record<AuxiliaryActionId, AuxiliaryMode>;
  /**
   * The viewer's own score sheet if the game ended now (with the D20 choice for the objective cards
   * in the deck); null for other seats, whose decks are partly hidden.
   */
  scorePreview: ScoreBreakdown | null;
}

export interface GwtView {
  viewer: Viewer;
  seatCount: number;
  options: GwtOptionsState;
  turnNumber: number;
  over: boolean;
  endTriggeredBy: number | null;
  finalTurns: number[];
  turn: TurnState;
  /** Who must decide what now (null once the game is over). */
  prompt: Prompt | null;
  trail: Record<string, Occupant | null>;
  foresight: (KcTile | null)[][];
  /** Tiles left in Kansas City bags 1..3. */
  bags: number[];
  jobMarket: (WorkerKind | null)[][];
  jobMarketTokenRow: number | null;
  cattleMarket: CardId[];
  cattleDeck: number;
  simmentalSupply: { 2: number; 3: number };
  objectiveDisplay: CardId[];
  objectiveDeck: number;
  stationMasters: Record<string, string | null>;
  stationDiscs: Record<string, number[]>;
  cityDiscs: Record<string, number[]>;
  players: GwtPlayerView[];
}

/*
 * Copies by shape (the view shares nothing with the state): a spread clones a flat object far
 * faster than a walk over its keys, and the trail (~50 slots) is most of the board.
 */
function copyTrail(trail: GwtState['trail']): GwtState['trail'] {
  const out = { ...trail };
  for (const location in out) {
    const o = out[location];
    if (!o) continue;
    if (o.kind === 'NEUTRAL' || o.kind === 'PLAYER') out[location] = { ...o };
    else if (o.kind === 'HAZARD') out[location] = { ...o, tile: { ...o.tile } };
    else if (o.kind === 'BANDIT') out[location] = { ...o, tile: { ...o.tile } };
    else out[location] = copyJson(o);
  }
  return out;
}

function copyLists<T>(table: Record<string, T[]>): Record<string, T[]> {
  const out = { ...table };
  for (const key in out) {
    const list = out[key];
    if (list) out[key] = [...list];
  }
  return out;
}

/** The prompt now: the decision on top of the turn stack, else the stage (phase A, phase B...). */
export function currentPrompt(state: GwtState): Prompt | null {
  if (state.over) return null;
  const t = state.turn;
  const top = t.stack[t.stack.length - 1];
  return {
    seat: t.seat,
    kind: top ? top.kind : t.stage,
    detail: jsonCopy(top ?? { stage: t.stage, location: t.location }) as Json,
  };
}

export function view(state: GwtState, viewer: Viewer): GwtView {
  const players = state.players.map((p, seat): GwtPlayerView => {
    const own = viewer === seat;
    const limits = limitsOf(state, seat);
    return {
      seat,
      money: p.money,
      exchangeTokens: p.exchangeTokens,
      certificates: p.certificates,
      permanentCertificates: permanentCertificates(state, seat),
      hand: own ? [...p.hand] : null,
      handCount: p.hand.length,
      drawPileCount: p.drawPile.length,
      drawPileCards: own ? [...p.drawPile].sort() : null,
      discard: [...p.discard],
      workers: { ...p.workers },
      discs: [...p.discs],
      buildingsInSupply: [...p.buildingsInSupply],
      hazards: p.hazards.map((h) => ({ ...h })),
      bandits: [...p.bandits],
      stationMasters: [...p.stationMasters],
      objectives: [...p.objectives],
      jobMarketToken: p.jobMarketToken,
      herder: p.herder,
      train: p.train,
      limits: { hand: limits.hand, step: limits.step, certificate: limits.certificate },
      auxiliary: { ...limits.auxiliary },
      scorePreview: own ? finalScore(state, seat) : null,
    };
  });
  return {
    viewer,
    seatCount: state.seatCount,
    options: { ...state.options },
    turnNumber: state.turnNumber,
    over: state.over,
    endTriggeredBy: state.endTriggeredBy,
    finalTurns: [...state.finalTurns],
    turn: copyJson(state.turn),
    prompt: currentPrompt(state),
    trail: copyTrail(state.trail),
    foresight: state.foresight.map((column) => column.map((tile) => (tile ? { ...tile } : tile))),
    bags: state.bags.map((b) => b.length),
    jobMarket: state.jobMarket.map((row) => [...row]),
    jobMarketTokenRow: state.jobMarketTokenRow,
    cattleMarket: [...state.cattleMarket],
    cattleDeck: state.cattleDeck.length,
    simmentalSupply: { ...state.simmentalSupply },
    objectiveDisplay: [...state.objectiveDisplay],
    objectiveDeck: state.objectiveDeck.length,
    stationMasters: { ...state.stationMasters },
    stationDiscs: copyLists(state.stationDiscs),
    cityDiscs: copyLists(state.cityDiscs),
    players,
  };
}

/** The opening state as `viewer` may see it: hidden piles emptied, their sizes in `hidden`. */
function redactStart(state: GwtState, viewer: Viewer): GwtEvent {
  const hidden: HiddenCounts = {
    hands: state.players.map((p) => p.hand.length),
    drawPiles: state.players.map((p) => p.drawPile.length),
    bags: state.bags.map((b) => b.length),
    cattleDeck: state.cattleDeck.length,
    objectiveDeck: state.objectiveDeck.length,
  };
  const visible: GwtState = {
    ...copyJson(state),
    players: state.players.map((p, seat) => ({
      ...copyJson(p),
      hand: viewer === seat ? [...p.hand] : [],
      drawPile: [],
    })),
    bags: state.bags.map(() => []),
    cattleDeck: [],
    objectiveDeck: [],
  };
  return { type: 'GAME_STARTED', state: visible, hidden };
}

export function redact(event: GwtEvent, viewer: Viewer, _stateBefore: GwtState | null): GwtEvent | null {
  switch (event.type) {
    case 'GAME_STARTED':
      return redactStart(event.state, viewer);
    case 'CARDS_DRAWN':
      return viewer === event.seat ? event : { ...event, cards: [], count: event.cards.length };
    case 'CARD_GAINED':
      // Building 8b: the top card of the objective deck goes straight into the hand, unseen by others.
      return event.from === 'DECK' && event.toHand && viewer !== event.seat
        ? { ...event, card: '', hidden: true }
        : event;
    default:
      return event;
  }
}
