/**
 * Fan-out of "game X moved to version N" to everyone listening in this process (GraphQL
 * subscriptions, schedulers). With several API processes, updates also travel over Redis
 * pub/sub: each process publishes its own commits and relays the others' to its local listeners
 * (which then read what they need from the database, since in-memory state does not travel).
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { GameUpdate } from '../play/play.service';

export type UpdateHandler = (update: GameUpdate) => void;

/** The cross-process transport (Redis pub/sub in production). */
export interface UpdateRelay {
  publish(message: string): Promise<void>;
  onMessage(handler: (message: string) => void): void;
  close(): Promise<void>;
}

interface RelayedUpdate {
  origin: string;
  update: Omit<GameUpdate, 'local'>;
}

export class GameUpdateHub {
  private readonly emitter = new EventEmitter();
  private readonly origin = randomUUID();

  constructor(private readonly relay?: UpdateRelay) {
    // One listener per subscriber per game: thousands of subscribers is normal here.
    this.emitter.setMaxListeners(0);
    relay?.onMessage((message) => {
      let parsed: RelayedUpdate;
      try {
        parsed = JSON.parse(message) as RelayedUpdate;
      } catch {
        return;
      }
      if (parsed.origin === this.origin || typeof parsed.update?.gameId !== 'string') return;
      this.emitLocal(parsed.update);
    });
  }

  publish(update: GameUpdate): void {
    this.emitLocal(update);
    if (this.relay) {
      const { local: _local, ...wire } = update;
      const message: RelayedUpdate = { origin: this.origin, update: wire };
      this.relay
        .publish(JSON.stringify(message))
        .catch((error) => console.error('update relay publish failed', error));
    }
  }

  /** Listen to one game's updates; returns the unsubscribe function. */
  subscribe(gameId: string, handler: UpdateHandler): () => void {
    const topic = `game:${gameId}`;
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }

  /** Listen to every game's updates. */
  subscribeAll(handler: UpdateHandler): () => void {
    this.emitter.on('*', handler);
    return () => this.emitter.off('*', handler);
  }

  listenerCount(gameId: string): number {
    return this.emitter.listenerCount(`game:${gameId}`);
  }

  private emitLocal(update: GameUpdate): void {
    this.emitter.emit(`game:${update.gameId}`, update);
    this.emitter.emit('*', update);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    await this.relay?.close();
  }
}
