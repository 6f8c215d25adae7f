import { isViolation } from '../engine';
import { createRng } from '../random';
import { cardIdOf } from './cards';
import { Ctx } from './ctx';
import { MARKET_DECK } from './data/cattle';
import { transportCost } from './data/railroad';
import type { CityId } from './data/types';
import type { KcTile } from './state';
import { beginKansasCity, deliveryCost, endKansasCity } from './kansas-city';
import { installForTests, legal, makeState, ok, send, topDecision } from './railroad/testing';
import type { GwtState } from './state';

installForTests();

const card = (breed: string) => cardIdOf(MARKET_DECK.find((c) => c.breed === breed)!);
const SG = 'santa_gertrudis:0';
const LONGHORN = card('longhorn');
const ANGUS = card('black_angus');

const W = (worker: 'cowboy' | 'craftsman' | 'engineer'): KcTile => ({ kind: 'worker', worker });
const FLOOD: KcTile = { kind: 'hazard', hazard: 'flood', hand: 'green', vp: 4 };
const BANDIT: KcTile = { kind: 'bandit', colour: 'orange', hand: 'black' };

/** Seat 0 arrives in Kansas City. */
function arrive(s: GwtState): GwtState {
  s.turn.stage = 'KANSAS_CITY';
  s.turn.location = 'KANSAS_CITY';
  s.players[0].herder = 'KANSAS_CITY';
  const ctx = Ctx.over(s, createRng('kc'));
  beginKansasCity(ctx, 0);
  return ctx.state;
}

