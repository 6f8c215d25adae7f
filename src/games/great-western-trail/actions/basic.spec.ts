import {
  act,
  bandit,
  building,
  CRIOLLO,
  everyLegalAccepted,
  GALLOWAY,
  legalOf,
  LONGHORN,
  makeState,
  PINEYWOODS,
  SANTA_GERTRUDIS,
  send,
  sendAll,
  SIMMENTAL_1,
  SIMMENTAL_2,
  topKind,
} from './testing';
import { createRng } from '../../random';
import { Ctx } from '../ctx';
import { applyReward } from './rewards';

const USE = (index: number) => ({ type: 'USE_ACTION', index });
const DISCARD = (...cards: string[]) => ({ type: 'DISCARD_FOR_REWARD', cards });

describe('G4: own building 2a on a risk slot, three local actions in any order', () => {
  const start = () =>
    makeState({
      at: 'R-FLOOD-1',
      trail: { 'R-FLOOD-1': building(0, '2a') },
      players: [{ hand: [GALLOWAY, CRIOLLO, CRIOLLO, PINEYWOODS], money: 5 }],
    });
  const withMarket = () => {
    const s = start();
    s.cattleMarket = [LONGHORN];
    return s;
  };

  it('Galloway +$4, then the Longhorn for $6 with 1 cowboy, then the risk action: Criollo → certificate 1', () => {
    let s = sendAll(withMarket(), USE(0), DISCARD(GALLOWAY));
    expect(s.players[0].money).toBe(9);
    s = sendAll(s, USE(1), { type: 'BUY_CATTLE', option: 0, cards: [LONGHORN] });
    expect(s.players[0].money).toBe(3);
    expect(s.players[0].discard).toEqual([GALLOWAY, LONGHORN]);
    expect(s.cattleMarket).toEqual([]);
    expect(s.turn.stack).toEqual([]); // the only cowboy was used: the buy action is over
    s = sendAll(s, USE(2), DISCARD(CRIOLLO));
    expect(s.players[0].certificates).toBe(1);
    expect(s.players[0].hand).toEqual([CRIOLLO, PINEYWOODS]);
  });

  it('buying first, with only $5, the purchase is rejected and nothing changes', () => {
    const s = sendAll(withMarket(), USE(1));
    expect(topKind(s)).toBe('BUY_CATTLE');
    const out = send(s, { type: 'BUY_CATTLE', option: 0, cards: [LONGHORN] });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.violation.code).toBe('NOT_ENOUGH_MONEY');
    expect(out.state).toBe(s);
    expect(legalOf(s, 'BUY_CATTLE')).toEqual([]);
  });

  it('after a local action no auxiliary action; with none, one single auxiliary action', () => {
    const s = sendAll(start(), USE(0), DISCARD(GALLOWAY));
    expect(send(s, { type: 'USE_AUXILIARY', action: 'AUX1' }).ok).toBe(false);
    const aux = sendAll(start(), { type: 'USE_AUXILIARY', action: 'AUX1' });
    expect(aux.players[0].money).toBe(6);
    expect(send(aux, USE(0)).ok).toBe(false);
  });
});

