/**
 * The objective cards still in a deck at the end are the player's choice [L463] (D20): "你必须找出还留在你
 * 牌库里的所有目标卡。对于每张目标卡，你现在必须决定是否移出游戏或者添加到你的个人目标区域（不使用其即时行动）" — for each,
 * add it to the area (without its immediate action) or remove it from the game; then every card of
 * the area scores its VP when complete and loses its penalty when not. After the last final turn
 * each seat holding such cards is asked in seat order; the timeout answer and the bots' choice is
 * the best one.
 */
import { isViolation } from '../engine';
import { rngFor } from '../random';
import { gwtHeuristicBot } from './bots/heuristic';
import type { GwtEvent } from './events';
import { evolve } from './evolve';
import { greatWesternTrailEngine as engine } from './index';
import type { GwtCommand } from './protocol';
import { result } from './result';
import type { GwtState } from './state';
import { blankState } from './testing/fixtures';
import { playRandomGame } from './testing/play';

/**
 * Seat 0 takes the last turn of the final round (seat 1 triggered it). Its area: START-4 (not met);
 * 2 buildings and a 2-VP hazard; its deck: OBJ-12 (2 buildings + 1 hazard: met, +3 / −2), OBJ-24
 * (−2), OBJ-06 (−3) and OBJ-17 (−3), none of which is met. Seat 1 holds no objective card.
 */
function lastFinalTurn(): GwtState {
  const s = blankState(2, 'LOCATION', { endTriggeredBy: 1, finalTurns: [0], jobMarketTokenRow: null });
  s.turn.location = 'A';
  s.trail['P-A1'] = { kind: 'PLAYER', owner: 0, building: '1a' };
  s.trail['P-A2'] = { kind: 'PLAYER', owner: 0, building: '2a' };
  const p = s.players[0];
  p.hazards = [{ kind: 'hazard', hazard: 'flood', hand: 'green', vp: 2 }];
  p.objectives = ['START-4'];
  p.hand = ['OBJ-12'];
  p.drawPile = ['OBJ-24', 'OBJ-06'];
  p.discard = ['criollo:0', 'OBJ-17'];
  return s;
}

function play(s: GwtState, seat: number, command: GwtCommand): { state: GwtState; events: GwtEvent[] } {
  const events = engine.decide(s, seat, command, rngFor('final-objectives', 0));
  if (isViolation(events)) throw new Error(`${events.code}: ${events.message}`);
  const state = events.reduce<GwtState>((x, e) => evolve(x, e), s);
  return { state, events };
}

const choose = (add: string[]): GwtCommand => ({ type: 'CHOOSE_FINAL_OBJECTIVES', add });
const DECK = ['OBJ-06', 'OBJ-12', 'OBJ-17', 'OBJ-24'];

