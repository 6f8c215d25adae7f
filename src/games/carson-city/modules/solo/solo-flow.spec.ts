/** The solo mode's rules inside the engine (§11): each Standish rule on hand-made positions. */
import { createRng } from '../../../random';
import { Ctx } from '../../ctx';
import { ACTIONS } from '../../data/actions';
import { cloneState } from '../../evolve';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import { finalScores } from '../../score';
import { PLACEHOLDER_SOLO_DATA, SOLO_PERSONALITY_POOL, SOLO_REMOVED_BUILDINGS } from './solo';
import {
  convertStandishIncome,
  playStandishCard,
  standishBuysBuilding,
  standishBuysParcel,
  standishDuel,
  standishEndOfRound,
} from './standish';
import type { CarsonState } from '../../state';
import { drive, ofType, P, prompt, put, scriptedRng, send } from '../../testing/fixtures';
import { NORMAL_START_SHEET as NORMAL } from '../anb/anb';
import { startGame } from '../../testing/harness';

const solo = (strategy = 'URBAN', seed = 'solo-flow') => startGame({ solo: { strategy } }, 1, seed);

/** Play the player's first legal (non-road, non-pass where possible) commands until `until`. */
function advanceTo(
  state: CarsonState,
  until: (s: CarsonState) => boolean,
  preferPass = false,
): { state: CarsonState; events: CarsonEvent[] } {
  let s = state;
  const events: CarsonEvent[] = [];
  for (let i = 0; i < 500 && !until(s); i++) {
    const legal = engine.legalCommands(s, 0).filter((c) => c.type !== 'PLACE_ROAD');
    const cmd = (preferPass && legal.find((c) => c.type === 'PASS')) || legal[0];
    const r = engine.decide(s, 0, cmd, createRng(`adv${i}`));
    if (!Array.isArray(r)) throw new Error(r.message);
    for (const e of r) s = engine.evolve(s, e);
    events.push(...r);
  }
  return { state: s, events };
}

function atPlacement(strategy = 'URBAN'): CarsonState {
  return advanceTo(solo(strategy).state, (s) => s.flow.prompt?.kind === 'PLACE_COWBOY').state;
}

function run(
  state: CarsonState,
  f: (ctx: Ctx) => void,
  rng = createRng('run'),
): { state: CarsonState; events: CarsonEvent[] } {
  const ctx = new Ctx(cloneState(state), rng);
  f(ctx);
  return { state: ctx.state, events: ctx.events };
}

describe('§11.1 setup', () => {
  test('7 tiles from the pool of 11, the 4 buildings out of the bag, Standish first with nothing, the player drafts 2', () => {
    const { state } = solo();
    expect(state.tiles).toHaveLength(7);
    for (const t of state.tiles) expect(SOLO_PERSONALITY_POOL).toContain(t.id);
    for (const b of SOLO_REMOVED_BUILDINGS) expect(state.bag[b]).toBe(0);
    expect(state.firstOrder).toEqual([1, 0]);
    expect(state.players[1]).toMatchObject({ money: 0, reserve: 0, revolvers: 0, roads: 0 });
    expect(state.solo).toMatchObject({ strategy: 'URBAN', personality: 'LAWYER', standish: 1, onCard: 0 });
    expect(state.solo!.deck).toHaveLength(12);
    expect(engine.pending(state)).toEqual([
      expect.objectContaining({ seat: 0, kind: 'CHOOSE_STARTING_PARCEL' }),
    ]);
    const picked = advanceTo(state, (s) => s.flow.phase === 'PICK').state;
    expect(picked.parcels.filter((c) => c.owner === 0)).toHaveLength(2);
    expect(picked.parcels.filter((c) => c.owner === 1)).toHaveLength(0);
  });
});

