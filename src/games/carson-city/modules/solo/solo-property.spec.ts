/**
 * Property test of the solo mode (§11): random legal solo games (every strategy, with and without
 * the Carson River, uniform and city-building players) end with a valid result, keep the solo
 * invariants. CC_SOLO_GAMES (default 24).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import { BUILDING_TYPES, BUILDINGS } from '../../data/buildings';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import { SOLO_REMOVED_BUILDINGS, STRATEGIES, standishCardCount, standishIncomeVp } from './solo';
import type { CarsonState } from '../../state';
import { builder, randomGame, uniform, type Policy } from '../../testing/harness';

const GAMES = Number(process.env.CC_SOLO_GAMES ?? 24);

function must(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

function checkSolo(s: CarsonState): void {
  const solo = s.solo!;
  const player = s.players[0];
  const standish = s.players[solo.standish];
  must(s.seatCount === 2 && solo.standish === 1, 'Standish is the internal seat 1');
  must(player.money >= 0 && player.reserve >= 0 && player.reserve <= 10, 'player money and reserve');
  must(standish.money === 0, 'Standish keeps no money (§11.7)');
  must(
    standish.reserve === 0 && standish.revolvers === 0 && standish.held.length === 0,
    'Standish: no reserve, revolvers or personality',
  );
  must(solo.revealed.length <= standishCardCount(s.round), 'at most 3/4/5/5 cards a round');
  must(solo.deck.length + solo.discard.length + solo.revealed.length === 12, '12 cowboy cards');
  must(solo.bridges <= 1, 'one Standish bridge per game');
  must(
    s.parcels.filter((c) => c.owner === 0).length <= 12 &&
      s.parcels.filter((c) => c.owner === 1).length <= 12,
    '12 property tiles each',
  );
  for (const t of BUILDING_TYPES) {
    const n =
      s.bag[t] +
      s.track.filter((b) => b === t).length +
      s.players.reduce((k, p) => k + p.pending.filter((b) => b === t).length, 0) +
      s.parcels.filter((c) => c.content === t).length;
    const total = SOLO_REMOVED_BUILDINGS.includes(t)
      ? 0
      : s.options.buildings === 'FULL'
        ? BUILDINGS[t].count
        : BUILDINGS[t].firstGameCount;
    must(n === total, `buildings conserved (${t}: ${n} of ${total})`);
  }
}

let tileDuels = 0;
let sheets = 0;
let marksmanDuels = 0;

function checkEvents(events: CarsonEvent[]): void {
  let round = 0;
  let cards = 0;
  const picked: number[] = [];
  for (const e of events) {
    if (e.type === 'ROUND_STARTED') {
      if (round > 0) must(cards === standishCardCount(round), `round ${round}: ${cards} cards`);
      round = e.round;
      cards = 0;
      must(e.pickOrder.length === 1 && e.pickOrder[0] === 0, 'only the player picks');
    }
    if (e.type === 'TURN_ORDER_SET') must(e.turnOrder[0] === 1, 'Standish is always first');
    // A New Beginning (§11.1): the player's sheet only, no bid, nothing for Standish.
    if (e.type === 'SHEETS_REVEALED') {
      must(e.sheets[1] === null && e.totals[1] === null && e.sheets[0]!.bid === 0, 'one sheet, no bid');
      sheets++;
    }
    must(e.type !== 'FIRST_PLAYER_SET', 'no first-player bid in solo');
    if (e.type === 'DUEL_DIE_KEPT') marksmanDuels++;
    if (e.type === 'SOLO_CARD_DRAWN') cards++;
    if (e.type === 'DUEL') {
      // Standish never rolls nor plays a tile; he wins ties (§11.6).
      const st = e.participants.find((x) => x.seat === 1)!;
      const pl = e.participants.find((x) => x.seat === 0)!;
      must(st.dice.length === 0 && (st.tiles ?? []).length === 0, 'Standish neither rolls nor plays tiles');
      must((e.winner === 0) === pl.total > st.total, 'the player wins only with strictly more');
      if (pl.tiles) tileDuels++;
    }
    if (e.type === 'CHARACTER_PICKED') {
      must(!picked.includes(e.personality), 'each personality once per game (§11.2)');
      picked.push(e.personality);
    }
    if (e.type === 'SOLO_INCOME_CONVERTED')
      must(e.vp === standishIncomeVp(e.round, e.income), 'income conversion');
    if (e.type === 'PARCEL_CLAIMED' && e.seat === 1) must(e.price === 0, 'Standish parcels are free');
    if (e.type === 'BUILDING_BOUGHT' && e.seat === 1) must(e.price === 0, 'Standish buildings are free');
  }
  must(cards === standishCardCount(4), 'round 4 cards');
  must(events.filter((e) => e.type === 'SOLO_ROUND_END').length === 4, 'four solo ends of round');
}

/** A New Beginning: half of the sheets are picked among the Marksman's, so his duels happen. */
function withMarksman(policy: Policy): Policy {
  return (legal, rng, state) => {
    const m = legal.filter((c) => c.type === 'FILL_SHEET' && c.marksman);
    return m.length > 0 && rng.int(0, 1) === 0 ? m[rng.int(0, m.length - 1)] : policy(legal, rng, state);
  };
}