describe('G10: discard requirements', () => {
  it('(a) at E: exactly 1 Pineywoods → +$2; a Galloway is rejected', () => {
    const s = sendAll(
      makeState({ at: 'N-E', players: [{ hand: [PINEYWOODS, GALLOWAY], money: 1 }] }),
      USE(0),
    );
    expect(topKind(s)).toBe('DISCARD_CARDS');
    expect(legalOf(s, 'DISCARD_FOR_REWARD')).toEqual([DISCARD(PINEYWOODS)]);
    const bad = send(s, DISCARD(GALLOWAY));
    expect(!bad.ok && bad.violation.code).toBe('CARDS_DO_NOT_QUALIFY');
    const done = sendAll(s, DISCARD(PINEYWOODS));
    expect(done.players[0].money).toBe(3);
    expect(done.players[0].discard).toEqual([PINEYWOODS]);
    expect(done.turn.stack).toEqual([]);
    // Once per visit, even if the hand could pay again.
    expect(send(done, USE(0)).ok).toBe(false);
  });

  it('(a) with no Pineywoods in hand, the action is rejected', () => {
    const out = send(makeState({ at: 'N-E', players: [{ hand: [GALLOWAY] }] }), USE(0));
    expect(!out.ok && out.violation.code).toBe('REQUIREMENT_NOT_MET');
  });

  it('(b) at F: a pair of Criollo → +$4; Criollo + Galloway and 3 Criollo are rejected', () => {
    const s = sendAll(
      makeState({ at: 'N-F', players: [{ hand: [CRIOLLO, CRIOLLO, CRIOLLO, GALLOWAY] }] }),
      USE(0),
    );
    expect(!send(s, DISCARD(CRIOLLO, GALLOWAY)).ok).toBe(true);
    const three = send(s, DISCARD(CRIOLLO, CRIOLLO, CRIOLLO));
    expect(!three.ok && three.violation.code).toBe('WRONG_CARD_COUNT');
    expect(legalOf(s, 'DISCARD_FOR_REWARD')).toEqual([DISCARD(CRIOLLO, CRIOLLO)]);
    expect(sendAll(s, DISCARD(CRIOLLO, CRIOLLO)).players[0].money).toBe(4);
  });

  it('(c) risk R-*-1: discard any card → certificate +1; at the limit it stays and the action is allowed', () => {
    const at = (certificates: number) =>
      makeState({
        at: 'R-FLOOD-1',
        trail: { 'R-FLOOD-1': building(0, '1a') },
        players: [{ hand: [LONGHORN], certificates }],
      });
    // 1a's own action is index 0; the risk action comes after it.
    expect(sendAll(at(0), USE(1), DISCARD(LONGHORN)).players[0].certificates).toBe(1);
    const full = sendAll(at(3), USE(1), DISCARD(LONGHORN));
    expect(full.players[0].certificates).toBe(3);
    expect(full.players[0].discard).toEqual([LONGHORN]);
  });

  it('(d) risk R-*-2: discard 1 Criollo → certificate +1 and $2', () => {
    const s = makeState({
      at: 'R-FLOOD-2',
      trail: { 'R-FLOOD-2': building(0, '1a') },
      players: [{ hand: [CRIOLLO, GALLOWAY] }],
    });
    const done = sendAll(s, USE(1), DISCARD(CRIOLLO));
    expect(done.players[0]).toMatchObject({ certificates: 1, money: 2, hand: [GALLOWAY] });
  });

  it('a risk action belongs to the owner only: on another player’s building there are no local actions', () => {
    const s = makeState({
      at: 'R-FLOOD-1',
      trail: { 'R-FLOOD-1': building(1, '1a') },
      players: [{ hand: [CRIOLLO] }],
    });
    expect(send(s, USE(0)).ok).toBe(false);
  });
});

describe('Simmental in discard requirements (§5.1)', () => {
  it('"any card" takes a Simmental; a breeding-value-3 requirement (5a) does not', () => {
    const anyCard = act(makeState({ players: [{ hand: [SIMMENTAL_1] }] }), {
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'ANY' },
      gain: { certificates: 1 },
    });
    expect(anyCard.ok).toBe(true);
    const value3 = act(makeState({ players: [{ hand: [SIMMENTAL_1, CRIOLLO] }] }), {
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'BREEDING_VALUE', value: 3 },
      gain: { dollars: 7 },
    });
    expect(!value3.ok && value3.violation.code).toBe('REQUIREMENT_NOT_MET');
  });

  it('two Simmentals of different levels are a pair of the same breed', () => {
    const s = act(makeState({ players: [{ hand: [SIMMENTAL_1, SIMMENTAL_2] }] }), {
      type: 'DISCARD_CARDS',
      count: 2,
      card: { kind: 'PAIR' },
      gain: { dollars: 4 },
    });
    expect(s.ok).toBe(true);
    const done = sendAll(s.state, DISCARD(SIMMENTAL_1, SIMMENTAL_2));
    expect(done.players[0].money).toBe(4);
  });
});