describe('§11.2-11.3 phases 1 and 2', () => {
  test('only the player picks; Standish first; passing at once lets him play his 3 cards, then he passes', () => {
    const { state, events } = advanceTo(
      solo().state,
      (s) => s.flow.phase === 'RESOLVE' || s.round > 1 || s.flow.prompt?.kind === 'CHOOSE_DUEL_ORDER',
      true,
    );
    expect(ofType(events, 'ROUND_STARTED')[0].pickOrder).toEqual([0]);
    expect(ofType(events, 'TURN_ORDER_SET')[0].turnOrder).toEqual([1, 0]);
    const drawn = ofType(events, 'SOLO_CARD_DRAWN');
    expect(drawn.length).toBe(3);
    // He drew the first card before the player's first turn.
    expect(events.findIndex((e) => e.type === 'SOLO_CARD_DRAWN')).toBeLessThan(
      events.findIndex((e) => e.type === 'PASSED' && e.seat === 0),
    );
    expect(ofType(events, 'PASSED').map((e) => e.seat)).toEqual([0, 1]);
    expect(state).toBeDefined();
  });

  test('the used personality is gone for the rest of the game', () => {
    const { state, events } = advanceTo(solo().state, (s) => s.round === 2 && s.flow.phase === 'PICK', true);
    const first = ofType(events, 'CHARACTER_PICKED')[0].personality;
    expect(state.tiles.map((t) => t.id)).not.toContain(first);
    expect(state.tiles).toHaveLength(6);
    expect(ofType(events, 'SOLO_ROUND_END')[0].discardedTiles).toEqual([first]);
  });

  test('card A: Ammunition and VP for cowboys; B: Roads (3) and VP for buildings; I/X: the two rightmost Council actions', () => {
    const s = atPlacement();
    const with1 = (card: 'A' | 'B' | 'I') => {
      const t = cloneState(s);
      t.placements = t.placements.filter((x) => x.seat !== 1); // his first card is already out
      t.solo!.deck = [card];
      return t;
    };
    const placed = (st: CarsonState) =>
      ofType(run(st, playStandishCard).events, 'COWBOY_PLACED').map((e) => e.loc);
    expect(placed(with1('A'))).toEqual(['A:AMMUNITION', 'A:VP_COWBOYS']);
    expect(placed(with1('B'))).toEqual(['A:ROADS', 'A:VP_BUILDINGS']);
    expect(placed(with1('I'))).toEqual(['A:VP_BUILDINGS', 'A:VP_COWBOYS']);
    // A second I finds VP for buildings and cowboys taken: VP for parcels, then nothing.
    const again = with1('I');
    again.placements.push({
      seat: 1,
      loc: 'A:VP_BUILDINGS',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    again.placements.push({
      seat: 1,
      loc: 'A:VP_COWBOYS',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    const r = run(again, playStandishCard);
    expect(ofType(r.events, 'COWBOY_PLACED').map((e) => e.loc)).toEqual(['A:VP_PARCELS']);
    expect(ofType(r.events, 'SOLO_CARD_STEP').map((e) => e.loc)).toEqual(['A:VP_PARCELS', null]);
  });

  test("an empty deck: his discards are reshuffled into a new deck (this round's cards stay out)", () => {
    const s = cloneState(atPlacement());
    s.solo!.deck = [];
    s.solo!.discard = ['H'];
    s.solo!.revealed = ['A'];
    const r = run(s, playStandishCard);
    expect(ofType(r.events, 'SOLO_CARD_DRAWN')[0]).toMatchObject({ card: 'H', reshuffled: true });
    expect(r.state.solo!.revealed).toEqual(['A', 'H']);
  });

  test('card E: attack, else duel the player on the action nearest the end, else 2 VP', () => {
    const s = cloneState(atPlacement());
    s.solo!.deck = ['E'];
    const none = run(s, playStandishCard);
    expect(ofType(none.events, 'VP')).toEqual([
      expect.objectContaining({ seat: 1, delta: 2, reason: 'STANDISH_CARD_E' }),
    ]);
    s.placements.push({
      seat: 0,
      loc: 'A:AMMUNITION',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    s.placements.push({
      seat: 0,
      loc: 'A:GAMBLING',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    s.placements.push({
      seat: 0,
      loc: 'A:WAGES',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    expect(ofType(run(s, playStandishCard).events, 'COWBOY_PLACED').map((e) => e.loc)).toEqual([
      'A:GAMBLING',
    ]);
    // A $12+ building of the player's is attacked first: a Hotel earns $6, a Saloon with 3 Houses $15.
    const p = P(3, 3);
    put(s, 3, 3, 'SALOON', 0);
    put(s, 2, 2, 'HOUSE');
    put(s, 3, 2, 'HOUSE');
    put(s, 4, 2, 'HOUSE');
    expect(ofType(run(s, playStandishCard).events, 'COWBOY_PLACED').map((e) => e.loc)).toEqual([`B:${p}`]);
  });

  test('card G with no unowned House left: the cowboy goes onto his card', () => {
    const s = cloneState(atPlacement('URBAN'));
    for (const c of s.parcels) if (c.content === 'HOUSE' && c.owner === null) c.owner = 0;
    s.solo!.deck = ['G'];
    const r = run(s, playStandishCard);
    expect(ofType(r.events, 'SOLO_COWBOY_ON_CARD')).toEqual([expect.objectContaining({ reason: 'CARD_G' })]);
    expect(r.state.solo!.onCard).toBe(1);
  });

  test("parcels: while weaker than the player's firepower he avoids parcels holding a player cowboy", () => {
    const s = cloneState(atPlacement());
    // Every purchasable parcel but one holds a player cowboy.
    const free = s.parcels
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => c.owner === null && c.content === null)
      .map(({ i }) => i);
    for (const i of free.slice(1))
      s.placements.push({
        seat: 0,
        loc: `P:${i}`,
        white: false,
        noDuel: false,
        dynamite: false,
        extra: false,
      });
    s.solo!.deck = ['H'];
    s.players[0].reserve = 10; // firepower well above his strength (1 after H)
    expect(ofType(run(s, playStandishCard).events, 'COWBOY_PLACED').map((e) => e.loc)).toEqual([
      `P:${free[0]}`,
    ]);
  });
});

describe('§11.5 Phase 3', () => {
  test('parcels and buildings are free; a building goes on his parcel, or waits pending', () => {
    const s = cloneState(atPlacement());
    const p = s.parcels.findIndex((c) => c.owner === null && c.content === null);
    const r1 = run(s, (ctx) => standishBuysParcel(ctx, p));
    expect(ofType(r1.events, 'PARCEL_CLAIMED')).toEqual([
      expect.objectContaining({ seat: 1, parcel: p, price: 0 }),
    ]);
    const ranch = r1.state.track.indexOf('RANCH');
    const r2 = run(r1.state, (ctx) => standishBuysBuilding(ctx, ranch));
    expect(ofType(r2.events, 'BUILDING_BOUGHT')[0]).toMatchObject({ seat: 1, price: 0 });
    expect(ofType(r2.events, 'BUILDING_BUILT')[0]).toMatchObject({ seat: 1, building: 'RANCH', parcel: p });
    expect(r2.state.players[1].revolvers).toBe(0);
    // Without an empty parcel of his, the building is kept pending.
    const r3 = run(r2.state, (ctx) => standishBuysBuilding(ctx, r2.state.track.indexOf('MINE')));
    expect(r3.state.players[1].pending).toEqual(['MINE']);
  });
});

describe('§11.6 duels against Standish', () => {
  test('T15 in the engine: cards 9 + Sheriff 2 = 11; 11 loses, 12 wins and his cowboy goes onto his card', () => {
    const s = cloneState(atPlacement('FORCE'));
    s.solo!.revealed = ['A', 'C', 'I', 'D', 'E', 'H']; // 2 + 2 + 2 + 1 + 1 + 1 = 9
    s.solo!.onCard = 1;
    s.players[0] = { ...s.players[0], reserve: 3, revolvers: 1 }; // firepower 4
    const lost = run(s, (ctx) => standishDuel(ctx, 'A:GAMBLING', [6, 1]));
    expect(ofType(lost.events, 'DUEL')[0]).toMatchObject({ winner: 1, losers: [0] });
    expect(ofType(lost.events, 'DUEL')[0].participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seat: 1, total: 11, dice: [] }),
        expect.objectContaining({ seat: 0, total: 11 }),
      ]),
    );
    const won = run(s, (ctx) => standishDuel(ctx, 'A:GAMBLING', [6, 2]));
    expect(ofType(won.events, 'DUEL')[0]).toMatchObject({ winner: 0, losers: [1] });
    expect(won.state.solo!.onCard).toBe(2);
  });

  test("in play: the duel at an action square uses his strength and the player's die", () => {
    const s = cloneState(atPlacement('FORCE'));
    expect(ACTIONS).toContain('GAMBLING');
    s.solo!.revealed = ['A'];
    s.placements.push({
      seat: 1,
      loc: 'A:GAMBLING',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    const { events } = drive(s, scriptedRng([6]), (p, st) => {
      if (p.kind === 'PLACE_COWBOY' && !st.placements.some((x) => x.seat === 0))
        return { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } };
      if (p.kind === 'PLACE_COWBOY') return { type: 'PASS' };
      return null;
    });
    const duel = ofType(events, 'DUEL').find((e) => e.loc === 'A:GAMBLING');
    expect(duel).toBeDefined();
    expect(duel!.participants.find((x) => x.seat === 1)!.dice).toEqual([]);
  });
});

describe('Might is Right in solo (§11.1: the 2-player deal, nothing changes for Standish)', () => {
  test('the player plays a tile, Standish his strength; he wins ties; a beaten cowboy goes onto his card', () => {
    const start = advanceTo(
      startGame({ solo: { strategy: 'FORCE' }, modules: ['MIGHT_IS_RIGHT'] }, 1, 'mir').state,
      (x) => x.flow.prompt?.kind === 'PLACE_COWBOY',
    ).state;
    expect(start.might!.hands[0]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(start.players[0].money).toBe(15);
    for (const [tile, strength] of [
      [5, 3],
      [0, 3],
    ]) {
      const s = cloneState(start);
      s.placements = s.placements.filter((x) => x.seat !== 1);
      s.solo!.revealed = ['D', 'E', 'H']; // strength 3, his 3 cards of round 1 are out
      s.placements.push({
        seat: 1,
        loc: 'A:GAMBLING',
        white: false,
        noDuel: false,
        dynamite: false,
        extra: false,
      });
      const fp = s.players[0].reserve + s.players[0].revolvers;
      const { events, state } = drive(s, createRng('mir'), (p, st) => {
        if (st.round > 1) return undefined; // round 1 only
        if (p.kind === 'PLACE_COWBOY' && !st.placements.some((x) => x.seat === 0 && x.loc === 'A:GAMBLING'))
          return { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } };
        if (p.kind === 'PLACE_COWBOY') return { type: 'PASS' };
        if (p.kind === 'CHOOSE_DUEL_TILE')
          return {
            type: 'CHOOSE_DUEL_TILE',
            tiles: p.duel.loc === 'A:GAMBLING' ? [tile] : [st.might!.hands[0][0]],
          };
        return null;
      });
      const duel = ofType(events, 'DUEL').find((e) => e.loc === 'A:GAMBLING')!;
      const st = duel.participants.find((x) => x.seat === 1)!;
      expect(st).toMatchObject({ dice: [], tiles: [], total: strength });
      const pl = duel.participants.find((x) => x.seat === 0)!;
      expect(pl.tiles).toEqual([tile]);
      expect(pl.total).toBe(pl.firepower + tile);
      expect(pl.firepower).toBeLessThanOrEqual(fp);
      expect(duel.winner).toBe(pl.total > strength ? 0 : 1);
      if (duel.winner === 0) expect(ofType(events, 'SOLO_COWBOY_ON_CARD')).toHaveLength(1);
      expect(state).toBeDefined();
    }
  });
});

describe('§11.7-11.8 income, end of round, end of game', () => {
  test('T27 in the engine: round 3, $27 -> 6 VP and no money kept', () => {
    const s = cloneState(atPlacement());
    s.round = 3;
    s.players[1].money = 27;
    const r = run(s, convertStandishIncome);
    expect(ofType(r.events, 'SOLO_INCOME_CONVERTED')[0]).toMatchObject({ income: 27, rate: 4, vp: 6 });
    expect(r.state.players[1]).toMatchObject({ money: 0, vp: s.players[1].vp + 6 });
  });

  test('Lawyer: 3 cowboys on the card -> 4 VP, then they return; card X reshuffles all 12', () => {
    const s = cloneState(atPlacement('URBAN'));
    s.solo!.onCard = 3;
    s.solo!.revealed = ['X', 'A'];
    s.solo!.deck = s.solo!.deck.filter(
      (c, i, a) => !(c === 'X' && a.indexOf('X') === i) && !(c === 'A' && a.indexOf('A') === i),
    );
    s.solo!.discard = [];
    const r = run(s, standishEndOfRound);
    expect(ofType(r.events, 'VP')).toEqual([
      expect.objectContaining({ seat: 1, delta: 4, reason: 'STANDISH_LAWYER' }),
    ]);
    expect(r.state.solo).toMatchObject({ onCard: 0, revealed: [], discard: [] });
    expect(r.state.solo!.deck).toHaveLength(12);
  });

  test('Governor: 1 VP per cowboy on the card; without X the revealed cards go to the discard', () => {
    const s = cloneState(atPlacement('MINER'));
    s.solo!.onCard = 2;
    s.solo!.revealed = ['A'];
    s.solo!.deck.splice(s.solo!.deck.indexOf('A'), 1);
    const r = run(s, standishEndOfRound);
    expect(ofType(r.events, 'VP')[0]).toMatchObject({ delta: 2, reason: 'STANDISH_GOVERNOR' });
    expect(r.state.solo!.discard).toEqual(['A']);
  });

  test('T12 in the engine: 33 VP + 6 possessions x 2 + Urban bonus 5 = 50; ties go to Standish', () => {
    const s = cloneState(atPlacement('URBAN'));
    for (const c of s.parcels) if (c.owner === 1) c.owner = null;
    s.players[1].vp = 33;
    const owned: [number, number, 'SALOON' | 'GROCERY' | 'BANK' | 'HOUSE' | 'MOUNTAIN'][] = [
      [1, 1, 'SALOON'],
      [3, 1, 'GROCERY'],
      [5, 1, 'BANK'],
      [7, 1, 'HOUSE'],
      [1, 8, 'MOUNTAIN'],
      [3, 8, 'HOUSE'],
    ];
    for (const [c, r, what] of owned) put(s, c, r, what, 1);
    const { scores, ranking } = finalScores(s);
    expect(scores[1]).toMatchObject({ vpDuringPlay: 33, possessions: 12, strategyBonus: 5, total: 50 });
    s.players[0].vp = 50 - (scores[0].total - scores[0].vpDuringPlay);
    expect(finalScores(s).scores[0].total).toBe(50);
    expect(finalScores(s).ranking[0]).toBe(1);
    expect(ranking).toHaveLength(2);
  });
});

describe('configurable solo data (§11.1, §13 #36: not in the sources, so options)', () => {
  const at = (solo: Record<string, unknown>) =>
    advanceTo(startGame({ solo }, 1, 'solo-data').state, (s) => s.flow.prompt?.kind === 'PLACE_COWBOY').state;
  /** Standish plays card C with no empty parcel: he buys by his priority list (§11.4 C(1)). */
  const cardC = (s: CarsonState) => {
    const t = cloneState(s);
    t.placements = t.placements.filter((x) => x.seat !== 1);
    t.solo!.deck = ['C'];
    return ofType(run(t, playStandishCard).events, 'SOLO_CARD_STEP').find((e) => e.step === 'C1')!;
  };

  test('the defaults are the placeholders, and the game and its view say so', () => {
    const { state } = solo('MINER');
    expect(state.options.solo).toMatchObject({ strategy: 'MINER', dataSource: 'PLACEHOLDER' });
    expect(state.options.solo!.placeholders).toEqual(['cardPowers', 'decks', 'priorities', 'endBonuses']);
    const v = engine.view(state, 0).solo!;
    expect(v.dataSource).toBe('PLACEHOLDER');
    expect(v.data).toEqual(PLACEHOLDER_SOLO_DATA);
    // Urban's end bonus is the real one (T12): never flagged.
    expect(solo('URBAN').state.options.solo!.placeholders).toEqual(['cardPowers', 'decks', 'priorities']);
    // A game started before the data were configurable ({ strategy } only) shows the placeholders.
    const old = cloneState(state);
    old.options.solo = { strategy: 'MINER' };
    expect(engine.view(old, 0).solo).toMatchObject({
      dataSource: 'PLACEHOLDER',
      data: PLACEHOLDER_SOLO_DATA,
    });
  });

  test('a custom priority list makes Standish buy that building first', () => {
    const base = at({ strategy: 'URBAN' });
    const offered = [...new Set(base.track.filter((b): b is NonNullable<typeof b> => b !== null))].filter(
      (b) => PLACEHOLDER_SOLO_DATA.priorities.URBAN.includes(b),
    );
    expect(offered.length).toBeGreaterThan(1);
    const byDefault = cardC(base);
    const last = offered.sort(
      (a, b) =>
        PLACEHOLDER_SOLO_DATA.priorities.URBAN.indexOf(b) - PLACEHOLDER_SOLO_DATA.priorities.URBAN.indexOf(a),
    )[0];
    expect(byDefault.reason).not.toBe(`strategy priority ${last}`);
    const custom = at({ strategy: 'URBAN', priorities: { URBAN: [last] } });
    expect(custom.track).toEqual(base.track);
    const step = cardC(custom);
    expect(step.reason).toBe(`strategy priority ${last}`);
    expect(custom.options.solo).toMatchObject({
      dataSource: 'PARTIAL',
      placeholders: ['cardPowers', 'decks'],
    });
  });

  test('custom card powers give his strength; a custom deck is his deck', () => {
    const cardPowers = { A: 5, B: 5, C: 5, D: 5, E: 5, F: 5, G: 5, H: 5, I: 5, X: 5 };
    const decks = { FORCE: Array(12).fill('H') };
    const { state, events } = startGame({ solo: { strategy: 'FORCE', cardPowers, decks } }, 1, 'solo-data');
    const s = cloneState(state);
    s.solo!.revealed = ['A', 'D'];
    s.solo!.onCard = 1;
    expect(engine.view(s, 0).solo!.strength).toBe(5 + 5 + 2); // + Sheriff 2 per cowboy on the card
    expect(state.solo!.deck).toEqual(Array(12).fill('H'));
    const drawn = ofType(run(state, playStandishCard).events, 'SOLO_CARD_DRAWN')[0];
    expect(drawn).toMatchObject({ card: 'H', strength: 5 });
    // Replay uses the data the game started with.
    let again: CarsonState | null = null;
    for (const e of events) again = engine.evolve(again, e);
    expect(again!.options.solo).toMatchObject({ cardPowers, decks: { FORCE: decks.FORCE } });
  });

  test('custom end bonuses score (a type listed twice needs two)', () => {
    const endBonuses = {
      MINER: [
        { buildings: ['SALOON', 'SALOON'], vp: 7 },
        { buildings: ['BANK'], vp: 3 },
      ],
    };
    const s = cloneState(startGame({ solo: { strategy: 'MINER', endBonuses } }, 1, 'solo-data').state);
    for (const c of s.parcels) if (c.owner === 1) c.owner = null;
    put(s, 1, 1, 'SALOON', 1);
    expect(finalScores(s).scores[1].strategyBonus).toBe(0);
    put(s, 3, 1, 'BANK', 1);
    expect(finalScores(s).scores[1].strategyBonus).toBe(3);
    put(s, 5, 1, 'SALOON', 1);
    expect(finalScores(s).scores[1].strategyBonus).toBe(10);
    // The placeholder Miner bonus (Mine, Blacksmith, Bank) no longer applies.
    put(s, 7, 1, 'MINE', 1);
    put(s, 1, 8, 'BLACKSMITH', 1);
    expect(finalScores(s).scores[1].strategyBonus).toBe(10);
  });
});

describe('A New Beginning in solo (§11.1: no first-player bid, nothing changes for Standish; §10.1)', () => {
  const ANB_SOLO = (strategy = 'URBAN', more: Record<string, unknown> = {}) => ({
    solo: { strategy },
    modules: ['A_NEW_BEGINNING'],
    ...more,
  });
  const sheet = (over: Record<string, unknown> = {}) => ({
    type: 'FILL_SHEET' as const,
    cowboys: 0,
    revolvers: 0,
    roads: 0,
    parcels: 0,
    vp: 0,
    influential: false,
    greatService: false,
    marksman: false,
    bid: 0,
    ...over,
  });

  test('setup: the player alone fills a sheet ($50, 1 cowboy, nothing else; no draft); Standish has nothing and no sheet; a bid is refused', () => {
    expect(engine.parseOptions(ANB_SOLO(), 1)).toMatchObject({
      modules: ['A_NEW_BEGINNING'],
      solo: { strategy: 'URBAN' },
    });
    const { state } = startGame(ANB_SOLO(), 1, 'anb-solo');
    expect([
      state.players[0].money,
      state.players[0].reserve,
      state.players[0].revolvers,
      state.players[0].roads,
    ]).toEqual([50, 1, 0, 0]);
    expect(state.players[1]).toMatchObject({ money: 0, reserve: 0, revolvers: 0, roads: 0 });
    expect(state.parcels.every((c) => c.owner === null)).toBe(true);
    expect(state.firstOrder).toEqual([1, 0]);
    expect(engine.pending(state)).toEqual([{ seat: 0, kind: 'FILL_SHEET' }]);
    const legal = engine.legalCommands(state, 0);
    expect(legal.length).toBeGreaterThan(300);
    expect(legal.every((c) => c.type === 'FILL_SHEET' && c.bid === 0)).toBe(true);
    const bid = engine.decide(state, 0, sheet({ bid: 1 }), createRng('x'));
    expect(!Array.isArray(bid) && bid.code).toBe('ILLEGAL_AMOUNT');
    expect(!Array.isArray(bid) && bid.message).toMatch(/no first-player bid/);
    const over = engine.decide(state, 0, sheet({ cowboys: 4, revolvers: 4 }), createRng('x'));
    expect(!Array.isArray(over) && over.code).toBe('INSUFFICIENT_FUNDS');
    expect(engine.legalCommands(state, 1)).toEqual([]);
    expect(engine.view(state, 0).newBeginning!.seats).toEqual([
      { seat: 0, sealed: false, sheet: null, total: null, greatServiceUsed: false },
      { seat: 1, sealed: false, sheet: null, total: null, greatServiceUsed: false },
    ]);
  });

  test('reveal: money $50 − total, the purchases, VP sold; no FIRST_PLAYER_SET; the bought parcels one after another; Standish first', () => {
    const { state } = startGame(ANB_SOLO(), 1, 'anb-solo');
    // $11 + $6 + $6 + $21 − $10 + $10 = $44.
    const r = drive(state, createRng('d'), (p, st) => {
      if (p.kind === 'FILL_SHEET')
        return sheet({ cowboys: 2, revolvers: 1, roads: 2, parcels: 3, vp: -5, marksman: true });
      if (p.kind === 'CHOOSE_STARTING_PARCEL') return engine.legalCommands(st, 0)[0];
      return undefined;
    });
    expect(ofType(r.events, 'SHEETS_REVEALED')).toEqual([
      {
        type: 'SHEETS_REVEALED',
        sheets: [
          {
            cowboys: 2,
            revolvers: 1,
            roads: 2,
            parcels: 3,
            vp: -5,
            influential: false,
            greatService: false,
            marksman: true,
            bid: 0,
          },
          null,
        ],
        totals: [44, null],
      },
    ]);
    expect(ofType(r.events, 'FIRST_PLAYER_SET')).toEqual([]);
    expect(ofType(r.events, 'MONEY')).toEqual([
      { type: 'MONEY', seat: 0, delta: -44, reason: 'NEW_BEGINNING_SHEET' },
    ]);
    expect(ofType(r.events, 'PARCEL_CLAIMED').map((e) => e.seat)).toEqual([0, 0, 0]);
    const s = r.state;
    const p0 = s.players[0];
    expect([p0.money, p0.reserve, p0.revolvers, p0.roads, p0.vp]).toEqual([6, 3, 1, 2, -5]);
    expect(s.players[1]).toMatchObject({ money: 0, reserve: 0, revolvers: 0, roads: 0, vp: 0 });
    expect(s.parcels.filter((c) => c.owner === 0)).toHaveLength(3);
    expect(s.parcels.filter((c) => c.owner === 1)).toHaveLength(0);
    expect(s.anb!.sheets[1]).toBeNull();
    expect([s.flow.phase, s.pickOrder, s.passTrack]).toEqual(['PICK', [0], [1, 0]]);
    expect(engine.view(s, 0).newBeginning!.seats[1]).toMatchObject({ sheet: null, total: null });
  });

  test('Standish still plays 3 / 4 / 5 / 5 cards (decision: "nothing changes for Standish"), whatever the player bought', () => {
    let s = startGame(ANB_SOLO('MINER'), 1, 'anb-solo-cards').state;
    s = send(s, 0, sheet({ cowboys: 4 })).state; // 5 cowboys in round 1
    const rounds: number[] = [];
    const { events } = advanceTo(s, (x) => x.flow.phase === 'GAME_OVER', true);
    let round = 1;
    let cards = 0;
    for (const e of events) {
      if (e.type === 'ROUND_STARTED') {
        if (e.round > 1) rounds.push(cards);
        round = e.round;
        cards = 0;
      }
      if (e.type === 'SOLO_CARD_DRAWN') cards++;
    }
    rounds.push(cards);
    expect(round).toBe(4);
    expect(rounds).toEqual([3, 4, 5, 5]);
  });

  test('Great service done: a second tile after the pick; both are gone for the game at the end of the round; Influential connections: the side', () => {
    let s = startGame(ANB_SOLO(), 1, 'anb-solo-gs').state;
    s = send(s, 0, sheet({ greatService: true, influential: true })).state;
    expect(prompt(s)).toMatchObject({ seat: 0, kind: 'PICK_CHARACTER' });
    const [a, b] = s.tiles.map((t) => t.id);
    const side = s.tiles[0].side === 'RED' ? 'YELLOW' : 'RED';
    const picked = send(s, 0, { type: 'PICK_CHARACTER', personality: a, side });
    expect(picked.events).toContainEqual({ type: 'TILE_FLIPPED', id: a, side, reason: 'INFLUENTIAL' });
    // (the first tile's own menu, if any, is answered by its timeout)
    s = drive(picked.state, createRng('gs'), (p) => (p.kind === 'GREAT_SERVICE' ? undefined : null)).state;
    expect(prompt(s)).toMatchObject({ seat: 0, kind: 'GREAT_SERVICE' });
    s = send(s, 0, { type: 'PICK_CHARACTER', personality: b }).state;
    s = drive(s, createRng('gs2'), (p) => (p.kind === 'PLACE_COWBOY' ? undefined : null)).state;
    expect(s.players[0].held).toEqual([{ id: a, side }, expect.objectContaining({ id: b, second: true })]);
    expect(s.turnOrder).toEqual([1, 0]); // Standish is always first (§11.1 step 3)
    const { state: next, events } = advanceTo(s, (x) => x.round === 2, true);
    expect(ofType(events, 'SOLO_ROUND_END')[0].discardedTiles).toEqual([a, b]);
    expect(next.tiles.map((t) => t.id)).not.toContain(a);
    expect(next.tiles.map((t) => t.id)).not.toContain(b);
    expect(next.tiles).toHaveLength(5);
    expect(next.anb!.greatServiceUsed).toEqual([true, false]);
  });

  test('Marksman against Standish: two dice, he keeps one (CHOOSE_DUEL_DIE), Standish never rolls and wins ties', () => {
    let s = startGame(ANB_SOLO('FORCE'), 1, 'anb-solo-m').state;
    s = send(s, 0, sheet({ ...NORMAL, marksman: true, parcels: 0, cowboys: 1 })).state; // $5 + $6 + $4 + $10 = $25
    s = advanceTo(s, (x) => x.flow.prompt?.kind === 'PLACE_COWBOY').state;
    const t = cloneState(s);
    t.placements = t.placements.filter((x) => x.seat !== 1);
    t.solo!.revealed = ['D', 'E', 'H']; // strength 3, his round-1 cards are out
    t.placements.push({
      seat: 1,
      loc: 'A:GAMBLING',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    // Place on Gambling, then pass; the dice: 1 and 5.
    let st = send(t, 0, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } }).state;
    const run1 = drive(st, scriptedRng([1, 5]), (p) =>
      p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : p.kind === 'CHOOSE_DUEL_DIE' ? undefined : null,
    );
    st = run1.state;
    expect(ofType(run1.events, 'DICE_ROLLED')).toContainEqual({
      type: 'DICE_ROLLED',
      seat: 0,
      purpose: 'MARKSMAN',
      dice: [1, 5],
    });
    expect(prompt(st)).toMatchObject({ seat: 0, kind: 'CHOOSE_DUEL_DIE', options: [[1], [5]] });
    expect(prompt(st).kind === 'CHOOSE_DUEL_DIE' && prompt(st)).toMatchObject({
      duel: { seats: [1, 0], rolls: [[], [1, 5]] },
    });
    const fp = st.players[0].reserve + st.players[0].revolvers;
    // Keeping the 1 loses when firepower + 1 <= 3; keeping the 5 wins when firepower + 5 > 3.
    const low = send(st, 0, { type: 'CHOOSE_DUEL_DIE', dice: [1] });
    const high = send(st, 0, { type: 'CHOOSE_DUEL_DIE', dice: [5] });
    const dl = ofType(low.events, 'DUEL')[0];
    const dh = ofType(high.events, 'DUEL')[0];
    expect(dh.participants).toEqual([
      { seat: 1, dice: [], firepower: 3, total: 3 },
      { seat: 0, dice: [5], rolled: [1, 5], firepower: fp, total: fp + 5 },
    ]);
    expect(dh).toMatchObject({ winner: 0, losers: [1] });
    expect(ofType(high.events, 'SOLO_COWBOY_ON_CARD')).toHaveLength(1);
    expect(dl).toMatchObject({ winner: fp + 1 > 3 ? 0 : 1 });
    expect(dl.participants[1]).toMatchObject({ dice: [1], rolled: [1, 5], total: fp + 1 });
  });

  test('with Might is Right: the 2-player deal (total 15, budget exactly $50), the Marksman draws 5', () => {
    const { state, events } = startGame(
      ANB_SOLO('RANCHER', { modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'] }),
      1,
      'anb-solo-mir',
    );
    expect(state.might!.hands).toEqual([
      [0, 1, 2, 3, 4, 5],
      [0, 1, 2, 3, 4, 5],
    ]);
    expect(ofType(events, 'MONEY')).toEqual([]);
    const ok = engine.decide(
      state,
      0,
      sheet({ cowboys: 4, revolvers: 2, vp: 5, marksman: true }),
      createRng('x'),
    ); // $26 + $13 + $10 + $10 = $59
    expect(!Array.isArray(ok) && ok.code).toBe('INSUFFICIENT_FUNDS');
    const s = send(state, 0, sheet({ cowboys: 2, revolvers: 2, marksman: true, vp: 5 })).state; // $11 + $13 + $10 + $10 = $44
    expect(s.players[0].money).toBe(6);
    expect(s.players[0].vp).toBe(5);
    // The 5-tile draw: the Marksman with an empty hand draws 5 from the pile before he plays.
    const t = cloneState(advanceTo(s, (x) => x.flow.prompt?.kind === 'PLACE_COWBOY').state);
    t.might = { ...t.might!, hands: [[], t.might!.hands[1]], chosen: [[], []], pile: [1, 1, 1, 1, 1, 1] };
    t.placements = t.placements.filter((x) => x.seat !== 1);
    t.solo!.revealed = ['D', 'E', 'H'];
    t.placements.push({
      seat: 1,
      loc: 'A:GAMBLING',
      white: false,
      noDuel: false,
      dynamite: false,
      extra: false,
    });
    const st = send(t, 0, { type: 'PLACE_COWBOY', target: { kind: 'ACTION', action: 'GAMBLING' } }).state;
    const r = drive(st, createRng('mir5'), (p) =>
      p.kind === 'PLACE_COWBOY' ? { type: 'PASS' } : p.kind === 'CHOOSE_DUEL_TILE' ? undefined : null,
    );
    expect(ofType(r.events, 'DUEL_TILES_DRAWN')).toEqual([expect.objectContaining({ seat: 0, count: 5 })]);
    expect(prompt(r.state)).toMatchObject({ kind: 'CHOOSE_DUEL_TILE', waiting: [0] });
  });
});