describe('foresight', () => {
  it('empty columns are skipped; a hazard goes to the lowest free slot of its kind, a bandit to the lowest bandit slot', () => {
    const s = makeState(2);
    s.foresight = [
      [null, null],
      [FLOOD, BANDIT],
      [null, BANDIT],
    ];
    s.trail['H-FLOOD-1'] = { kind: 'HAZARD', tile: FLOOD as never };
    s.trail['BANDIT-1'] = { kind: 'BANDIT', tile: BANDIT as never };
    let k = arrive(s);
    expect(topDecision(k)).toEqual({ kind: 'FORESIGHT', column: 1, arrival: true });
    expect(legal(k)).toEqual([
      { type: 'FORESIGHT', index: 0 },
      { type: 'FORESIGHT', index: 1 },
    ]);
    const r = ok(k, { type: 'FORESIGHT', index: 0 });
    expect(r.events).toEqual(
      expect.arrayContaining([
        { type: 'FORESIGHT_TAKEN', seat: 0, column: 1, index: 0 },
        { type: 'TRAIL_TILE_PLACED', location: 'H-FLOOD-2', tile: FLOOD },
      ]),
    );
    k = r.state;
    expect(topDecision(k)).toEqual({ kind: 'FORESIGHT', column: 2 });
    expect(legal(k)).toEqual([{ type: 'FORESIGHT', index: 1 }]);
    const empty = send(k, { type: 'FORESIGHT', index: 0 });
    expect(isViolation(empty) && empty.code).toBe('NO_SUCH_TILE');
    k = ok(k, { type: 'FORESIGHT', index: 1 }).state;
    expect(k.trail['BANDIT-2']).toEqual({ kind: 'BANDIT', tile: BANDIT });
    expect(topDecision(k)).toEqual({ kind: 'INCOME' });
  });

  it('a full track: the tile leaves the game (location null)', () => {
    const s = makeState(2);
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9])
      s.trail[`BANDIT-${n}`] = { kind: 'BANDIT', tile: BANDIT as never };
    s.foresight = [
      [BANDIT, null],
      [null, null],
      [null, null],
    ];
    const r = ok(arrive(s), { type: 'FORESIGHT', index: 0 });
    expect(r.events).toContainEqual({ type: 'TRAIL_TILE_PLACED', location: null, tile: BANDIT });
    expect(r.state.foresight[0]).toEqual([null, null]);
  });

  it('a worker fills the token row left to right; the last space moves the token down', () => {
    const s = makeState(3);
    s.jobMarketTokenRow = 2;
    s.jobMarket[2] = ['cowboy', null, null];
    s.foresight = [
      [null, null],
      [W('engineer'), W('craftsman')],
      [null, null],
    ];
    const k = ok(arrive(s), { type: 'FORESIGHT', index: 0 }).state;
    expect(k.jobMarket[2]).toEqual(['cowboy', 'engineer', null]);
    expect(k.jobMarketTokenRow).toBe(2);
    k.foresight[2] = [W('cowboy'), null];
    k.turn.stack = [{ kind: 'FORESIGHT', column: 2 }];
    const r = ok(k, { type: 'FORESIGHT', index: 0 });
    expect(r.events).toContainEqual({
      type: 'JOB_MARKET_FILLED',
      row: 2,
      col: 2,
      worker: 'cowboy',
      tokenRow: 3,
      tokenTo: null,
    });
    expect(r.state.jobMarketTokenRow).toBe(3);
  });

  it('yellow arrow (row 6 → 7): the cattle market is refilled to 7 (2 players)', () => {
    const s = makeState(2);
    s.jobMarketTokenRow = 5;
    s.jobMarket[5] = ['cowboy', null];
    s.cattleMarket = [LONGHORN, LONGHORN, ANGUS];
    s.cattleDeck = Array.from({ length: 10 }, () => card('hereford'));
    s.foresight = [
      [null, null],
      [W('engineer'), null],
      [null, null],
    ];
    const r = ok(arrive(s), { type: 'FORESIGHT', index: 0 });
    expect(r.state.jobMarketTokenRow).toBe(6);
    expect(r.events).toContainEqual({
      type: 'MARKET_CARDS_ADDED',
      cards: [card('hereford'), card('hereford'), card('hereford'), card('hereford')],
    });
    expect(r.state.cattleMarket).toHaveLength(7);
    expect(r.state.cattleDeck).toHaveLength(6);
  });

  it('D25 [L222, L488, L489]: with Simmental a yellow arrow refills the market to 9 (2 players), not 7', () => {
    const s = makeState(2);
    s.options.simmental = true;
    s.jobMarketTokenRow = 5;
    s.jobMarket[5] = ['cowboy', null];
    s.cattleMarket = [LONGHORN, LONGHORN, ANGUS];
    s.cattleDeck = Array.from({ length: 10 }, () => card('hereford'));
    s.foresight = [
      [null, null],
      [W('engineer'), null],
      [null, null],
    ];
    const r = ok(arrive(s), { type: 'FORESIGHT', index: 0 });
    expect(r.state.jobMarketTokenRow).toBe(6);
    expect(r.state.cattleMarket).toHaveLength(9);
    expect(r.state.cattleDeck).toHaveLength(4);
  });

  it('yellow arrow (row 9 → 10) with Simmental: up to 9; never above the size; stops when the deck is empty', () => {
    const s = makeState(2);
    s.options.simmental = true;
    s.jobMarketTokenRow = 8;
    s.jobMarket[8] = ['cowboy', null];
    s.cattleMarket = [LONGHORN];
    s.cattleDeck = [ANGUS, ANGUS, ANGUS];
    s.foresight = [
      [null, null],
      [W('engineer'), null],
      [null, null],
    ];
    const r = ok(arrive(s), { type: 'FORESIGHT', index: 0 });
    expect(r.state.cattleMarket).toHaveLength(4);
    expect(r.state.cattleDeck).toEqual([]);
    const full = makeState(2);
    full.jobMarketTokenRow = 5;
    full.jobMarket[5] = ['cowboy', null];
    full.cattleMarket = Array.from({ length: 8 }, () => ANGUS);
    full.cattleDeck = [LONGHORN];
    full.foresight = [
      [null, null],
      [W('engineer'), null],
      [null, null],
    ];
    const f = ok(arrive(full), { type: 'FORESIGHT', index: 0 });
    expect(f.events.some((e) => e.type === 'MARKET_CARDS_ADDED')).toBe(false);
  });
});

