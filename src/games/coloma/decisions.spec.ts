/**
 * The numbered decisions of RULES.md not already named by a test elsewhere (examples, abilities,
 * shootout, mule-duel, pioneers and hotels specs name the others), one named test each.
 */
import { isViolation } from '../engine';
import { createRng } from '../random';
import { payment } from './ctx';
import { PLACEHOLDER_DATA } from './data/printed';
import { decide, legalCommands, pending } from './decide';
import { DUDES_PER_COLOUR, MAX_OUTLAWS, recycleBarrels } from './evolve';
import { resultOf, setup } from './flow';
import { colomaEngine as engine } from './index';
import { parseOptions } from './options';
import { boomOf, bustSite, busts, goldValue, signpostSite } from './rules';
import type { ColomaState } from './state';
import { redact } from './view';
import { act, dialAll, newGame, ofType, patch, replay, skipOpening, untilTurn } from './testing';

const code = (r: unknown) => (isViolation(r) ? r.code : 'ACCEPTED');

/** Seat 0 alone on Site 1 in Round 2 (the Barker on Site 2), at its turn. */
function onSite1(f: (s: ColomaState) => void = () => {}): ColomaState {
  const g = patch(skipOpening(newGame(3)), (s) => {
    s.round = 2;
    f(s);
  });
  return untilTurn(dialAll(g, [1, 3, 4]).state, 0);
}

