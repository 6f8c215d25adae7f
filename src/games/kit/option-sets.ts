/**
 * Every game's tables worth checking: every player count and every module/option set (Carson
 * City's six modules alone and combined, its solo mode with each of Standish's strategies, Great
 * Western Trail's Simmental variant and random buildings, Bang!'s character choice, Coloma's three
 * modules alone and combined). The contract
 * suite (src/games/contract.spec.ts) plays each; the golden corpus (scripts/golden) recorded each
 * once. A new game or option adds its sets here (and records them: npm run golden:record).
 */
import type { Json } from '../engine';

export interface OptionSet {
  type: string;
  seats: number;
  /** Options in words, unique per (type, seats). */
  label: string;
  /** Creation options as a client sends them. */
  options: Json;
}

const CC_MODULES = ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT', 'KIT_CARSON', 'OUTLAWS', 'HORSES'];

export function optionSets(): OptionSet[] {
  const sets: OptionSet[] = [];
  const add = (type: string, seats: number, label: string, options: Json) =>
    sets.push({ type, seats, label, options });
  for (let seats = 3; seats <= 8; seats++) add('bang-dice', seats, 'default', {});
  for (const seats of [4, 7]) add('bang-dice', seats, 'character-choice', { characterChoice: true });
  for (let seats = 2; seats <= 6; seats++) add('carson-city', seats, 'base', {});
  CC_MODULES.forEach((module, i) =>
    add('carson-city', [3, 4, 2, 4, 5, 3][i], module.toLowerCase().replace(/_/g, '-'), { modules: [module] }),
  );
  add('carson-city', 4, 'all-modules', { modules: CC_MODULES });
  add('carson-city', 2, 'all-modules', { modules: CC_MODULES });
  add('carson-city', 3, 'random-personalities-first-game', {
    personalitySet: 'RANDOM',
    buildings: 'FIRST_GAME',
  });
  for (const strategy of ['RANCHER', 'MINER', 'FORCE', 'URBAN'])
    add('carson-city', 1, `solo-${strategy.toLowerCase()}`, { solo: { strategy } });
  for (let seats = 2; seats <= 4; seats++) add('great-western-trail', seats, 'first-game', {});
  for (let seats = 2; seats <= 4; seats++)
    add('great-western-trail', seats, 'simmental', { simmental: true });
  add('great-western-trail', 3, 'random-buildings', {
    neutralBuildings: 'RANDOM',
    playerBuildings: 'RANDOM',
  });
  for (let seats = 2; seats <= 6; seats++) add('coloma', seats, 'base', {});
  add('coloma', 3, 'hotels', { modules: ['HOTELS'] });
  add('coloma', 2, 'mule-duel', { modules: ['MULE_DUEL'] });
  add('coloma', 4, 'specialized-pioneers', { modules: ['SPECIALIZED_PIONEERS'] });
  add('coloma', 2, 'all-modules', { modules: ['HOTELS', 'MULE_DUEL', 'SPECIALIZED_PIONEERS'] });
  add('coloma', 5, 'hotels-pioneers', { modules: ['HOTELS', 'SPECIALIZED_PIONEERS'] });
  return sets;
}

/**
 * Module combinations the games' own property specs played before the contract suite replaced
 * their contract checks (src/games/carson-city/*-property.spec.ts, Coloma's and Great Western
 * Trail's property specs): the contract suite plays these too, on top of every option set above.
 * They are not in the golden corpus (its plan is optionSets()).
 */
export function combinedOptionSets(): OptionSet[] {
  const sets: OptionSet[] = [];
  const cc = (seats: number, modules: string[], extra: Record<string, Json> = {}) =>
    sets.push({
      type: 'carson-city',
      seats,
      label: ['combined', ...modules.map((m) => m.toLowerCase().replace(/_/g, '-'))].join('-'),
      options: { modules, ...extra },
    });
  cc(3, ['A_NEW_BEGINNING', 'HORSES']);
  cc(4, ['A_NEW_BEGINNING', 'CARSON_RIVER']);
  cc(5, ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT']);
  cc(3, ['KIT_CARSON', 'CARSON_RIVER']);
  cc(5, ['KIT_CARSON', 'HORSES']);
  cc(2, ['KIT_CARSON', 'MIGHT_IS_RIGHT', 'HORSES']);
  cc(6, ['KIT_CARSON', 'A_NEW_BEGINNING', 'CARSON_RIVER']);
  cc(4, ['OUTLAWS', 'A_NEW_BEGINNING']);
  cc(2, ['OUTLAWS', 'MIGHT_IS_RIGHT']);
  cc(3, ['OUTLAWS', 'A_NEW_BEGINNING', 'MIGHT_IS_RIGHT']);
  cc(6, ['OUTLAWS', 'KIT_CARSON']);
  cc(4, ['OUTLAWS', 'HORSES', 'CARSON_RIVER']);
  cc(5, ['CARSON_RIVER'], { river: { board: 'RIVER_SIDE' } });
  for (const strategy of ['RANCHER', 'URBAN'])
    sets.push({
      type: 'carson-city',
      seats: 1,
      label: `solo-${strategy.toLowerCase()}-carson-river`,
      options: { solo: { strategy }, modules: ['CARSON_RIVER'] },
    });
  sets.push({
    type: 'great-western-trail',
    seats: 4,
    label: 'simmental-random-buildings',
    options: { simmental: true, neutralBuildings: 'RANDOM', playerBuildings: 'RANDOM' },
  });
  sets.push({
    type: 'coloma',
    seats: 2,
    label: 'mule-duel-hotels',
    options: { modules: ['MULE_DUEL', 'HOTELS'] },
  });
  sets.push({ type: 'coloma', seats: 6, label: 'hotels', options: { modules: ['HOTELS'] } });
  return sets;
}
