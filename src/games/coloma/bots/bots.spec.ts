/** Coloma's HEURISTIC bot: legal answers from the view only, and stronger than RANDOM (seeded games). */
import { isViolation } from '../../engine';
import { randomBot, type GameBot } from '../../bots';
import { createRng } from '../../random';
import { colomaEngine as engine } from '../index';
import type { ColomaCommand } from '../commands';
import type { ColomaState } from '../state';
import { colomaHeuristicBot } from './heuristic';

function play(bots: GameBot[], seed: string): ColomaState {
  const rng = createRng(seed);
  const options = engine.parseOptions({}, bots.length);
  if (isViolation(options)) throw new Error(options.message);
  let s = engine
    .setup(options, bots.length, rng)
    .reduce<ColomaState | null>((st, e) => engine.evolve(st, e), null)!;
  while (!engine.result(s)) {
    const seat = engine.pending(s)[0].seat;
    const legal = engine.legalCommands(s, seat);
    const command = bots[seat].choose({ seat, view: engine.view(s, seat), legal, rng })
      .command as ColomaCommand;
    expect(legal).toContainEqual(command);
    const out = engine.decide(s, seat, command, rng);
    if (isViolation(out)) throw new Error(out.message);
    s = out.reduce((st, e) => engine.evolve(st, e), s);
  }
  return s;
}

describe('Coloma bots', () => {
  test('HEURISTIC outscores RANDOM in most of 6 seeded 2-player games (seats alternate)', () => {
    let wins = 0;
    for (let g = 0; g < 6; g++) {
      const h = g % 2;
      const bots = h === 0 ? [colomaHeuristicBot, randomBot] : [randomBot, colomaHeuristicBot];
      const end = play(bots as GameBot[], `coloma-bots-${g}`);
      const score = (seat: number) => end.result!.seats.find((x) => x.seat === seat)!.score!;
      if (score(h) > score(1 - h)) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(5);
  });
});
