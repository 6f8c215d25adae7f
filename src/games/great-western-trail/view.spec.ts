/**
 * The view and event redaction. The main check is a non-interference property: changing what a
 * viewer may not see (another seat's hand, any draw pile's contents, the bags, the cattle and
 * objective decks, keeping their sizes) changes nothing in that viewer's view or redacted events.
 */
import { isViolation, type Viewer } from '../engine';
import { createRng, rngFor } from '../random';
import type { GwtEvent } from './events';
import { evolve } from './evolve';
import { greatWesternTrailEngine as engine } from './index';
import { DEFAULT_OPTIONS } from './options';
import { result } from './result';
import { SCORE_CATEGORIES } from './score';
import { setup } from './setup';
import type { GwtState, KcTile } from './state';
import { currentPrompt, redact, view } from './view';

function opening(seats = 3, seed = 'view-spec'): GwtState {
  const [started] = setup({ ...DEFAULT_OPTIONS }, seats, createRng(seed));
  return evolve(null, started);
}

const OTHER_TILE: KcTile = { kind: 'worker', worker: 'engineer' };

/**
 * `s` with everything hidden from `viewer` replaced by other contents of the same size. The viewer's
 * own draw pile is left alone: its contents follow from the viewer's own deck (score preview).
 */
function perturbed(s: GwtState, viewer: Viewer): GwtState {
  const t = structuredClone(s);
  t.players.forEach((p, seat) => {
    if (seat === viewer) return;
    p.hand = p.hand.map((_, i) => (i % 2 ? 'hereford:7' : 'OBJ-24'));
    p.drawPile = p.drawPile.map(() => 'corriente:3');
  });
  t.bags = t.bags.map((b) => b.map(() => OTHER_TILE));
  t.cattleDeck = t.cattleDeck.map(() => 'shorthorn:5');
  t.objectiveDeck = t.objectiveDeck.map(() => 'OBJ-06');
  return t;
}

const VIEWERS = (s: GwtState): Viewer[] => [...s.players.map((_, seat) => seat), 'spectator'];

/** A game's worth of events touching hidden things: the opening, draws by each seat, public moves. */
function someEvents(s: GwtState): GwtEvent[] {
  return [
    { type: 'GAME_STARTED', state: s },
    { type: 'CARDS_DRAWN', seat: 0, cards: s.players[0].drawPile.slice(0, 2), reshuffled: false },
    { type: 'CARDS_DRAWN', seat: 1, cards: s.players[1].drawPile.slice(0, 3), reshuffled: true },
    { type: 'CARDS_DISCARDED', seat: 2, cards: s.players[2].hand.slice(0, 1) },
    { type: 'MONEY', seat: 1, delta: 3, reason: 'ACTION' },
    { type: 'OBJECTIVE_REVEALED', card: s.objectiveDeck[0] },
    { type: 'FORESIGHT_REFILLED', column: 1, index: 0, tile: s.bags[1][0] },
  ];
}

