/** The games this server hosts, by type id. Adding a game = adding its engine here. */
import type { AnyGameEngine } from './engine';

export class GameRegistry {
  private readonly engines = new Map<string, AnyGameEngine>();

  constructor(engines: AnyGameEngine[]) {
    for (const engine of engines) {
      if (this.engines.has(engine.type)) throw new Error(`duplicate game type ${engine.type}`);
      this.engines.set(engine.type, engine);
    }
  }

  get(type: string): AnyGameEngine | undefined {
    return this.engines.get(type);
  }

  list(): AnyGameEngine[] {
    return [...this.engines.values()];
  }
}