describe('choose one (C, D)', () => {
  it('C: +1 certificate or an objective card; the chosen option runs', () => {
    const s = makeState({ at: 'N-C' });
    s.objectiveDisplay = ['OBJ-01', 'OBJ-02'];
    s.objectiveDeck = ['OBJ-03'];
    const asked = sendAll(s, USE(0));
    expect(topKind(asked)).toBe('CHOOSE_ONE');
    expect(legalOf(asked, 'CHOOSE_ONE')).toEqual([
      { type: 'CHOOSE_ONE', option: 0 },
      { type: 'CHOOSE_ONE', option: 1 },
    ]);
    expect(sendAll(asked, { type: 'CHOOSE_ONE', option: 0 }).players[0].certificates).toBe(1);
    const obj = sendAll(asked, { type: 'CHOOSE_ONE', option: 1 });
    expect(topKind(obj)).toBe('TAKE_OBJECTIVE_CARD');
    const taken = sendAll(obj, { type: 'TAKE_OBJECTIVE', card: 'OBJ-02' });
    expect(taken.players[0].discard).toEqual(['OBJ-02']);
    expect(taken.objectiveDisplay.sort()).toEqual(['OBJ-01', 'OBJ-03']);
    expect(taken.objectiveDeck).toEqual([]);
    expect(send(asked, { type: 'CHOOSE_ONE', option: 2 }).ok).toBe(false);
  });

  it('D: collect bounty is an option with a bandit on the board; with nothing doable the action is rejected', () => {
    const s = sendAll(makeState({ at: 'N-D', trail: { 'BANDIT-4': bandit('green') } }), USE(0));
    expect(legalOf(s, 'CHOOSE_ONE').map((c) => c.option)).toContain(0);
    const none = makeState({ at: 'N-D' });
    // Without the railroad executors installed, PAY_THEN_MOVE is unavailable here, so D's first action is impossible.
    expect(send(none, USE(0)).ok).toBe(false);
  });
});

describe('objective cards', () => {
  it('the top of the deck, face up onto the discard pile; null with an empty deck is not legal', () => {
    const s = makeState();
    s.objectiveDisplay = ['OBJ-01'];
    s.objectiveDeck = ['OBJ-07'];
    const asked = act(s, { type: 'TAKE_OBJECTIVE_CARD', to: 'DISCARD_PILE' });
    expect(asked.ok && legalOf(asked.state, 'TAKE_OBJECTIVE')).toEqual([
      { type: 'TAKE_OBJECTIVE', card: 'OBJ-01' },
      { type: 'TAKE_OBJECTIVE', card: null },
    ]);
    const taken = sendAll(asked.state, { type: 'TAKE_OBJECTIVE', card: null });
    expect(taken.players[0].discard).toEqual(['OBJ-07']);
    expect(taken.objectiveDisplay).toEqual(['OBJ-01']);
    expect(legalOf(sendAll(taken), 'TAKE_OBJECTIVE')).toEqual([]);
  });

  it('nothing to take: the action does nothing', () => {
    const out = act(makeState(), { type: 'TAKE_OBJECTIVE_CARD', to: 'DISCARD_PILE' });
    expect(out.ok && out.state.turn.stack).toEqual([]);
  });

  it('8b: discard any card → $6 and an objective card into the hand', () => {
    const s = makeState({ at: 'P-A1', trail: { 'P-A1': building(0, '8b') }, players: [{ hand: [CRIOLLO] }] });
    s.objectiveDisplay = ['OBJ-05'];
    const done = sendAll(s, USE(0), DISCARD(CRIOLLO), { type: 'TAKE_OBJECTIVE', card: 'OBJ-05' });
    expect(done.players[0]).toMatchObject({ money: 6, hand: ['OBJ-05'], discard: [CRIOLLO] });
  });

  it('1b: discard an objective card from hand → +2 certificates; with none it is rejected', () => {
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '1b') },
      players: [{ hand: ['OBJ-01', CRIOLLO] }],
    });
    const asked = sendAll(s, USE(0));
    expect(legalOf(asked, 'DISCARD_FOR_REWARD')).toEqual([DISCARD('OBJ-01')]);
    expect(send(asked, DISCARD(CRIOLLO)).ok).toBe(false);
    expect(sendAll(asked, DISCARD('OBJ-01')).players[0].certificates).toBe(2);
    const none = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '1b') },
      players: [{ hand: [CRIOLLO] }],
    });
    expect(send(none, USE(0)).ok).toBe(false);
  });
});

