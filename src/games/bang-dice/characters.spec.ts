/** The 16 characters (spec §5 and TC-24..TC-43), with the numbered decisions of §7 they rely on. */
import { isViolation } from '../engine';
import type { CharacterId } from './data/characters';
import type { BangCommand } from './commands';
import { legalCommands, timeoutCommand } from './legal';
import { pending } from './pending';
import { shotTargets } from './rules';
import type { BangState } from './state';
import { act, attempt, newGame, ofType, patch, startTurn } from './testing';

const ROLL: BangCommand = { type: 'ROLL_DICE' };
const KEEP: BangCommand = { type: 'KEEP_DICE' };
const resolve = (...pairs: [number, number][]): BangCommand => ({
  type: 'RESOLVE_DICE',
  assignments: pairs.map(([die, target]) => ({ die, target })),
});
const codeOf = (out: unknown) => (isViolation(out) ? out.code : 'accepted');
const kinds = (s: BangState) => pending(s).map((p) => `${p.seat}:${p.kind}`);

/** 5 players; S0 Sheriff; the roller S1 (Outlaw); characters: S1 = `roller`, S2 = `other` by default. */
function table(chars: Partial<Record<number, CharacterId>>): BangState {
  const filler: CharacterId[] = [
    'LUCKY_DUKE',
    'BLACK_JACK',
    'ROSE_DOOLAN',
    'WILLY_THE_KID',
    'SUZY_LAFAYETTE',
  ];
  const used = new Set(Object.values(chars));
  const spare = (
    [
      'LUCKY_DUKE',
      'BLACK_JACK',
      'ROSE_DOOLAN',
      'WILLY_THE_KID',
      'SUZY_LAFAYETTE',
      'CALAMITY_JANET',
      'JESSE_JONES',
    ] as CharacterId[]
  ).filter((c) => !used.has(c));
  const characters = filler.map((_, seat) => chars[seat] ?? spare.shift()!);
  return newGame(['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'], characters);
}

function rollAndKeep(state: BangState, seat: number, faces: Parameters<typeof act>[3]): BangState {
  const s = act(state, seat, ROLL, faces).state;
  return s.turn?.agenda[0] === 'REROLL_OR_KEEP' && s.turn.seat === seat ? act(s, seat, KEEP).state : s;
}

