/**
 * Integrity of the GWT2 component data, and the counts, costs and VP the rulebook text states
 * (002_e01b7ac9568d1935.txt; section names in the test titles). Numbers in expectations are written out
 * from the rulebook, not derived from the data.
 */
import {
  AUXILIARY_ACTIONS,
  BAGS,
  BANDIT_PLACEMENT_ORDER,
  BANDIT_TILES_PER_COLOUR,
  BRANCHES,
  BUILDING_SLOT_IDS,
  BUYING_OPTIONS,
  CERTIFICATE_LIMIT_START,
  CERTIFICATE_TRACK,
  CERTIFICATES_START,
  CITIES,
  CITY_IDS,
  CITY_LINKS,
  DISCS,
  DISC_IDS,
  DOLLARS_PER_VP,
  EDGES,
  END_OF_TRACK_BONUS_DOLLARS,
  EXCHANGE_TOKEN_ACTION,
  EXCHANGE_TOKEN_SUPPLY,
  FEES,
  FIRST_TURN_HAND_SIZE,
  FORESIGHT_COLUMNS,
  FORESIGHT_SPACES_PER_COLUMN,
  GENERAL_OBJECTIVES,
  HAND_LIMIT_MAX,
  HAND_LIMIT_START,
  HANDS,
  HAZARD_KINDS,
  HAZARD_PLACEMENT_ORDER,
  HAZARD_TILE_MIX,
  JOB_MARKET_ARROWS,
  JOB_MARKET_COLUMNS,
  JOB_MARKET_INITIAL_WORKERS,
  JOB_MARKET_ROW_COSTS,
  JOB_MARKET_ROWS,
  JOB_MARKET_TOKEN_VP,
  LOCATIONS,
  MARKET_BREEDS,
  MARKET_DECK,
  MARKET_SIZE,
  MARKET_SIZE_WITH_SIMMENTAL,
  NEUTRAL_BUILDINGS,
  OBJECTIVE_CARDS,
  OBJECTIVE_DISPLAY_SIZE,
  PLAYER_BUILDINGS,
  PLAYER_BUILDING_IDS,
  PLAYER_COUNTS,
  RISK_ANY_CARD_FOR_CERTIFICATE,
  RISK_CRIOLLO_FOR_CERTIFICATE_AND_2,
  SCORING_CATEGORIES,
  SETUP_TRAIL_TILES,
  SIMMENTAL_LEVELS,
  STARTING_BREEDS,
  STARTING_DECK,
  STARTING_OBJECTIVES,
  STARTING_RESOURCES,
  STARTING_WORKERS,
  STATION_MASTERS,
  STATION_MASTERS_IN_PLAY,
  STATIONS,
  STEP_LIMIT,
  TRACK_SPACES,
  TURNOUTS,
  WORKER_KINDS,
  WORKER_ROW_SIZE,
  WORKER_SLOT_ACTIONS,
  WORKER_SLOT_VP,
  X_MARKS,
  bagTiles,
  isCityId,
  isLocationId,
  isPlayerBuildingId,
  breedingValueOf,
  discFits,
  feeFor,
  handBreedingValue,
  jobMarketSpaces,
  locationById,
  marketSize,
  objectiveCard,
  playerBuilding,
  simmentalCard,
  stationAt,
  trackNext,
  transportCost,
  type ActionSpec,
  type ActionType,
  type CattleCard,
  type LocationId,
  type ObjectiveTask,
  type SupplyTile,
} from './index';

const count = <T>(xs: readonly T[], pred: (x: T) => boolean): number => xs.filter(pred).length;
const tally = <T extends string>(xs: readonly T[]): Record<string, number> =>
  xs.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

