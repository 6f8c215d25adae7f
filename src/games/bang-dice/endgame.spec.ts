/** End of the game: 4-8 players (spec §4.2-4.3, TC-12..18) and the 3-player rules (§4.4, TC-19..23). */
import { isViolation } from '../engine';
import type { BangCommand } from './commands';
import { result } from './result';
import type { BangState } from './state';
import { act, attempt, newGame, ofType, patch, startTurn } from './testing';

const ROLL: BangCommand = { type: 'ROLL_DICE' };
const KEEP: BangCommand = { type: 'KEEP_DICE' };
const resolve = (...pairs: [number, number][]): BangCommand => ({
  type: 'RESOLVE_DICE',
  assignments: pairs.map(([die, target]) => ({ die, target })),
});

/** Roll `faces`, keep, and assign the shots. */
function shoot(
  state: BangState,
  seat: number,
  faces: Parameters<typeof act>[3],
  ...pairs: [number, number][]
) {
  let s = act(state, seat, ROLL, faces).state;
  if (s.turn?.agenda[0] === 'REROLL_OR_KEEP') s = act(s, seat, KEEP).state;
  return act(s, seat, resolve(...pairs));
}

const FILLER = [
  'BLACK_JACK',
  'ROSE_DOOLAN',
  'WILLY_THE_KID',
  'LUCKY_DUKE',
  'SUZY_LAFAYETTE',
  'JESSE_JONES',
  'CALAMITY_JANET',
  'SLAB_THE_KILLER',
] as const;

