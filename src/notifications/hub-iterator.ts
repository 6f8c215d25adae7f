/** An AsyncIterableIterator over one game's updates, for GraphQL subscriptions. */
import type { GameUpdate } from '../play/play.service';
import type { GameUpdateHub } from './game-update-hub';

export function gameUpdates(
  hub: GameUpdateHub,
  gameId: string,
  maxBuffered = 1000,
  /** Called once when the subscription ends (client gone, completed or dropped). */
  onClose?: () => void,
): AsyncIterableIterator<GameUpdate> {
  const buffer: GameUpdate[] = [];
  const waiting: ((result: IteratorResult<GameUpdate>) => void)[] = [];
  let done = false;
  const unsubscribe = hub.subscribe(gameId, (update) => {
    const next = waiting.shift();
    if (next) next({ value: update, done: false });
    else if (buffer.length < maxBuffered) buffer.push(update);
    // A subscriber that lets 1000 updates pile up is gone or broken: drop it.
    else close();
  });
  const close = () => {
    if (done) return;
    done = true;
    unsubscribe();
    onClose?.();
    buffer.length = 0;
    for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
  };
  const iterator: AsyncIterableIterator<GameUpdate> = {
    next() {
      if (buffer.length > 0) return Promise.resolve({ value: buffer.shift()!, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return() {
      close();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
