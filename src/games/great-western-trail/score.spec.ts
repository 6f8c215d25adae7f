/**
 * Final scoring (RULES.md §4.3), objective evaluation (§3.5, D19, G14), city scoring (G17), the
 * choice of objective cards left in the deck (D20) and the result (D15: ties share the win).
 * States are built directly: only what scoring reads is filled in.
 */
import { createRng } from '../random';
import { cardIdOf } from './cards';
import { simmentalCard } from './data/cattle';
import { OBJECTIVE_CARDS } from './data/objectives';
import { OBJECTIVE_TASKS, type ObjectiveTask } from './data/types';
import { ranks, result } from './result';
import {
  bestFinalObjectives,
  cityScore,
  finalScore,
  evaluateObjectives,
  evaluatePlayerObjectives,
  objectiveItems,
  SCORE_CATEGORIES,
  scoreGame,
  scorePlayer,
  stationMasterScore,
  workerScore,
} from './score';
import type { GwtState, HazardTile } from './state';
import { blankState } from './testing/fixtures';

/** A state with `seats` bare players (no buildings, discs, cards or tiles) and the game over. */
function bare(seats = 2): GwtState {
  return blankState(seats, 'MOVE', {
    jobMarket: [],
    jobMarketTokenRow: null,
    endTriggeredBy: 0,
    over: true,
    turnNumber: 40,
  });
}

const hazard = (vp: number): HazardTile => ({ kind: 'hazard', hazard: 'flood', hand: 'green', vp });
const items = (over: Partial<Record<ObjectiveTask, number>>): Record<ObjectiveTask, number> => ({
  ...(Object.fromEntries(OBJECTIVE_TASKS.map((t) => [t, 0])) as Record<ObjectiveTask, number>),
  ...over,
});

/** Put `count` buildings of `seat` on the trail (distinct slots). */
function build(s: GwtState, seat: number, buildings: string[]): void {
  const slots = ['P-A1', 'P-A2', 'P-A3', 'P-B1', 'P-B2', 'P-B3', 'P-C1', 'P-C2', 'P-D1', 'P-E1'].filter(
    (id) => !s.trail[id],
  );
  buildings.forEach((building, i) => (s.trail[slots[i]] = { kind: 'PLAYER', owner: seat, building }));
}