describe('trail', () => {
  it('has 52 locations and 55 edges with unique ids', () => {
    expect(LOCATIONS).toHaveLength(52);
    expect(new Set(LOCATIONS.map((l) => l.id)).size).toBe(52);
    expect(EDGES).toHaveLength(55);
    expect(new Set(EDGES.map(([a, b]) => `${a}>${b}`)).size).toBe(55);
  });

  it('has 7 neutral, 22 building (15 plain + 7 risk), 12 hazard (4 per kind), 9 bandit slots, START and Kansas City', () => {
    expect(count(LOCATIONS, (l) => l.kind === 'neutral_building_slot')).toBe(7);
    expect(count(LOCATIONS, (l) => l.kind === 'player_building_slot')).toBe(22);
    expect(count(LOCATIONS, (l) => l.kind === 'player_building_slot' && l.riskAction !== null)).toBe(7);
    expect(count(LOCATIONS, (l) => l.kind === 'hazard_slot')).toBe(12);
    for (const k of HAZARD_KINDS)
      expect(count(LOCATIONS, (l) => l.kind === 'hazard_slot' && l.hazard === k)).toBe(4);
    expect(count(LOCATIONS, (l) => l.kind === 'bandit_slot')).toBe(9);
    expect(count(LOCATIONS, (l) => l.kind === 'bandit_slot' && l.onTrail)).toBe(6);
    expect(count(LOCATIONS, (l) => l.kind === 'start')).toBe(1);
    expect(count(LOCATIONS, (l) => l.kind === 'kansas_city')).toBe(1);
    expect(BUILDING_SLOT_IDS).toHaveLength(22);
  });

  it('lists as edges exactly the `next` links, and every endpoint exists', () => {
    const ids = new Set<LocationId>(LOCATIONS.map((l) => l.id));
    for (const [a, b] of EDGES) {
      expect(ids.has(a)).toBe(true);
      expect(ids.has(b)).toBe(true);
    }
    const fromNext = LOCATIONS.flatMap((l) => l.next.map((n) => `${l.id}>${n}`)).sort();
    expect(EDGES.map(([a, b]) => `${a}>${b}`).sort()).toEqual(fromNext);
  });

  it('reaches every on-trail location from START, and Kansas City from every one of them (no cycles)', () => {
    const reach = (from: LocationId): Set<LocationId> => {
      const seen = new Set<LocationId>([from]);
      const todo = [from];
      while (todo.length)
        for (const n of locationById(todo.pop()!).next)
          if (!seen.has(n)) {
            seen.add(n);
            todo.push(n);
          }
      return seen;
    };
    const fromStart = reach('START');
    const offTrail = LOCATIONS.filter((l) => l.kind === 'bandit_slot' && !l.onTrail).map((l) => l.id);
    expect(offTrail.sort()).toEqual(['BANDIT-1', 'BANDIT-2', 'BANDIT-3']);
    expect(fromStart.size).toBe(52 - 3);
    for (const l of LOCATIONS) {
      if (offTrail.includes(l.id)) {
        expect(l.next).toEqual([]);
        expect(EDGES.some(([, b]) => b === l.id)).toBe(false);
        continue;
      }
      expect(fromStart.has(l.id)).toBe(true);
      expect(reach(l.id).has('KANSAS_CITY')).toBe(true);
      for (const n of l.next) expect(reach(n).has(l.id)).toBe(false);
    }
    expect(locationById('KANSAS_CITY').next).toEqual([]);
    expect(locationById('START').next).toEqual(['N-A']);
  });

  it('visits the neutral buildings in order A..G on every route (D only via C, 2nd edition)', () => {
    const routes: LocationId[][] = [];
    const walk = (at: LocationId, path: LocationId[]) => {
      const l = locationById(at);
      if (l.next.length === 0) return routes.push([...path, at]);
      for (const n of l.next) walk(n, [...path, at]);
    };
    walk('START', []);
    const letters = routes.map((r) => r.filter((id) => id.startsWith('N-')).join(''));
    expect(new Set(letters)).toEqual(new Set(['N-AN-BN-CN-EN-FN-G', 'N-AN-BN-CN-DN-EN-FN-G']));
    // 2 x 2 x (1 + 2) x 2 x 2 x 2 routes.
    expect(routes).toHaveLength(96);
  });

  it('describes each branch along the `next` links', () => {
    for (const b of BRANCHES) {
      expect(b.options.map((o) => o[0]).sort()).toEqual([...locationById(b.at).next].sort());
      for (const opt of b.options) {
        for (let i = 0; i + 1 < opt.length; i++) expect(locationById(opt[i]).next).toContain(opt[i + 1]);
        const last = opt[opt.length - 1];
        // An option may end at a nested branch (C -> D) that rejoins at the same place.
        const nested = BRANCHES.find((x) => x.at === last);
        if (nested) expect(nested.rejoin).toBe(b.rejoin);
        else expect(locationById(last).next).toContain(b.rejoin);
      }
    }
  });

  it('places hazards by lowest number of their kind, bandits by slot numbers 1..9 (rulebook setup step 6)', () => {
    for (const k of HAZARD_KINDS) {
      const order = HAZARD_PLACEMENT_ORDER[k].map(locationById);
      expect(order.map((l) => (l.kind === 'hazard_slot' ? `${l.hazard}${l.number}` : '?'))).toEqual(
        [1, 2, 3, 4].map((n) => `${k}${n}`),
      );
    }
    expect(
      BANDIT_PLACEMENT_ORDER.map((id) => {
        const l = locationById(id);
        return l.kind === 'bandit_slot' ? l.placement : 0;
      }),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('pays bounties: exchange token, then $1 $2 $3 $4 $5 $6 $8 $10 (README item 4)', () => {
    const bounties = BANDIT_PLACEMENT_ORDER.map((id) => {
      const l = locationById(id);
      return l.kind === 'bandit_slot' ? l.bounty : null;
    });
    expect(bounties[0]).toEqual({ type: 'GAIN_EXCHANGE_TOKEN', amount: 1 });
    expect(bounties.slice(1).map((b) => (b?.type === 'GAIN_DOLLARS' ? b.amount : -1))).toEqual([
      1, 2, 3, 4, 5, 6, 8, 10,
    ]);
  });

  it('has the two risk actions the rulebook lists: any card -> 1 certificate; Criollo -> 1 certificate and $2', () => {
    const risks = LOCATIONS.flatMap((l) =>
      l.kind === 'player_building_slot' && l.riskAction ? [l.riskAction] : [],
    );
    expect(count(risks, (r) => r === RISK_ANY_CARD_FOR_CERTIFICATE)).toBe(4);
    expect(count(risks, (r) => r === RISK_CRIOLLO_FOR_CERTIFICATE_AND_2)).toBe(3);
    expect(locationById('R-FLOOD-1')).toMatchObject({
      riskAction: { card: { kind: 'ANY' }, gain: { certificates: 1 } },
    });
    expect(
      LOCATIONS.filter((l) => l.id.startsWith('R-')).every(
        (l) => l.kind === 'player_building_slot' && l.riskAction,
      ),
    ).toBe(true);
    expect(
      LOCATIONS.filter((l) => l.id.startsWith('P-')).every(
        (l) => l.kind === 'player_building_slot' && !l.riskAction,
      ),
    ).toBe(true);
  });

  it('marks 8 building slots as woods', () => {
    const woods = LOCATIONS.filter((l) => l.kind === 'player_building_slot' && l.inWoods).map((l) => l.id);
    expect(woods.sort()).toEqual(
      ['P-B1', 'P-C1', 'P-C2', 'P-E1', 'P-E2', 'P-F2', 'R-FLOOD-2', 'R-ROCKFALL-2'].sort(),
    );
  });

  it('charges fees per hand and player count; both = green + black; rulebook 4-player example (black $2, green $1)', () => {
    expect(feeFor('black', 4)).toBe(2);
    expect(feeFor('green', 4)).toBe(1);
    for (const p of PLAYER_COUNTS) {
      expect(FEES.both[p]).toBe(FEES.green[p] + FEES.black[p]);
      expect(FEES.none[p]).toBe(0);
    }
    expect(HANDS).toHaveLength(4);
  });
});

describe('neutral buildings', () => {
  it('are the 7 tiles A-G (rulebook components)', () => {
    expect(NEUTRAL_BUILDINGS.map((b) => b.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it('B is the only one that places a player building (rulebook), at $2 per craftsman', () => {
    const placing = NEUTRAL_BUILDINGS.filter((b) => b.actions.some((a) => a.type === 'PLACE_BUILDING'));
    expect(placing.map((b) => b.id)).toEqual(['B']);
    expect(placing[0].actions).toContainEqual({ type: 'PLACE_BUILDING', costPerCraftsman: 2 });
  });

  it('A hires twice, the second for +$2, and pays $2 for a Galloway (rulebook hiring example)', () => {
    const a = NEUTRAL_BUILDINGS[0].actions;
    expect(a.filter((x) => x.type === 'HIRE_WORKER')).toEqual([
      { type: 'HIRE_WORKER', costModifier: 0 },
      { type: 'HIRE_WORKER', costModifier: 2 },
    ]);
    expect(a).toContainEqual({
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'BREED', breed: 'galloway' },
      gain: { dollars: 2 },
    });
  });

  it('E buys cattle and pays $2 for a Pineywoods; F pays $4 for a pair (rulebook discard examples)', () => {
    const [, , , , e, f] = NEUTRAL_BUILDINGS;
    expect(e.actions).toContainEqual({ type: 'BUY_CATTLE' });
    expect(e.actions).toContainEqual({
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'BREED', breed: 'pineywoods' },
      gain: { dollars: 2 },
    });
    expect(f.actions).toContainEqual({
      type: 'DISCARD_CARDS',
      count: 2,
      card: { kind: 'PAIR' },
      gain: { dollars: 4 },
    });
  });
});

describe('player buildings', () => {
  it('are the 24 faces 1a..12b, each number with sides a and b (rulebook: 12 per player, 1-12, a/b)', () => {
    const ids = PLAYER_BUILDINGS.map((b) => b.id);
    expect(new Set(ids).size).toBe(24);
    const expected = Array.from({ length: 12 }, (_, i) => [`${i + 1}a`, `${i + 1}b`]).flat();
    expect([...ids].sort()).toEqual(expected.sort());
    expect([...PLAYER_BUILDING_IDS].sort()).toEqual(expected.sort());
    for (const b of PLAYER_BUILDINGS) expect(b.id).toBe(`${b.number}${b.side}`);
  });

  it('cost $2 per craftsman; the rulebook example tile needs 2 craftsmen and costs $4', () => {
    for (const b of PLAYER_BUILDINGS) expect(b.costDollars).toBe(2 * b.craftsmen);
    expect(playerBuilding('4a')).toMatchObject({ craftsmen: 2, costDollars: 4 });
  });

  it('those needing more than 6 craftsmen (buildable only by replacement) are 9a, 10a, 11a, 10b', () => {
    expect(
      PLAYER_BUILDINGS.filter((b) => b.craftsmen > 6)
        .map((b) => b.id)
        .sort(),
    ).toEqual(['10a', '10b', '11a', '9a']);
  });

  it('2a pays $4 for a Galloway (rulebook phase B example); 12b gives an exchange token (rulebook)', () => {
    expect(playerBuilding('2a').actions).toContainEqual({
      type: 'DISCARD_CARDS',
      count: 1,
      card: { kind: 'BREED', breed: 'galloway' },
      gain: { dollars: 4 },
    });
    expect(playerBuilding('12b').actions).toContainEqual({ type: 'GAIN_EXCHANGE_TOKEN', amount: 1 });
    expect(
      PLAYER_BUILDINGS.filter((b) => b.actions.some((a) => a.type === 'GAIN_EXCHANGE_TOKEN')).map(
        (b) => b.id,
      ),
    ).toEqual(['12b']);
  });

  it('2b moves the engine for a green Santa Gertrudis (rulebook discard examples)', () => {
    expect(playerBuilding('2b').actions).toContainEqual(
      expect.objectContaining({
        card: { kind: 'BREED', breed: 'santa_gertrudis' },
        then: expect.objectContaining({ type: 'MOVE_ENGINE_FORWARD' }),
      }),
    );
  });

  it('has VP rising with the tile number on each side, and the 2nd-edition 11a (20 VP, 2 hazards)', () => {
    for (const side of ['a', 'b'] as const) {
      const tiles = PLAYER_BUILDINGS.filter((b) => b.side === side && b.number <= 10).sort(
        (x, y) => x.number - y.number,
      );
      for (let i = 1; i < tiles.length; i++) expect(tiles[i].vp).toBeGreaterThanOrEqual(tiles[i - 1].vp);
    }
    expect(playerBuilding('11a')).toMatchObject({
      vp: 20,
      craftsmen: 12,
      actions: [{ type: 'REMOVE_HAZARD', payDollars: 2, count: 2 }],
    });
  });
});

describe('cattle', () => {
  it('gives each player 14 cards: 5 Criollo (value 1), 3 each of Santa Gertrudis, Pineywoods, Galloway (value 2)', () => {
    expect(STARTING_DECK).toHaveLength(14);
    expect(tally(STARTING_DECK.map((c) => c.breed))).toEqual({
      criollo: 5,
      santa_gertrudis: 3,
      pineywoods: 3,
      galloway: 3,
    });
    expect(STARTING_DECK.filter((c) => c.breed === 'criollo').every((c) => c.breedingValue === 1)).toBe(true);
    expect(STARTING_DECK.filter((c) => c.breed !== 'criollo').every((c) => c.breedingValue === 2)).toBe(true);
    expect(STARTING_DECK.every((c) => c.vp === 0)).toBe(true);
    expect(STARTING_BREEDS.find((b) => b.id === 'criollo')?.colour).toBe('grey');
    expect(STARTING_BREEDS.find((b) => b.id === 'santa_gertrudis')?.colour).toBe('green');
  });

  it('has 36 market cards: 7 yellow, 7 red, 7 blue, 9 brown, 6 purple, in that display order', () => {
    expect(MARKET_DECK).toHaveLength(36);
    expect(MARKET_BREEDS.map((b) => [b.colour, b.vpPerCard.length])).toEqual([
      ['yellow', 7],
      ['red', 7],
      ['blue', 7],
      ['brown', 9],
      ['purple', 6],
    ]);
    expect(MARKET_BREEDS.map((b) => b.id)).toEqual([
      'black_angus',
      'longhorn',
      'corriente',
      'shorthorn',
      'hereford',
    ]);
  });

  it('values: Longhorn and Black Angus 3 (income example), Shorthorn 4, Hereford 5 (buying text)', () => {
    expect(breedingValueOf('longhorn')).toBe(3);
    expect(breedingValueOf('black_angus')).toBe(3);
    expect(breedingValueOf('shorthorn')).toBe(4);
    expect(breedingValueOf('hereford')).toBe(5);
    expect(MARKET_DECK.every((c) => c.vp > 0)).toBe(true);
  });

  it('counts each breed once for income: 2 Santa Gertrudis + Longhorn + Black Angus = 8 (rulebook income example)', () => {
    const hand: CattleCard[] = [
      { breed: 'santa_gertrudis', breedingValue: 2, vp: 0 },
      { breed: 'santa_gertrudis', breedingValue: 2, vp: 0 },
      { breed: 'longhorn', breedingValue: 3, vp: 2 },
      { breed: 'black_angus', breedingValue: 3, vp: 1 },
    ];
    expect(handBreedingValue(hand)).toBe(8);
    expect(handBreedingValue([simmentalCard(1), simmentalCard(3), simmentalCard(2)])).toBe(
      simmentalCard(3).breedingValue,
    );
  });

  it('market size is 7/10/13, with Simmental 9/12/15 (setup step 9, variant)', () => {
    expect(MARKET_SIZE).toEqual({ 2: 7, 3: 10, 4: 13 });
    expect(MARKET_SIZE_WITH_SIMMENTAL).toEqual({ 2: 9, 3: 12, 4: 15 });
    expect(marketSize(3, true)).toBe(12);
  });

  it('buying table matches the rulebook examples', () => {
    const opt = (v: number, cowboys: number) =>
      BUYING_OPTIONS.filter((o) => o.breedingValue === v && o.cowboys === cowboys);
    expect(opt(3, 1)).toEqual([{ breedingValue: 3, cowboys: 1, dollars: 6, cards: 1 }]);
    expect(opt(4, 1)).toEqual([{ breedingValue: 4, cowboys: 1, dollars: 12, cards: 1 }]);
    expect(opt(3, 2)).toEqual([{ breedingValue: 3, cowboys: 2, dollars: 3, cards: 1 }]);
    expect(opt(5, 2)).toEqual([{ breedingValue: 5, cowboys: 2, dollars: 12, cards: 1 }]);
    expect(opt(3, 3)).toEqual([{ breedingValue: 3, cowboys: 3, dollars: 5, cards: 2 }]);
    expect(opt(4, 5)).toEqual([{ breedingValue: 4, cowboys: 5, dollars: 8, cards: 2 }]);
    const simmental = BUYING_OPTIONS.filter((o) => o.simmental).map((o) => [o.cowboys, o.dollars]);
    expect(simmental).toEqual([
      [1, 8],
      [2, 5],
    ]);
  });

  it('Simmental variant has 24 cards, 8 per level, only level 1 in the market deck', () => {
    expect(SIMMENTAL_LEVELS.map((l) => l.count)).toEqual([8, 8, 8]);
    expect(SIMMENTAL_LEVELS.filter((l) => l.location === 'MARKET_DECK').map((l) => l.level)).toEqual([1]);
    for (let i = 1; i < 3; i++)
      expect(SIMMENTAL_LEVELS[i].breedingValue).toBeGreaterThan(SIMMENTAL_LEVELS[i - 1].breedingValue);
  });
});

describe('objectives', () => {
  it('has 24 general and 4 starting cards with unique ids; display of 4', () => {
    expect(GENERAL_OBJECTIVES).toHaveLength(24);
    expect(STARTING_OBJECTIVES).toHaveLength(4);
    expect(new Set(OBJECTIVE_CARDS.map((c) => c.id)).size).toBe(28);
    expect(GENERAL_OBJECTIVES.map((c) => c.id)).toEqual(
      Array.from({ length: 24 }, (_, i) => `OBJ-${String(i + 1).padStart(2, '0')}`),
    );
    expect(OBJECTIVE_DISPLAY_SIZE).toBe(4);
  });

  it('starting cards have no penalty and no immediate action; general cards have both', () => {
    for (const c of STARTING_OBJECTIVES) expect([c.penalty, c.immediateAction]).toEqual([0, null]);
    for (const c of GENERAL_OBJECTIVES) {
      expect(c.penalty).toBeGreaterThan(0);
      expect(c.immediateAction).not.toBeNull();
      expect(c.vp).toBeGreaterThan(c.penalty);
    }
  });

  it('immediate actions are the 5 the rulebook lists', () => {
    const kinds = new Set(
      GENERAL_OBJECTIVES.map((c) => {
        const a = c.immediateAction!;
        switch (a.type) {
          case 'MOVE_HERDER_FORWARD_FREE':
            return `herder<=${a.max}`;
          case 'DRAW_THEN_DISCARD':
            return `draw<=${a.count}`;
          case 'MOVE_ENGINE_FORWARD':
            return `engine<=${a.max}`;
          case 'GAIN_DOLLARS':
            return `$${a.amount}`;
          default:
            return a.type;
        }
      }),
    );
    expect(kinds).toEqual(
      new Set(['herder<=3', 'draw<=3', 'engine<=2', 'engine<=3', '$2', 'AUXILIARY_ACTION']),
    );
  });

  it('reproduces the rulebook example: 3 buildings, 3 hazards, 1 orange bandit, 2 New York discs = 18 VP; 1 New York disc = 10 VP', () => {
    const cards = ['START-3', 'OBJ-18', 'OBJ-06', 'OBJ-07'] as const;
    const need = tally(cards.flatMap((id) => objectiveCard(id).tasks as ObjectiveTask[]));
    expect(need).toEqual({ building: 3, hazard: 3, orange_bandit: 1, new_york_delivery: 2 });
    const total = cards.reduce((s, id) => s + objectiveCard(id).vp, 0);
    expect(total).toBe(18);
    const ny = objectiveCard('OBJ-07');
    expect(total - ny.vp - ny.penalty).toBe(10);
  });
});

describe('railroad', () => {
  it('has spaces 0..39 and 9 turnouts', () => {
    expect(TRACK_SPACES).toHaveLength(49);
    expect(TRACK_SPACES.filter((s) => Number.isInteger(s.position)).map((s) => s.position)).toEqual(
      Array.from({ length: 40 }, (_, i) => i),
    );
    expect(TURNOUTS).toHaveLength(9);
    expect(TRACK_SPACES.filter((s) => s.kind === 'turnout').map((s) => s.position)).toEqual(TURNOUTS);
    expect(trackNext(4)).toEqual([5, 4.5]);
    expect(trackNext(4.5)).toEqual([5]);
    expect(trackNext(5)).toEqual([6]);
    expect(trackNext(39)).toEqual([]);
  });

  it('has 10 stations on the 9 turnouts and space 39, with 5 station-master slots (setup step 2)', () => {
    expect(STATIONS).toHaveLength(10);
    expect(STATIONS.map((s) => s.position)).toEqual([...TURNOUTS, 39]);
    expect(STATIONS.filter((s) => s.hasStationMasterSlot).map((s) => s.id)).toEqual([
      'STATION-1',
      'STATION-2',
      'STATION-3',
      'STATION-4',
      'STATION-5',
    ]);
    expect(STATIONS.map((s) => s.vp)).toEqual([1, 1, 2, 2, 3, 5, 6, 7, 8, 9]);
    expect(stationAt(13.5)?.id).toBe('STATION-4');
    expect(stationAt(13)).toBeUndefined();
  });

  it('station corners: white stations only take white discs', () => {
    expect(discFits('white', 'white')).toBe(true);
    expect(discFits('black', 'white')).toBe(false);
    expect(discFits('black', 'black')).toBe(true);
    expect(STATIONS.filter((s) => s.corner === 'white')).toHaveLength(4);
  });

  it('has 9 station masters, 5 in play; the 7 scoring halves the rulebook lists', () => {
    expect(STATION_MASTERS).toHaveLength(9);
    expect(STATION_MASTERS_IN_PLAY).toBe(5);
    const scoring = STATION_MASTERS.flatMap((m) =>
      m.bottom ? [`${m.bottom.vp}/${m.bottom.per}`] : [],
    ).sort();
    expect(scoring).toEqual(
      [
        '1/WORKER',
        '3/TWO_OBJECTIVE_CARDS',
        '3/TWO_HAZARDS',
        '3/BANDIT_PAIR',
        '3/TWO_CERTIFICATES',
        '3/TWO_STATIONS',
        '2/BUILDING',
      ].sort(),
    );
  });

  it('station-master immediate actions are those the rulebook lists: free hazard or bounty, $2, $12, up to 2 certificates', () => {
    const immediate = STATION_MASTERS.flatMap((m) => (m.top.kind === 'IMMEDIATE' ? [m.top.action] : []));
    expect(immediate).toContainEqual({ type: 'GAIN_DOLLARS', amount: 2 });
    expect(immediate).toContainEqual({ type: 'GAIN_DOLLARS', amount: 12 });
    expect(immediate).toContainEqual({ type: 'GAIN_CERTIFICATES', amount: 2 });
    expect(immediate).toContainEqual({
      type: 'CHOOSE_ONE',
      options: [{ type: 'REMOVE_HAZARD', payDollars: 0, count: 1 }, { type: 'COLLECT_BOUNTY' }],
    });
    expect(immediate).toHaveLength(4);
    expect(STATION_MASTERS.filter((m) => m.top.kind === 'PERMANENT_CERTIFICATES')).toHaveLength(5);
  });

  it('has the 10 cities in order with rising values; Kansas City $4 and -6 VP; Kansas City and New York repeatable', () => {
    expect(CITIES.map((c) => c.id)).toEqual([...CITY_IDS]);
    expect(CITIES.map((c) => c.value)).toEqual([0, 1, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(CITIES[0]).toMatchObject({ onDelivery: { type: 'GAIN_DOLLARS', amount: 4 }, vpPerDisc: -6 });
    expect(CITIES.filter((c) => c.repeatable).map((c) => c.id)).toEqual(['KANSAS_CITY', 'NEW_YORK']);
  });

  it('scores Philadelphia 6, Toledo-Pittsburgh 8, Pittsburgh-Philadelphia 4 (rulebook scoring example)', () => {
    expect(CITIES.find((c) => c.id === 'PHILADELPHIA')?.vpPerDisc).toBe(6);
    const link = (a: string, b: string) => CITY_LINKS.find((l) => l.between[0] === a && l.between[1] === b);
    expect(link('TOLEDO', 'PITTSBURGH')?.vp).toBe(8);
    expect(link('PITTSBURGH', 'PHILADELPHIA')?.vp).toBe(4);
    expect(link('ST_LOUIS', 'BLOOMINGTON')?.onCompletion).toEqual({ type: 'GAIN_EXCHANGE_TOKEN', amount: 1 });
  });

  it('links only adjacent cities, 7 links', () => {
    expect(CITY_LINKS).toHaveLength(7);
    const order = (id: string) => CITIES.find((c) => c.id === id)!.order;
    for (const l of CITY_LINKS) expect(order(l.between[1]) - order(l.between[0])).toBe(1);
  });

  it('charges transport as in the rulebook example: from space 5, Chicago $3, Peoria $2, St. Louis and Kansas City free', () => {
    expect(X_MARKS).toHaveLength(11);
    expect(transportCost(5, 10)).toBe(3);
    expect(transportCost(5, 8)).toBe(2);
    expect(transportCost(5, 4)).toBe(0);
    expect(transportCost(5, 0)).toBe(0);
    expect(transportCost(4.5, 10)).toBe(3);
    for (const c of CITIES) expect(transportCost(0, c.value)).toBe(c.xMarksFromStart);
    expect(transportCost(20, 18)).toBe(0);
  });

  it('has 11 distinct X marks between consecutive spaces before New York (18)', () => {
    expect(new Set(X_MARKS.map(([n]) => n)).size).toBe(11);
    for (const [n, m] of X_MARKS) expect([m - n, n >= 0, m <= 18]).toEqual([1, true, true]);
  });

  it('pays $3 for leaving space 39', () => {
    expect(END_OF_TRACK_BONUS_DOLLARS).toBe(3);
  });
});

describe('tiles', () => {
  const all: SupplyTile[] = ([1, 2, 3] as const).flatMap(bagTiles);

  it('has 54 workers (18 each), 18 hazards (6 each), 22 bandits (11 each) (components)', () => {
    expect(count(all, (t) => t.kind === 'worker')).toBe(54);
    expect(count(all, (t) => t.kind === 'hazard')).toBe(18);
    expect(count(all, (t) => t.kind === 'bandit')).toBe(22);
    for (const w of WORKER_KINDS) expect(count(all, (t) => t.kind === 'worker' && t.worker === w)).toBe(18);
    for (const h of HAZARD_KINDS) expect(count(all, (t) => t.kind === 'hazard' && t.hazard === h)).toBe(6);
    for (const c of ['green', 'orange'] as const)
      expect(count(all, (t) => t.kind === 'bandit' && t.colour === c)).toBe(11);
    expect(BANDIT_TILES_PER_COLOUR).toBe(11);
    expect(HAZARD_TILE_MIX.reduce((s, m) => s + m.count, 0)).toBe(6);
  });

  it('bag 2 holds only workers; bag 1 only trail tiles (7 drawn at setup); hazards are worth 2-4 VP', () => {
    expect(bagTiles(2).every((t) => t.kind === 'worker')).toBe(true);
    expect(bagTiles(1).every((t) => t.kind !== 'worker')).toBe(true);
    expect(SETUP_TRAIL_TILES).toBe(7);
    expect(bagTiles(1).length).toBeGreaterThanOrEqual(7);
    for (const t of all) if (t.kind === 'hazard') expect([2, 3, 4]).toContain(t.vp);
    expect(BAGS[1].length + BAGS[2].length + BAGS[3].length).toBeGreaterThan(0);
  });

  it('fills 6 foresight spaces, 2 per column (setup step 8)', () => {
    expect(FORESIGHT_COLUMNS * FORESIGHT_SPACES_PER_COLUMN).toBe(6);
  });

  it('job market: 12 rows with a cost each, columns = player count, 3-7 workers after setup', () => {
    expect(JOB_MARKET_ROWS).toBe(12);
    expect(JOB_MARKET_ROW_COSTS).toHaveLength(12);
    for (const p of PLAYER_COUNTS) {
      expect(JOB_MARKET_COLUMNS[p]).toBe(p);
      expect(JOB_MARKET_INITIAL_WORKERS[p]).toBe(2 * p - 1);
      expect(jobMarketSpaces(p)).toBe(12 * p);
    }
    expect(JOB_MARKET_INITIAL_WORKERS[2]).toBe(3);
    expect(JOB_MARKET_INITIAL_WORKERS[4]).toBe(7);
  });

  it('job market arrows: yellow refills the cattle market, the last (green) ends the game', () => {
    expect(
      JOB_MARKET_ARROWS.filter((a) => a.colour === 'yellow').every(
        (a) => a.action.type === 'REFILL_CATTLE_MARKET',
      ),
    ).toBe(true);
    const last = JOB_MARKET_ARROWS[JOB_MARKET_ARROWS.length - 1];
    expect(last).toMatchObject({ colour: 'green', afterRow: 12, action: { type: 'TRIGGER_GAME_END' } });
  });
});

describe('player board', () => {
  it('has 14 discs per player: two grey 1x spaces start empty (setup step 14)', () => {
    expect(DISCS).toHaveLength(14);
    expect(new Set(DISCS.map((d) => d.id))).toEqual(new Set(DISC_IDS));
    expect(AUXILIARY_ACTIONS.filter((a) => a.singleAvailableFromStart)).toHaveLength(2);
    expect(AUXILIARY_ACTIONS).toHaveLength(5);
  });

  it('each auxiliary action has two disc spaces (one disc for the two that start single)', () => {
    for (const a of AUXILIARY_ACTIONS) {
      const discs = DISCS.filter((d) => d.unlocks.kind === 'AUXILIARY' && d.unlocks.action === a.id);
      expect(discs.length + (a.singleAvailableFromStart ? 1 : 0)).toBe(2);
    }
  });

  it('hand limit 4 -> 6 via two $5 discs; step discs give $3 / 3 VP; certificate limit 3 -> 4 -> 6 (delivery box)', () => {
    expect(HAND_LIMIT_START).toBe(4);
    expect(HAND_LIMIT_MAX).toBe(6);
    const hand = DISCS.filter((d) => d.unlocks.kind === 'HAND_LIMIT');
    expect(hand.map((d) => d.unlocks)).toEqual([
      { kind: 'HAND_LIMIT', bonus: 1, removalCostDollars: 5 },
      { kind: 'HAND_LIMIT', bonus: 1, removalCostDollars: 5 },
    ]);
    expect(HAND_LIMIT_START + hand.length).toBe(HAND_LIMIT_MAX);
    const step = DISCS.filter((d) => d.unlocks.kind === 'STEP_LIMIT').map((d) => d.unlocks);
    expect(step).toEqual([
      expect.objectContaining({ onRemoval: { type: 'GAIN_DOLLARS', amount: 3 }, endVp: 0 }),
      expect.objectContaining({ onRemoval: null, endVp: 3 }),
    ]);
    expect(CERTIFICATE_LIMIT_START).toBe(3);
    const cert = DISCS.filter((d) => d.unlocks.kind === 'CERTIFICATE_LIMIT').map((d) => d.unlocks);
    expect(cert).toEqual([
      { kind: 'CERTIFICATE_LIMIT', limit: 4, requires: null },
      { kind: 'CERTIFICATE_LIMIT', limit: 6, requires: 'CERT-4' },
    ]);
    expect(CERTIFICATES_START).toBe(0);
    expect(CERTIFICATE_TRACK[CERTIFICATE_TRACK.length - 1]).toBe(6);
  });

  it('step limit starts at 3 or 4 and its maximum is start + both step discs', () => {
    for (const p of PLAYER_COUNTS) {
      expect([3, 4]).toContain(STEP_LIMIT[p].start);
      const bonus = DISCS.reduce((s, d) => s + (d.unlocks.kind === 'STEP_LIMIT' ? d.unlocks.bonus[p] : 0), 0);
      expect(STEP_LIMIT[p].start + bonus).toBe(STEP_LIMIT[p].max);
    }
  });

  it('seats start with $6/7/8/9, 4/5/6/7 cards and 1 exchange token; first turn discards to 4 (setup step 17)', () => {
    expect(STARTING_RESOURCES.map((r) => [r.dollars, r.cardsDrawn, r.exchangeTokens])).toEqual([
      [6, 4, 1],
      [7, 5, 1],
      [8, 6, 1],
      [9, 7, 1],
    ]);
    expect(FIRST_TURN_HAND_SIZE).toBe(4);
    expect(EXCHANGE_TOKEN_SUPPLY).toBe(12);
    expect(EXCHANGE_TOKEN_ACTION).toEqual({ type: 'DRAW_THEN_DISCARD', count: 2, upTo: false });
  });

  it('worker rows: one printed worker each, 6 slots, 4 VP on slots 5 and 6, craftsman slots build at $1', () => {
    expect(STARTING_WORKERS).toEqual({ cowboy: 1, craftsman: 1, engineer: 1 });
    expect(WORKER_ROW_SIZE).toBe(6);
    expect(WORKER_SLOT_VP).toEqual({ 5: 4, 6: 4 });
    const crafts = Object.values(WORKER_SLOT_ACTIONS.craftsman);
    expect(crafts.length).toBeGreaterThan(0);
    for (const a of crafts) expect(a).toEqual({ type: 'PLACE_BUILDING', costPerCraftsman: 1 });
    for (const w of WORKER_KINDS)
      expect(
        Object.keys(WORKER_SLOT_ACTIONS[w])
          .map(Number)
          .every((s) => s >= 2 && s <= 6),
      ).toBe(true);
  });
});

describe('scoring', () => {
  it('has the 11 score-pad categories; $5 per VP; 2 VP for the job-market token', () => {
    expect(SCORING_CATEGORIES).toHaveLength(11);
    expect(new Set(SCORING_CATEGORIES).size).toBe(11);
    expect(DOLLARS_PER_VP).toBe(5);
    expect(JOB_MARKET_TOKEN_VP).toBe(2);
  });
});

describe('action vocabulary', () => {
  const sources: [string, ActionSpec][] = [
    ...LOCATIONS.flatMap((l): [string, ActionSpec][] =>
      l.kind === 'player_building_slot' && l.riskAction
        ? [[l.id, l.riskAction]]
        : l.kind === 'bandit_slot'
          ? [[l.id, l.bounty]]
          : [],
    ),
    ...NEUTRAL_BUILDINGS.flatMap((b) => b.actions.map((a): [string, ActionSpec] => [b.id, a])),
    ...PLAYER_BUILDINGS.flatMap((b) => b.actions.map((a): [string, ActionSpec] => [b.id, a])),
    ...OBJECTIVE_CARDS.flatMap((c): [string, ActionSpec][] =>
      c.immediateAction ? [[c.id, c.immediateAction]] : [],
    ),
    ...STATION_MASTERS.flatMap((m): [string, ActionSpec][] =>
      m.top.kind === 'IMMEDIATE' ? [[m.id, m.top.action]] : [],
    ),
    ...CITIES.flatMap((c): [string, ActionSpec][] => (c.onDelivery ? [[c.id, c.onDelivery]] : [])),
    ...CITY_LINKS.flatMap((l): [string, ActionSpec][] =>
      l.onCompletion ? [[l.between.join('-'), l.onCompletion]] : [],
    ),
    ...WORKER_KINDS.flatMap((w) =>
      Object.values(WORKER_SLOT_ACTIONS[w]).map((a): [string, ActionSpec] => [w, a!]),
    ),
    ...AUXILIARY_ACTIONS.flatMap((a): [string, ActionSpec][] => [
      [a.id, a.single],
      [a.id, a.double],
    ]),
    ...DISCS.flatMap((d): [string, ActionSpec][] =>
      d.unlocks.kind === 'STEP_LIMIT' && d.unlocks.onRemoval ? [[d.id, d.unlocks.onRemoval]] : [],
    ),
    ...JOB_MARKET_ARROWS.map((a): [string, ActionSpec] => [`arrow-${a.afterRow}`, a.action]),
    ['exchange-token', EXCHANGE_TOKEN_ACTION],
  ];

  const flatten = (a: ActionSpec): ActionSpec[] =>
    a.type === 'CHOOSE_ONE'
      ? [a, ...a.options.flatMap(flatten)]
      : a.type === 'DISCARD_CARDS' && a.then
        ? [a, ...flatten(a.then)]
        : [a];
  const all = sources.flatMap(([where, a]) => flatten(a).map((x): [string, ActionSpec] => [where, x]));

  it('uses every action type at least once', () => {
    const every: Record<ActionType, true> = {
      DISCARD_CARDS: true,
      CHOOSE_ONE: true,
      AUXILIARY_ACTION: true,
      BUY_CATTLE: true,
      HIRE_WORKER: true,
      PLACE_BUILDING: true,
      MOVE_ENGINE_FORWARD: true,
      MOVE_ENGINE_BACKWARD: true,
      PAY_THEN_MOVE_ENGINE_FORWARD: true,
      MOVE_HERDER_FORWARD: true,
      MOVE_HERDER_FORWARD_FREE: true,
      GAIN_DOLLARS: true,
      GAIN_CERTIFICATES: true,
      SET_CERTIFICATES_TO_LIMIT: true,
      TAKE_OBJECTIVE_CARD: true,
      DISCARD_OBJECTIVE_CARD: true,
      COLLECT_BOUNTY: true,
      REMOVE_HAZARD: true,
      PER_BANDIT_PAIR_GAIN: true,
      DRAW_THEN_DISCARD: true,
      USE_ADJACENT_BUILDING: true,
      UPGRADE_STATION_BEHIND_ENGINE: true,
      EXTRAORDINARY_DELIVERY: true,
      GAIN_EXCHANGE_TOKEN: true,
      REFILL_CATTLE_MARKET: true,
      TRIGGER_GAME_END: true,
    };
    expect(new Set(all.map(([, a]) => a.type))).toEqual(new Set(Object.keys(every)));
  });

  it('has well-formed parameters everywhere', () => {
    const breeds = new Set<string>([...STARTING_BREEDS.map((b) => b.id), ...MARKET_BREEDS.map((b) => b.id)]);
    for (const [where, a] of all) {
      const ctx = `${where}: ${JSON.stringify(a)}`;
      switch (a.type) {
        case 'DISCARD_CARDS':
          expect([ctx, a.count >= 1 && (a.gain !== undefined || a.then !== undefined)]).toEqual([ctx, true]);
          if (a.card.kind === 'PAIR') expect([ctx, a.count]).toEqual([ctx, 2]);
          if (a.card.kind === 'BREED') expect([ctx, breeds.has(a.card.breed)]).toEqual([ctx, true]);
          break;
        case 'CHOOSE_ONE':
          expect([ctx, a.options.length]).toEqual([ctx, 2]);
          break;
        case 'MOVE_ENGINE_FORWARD':
        case 'PAY_THEN_MOVE_ENGINE_FORWARD':
        case 'MOVE_HERDER_FORWARD':
        case 'MOVE_HERDER_FORWARD_FREE':
          expect([ctx, a.min >= 0 && (typeof a.max !== 'number' || a.max >= Math.max(1, a.min))]).toEqual([
            ctx,
            true,
          ]);
          break;
        case 'GAIN_DOLLARS':
        case 'GAIN_CERTIFICATES':
        case 'GAIN_EXCHANGE_TOKEN':
          expect([ctx, a.amount > 0]).toEqual([ctx, true]);
          break;
        case 'REMOVE_HAZARD':
          expect([ctx, a.count >= 1 && a.payDollars >= 0]).toEqual([ctx, true]);
          break;
        case 'MOVE_ENGINE_BACKWARD':
          expect([ctx, a.exact >= 1]).toEqual([ctx, true]);
          break;
      }
    }
  });
});

it('player count tile: every per-player-count table covers 2, 3 and 4 players', () => {
  for (const table of [
    FEES.green,
    FEES.black,
    MARKET_SIZE,
    JOB_MARKET_COLUMNS,
    STEP_LIMIT,
    JOB_MARKET_INITIAL_WORKERS,
  ]) {
    expect(Object.keys(table).sort()).toEqual(['2', '3', '4']);
  }
});

it('guards accept the ids and reject others', () => {
  expect(isLocationId('P-D1')).toBe(true);
  expect(isLocationId('P-C3')).toBe(false);
  expect(isPlayerBuildingId('12b')).toBe(true);
  expect(isPlayerBuildingId('13a')).toBe(false);
  expect(isCityId('NEW_YORK')).toBe(true);
  expect(isCityId('SAN_FRANCISCO')).toBe(false);
});