describe('game end trigger (G21)', () => {
  function lastRow(seatCount: number, col2: KcTile[]): GwtState {
    const s = makeState(seatCount);
    s.jobMarketTokenRow = 11;
    s.jobMarket[11] = Array.from({ length: seatCount }, (_, i) => (i < seatCount - 1 ? 'craftsman' : null));
    s.foresight = [
      [null, null],
      [W('engineer'), FLOOD],
      [col2[0], col2[1]],
    ];
    return s;
  }

  it('a worker on the last space in ② gives the token to the player and triggers the end; ③ [worker, hazard] forces the hazard', () => {
    const k = ok(arrive(lastRow(2, [W('cowboy'), FLOOD])), { type: 'FORESIGHT', index: 0 });
    expect(k.events).toContainEqual({
      type: 'JOB_MARKET_FILLED',
      row: 11,
      col: 1,
      worker: 'engineer',
      tokenRow: null,
      tokenTo: 0,
    });
    expect(k.state.players[0].jobMarketToken).toBe(true);
    expect(k.state.jobMarketTokenRow).toBeNull();
    expect(k.state.endTriggeredBy).toBe(0);
    expect(k.state.finalTurns).toEqual([1]);
    expect(topDecision(k.state)).toEqual({ kind: 'FORESIGHT', column: 2 });
    expect(legal(k.state)).toEqual([{ type: 'FORESIGHT', index: 1 }]);
    const w = send(k.state, { type: 'FORESIGHT', index: 0 });
    expect(isViolation(w) && w.code).toBe('NO_WORKERS_AFTER_END');
  });

  it('③ [worker, worker] is skipped', () => {
    const k = ok(arrive(lastRow(2, [W('cowboy'), W('engineer')])), { type: 'FORESIGHT', index: 0 });
    expect(topDecision(k.state)).toEqual({ kind: 'INCOME' });
  });

  it('final turns: the other seats in order after the trigger', () => {
    const s = lastRow(4, [null as never, null as never]);
    s.turn.seat = 2;
    s.turn.stage = 'KANSAS_CITY';
    const ctx = Ctx.over(s, createRng('kc'));
    beginKansasCity(ctx, 2);
    const k = ok(ctx.state, { type: 'FORESIGHT', index: 0 }, 2);
    expect(k.state.endTriggeredBy).toBe(2);
    expect(k.state.finalTurns).toEqual([3, 0, 1]);
    expect(k.state.players[2].jobMarketToken).toBe(true);
  });
});

