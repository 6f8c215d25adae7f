/** Core turn rules: rolling, arrows and the Indian attack, Dynamite, resolution order (spec §3, §6.1-6.2). */
import { isViolation } from '../engine';
import type { BangCommand } from './commands';
import { legalCommands } from './legal';
import { shotTargets } from './rules';
import { act, attempt, dice, given, newGame, ofType, patch, startTurn } from './testing';

const ROLL: BangCommand = { type: 'ROLL_DICE' };
const KEEP: BangCommand = { type: 'KEEP_DICE' };
const reroll = (...dice: number[]): BangCommand => ({ type: 'REROLL_DICE', dice });
const resolve = (...pairs: [number, number][]): BangCommand => ({
  type: 'RESOLVE_DICE',
  assignments: pairs.map(([die, target]) => ({ die, target })),
});
const codeOf = (out: unknown) => (isViolation(out) ? out.code : 'accepted');

describe('TC-01 / TC-02: the PT rulebook Sheriff example (spec §6.1, Ambiguity #27)', () => {
  const start = () =>
    patch(
      newGame(
        ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
        ['PAUL_REGRET', 'LUCKY_DUKE', 'BLACK_JACK', 'CALAMITY_JANET', 'SID_KETCHUM'],
      ),
      { life: { 0: 6 }, arrows: { 0: 1, 1: 2, 2: 2, 3: 3, 4: 0 }, pile: 1 },
    );

  it('TC-01 step 1: the last arrow triggers the Indian attack mid-roll, then the roller takes the second arrow', () => {
    const s0 = start();
    expect(s0.turn!.seat).toBe(0);
    expect(s0.players[0].maxLife).toBe(11);
    given(s0)
      .when(0, ROLL, dice('ARROW', 'ARROW', 'DYNAMITE', 'ONE', 'BEER'))
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual([
          'DICE_ROLLED',
          'ARROW_TAKEN',
          'INDIAN_ATTACK',
          'ARROW_TAKEN',
        ]);
        expect(ofType(events, 'INDIAN_ATTACK')[0].losses.map((l) => l.lost)).toEqual([2, 2, 2, 3, 0]);
      })
      .thenState((state) => {
        expect(state.players.map((p) => p.life)).toEqual([4, 6, 6, 5, 8]);
        expect(state.players[0].arrows).toBe(1);
        expect(state.pile).toBe(8);
      });
  });

  it('TC-01: kept dice are not locked; final DYN GAT GAT GAT TWO; Sheriff ends with 4 life and 0 arrows', () => {
    let { state } = act(start(), 0, ROLL, ['ARROW', 'ARROW', 'DYNAMITE', 'ONE', 'BEER']);
    ({ state } = act(state, 0, reroll(0, 1), ['GATLING', 'GATLING']));
    const third = act(state, 0, reroll(3, 4), ['GATLING', 'TWO']);
    state = third.state;
    expect(state.turn!.dice).toEqual(['GATLING', 'GATLING', 'DYNAMITE', 'GATLING', 'TWO']);
    expect(ofType(third.events, 'ROLLING_ENDED')[0].reason).toBe('ROLL_LIMIT');
    expect(shotTargets(state, 0, 'TWO')).toEqual([2, 3]);
    const out = act(state, 0, resolve([4, 2]));
    expect(ofType(out.events, 'DYNAMITE_EXPLODED')).toHaveLength(0);
    expect(out.state.players.map((p) => [p.life, p.arrows])).toEqual([
      [4, 0],
      [5, 0],
      [4, 0],
      [4, 0],
      [7, 0],
    ]);
    expect(out.state.pile).toBe(9);
    expect(out.state.turn!.seat).toBe(1);
  });

  it('TC-02: rerolling the Dynamite die is rejected (only Black Jack may)', () => {
    const rolled = given(start()).when(0, ROLL, dice('ARROW', 'ARROW', 'DYNAMITE', 'ONE', 'BEER'));
    rolled.when(0, reroll(2)).thenRefused('DYNAMITE_LOCKED');
    rolled.when(0, reroll(0, 2)).thenRefused('DYNAMITE_LOCKED');
  });
});

