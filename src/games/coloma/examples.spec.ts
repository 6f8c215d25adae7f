/** The rulebook's worked examples (RULES.md §6, TC1-TC16) and the Round's rules around them. */
import { isViolation } from '../engine';
import { PLACEHOLDER_DATA } from './data/printed';
import { legalCommands } from './decide';
import { colomaEngine as engine } from './index';
import { busts, goldValue, scoreOf } from './rules';
import type { ColomaState } from './state';
import {
  act,
  attempt,
  dialAll,
  endTurns,
  given,
  newGame,
  ofType,
  patch,
  skipOpening,
  untilTurn,
} from './testing';

const atRound = (s: ColomaState, round: number) => patch(s, (x) => void (x.round = round));
const code = (r: unknown) => (isViolation(r) ? r.code : 'ACCEPTED');

describe('Gold Nuggets (RB L193-L218)', () => {
  const s = newGame(3); // 3 players: pools of 5, 5, 5 (PLACEHOLDER); the 3 starting Nuggets left the top pool
  test('TC1: one or more Nuggets missing from the second pool → each is worth $2', () => {
    expect(goldValue(patch(s, (x) => void (x.gold = [5, 3, 0])))).toBe(2);
  });
  test('TC2: the top pool empty, the second full → $3', () => {
    expect(goldValue(patch(s, (x) => void (x.gold = [5, 5, 0])))).toBe(3);
  });
  test('D7: a full supply is worth $3; D15: the starting Nuggets come from the top pool', () => {
    expect(goldValue(patch(s, (x) => void (x.gold = [5, 5, 5])))).toBe(3);
    expect(s.gold).toEqual([5, 5, 2]);
    expect(goldValue(patch(s, (x) => void (x.gold = [4, 0, 0])))).toBe(1);
  });

  test('TC3: a $4 Bridge paid with 2 Nuggets worth $3 gives no change; the Gold goes to the Mine Cart', () => {
    const site2 = {
      ...PLACEHOLDER_DATA.site2,
      bridge: { hammer: { bucks: 4, dudes: 0 }, saw: { gold: 2, dudes: 0 } },
    };
    let g = skipOpening(newGame(3, { printed: { site2 } }));
    g = patch(g, (x) => Object.assign(x.players[0], { rivers: 1, gold: 2, bucks: 0 }));
    g = dialAll(g, [2, 4, 5]).state;
    const bridge = Object.keys(g.bridges)[0];
    const paying = (gold: number) => ({ type: 'BUILD_BRIDGE', tool: 'HAMMER', bridge, gold }) as const;
    given(g).when(0, paying(1)).thenRefused('INSUFFICIENT');
    given(g).when(0, paying(3)).thenRefused('INSUFFICIENT');
    given(g)
      .when(0, paying(2))
      .then((events) => expect(ofType(events, 'PAID')[0].paid).toEqual({ gold: 2 }))
      .thenState((state) => {
        expect(state.players[0]).toMatchObject({ bucks: 0, gold: 0, bridges: [bridge] });
        expect(state.mineCart).toBe(2);
      });
  });

  test('TC15: with the Gold Supply empty, an Event-2 Nugget is $1 instead', () => {
    let g = patch(skipOpening(newGame(3)), (x) => void (x.gold = [0, 0, 0]));
    g = endTurns(dialAll(g, [2, 3, 4]).state).state;
    expect(g.round).toBe(2);
    expect(g.players.map((p) => p.bucks)).toEqual([3, 3, 3]);
    expect(g.players.map((p) => p.gold)).toEqual([1, 1, 1]);
  });
});

