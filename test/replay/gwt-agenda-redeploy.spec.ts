/**
 * Great Western Trail's event schema 3 (no FLOW: the agenda is derived from facts) on a game stored
 * before it: a golden game (test/golden, stored in an older schema, its decisions closed by FLOW)
 * is cut after a command in mid-game, read through the upcasters, and finished by today's engine,
 * which stores schema-3 events. The mixed history (old rows, then new ones) replays through the
 * server's read path to exactly the state live play reached, and the old half to its recorded hash.
 */
import { isViolation, type GameEvent } from '../../src/games/engine';
import { greatWesternTrailEngine as engine, type GwtState } from '../../src/games/great-western-trail/index';
import { createRng, rngFor } from '../../src/games/random';
import { replay } from '../../src/games/upcast';
import { goldenFiles, goldenHash, isFirstRecording, readGolden } from '../../scripts/golden/corpus';

describe('Great Western Trail: a game stored with FLOW finishes in event schema 3', () => {
  const files = goldenFiles().filter((f) => f.startsWith('great-western-trail-') && isFirstRecording(f));

  it.each(files)('%s, cut in mid-game', (file) => {
    const game = readGolden(file);
    expect(game.header.eventSchema).toBeLessThan(3);
    const commandEnds = game.events.filter((e) => e.prompts).map((e) => e.version);
    const cut = commandEnds[Math.floor(commandEnds.length / 2)];
    const oldRows = game.events
      .slice(0, cut)
      .map((e) => ({ payload: e.payload as unknown as GameEvent, schemaVersion: game.header.eventSchema }));
    expect(oldRows.some((r) => r.payload.type === 'FLOW')).toBe(true);
    let state = replay(engine, null, oldRows) as GwtState;
    expect(goldenHash(engine.type, state)).toBe(game.events[cut - 1].hash);

    const newRows: { payload: GameEvent; schemaVersion: number }[] = [];
    const pick = createRng(`${file}:redeploy`);
    for (let n = 0; !state.over; n++) {
      if (n > 20_000) throw new Error('no end');
      const [prompt] = engine.pending(state);
      const command = pick.pick(engine.legalCommands(state, prompt.seat));
      const out = engine.decide(state, prompt.seat, command, rngFor(file, cut + newRows.length));
      if (isViolation(out)) throw new Error(out.message);
      for (const e of out) {
        state = engine.evolve(state, e);
        newRows.push({ payload: e as GameEvent, schemaVersion: engine.eventSchema! });
      }
    }
    expect(newRows.some((r) => r.payload.type === 'FLOW')).toBe(false);
    expect(newRows[newRows.length - 1].payload.type).toBe('GAME_ENDED');
    expect(replay(engine, null, [...oldRows, ...newRows])).toEqual(state);
  });
});
