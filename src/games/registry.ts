/** The games this server hosts, by type id. Adding a game = adding its definition here. */
import { randomBot, type BotLevel, type GameBot, type GameDefinition } from './bots';
import type { AnyGameEngine } from './engine';

export class GameRegistry {
  private readonly games = new Map<string, GameDefinition>();

  constructor(definitions: (GameDefinition | AnyGameEngine)[]) {
    for (const item of definitions) {
      // A bare engine gets the RANDOM bot only.
      const definition: GameDefinition = 'engine' in item ? item : { engine: item, bots: {} };
      const type = definition.engine.type;
      if (this.games.has(type)) throw new Error(`duplicate game type ${type}`);
      this.games.set(type, { engine: definition.engine, bots: { RANDOM: randomBot, ...definition.bots } });
    }
  }

  get(type: string): AnyGameEngine | undefined {
    return this.games.get(type)?.engine;
  }

  list(): AnyGameEngine[] {
    return [...this.games.values()].map((d) => d.engine);
  }

  botLevels(type: string): BotLevel[] {
    return Object.keys(this.games.get(type)?.bots ?? {}) as BotLevel[];
  }

  bot(type: string, level: string): GameBot | undefined {
    return this.games.get(type)?.bots[level as BotLevel];
  }
}
