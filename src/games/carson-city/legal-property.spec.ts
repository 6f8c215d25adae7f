/**
 * legalCommands lists the placements valid by construction (legal.ts validPlacements) instead of
 * filtering every candidate through `validate`. Property: at every position of random games of
 * every Carson City option set (src/games/kit/option-sets.ts), for every seat, it gives exactly the
 * list the candidates filtered by `validate` give (`legalByValidation`): the same commands, in
 * the same order, with the same keys. Games per set: CC_LEGAL_GAMES (default 1, random bot and
 * the city-building policy each).
 */
import { combinedOptionSets, optionSets } from '../kit/option-sets';
import { playRandom } from '../kit/play';
import { carsonCityEngine as engine } from './index';
import { legalByValidation, legalCommands } from './legal';
import type { CarsonState } from './state';
import { builder, randomGame } from './testing/harness';

const GAMES = Number(process.env.CC_LEGAL_GAMES ?? 1);
const SETS = [...optionSets(), ...combinedOptionSets()].filter((set) => set.type === 'carson-city');

/** Kit Carson games have long simultaneous placements (the reference is slow there): every 5th position. */
const strideOf = (options: unknown) => (JSON.stringify(options).includes('KIT_CARSON') ? 5 : 1);

/** Compares the two lists for every seat at `s`; counts the positions per prompt kind. */
function compareAt(s: CarsonState, kinds: Map<string, number>, where: string): void {
  for (let seat = 0; seat < s.seatCount; seat++) {
    const fast = JSON.stringify(legalCommands(s, seat));
    const reference = JSON.stringify(legalByValidation(s, seat));
    if (fast !== reference)
      throw new Error(`${where}, seat ${seat} at ${s.flow.prompt?.kind}:\n${fast}\n!==\n${reference}`);
  }
  const kind = s.flow.prompt?.kind ?? 'NONE';
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}

describe('legalCommands = every candidate validate accepts', () => {
  const kinds = new Map<string, number>();

  it.each(SETS.map((set) => ({ ...set, name: `${set.seats}p ${set.label}` })))('$name', (set) => {
    for (let k = 0; k < GAMES; k++) {
      const where = `${set.label} ${set.seats}p #${k}`;
      const stride = strideOf(set.options);
      let n = 0;
      const check = (s: CarsonState) => {
        if (n++ % stride === 0) compareAt(s, kinds, where);
      };
      const game = playRandom(engine, set.seats, `legal-${where}`, set.options, (c) =>
        check(c.before as CarsonState),
      );
      compareAt(game.state as CarsonState, kinds, where);
      randomGame(set.options, set.seats, `legal-builder-${where}`, check, 20000, builder);
    }
  });

  it('covered the placement prompts (plain, Kit Carson, stable 2) and the others', () => {
    for (const kind of ['PLACE_COWBOY', 'KIT_PLACEMENT', 'STABLE_TWO', 'PLACE_BUILDING', 'BUY_PARCEL'])
      expect(kinds.get(kind) ?? 0).toBeGreaterThan(10);
  });
});
