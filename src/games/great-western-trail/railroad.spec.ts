import { isViolation } from '../engine';
import type { ActionSpec } from './data/types';
import { backwardTargets, forwardTargets, numberedSpacesBack, positionsBehind } from './railroad';
import { act, actOk, installForTests, legal, makeState, ok, send, topDecision } from './railroad/testing';
import type { GwtState } from './state';

installForTests();

const FORWARD_ENGINEERS: ActionSpec = { type: 'MOVE_ENGINE_FORWARD', min: 0, max: 'NUMBER_OF_ENGINEERS' };

/** Mary (seat 0) with 3 engineers on space 1, a red engine (seat 1) on space 3 (G13). */
function g13(): GwtState {
  const s = makeState(2);
  s.players[0].workers.engineer = 3;
  s.players[0].train = 1;
  s.players[0].money = 10;
  s.players[1].train = 3;
  s.stationMasters['STATION-1'] = 'SM-HAZARDS';
  return s;
}

describe('engine forward (G13)', () => {
  it('skips the occupied space 3: stops 2, 4, 4.5, 5; space 6 is rejected', () => {
    const s = g13();
    expect(forwardTargets(s, 0, 0, 3)).toEqual([2, 4, 4.5, 5]);
    const asked = actOk(s, FORWARD_ENGINEERS).state;
    expect(topDecision(asked)).toEqual({ kind: 'MOVE_ENGINE_FORWARD', min: 0, max: 3, optional: true });
    expect(legal(asked)).toEqual([
      { type: 'SKIP' },
      { type: 'MOVE_TRAIN', to: 2 },
      { type: 'MOVE_TRAIN', to: 4 },
      { type: 'MOVE_TRAIN', to: 4.5 },
      { type: 'MOVE_TRAIN', to: 5 },
    ]);
    const r = send(asked, { type: 'MOVE_TRAIN', to: 6 });
    expect(isViolation(r) && r.code).toBe('ILLEGAL_TRAIN_MOVE');
    expect(asked.players[0].train).toBe(1);
  });

  it('4.5: upgrade station 1 for $2 with a white disc, then claim its station master', () => {
    let s = actOk(g13(), FORWARD_ENGINEERS).state;
    s = ok(s, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    expect(s.players[0].train).toBe(4.5);
    expect(topDecision(s)).toEqual({ kind: 'UPGRADE_STATION', station: 'STATION-1', optional: true });
    // White-corner station: no black disc (STEP-DOLLARS, HAND-1, CERT-6...).
    const discs = legal(s)
      .filter((c) => c.type === 'UPGRADE_STATION')
      .map((c) => c.disc);
    expect(discs).toEqual([
      'AUX1-DOUBLE',
      'AUX2-DOUBLE',
      'AUX3-A',
      'AUX3-B',
      'AUX4-A',
      'AUX4-B',
      'AUX5-A',
      'AUX5-B',
      'CERT-4',
    ]);
    const black = send(s, { type: 'UPGRADE_STATION', disc: 'STEP-DOLLARS' });
    expect(isViolation(black) && black.code).toBe('WRONG_DISC_CORNER');
    s = ok(s, { type: 'UPGRADE_STATION', disc: 'AUX3-A' }).state;
    expect(s.players[0].money).toBe(8);
    expect(s.players[0].discs).not.toContain('AUX3-A');
    expect(s.stationDiscs['STATION-1']).toEqual([0]);
    expect(topDecision(s)).toEqual({
      kind: 'TAKE_STATION_MASTER',
      station: 'STATION-1',
      master: 'SM-HAZARDS',
      optional: true,
    });
    // Only the engineer row has a worker besides the printed one.
    expect(legal(s)).toEqual([{ type: 'SKIP' }, { type: 'TAKE_STATION_MASTER', worker: 'engineer' }]);
    const cowboy = send(s, { type: 'TAKE_STATION_MASTER', worker: 'cowboy' });
    expect(isViolation(cowboy) && cowboy.code).toBe('NO_REMOVABLE_WORKER');
    const r = ok(s, { type: 'TAKE_STATION_MASTER', worker: 'engineer' });
    expect(r.events).toContainEqual({
      type: 'STATION_MASTER_TAKEN',
      seat: 0,
      station: 'STATION-1',
      master: 'SM-HAZARDS',
      worker: 'engineer',
    });
    expect(r.state.players[0].workers.engineer).toBe(2);
    expect(r.state.players[0].stationMasters).toEqual(['SM-HAZARDS']);
    expect(r.state.stationMasters['STATION-1']).toBeNull();
    expect(r.state.turn.stack).toEqual([]);
  });

  it('a station master with an immediate top: +$12 at once (SM-12-DOLLARS)', () => {
    let s = g13();
    s.stationMasters['STATION-1'] = 'SM-12-DOLLARS';
    s = actOk(s, FORWARD_ENGINEERS).state;
    s = ok(s, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    s = ok(s, { type: 'UPGRADE_STATION', disc: 'CERT-4' }).state;
    s = ok(s, { type: 'TAKE_STATION_MASTER', worker: 'engineer' }).state;
    expect(s.players[0].money).toBe(10 - 2 + 12);
  });

  it('SM-OBJECTIVES offers remove-a-hazard-or-collect-bounty, which may be declined', () => {
    let s = g13();
    s.stationMasters['STATION-1'] = 'SM-OBJECTIVES';
    s.trail['BANDIT-7'] = { kind: 'BANDIT', tile: { kind: 'bandit', colour: 'green', hand: 'green' } };
    s = actOk(s, FORWARD_ENGINEERS).state;
    s = ok(s, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    s = ok(s, { type: 'UPGRADE_STATION', disc: 'CERT-4' }).state;
    s = ok(s, { type: 'TAKE_STATION_MASTER', worker: 'engineer' }).state;
    expect(topDecision(s)).toMatchObject({ kind: 'CHOOSE_ONE', optional: true });
    expect(ok(s, { type: 'SKIP' }).state.turn.stack).toEqual([]);
  });

  it('declining the upgrade or the station master leaves everything as it was', () => {
    let s = actOk(g13(), FORWARD_ENGINEERS).state;
    s = ok(s, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    const skipped = ok(s, { type: 'SKIP' }).state;
    expect(skipped.players[0].money).toBe(10);
    expect(skipped.stationDiscs['STATION-1']).toEqual([]);
    s = ok(s, { type: 'UPGRADE_STATION', disc: 'CERT-4' }).state;
    const kept = ok(s, { type: 'SKIP' }).state;
    expect(kept.stationMasters['STATION-1']).toBe('SM-HAZARDS');
    expect(kept.players[0].workers.engineer).toBe(3);
  });

  it('no upgrade offered when it cannot be paid, nor on a station already holding your disc', () => {
    const poor = g13();
    poor.players[0].money = 1;
    const s1 = ok(actOk(poor, FORWARD_ENGINEERS).state, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    expect(s1.turn.stack).toEqual([]);
    const mine = g13();
    mine.stationDiscs['STATION-1'] = [0];
    const s2 = ok(actOk(mine, FORWARD_ENGINEERS).state, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    expect(s2.turn.stack).toEqual([]);
  });

  it('an occupied turnout is as if absent; min 1 moves are mandatory, and impossible when blocked', () => {
    const s = makeState(2);
    s.players[0].train = 4;
    s.players[1].train = 4.5;
    expect(forwardTargets(s, 0, 1, 2)).toEqual([5, 6]);
    const blocked = makeState(3);
    blocked.players[0].train = 38;
    blocked.players[1].train = 39; // (never happens in play: engines leave 39 at once)
    expect(forwardTargets(blocked, 0, 1, 1)).toEqual([]);
    const r = act(blocked, { type: 'MOVE_ENGINE_FORWARD', min: 1, max: 2 });
    expect(isViolation(r) && r.code).toBe('ENGINE_CANNOT_MOVE');
    // min 0 and nothing reachable: nothing to ask.
    expect(actOk(blocked, FORWARD_ENGINEERS).state.turn.stack).toEqual([]);
  });

  it('dynamic maxima: buildings in the woods (7b) and hazard tiles owned (11b)', () => {
    const s = makeState(2);
    s.players[0].hazards = [{ kind: 'hazard', hazard: 'flood', hand: 'green', vp: 4 }];
    expect(
      topDecision(actOk(s, { type: 'MOVE_ENGINE_FORWARD', min: 0, max: 'HAZARD_TILES_YOU_OWN' }).state),
    ).toMatchObject({ max: 1 });
    expect(
      actOk(s, { type: 'MOVE_ENGINE_FORWARD', min: 0, max: 'OWN_BUILDINGS_IN_WOODS' }).state.turn.stack,
    ).toEqual([]);
    s.trail['P-B1'] = { kind: 'PLAYER', owner: 0, building: '7b' };
    s.trail['P-C1'] = { kind: 'PLAYER', owner: 0, building: '1a' };
    s.trail['P-C2'] = { kind: 'PLAYER', owner: 1, building: '1a' };
    s.trail['P-A1'] = { kind: 'PLAYER', owner: 0, building: '2a' };
    const woods = actOk(s, { type: 'MOVE_ENGINE_FORWARD', min: 0, max: 'OWN_BUILDINGS_IN_WOODS' }).state;
    expect(topDecision(woods)).toMatchObject({ max: 2 });
    expect(legal(woods)).toEqual([
      { type: 'SKIP' },
      { type: 'MOVE_TRAIN', to: 1 },
      { type: 'MOVE_TRAIN', to: 2 },
    ]);
  });

  it('pay then move (auxiliary 4): $1 paid first; rejected without the money', () => {
    const s = makeState(2);
    s.players[0].money = 1;
    const r = actOk(s, { type: 'PAY_THEN_MOVE_ENGINE_FORWARD', payDollars: 1, min: 1, max: 1 });
    expect(r.state.players[0].money).toBe(0);
    expect(topDecision(r.state)).toEqual({ kind: 'MOVE_ENGINE_FORWARD', min: 1, max: 1 });
    expect(legal(r.state)).toEqual([{ type: 'MOVE_TRAIN', to: 1 }]);
    const poor = act(r.state, { type: 'PAY_THEN_MOVE_ENGINE_FORWARD', payDollars: 1, min: 1, max: 1 });
    expect(isViolation(poor) && poor.code).toBe('NOT_ENOUGH_MONEY');
  });
});

describe('space 39 (G18)', () => {
  it('stop on 39, upgrade station 10 ($3, any disc), go back (+$3) to 33.5 and upgrade station 9 with that $3', () => {
    let s = makeState(2);
    s.players[0].train = 37;
    s.players[0].money = 5;
    s.players[1].train = 38;
    s = actOk(s, { type: 'MOVE_ENGINE_FORWARD', min: 1, max: 2 }).state;
    expect(legal(s)).toEqual([{ type: 'MOVE_TRAIN', to: 39 }]);
    s = ok(s, { type: 'MOVE_TRAIN', to: 39 }).state;
    expect(s.turn.stack.map((d) => d.kind)).toEqual(['LEAVE_SPACE_39', 'UPGRADE_STATION']);
    // Black-corner station: black discs too.
    expect(legal(s).some((c) => c.type === 'UPGRADE_STATION' && c.disc === 'CERT-6')).toBe(true);
    s = ok(s, { type: 'UPGRADE_STATION', disc: 'CERT-6' }).state;
    expect(s.players[0].money).toBe(2);
    expect(topDecision(s)).toEqual({ kind: 'LEAVE_SPACE_39' });
    // The way back is mandatory (no SKIP), to any free space (38 is taken), at least 1 back.
    const back = legal(s);
    expect(back).not.toContainEqual({ type: 'SKIP' });
    expect(back).not.toContainEqual({ type: 'MOVE_TRAIN', to: 38 });
    expect(back).not.toContainEqual({ type: 'MOVE_TRAIN', to: 39 });
    expect(back).toContainEqual({ type: 'MOVE_TRAIN', to: 0 });
    s = ok(s, { type: 'MOVE_TRAIN', to: 33.5 }).state;
    expect(s.players[0].money).toBe(5);
    expect(topDecision(s)).toEqual({ kind: 'UPGRADE_STATION', station: 'STATION-9', optional: true });
    s = ok(s, { type: 'UPGRADE_STATION', disc: 'STEP-VP' }).state;
    expect(s.players[0].money).toBe(0);
    expect(s.stationDiscs['STATION-9']).toEqual([0]);
    expect(s.stationDiscs['STATION-10']).toEqual([0]);
    expect(s.turn.stack).toEqual([]);
  });
});

describe('engine backward', () => {
  it('exactly N, skipping occupied spaces; turnouts only as the last step', () => {
    const s = makeState(3);
    s.players[0].train = 9;
    s.players[1].train = 8;
    // 9 → 7 (8 skipped) or 7.5 (the turnout between 7 and 8).
    expect(backwardTargets(s, 0, 1)).toEqual([7, 7.5]);
    expect(backwardTargets(s, 0, 2)).toEqual([6]);
    s.players[0].train = 0;
    expect(backwardTargets(s, 0, 1)).toEqual([]);
  });

  it('auxiliary 3: pay $1, back 1, +1 certificate; impossible from 0 (nothing paid)', () => {
    const s = makeState(2);
    s.players[0].train = 5;
    s.players[0].money = 1;
    const spec: ActionSpec = {
      type: 'MOVE_ENGINE_BACKWARD',
      exact: 1,
      payDollars: 1,
      gain: { certificates: 1 },
    };
    let r = actOk(s, spec).state;
    expect(r.players[0].money).toBe(0);
    expect(legal(r)).toEqual([
      { type: 'MOVE_TRAIN', to: 4 },
      { type: 'MOVE_TRAIN', to: 4.5 },
    ]);
    r = ok(r, { type: 'MOVE_TRAIN', to: 4 }).state;
    expect(r.players[0].certificates).toBe(1);
    expect(r.players[0].train).toBe(4);
    const zero = makeState(2);
    zero.players[0].money = 1;
    const v = act(zero, spec);
    expect(isViolation(v) && v.code).toBe('ENGINE_CANNOT_MOVE');
  });

  it('1b: back 1 onto a turnout gains $3 first, then its station may be upgraded with it', () => {
    const s = makeState(2);
    s.players[0].train = 5;
    let r = actOk(s, { type: 'MOVE_ENGINE_BACKWARD', exact: 1, gain: { dollars: 3 } }).state;
    r = ok(r, { type: 'MOVE_TRAIN', to: 4.5 }).state;
    expect(r.players[0].money).toBe(3);
    expect(topDecision(r)).toEqual({ kind: 'UPGRADE_STATION', station: 'STATION-1', optional: true });
  });

  it('auxiliary 5: back 1, +$1, then up to 1 card removed from the game (optional)', () => {
    const s = makeState(2);
    s.players[0].train = 3;
    s.players[0].hand = ['criollo:0', 'galloway:0'];
    let r = actOk(s, {
      type: 'MOVE_ENGINE_BACKWARD',
      exact: 1,
      gain: { removeCardsFromGameUpTo: 1, dollars: 1 },
    }).state;
    r = ok(r, { type: 'MOVE_TRAIN', to: 2 }).state;
    expect(r.players[0].money).toBe(1);
    expect(topDecision(r)).toMatchObject({ kind: 'REMOVE_CARDS', upTo: 1, optional: true });
    r = ok(r, { type: 'REMOVE_CARDS', cards: ['criollo:0'] }).state;
    expect(r.players[0].hand).toEqual(['galloway:0']);
  });
});

describe('9b: upgrade a station behind the engine', () => {
  it('offers only stations behind the engine not yet upgraded by you, naming the station', () => {
    const s = makeState(2);
    s.players[0].train = 11;
    s.players[0].money = 4;
    s.stationDiscs['STATION-1'] = [0];
    const r = actOk(s, { type: 'UPGRADE_STATION_BEHIND_ENGINE' }).state;
    const stations = [
      ...new Set(
        legal(r)
          .filter((c) => c.type === 'UPGRADE_STATION')
          .map((c) => c.station),
      ),
    ];
    expect(stations).toEqual(['STATION-2', 'STATION-3']);
    const ahead = send(r, { type: 'UPGRADE_STATION', disc: 'CERT-4', station: 'STATION-4' });
    expect(isViolation(ahead) && ahead.code).toBe('STATION_NOT_BEHIND');
    const done = ok(r, { type: 'UPGRADE_STATION', disc: 'CERT-4', station: 'STATION-3' }).state;
    expect(done.players[0].money).toBe(0);
    expect(done.stationDiscs['STATION-3']).toEqual([0]);
  });

  it('is rejected when no station behind can be upgraded', () => {
    const s = makeState(2);
    s.players[0].train = 3;
    s.players[0].money = 10;
    const r = act(s, { type: 'UPGRADE_STATION_BEHIND_ENGINE' });
    expect(isViolation(r) && r.code).toBe('NO_STATION_TO_UPGRADE');
  });
});

describe('9a: extraordinary delivery (D32)', () => {
  it('counts numbered spaces moved back (turnouts and occupied spaces not), then delivers without transport cost', () => {
    const s = makeState(2);
    s.players[0].train = 12;
    s.players[1].train = 9;
    s.objectiveDisplay = ['OBJ-01'];
    expect(numberedSpacesBack(s, 0, 12, 7.5)).toBe(3); // 11, 10, 8 (9 occupied, 7.5 a turnout)
    expect(positionsBehind(s, 0)).not.toContain(9);
    let r = actOk(s, { type: 'EXTRAORDINARY_DELIVERY' }).state;
    expect(legal(r)).not.toContainEqual({ type: 'SKIP' });
    r = ok(r, { type: 'MOVE_TRAIN', to: 7.5 }).state;
    expect(r.turn.stack.map((d) => d.kind)).toEqual(['UPGRADE_STATION', 'DELIVER']);
    expect(topDecision(r)).toEqual({ kind: 'DELIVER', value: 3, transport: false });
    const cities = [...new Set(legal(r).map((c) => c.city))];
    expect(cities).toEqual(['KANSAS_CITY', 'FULTON']);
    r = ok(r, { type: 'DELIVER', city: 'KANSAS_CITY', disc: 'AUX1-DOUBLE' }).state;
    expect(r.players[0].money).toBe(4);
    expect(r.cityDiscs['KANSAS_CITY']).toEqual([0]);
    // Then station 2 (on 7.5) may be upgraded, with the $4.
    expect(topDecision(r)).toEqual({ kind: 'UPGRADE_STATION', station: 'STATION-2', optional: true });
    expect(ok(r, { type: 'UPGRADE_STATION', disc: 'CERT-4' }).state.players[0].money).toBe(2);
  });
});

describe('violations change nothing', () => {
  it('a rejected command leaves the input state untouched', () => {
    const s = actOk(g13(), FORWARD_ENGINEERS).state;
    const before = structuredClone(s);
    for (const cmd of [
      { type: 'MOVE_TRAIN', to: 6 },
      { type: 'MOVE_TRAIN', to: 3 },
      { type: 'MOVE_TRAIN', to: 'x' },
      { type: 'UPGRADE_STATION', disc: 'CERT-4' },
    ])
      expect(isViolation(send(s, cmd))).toBe(true);
    expect(s).toEqual(before);
  });
});