describe('view', () => {
  it("shows the viewer's own hand, and of the rest only counts", () => {
    const s = opening(4);
    const v = view(s, 2);
    expect(v.viewer).toBe(2);
    expect(v.players[2].hand).toEqual(s.players[2].hand);
    for (const seat of [0, 1, 3]) expect(v.players[seat].hand).toBeNull();
    expect(v.players.map((p) => p.handCount)).toEqual([4, 5, 6, 7]);
    expect(v.players.map((p) => p.drawPileCount)).toEqual([10, 9, 8, 7]);
    expect(v.bags).toEqual(s.bags.map((b) => b.length));
    expect(v.cattleDeck).toBe(s.cattleDeck.length);
    expect(v.objectiveDeck).toBe(s.objectiveDeck.length);
    expect(v.objectiveDeck).toBe(24 - 4);
    // Public: the display, the market, foresight, the starting objectives, discard piles.
    expect(v.objectiveDisplay).toEqual(s.objectiveDisplay);
    expect(v.cattleMarket).toEqual(s.cattleMarket);
    expect(v.foresight).toEqual(s.foresight);
    expect(v.players.map((p) => p.objectives)).toEqual(s.players.map((p) => p.objectives));
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
    // A spectator sees no hand at all.
    expect(view(s, 'spectator').players.every((p) => p.hand === null && p.scorePreview === null)).toBe(true);
  });

  it('never depends on what the viewer may not see', () => {
    const s = opening(4);
    s.players[1].discard = ['longhorn:2', 'OBJ-03'];
    for (const viewer of VIEWERS(s)) expect(view(perturbed(s, viewer), viewer)).toEqual(view(s, viewer));
    // ...while a change the viewer may see does show.
    const t = structuredClone(s);
    t.players[0].hand[0] = 'hereford:7';
    expect(view(t, 0)).not.toEqual(view(s, 0));
  });

  it('gives the derived values of the player board and the prompt', () => {
    const s = opening(3);
    const p = s.players[1];
    p.discs = p.discs.filter(
      (d) => !['HAND-1', 'STEP-DOLLARS', 'CERT-4', 'AUX1-DOUBLE', 'AUX3-A'].includes(d),
    );
    const v = view(s, 1).players[1];
    expect(v.limits).toEqual({ hand: 5, step: 5, certificate: 4 });
    expect(v.auxiliary).toEqual({
      AUX1: 'DOUBLE',
      AUX2: 'SINGLE',
      AUX3: 'SINGLE',
      AUX4: 'LOCKED',
      AUX5: 'LOCKED',
    });
    expect(view(s, 0).players[0].limits).toEqual({ hand: 4, step: 3, certificate: 3 });
    // The own score preview: the starting objective not met yet scores 0; $7 -> 1.
    expect(v.scorePreview).toMatchObject({ seat: 1, money: 1, objective_cards: 0, total: 1 });

    const first = view(s, 0).prompt;
    expect(first).toMatchObject({ seat: 0 });
    s.turn = {
      seat: 1,
      stage: 'LOCATION',
      location: 'N-B',
      usedActions: [],
      usedAuxiliaryInstead: false,
      usedBuildings: [],
      stack: [],
    };
    expect(currentPrompt(s)).toEqual({
      seat: 1,
      kind: 'LOCATION',
      detail: { stage: 'LOCATION', location: 'N-B' },
    });
    s.turn.stack.push({ kind: 'DISCARD_AFTER_DRAW', count: 2 });
    expect(view(s, 2).prompt).toEqual({
      seat: 1,
      kind: 'DISCARD_AFTER_DRAW',
      detail: { kind: 'DISCARD_AFTER_DRAW', count: 2 },
    });
    s.over = true;
    expect(view(s, 2).prompt).toBeNull();
  });
});

describe('redact', () => {
  it('GAME_STARTED keeps only the own hand, empties the hidden piles and gives their sizes', () => {
    const s = opening(3);
    const ev: GwtEvent = { type: 'GAME_STARTED', state: s };
    const r = redact(ev, 1, null);
    if (r?.type !== 'GAME_STARTED') throw new Error('expected GAME_STARTED');
    expect(r.state.players.map((p) => p.hand)).toEqual([[], s.players[1].hand, []]);
    expect(r.state.players.every((p) => p.drawPile.length === 0)).toBe(true);
    expect(r.state.bags).toEqual([[], [], []]);
    expect(r.state.cattleDeck).toEqual([]);
    expect(r.state.objectiveDeck).toEqual([]);
    expect(r.hidden).toEqual({
      hands: [4, 5, 6],
      drawPiles: [10, 9, 8],
      bags: s.bags.map((b) => b.length),
      cattleDeck: s.cattleDeck.length,
      objectiveDeck: 20,
    });
    // Public parts are untouched, and the input is not mutated.
    expect(r.state.trail).toEqual(s.trail);
    expect(r.state.players[0].objectives).toEqual(s.players[0].objectives);
    expect(s.players[0].hand).toHaveLength(4);
    const spectator = redact(ev, 'spectator', null);
    expect(
      spectator?.type === 'GAME_STARTED' && spectator.state.players.every((p) => p.hand.length === 0),
    ).toBe(true);
  });

  it('CARDS_DRAWN shows the cards to the drawer only', () => {
    const ev: GwtEvent = { type: 'CARDS_DRAWN', seat: 1, cards: ['criollo:0', 'OBJ-04'], reshuffled: true };
    expect(redact(ev, 1, null)).toEqual(ev);
    expect(redact(ev, 0, null)).toEqual({
      type: 'CARDS_DRAWN',
      seat: 1,
      cards: [],
      reshuffled: true,
      count: 2,
    });
    expect(redact(ev, 'spectator', null)).toEqual({
      type: 'CARDS_DRAWN',
      seat: 1,
      cards: [],
      reshuffled: true,
      count: 2,
    });
  });

  it('hides the objective card building 8b takes from the deck into the hand, but not one taken to the discard pile', () => {
    const toHand: GwtEvent = { type: 'CARD_GAINED', seat: 2, card: 'OBJ-07', from: 'DECK', toHand: true };
    expect(redact(toHand, 2, null)).toEqual(toHand);
    expect(redact(toHand, 0, null)).toEqual({ ...toHand, card: '', hidden: true });
    expect(redact(toHand, 'spectator', null)).toEqual({ ...toHand, card: '', hidden: true });
    const toDiscard: GwtEvent = { type: 'CARD_GAINED', seat: 2, card: 'OBJ-07', from: 'DECK' };
    expect(redact(toDiscard, 0, null)).toEqual(toDiscard);
  });

  it('leaves other events public', () => {
    const s = opening(3);
    for (const ev of someEvents(s).slice(3)) expect(redact(ev, 'spectator', s)).toEqual(ev);
  });

  it('no redacted event depends on what the viewer may not see', () => {
    const s = opening(3, 'redact-property');
    for (const viewer of VIEWERS(s)) {
      const real = someEvents(s).map((e) => redact(e, viewer, s));
      // The same events over a state whose hidden parts differ (the draws come from those parts).
      const t = perturbed(s, viewer);
      const fake = someEvents(t).map((e, i) => {
        const ev = e.type === 'CARDS_DRAWN' && e.seat === viewer ? someEvents(s)[i] : e;
        return redact(ev, viewer, t);
      });
      // The opening and the draws (later public events would be the same events in a real game).
      expect(fake.slice(0, 3)).toEqual(real.slice(0, 3));
    }
  });
});