describe('objective evaluation', () => {
  it('G14: START-3, OBJ-18, OBJ-06, OBJ-07 with 3 buildings, 3 hazards, 1 orange bandit, 2 New York discs score 18', () => {
    const area = ['START-3', 'OBJ-18', 'OBJ-06', 'OBJ-07'];
    const rich = evaluateObjectives(
      area,
      items({ building: 3, hazard: 3, orange_bandit: 1, new_york_delivery: 2 }),
    );
    expect(rich.total).toBe(18);
    expect(rich.cards.map((c) => c.points)).toEqual([3, 5, 5, 5]);
    expect(rich.used).toMatchObject({ building: 3, hazard: 3, orange_bandit: 1, new_york_delivery: 2 });
    // With only one New York disc, one of OBJ-06/07 fails: 3 + 5 + 5 - 3.
    const poor = evaluateObjectives(
      area,
      items({ building: 3, hazard: 3, orange_bandit: 1, new_york_delivery: 1 }),
    );
    expect(poor.total).toBe(10);
    expect(poor.cards.filter((c) => !c.complete).map((c) => c.points)).toEqual([-3]);
  });

  it('G14 from a state: items are counted from the board, the tiles and the discs', () => {
    const s = bare(2);
    const p = s.players[0];
    build(s, 0, ['1a', '2a', '3a']);
    build(s, 1, ['4a']);
    p.hazards = [hazard(2), hazard(3), hazard(4)];
    p.bandits = ['orange'];
    s.cityDiscs.NEW_YORK = [1, 0, 0];
    p.objectives = ['START-3', 'OBJ-18', 'OBJ-06', 'OBJ-07'];
    expect(objectiveItems(s, 0)).toMatchObject({
      building: 3,
      hazard: 3,
      orange_bandit: 1,
      green_bandit: 0,
      new_york_delivery: 2,
    });
    expect(evaluatePlayerObjectives(s, 0).total).toBe(18);
    expect(scorePlayer(s, 0).objective_cards).toBe(18);
    s.cityDiscs.NEW_YORK = [1, 0];
    expect(scorePlayer(s, 0).objective_cards).toBe(10);
  });

  it('each item counts for one card only', () => {
    // Three New York cards, two discs: 5 + 5 - 3.
    expect(evaluateObjectives(['OBJ-06', 'OBJ-07', 'OBJ-08'], items({ new_york_delivery: 2 })).total).toBe(7);
    // Two cards wanting the same two buildings and a hazard: only one can be met.
    const r = evaluateObjectives(['OBJ-12', 'START-3'], items({ building: 2, hazard: 2 }));
    expect(r.cards).toEqual([
      { card: 'OBJ-12', complete: true, points: 3 },
      { card: 'START-3', complete: false, points: 0 },
    ]);
  });

  it('chooses the assignment that maximises the total, not the first that fits (D19)', () => {
    // 4 buildings, 3 hazards. In area order, START-3 then OBJ-12 would fit and leave OBJ-20 short
    // (3 + 3 - 2 = 4). Best: OBJ-12 and OBJ-20, START-3 left incomplete at no cost (3 + 5 + 0 = 8).
    const r = evaluateObjectives(['START-3', 'OBJ-12', 'OBJ-20'], items({ building: 4, hazard: 3 }));
    expect(r.total).toBe(8);
    expect(r.cards.map((c) => c.complete)).toEqual([false, true, true]);
    // Penalties count when nothing can be met.
    expect(evaluateObjectives(['OBJ-01', 'OBJ-15', 'START-2'], items({})).total).toBe(-2 - 3 + 0);
  });

  it('is exact on a larger area (brute force agrees)', () => {
    const area = [
      'START-1',
      'OBJ-04',
      'OBJ-11',
      'OBJ-16',
      'OBJ-22',
      'OBJ-23',
      'OBJ-01',
      'OBJ-10',
      'OBJ-15',
      'OBJ-03',
      'OBJ-19',
    ];
    const have = items({
      value3_cattle: 5,
      shorthorn: 3,
      hereford: 2,
      hazard: 5,
      station: 4,
      building: 2,
      green_bandit: 1,
    });
    const r = evaluateObjectives(area, have);
    // Brute force over every subset of cards to complete.
    const cards = area.map((id) => OBJECTIVE_CARDS.find((c) => c.id === id)!);
    let best = -Infinity;
    for (let mask = 0; mask < 1 << cards.length; mask++) {
      const need = items({});
      let total = 0;
      cards.forEach((c, i) => {
        if (mask & (1 << i)) {
          c.tasks.forEach((t) => (need[t] += 1));
          total += c.vp;
        } else total -= c.penalty;
      });
      if (OBJECTIVE_TASKS.every((t) => need[t] <= have[t])) best = Math.max(best, total);
    }
    expect(r.total).toBe(best);
    // The reported assignment is feasible and adds up.
    for (const t of OBJECTIVE_TASKS) expect(r.used[t]).toBeLessThanOrEqual(have[t]);
    expect(r.cards.reduce((n, c) => n + c.points, 0)).toBe(r.total);
  });

  it('cattle tasks count the whole deck, and Simmentals meet none of them (§5.1)', () => {
    const s = bare(2);
    const p = s.players[0];
    p.hand = ['longhorn:2', 'criollo:0'];
    p.drawPile = ['shorthorn:4', 'OBJ-16', cardIdOf(simmentalCard(1)), cardIdOf(simmentalCard(2))];
    p.discard = ['hereford:6', 'black_angus:1', cardIdOf(simmentalCard(3))];
    expect(objectiveItems(s, 0)).toMatchObject({ value3_cattle: 2, shorthorn: 1, hereford: 1 });
  });
});

