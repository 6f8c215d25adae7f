/**
 * A refused House must not be offered again in the same window: after PLACE_HOUSE on a rival's
 * parcel, a refusal and CANCEL_BUILD, building the same thing again must not lead back to the
 * refused parcel (otherwise ask/refuse/cancel can repeat forever and the game never ends).
 */
import { isViolation } from '../engine';
import { createRng, rngFor } from '../random';
import { carsonCityEngine as engine } from './index';
import type { CarsonCommand } from './commands';
import type { CarsonState } from './state';

type Cmd = CarsonCommand;

function step(
  state: CarsonState,
  seat: number,
  command: Cmd,
  seed: string,
  version: number,
): { state: CarsonState; version: number } {
  const events = engine.decide(state, seat, command, rngFor(seed, version));
  if (isViolation(events)) throw new Error(`${JSON.stringify(command)}: ${events.message}`);
  let s = state;
  for (const e of events) s = engine.evolve(s, e);
  return { state: s, version: version + events.length };
}

/** Random play that prefers building, to reach consent requests quickly. */
function findConsentRequest(): {
  state: CarsonState;
  version: number;
  seed: string;
  builder: number;
  house: Cmd & { type: 'PLACE_HOUSE' };
} | null {
  const rng = createRng('consent-refusal');
  for (let g = 0; g < 400; g++) {
    const seed = `refusal-${g}`;
    const options = engine.parseOptions({}, 4);
    const setup = engine.setup(options as never, 4, rngFor(seed, 0));
    let state = setup.reduce<CarsonState | null>((s, e) => engine.evolve(s, e), null)!;
    let version = setup.length;
    for (let moves = 0; moves < 3000 && !engine.result(state); moves++) {
      const seat = engine.pending(state)[0].seat;
      const legal = engine.legalCommands(state, seat);
      const rival = legal.find(
        (c): c is Cmd & { type: 'PLACE_HOUSE' } =>
          c.type === 'PLACE_HOUSE' &&
          state.parcels[(c.parcel.r - 1) * 8 + (c.parcel.c - 1)].owner !== null &&
          state.parcels[(c.parcel.r - 1) * 8 + (c.parcel.c - 1)].owner !== seat,
      );
      if (rival) return { state, version, seed, builder: seat, house: rival };
      const preferred = legal.filter((c) =>
        ['BUY_BUILDING', 'BUILD_PENDING', 'PLACE_HOUSE', 'BUY_PARCEL'].includes(c.type),
      );
      const command = rng.pick(preferred.length > 0 ? preferred : legal);
      ({ state, version } = step(state, seat, command, seed, version));
    }
  }
  return null;
}

describe('consent refusals (§5.5)', () => {
  it('a refused parcel is not offered again after the build is cancelled', () => {
    const found = findConsentRequest();
    expect(found).not.toBeNull();
    const { seed, builder, house } = found!;
    let { state, version } = found!;
    const owner = state.parcels[(house.parcel.r - 1) * 8 + (house.parcel.c - 1)].owner!;
    const building = (state.flow.prompt as { build: { building: string; parcel: number } }).build;
    ({ state, version } = step(state, builder, house, seed, version));
    expect(engine.pending(state)[0]).toMatchObject({ seat: owner, kind: 'CONSENT' });
    ({ state, version } = step(state, owner, { type: 'ANSWER_CONSENT', accept: false }, seed, version));
    const samePlace = (c: Cmd) =>
      c.type === 'PLACE_HOUSE' && c.parcel.c === house.parcel.c && c.parcel.r === house.parcel.r;
    // Whatever the builder does next in this window, the refused parcel never comes back.
    for (let i = 0; i < 20 && engine.pending(state)[0]?.seat === builder; i++) {
      const legal = engine.legalCommands(state, builder);
      expect(legal.some(samePlace)).toBe(false);
      const again = legal.find(
        (c) =>
          c.type === 'BUILD_PENDING' &&
          c.building === building.building &&
          (c.parcel.r - 1) * 8 + (c.parcel.c - 1) === building.parcel,
      );
      const next =
        legal.find((c) => c.type === 'CANCEL_BUILD') ??
        again ??
        legal.find((c) => c.type === 'PLACE_HOUSE') ??
        legal[0];
      ({ state, version } = step(state, builder, next, seed, version));
    }
  });
});