describe('Dials, placement and the Bust (RB L184-L257)', () => {
  const g = skipOpening(newGame(3));

  test('the Dial is secret until every seat has set one (D18)', () => {
    const { state, events } = act(g, 0, { type: 'DIAL', site: 3, mule: null });
    expect(engine.view(state, 1).players[0]).toMatchObject({ dial: null, dialSet: true });
    expect(engine.view(state, 0).players[0].dial).toBe(3);
    expect(engine.redact(events[0], 1, g)).toEqual({ type: 'DIAL_SET', seat: 0, site: null, mule: null });
    expect(code(attempt(state, 0, { type: 'DIAL', site: 2, mule: null }))).toBe('NOT_YOUR_TURN');
  });

  test('TC4: a Dial on 3 puts the Pioneer on Site 3', () => {
    const { state } = dialAll(g, [3, 4, 5]);
    expect(state.sites).toEqual([3, 4, 5]);
    expect(state.turn).toMatchObject({ seat: 0, site: 3 });
  });

  test('TC5: two Pioneers on Site 1, at most one elsewhere → Site 1 Busts', () => {
    const { events } = dialAll(g, [1, 1, 2]);
    expect(ofType(events, 'DIALS_REVEALED')[0].bust).toBe(1);
  });

  test('TC5 counter-case: two Sites tied for most → the Bust stays on the Signpost (Site 5 in Round 1)', () => {
    const { state } = dialAll(skipOpening(newGame(4)), [1, 1, 2, 2]);
    expect(state.bust).toBe(5);
    expect(busts(state, 5)).toBe(true);
    expect(busts(state, 1)).toBe(false);
  });

  test('turns run Site 1 to 5, the Barker at its Site (D2), from the Sheriff clockwise on one Site (RB L237)', () => {
    expect(dialAll(g, [3, 1, 2]).state.queue).toEqual([1, 2, 0]);
    const sheriff1 = skipOpening(newGame(3, { sheriff: 1 }));
    expect(dialAll(sheriff1, [4, 4, 4]).state.queue).toEqual([1, 2, 0]);
  });
});

describe('the Signpost (RB L366-L390, D1)', () => {
  test("TC6 / D31: on Site 2 with the Signpost (Round 3) you may take Site 1's Boom, unless the Bust covers Site 1", () => {
    const g = atRound(skipOpening(newGame(3)), 3);
    const open = dialAll(g, [2, 4, 4]).state;
    expect(legalCommands(open, 0)).toContainEqual({ type: 'WHEELBARROW' });
    given(open).when(0, { type: 'EXPLORE_RIVER', tool: 'SAW', gold: 0 }).thenRefused('NOT_AVAILABLE');
    given(open)
      .when(0, { type: 'WHEELBARROW' })
      .then((events) =>
        expect(ofType(events, 'GAINED')[0]).toMatchObject({
          gains: PLACEHOLDER_DATA.suttersMill.wheelbarrow,
          reason: 'SUTTERS_MILL',
        }),
      );
    const bust = untilTurn(dialAll(g, [2, 1, 1]).state, 0);
    expect(busts(bust, 2)).toBe(true);
    given(bust).when(0, { type: 'WHEELBARROW' }).thenRefused('NOT_AVAILABLE');
  });

  const round5 = (sites: number[]) => {
    let g = atRound(skipOpening(newGame(3)), 5);
    g = patch(g, (x) => {
      const p = x.players[2];
      p.deck = p.deck.filter((c) => c !== 'ODD_FELLOWS_HALL' && c !== 'HORSE_RANCH');
      p.tableau = ['ODD_FELLOWS_HALL', 'HORSE_RANCH'];
    });
    g = dialAll(g, sites).state;
    return untilTurn(g, 2);
  };
  const ability = (card: 'ODD_FELLOWS_HALL' | 'HORSE_RANCH', index: number) =>
    ({
      type: 'ABILITY',
      card,
      index,
      gold: 0,
      discard: card === 'ODD_FELLOWS_HALL' && index === 0 ? 'POKER_HALL' : null,
      to: 'BOTTOM',
      event: null,
      land: null,
      from: null,
    }) as const;

  test("TC7: on Site 4 with the Signpost (Round 5) you take Site 3's Boom but never Site-3 building abilities", () => {
    const g = round5([2, 2, 4]);
    expect(g.turn!.site).toBe(4);
    given(g).when(2, ability('ODD_FELLOWS_HALL', 0)).thenRefused('NOT_AVAILABLE');
    given(g).when(2, ability('HORSE_RANCH', 0)).thenAccepted();
    given(g).when(2, { type: 'BUILD', tool: 'SAW', card: 'POKER_HALL', gold: 0 }).thenAccepted();
  });

  test('TC8: the Signpost copying the Bust on Site 3 → both Bust; on Site 4 only Site-4 Bust abilities', () => {
    const g = round5([3, 3, 4]);
    expect(busts(g, 3) && busts(g, 4)).toBe(true);
    given(g).when(2, ability('HORSE_RANCH', 1)).thenAccepted();
    given(g).when(2, ability('ODD_FELLOWS_HALL', 1)).thenRefused('NOT_AVAILABLE');
    given(g)
      .when(2, { type: 'BUILD', tool: 'SAW', card: 'POKER_HALL', gold: 0 })
      .thenRefused('NOT_AVAILABLE');
    expect(g.turn!.wagons).toBe(1);
  });
});