describe('city scoring', () => {
  it('G17: discs on Pittsburgh and Philadelphia only score 6 + 4 = 10 (no Toledo link, D8)', () => {
    const s = bare(2);
    s.cityDiscs = { PITTSBURGH: [0], PHILADELPHIA: [0], TOLEDO: [1] };
    expect(cityScore(s, 0)).toBe(10);
    expect(scorePlayer(s, 0).cities).toBe(10);
    // With Toledo as well: + the Toledo–Pittsburgh 8.
    s.cityDiscs.TOLEDO = [1, 0];
    expect(cityScore(s, 0)).toBe(18);
  });

  it('D8 [L459]: Pittsburgh itself prints no VP: a disc there alone scores 0, its 4 is the Philadelphia link', () => {
    const s = bare(2);
    s.cityDiscs = { PITTSBURGH: [0] };
    expect(cityScore(s, 0)).toBe(0);
    s.cityDiscs.PHILADELPHIA = [0];
    expect(cityScore(s, 0)).toBe(6 + 4);
  });

  it('Kansas City -6 and New York +9 per disc, Fulton–St. Louis -3, Chicago–Toledo +6; may be negative', () => {
    const s = bare(2);
    s.cityDiscs = { KANSAS_CITY: [0, 1, 0], FULTON: [0], ST_LOUIS: [0] };
    expect(cityScore(s, 0)).toBe(-12 - 3);
    expect(cityScore(s, 1)).toBe(-6);
    s.cityDiscs.CHICAGO = [0];
    s.cityDiscs.TOLEDO = [0];
    s.cityDiscs.NEW_YORK = [0, 1, 0];
    expect(cityScore(s, 0)).toBe(-12 - 3 + 6 + 18);
    // Links with no VP (St. Louis–Bloomington, ...) add nothing.
    s.cityDiscs.BLOOMINGTON = [0];
    s.cityDiscs.PEORIA = [0];
    expect(cityScore(s, 0)).toBe(-12 - 3 + 6 + 18);
  });
});

describe('station masters and workers', () => {
  it('scores each bottom half', () => {
    const s = bare(2);
    const p = s.players[0];
    const only = (master: string) => {
      p.stationMasters = [master];
      return stationMasterScore(s, 0);
    };
    p.workers = { cowboy: 3, craftsman: 2, engineer: 4 };
    expect(only('SM-WORKERS')).toBe(9);
    p.objectives = ['START-1', 'OBJ-01', 'OBJ-02'];
    expect(only('SM-OBJECTIVES')).toBe(3);
    p.hazards = [hazard(2), hazard(2), hazard(3), hazard(4), hazard(4)];
    expect(only('SM-HAZARDS')).toBe(6);
    p.bandits = ['green', 'orange', 'green', 'green', 'orange'];
    expect(only('SM-BANDIT-PAIRS')).toBe(6);
    // Temporary 4 + its own permanent certificate 1 = 5 -> 2 pairs.
    p.certificates = 4;
    expect(only('SM-CERTIFICATES')).toBe(6);
    s.stationDiscs = { 'STATION-1': [0], 'STATION-2': [1, 0], 'STATION-7': [0], 'STATION-8': [1] };
    expect(only('SM-STATIONS')).toBe(3);
    build(s, 0, ['1a', '2a', '3a']);
    expect(only('SM-BUILDINGS')).toBe(6);
    expect(only('SM-12-DOLLARS')).toBe(0);
    expect(only('SM-2-PERM-CERTS')).toBe(0);
    // Permanent certificates of the other tiles count for SM-CERTIFICATES: 4 + 1 + 2 = 7 -> 3 pairs.
    p.stationMasters = ['SM-CERTIFICATES', 'SM-2-PERM-CERTS'];
    expect(stationMasterScore(s, 0)).toBe(9);
  });

  it('4 VP per worker on slot 5 or 6', () => {
    const s = bare(2);
    s.players[0].workers = { cowboy: 6, craftsman: 4, engineer: 5 };
    expect(workerScore(s, 0)).toBe(8 + 0 + 4);
    s.players[0].workers = { cowboy: 1, craftsman: 1, engineer: 1 };
    expect(workerScore(s, 0)).toBe(0);
  });
});

/**
 * Seat 0 of a 3-player game with something in every category:
 * money $23 -> 4; buildings 4a + 7a + 10b = 3 + 6 + 11 = 20; cities KC x2 (-12), Fulton + St. Louis
 * (-3), Chicago + Toledo (+6), New York x2 (+18) = 9; stations 1, 5, 10 = 1 + 3 + 9 = 13; hazards
 * 2 + 4 + 3 = 9; cattle hereford 7 + shorthorn 5 + longhorn 2 + corriente 3 + Simmental cow 4 = 21;
 * objectives 13 (below); station masters 31 (below); workers 6 / 2 / 5 -> 8 + 0 + 4 = 12; STEP-VP
 * removed 3; job-market token 2. Total 137.
 */