/** 4 players: S0 Sheriff, S1 roller by default. Characters chosen not to interfere. */
const four = () =>
  newGame(
    ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'],
    ['WILLY_THE_KID', 'BLACK_JACK', 'ROSE_DOOLAN', 'LUCKY_DUKE'],
  );

describe('core rules (spec §6.2)', () => {
  it('TC-03: three Dynamite stop the rolling; arrows of that roll are taken; the other dice still resolve', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'],
      ['LUCKY_DUKE', 'WILLY_THE_KID', 'ROSE_DOOLAN', 'BLACK_JACK'],
    );
    const s = startTurn(patch(base, { life: { 1: 5 } }), 1);
    const rolled = given(s)
      .when(1, ROLL, dice('DYNAMITE', 'DYNAMITE', 'DYNAMITE', 'ARROW', 'BEER'))
      .then((events) => expect(ofType(events, 'ROLLING_ENDED')[0].reason).toBe('THREE_DYNAMITE'))
      .thenState((st) => st.pile === 8 && st.players[1].arrows === 1 && st.players[1].life === 4);
    rolled.when(1, reroll(4)).thenRefused('THREE_DYNAMITE');
    rolled
      .when(1, resolve([4, 1]))
      .thenState((st) => st.players[1].life === 5 && st.players[1].arrows === 1 && st.turn!.seat === 2);
  });

  it('TC-04: Dynamite eliminates the roller: role revealed, arrows returned, nothing else resolves', () => {
    const s = startTurn(patch(four(), { life: { 1: 1 }, arrows: { 1: 2 }, pile: 7 }), 1);
    const rolled = ['DYNAMITE', 'DYNAMITE', 'DYNAMITE', 'ONE', 'GATLING'] as const;
    // No shot, no Gatling: the turn ends at the explosion.
    given(s)
      .when(1, ROLL, dice(...rolled))
      .then([
        { type: 'DICE_ROLLED', seat: 1, roll: 1, rerolled: [0, 1, 2, 3, 4], dice: [...rolled] },
        { type: 'ROLLING_ENDED', seat: 1, reason: 'THREE_DYNAMITE', dice: [...rolled] },
        { type: 'DYNAMITE_EXPLODED', seat: 1, lost: 1, life: 0 },
        {
          type: 'PLAYER_ELIMINATED',
          seat: 1,
          role: 'OUTLAW',
          character: 'BLACK_JACK',
          cause: 'DYNAMITE',
          arrowsReturned: 2,
        },
        { type: 'TURN_ENDED', seat: 1 },
        { type: 'TURN_STARTED', seat: 2, turn: 3 },
      ])
      .thenState((state) => {
        expect(state.pile).toBe(9);
        expect(state.players.map((p) => p.life)).toEqual([10, 0, 9, 8]);
        expect(state.turn!.seat).toBe(2);
        expect(state.phase).toBe('PLAYING');
      });
  });

  it('TC-05 (Ambiguity #2): an Indian attack kills another player; the roller takes the rest of the arrows and continues', () => {
    const base = newGame(
      ['DEPUTY', 'OUTLAW', 'SHERIFF', 'OUTLAW', 'RENEGADE'],
      ['BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID', 'LUCKY_DUKE', 'SUZY_LAFAYETTE'],
    );
    const s = startTurn(patch(base, { life: { 1: 3 }, arrows: { 1: 4, 2: 3 }, pile: 2 }), 0);
    const { state, events } = act(s, 0, ROLL, ['ARROW', 'ARROW', 'ARROW', 'BEER', 'ONE']);
    expect(events.map((e) => e.type)).toEqual([
      'DICE_ROLLED',
      'ARROW_TAKEN',
      'ARROW_TAKEN',
      'INDIAN_ATTACK',
      'PLAYER_ELIMINATED',
      'ARROW_TAKEN',
    ]);
    expect(state.players.map((p) => p.life)).toEqual([6, 0, 7, 8, 8]);
    expect(state.players[0].arrows).toBe(1);
    expect(state.pile).toBe(8);
    expect(state.phase).toBe('PLAYING');
    expect(state.turn!.rolls).toBe(1);
    const kept = act(state, 0, KEEP).state;
    expect(shotTargets(kept, 0, 'ONE')).toEqual([2, 4]);
    expect(codeOf(attempt(kept, 0, resolve([4, 1])))).toBe('ILLEGAL_TARGET');
  });

  it('TC-06 (Ambiguity #3): shots are assigned first and applied together; overkill is legal; no beer for the dead', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
      ['BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID', 'LUCKY_DUKE', 'SUZY_LAFAYETTE'],
    );
    const s = patch(base, { life: { 1: 1, 2: 5 } });
    let { state } = act(s, 0, ROLL, ['ONE', 'ONE', 'TWO', 'BEER', 'ARROW']);
    ({ state } = act(state, 0, KEEP));
    const shot = act(state, 0, resolve([0, 1], [1, 1], [2, 2]));
    const resolved = ofType(shot.events, 'SHOTS_RESOLVED')[0];
    expect(resolved.losses).toEqual([
      { seat: 1, hits: 2, substituted: 0, lost: 1, life: 0 },
      { seat: 2, hits: 1, substituted: 0, lost: 1, life: 4 },
    ]);
    expect(shot.state.players[1].alive).toBe(false);
    expect(codeOf(attempt(shot.state, 0, resolve([3, 1])))).toBe('ILLEGAL_TARGET');
    expect(act(shot.state, 0, resolve([3, 3])).state.players[3].life).toBe(8);
  });

  it('TC-07: distance skips eliminated players', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
      ['BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID', 'LUCKY_DUKE', 'SUZY_LAFAYETTE', 'JESSE_JONES'],
    );
    const s = patch(base, { dead: [1] });
    expect(shotTargets(s, 0, 'ONE')).toEqual([2, 5]);
    expect(shotTargets(s, 0, 'TWO')).toEqual([3, 4]);
  });

  it('TC-08 / Ambiguity #4-5: with 2 or 3 living players a TWO acts as a ONE', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
      ['BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID', 'LUCKY_DUKE', 'SUZY_LAFAYETTE', 'JESSE_JONES'],
    );
    const three = patch(base, { dead: [1, 3, 5] });
    expect(shotTargets(three, 0, 'TWO')).toEqual([2, 4]);
    const two = patch(base, { dead: [1, 2, 3, 5] });
    expect(shotTargets(two, 0, 'TWO')).toEqual([4]);
    expect(shotTargets(two, 0, 'ONE')).toEqual([4]);
    // The shot record says how the TWO was used.
    let { state } = act(three, 0, ROLL, ['TWO', 'BEER', 'BEER', 'BEER', 'BEER']);
    ({ state } = act(state, 0, KEEP));
    const out = act(state, 0, resolve([0, 2]));
    expect(ofType(out.events, 'SHOTS_ASSIGNED')[0].shots[0]).toEqual({
      die: 0,
      face: 'TWO',
      as: 'ONE',
      target: 2,
      points: 1,
    });
  });

  it('TC-09 / Ambiguity #26: a beer never raises life above the starting life; wasting it is legal', () => {
    const s = startTurn(patch(four(), { life: { 2: 3 } }), 1);
    given(s)
      .when(1, ROLL, dice('BEER', 'BEER', 'DYNAMITE', 'GATLING', 'ARROW'))
      .when(1, KEEP)
      .when(1, resolve([0, 1], [1, 2]))
      .then([
        {
          type: 'BEERS_RESOLVED',
          seat: 1,
          jesseDoubled: false,
          beers: [
            { die: 0, target: 1, gained: 0, life: 8 },
            { die: 1, target: 2, gained: 1, life: 4 },
          ],
        },
        { type: 'TURN_ENDED', seat: 1 },
        { type: 'TURN_STARTED', seat: 2, turn: 3 },
      ]);
  });

  it('TC-10: four Gatling faces fire once, after the beers; Paul Regret is immune; the roller returns his arrows', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'],
      ['LUCKY_DUKE', 'BLACK_JACK', 'PAUL_REGRET', 'ROSE_DOOLAN'],
    );
    const s = startTurn(patch(base, { arrows: { 1: 3 }, pile: 6, life: { 1: 7 } }), 1);
    let { state } = act(s, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'GATLING', 'BEER']);
    ({ state } = act(state, 1, KEEP));
    const out = act(state, 1, resolve([4, 1]));
    const types = out.events.map((e) => e.type);
    expect(types.indexOf('BEERS_RESOLVED')).toBeLessThan(types.indexOf('GATLING_FIRED'));
    expect(ofType(out.events, 'GATLING_FIRED')).toHaveLength(1);
    expect(out.state.players.map((p) => p.life)).toEqual([9, 8, 9, 8]);
    expect(ofType(out.events, 'GATLING_ARROWS_RETURNED')[0]).toMatchObject({ seat: 1, count: 3, pile: 9 });
  });

  it('TC-11: two Gatling faces do nothing for a normal character; the roller keeps his arrows', () => {
    const s = startTurn(patch(four(), { arrows: { 1: 2 }, pile: 7 }), 1);
    let { state } = act(s, 1, ROLL, ['GATLING', 'GATLING', 'ONE', 'ONE', 'BEER']);
    ({ state } = act(state, 1, KEEP));
    ({ state } = act(state, 1, resolve([2, 0], [3, 2])));
    const out = act(state, 1, resolve([4, 1]));
    expect(ofType(out.events, 'GATLING_FIRED')).toHaveLength(0);
    expect(out.state.players[1].arrows).toBe(2);
    expect(out.state.players.map((p) => p.life)).toEqual([9, 8, 8, 8]);
  });

  it('TC-44 / Ambiguity #19: the roller killed by the Indians while rolling ends the turn with no resolution', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'],
      ['LUCKY_DUKE', 'SUZY_LAFAYETTE', 'ROSE_DOOLAN', 'BLACK_JACK'],
    );
    const s = startTurn(patch(base, { life: { 1: 2 }, arrows: { 1: 1, 2: 7 }, pile: 1 }), 1);
    const { state, events } = act(s, 1, ROLL, ['ARROW', 'GATLING', 'GATLING', 'GATLING', 'BEER']);
    expect(ofType(events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([1]);
    expect(state.players[2].life).toBe(2);
    expect(ofType(events, 'GATLING_FIRED')).toHaveLength(0);
    expect(ofType(events, 'LIFE_GAINED')).toHaveLength(0);
    expect(ofType(events, 'ROLLING_ENDED')).toHaveLength(0);
    expect(state.turn!.seat).toBe(2);
  });
});

