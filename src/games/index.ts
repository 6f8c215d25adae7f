/** Every game engine this server hosts. */
import { bangDiceEngine } from './bang-dice/index';
import type { AnyGameEngine } from './engine';

export const ALL_ENGINES: AnyGameEngine[] = [bangDiceEngine];
