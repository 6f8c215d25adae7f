/** Every game this server hosts, with its bots. */
import { bangDiceBots } from './bang-dice/bots/index';
import { bangDiceEngine } from './bang-dice/index';
import { carsonCityBots } from './carson-city/bots/index';
import { carsonCityEngine } from './carson-city/index';
import { colomaBots } from './coloma/bots/index';
import { colomaEngine } from './coloma/index';
import { greatWesternTrailBots } from './great-western-trail/bots/index';
import { greatWesternTrailEngine } from './great-western-trail/index';
import type { GameDefinition } from './bots';

export const ALL_GAMES: GameDefinition[] = [
  { engine: bangDiceEngine, bots: bangDiceBots },
  { engine: carsonCityEngine, bots: carsonCityBots },
  { engine: greatWesternTrailEngine, bots: greatWesternTrailBots },
  { engine: colomaEngine, bots: colomaBots },
];