describe('4-8 players (spec §4.2-4.3)', () => {
  it('TC-12 (E1): all Outlaws eliminated but a Renegade alive: the game continues', () => {
    const base = newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'RENEGADE', 'DEPUTY'],
      [...FILLER.slice(0, 6)],
    );
    const s = patch(base, { dead: [2, 3], life: { 1: 1 } });
    const out = shoot(s, 0, ['ONE', 'BEER', 'BEER', 'BEER', 'BEER'], [0, 1]);
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([1]);
    expect(ofType(out.events, 'GAME_ENDED')).toHaveLength(0);
    expect(out.state.phase).toBe('PLAYING');
    expect(result(out.state)).toBeNull();
  });

  it('TC-13 (E2): the Sheriff dies after every Outlaw: the dead Outlaws win, not the Renegade', () => {
    const base = newGame(['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'DEPUTY'], [...FILLER.slice(0, 5)]);
    const s = startTurn(patch(base, { dead: [2, 3], life: { 0: 1 } }), 1);
    const out = shoot(s, 1, ['ONE', 'BEER', 'BEER', 'BEER', 'BEER'], [0, 0]);
    const ended = ofType(out.events, 'GAME_ENDED')[0];
    expect(ended.winners).toEqual([2, 3]);
    expect(ended.reason).toBe('SHERIFF_ELIMINATED');
    expect(out.state.phase).toBe('OVER');
    // Nothing resolves after the game ends (the beers are never asked for).
    expect(ofType(out.events, 'BEERS_RESOLVED')).toHaveLength(0);
    const r = result(out.state)!;
    expect(r.seats.filter((x) => x.winner).map((x) => x.seat)).toEqual([2, 3]);
    expect(r.seats[1].detail).toMatchObject({ role: 'RENEGADE', character: 'ROSE_DOOLAN', alive: true });
  });

  it('TC-14 (E3): everyone eliminated at the same time: the Outlaws win', () => {
    const base = newGame(['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'], [...FILLER.slice(0, 4)]);
    const s = patch(base, { life: { 0: 2, 1: 2, 2: 2, 3: 2 }, arrows: { 0: 2, 1: 2, 2: 2, 3: 2 }, pile: 1 });
    const out = act(s, 0, ROLL, ['ARROW', 'BEER', 'BEER', 'BEER', 'BEER']);
    const attack = ofType(out.events, 'INDIAN_ATTACK')[0];
    expect(attack.losses.map((l) => l.arrows)).toEqual([3, 2, 2, 2]);
    expect(ofType(out.events, 'PLAYER_ELIMINATED')).toHaveLength(4);
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({
      winners: [1, 2],
      reason: 'SHERIFF_ELIMINATED',
    });
  });

  it('TC-15 (E4): 8 players, the Sheriff dies facing both Renegades: the Outlaws win', () => {
    const base = newGame(
      ['SHERIFF', 'RENEGADE', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'DEPUTY', 'DEPUTY'],
      [...FILLER],
    );
    const s = startTurn(patch(base, { dead: [3, 4, 5, 6, 7], life: { 0: 1 } }), 1);
    let st = act(s, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'BEER', 'DYNAMITE']).state;
    st = act(st, 1, KEEP).state;
    const out = act(st, 1, resolve([3, 1]));
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({
      winners: [3, 4, 5],
      reason: 'SHERIFF_ELIMINATED',
    });
    expect(out.state.players[2].alive).toBe(true);
  });

  it('TC-16 (E5): only the Sheriff and one Renegade alive; the Renegade kills the Sheriff and wins alone', () => {
    const base = newGame(
      ['SHERIFF', 'RENEGADE', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'OUTLAW', 'DEPUTY', 'DEPUTY'],
      [...FILLER],
    );
    const s = startTurn(patch(base, { dead: [2, 3, 4, 5, 6, 7], life: { 0: 1 } }), 1);
    const out = shoot(s, 1, ['ONE', 'BEER', 'BEER', 'BEER', 'BEER'], [0, 0]);
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({
      winners: [1],
      reason: 'RENEGADE_LAST_SURVIVOR',
    });
    const r = result(out.state)!;
    expect(r.winners).toEqual([1]);
    expect(r.seats[2]).toMatchObject({ winner: false, rank: 2 });
  });

  it("TC-17: the Sheriff's Gatling kills the last Outlaw and the Renegade: Sheriff and both Deputies win", () => {
    const base = newGame(
      ['SHERIFF', 'DEPUTY', 'OUTLAW', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'DEPUTY'],
      [...FILLER.slice(0, 7)],
    );
    const s = patch(base, { dead: [4, 5, 6], life: { 2: 1, 3: 1 } });
    const out = act(s, 0, ROLL, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'ARROW']);
    const st = act(out.state, 0, KEEP);
    expect(ofType(st.events, 'GAME_ENDED')[0]).toMatchObject({
      winners: [0, 1, 6],
      reason: 'OUTLAWS_AND_RENEGADES_ELIMINATED',
    });
    expect(result(st.state)!.seats[6]).toMatchObject({
      winner: true,
      rank: 1,
      detail: { alive: false, role: 'DEPUTY' },
    });
  });

  it("TC-18 (Ambiguity #1): the Sheriff and the last Outlaw die in one Indian attack: the Sheriff's death has priority", () => {
    const base = newGame(['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'DEPUTY'], [...FILLER.slice(0, 5)]);
    const s = startTurn(
      patch(base, { dead: [1, 3], life: { 0: 2, 2: 1 }, arrows: { 0: 5, 2: 3 }, pile: 1 }),
      4,
    );
    const out = act(s, 4, ROLL, ['ARROW', 'BEER', 'BEER', 'BEER', 'BEER']);
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([0, 2]);
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({
      winners: [2, 3],
      reason: 'SHERIFF_ELIMINATED',
    });
    expect(out.state.players[4].life).toBe(7);
  });

  it('GAME_OVER: no command is accepted once the game has ended', () => {
    const base = newGame(['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW', 'DEPUTY'], [...FILLER.slice(0, 5)]);
    const s = startTurn(patch(base, { dead: [2, 3], life: { 0: 1 } }), 1);
    const out = shoot(s, 1, ['ONE', 'BEER', 'BEER', 'BEER', 'BEER'], [0, 0]);
    const v = attempt(out.state, 1, resolve([1, 1]));
    expect(isViolation(v) && v.code).toBe('GAME_OVER');
  });
});

