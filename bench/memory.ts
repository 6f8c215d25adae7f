/**
 * Memory per active game in an API process: N started games per type are loaded into a fresh
 * PlayService's cache (what an API process holds for hot games); heap delta / N, after a full GC
 * (enabled at run time through v8 flags when node was not started with --expose-gc).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EventStore } from '../src/event-store/event-store';
import { ALL_GAMES } from '../src/games/index';
import { GameRegistry } from '../src/games/registry';
import { PlayService } from '../src/play/play.service';
import type { PostgresDatabase } from '../src/database/database';
import { createBotGame, pool } from './lib/bot-driver';

export interface MemoryResult {
  type: string;
  seats: number;
  games: number;
  bytesPerGame: number;
  gcAvailable: boolean;
}

function gcFunction(): (() => void) | null {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  try {
    setFlagsFromString('--expose_gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

export async function benchMemory(db: PostgresDatabase, perType: number): Promise<MemoryResult[]> {
  const gc = gcFunction();
  const collect = async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const store = new EventStore(db.client);
  const registry = new GameRegistry(ALL_GAMES);
  const creator = new PlayService(db.client, store, registry, { allowTestControls: true });
  const out: MemoryResult[] = [];
  for (const table of [
    { type: 'carson-city', seats: 4 },
    { type: 'bang-dice', seats: 6 },
    { type: 'great-western-trail', seats: 4 },
  ]) {
    if (!registry.get(table.type)) continue;
    const ids = await pool(
      8,
      Array.from(
        { length: perType },
        (_, i) => () => createBotGame(creator, table.type, table.seats, `mem-${table.type}-${i}`),
      ),
    );
    // Heap with every state cached, minus the heap once that cache is unreachable: what the
    // states themselves hold (garbage made while loading is collected in both measurements).
    let play: PlayService | null = new PlayService(db.client, store, registry, {
      cacheSize: perType + 10,
      allowTestControls: true,
    });
    for (const id of ids) await play.load(id);
    await collect();
    const loaded = process.memoryUsage().heapUsed;
    if (play.registry.list().length === 0) throw new Error('unreachable'); // keep `play` alive until here
    play = null;
    await collect();
    const released = process.memoryUsage().heapUsed;
    out.push({
      type: table.type,
      seats: table.seats,
      games: ids.length,
      bytesPerGame: (loaded - released) / ids.length,
      gcAvailable: gc !== null,
    });
  }
  return out;
}
