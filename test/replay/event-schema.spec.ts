/**
 * Versioned events: every stored event carries its engine's event schema (events.schema_version,
 * 1 for rows from before the column), and every read path reads older events through the
 * engine's upcasters before evolve. A game is started and half played by the test engine in event
 * schema 1, then the server is "redeployed" with schema 2 of the same engine, where ADDED became
 * COUNTER_RAISED (one upcast event) and WON became SECRETS_REVEALED + WON (two). The old half must
 * load, page and replay through the upcasters, the new half is stored in schema 2, and the whole
 * game ends in the state a game played in schema 2 throughout reaches.
 */
import type { GameEngine, GameEvent } from '../../src/games/engine';
import { GameRegistry } from '../../src/games/registry';
import { upcast } from '../../src/games/upcast';
import { EventStore } from '../../src/event-store/event-store';
import { PlayService } from '../../src/play/play.service';
import { raceEngine, type RaceCommand, type RaceState } from '../support/dealt-number-engine';
import { createTestPostgres, type TestPostgres } from '../support/database';

/** These games are seeded (the same deal in both schemas): operator test controls. */
const TEST_CONTROLS = { allowTestControls: true };

type RaceV2Event =
  | { type: 'STARTED'; seats: number }
  | { type: 'SECRET_DEALT'; seat: number; secret: number | null }
  | { type: 'COUNTER_RAISED'; seat: number; by: number }
  | { type: 'SECRETS_REVEALED'; secrets: number[] }
  | { type: 'WON'; seat: number };

/** Schema 2 of the test game: the counter is derived, the reveal is its own fact. */
const raceV2: GameEngine<{ target: number }, RaceState, RaceCommand, RaceV2Event, unknown> = {
  ...(raceEngine as unknown as GameEngine<{ target: number }, RaceState, RaceCommand, RaceV2Event, unknown>),
  eventSchema: 2,
  upcasters: {
    1: {
      ADDED: (e) => {
        const { seat, n } = e as unknown as { seat: number; n: number };
        return { type: 'COUNTER_RAISED', seat, by: n } as GameEvent;
      },
      WON: (e) => {
        const { seat, secrets } = e as unknown as { seat: number; secrets: number[] };
        return [{ type: 'SECRETS_REVEALED', secrets } as GameEvent, { type: 'WON', seat } as GameEvent];
      },
    },
  },
  setup: (options, seats, rng) => raceEngine.setup(options, seats, rng) as RaceV2Event[],
  evolve(state, event) {
    switch (event.type) {
      case 'COUNTER_RAISED':
        return { ...state!, counter: state!.counter + event.by, turn: (event.seat + 1) % state!.seats };
      case 'SECRETS_REVEALED':
        return state!;
      case 'WON':
        return { ...state!, winner: event.seat };
      default:
        return raceEngine.evolve(state, event);
    }
  },
  decide(state, seat, command, rng) {
    const v1 = raceEngine.decide(state, seat, command, rng);
    if (!Array.isArray(v1)) return v1;
    return v1.flatMap((e) => upcast(raceV2, e, 1) as RaceV2Event[]);
  },
  redact: (event) => event,
};