describe('Bart Cassidy', () => {
  it('TC-24 / Ambiguity #9: cannot take the last arrow, so he loses the point (no prompt)', () => {
    const s = startTurn(
      patch(table({ 1: 'BLACK_JACK', 2: 'BART_CASSIDY' }), { life: { 2: 3 }, arrows: { 3: 8 }, pile: 1 }),
      1,
    );
    const st = rollAndKeep(s, 1, ['ONE', 'GATLING', 'DYNAMITE', 'DYNAMITE', 'BEER']);
    const out = act(st, 1, resolve([0, 2]));
    expect(kinds(out.state)).toEqual(['1:RESOLVE_BEERS']);
    expect(out.state.players[2].life).toBe(2);
  });

  it('TC-24 variant: Slab doubles a shot on Bart with pile 3: he may take 2 arrows (pile 1) and lose nothing; a third point cannot be substituted', () => {
    const s = startTurn(
      patch(table({ 1: 'SLAB_THE_KILLER', 2: 'BART_CASSIDY' }), {
        life: { 2: 3 },
        arrows: { 3: 6 },
        pile: 3,
      }),
      1,
    );
    const st = rollAndKeep(s, 1, ['ONE', 'BEER', 'TWO', 'DYNAMITE', 'DYNAMITE']);
    const doubled = act(st, 1, {
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 0, target: 2 },
        { die: 2, target: 3 },
      ],
      slabDouble: { beerDie: 1, shotDie: 0 },
    });
    expect(pending(doubled.state)).toEqual([
      { seat: 2, kind: 'BART_CASSIDY_SUBSTITUTE', detail: { source: 'SHOT', points: 2, max: 2 } },
    ]);
    expect(legalCommands(doubled.state, 2)).toHaveLength(3);
    const out = act(doubled.state, 2, { type: 'BART_CASSIDY_TAKE_ARROWS', count: 2 });
    expect(out.state.players[2]).toMatchObject({ life: 3, arrows: 2 });
    expect(out.state.pile).toBe(1);

    // Three points on Bart (double + another ONE-as-... use two ONE dice): still at most 2 arrows.
    const s3 = startTurn(
      patch(table({ 1: 'SLAB_THE_KILLER', 2: 'BART_CASSIDY' }), {
        life: { 2: 3 },
        arrows: { 3: 6 },
        pile: 3,
      }),
      1,
    );
    const st3 = rollAndKeep(s3, 1, ['ONE', 'BEER', 'ONE', 'DYNAMITE', 'DYNAMITE']);
    const three = act(st3, 1, {
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 0, target: 2 },
        { die: 2, target: 2 },
      ],
      slabDouble: { beerDie: 1, shotDie: 0 },
    }).state;
    expect(codeOf(attempt(three, 2, { type: 'BART_CASSIDY_TAKE_ARROWS', count: 3 }))).toBe('ILLEGAL_COUNT');
    const after = act(three, 2, { type: 'BART_CASSIDY_TAKE_ARROWS', count: 2 });
    expect(ofType(after.events, 'SHOTS_RESOLVED')[0].losses).toEqual([
      { seat: 2, hits: 3, substituted: 2, lost: 1, life: 2 },
    ]);
  });

  it('TC-25: no substitution against the Indians', () => {
    const s = startTurn(patch(table({ 2: 'BART_CASSIDY' }), { arrows: { 2: 2 }, pile: 7 }), 1);
    const st = act(s, 1, ROLL, ['ARROW', 'ARROW', 'ARROW', 'ARROW', 'ARROW']).state;
    const out = act(st, 1, { type: 'REROLL_DICE', dice: [0, 1] }, ['ARROW', 'ARROW']);
    const attack = ofType(out.events, 'INDIAN_ATTACK')[0];
    expect(attack.losses.find((l) => l.seat === 2)).toEqual({ seat: 2, arrows: 2, lost: 2, life: 6 });
    expect(ofType(out.events, 'BART_CASSIDY_TOOK_ARROWS')).toHaveLength(0);
  });

  it("may substitute Gatling points too, and is prompted during another player's turn (Ambiguity #25)", () => {
    const s = startTurn(table({ 2: 'BART_CASSIDY' }), 1);
    const st = rollAndKeep(s, 1, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'DYNAMITE']);
    expect(kinds(st)).toEqual(['2:BART_CASSIDY_SUBSTITUTE']);
    expect(codeOf(attempt(st, 1, KEEP))).toBe('NOT_YOUR_TURN');
    expect(timeoutCommand(st, 2)).toEqual({ type: 'BART_CASSIDY_TAKE_ARROWS', count: 1 });
    const out = act(st, 2, { type: 'BART_CASSIDY_TAKE_ARROWS', count: 1 });
    // Lucky Duke (Sheriff, 10), Black Jack (roller), Bart (substituted), Rose Doolan (9), Willy (8).
    expect(out.state.players.map((p) => p.life)).toEqual([9, 8, 8, 8, 7]);
    expect(out.state.players[2].arrows).toBe(1);
  });
});

describe('Black Jack', () => {
  it('TC-36a: may reroll Dynamite while fewer than three show', () => {
    const s = startTurn(table({ 1: 'BLACK_JACK' }), 1);
    const st = act(s, 1, ROLL, ['DYNAMITE', 'DYNAMITE', 'ONE', 'ONE', 'BEER']).state;
    expect(legalCommands(st, 1)).toContainEqual({ type: 'REROLL_DICE', dice: [0, 1] });
    const out = act(st, 1, { type: 'REROLL_DICE', dice: [0, 1] }, ['BEER', 'BEER']);
    expect(out.state.turn!.dice).toEqual(['BEER', 'BEER', 'ONE', 'ONE', 'BEER']);
  });

  it('TC-36b: three Dynamite in one roll end his rolling and cost 1 life', () => {
    const s = startTurn(table({ 1: 'BLACK_JACK' }), 1);
    const out = act(s, 1, ROLL, ['DYNAMITE', 'DYNAMITE', 'DYNAMITE', 'ONE', 'BEER']);
    expect(ofType(out.events, 'ROLLING_ENDED')[0].reason).toBe('THREE_DYNAMITE');
    expect(out.state.players[1].life).toBe(7);
  });

  it('TC-36c / Ambiguity #18: two kept Dynamite plus a third on the reroll end rolling too', () => {
    const s = startTurn(table({ 1: 'BLACK_JACK' }), 1);
    const st = act(s, 1, ROLL, ['DYNAMITE', 'DYNAMITE', 'ONE', 'ONE', 'BEER']).state;
    const out = act(st, 1, { type: 'REROLL_DICE', dice: [4] }, ['DYNAMITE']);
    expect(ofType(out.events, 'ROLLING_ENDED')[0].reason).toBe('THREE_DYNAMITE');
    expect(out.state.players[1].life).toBe(7);
    expect(codeOf(attempt(out.state, 1, { type: 'REROLL_DICE', dice: [0] }))).toBe('THREE_DYNAMITE');
  });
});