describe('gains', () => {
  it('12a: $1 per craftsman; 5b: $1 per engineer', () => {
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '12a') },
      players: [{ workers: { cowboy: 1, craftsman: 4, engineer: 2 } }],
    });
    expect(sendAll(s, USE(0)).players[0].money).toBe(4);
    expect(act(s, { type: 'GAIN_DOLLARS', amount: 1, per: 'ENGINEER' }).state.players[0].money).toBe(2);
  });

  it('1a: $2 per own building in the woods (P-B1 and R-FLOOD-2 are in the woods, P-A1 is not)', () => {
    const s = makeState({
      at: 'P-A1',
      trail: {
        'P-A1': building(0, '1a'),
        'P-B1': building(0, '2a'),
        'R-FLOOD-2': building(0, '3a'),
        'P-E1': building(1, '2a'),
      },
    });
    expect(sendAll(s, USE(0)).players[0].money).toBe(4);
  });

  it('12b: $2 per station with your disc, and an exchange token', () => {
    const s = makeState({ at: 'P-A1', trail: { 'P-A1': building(0, '12b') } });
    s.stationDiscs = { 'STATION-1': [0, 1], 'STATION-3': [0], 'STATION-4': [1] };
    const done = sendAll(s, USE(0), USE(1));
    expect(done.players[0]).toMatchObject({ money: 4, exchangeTokens: 1 });
  });

  it('D36 [L33]: the box holds 12 exchange tokens: with all 12 held none is gained, with 11 one', () => {
    const gain = (held: number[]) => {
      const s = makeState({ seats: 4, players: held.map((exchangeTokens) => ({ exchangeTokens })) });
      const out = act(s, { type: 'GAIN_EXCHANGE_TOKEN', amount: 1 });
      if (!out.ok) throw new Error(out.violation.code);
      return out.state.players[0].exchangeTokens;
    };
    expect(gain([3, 3, 3, 3])).toBe(3);
    expect(gain([2, 3, 3, 3])).toBe(3);
    expect(gain([0, 0, 0, 0])).toBe(1);
    // A bounty's token (bandit slot 1) comes from the same bank.
    const full = makeState({ seats: 4, players: [0, 4, 4, 4].map((exchangeTokens) => ({ exchangeTokens })) });
    const ctx = Ctx.over(full, createRng('tokens'));
    applyReward(ctx, 0, { exchangeTokens: 1 });
    expect(ctx.state.players[0].exchangeTokens).toBe(0);
  });

  it('G22: certificates move along 0-1-2-3-4-6 up to the limit', () => {
    const limit6 = makeState({ players: [{ certificates: 4, discs: [] }] });
    expect(act(limit6, { type: 'GAIN_CERTIFICATES', amount: 1 }).state.players[0].certificates).toBe(6);
    const limit4 = makeState({ players: [{ certificates: 4, discs: ['CERT-6'] }] });
    expect(act(limit4, { type: 'GAIN_CERTIFICATES', amount: 2 }).state.players[0].certificates).toBe(4);
    // CERT-6 alone does not raise the limit above 3.
    const only6 = makeState({ players: [{ certificates: 2, discs: ['CERT-4'] }] });
    expect(act(only6, { type: 'GAIN_CERTIFICATES', amount: 2 }).state.players[0].certificates).toBe(3);
    expect(act(limit6, { type: 'SET_CERTIFICATES_TO_LIMIT' }).state.players[0].certificates).toBe(6);
    expect(act(makeState(), { type: 'SET_CERTIFICATES_TO_LIMIT' }).state.players[0].certificates).toBe(3);
  });

  it('7a: +2 certificates and $2 per green + orange bandit pair', () => {
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '7a') },
      players: [{ bandits: ['green', 'green', 'orange'] }],
    });
    expect(sendAll(s, USE(0)).players[0]).toMatchObject({ certificates: 2, money: 2 });
    const two = makeState({ players: [{ bandits: ['green', 'orange', 'orange', 'green'], discs: [] }] });
    expect(
      act(two, { type: 'PER_BANDIT_PAIR_GAIN', gainPerPair: { certificates: 2, dollars: 2 } }).state
        .players[0],
    ).toMatchObject({
      certificates: 4,
      money: 4,
    });
  });
});