describe('Ambiguity #5: N is counted at R3, after the attacks of the rolling phase', () => {
  it('a player killed by the Indians while rolling leaves 3 alive: the TWO then acts as a ONE', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'],
      ['LUCKY_DUKE', 'BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID'],
    );
    const s = startTurn(patch(base, { life: { 3: 1 }, arrows: { 3: 4 }, pile: 5 }), 1);
    expect(shotTargets(s, 1, 'TWO')).toEqual([3]);
    let { state } = act(s, 1, ROLL, ['ARROW', 'ARROW', 'ARROW', 'ARROW', 'ARROW']);
    expect(state.players[3].alive).toBe(false);
    ({ state } = act(state, 1, reroll(0), ['TWO']));
    expect(shotTargets(state, 1, 'TWO')).toEqual([0, 2]);
  });
});

describe('rolling phase (spec §3.2)', () => {
  it('only newly thrown ARROW dice give arrows; kept arrows never give again', () => {
    const s = startTurn(four(), 1);
    let { state } = act(s, 1, ROLL, ['ARROW', 'BEER', 'BEER', 'BEER', 'BEER']);
    expect(state.players[1].arrows).toBe(1);
    ({ state } = act(state, 1, reroll(1), ['BEER']));
    expect(state.players[1].arrows).toBe(1);
    ({ state } = act(state, 1, reroll(0), ['ARROW']));
    expect(state.players[1].arrows).toBe(2);
  });

  it('a third roll ends rolling automatically (ROLL_LIMIT); the reroll list offers every non-Dynamite subset', () => {
    const s = startTurn(patch(four(), {}), 2);
    const { state } = act(s, 2, ROLL, ['DYNAMITE', 'ONE', 'BEER', 'BEER', 'GATLING']);
    const rerolls = legalCommands(state, 2).flatMap((c) => (c.type === 'REROLL_DICE' ? [c.dice] : []));
    expect(rerolls).toHaveLength(15);
    expect(rerolls.some((dice) => dice.includes(0))).toBe(false);
    const r2 = act(state, 2, reroll(1), ['BEER']).state;
    const r3 = act(r2, 2, reroll(1), ['TWO']);
    expect(ofType(r3.events, 'ROLLING_ENDED')[0].reason).toBe('ROLL_LIMIT');
    expect(codeOf(attempt(r3.state, 2, reroll(2)))).toBe('ROLL_LIMIT');
    expect(codeOf(attempt(r3.state, 2, KEEP))).toBe('ROLL_LIMIT');
  });

  it('rejects empty, duplicate and out-of-range rerolls', () => {
    const { state } = act(startTurn(four(), 1), 1, ROLL, ['ONE', 'ONE', 'BEER', 'BEER', 'GATLING']);
    expect(codeOf(attempt(state, 1, reroll()))).toBe('ILLEGAL_DIE');
    expect(codeOf(attempt(state, 1, reroll(1, 1)))).toBe('ILLEGAL_DIE');
    expect(codeOf(attempt(state, 1, reroll(5)))).toBe('ILLEGAL_DIE');
  });

  it('a turn where nothing needs a choice passes straight to the next living player', () => {
    const s = startTurn(patch(four(), { dead: [2] }), 1);
    let { state } = act(s, 1, ROLL, ['GATLING', 'DYNAMITE', 'ARROW', 'GATLING', 'DYNAMITE']);
    const out = act(state, 1, KEEP);
    state = out.state;
    expect(out.events.map((e) => e.type)).toEqual(['ROLLING_ENDED', 'TURN_ENDED', 'TURN_STARTED']);
    expect(state.turn!.seat).toBe(3);
  });
});