describe('Calamity Janet', () => {
  it('TC-40: may use a ONE as a TWO and a TWO as a ONE, per die', () => {
    const s = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
      ['CALAMITY_JANET', 'BLACK_JACK', 'ROSE_DOOLAN', 'LUCKY_DUKE', 'SUZY_LAFAYETTE', 'WILLY_THE_KID'],
    );
    const st = rollAndKeep(s, 0, ['ONE', 'TWO', 'DYNAMITE', 'DYNAMITE', 'GATLING']);
    const legal = legalCommands(st, 0);
    expect(legal).toContainEqual({
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 0, target: 2, swap: true },
        { die: 1, target: 1, swap: true },
      ],
    });
    const out = act(st, 0, {
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 0, target: 4, swap: true },
        { die: 1, target: 5, swap: true },
      ],
    });
    expect(ofType(out.events, 'SHOTS_ASSIGNED')[0].shots.map((x) => x.as)).toEqual(['TWO', 'ONE']);
    expect(codeOf(attempt(st, 0, resolve([0, 2], [1, 2])))).toBe('ILLEGAL_TARGET');
    // Without the swap the ONE still reaches only the neighbours.
    expect(codeOf(attempt(st, 0, resolve([0, 1], [1, 2])))).toBe('accepted');
  });

  it('nobody else may swap', () => {
    const st = rollAndKeep(startTurn(table({ 1: 'BLACK_JACK' }), 1), 1, [
      'ONE',
      'GATLING',
      'DYNAMITE',
      'DYNAMITE',
      'GATLING',
    ]);
    const out = attempt(st, 1, { type: 'RESOLVE_DICE', assignments: [{ die: 0, target: 3, swap: true }] });
    expect(codeOf(out)).toBe('ABILITY_NOT_AVAILABLE');
  });
});

