/** Every game engine this server hosts. */
import type { AnyGameEngine } from './engine';

export const ALL_ENGINES: AnyGameEngine[] = [];
