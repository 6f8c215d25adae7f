/** Updates committed in one API process reach subscribers in another through Redis pub/sub. */
import { GameUpdateHub } from '../../src/notifications/game-update-hub';
import { RedisUpdateRelay } from '../../src/notifications/redis-relay';
import type { GameUpdate } from '../../src/play/play.service';
import { assertRedisUp, testRedisUrl } from '../support/redis';

describe('GameUpdateHub over Redis', () => {
  const relays: RedisUpdateRelay[] = [];
  let a: GameUpdateHub;
  let b: GameUpdateHub;

  beforeAll(async () => {
    await assertRedisUp();
    for (let i = 0; i < 2; i++) {
      const relay = new RedisUpdateRelay(testRedisUrl());
      await relay.start();
      relays.push(relay);
    }
    a = new GameUpdateHub(relays[0]);
    b = new GameUpdateHub(relays[1]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('delivers a local update once locally (with in-process data) and once remotely (without)', async () => {
    const gameId = `g-${Date.now()}`;
    const seenA: GameUpdate[] = [];
    const seenB: GameUpdate[] = [];
    a.subscribe(gameId, (u) => seenA.push(u));
    const arrived = new Promise<void>((resolve) => b.subscribe(gameId, (u) => (seenB.push(u), resolve())));
    a.publish({
      gameId,
      fromVersion: 3,
      version: 5,
      status: 'ACTIVE',
      local: { engine: {} as never, stateBefore: 1, state: 2, events: [] },
    });
    await arrived;
    await new Promise((r) => setTimeout(r, 100)); // an echo of its own message would arrive by now
    expect(seenA).toHaveLength(1);
    expect(seenA[0].local).toBeDefined();
    expect(seenB).toEqual([{ gameId, fromVersion: 3, version: 5, status: 'ACTIVE' }]);
  });

  it('does not deliver other games to a game subscriber', async () => {
    const seen: GameUpdate[] = [];
    b.subscribe('game-x', (u) => seen.push(u));
    const other = new Promise<void>((resolve) => b.subscribe('game-y', () => resolve()));
    a.publish({ gameId: 'game-y', fromVersion: 0, version: 1, status: 'ACTIVE' });
    await other;
    expect(seen).toEqual([]);
  });
});