describe('El Gringo', () => {
  it('TC-26 / Ambiguity #7: several shots in one batch give the shooter one arrow', () => {
    const s = newGame(['DEPUTY', 'OUTLAW', 'RENEGADE'], ['BLACK_JACK', 'EL_GRINGO', 'ROSE_DOOLAN']);
    const st = rollAndKeep(s, 0, ['ONE', 'TWO', 'TWO', 'DYNAMITE', 'GATLING']);
    const out = act(st, 0, resolve([0, 1], [1, 1], [2, 1]));
    expect(out.state.players[1].life).toBe(4);
    expect(ofType(out.events, 'ARROW_TAKEN')).toEqual([
      { type: 'ARROW_TAKEN', seat: 0, reason: 'EL_GRINGO', arrows: 1, pile: 8 },
    ]);
  });

  it('TC-27: the Gatling arrow comes after the roller returns his own arrows', () => {
    const s = startTurn(patch(table({ 1: 'BLACK_JACK', 2: 'EL_GRINGO' }), { arrows: { 1: 2 }, pile: 7 }), 1);
    const st = act(s, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'DYNAMITE']).state;
    const out = act(st, 1, KEEP);
    const types = out.events.map((e) => e.type);
    expect(types.slice(types.indexOf('GATLING_RESOLVED'))).toEqual([
      'GATLING_RESOLVED',
      'GATLING_ARROWS_RETURNED',
      'ARROW_TAKEN',
      'TURN_ENDED',
      'TURN_STARTED',
    ]);
    expect(out.state.players[1].arrows).toBe(1);
    expect(out.state.pile).toBe(8);
    expect(out.state.players.map((p) => p.life)).toEqual([9, 8, 6, 8, 7]);
  });

  it('TC-28 / Ambiguity #8: his arrow may be the last one: the Indians attack mid-resolution, then R4 follows', () => {
    const s = startTurn(
      patch(table({ 1: 'BLACK_JACK', 2: 'EL_GRINGO' }), { life: { 1: 6 }, arrows: { 1: 3, 3: 5 }, pile: 1 }),
      1,
    );
    const st = rollAndKeep(s, 1, ['ONE', 'BEER', 'DYNAMITE', 'GATLING', 'DYNAMITE']);
    const out = act(st, 1, resolve([0, 2]));
    expect(out.events.map((e) => e.type)).toEqual([
      'SHOTS_ASSIGNED',
      'SHOTS_RESOLVED',
      'ARROW_TAKEN',
      'INDIAN_ATTACK',
    ]);
    expect(out.state.players[1].life).toBe(2);
    expect(out.state.players[3].life).toBe(4);
    expect(out.state.pile).toBe(9);
    expect(kinds(out.state)).toEqual(['1:RESOLVE_BEERS']);
    expect(act(out.state, 1, resolve([1, 1])).state.players[1].life).toBe(3);
  });

  it('shots and a Gatling in one turn give two arrows; the arrow is owed even when the hit eliminates him', () => {
    const s = startTurn(patch(table({ 1: 'BLACK_JACK', 2: 'EL_GRINGO' }), { life: { 2: 1 } }), 1);
    const st = rollAndKeep(s, 1, ['ONE', 'GATLING', 'GATLING', 'GATLING', 'DYNAMITE']);
    const out = act(st, 1, resolve([0, 2]));
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([2]);
    expect(ofType(out.events, 'ARROW_TAKEN')).toHaveLength(1);
    expect(out.state.players[1].arrows).toBe(0);

    const s2 = startTurn(table({ 1: 'BLACK_JACK', 2: 'EL_GRINGO' }), 1);
    const st2 = rollAndKeep(s2, 1, ['ONE', 'GATLING', 'GATLING', 'GATLING', 'DYNAMITE']);
    const out2 = act(st2, 1, resolve([0, 2]));
    expect(ofType(out2.events, 'ARROW_TAKEN').map((e) => e.reason)).toEqual(['EL_GRINGO', 'EL_GRINGO']);
    expect(out2.state.players[1].arrows).toBe(1);
  });

  it('Ambiguity #17: Indian and Dynamite losses never give an arrow', () => {
    const s = startTurn(patch(table({ 2: 'EL_GRINGO' }), { arrows: { 2: 1 }, pile: 8 }), 1);
    let st = act(s, 1, ROLL, ['ARROW', 'ARROW', 'ARROW', 'ARROW', 'ARROW']).state;
    const out = act(st, 1, { type: 'REROLL_DICE', dice: [0, 1, 2] }, ['ARROW', 'ARROW', 'ARROW']);
    st = out.state;
    expect(ofType(out.events, 'INDIAN_ATTACK')[0].losses.find((l) => l.seat === 2)!.lost).toBe(1);
    expect(ofType(out.events, 'ARROW_TAKEN').every((e) => e.reason === 'DIE')).toBe(true);
  });
});

describe('Jesse Jones', () => {
  const jesse = (life: number, beers: number) => {
    const faces = [
      ...Array<'BEER'>(beers).fill('BEER'),
      ...Array<'DYNAMITE'>(2).fill('DYNAMITE'),
      'GATLING',
      'GATLING',
      'GATLING',
    ].slice(0, 5) as Parameters<typeof act>[3];
    const s = startTurn(patch(table({ 1: 'JESSE_JONES' }), { life: { 1: life } }), 1);
    const st = rollAndKeep(s, 1, faces);
    return act(st, 1, resolve(...Array.from({ length: beers }, (_, i): [number, number] => [i, 1])));
  };

  it('TC-34a / Ambiguity #13: at 4 life two self-beers give +4', () => {
    const out = jesse(4, 2);
    expect(out.state.players[1].life).toBe(8);
    expect(ofType(out.events, 'BEERS_RESOLVED')[0].jesseDoubled).toBe(true);
  });
  it('TC-34b: at 5 life they give +1 each', () => expect(jesse(5, 2).state.players[1].life).toBe(7));
  it('TC-34c: at 3 life three self-beers give +6, capped at 9', () =>
    expect(jesse(3, 3).state.players[1].life).toBe(9));
  it('beers she gives to others give +1', () => {
    const s = startTurn(patch(table({ 1: 'JESSE_JONES' }), { life: { 1: 2, 2: 2 } }), 1);
    const st = rollAndKeep(s, 1, ['BEER', 'BEER', 'DYNAMITE', 'DYNAMITE', 'GATLING']);
    const out = act(st, 1, resolve([0, 2], [1, 1]));
    expect(out.state.players[2].life).toBe(3);
    expect(out.state.players[1].life).toBe(4);
  });
});