function fullFixture(): GwtState {
  const s = bare(3);
  const p = s.players[0];
  p.money = 23;
  build(s, 0, ['4a', '7a', '10b']);
  build(s, 1, ['1a']);
  s.cityDiscs = {
    KANSAS_CITY: [0, 1, 0],
    FULTON: [0],
    ST_LOUIS: [0],
    CHICAGO: [0],
    TOLEDO: [1, 0],
    NEW_YORK: [0, 2, 0],
    PHILADELPHIA: [1],
  };
  s.stationDiscs = { 'STATION-1': [0], 'STATION-2': [1], 'STATION-5': [0, 1], 'STATION-10': [0] };
  p.hazards = [hazard(2), hazard(4), hazard(3)];
  p.hand = ['hereford:7', 'criollo:0'];
  p.drawPile = ['shorthorn:5', 'longhorn:2', 'OBJ-01'];
  p.discard = ['corriente:3', cardIdOf(simmentalCard(2))];
  // Items: value3 2 (Simmental excluded), shorthorn 1, hereford 1, buildings 3, stations 3,
  // hazards 3, New York 2. START-1 and OBJ-16 both want the one Shorthorn: OBJ-16 (+5) beats
  // START-1 (+3, and 0 when missed). OBJ-03 +3, OBJ-06 +5. Total 5 + 0 + 3 + 5 = 13.
  p.objectives = ['START-1', 'OBJ-03', 'OBJ-06', 'OBJ-16'];
  // SM-WORKERS 13 workers = 13; SM-CERTIFICATES: 4 + 2 permanent (its own and SM-BANDIT-PAIRS')
  // = 6 -> 9; SM-OBJECTIVES 4 cards -> 6; SM-BANDIT-PAIRS 1 pair -> 3. Total 31.
  p.stationMasters = ['SM-WORKERS', 'SM-CERTIFICATES', 'SM-OBJECTIVES', 'SM-BANDIT-PAIRS'];
  p.certificates = 4;
  p.bandits = ['green', 'orange', 'green'];
  p.workers = { cowboy: 6, craftsman: 2, engineer: 5 };
  p.discs = p.discs.filter((d) => d !== 'STEP-VP' && d !== 'STEP-DOLLARS');
  p.jobMarketToken = true;
  return s;
}

describe('final scoring: the 11 categories', () => {
  it('scores a full sheet exactly', () => {
    const sheet = scorePlayer(fullFixture(), 0);
    expect(sheet).toMatchObject({
      seat: 0,
      money: 4,
      buildings: 20,
      cities: 9,
      stations: 13,
      hazards: 9,
      cattle_cards: 21,
      objective_cards: 13,
      station_masters: 31,
      workers: 12,
      step_disc_vp: 3,
      job_market_token: 2,
      total: 137,
    });
    // OBJ-01 in the draw pile would need the Shorthorn OBJ-16 uses: dropped.
    expect(scoreGame(fullFixture())[0]).toMatchObject({ total: 137, objectivesAdded: [] });
    expect(SCORE_CATEGORIES.reduce((n, c) => n + sheet[c], 0)).toBe(sheet.total);
    expect(sheet.objectiveCards).toEqual([
      { card: 'START-1', complete: false, points: 0 },
      { card: 'OBJ-03', complete: true, points: 3 },
      { card: 'OBJ-06', complete: true, points: 5 },
      { card: 'OBJ-16', complete: true, points: 5 },
    ]);
  });

  it('the other seats of the fixture', () => {
    const [, one, two] = scoreGame(fullFixture());
    // Seat 1: building 1a (1); KC -6 and Philadelphia +6, Toledo alone (no link); stations 2 + 5 (1 + 3).
    expect(one).toMatchObject({ buildings: 1, cities: 0, stations: 4, total: 5 });
    // Seat 2: one New York disc.
    expect(two).toMatchObject({ cities: 9, total: 9 });
  });

  it('money scores full $5 only; the STEP-DOLLARS disc scores nothing', () => {
    const s = bare(2);
    s.players[0].money = 4;
    s.players[1].money = 15;
    s.players[1].discs = s.players[1].discs.filter((d) => d !== 'STEP-DOLLARS');
    expect(scoreGame(s).map((x) => [x.money, x.step_disc_vp])).toEqual([
      [0, 0],
      [3, 0],
    ]);
  });
});

