/** UpdateRelay over Redis pub/sub (ioredis): one connection publishes, one subscribes. */
import { Redis } from 'ioredis';
import type { UpdateRelay } from './game-update-hub';

const CHANNEL = 'saloon:game-updates';

export class RedisUpdateRelay implements UpdateRelay {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(url: string) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(CHANNEL);
  }

  async publish(message: string): Promise<void> {
    await this.publisher.publish(CHANNEL, message);
  }

  onMessage(handler: (message: string) => void): void {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === CHANNEL) handler(message);
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
