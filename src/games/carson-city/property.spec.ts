/**
 * Property test: random legal games (2-6 players, random personality sets), choosing uniformly
 * among legalCommands, keep the game's invariants (money, figures, parcels, roads, horses,
 * dynamite, buildings conserved), the money/VP ledger and the final score sums. Game count: CC_PROPERTY_GAMES (default sized for well under a minute).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import { BUILDING_TYPES, BUILDINGS } from './data/buildings';
import { carsonCityEngine as engine } from './index';
import type { CarsonState } from './state';
import { builder, randomGame, uniform, type Policy } from './testing/harness';
import { ledger, must, roadsConnected } from './testing/invariants';

const GAMES = Number(process.env.CC_PROPERTY_GAMES ?? 200);

function checkInvariants(s: CarsonState): void {
  for (let seat = 0; seat < s.seatCount; seat++) {
    const p = s.players[seat];
    must(p.money >= 0, `money >= 0 (seat ${seat})`);
    must(p.reserve >= 0 && p.reserve <= 10, `0 <= reserve <= 10 (seat ${seat})`);
    const onBoard =
      s.placements.filter((x) => x.seat === seat && !x.white).length + (s.townHall.occupant === seat ? 1 : 0);
    must(p.reserve + onBoard <= 10, `at most 10 figures (seat ${seat})`);
    must(s.parcels.filter((c) => c.owner === seat).length <= 12, `at most 12 parcels (seat ${seat})`);
  }
  must(roadsConnected(s), 'road network connected');
  if (s.horses) {
    // Horses (§10.6): 25 markers in all, 4 rodeo markers, a stable cowboy at most once per
    // stable, stables empty outside Phases 2-3 (the rodeo sends the horses back).
    const h = s.horses;
    const held = h.players.reduce((n, p) => n + p.supply + p.stables.reduce((a, b) => a + b, 0), 0);
    must(h.supply + held === 25, `25 horses (${h.supply} + ${held})`);
    must(h.supply >= 0 && h.players.every((p) => p.supply >= 0), 'no negative horse count');
    must(h.markersLeft + h.players.reduce((n, p) => n + p.markers, 0) === 4, 'four rodeo markers');
    const phaseOk = s.flow.phase === 'PLACEMENT' || s.flow.phase === 'RESOLVE';
    must(phaseOk || h.players.every((p) => p.stables.every((x) => x === 0)), 'stables empty after the rodeo');
    for (let seat = 0; seat < s.seatCount; seat++) {
      for (let k = 1; k <= 5; k++) {
        const n = s.placements.filter((p) => p.seat === seat && p.loc === `S:${k}`).length;
        must(n <= (phaseOk ? 1 : 0), `one cowboy at most in stable ${k} of seat ${seat}`);
      }
    }
  } else
    must(
      s.placements.every((p) => !p.loc.startsWith('S:')),
      'no stables without the module',
    );
  must(s.dynamiteSupply + s.players.reduce((n, p) => n + p.dynamite, 0) === 7, 'seven dynamite markers');
  must(
    s.placements.filter((p) => p.white).length + s.players.filter((p) => p.white === 'RESERVE').length <= 1,
    'one white cowboy',
  );
  // Buildings are conserved between bag, track, pending reserves and the city.
  const full = s.options.buildings === 'FULL';
  for (const t of BUILDING_TYPES) {
    const total = full ? BUILDINGS[t].count : BUILDINGS[t].firstGameCount;
    const n =
      s.bag[t] +
      s.track.filter((b) => b === t).length +
      s.players.reduce((k, p) => k + p.pending.filter((b) => b === t).length, 0) +
      s.parcels.filter((c) => c.content === t).length;
    // A Town Hall drawn with no parcel left at all stays out of the game (§6.3).
    must(t === 'TOWN_HALL' ? n <= total : n === total, `buildings conserved (${t}: ${n} of ${total})`);
  }
}

const SETS = [
  'RANDOM',
  'RANDOM',
  'FIRST_GAME',
  'QUIET_TOWN',
  'PROSPER',
  'HOUSE',
  'GOLD_RUSH',
  'SETTLING_SCORES',
];

function runGames(count: number, policy: Policy, label: string, modules: string[] = []): void {
  const started = Date.now();
  for (let g = 0; g < count; g++) {
    const seats = 2 + (g % 5);
    const options = {
      personalitySet: SETS[g % SETS.length],
      buildings: g % 7 === 3 ? 'FIRST_GAME' : 'FULL',
      ...(modules.length > 0 && { modules }),
    };
    const seed = `${label}-${g}`;
    const game = randomGame(
      options,
      seats,
      seed,
      (s, _events) => {
        checkInvariants(s);
      },
      20000,
      policy,
    );
    const result = engine.result(game.state);
    expect(result).not.toBeNull();
    expect(result!.seats).toHaveLength(seats);
    expect(result!.winners).toHaveLength(1);
    const { money, vp } = ledger(game.events, seats);
    game.state.players.forEach((p, i) => {
      expect(p.money).toBe(money[i]);
      expect(p.vp).toBe(vp[i]);
    });
    if (modules.includes('HORSES')) {
      // Every round held its rodeo; final horse VP = horses x (1 + markers) (§8 item 3).
      must(game.events.filter((e) => e.type === 'RODEO').length === 4, 'four rodeos');
      for (const f of game.state.final!) {
        const h = game.state.horses!.players[f.seat];
        expect(f.horses).toBe(h.supply * (1 + h.markers));
      }
    }
    // Final score components add up.
    for (const f of game.state.final!)
      expect(f.total).toBe(
        f.vpDuringPlay + f.money + f.possessions + f.bridges + f.teacher + f.trainStation + f.horses,
      );
  }
  const ms = Date.now() - started;
  console.log(
    `Carson City property (${label}): ${count} games in ${ms} ms (${(ms / count).toFixed(1)} ms/game)`,
  );
}

describe('property: random legal games', () => {
  test(`${GAMES} games (uniform choice among legalCommands) end with scores, keep invariants and replay exactly`, () => {
    runGames(GAMES, uniform, 'uniform');
  });
  test(`${Math.ceil(GAMES / 4)} games with a city-building policy keep the same invariants`, () => {
    runGames(Math.ceil(GAMES / 4), builder, 'builder');
  });
  test(`${Math.ceil(GAMES / 4)} games with the HORSES module (uniform) keep the invariants and replay exactly`, () => {
    runGames(Math.ceil(GAMES / 4), uniform, 'horses', ['HORSES']);
  });
  test(`${Math.ceil(GAMES / 8)} games with the HORSES module (builder) keep the invariants and replay exactly`, () => {
    runGames(Math.ceil(GAMES / 8), builder, 'horses-builder', ['HORSES']);
  });
});
