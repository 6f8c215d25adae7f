/**
 * Property test for the Outlaws module (§10.5): random legal games, 2-6 players, alone and
 * combined with A New Beginning, Might is Right, Kit Carson, Horses and the Carson River. Each game must end with a valid result. Outlaw
 * invariants are checked along the way. Game count: CC_OUTLAWS_PROPERTY_GAMES (default small).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import { isViolation } from '../../../engine';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import { nextToPrison, OUTLAW_FIGURES } from './outlaws';
import { isBuilding } from '../../rules';
import type { CarsonState } from '../../state';
import { builder, randomGame, uniform, type Policy } from '../../testing/harness';

const GAMES = Number(process.env.CC_OUTLAWS_PROPERTY_GAMES ?? 24);

function must(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

function checkOutlaws(s: CarsonState, events: CarsonEvent[]): void {
  const o = s.outlaws!;
  must(o.supply >= 0 && o.supply + o.figures.length <= OUTLAW_FIGURES, 'at most 9 figures');
  must(new Set(o.figures.map((f) => f.parcel)).size === o.figures.length, 'one outlaw per parcel');
  for (const f of o.figures) must(s.parcels[f.parcel].content !== 'PRISON', 'no outlaw stays on a Prison');
  for (const e of events) {
    if (e.type === 'OUTLAW_PLACED') {
      const last = e.rolls[e.rolls.length - 1];
      must(last.reroll === null && last.parcel === e.parcel, 'placed on the last roll');
      must(!nextToPrison(s, e.parcel), 'never placed next to a Prison');
    }
    if (e.type === 'OUTLAWS_ARRIVED') {
      must(e.strength === e.black + 7, 'strength = black + 7');
      must(e.count === (e.white <= 2 ? 1 : e.white <= 4 ? 2 : 3), 'count from the white die');
      must(e.round >= 2, 'arrivals from round 2');
    }
    if (e.type === 'OUTLAW_FIGHT') {
      const best = Math.max(...e.participants.map((p) => p.total));
      must((e.winner !== null) === best >= e.strength, 'a player wins only with strength >= the outlaw');
    }
    if (e.type === 'OUTLAW_MOVED' && e.to !== e.from) {
      must(
        isBuilding(s.parcels[e.to].content) && !nextToPrison(s, e.to),
        'moves onto a building not next to a Prison',
      );
    }
  }
}

function runGames(
  count: number,
  policy: Policy,
  label: string,
  extra: string[],
): { fights: number; arrivals: number; halved: number } {
  let fights = 0;
  let arrivals = 0;
  let halved = 0;
  for (let g = 0; g < count; g++) {
    const seats = 2 + (g % 5);
    // Every third game gives its own VP table (§13 #28): the flag says CONFIGURED, else PLACEHOLDER.
    const table = g % 3 === 2 ? { outlawVP: [2, 3, 4, 6, 8, 10] } : {};
    const options = {
      modules: ['OUTLAWS', ...extra],
      personalitySet: g % 2 === 0 ? 'RANDOM' : 'GOLD_RUSH',
      ...table,
    };
    const parsed = engine.parseOptions(options, seats);
    if (isViolation(parsed)) throw new Error(parsed.message);
    const game = randomGame(
      options,
      seats,
      `${label}-${g}`,
      (s, events) => {
        checkOutlaws(s, events);
      },
      20000,
      policy,
    );
    const result = engine.result(game.state);
    expect(result).not.toBeNull();
    expect(result!.seats).toHaveLength(seats);
    const vpTable = g % 3 === 2 ? [2, 3, 4, 6, 8, 10] : [3, 4, 5, 6, 7, 8];
    expect(game.state.options.outlawVPSource).toBe(g % 3 === 2 ? 'CONFIGURED' : 'PLACEHOLDER');
    for (const viewer of [0, 'spectator'] as const)
      expect(engine.view(game.state, viewer).outlaws).toMatchObject({
        vpTable,
        dataSource: g % 3 === 2 ? 'CONFIGURED' : 'PLACEHOLDER',
      });
    let strength = 0;
    for (const e of game.events) {
      if (e.type === 'OUTLAWS_ARRIVED') {
        strength = e.strength;
        expect(e.vp).toBe(vpTable[e.strength - 8]);
      }
      if (e.type === 'OUTLAW_JAILED') expect(e.vp).toBe(vpTable[strength - 8]);
      if (e.type === 'VP' && e.reason === 'OUTLAW') expect(e.delta).toBe(vpTable[strength - 8]);
    }
    fights += game.events.filter((e) => e.type === 'OUTLAW_FIGHT').length;
    arrivals += game.events.filter((e) => e.type === 'OUTLAW_PLACED').length;
    halved += game.events.filter((e) => e.type === 'INCOME' && e.outlaw === true).length;
  }
  return { fights, arrivals, halved };
}

describe('property: random legal Outlaws games', () => {
  test(`${GAMES} games (uniform) end with scores, keep the outlaw rules and replay exactly`, () => {
    const { arrivals, fights } = runGames(GAMES, uniform, 'outlaws-uniform', []);
    expect(arrivals).toBeGreaterThan(0);
    expect(fights).toBeGreaterThan(0);
  });
  test(`${Math.ceil(GAMES / 3)} games with a city-building policy (halved income happens)`, () => {
    const { halved } = runGames(Math.ceil(GAMES / 3), builder, 'outlaws-builder', []);
    expect(halved).toBeGreaterThan(0);
  });
  test(`${Math.ceil(GAMES / 3)} games combined with A New Beginning (Marksman dice in outlaw fights)`, () => {
    runGames(Math.ceil(GAMES / 3), uniform, 'outlaws-anb', ['A_NEW_BEGINNING']);
  });
  test(`${Math.ceil(GAMES / 3)} games combined with Might is Right (outlaw fights with duel tiles)`, () => {
    const { fights } = runGames(Math.ceil(GAMES / 3), uniform, 'outlaws-might', ['MIGHT_IS_RIGHT']);
    expect(fights).toBeGreaterThan(0);
  });
  test(`${Math.ceil(GAMES / 6)} games combined with A New Beginning and Might is Right (tile fights; Marksmen draw 5)`, () => {
    const { fights } = runGames(Math.ceil(GAMES / 6), uniform, 'outlaws-anb-might', [
      'A_NEW_BEGINNING',
      'MIGHT_IS_RIGHT',
    ]);
    expect(fights).toBeGreaterThan(0);
  });
  test(`${Math.ceil(GAMES / 6)} games combined with Kit Carson (simultaneous placement)`, () => {
    runGames(Math.ceil(GAMES / 6), uniform, 'outlaws-kit', ['KIT_CARSON']);
  });
  test(`${Math.ceil(GAMES / 3)} games combined with Horses and the Carson River`, () => {
    runGames(Math.ceil(GAMES / 3), uniform, 'outlaws-horses', ['HORSES']);
    runGames(Math.ceil(GAMES / 3), builder, 'outlaws-river', ['CARSON_RIVER']);
  });
});