describe('objective cards left in the deck (D20: the engine adds those that pay)', () => {
  it('adds a card only when it raises the total', () => {
    const s = bare(2);
    const p = s.players[0];
    s.cityDiscs.NEW_YORK = [0];
    p.objectives = ['START-4'];
    p.hand = ['OBJ-06'];
    p.discard = ['OBJ-01'];
    expect(bestFinalObjectives(s, 0)).toEqual(['OBJ-06']);
    // With SM-OBJECTIVES, a third card is worth it only if it makes a pair: 3 cards -> 1 pair.
    p.stationMasters = ['SM-OBJECTIVES'];
    expect(bestFinalObjectives(s, 0)).toEqual(['OBJ-06']);
    p.objectives = ['START-4', 'OBJ-02'];
    // Area of 2 + OBJ-06 = 3 cards; + OBJ-01 = 4 cards (+3 for the second pair, -2 penalty).
    expect(bestFinalObjectives(s, 0)).toEqual(['OBJ-01', 'OBJ-06']);
  });

  it('nothing to add when no card helps', () => {
    const s = bare(2);
    s.players[0].drawPile = ['OBJ-06', 'criollo:0'];
    expect(bestFinalObjectives(s, 0)).toEqual([]);
    expect(bestFinalObjectives(s, 1)).toEqual([]);
    expect(finalScore(s, 0)).toMatchObject({ objective_cards: 0, objectivesAdded: [], total: 0 });
  });

  it('final scoring adds the chosen cards and lists them; the area itself is not changed', () => {
    const s = bare(2);
    const p = s.players[0];
    build(s, 0, ['1a', '2a']);
    p.hazards = [hazard(2)];
    p.objectives = ['START-4'];
    p.hand = ['OBJ-12'];
    p.drawPile = ['OBJ-24', 'OBJ-06'];
    p.discard = ['criollo:0', 'OBJ-17'];
    // OBJ-12 (2 buildings + hazard) is met; OBJ-24, OBJ-06, OBJ-17 are not. START-4 missed: 0.
    const sheet = finalScore(s, 0);
    expect(sheet.objectivesAdded).toEqual(['OBJ-12']);
    expect(sheet.objective_cards).toBe(3);
    expect(sheet.objectiveCards).toEqual([
      { card: 'START-4', complete: false, points: 0 },
      { card: 'OBJ-12', complete: true, points: 3 },
    ]);
    expect(sheet.total).toBe(3 + 2 + 2);
    expect(scorePlayer(s, 0)).toMatchObject({ objective_cards: 0, objectivesAdded: [] });
    expect(p.objectives).toEqual(['START-4']);
    const r = result(s)!;
    expect(r.seats[0].detail).toMatchObject({ objectivesAdded: ['OBJ-12'], objective_cards: 3 });
  });

  it('is exact against every subset on a bigger deck', () => {
    const s = bare(2);
    const p = s.players[0];
    build(s, 0, ['1a', '2a', '3a']);
    p.hazards = [hazard(2), hazard(2), hazard(3)];
    p.bandits = ['orange', 'green'];
    s.stationDiscs = { 'STATION-1': [0], 'STATION-3': [0] };
    s.cityDiscs.NEW_YORK = [0];
    p.stationMasters = ['SM-OBJECTIVES'];
    p.objectives = ['START-2', 'OBJ-05'];
    const deck = ['OBJ-02', 'OBJ-03', 'OBJ-06', 'OBJ-07', 'OBJ-12', 'OBJ-18', 'OBJ-20', 'OBJ-21'];
    p.hand = deck.slice(0, 3);
    p.drawPile = deck.slice(3, 6);
    p.discard = deck.slice(6);
    let best = -Infinity;
    for (let mask = 0; mask < 1 << deck.length; mask++)
      best = Math.max(
        best,
        scorePlayer(
          s,
          0,
          deck.filter((_, i) => mask & (1 << i)),
        ).total,
      );
    expect(finalScore(s, 0).total).toBe(best);
    expect(scoreGame(s)[0].total).toBe(best);
  });
});