describe('Jourdonnais', () => {
  it('TC-41: loses at most 1 to the Indians and returns all his arrows', () => {
    const s = startTurn(patch(table({ 2: 'JOURDONNAIS' }), { arrows: { 2: 4 }, pile: 5 }), 1);
    const out = act(s, 1, ROLL, ['ARROW', 'ARROW', 'ARROW', 'ARROW', 'ARROW']);
    const loss = ofType(out.events, 'INDIAN_ATTACK')[0].losses.find((l) => l.seat === 2);
    expect(loss).toEqual({ seat: 2, arrows: 4, lost: 1, life: 6 });
    expect(out.state.players[2].arrows).toBe(0);
  });
});

describe('Kit Carlson', () => {
  it('TC-29 / Ambiguity #11a: with fewer than 3 Gatling he may return one arrow per face, from anyone, himself included', () => {
    const s = startTurn(patch(table({ 1: 'KIT_CARLSON' }), { arrows: { 1: 2, 2: 3 }, pile: 4 }), 1);
    const st = rollAndKeep(s, 1, ['GATLING', 'GATLING', 'DYNAMITE', 'DYNAMITE', 'BEER']);
    const beersDone = act(st, 1, resolve([4, 1])).state;
    expect(pending(beersDone)).toEqual([
      { seat: 1, kind: 'KIT_CARLSON_DISCARD', detail: { limit: 2, othersOnly: false } },
    ]);
    const legal = legalCommands(beersDone, 1);
    expect(legal).toContainEqual({ type: 'KIT_CARLSON_DISCARD', from: [1, 2] });
    expect(legal).toContainEqual({ type: 'KIT_CARLSON_DISCARD', from: [] });
    expect(legal).toHaveLength(6);
    expect(codeOf(attempt(beersDone, 1, { type: 'KIT_CARLSON_DISCARD', from: [1, 1, 2] }))).toBe(
      'ILLEGAL_COUNT',
    );
    const out = act(beersDone, 1, { type: 'KIT_CARLSON_DISCARD', from: [1, 1] });
    expect(out.state.players[1].arrows).toBe(0);
    expect(out.state.pile).toBe(6);
    expect(out.state.players.map((p) => p.life)).toEqual([10, 7, 8, 9, 8]);
  });

  it('TC-30 / Ambiguity #11b-c: with 3 Gatling: damage, his own arrows, then up to 3 arrows of others', () => {
    const s = startTurn(patch(table({ 1: 'KIT_CARLSON' }), { arrows: { 1: 2, 2: 1, 3: 4 }, pile: 2 }), 1);
    const st = act(s, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'DYNAMITE']).state;
    const fired = act(st, 1, KEEP);
    expect(fired.state.players.map((p) => p.life)).toEqual([9, 7, 7, 8, 7]);
    expect(fired.state.players[1].arrows).toBe(0);
    expect(pending(fired.state)).toEqual([
      { seat: 1, kind: 'KIT_CARLSON_DISCARD', detail: { limit: 3, othersOnly: true } },
    ]);
    expect(codeOf(attempt(fired.state, 1, { type: 'KIT_CARLSON_DISCARD', from: [2, 2] }))).toBe(
      'ILLEGAL_TARGET',
    );
    const out = act(fired.state, 1, { type: 'KIT_CARLSON_DISCARD', from: [2, 3, 3] });
    expect(out.state.players.map((p) => p.arrows)).toEqual([0, 0, 0, 2, 0]);
    expect(out.state.pile).toBe(7);
  });

  it('Ambiguity #12: with no arrows anywhere nothing is asked', () => {
    const s = startTurn(table({ 1: 'KIT_CARLSON' }), 1);
    const st = act(s, 1, ROLL, ['GATLING', 'DYNAMITE', 'DYNAMITE', 'BEER', 'ONE']).state;
    const out = act(act(act(st, 1, KEEP).state, 1, resolve([4, 0])).state, 1, resolve([3, 1]));
    expect(ofType(out.events, 'KIT_CARLSON_DISCARDED')).toEqual([
      { type: 'KIT_CARLSON_DISCARDED', seat: 1, from: [], pile: 9 },
    ]);
    expect(out.state.turn!.seat).toBe(2);
  });
});

describe('Lucky Duke', () => {
  it('TC-37: a third reroll (4th roll) is accepted, a 4th reroll is rejected', () => {
    const s = startTurn(table({ 1: 'LUCKY_DUKE' }), 1);
    let st = act(s, 1, ROLL, ['ONE', 'ONE', 'BEER', 'BEER', 'GATLING']).state;
    st = act(st, 1, { type: 'REROLL_DICE', dice: [4] }, ['BEER']).state;
    st = act(st, 1, { type: 'REROLL_DICE', dice: [4] }, ['GATLING']).state;
    expect(st.turn!.maxRolls).toBe(4);
    const fourth = act(st, 1, { type: 'REROLL_DICE', dice: [4] }, ['BEER']);
    expect(ofType(fourth.events, 'ROLLING_ENDED')[0].reason).toBe('ROLL_LIMIT');
    expect(codeOf(attempt(fourth.state, 1, { type: 'REROLL_DICE', dice: [4] }))).toBe('ROLL_LIMIT');
  });
});