/** Modules allowed in solo (§11.1): none, the river, Might is Right, A New Beginning, combined. */
const SOLO_MODULES = [
  [],
  ['CARSON_RIVER'],
  ['MIGHT_IS_RIGHT'],
  ['CARSON_RIVER', 'MIGHT_IS_RIGHT'],
  ['A_NEW_BEGINNING'],
  ['A_NEW_BEGINNING', 'CARSON_RIVER'],
  ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'],
  ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT'],
];

function runSolo(count: number, policy: Policy, label: string): void {
  for (let g = 0; g < count; g++) {
    const strategy = STRATEGIES[g % 4];
    const modules = SOLO_MODULES[(g + Math.floor(g / 4)) % SOLO_MODULES.length];
    const options = {
      solo: { strategy },
      modules,
      ...(g % 5 === 2 && { buildings: 'FIRST_GAME' }),
    };
    const game = randomGame(
      options,
      1,
      `solo-${label}-${g}`,
      (s, _events) => {
        checkSolo(s);
        const prompts = engine.pending(s);
        must(
          prompts.every((p) => p.seat === 0),
          'only the player is ever prompted',
        );
      },
      20000,
      withMarksman(policy),
    );
    const result = engine.result(game.state)!;
    expect(result).not.toBeNull();
    expect(result.seats).toHaveLength(1);
    expect(result.seats[0].seat).toBe(0);
    const [player, standish] = game.state.final!;
    expect(result.winners).toEqual(player.total > standish.total ? [0] : []);
    expect(standish.total).toBe(standish.vpDuringPlay + standish.possessions + (standish.strategyBonus ?? 0));
    expect(player.total).toBe(
      player.vpDuringPlay +
        player.money +
        player.possessions +
        player.bridges +
        player.teacher +
        player.trainStation +
        player.horses,
    );
    checkEvents(game.events);
  }
}

describe('property: random solo games (§11)', () => {
  afterAll(() => {
    console.log(
      `solo property: ${tileDuels} tile duels against Standish, ${sheets} New Beginning sheets, ${marksmanDuels} Marksman dice kept`,
    );
    expect(tileDuels).toBeGreaterThan(0); // Might is Right games duelled with tiles
    expect(sheets).toBeGreaterThan(0);
    expect(marksmanDuels).toBeGreaterThan(0);
  });
  test(`${GAMES} uniform solo games end with a valid result and replay exactly`, () =>
    runSolo(GAMES, uniform, 'uniform'));
  test(`${Math.ceil(GAMES / 2)} city-building solo games too`, () =>
    runSolo(Math.ceil(GAMES / 2), builder, 'builder'));
});
