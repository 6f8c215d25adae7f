/**
 * The module table (#12 item 4): every module's port, put together once. Not part of the core:
 * the engine's entry (`../index.ts`) imports it and installs it (`installModules`); the core reads
 * the installed ports through `../ports.ts` and never imports this file or a module's.
 */
import type { CarsonModules } from '../ports';
import { ANB_PORT } from './anb/port';
import { HORSES_PORT } from './horses/port';
import { KIT_PORT } from './kit/port';
import { MIGHT_PORT } from './might/port';
import { OUTLAWS_PORT } from './outlaws/port';
import { RIVER_PORT } from './river/port';
import { SOLO_PORT } from './solo/port';

export const CARSON_MODULES: CarsonModules = Object.freeze({
  anb: ANB_PORT,
  river: RIVER_PORT,
  might: MIGHT_PORT,
  outlaws: OUTLAWS_PORT,
  kit: KIT_PORT,
  horses: HORSES_PORT,
  solo: SOLO_PORT,
});