describe('income (G6, G7, G22)', () => {
  function atIncome(hand: string[], certificates = 0): GwtState {
    const s = makeState(2);
    s.players[0].hand = hand;
    s.players[0].certificates = certificates;
    s.players[0].money = 0;
    return arrive(s);
  }

  it('G6: breeds counted once: SG, SG, Longhorn, Black Angus → $8; the hand is discarded', () => {
    const k = atIncome([SG, SG, LONGHORN, ANGUS]);
    expect(topDecision(k)).toEqual({ kind: 'INCOME', arrival: true });
    expect(legal(k)).toEqual([{ type: 'SPEND_CERTIFICATES', count: 0 }]);
    const r = ok(k, { type: 'SPEND_CERTIFICATES', count: 0 }).state;
    expect(r.players[0].money).toBe(8);
    expect(r.players[0].hand).toEqual([]);
    expect(r.players[0].discard).toEqual([SG, SG, LONGHORN, ANGUS]);
    expect(topDecision(r)).toEqual({ kind: 'DELIVER', value: 8, transport: true });
  });

  it('G7: marker on 3, spend 2 → marker 1, total 10; with SM-HAZARDS and k = 0 → 9', () => {
    const r = ok(atIncome([SG, SG, LONGHORN, ANGUS], 3), { type: 'SPEND_CERTIFICATES', count: 2 }).state;
    expect(r.players[0].certificates).toBe(1);
    expect(r.players[0].money).toBe(10);
    expect(topDecision(r)).toMatchObject({ value: 10 });
    const perm = atIncome([SG, SG, LONGHORN, ANGUS], 3);
    perm.players[0].stationMasters = ['SM-HAZARDS'];
    expect(ok(perm, { type: 'SPEND_CERTIFICATES', count: 0 }).state.players[0].money).toBe(9);
    const two = atIncome([], 0);
    two.players[0].stationMasters = ['SM-2-PERM-CERTS', 'SM-STATIONS', 'SM-WORKERS'];
    expect(ok(two, { type: 'SPEND_CERTIFICATES', count: 0 }).state.players[0].money).toBe(3);
  });

  it("D7 [L239, L241]: a station master adds its printed certificates: Mary's 8 is 9 with SM-HAZARDS, 10 with SM-2-PERM-CERTS", () => {
    const income = (masters: string[]) => {
      const k = atIncome([SG, SG, LONGHORN, ANGUS], 3);
      k.players[0].stationMasters = masters;
      return ok(k, { type: 'SPEND_CERTIFICATES', count: 0 }).state.players[0].money;
    };
    expect(income([])).toBe(8);
    expect(income(['SM-HAZARDS'])).toBe(9);
    expect(income(['SM-2-PERM-CERTS'])).toBe(10);
    // Tiles whose top half is an immediate action add none.
    expect(income(['SM-12-DOLLARS', 'SM-BUILDINGS'])).toBe(8);
  });

  it('G22: from 6, spending 1 is rejected and 2 leaves the marker on 4', () => {
    const k = atIncome([SG], 6);
    expect(legal(k).map((c) => c.count)).toEqual([0, 2, 3, 4, 5, 6]);
    const one = send(k, { type: 'SPEND_CERTIFICATES', count: 1 });
    expect(isViolation(one) && one.code).toBe('ILLEGAL_CERTIFICATE_COUNT');
    const seven = send(k, { type: 'SPEND_CERTIFICATES', count: 7 });
    expect(isViolation(seven)).toBe(true);
    const r = ok(k, { type: 'SPEND_CERTIFICATES', count: 2 }).state;
    expect(r.players[0].certificates).toBe(4);
    expect(r.players[0].money).toBe(4);
  });

  it('Simmental: after income, level 1 → 2 (to the discard pile), then the hand is discarded', () => {
    const s = makeState(2);
    s.options.simmental = true;
    s.simmentalSupply = { 2: 1, 3: 0 };
    s.players[0].hand = ['simmental-1:3', 'simmental-1:3', SG];
    let k = arrive(s);
    k = ok(k, { type: 'SPEND_CERTIFICATES', count: 0 }).state;
    expect(k.players[0].money).toBe(4);
    expect(topDecision(k)).toEqual({ kind: 'SIMMENTAL_UPGRADE', value: 4 });
    expect(legal(k)).toEqual([
      { type: 'UPGRADE_SIMMENTAL', fromLevel1: 0, fromLevel2: 0 },
      { type: 'UPGRADE_SIMMENTAL', fromLevel1: 1, fromLevel2: 0 },
    ]);
    const many = send(k, { type: 'UPGRADE_SIMMENTAL', fromLevel1: 2, fromLevel2: 0 });
    expect(isViolation(many) && many.code).toBe('TOO_MANY_SIMMENTALS');
    k = ok(k, { type: 'UPGRADE_SIMMENTAL', fromLevel1: 1, fromLevel2: 0 }).state;
    expect(k.players[0].hand).toEqual([]);
    expect(k.players[0].discard.sort()).toEqual([SG, 'simmental-1:3', 'simmental-2:4'].sort());
    expect(k.simmentalSupply[2]).toBe(0);
    expect(topDecision(k)).toEqual({ kind: 'DELIVER', value: 4, transport: true });
  });
});