describe('exactness on random positions', () => {
  const ALL = OBJECTIVE_CARDS.map((c) => c.id as string);
  it('the objective total and the D20 choice match brute force', () => {
    const rng = createRng('score-spec-random');
    for (let round = 0; round < 40; round++) {
      const have = items(Object.fromEntries(OBJECTIVE_TASKS.map((t) => [t, rng.int(0, 4)])));
      const shuffled = rng.shuffle(ALL);
      const area = shuffled.slice(0, rng.int(0, 6));
      const deck = shuffled.slice(6, 6 + rng.int(0, 7));
      // Brute force for the area alone.
      const cards = area.map((id) => OBJECTIVE_CARDS.find((c) => c.id === id)!);
      let best = -Infinity;
      for (let mask = 0; mask < 1 << cards.length; mask++) {
        const need = items({});
        let total = 0;
        cards.forEach((c, i) => {
          if (mask & (1 << i)) {
            c.tasks.forEach((t) => (need[t] += 1));
            total += c.vp;
          } else total -= c.penalty;
        });
        if (OBJECTIVE_TASKS.every((t) => need[t] <= have[t])) best = Math.max(best, total);
      }
      expect(evaluateObjectives(area, have).total).toBe(best);

      // The same position on a board, with SM-OBJECTIVES half the time: D20 against every subset.
      const st = bare(2);
      const p = st.players[0];
      build(
        st,
        0,
        Array.from({ length: have.building }, (_, i) => `${i + 1}a`),
      );
      p.hazards = Array.from({ length: have.hazard }, () => hazard(2));
      p.bandits = [...Array(have.green_bandit).fill('green'), ...Array(have.orange_bandit).fill('orange')];
      st.stationDiscs = Object.fromEntries(
        Array.from({ length: have.station }, (_, i) => [`STATION-${i + 1}`, [0]]),
      );
      st.cityDiscs.NEW_YORK = Array(have.new_york_delivery).fill(0);
      p.drawPile = [
        ...Array(have.value3_cattle).fill('longhorn:2'),
        ...Array(have.shorthorn).fill('shorthorn:3'),
        ...Array(have.hereford).fill('hereford:5'),
        ...deck,
      ];
      p.objectives = area;
      if (round % 2) p.stationMasters = ['SM-OBJECTIVES'];
      expect(objectiveItems(st, 0)).toEqual(have);
      let bestTotal = -Infinity;
      for (let mask = 0; mask < 1 << deck.length; mask++)
        bestTotal = Math.max(
          bestTotal,
          scorePlayer(
            st,
            0,
            deck.filter((_, i) => mask & (1 << i)),
          ).total,
        );
      const chosen = finalScore(st, 0);
      expect(chosen.total).toBe(bestTotal);
      expect(chosen.objectivesAdded.every((c) => deck.includes(c))).toBe(true);
    }
  });
});

describe('result', () => {
  it('is null until the game is over', () => {
    const s = fullFixture();
    s.over = false;
    expect(result(s)).toBeNull();
  });

  it('ranks by total with the breakdown in detail', () => {
    const r = result(fullFixture())!;
    expect(r.reason).toBe('FINAL_SCORING');
    expect(r.winners).toEqual([0]);
    expect(r.seats.map((x) => [x.seat, x.rank, x.winner, x.score])).toEqual([
      [0, 1, true, 137],
      [1, 3, false, 5],
      [2, 2, false, 9],
    ]);
    expect(r.seats[0].detail).toMatchObject({ money: 4, objective_cards: 13, total: 137 });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('ties share the win and the rank (D15)', () => {
    const s = bare(3);
    s.players[0].money = 10;
    s.players[1].money = 12;
    s.players[2].money = 5;
    const r = result(s)!;
    expect(r.winners).toEqual([0, 1]);
    expect(r.seats.map((x) => [x.rank, x.winner])).toEqual([
      [1, true],
      [1, true],
      [3, false],
    ]);
    expect(r.detail).toMatchObject({ shared: true });
    expect(ranks([5, 7, 7, 1])).toEqual([3, 1, 1, 4]);
  });
});