describe('3 players (spec §4.4, Ambiguities #20-23)', () => {
  // S0 Deputy (targets the Renegade), S1 Outlaw (targets the Deputy), S2 Renegade (targets the Outlaw).
  const three = () =>
    newGame(['DEPUTY', 'OUTLAW', 'RENEGADE'], ['BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID']);

  it('Ambiguity #22: roles face up, no +2 life, the Deputy starts, targets mode', () => {
    const s = newGame(['OUTLAW', 'DEPUTY', 'RENEGADE'], ['BLACK_JACK', 'ROSE_DOOLAN', 'WILLY_THE_KID']);
    expect(s.turn!.seat).toBe(1);
    expect(s.players.map((p) => p.maxLife)).toEqual([8, 9, 8]);
    expect(s.players.every((p) => p.roleFaceUp)).toBe(true);
    expect(s.mode).toBe('TARGETS');
  });

  it('TC-19: the Deputy personally kills the Renegade and wins at once', () => {
    const s = patch(three(), { life: { 2: 1 } });
    const out = shoot(s, 0, ['ONE', 'BEER', 'BEER', 'BEER', 'BEER'], [0, 2]);
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({ winners: [0], reason: 'TARGET_ELIMINATED' });
  });

  it('TC-20 (PT example, Ambiguity #23): the Outlaw kills the Renegade: last-survivor mode; then the Deputy kills the Outlaw and wins', () => {
    const s = startTurn(patch(three(), { life: { 2: 1 } }), 1);
    const out = shoot(s, 1, ['ONE', 'BEER', 'BEER', 'BEER', 'BEER'], [0, 2]);
    expect(ofType(out.events, 'MODE_CHANGED')).toHaveLength(1);
    expect(out.state.mode).toBe('LAST_SURVIVOR');
    expect(out.state.phase).toBe('PLAYING');
    let st = act(out.state, 1, resolve([1, 1], [2, 1], [3, 1], [4, 1])).state;
    expect(st.turn!.seat).toBe(0);
    st = patch(st, { life: { 1: 1 } });
    const win = shoot(st, 0, ['ONE', 'DYNAMITE', 'DYNAMITE', 'GATLING', 'ARROW'], [0, 1]);
    expect(ofType(win.events, 'GAME_ENDED')[0]).toMatchObject({ winners: [0], reason: 'LAST_SURVIVOR' });
  });

  it('TC-20 variant: in last-survivor mode the Outlaw kills the Deputy and wins', () => {
    const s = startTurn(patch(three(), { life: { 2: 1 } }), 1);
    let st = shoot(s, 1, ['ONE', 'DYNAMITE', 'DYNAMITE', 'GATLING', 'ARROW'], [0, 2]).state;
    st = startTurn(patch(st, { life: { 0: 1 } }), 1);
    const win = shoot(st, 1, ['ONE', 'DYNAMITE', 'DYNAMITE', 'GATLING', 'GATLING'], [0, 0]);
    expect(ofType(win.events, 'GAME_ENDED')[0]).toMatchObject({ winners: [1], reason: 'LAST_SURVIVOR' });
  });

  it('TC-21 (Ambiguity #20): the target dies to the Indians: not personal; last-survivor mode; the roller continues', () => {
    const s = startTurn(patch(three(), { life: { 1: 2 }, arrows: { 1: 3 }, pile: 6 }), 2);
    const st = act(s, 2, ROLL, ['ARROW', 'ARROW', 'ARROW', 'ARROW', 'ARROW']);
    // 5 arrows from a pile of 6 leave 1: no attack yet. Take the last one on the reroll.
    expect(ofType(st.events, 'INDIAN_ATTACK')).toHaveLength(0);
    const out = act(st.state, 2, { type: 'REROLL_DICE', dice: [0] }, ['ARROW']);
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([1]);
    expect(out.state.mode).toBe('LAST_SURVIVOR');
    expect(ofType(out.events, 'GAME_ENDED')).toHaveLength(0);
    expect(out.state.players[2].alive).toBe(true);
    expect(out.state.turn!.seat).toBe(2);
    expect(out.state.turn!.agenda[0]).toBe('REROLL_OR_KEEP');
  });

  it('TC-22: a Gatling kills both others: the Outlaw personally killed his target and wins', () => {
    const s = startTurn(patch(three(), { life: { 0: 1, 2: 1 } }), 1);
    let st = act(s, 1, ROLL, ['GATLING', 'GATLING', 'GATLING', 'DYNAMITE', 'DYNAMITE']).state;
    const out = act(st, 1, KEEP);
    st = out.state;
    expect(ofType(out.events, 'PLAYER_ELIMINATED').map((e) => e.seat)).toEqual([0, 2]);
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({ winners: [1], reason: 'TARGET_ELIMINATED' });
  });

  it('TC-23 (Ambiguity #21): all three die in one Indian attack: no winner (draw)', () => {
    const s = patch(three(), { life: { 0: 1, 1: 1, 2: 1 }, arrows: { 1: 4, 2: 4 }, pile: 1 });
    const out = act(s, 0, ROLL, ['ARROW', 'BEER', 'BEER', 'BEER', 'BEER']);
    expect(ofType(out.events, 'GAME_ENDED')[0]).toMatchObject({ winners: [], reason: 'NO_SURVIVORS' });
    const r = result(out.state)!;
    expect(r.winners).toEqual([]);
    expect(r.seats.every((x) => x.rank === 1 && !x.winner)).toBe(true);
    expect(r.detail).toMatchObject({ draw: true });
  });

  it("Ambiguity #20: Dynamite kills count for nobody: the roller's own death switches to last survivor", () => {
    const s = patch(three(), { life: { 0: 1 } });
    const out = act(s, 0, ROLL, ['DYNAMITE', 'DYNAMITE', 'DYNAMITE', 'BEER', 'BEER']);
    expect(ofType(out.events, 'MODE_CHANGED')).toHaveLength(1);
    expect(ofType(out.events, 'GAME_ENDED')).toHaveLength(0);
    expect(out.state.turn!.seat).toBe(1);
  });
});