describe('over a played game', () => {
  /**
   * Random play through the engine (a command the engine refuses is skipped for another one, so
   * this test checks the view and redaction whatever the state of the other modules). After every
   * command each viewer's redacted events, and after every third its view, ignore what that viewer
   * may not see.
   */
  it('no view or redacted event depends on hidden contents', () => {
    const seats = 3;
    const parsed = engine.parseOptions({}, seats);
    if (isViolation(parsed)) throw new Error(parsed.message);
    const opening = engine.setup(parsed, seats, rngFor('view-game', 0));
    let s = opening.reduce<GwtState | null>((st, e) => engine.evolve(st, e), null)!;
    const pick = createRng('view-game:choices');
    const check = (before: GwtState, events: GwtEvent[], after: GwtState, views = true) => {
      for (const viewer of VIEWERS(after)) {
        if (views) expect(view(perturbed(after, viewer), viewer)).toEqual(view(after, viewer));
        for (const e of events) {
          const r = redact(e, viewer, before);
          if (e.type === 'CARDS_DRAWN' && e.seat !== viewer)
            expect(r).toEqual({ ...e, cards: [], count: e.cards.length });
          if (e.type === 'GAME_STARTED' && r?.type === 'GAME_STARTED')
            expect(
              r.state.players.every(
                (p, seat) => p.drawPile.length === 0 && (seat === viewer || p.hand.length === 0),
              ),
            ).toBe(true);
        }
      }
    };
    check(s, opening, s);
    let draws = 0;
    for (let n = 0; n < 400 && !s.over; n++) {
      const [prompt] = engine.pending(s);
      const legal = pick.shuffle(engine.legalCommands(s, prompt.seat));
      let accepted: GwtEvent[] | null = null;
      for (const command of legal.slice(0, 20)) {
        const out = engine.decide(s, prompt.seat, command, rngFor('view-game', n + 1));
        if (!isViolation(out)) {
          accepted = out;
          break;
        }
      }
      if (!accepted) break;
      const before = s;
      for (const e of accepted) s = engine.evolve(s, e);
      draws += accepted.filter((e) => e.type === 'CARDS_DRAWN').length;
      check(before, accepted, s, n % 3 === 0 || s.over);
    }
    expect(draws).toBeGreaterThan(0);
    // Once over: the result, with a consistent breakdown for every seat.
    if (s.over) {
      const r = result(s)!;
      expect(r.seats).toHaveLength(seats);
      for (const x of r.seats) {
        const d = x.detail as Record<string, number>;
        expect(SCORE_CATEGORIES.reduce((n, c) => n + d[c], 0)).toBe(x.score);
      }
      expect(view(s, 0).prompt).toBeNull();
    }
  });
});