describe('draw, then discard as many', () => {
  it('4b: draw up to the number of cowboys, then discard as many as drawn', () => {
    const s = makeState({
      at: 'P-A1',
      trail: { 'P-A1': building(0, '4b') },
      players: [
        {
          workers: { cowboy: 3, craftsman: 1, engineer: 1 },
          hand: [CRIOLLO],
          drawPile: [GALLOWAY, PINEYWOODS],
        },
      ],
    });
    const asked = sendAll(s, USE(0));
    expect(legalOf(asked, 'DRAW_CARDS').map((c) => c.count)).toEqual([1, 2, 3]);
    expect(send(asked, { type: 'DRAW_CARDS', count: 4 }).ok).toBe(false);
    const drawn = sendAll(asked, { type: 'DRAW_CARDS', count: 2 });
    expect(drawn.players[0].hand.sort()).toEqual([CRIOLLO, GALLOWAY, PINEYWOODS].sort());
    expect(drawn.turn.stack).toEqual([{ kind: 'DISCARD_AFTER_DRAW', count: 2 }]);
    const done = sendAll(drawn, { type: 'DISCARD', cards: [CRIOLLO, GALLOWAY] });
    expect(done.players[0]).toMatchObject({ hand: [PINEYWOODS], discard: [CRIOLLO, GALLOWAY] });
    // SKIP draws none.
    expect(sendAll(asked, { type: 'SKIP' }).turn.stack).toEqual([]);
  });

  it('auxiliary 2 single: draw exactly 1 (reshuffling the discard pile only when the draw pile is empty), discard 1', () => {
    const s = makeState({ players: [{ hand: [CRIOLLO], discard: [SANTA_GERTRUDIS] }] });
    const out = act(s, { type: 'DRAW_THEN_DISCARD', count: 1, upTo: false });
    expect(out.ok && out.state.players[0].hand).toEqual([CRIOLLO, SANTA_GERTRUDIS]);
    expect(out.ok && out.events[0]).toMatchObject({ type: 'CARDS_DRAWN', reshuffled: true });
  });
});

describe('rewards: removing cards from the game (auxiliary 5)', () => {
  it('asks for up to N cards; SKIP removes none', () => {
    const ctx = Ctx.over(makeState({ players: [{ hand: [CRIOLLO, CRIOLLO, GALLOWAY] }] }), createRng('x'));
    applyReward(ctx, 0, { removeCardsFromGameUpTo: 2, dollars: 2 });
    const s = ctx.state;
    expect(s.players[0].money).toBe(2);
    expect(topKind(s)).toBe('REMOVE_CARDS');
    expect(legalOf(s, 'REMOVE_CARDS')).toHaveLength(2 + 2); // 1 card: C, G; 2 cards: CC, CG
    expect(send(s, { type: 'REMOVE_CARDS', cards: [CRIOLLO, CRIOLLO, GALLOWAY] }).ok).toBe(false);
    const done = sendAll(s, { type: 'REMOVE_CARDS', cards: [CRIOLLO, GALLOWAY] });
    expect(done.players[0]).toMatchObject({ hand: [CRIOLLO], discard: [] });
    expect(sendAll(s, { type: 'SKIP' }).players[0].hand).toHaveLength(3);
  });
});

describe('legal lists are accepted', () => {
  it('every listed answer of a discard, a choice and an objective take is accepted', () => {
    const s = makeState({
      at: 'N-F',
      players: [{ hand: [CRIOLLO, CRIOLLO, SIMMENTAL_1, SIMMENTAL_2, GALLOWAY, GALLOWAY] }],
    });
    expect(everyLegalAccepted(sendAll(s, USE(0)))).toEqual([]);
  });
});