describe('RULES.md decisions', () => {
  test('D3: the Barker counts for the majority, and a Bust on the Barker removes its Boom', () => {
    const g = patch(newGame(3), (s) => (s.round = 2));
    expect(bustSite(g, [2, 2, 4])).toBe(2); // two Pioneers on the Barker's Site
    const busted = patch(g, (s) => (s.bust = 2));
    expect(boomOf(busted, 2)).toBeNull();
    expect(
      boomOf(
        patch(g, (s) => (s.bust = 4)),
        2,
      ),
    ).toBe('BARKER');
  });

  test('D4: no majority → the Signpost Site is the Bust Site and has no Boom at all', () => {
    const g = patch(newGame(3), (s) => (s.round = 1));
    const signpost = signpostSite(g);
    const bust = bustSite(g, [1, 2, 3]);
    expect(bust).toBe(signpost);
    const s = patch(g, (x) => (x.bust = bust));
    expect(busts(s, signpost)).toBe(true);
    expect(boomOf(s, signpost)).toBeNull();
  });

  test('D8: spaces not filled for the player count never count as empty', () => {
    const g = newGame(2);
    const caps = g.data.goldPools['2'];
    // All filled spaces full: $3 although the 6-player board has more spaces.
    expect(goldValue(patch(g, (s) => (s.gold = [...caps])))).toBe(3);
    expect(goldValue(patch(g, (s) => (s.gold = [caps[0] - 1, caps[1], caps[2]])))).toBe(1);
  });

  test('D9: 10 Bridge types; 6 drawn per game with 1 / 2 / 3 tiles each by player count', () => {
    expect(PLACEHOLDER_DATA.bridgeTypes).toHaveLength(10);
    for (const [seats, per] of [
      [2, 1],
      [4, 2],
      [6, 3],
    ] as const) {
      const g = newGame(seats);
      expect(Object.keys(g.bridges)).toHaveLength(6);
      expect(Object.values(g.bridges).every((n) => n === per)).toBe(true);
    }
  });

  test('D10: 12 Dudes per colour, split between the Lodge and the General Supply', () => {
    for (const p of newGame(4).players) expect(p.dudes + p.supplyDudes).toBe(DUDES_PER_COLOUR);
  });

  test('D11: Outlaws beyond the 15 figures are ignored', () => {
    let g = skipOpening(newGame(3));
    g = patch(g, (s) => {
      s.round = 1;
      s.outlaws = MAX_OUTLAWS;
    });
    g = untilTurn(dialAll(g, [1, 2, 3]).state, 0);
    const from = g.data.shootout.hideout.findIndex((n, i) => i > 0 && n > 0);
    const out = act(g, 0, { type: 'TAKE_BARREL', from });
    expect(ofType(out.events, 'BARREL_TAKEN')[0].outlaws).toBe(0);
    expect(out.state.outlaws).toBe(MAX_OUTLAWS);
  });

  test('D12: the bank of Bucks is unlimited (Bucks are paid whatever a player already holds)', () => {
    const g = onSite1((s) => (s.players[0].bucks = 1000));
    const out = act(g, 0, { type: 'SHOVEL' });
    expect(out.state.players[0].bucks).toBe(1000 + (g.data.suttersMill.shovel.bucks ?? 0));
  });

  test('D13: with no face-down Barrel left, the discarded Barrels become the stack', () => {
    const g = patch(newGame(3), (s) => {
      s.barrelPool = Object.fromEntries(Object.keys(s.barrelPool).map((k) => [k, 0]));
      s.barrelDiscard = { BUCKS: 2, HORSE: 1 };
    });
    const s = structuredClone(g);
    recycleBarrels(s);
    expect(s.barrelPool).toEqual({ BUCKS: 2, HORSE: 1 });
    expect(s.barrelDiscard).toEqual({});
  });

  test("D14: the first of the 2 drawn Shootout cards is Year 1's, the second Year 2's (the printed one Year 3's)", () => {
    const options = parseOptions({}, 3);
    if (isViolation(options)) throw new Error(options.message);
    const events = setup(options, 3, createRng('d14'));
    const started = events[0] as Extract<(typeof events)[number], { type: 'GAME_STARTED' }>;
    const s = replay(events);
    expect(s.shootoutCards).toEqual(started.shootoutCards);
    expect(new Set(started.shootoutCards).size).toBe(2);
  });

  test('D17: the first Sheriff is a seeded seat written in the setup event', () => {
    const options = parseOptions({}, 5);
    if (isViolation(options)) throw new Error(options.message);
    const sheriffs = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const events = setup(options, 5, createRng(`d17-${i}`));
      const started = events[0] as Extract<(typeof events)[number], { type: 'GAME_STARTED' }>;
      expect(replay(events).sheriff).toBe(started.sheriff);
      expect(setup(options, 5, createRng(`d17-${i}`))[0]).toEqual(started);
      sheriffs.add(started.sheriff);
    }
    expect(sheriffs.size).toBeGreaterThan(1);
  });

  test('D19: turns are sequential: one seat at a time has the TURN prompt', () => {
    const g = untilTurn(dialAll(skipOpening(newGame(4)), [1, 1, 2, 3]).state, 0);
    const turns = pending(g).filter((p) => p.kind === 'TURN');
    expect(turns).toHaveLength(1);
    expect(code(decide(g, 1, { type: 'FINISH_TURN' }, createRng('x')))).toBe('NOT_YOUR_TURN');
  });

  test('D22: equal scores and Gold → the higher sum of Bucks, Lodge Dudes and Tents and Horses wins', () => {
    const g = patch(newGame(2), (s) => {
      for (const p of s.players)
        Object.assign(p, { vp: 0, gold: 1, bucks: 2, dudes: 1, tents: 0, horses: 0 });
      s.players[1].horses = 1;
    });
    const r = resultOf(g);
    expect(r.seats[0].score).toBe(r.seats[1].score);
    expect(r.winners).toEqual([1]);
  });

  test('D28: a discard goes to the top or the bottom of the deck, as the player chooses', () => {
    const g = newGame(3);
    const hand = g.players[0].hand;
    const top = act(g, 0, { type: 'RETURN_OPENING', cards: [hand[0], hand[1]], to: ['TOP', 'BOTTOM'] });
    const deck = top.state.players[0].deck;
    expect(deck[0]).toBe(hand[0]);
    expect(deck[deck.length - 1]).toBe(hand[1]);
  });

  test('D29: a taken Barrel is public: the draw is in the event and every view shows it', () => {
    let g = untilTurn(dialAll(skipOpening(newGame(3)), [1, 2, 3]).state, 0);
    const out = act(g, 0, { type: 'TAKE_BARREL', from: 0 }, createRng('d29'));
    const taken = ofType(out.events, 'BARREL_TAKEN')[0];
    g = out.state;
    expect(redact(taken, 2)).toEqual(taken);
    expect(engine.view(g, 2).players[0].barrels.map((b) => b.id)).toEqual([taken.barrel]);
  });

  test('D32: Site actions and abilities are separate commands; nothing fires by itself', () => {
    const g = onSite1();
    const types = new Set(legalCommands(g, 0).map((c) => c.type));
    expect(types).toContain('SHOVEL');
    expect(types).toContain('FINISH_TURN');
    // Ending the turn at once takes nothing (no action was applied automatically).
    const end = act(g, 0, { type: 'FINISH_TURN' });
    expect(ofType(end.events, 'SITE_ACTION')).toEqual([]);
  });

  test('D36: a Nugget more than the Bucks cost needs is refused; Saw costs are Gold only', () => {
    const g = patch(newGame(3), (s) => {
      s.players[0].gold = 3;
      s.players[0].bucks = 0;
    });
    const p = g.players[0];
    const v = goldValue(g);
    expect(code(payment(g, p, { bucks: v }, 1))).toBe('ACCEPTED');
    expect(code(payment(g, p, { bucks: v }, 2))).toBe('INSUFFICIENT');
    expect(payment(g, p, { gold: 1, dudes: 0 }, 0)).toEqual({ gold: 1 });
  });
});
