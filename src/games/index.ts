/** Every game this server hosts, with its bots. */
import { bangDiceEngine } from './bang-dice/index';
import { carsonCityEngine } from './carson-city/index';
import type { GameDefinition } from './bots';

export const ALL_GAMES: GameDefinition[] = [
  { engine: bangDiceEngine, bots: {} },
  { engine: carsonCityEngine, bots: {} },
];