describe('resolution (spec §3.5, Ambiguity #24)', () => {
  const ready = () => {
    const s = startTurn(four(), 1);
    const { state } = act(s, 1, ROLL, ['ONE', 'TWO', 'BEER', 'DYNAMITE', 'GATLING']);
    return act(state, 1, KEEP).state;
  };

  it('every shot die must be assigned, to a legal target, never the roller', () => {
    const s = ready();
    expect(codeOf(attempt(s, 1, resolve([0, 0])))).toBe('UNASSIGNED_DIE');
    expect(codeOf(attempt(s, 1, resolve([0, 1], [1, 3])))).toBe('ILLEGAL_TARGET');
    expect(codeOf(attempt(s, 1, resolve([0, 3], [1, 3])))).toBe('ILLEGAL_TARGET');
    expect(codeOf(attempt(s, 1, resolve([0, 0], [1, 3], [2, 1])))).toBe('ILLEGAL_DIE');
    expect(codeOf(attempt(s, 1, resolve([0, 0], [1, 3])))).toBe('accepted');
  });

  it('every beer must go to a living player, the roller included', () => {
    const s = act(ready(), 1, resolve([0, 2], [1, 3])).state;
    expect(s.turn!.agenda[0]).toBe('BEERS');
    expect(codeOf(attempt(s, 1, resolve()))).toBe('UNASSIGNED_DIE');
    expect(codeOf(attempt(s, 1, resolve([2, 9])))).toBe('ILLEGAL_TARGET');
    expect(codeOf(attempt(s, 1, resolve([2, 1])))).toBe('accepted');
  });
});