describe('Paul Regret', () => {
  it('TC-42: a Gatling leaves his life unchanged; shots hit him normally', () => {
    const s = startTurn(table({ 1: 'BLACK_JACK', 2: 'PAUL_REGRET' }), 1);
    const st = rollAndKeep(s, 1, ['ONE', 'GATLING', 'GATLING', 'GATLING', 'DYNAMITE']);
    const out = act(st, 1, resolve([0, 2]));
    expect(ofType(out.events, 'GATLING_FIRED')[0].hits.find((h) => h.seat === 2)).toEqual({
      seat: 2,
      amount: 0,
    });
    expect(out.state.players[2].life).toBe(8);
  });
});

describe('Pedro Ramirez', () => {
  it('TC-43 / Ambiguity #10: hit by 2 shots (L6 A3): L4, he may return up to 2 arrows', () => {
    const s = startTurn(
      patch(table({ 1: 'BLACK_JACK', 2: 'PEDRO_RAMIREZ' }), { life: { 2: 6 }, arrows: { 2: 3 }, pile: 6 }),
      1,
    );
    const st = rollAndKeep(s, 1, ['ONE', 'ONE', 'DYNAMITE', 'DYNAMITE', 'BEER']);
    const shot = act(st, 1, resolve([0, 2], [1, 2]));
    expect(shot.state.players[2].life).toBe(4);
    expect(pending(shot.state)).toEqual([{ seat: 2, kind: 'PEDRO_RAMIREZ_DISCARD', detail: { max: 2 } }]);
    expect(legalCommands(shot.state, 2).map((c) => (c as { count: number }).count)).toEqual([0, 1, 2]);
    expect(codeOf(attempt(shot.state, 2, { type: 'PEDRO_RAMIREZ_DISCARD', count: 3 }))).toBe('ILLEGAL_COUNT');
    const out = act(shot.state, 2, { type: 'PEDRO_RAMIREZ_DISCARD', count: 2 });
    expect(out.state.players[2].arrows).toBe(1);
    expect(out.state.pile).toBe(8);
    expect(kinds(out.state)).toEqual(['1:RESOLVE_BEERS']);
  });

  it('Ambiguity #17: as roller he may discard after losing a point to Dynamite; never against the Indians', () => {
    const s = startTurn(patch(table({ 1: 'PEDRO_RAMIREZ' }), { arrows: { 1: 2 }, pile: 7 }), 1);
    const out = act(s, 1, ROLL, ['DYNAMITE', 'DYNAMITE', 'DYNAMITE', 'ONE', 'GATLING']);
    expect(pending(out.state)).toEqual([{ seat: 1, kind: 'PEDRO_RAMIREZ_DISCARD', detail: { max: 1 } }]);
    const after = act(out.state, 1, { type: 'PEDRO_RAMIREZ_DISCARD', count: 0 });
    expect(after.state.players[1].arrows).toBe(2);
    expect(kinds(after.state)).toEqual(['1:RESOLVE_SHOTS']);
  });
});

describe('Rose Doolan', () => {
  it('TC-39 / Ambiguity #4: ONE reaches 1-2 seats, TWO 2-3 seats; with 4 living her TWO reaches everyone', () => {
    const s = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
      ['ROSE_DOOLAN', 'BLACK_JACK', 'CALAMITY_JANET', 'LUCKY_DUKE', 'SUZY_LAFAYETTE', 'WILLY_THE_KID'],
    );
    expect(shotTargets(s, 0, 'ONE')).toEqual([1, 2, 4, 5]);
    expect(shotTargets(s, 0, 'TWO')).toEqual([2, 3, 4]);
    const four = patch(s, { dead: [1, 2] });
    expect(shotTargets(four, 0, 'TWO')).toEqual([3, 4, 5]);
  });
});