describe('delivery (G8, G20, G23)', () => {
  /** Mary: total 10, discs on Bloomington and Fulton, engine on 5, $10 after income. */
  function g8(): GwtState {
    const s = makeState(2, 'KANSAS_CITY');
    s.turn.location = 'KANSAS_CITY';
    s.players[0].herder = 'KANSAS_CITY';
    s.players[0].train = 5;
    s.players[0].money = 10;
    s.players[0].drawPile = ['criollo:0', 'criollo:0', 'criollo:0', 'criollo:0'];
    s.cityDiscs = { BLOOMINGTON: [0], FULTON: [0] };
    s.objectiveDisplay = ['OBJ-01', 'OBJ-02'];
    s.turn.stack = [{ kind: 'DELIVER', value: 10, transport: true }];
    return s;
  }
  const cities = (s: GwtState) => [
    ...new Set(
      legal(s)
        .filter((c) => c.type === 'DELIVER')
        .map((c) => c.city as CityId),
    ),
  ];

  it('choices: KC, St. Louis, Peoria, Chicago (not Bloomington/Fulton, not Toledo+)', () => {
    expect(cities(g8())).toEqual(['KANSAS_CITY', 'ST_LOUIS', 'PEORIA', 'CHICAGO']);
    for (const city of ['BLOOMINGTON', 'TOLEDO']) {
      const r = send(g8(), { type: 'DELIVER', city, disc: 'CERT-6' });
      expect(isViolation(r) && r.code).toBe(city === 'TOLEDO' ? 'VALUE_TOO_LOW' : 'CITY_ALREADY_DELIVERED');
    }
  });

  it('Chicago: $3 transport, no link, a black disc allowed', () => {
    const r = ok(g8(), { type: 'DELIVER', city: 'CHICAGO', disc: 'CERT-6' });
    // The delivery is one fact in the history (analytics read it), before its disc and money.
    expect(r.events[0]).toEqual({
      type: 'DELIVERED',
      seat: 0,
      city: 'CHICAGO',
      value: 10,
      transport: true,
      cost: 3,
      disc: 'CERT-6',
      fromStation: null,
    });
    expect(r.events).toContainEqual({ type: 'MONEY', seat: 0, delta: -3, reason: 'TRANSPORT' });
    expect(r.state.cityDiscs['CHICAGO']).toEqual([0]);
    // Kansas City is over: herder to START, phase C, next player.
    expect(r.state.players[0].herder).toBe('START');
    expect(r.state.players[0].money).toBe(7);
    expect(r.state.turn.seat).toBe(1);
  });

  it('Peoria: $2 transport, a white disc required, Bloomington–Peoria: take an objective', () => {
    const black = send(g8(), { type: 'DELIVER', city: 'PEORIA', disc: 'CERT-6' });
    expect(isViolation(black) && black.code).toBe('WRONG_DISC_CORNER');
    const r = ok(g8(), { type: 'DELIVER', city: 'PEORIA', disc: 'CERT-4' });
    expect(r.state.players[0].money).toBe(8);
    expect(topDecision(r.state)).toMatchObject({ kind: 'TAKE_OBJECTIVE_CARD', to: 'DISCARD_PILE' });
    expect(r.state.turn.seat).toBe(0);
    const after = ok(r.state, { type: 'TAKE_OBJECTIVE', card: 'OBJ-02' }).state;
    expect(after.players[0].discard).toContain('OBJ-02');
    expect(after.turn.seat).toBe(1);
  });

  it('St. Louis: $0, both links: an objective and an exchange token', () => {
    const r = ok(g8(), { type: 'DELIVER', city: 'ST_LOUIS', disc: 'AUX5-A' });
    expect(r.state.players[0].money).toBe(10);
    expect(r.state.players[0].exchangeTokens).toBe(1);
    expect(r.state.turn.stack.map((d) => d.kind)).toEqual(['TAKE_OBJECTIVE_CARD']);
  });

  it('Kansas City: +$4, repeatable; with no white disc left a black one may go there', () => {
    const s = g8();
    s.cityDiscs['KANSAS_CITY'] = [0];
    s.players[0].discs = ['STEP-DOLLARS', 'CERT-6'];
    expect(
      legal(s)
        .filter((c) => c.city === 'KANSAS_CITY')
        .map((c) => c.disc),
    ).toEqual(['STEP-DOLLARS', 'CERT-6']);
    const r = ok(s, { type: 'DELIVER', city: 'KANSAS_CITY', disc: 'STEP-DOLLARS' });
    // +$3 for the STEP-DOLLARS disc, +$4 for Kansas City.
    expect(r.state.players[0].money).toBe(17);
    expect(r.state.cityDiscs['KANSAS_CITY']).toEqual([0, 0]);
  });

  it('G20: transport-cost table', () => {
    const costs = (p: number) =>
      (
        [
          'KANSAS_CITY',
          'FULTON',
          'ST_LOUIS',
          'BLOOMINGTON',
          'PEORIA',
          'CHICAGO',
          'TOLEDO',
          'PITTSBURGH',
          'PHILADELPHIA',
          'NEW_YORK',
        ] as const
      ).map((c) => {
        const s = makeState(2);
        s.players[0].train = p;
        return deliveryCost(s, 0, c);
      });
    expect(costs(0)).toEqual([0, 0, 1, 3, 4, 5, 7, 8, 9, 11]);
    // G8: an engine on turnout 4.5 counts as on 5: Chicago $3, Peoria $2, St. Louis $0.
    expect([transportCost(4.5, 10), transportCost(4.5, 8), transportCost(4.5, 4)]).toEqual([3, 2, 0]);
    expect(transportCost(10, 10)).toBe(0);
    expect(transportCost(10, 12)).toBe(2);
    expect(transportCost(10, 18)).toBe(6);
    expect(transportCost(10.5, 12)).toBe(1);
    expect(transportCost(10.5, 18)).toBe(5);
    expect(costs(18)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(costs(25)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const s = makeState(2);
    expect(deliveryCost(s, 0, 'NEW_YORK', false)).toBe(0);
  });

  it('G23: $4 and HAND-1 for Chicago is rejected (the $5 cannot be paid); the hand discs are not offered', () => {
    const s = g8();
    s.players[0].money = 4;
    s.players[0].train = 10;
    const r = send(s, { type: 'DELIVER', city: 'CHICAGO', disc: 'HAND-1' });
    expect(isViolation(r) && r.code).toBe('CANNOT_AFFORD_DISC');
    expect(legal(s).some((c) => c.disc === 'HAND-1' || c.disc === 'HAND-2')).toBe(false);
    // $5 plus a $3 transport (engine on 5) is $8: with $7 the hand disc is not offered either.
    const t = g8();
    t.players[0].money = 7;
    expect(legal(t).some((c) => c.city === 'CHICAGO' && c.disc === 'HAND-1')).toBe(false);
    t.players[0].money = 8;
    const paid = ok(t, { type: 'DELIVER', city: 'CHICAGO', disc: 'HAND-1' });
    expect(paid.events.filter((e) => e.type === 'MONEY')).toEqual([
      { type: 'MONEY', seat: 0, delta: -5, reason: 'DISC' },
      { type: 'MONEY', seat: 0, delta: -3, reason: 'TRANSPORT' },
    ]);
  });

  it('no board disc: a station disc moves to the city; none at all: delivery without a disc (no effect, no link)', () => {
    const s = g8();
    s.players[0].discs = [];
    s.stationDiscs['STATION-2'] = [0];
    expect(
      legal(s)
        .filter((c) => c.city === 'PEORIA')
        .map((c) => c.disc),
    ).toEqual(['STATION-2']);
    const moved = ok(s, { type: 'DELIVER', city: 'PEORIA', disc: 'STATION-2' }).state;
    expect(moved.stationDiscs['STATION-2']).toEqual([]);
    expect(moved.cityDiscs['PEORIA']).toEqual([0]);
    const none = g8();
    none.players[0].discs = [];
    expect(
      legal(none)
        .filter((c) => c.city === 'KANSAS_CITY')
        .map((c) => c.disc),
    ).toEqual([null]);
    const r = ok(none, { type: 'DELIVER', city: 'PEORIA', disc: null });
    expect(r.state.cityDiscs['PEORIA']).toBeUndefined();
    expect(r.state.players[0].money).toBe(8);
    expect(r.state.turn.seat).toBe(1);
  });
});

describe('end of Kansas City', () => {
  it('herder to START; empty foresight spaces refilled from bags 1/2/3 (an empty bag leaves the space empty)', () => {
    const s = makeState(2, 'KANSAS_CITY');
    s.foresight = [
      [null, FLOOD],
      [null, null],
      [W('cowboy'), null],
    ];
    s.bags = [[BANDIT], [W('engineer'), W('engineer')], []];
    const ctx = Ctx.over(s, createRng('end'));
    endKansasCity(ctx, 0);
    expect(ctx.events).toEqual([
      { type: 'HERDER_RESET', seat: 0 },
      { type: 'FORESIGHT_REFILLED', column: 0, index: 0, tile: BANDIT },
      { type: 'FORESIGHT_REFILLED', column: 1, index: 0, tile: W('engineer') },
      { type: 'FORESIGHT_REFILLED', column: 1, index: 1, tile: W('engineer') },
    ]);
    expect(ctx.state.foresight).toEqual([
      [BANDIT, FLOOD],
      [W('engineer'), W('engineer')],
      [W('cowboy'), null],
    ]);
    expect(ctx.state.bags).toEqual([[], [], []]);
  });
});

describe('a whole visit and the final round (G21)', () => {
  it('trigger in ②, income, delivery, reset; then each other seat plays exactly one more turn', () => {
    const s = makeState(3);
    s.jobMarketTokenRow = 11;
    s.jobMarket[11] = ['cowboy', 'cowboy', null];
    s.foresight = [
      [FLOOD, null],
      [W('engineer'), null],
      [W('cowboy'), W('craftsman')],
    ];
    s.bags = [[BANDIT], [W('engineer')], [W('engineer')]];
    s.players[0].hand = [SG, LONGHORN];
    s.players[0].drawPile = ['criollo:0', 'criollo:0', 'criollo:0', 'criollo:0'];
    let k = arrive(s);
    k = ok(k, { type: 'FORESIGHT', index: 0 }).state;
    k = ok(k, { type: 'FORESIGHT', index: 0 }).state;
    expect(k.endTriggeredBy).toBe(0);
    expect(k.finalTurns).toEqual([1, 2]);
    // ③ holds only workers: skipped.
    expect(topDecision(k)).toEqual({ kind: 'INCOME' });
    k = ok(k, { type: 'SPEND_CERTIFICATES', count: 0 }).state;
    expect(k.players[0].money).toBe(5);
    const r = ok(k, { type: 'DELIVER', city: 'ST_LOUIS', disc: 'AUX1-DOUBLE' });
    k = r.state;
    expect(k.players[0].money).toBe(4); // $1 transport from space 0
    expect(k.players[0].herder).toBe('START');
    // Refilled: column 1 from bag 1, column 2 from bag 2; the workers in column 3 stay.
    expect(k.foresight).toEqual([
      [BANDIT, null],
      [W('engineer'), null],
      [W('cowboy'), W('craftsman')],
    ]);
    expect(k.players[0].hand).toHaveLength(4);
    expect(k.turn.seat).toBe(1);
    expect(k.over).toBe(false);
    k = ok(k, { type: 'MOVE_HERDER', path: ['N-A'] }, 1).state;
    k = ok(k, { type: 'END_TURN' }, 1).state;
    expect(k.turn.seat).toBe(2);
    k = ok(k, { type: 'MOVE_HERDER', path: ['N-A'] }, 2).state;
    k = ok(k, { type: 'END_TURN' }, 2).state;
    expect(k.over).toBe(true);
  });

  it('rejected Kansas City commands leave the state untouched', () => {
    const s = makeState(2);
    s.foresight = [
      [FLOOD, null],
      [null, null],
      [null, null],
    ];
    s.players[0].certificates = 6;
    const k = arrive(s);
    const before = structuredClone(k);
    for (const cmd of [
      { type: 'FORESIGHT', index: 1 },
      { type: 'FORESIGHT', index: 2 },
      { type: 'SPEND_CERTIFICATES', count: 0 },
      { type: 'DELIVER', city: 'KANSAS_CITY', disc: 'CERT-4' },
      { type: 'FORESIGHT', index: 'x' },
    ])
      expect(isViolation(send(k, cmd))).toBe(true);
    expect(k).toEqual(before);
    const income = ok(k, { type: 'FORESIGHT', index: 0 }).state;
    const snapshot = structuredClone(income);
    expect(isViolation(send(income, { type: 'SPEND_CERTIFICATES', count: 1 }))).toBe(true);
    expect(isViolation(send(income, { type: 'FORESIGHT', index: 0 }))).toBe(true);
    expect(income).toEqual(snapshot);
  });
});
