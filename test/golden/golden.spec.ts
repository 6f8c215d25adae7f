/**
 * The golden histories: every committed game (test/golden/corpus, recorded by
 * scripts/golden/record.ts from the engines of the commit in each file's header) replays from its
 * stored events, through the server's read path, to the recorded state hash after every event,
 * the recorded prompts after every command, the recorded result and the recorded final state.
 * Stored events are forever: when this fails, the engine changed what an old event means. Fix the
 * engine, or declare an upcaster (README "Event history versioning") -- never re-record a file.
 */
import type { AnyGameEngine, GameEvent } from '../../src/games/engine';
import { ALL_GAMES } from '../../src/games/index';
import { replay, upcastRows } from '../../src/games/upcast';
import {
  fullHash,
  goldenFiles,
  goldenHash,
  goldenPlan,
  isFirstRecording,
  readGolden,
  type GoldenGame,
} from '../../scripts/golden/corpus';

function engineFor(type: string): AnyGameEngine {
  const engine = ALL_GAMES.find((g) => g.engine.type === type)?.engine;
  if (!engine) throw new Error(`no engine for ${type}`);
  return engine;
}

/** The first difference between a replay and its record, or null when they agree. */
function firstMismatch(game: GoldenGame): string | null {
  const engine = engineFor(game.header.type);
  let state: unknown = null;
  for (const event of game.events) {
    // The server's read path: the stored row (payload + event schema) through the upcasters.
    const row = { payload: event.payload as unknown as GameEvent, schemaVersion: game.header.eventSchema };
    state = replay(engine, state, [row]);
    const at = `event ${event.version} (${event.type})`;
    if (goldenHash(game.header.type, state) !== event.hash) return `${at}: state hash differs`;
    if (event.prompts && JSON.stringify(engine.pending(state)) !== JSON.stringify(event.prompts))
      return `${at}: prompts differ`;
  }
  if (JSON.stringify(engine.result(state)) !== JSON.stringify(game.end.result)) return 'result differs';
  if (fullHash(state) !== game.end.finalHash) return 'final state differs';
  return null;
}

describe('golden histories', () => {
  const files = goldenFiles();

  it('the corpus holds every planned game: every type, player count and option set', () => {
    expect(files).toEqual(
      goldenPlan()
        .map((plan) => `${plan.name}.ndjson.gz`)
        .sort(),
    );
    const types = new Set(files.map((file) => readGolden(file).header.type));
    expect(types).toEqual(new Set(ALL_GAMES.map((g) => g.engine.type)));
  });

  it.each(files)('%s replays to its recorded states, prompts and result', (file) => {
    const game = readGolden(file);
    expect(game.events.map((e) => e.version)).toEqual(game.events.map((_, i) => i + 1));
    expect(game.end.events).toBe(game.events.length);
    expect(firstMismatch(game)).toBeNull();
  });

  it("upcasters at work: Great Western Trail's schema-1 end (FLOW with over) reads as GAME_ENDED", () => {
    const engine = engineFor('great-western-trail');
    const recorded = files.filter((file) => file.startsWith('great-western-trail') && isFirstRecording(file));
    expect(recorded.length).toBeGreaterThan(0);
    for (const file of recorded) {
      const game = readGolden(file);
      expect(game.header.eventSchema).toBeLessThan(engine.eventSchema ?? 1);
      const rows = game.events.map((e) => ({
        version: e.version,
        type: e.type,
        payload: e.payload as Record<string, unknown>,
        schemaVersion: game.header.eventSchema,
      }));
      const read = upcastRows(engine, rows);
      expect(read.filter((e) => e.type === 'GAME_ENDED').map((e) => e.version)).toEqual([game.events.length]);
      expect(read.some((e) => 'over' in e.payload)).toBe(false);
      expect(game.events[game.events.length - 1].payload).toMatchObject({ type: 'FLOW', over: true });
    }
  });

  it('the second recording holds the shapes stored since: Carson City agenda rules 3, Great Western Trail schema 4', () => {
    const later = files.filter((file) => file.endsWith('.r2.ndjson.gz')).map(readGolden);
    const cc = later.filter((g) => g.header.type === 'carson-city');
    const gwt = later.filter((g) => g.header.type === 'great-western-trail');
    expect(cc.length).toBeGreaterThan(0);
    expect(gwt.length).toBeGreaterThan(0);
    for (const g of cc) expect(g.events[0].payload).toMatchObject({ type: 'GAME_STARTED', agenda: 3 });
    for (const g of gwt) {
      expect(g.header.eventSchema).toBe(4);
      expect(g.events.some((e) => e.type === 'FLOW' || e.type === 'AGENDA_UPDATED')).toBe(false);
    }
  });

  it('the third recording holds Carson City agenda rules 4: no FLOW at all', () => {
    const third = files.filter((file) => file.endsWith('.r3.ndjson.gz')).map(readGolden);
    expect(third.length).toBeGreaterThan(0);
    for (const g of third) {
      expect(g.header.type).toBe('carson-city');
      expect(g.events[0].payload).toMatchObject({ type: 'GAME_STARTED', agenda: 4 });
      expect(g.events.some((e) => e.type === 'FLOW')).toBe(false);
    }
  });

  it('a changed event is caught: the check can fail', () => {
    const game = readGolden(files.find((file) => file.startsWith('bang-dice'))!);
    const tampered = { ...game, events: game.events.slice(0, -1) };
    expect(firstMismatch(tampered)).not.toBeNull();
  });
});