describe('Sid Ketchum', () => {
  it('TC-35 / Ambiguity #6: at the start of his turn a player of his choice gains 1, before the first roll', () => {
    const s = startTurn(patch(table({ 1: 'SID_KETCHUM' }), { life: { 4: 2 } }), 1);
    expect(kinds(s)).toEqual(['1:SID_KETCHUM_HEAL']);
    expect(codeOf(attempt(s, 1, ROLL))).toBe('WRONG_STEP');
    expect(legalCommands(s, 1)).toHaveLength(5);
    const out = act(s, 1, { type: 'SID_KETCHUM_HEAL', target: 4 });
    expect(out.state.players[4].life).toBe(3);
    expect(kinds(out.state)).toEqual(['1:ROLL']);
  });

  it('TC-35 variant: naming himself at max life is legal and wastes the heal; a dead player cannot be named', () => {
    const s = startTurn(patch(table({ 1: 'SID_KETCHUM' }), { dead: [3] }), 1);
    expect(codeOf(attempt(s, 1, { type: 'SID_KETCHUM_HEAL', target: 3 }))).toBe('ILLEGAL_TARGET');
    const out = act(s, 1, { type: 'SID_KETCHUM_HEAL', target: 1 });
    expect(ofType(out.events, 'SID_KETCHUM_HEALED')[0]).toMatchObject({ gained: 0, life: 8 });
  });
});

describe('Slab the Killer', () => {
  it('TC-31 / Ambiguity #14: one BEER doubles a ONE (2 points to one target); only one beer is left for R4', () => {
    const s = startTurn(patch(table({ 1: 'SLAB_THE_KILLER' }), { life: { 2: 5, 1: 6 } }), 1);
    const st = rollAndKeep(s, 1, ['ONE', 'BEER', 'BEER', 'DYNAMITE', 'ARROW']);
    const out = act(st, 1, {
      type: 'RESOLVE_DICE',
      assignments: [{ die: 0, target: 2 }],
      slabDouble: { beerDie: 1, shotDie: 0 },
    });
    expect(out.state.players[2].life).toBe(3);
    expect(pending(out.state)).toEqual([{ seat: 1, kind: 'RESOLVE_BEERS', detail: { dice: [2] } }]);
    expect(codeOf(attempt(out.state, 1, resolve([1, 1], [2, 1])))).toBe('ILLEGAL_DIE');
    expect(
      codeOf(
        attempt(out.state, 1, {
          type: 'RESOLVE_DICE',
          assignments: [{ die: 2, target: 1 }],
          slabDouble: { beerDie: 2, shotDie: 0 },
        }),
      ),
    ).toBe('ABILITY_NOT_AVAILABLE');
    expect(act(out.state, 1, resolve([2, 1])).state.players[1].life).toBe(7);
  });

  it('the only beer spent on the double leaves no beer step; a TWO acting as a ONE can be doubled', () => {
    const s = startTurn(patch(table({ 1: 'SLAB_THE_KILLER' }), { dead: [3, 4] }), 1);
    const st = rollAndKeep(s, 1, ['TWO', 'BEER', 'DYNAMITE', 'DYNAMITE', 'GATLING']);
    const out = act(st, 1, {
      type: 'RESOLVE_DICE',
      assignments: [{ die: 0, target: 2 }],
      slabDouble: { beerDie: 1, shotDie: 0 },
    });
    expect(ofType(out.events, 'SHOTS_ASSIGNED')[0].shots).toEqual([
      { die: 0, face: 'TWO', as: 'ONE', target: 2, points: 2 },
    ]);
    expect(out.state.players[2].life).toBe(6);
    expect(out.state.turn!.seat).toBe(2);
  });

  it('Ambiguity #14: a doubled shot on El Gringo is one batch: one arrow for the shooter, 2 points lost', () => {
    const s = startTurn(table({ 1: 'SLAB_THE_KILLER', 2: 'EL_GRINGO' }), 1);
    const st = rollAndKeep(s, 1, ['ONE', 'BEER', 'ONE', 'DYNAMITE', 'DYNAMITE']);
    const out = act(st, 1, {
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 0, target: 2 },
        { die: 2, target: 2 },
      ],
      slabDouble: { beerDie: 1, shotDie: 2 },
    });
    expect(out.state.players[2].life).toBe(4);
    expect(ofType(out.events, 'ARROW_TAKEN')).toHaveLength(1);
    expect(out.state.players[1].arrows).toBe(1);
  });

  it('nobody else may double', () => {
    const st = rollAndKeep(startTurn(table({ 1: 'BLACK_JACK' }), 1), 1, [
      'ONE',
      'BEER',
      'DYNAMITE',
      'DYNAMITE',
      'GATLING',
    ]);
    const out = attempt(st, 1, {
      type: 'RESOLVE_DICE',
      assignments: [{ die: 0, target: 2 }],
      slabDouble: { beerDie: 1, shotDie: 0 },
    });
    expect(codeOf(out)).toBe('ABILITY_NOT_AVAILABLE');
  });
});