describe('Wagons on the Frontier Map (RB L462-L513; PLACEHOLDER map)', () => {
  const atSite4 = (f: (s: ColomaState) => void = () => {}) =>
    dialAll(
      patch(skipOpening(newGame(3)), (x) => {
        x.players[0].horses = 3;
        f(x);
      }),
      [4, 1, 2],
    ).state;

  test('TC9 / TC13: end the first Wagon action on a Town for its Stop benefit, then move again normally', () => {
    const g = untilTurn(atSite4(), 0);
    expect(g.turn!.wagons).toBe(2);
    given(g)
      .when(0, { type: 'WAGON', path: ['S1', 'H1', 'HANGTOWN'], stopBenefit: true })
      .then((events) => {
        expect(ofType(events, 'BARREL_TAKEN')).toHaveLength(1); // Hangtown's Stop (placeholder: a Barrel, RB L801)
        expect(ofType(events, 'GAINED').map((e) => e.reason)).toEqual(['FRONTIER_S1']); // no Dudes from Hangtown
      })
      .when(0, { type: 'WAGON', path: ['H1', 'S1'], stopBenefit: false })
      .then((events) =>
        expect(ofType(events, 'GAINED')).toEqual([
          { type: 'GAINED', seat: 0, gains: { bucks: 1 }, reason: 'FRONTIER_S1' },
        ]),
      )
      .when(0, { type: 'WAGON', path: ['COLOMA'], stopBenefit: false })
      .thenRefused('NOT_AVAILABLE');
  });

  test('an occupied Settlement is skipped, not counted and gives nothing; a move never re-enters a space', () => {
    const g = untilTurn(
      atSite4((x) => Object.assign(x.players[0], { horses: 2 }) && void (x.players[1].wagon = 'S1')),
      0,
    );
    expect(code(attempt(g, 0, { type: 'WAGON', path: ['S1'], stopBenefit: false }))).toBe('ILLEGAL_TARGET');
    const { events } = act(g, 0, { type: 'WAGON', path: ['S1', 'H1', 'HANGTOWN'], stopBenefit: false });
    expect(ofType(events, 'GAINED').map((e) => e.reason)).toEqual(['FRONTIER_HANGTOWN']);
    expect(code(attempt(g, 0, { type: 'WAGON', path: ['S1', 'COLOMA'], stopBenefit: false }))).toBe(
      'ILLEGAL_TARGET',
    );
    expect(code(attempt(g, 0, { type: 'WAGON', path: ['H5', 'S5', 'FOLSOM'], stopBenefit: false }))).toBe(
      'ILLEGAL_TARGET',
    );
  });
});