describe('objective cards left in the deck at the end: the player chooses [L463] (D20)', () => {
  it('after the last final turn the seat holding some is asked; the others are skipped', () => {
    const { state, events } = play(lastFinalTurn(), 0, { type: 'END_TURN' });
    expect(state.over).toBe(false);
    expect(engine.pending(state)).toEqual([
      { seat: 0, kind: 'FINAL_OBJECTIVES', detail: { kind: 'FINAL_OBJECTIVES' } },
    ]);
    expect(events.filter((e) => e.type === 'FINAL_OBJECTIVES_ASKED')).toEqual([
      { type: 'FINAL_OBJECTIVES_ASKED', seat: 0 },
    ]);
    expect(state.finalTurns).toEqual([]);
    // Every subset of the four cards, and nothing else (no exchange token, no objective played).
    const legal = engine.legalCommands(state, 0);
    expect(legal).toHaveLength(16);
    expect(legal.every((c) => c.type === 'CHOOSE_FINAL_OBJECTIVES')).toBe(true);
    expect(legal).toContainEqual(choose(DECK));
    expect(engine.legalCommands(state, 1)).toEqual([]);
    state.players[0].exchangeTokens = 1;
    expect(engine.decide(state, 0, { type: 'USE_EXCHANGE_TOKEN' }, rngFor('x', 0))).toMatchObject({
      code: 'NOT_NOW',
    });
  });

  it('adding every card scores the complete one and loses the others’ penalties: 3 − 2 − 3 − 3 = −5', () => {
    const { state: asked } = play(lastFinalTurn(), 0, { type: 'END_TURN' });
    const { state, events } = play(asked, 0, choose(DECK));
    expect(events.map((e) => e.type)).toEqual(['FINAL_OBJECTIVES_CHOSEN', 'GAME_ENDED']);
    expect(events[0]).toEqual({ type: 'FINAL_OBJECTIVES_CHOSEN', seat: 0, added: DECK, removed: [] });
    expect(state.over).toBe(true);
    expect(state.players[0].objectives).toEqual(['START-4', ...DECK]);
    expect([...state.players[0].hand, ...state.players[0].drawPile, ...state.players[0].discard]).toEqual([
      'criollo:0',
    ]);
    const sheet = result(state)!.seats[0].detail as Record<string, unknown>;
    expect(sheet).toMatchObject({ objective_cards: -5, objectivesAdded: [], total: -5 + 2 + 2 });
  });

  it('the cards not added leave the game: only OBJ-12 gives +3, none gives 0', () => {
    const { state: asked } = play(lastFinalTurn(), 0, { type: 'END_TURN' });
    const only = play(asked, 0, choose(['OBJ-12']));
    expect(only.events[0]).toEqual({
      type: 'FINAL_OBJECTIVES_CHOSEN',
      seat: 0,
      added: ['OBJ-12'],
      removed: ['OBJ-06', 'OBJ-17', 'OBJ-24'],
    });
    expect(result(only.state)!.seats[0].detail).toMatchObject({ objective_cards: 3, total: 3 + 2 + 2 });
    const none = play(asked, 0, choose([]));
    expect(none.state.players[0].objectives).toEqual(['START-4']);
    expect(result(none.state)!.seats[0].detail).toMatchObject({ objective_cards: 0, total: 2 + 2 });
  });

  it('the timeout answer and the bots choose the best: OBJ-12 alone', () => {
    const { state } = play(lastFinalTurn(), 0, { type: 'END_TURN' });
    expect(engine.timeoutCommand(state, 0)).toEqual(choose(['OBJ-12']));
    const legal = engine.legalCommands(state, 0);
    const pick = gwtHeuristicBot.choose({ seat: 0, view: engine.view(state, 0), legal, rng: rngFor('b', 0) });
    expect(pick.command).toEqual(choose(['OBJ-12']));
  });

  it('refuses cards not in the deck, and changes nothing', () => {
    const { state } = play(lastFinalTurn(), 0, { type: 'END_TURN' });
    const copy = structuredClone(state);
    for (const add of [['OBJ-01'], ['OBJ-12', 'OBJ-12'], ['START-4']])
      expect(engine.decide(state, 0, choose(add), rngFor('x', 0))).toMatchObject({ code: 'NOT_IN_DECK' });
    expect(engine.parseCommand({ type: 'CHOOSE_FINAL_OBJECTIVES', add: 'OBJ-12' })).toMatchObject({
      code: 'INVALID_COMMAND',
    });
    expect(state).toEqual(copy);
  });

  it('in random games every seat with deck objectives is asked once, in seat order, then the game ends', () => {
    let asked = 0;
    for (const seats of [2, 3, 4]) {
      const { events, state } = playRandomGame(seats, `final-objectives-${seats}`);
      const start = events.findIndex((e) => e.type === 'FINAL_OBJECTIVES_ASKED');
      const tail = start < 0 ? [] : events.slice(start);
      const order = tail
        .filter((e) => e.type === 'FINAL_OBJECTIVES_ASKED')
        .map((e) => (e as { seat: number }).seat);
      asked += order.length;
      expect(order).toEqual([...order].sort());
      expect(new Set(order).size).toBe(order.length);
      expect(
        state.players.every(
          (p) => ![...p.hand, ...p.drawPile, ...p.discard].some((c) => c.startsWith('OBJ-')),
        ),
      ).toBe(true);
    }
    expect(asked).toBeGreaterThan(0);
  });
});