describe('Suzy Lafayette', () => {
  it('TC-32 / Ambiguity #15: judged on the final faces only; beers first, then +2 capped', () => {
    const s = startTurn(patch(table({ 1: 'SUZY_LAFAYETTE' }), { life: { 1: 5 } }), 1);
    let st = act(s, 1, ROLL, ['BEER', 'GATLING', 'DYNAMITE', 'ARROW', 'ONE']).state;
    st = act(st, 1, { type: 'REROLL_DICE', dice: [4] }, ['BEER']).state;
    st = act(st, 1, KEEP).state;
    const out = act(st, 1, resolve([0, 1], [4, 1]));
    expect(ofType(out.events, 'LIFE_GAINED')).toEqual([
      { type: 'LIFE_GAINED', seat: 1, amount: 1, life: 8, reason: 'SUZY_LAFAYETTE' },
    ]);
  });

  it('no gain with a ONE or TWO in the final faces; a gain after a 3-Dynamite stop', () => {
    const s = startTurn(patch(table({ 1: 'SUZY_LAFAYETTE' }), { life: { 1: 5 } }), 1);
    const st = rollAndKeep(s, 1, ['TWO', 'GATLING', 'DYNAMITE', 'ARROW', 'GATLING']);
    expect(ofType(act(st, 1, resolve([0, 3])).events, 'LIFE_GAINED')).toHaveLength(0);
    const boom = act(s, 1, ROLL, ['DYNAMITE', 'DYNAMITE', 'DYNAMITE', 'ARROW', 'GATLING']);
    expect(boom.state.players[1].life).toBe(6);
  });
});

describe('Vulture Sam', () => {
  it('TC-33a / Ambiguity #16: a Gatling that eliminates two others: -1 then +4', () => {
    const s = startTurn(
      patch(table({ 1: 'BLACK_JACK', 3: 'VULTURE_SAM' }), { life: { 3: 3, 2: 1, 4: 1 } }),
      1,
    );
    const st = act(s, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'DYNAMITE']).state;
    const out = act(st, 1, KEEP);
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([2, 4]);
    expect(ofType(out.events, 'LIFE_GAINED')).toEqual([
      { type: 'LIFE_GAINED', seat: 3, amount: 4, life: 6, reason: 'VULTURE_SAM' },
    ]);
  });

  it('TC-33b: eliminated in the same Indian attack as another player: no gain', () => {
    const s = startTurn(
      patch(table({ 3: 'VULTURE_SAM' }), { life: { 3: 1, 2: 1 }, arrows: { 3: 1, 2: 1 }, pile: 7 }),
      1,
    );
    let st = act(s, 1, ROLL, ['ARROW', 'ARROW', 'ARROW', 'ARROW', 'ARROW']).state;
    const out = act(st, 1, { type: 'REROLL_DICE', dice: [0, 1] }, ['ARROW', 'ARROW']);
    st = out.state;
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([2, 3]);
    expect(ofType(out.events, 'LIFE_GAINED')).toHaveLength(0);
  });
});

describe('Willy the Kid', () => {
  it('TC-38: two Gatling faces fire the Gatling once and he returns his arrows; four fire once', () => {
    const s = startTurn(patch(table({ 1: 'WILLY_THE_KID' }), { arrows: { 1: 2 }, pile: 7 }), 1);
    const st = rollAndKeep(s, 1, ['GATLING', 'GATLING', 'ONE', 'BEER', 'DYNAMITE']);
    const shot = act(st, 1, resolve([2, 2])).state;
    const out = act(shot, 1, resolve([3, 1]));
    expect(ofType(out.events, 'GATLING_FIRED')).toHaveLength(1);
    expect(out.state.players[1].arrows).toBe(0);
    expect(out.state.players.map((p) => p.life)).toEqual([9, 8, 6, 8, 7]);

    const s4 = startTurn(table({ 1: 'WILLY_THE_KID' }), 1);
    const out4 = act(
      act(s4, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'GATLING', 'DYNAMITE']).state,
      1,
      KEEP,
    );
    expect(ofType(out4.events, 'GATLING_FIRED')).toEqual([
      {
        type: 'GATLING_FIRED',
        seat: 1,
        gatlings: 4,
        hits: [0, 2, 3, 4].map((seat) => ({ seat, amount: 1 })),
      },
    ]);
  });
});