describe('Site 5: Gunmen and Tents (RB L527-L564)', () => {
  const g = untilTurn(dialAll(skipOpening(newGame(3)), [5, 1, 2]).state, 0);

  test('one whole row of Gunmen per turn, from the Lodge', () => {
    expect(code(attempt(g, 0, { type: 'PLACE_GUNMEN', row: 4 }))).toBe('INSUFFICIENT'); // 5 Dudes, Lodge has 4
    const s = act(g, 0, { type: 'PLACE_GUNMEN', row: 1 }).state;
    expect(s.rows[1]).toBe(0);
    expect(s.players[0].dudes).toBe(2);
    expect(code(attempt(s, 0, { type: 'PLACE_GUNMEN', row: 0 }))).toBe('LIMIT');
  });

  test('a Frontier Tent needs the Wagon on an adjacent Town, never Coloma; an Event Tent once per Event', () => {
    expect(code(attempt(g, 0, { type: 'PLACE_TENT', event: null, land: 'LAND_1' }))).toBe('ILLEGAL_TARGET');
    const there = patch(g, (x) => void (x.players[0].wagon = 'HANGTOWN'));
    expect(code(attempt(there, 0, { type: 'PLACE_TENT', event: null, land: 'LAND_1' }))).toBe('ACCEPTED');
    const ev = act(g, 0, { type: 'PLACE_TENT', event: 3, land: null }).state;
    expect(ev.players[0].eventTents).toEqual([3]);
    expect(code(attempt(ev, 0, { type: 'PLACE_TENT', event: 3, land: null }))).toBe('INSUFFICIENT');
  });
});

describe('Events (RB L127-L157)', () => {
  test('TC16: Event 1 with your Tent there gives 4 Dudes, others 2', () => {
    let g = patch(atRound(skipOpening(newGame(3)), 5), (x) =>
      Object.assign(x.players[0], { eventTents: [1], tents: 0 }),
    );
    g = endTurns(dialAll(g, [2, 3, 4]).state).state;
    expect([g.year, g.round]).toEqual([2, 1]);
    const gained = (seat: number) => g.players[seat].dudes;
    expect(gained(0) - 4).toBe(4);
    expect(gained(1) - 4).toBe(2);
  });

  test('TC14: drawing 2 with 1 card left gives the card and 1 VP', () => {
    let g = patch(atRound(skipOpening(newGame(2)), 2), (x) => {
      const p = x.players[1];
      p.tableau = p.deck.slice(1);
      p.deck = p.deck.slice(0, 1);
    });
    const { state, events } = endTurns(dialAll(g, [1, 2]).state);
    g = state;
    expect(g.round).toBe(3);
    expect(ofType(events, 'CARDS_DRAWN').find((e) => e.seat === 1)).toMatchObject({ count: 1, missing: 1 });
    expect(g.players[1].vp).toBe(1);
    expect(
      engine.redact(
        ofType(events, 'CARDS_DRAWN').find((e) => e.seat === 1)!,
        0,
        null,
      ),
    ).toMatchObject({ cards: [] });
  });

  test('Event 5 (D5, D6): each player with Gold may spend 1 (2 with a Tent) for 3 VP each, Sheriff first', () => {
    let g = patch(atRound(skipOpening(newGame(3)), 4), (x) => void (x.players[1].eventTents = [5]));
    g = patch(g, (x) => {
      x.players[1].gold = 2;
      x.players[1].tents = 0;
    });
    g = endTurns(dialAll(g, [1, 2, 3]).state).state;
    expect(g.phase).toBe('EVENT_5');
    expect(g.eventQueue).toEqual([0, 1, 2]);
    g = act(g, 0, { type: 'SPEND_GOLD', gold: 0 }).state;
    expect(code(attempt(g, 1, { type: 'SPEND_GOLD', gold: 2 }))).toBe('ACCEPTED');
    g = act(g, 1, { type: 'SPEND_GOLD', gold: 2 }).state;
    expect(g.players[1].vp).toBe(6);
    expect(code(attempt(g, 2, { type: 'SPEND_GOLD', gold: 2 }))).toBe('LIMIT');
  });
});

describe('final scoring (RB L591-L609)', () => {
  const g = newGame(3);
  test('TC10: Tents on 3 Frontier Lands → 12 VP; TC12: on all 5 → 25 VP', () => {
    const with3 = patch(g, (x) => void (x.players[0].lands = ['LAND_1', 'LAND_2', 'LAND_3']));
    expect(scoreOf(with3, with3.players[0]).parts.frontier).toBe(12);
    const with5 = patch(
      g,
      (x) => void (x.players[0].lands = ['LAND_1', 'LAND_2', 'LAND_3', 'LAND_4', 'LAND_5']),
    );
    expect(scoreOf(with5, with5.players[0]).parts.frontier).toBe(25);
  });
});