describe('versioned events and upcasting', () => {
  let db: TestPostgres;
  let store: EventStore;
  const moves: RaceCommand[] = [2, 2, 2, 2, 1, 1].map((n) => ({ type: 'ADD', n: n as 1 | 2 }));

  beforeAll(async () => {
    db = await createTestPostgres();
    store = new EventStore(db.client);
  });
  afterAll(async () => db?.close());

  async function play(service: PlayService, gameId: string, commands: RaceCommand[]): Promise<void> {
    for (const command of commands) {
      const { record, state } = await service.load(gameId);
      const seat = (state as RaceState).turn;
      await service.submitCommand({ gameId, seat, actor: 'HUMAN', expectedVersion: record.version }, command);
    }
  }

  async function newGame(service: PlayService, seed: string): Promise<string> {
    const seats = [0, 1].map((i) => ({ kind: 'HUMAN' as const, name: `p${i}` }));
    const { game } = await service.createGame({ type: 'race-to-ten', seats, seed, options: {}, start: true });
    return game.id;
  }

  it('rows appended without a schema are schema 1; appends store the engine schema', async () => {
    await db.client.game.create({
      data: {
        id: 'raw',
        type: 't',
        status: 'ACTIVE',
        options: {},
        seed: 's',
        seatCount: 2,
        activeSeats: [0],
        version: 1,
      },
    });
    await db.pool.query(
      `INSERT INTO events (game_id, version, type, payload, metadata) VALUES ('raw', 1, 'A', '{"type":"A"}', '{}')`,
    );
    await store.append({
      gameId: 'raw',
      expectedVersion: 1,
      events: [{ type: 'B' }],
      eventSchema: 7,
      metadata: { actor: 'SYSTEM', at: '2026-01-01T00:00:00.000Z' },
      readModel: { activeSeats: [] },
    });
    expect((await store.readStream('raw')).map((e) => [e.type, e.schemaVersion])).toEqual([
      ['A', 1],
      ['B', 7],
    ]);
  });

  it('a game stored in schema 1 loads, pages and finishes under schema 2 like a schema-2 game', async () => {
    const v1 = new PlayService(db.client, store, new GameRegistry([raceEngine]), TEST_CONTROLS);
    const gameId = await newGame(v1, 'upcast');
    await play(v1, gameId, moves.slice(0, 3));

    // Redeployed: the same game type, events in schema 2.
    const v2 = new PlayService(db.client, store, new GameRegistry([raceV2]), TEST_CONTROLS);
    const loaded = await v2.load(gameId);
    expect((loaded.state as RaceState).counter).toBe(6);
    await play(v2, gameId, moves.slice(3));

    const { rows } = await db.pool.query<{ version: number; type: string; schema_version: number }>(
      'SELECT version, type, schema_version FROM events WHERE game_id = $1 ORDER BY version',
      [gameId],
    );
    expect(rows.map((r) => [r.type, r.schema_version])).toEqual([
      ['STARTED', 1],
      ['SECRET_DEALT', 1],
      ['SECRET_DEALT', 1],
      ['ADDED', 1],
      ['ADDED', 1],
      ['ADDED', 1],
      ['COUNTER_RAISED', 2],
      ['COUNTER_RAISED', 2],
      ['COUNTER_RAISED', 2],
      ['SECRETS_REVEALED', 2],
      ['WON', 2],
    ]);

    // Event pages read old rows as they mean now, at their stored versions.
    const page = await v2.eventsFor(gameId, 0, 3, 3);
    expect(page.map((r) => [r.event.version, r.visible?.type])).toEqual([
      [4, 'COUNTER_RAISED'],
      [5, 'COUNTER_RAISED'],
      [6, 'COUNTER_RAISED'],
    ]);
    expect((await v2.stateAt(raceV2, gameId, 5)) as RaceState).toMatchObject({ counter: 4, turn: 0 });

    // The same commands played in schema 2 throughout end in the same state.
    const fresh = await newGame(v2, 'upcast');
    await play(v2, fresh, moves);
    expect((await v2.load(gameId)).state).toEqual((await v2.load(fresh)).state);
    expect((await v2.load(gameId)).record.result).toEqual((await v2.load(fresh)).record.result);
  });

  it('a schema-1 game that ended in schema 1 pages its last row as the two events it means now', async () => {
    const v1 = new PlayService(db.client, store, new GameRegistry([raceEngine]), TEST_CONTROLS);
    const gameId = await newGame(v1, 'ended');
    await play(v1, gameId, moves);
    const v2 = new PlayService(db.client, store, new GameRegistry([raceV2]), TEST_CONTROLS);
    const all = await v2.eventsFor(gameId, 'spectator', 0, 100);
    const last = all.slice(-2);
    expect(last.map((r) => [r.event.version, r.visible?.type])).toEqual([
      [10, 'SECRETS_REVEALED'],
      [10, 'WON'],
    ]);
    expect((await v2.load(gameId)).state as RaceState).toMatchObject({ counter: 10, winner: 1 });
  });

  it('an event from a newer engine than the running one is refused, not misread', () => {
    expect(() => upcast(raceEngine, { type: 'ADDED' }, 2)).toThrow(/newer/);
  });
});
