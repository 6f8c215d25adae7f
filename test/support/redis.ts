/** The Redis URL for service-backed tests. They fail (never skip) when Redis is unreachable. */
import { Redis } from 'ioredis';

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

export async function assertRedisUp(url = testRedisUrl()): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `Redis is required for this suite but is unreachable at ${url}: ${(error as Error).message}`,
    );
  } finally {
    client.disconnect();
  }
}
