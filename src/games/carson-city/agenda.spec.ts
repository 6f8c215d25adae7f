/**
 * Facts only (event schema 2): evolve moves the flow on from the facts (agenda.ts), decide appends
 * a FLOW only where those rules do not reach, and replaying a history rebuilds every state the
 * live game reached, prompts and flow included. Games started before schema 2 keep their meaning.
 */
import { createRng } from '../random';
import { upcast } from '../upcast';
import type { GameEvent } from '../engine';
import { carsonCityEngine as engine } from './index';
import type { CarsonEvent } from './events';
import { builder, play, randomGame, startGame, uniform } from './testing/harness';
import { replayAll } from './testing/fixtures';
import { AGENDA_RULES } from './agenda-version';
import { BANKER } from './data/personalities';
import { PICK_MENU_OPTIONS } from './personalities/menus';

describe('the agenda from facts', () => {
  it.each([
    [{}, 4, 'base'],
    [{ modules: ['KIT_CARSON', 'HORSES'] }, 3, 'kit-horses'],
    [{ modules: ['A_NEW_BEGINNING', 'OUTLAWS', 'MIGHT_IS_RIGHT', 'CARSON_RIVER'] }, 4, 'modules'],
    [{ solo: { strategy: 'MINER' } }, 1, 'solo'],
  ])(
    'replays to every live state, with FLOW in a minority of decisions (%j, %i seats)',
    (options, seats, label) => {
      let decisions = 0;
      let flows = 0;
      const game = randomGame(options, seats, `agenda-${label}`, (_state, events) => {
        decisions += 1;
        flows += events.filter((e) => e.type === 'FLOW').length;
        // At most one, and only as the decision's last event.
        expect(events.slice(0, -1).some((e) => e.type === 'FLOW')).toBe(false);
      });
      expect(replayAll(game.events)).toEqual(game.state);
      expect(flows).toBeLessThan(decisions / 2);
    },
  );

  it('rules 2: pick menus, stable offers, track purchases and the cash limit append no FLOW', () => {
    expect(AGENDA_RULES).toBe(4);
    const seen = { menu: 0, answer: 0, stable: 0, building: 0, cash: 0 };
    const cases: [unknown, number, string][] = [
      [{}, 4, 'r2-base'],
      [{ personalitySet: 'RANDOM' }, 3, 'r2-random'],
      [{ modules: ['HORSES', 'A_NEW_BEGINNING'] }, 3, 'r2-horses'],
      [{ modules: ['KIT_CARSON', 'HORSES'] }, 2, 'r2-kit'],
    ];
    for (const [options, seats, seed] of cases) {
      let before = startGame(options, seats, seed).state;
      randomGame(options, seats, seed, (after, events) => {
        const was = before.flow.prompt;
        const now = after.flow.prompt;
        before = after;
        const flow = events.some((e) => e.type === 'FLOW');
        const redBanker = after.players.some((p) => p.held.some((h) => h.id === BANKER && h.side === 'RED'));
        let covered: keyof typeof seen | null = null;
        if (was?.kind === 'PICK_CHARACTER' && after.flow.phase === 'PICK' && now?.seat === was.seat)
          covered = now.kind === 'CHOOSE_OPTION' || now.kind === 'CHOOSE_PARCEL' ? 'menu' : null;
        else if (was?.kind === 'CHOOSE_OPTION' && PICK_MENU_OPTIONS.includes(was.purpose))
          covered = now?.kind === 'PICK_CHARACTER' ? 'answer' : null;
        else if (was?.kind === 'STABLE_HORSE')
          covered = now?.kind === 'PLACE_COWBOY' || now?.kind === 'KIT_PLACEMENT' ? 'stable' : null;
        else if (was?.kind === 'BUY_BUILDING' && now?.kind === 'PLACE_BUILDING') covered = 'building';
        else if (now?.kind === 'SPEND_CASH' && events.some((e) => e.type === 'ROUND_ENDED') && !redBanker)
          covered = 'cash';
        if (covered === null) return;
        seen[covered] += 1;
        expect({ covered, flow }).toEqual({ covered, flow: false });
      });
    }
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(0);
  });

  it('every state on the way replays from the events alone (prompts and flow included)', () => {
    const start = startGame({ modules: ['KIT_CARSON'] }, 3, 'agenda-steps');
    let live = start.state;
    let replayed = replayAll(start.events);
    expect(replayed).toEqual(live);
    for (let n = 0; n < 400 && engine.result(live) === null; n++) {
      const seat = engine.pending(live)[0].seat;
      const legal = engine.legalCommands(live, seat);
      const cmd = legal[n % legal.length];
      const r = play(live, seat, cmd, createRng(`agenda-steps#${n}`));
      live = r.state;
      for (const e of r.events) replayed = engine.evolve(replayed, e);
      expect(replayed.flow).toEqual(live.flow);
      expect(engine.pending(replayed)).toEqual(engine.pending(live));
    }
  });

  it('a plain placement appends no FLOW; the next turn comes from the COWBOY_PLACED fact', () => {
    let { state } = startGame({}, 3, 'agenda-place-2');
    for (let n = 0; state.flow.prompt?.kind !== 'PLACE_COWBOY'; n++) {
      const seat = engine.pending(state)[0].seat;
      state = play(state, seat, engine.legalCommands(state, seat)[0], createRng(`p#${n}`)).state;
    }
    const prompt = state.flow.prompt;
    const cmd = engine.legalCommands(state, prompt.seat).find((c) => c.type === 'PLACE_COWBOY')!;
    const r = play(state, prompt.seat, cmd, createRng('place'));
    expect(r.events.map((e) => e.type)).not.toContain('FLOW');
    expect(r.state.flow.prompt).toMatchObject({ kind: 'PLACE_COWBOY' });
    expect(r.state.flow.prompt!.seat).not.toBe(prompt.seat);
  });

  it('a game started before event schema 2 (no `agenda`) still records its flow after every decision', () => {
    const start = startGame({}, 3, 'agenda-old');
    const old = start.events.map((e) => {
      if (e.type !== 'GAME_STARTED') return e;
      const { agenda: _agenda, ...rest } = e;
      return rest as CarsonEvent;
    });
    old.push({ type: 'FLOW', flow: start.state.flow }); // schema 1 recorded every flow
    let state = replayAll(old);
    expect(state.agenda).toBeUndefined();
    for (let n = 0; n < 30; n++) {
      const seat = engine.pending(state)[0].seat;
      const cmd = engine.legalCommands(state, seat).find((c) => c.type !== 'PLACE_ROAD')!;
      const r = play(state, seat, cmd, createRng(`old#${n}`));
      expect(r.events[r.events.length - 1].type).toBe('FLOW');
      state = r.state;
    }
  });

  it('a game that declared agenda rules 1 keeps them: its stable offers still end with a FLOW', () => {
    const start = startGame({ modules: ['HORSES'] }, 3, 'agenda-rules-1');
    // The setup as an engine of those rules stored it: its facts, then the FLOW of the first prompt.
    const declared: CarsonEvent[] = [
      ...start.events.map((e) => (e.type === 'GAME_STARTED' ? { ...e, agenda: 1 } : e)),
      { type: 'FLOW', flow: start.state.flow },
    ];
    let state = replayAll(declared);
    const events = [...declared];
    let stables = 0;
    for (let n = 0; n < 3000 && engine.result(state) === null; n++) {
      const prompt = engine.pending(state)[0];
      const legal = engine.legalCommands(state, prompt.seat).filter((c) => c.type !== 'PLACE_ROAD');
      const r = play(state, prompt.seat, legal[n % legal.length], createRng(`r1#${n}`));
      if (prompt.kind === 'STABLE_HORSE') {
        stables += 1;
        expect(r.events[r.events.length - 1].type).toBe('FLOW');
      }
      events.push(...r.events);
      state = r.state;
    }
    expect(stables).toBeGreaterThan(0);
    expect(state.agenda).toBe(1);
    expect(replayAll(events)).toEqual(state);
  });

  it('GAME_ENDED carries the result; a schema-1 GAME_ENDED reads with a null result', () => {
    const game = randomGame({}, 2, 'agenda-end');
    const ended = game.events.filter((e) => e.type === 'GAME_ENDED');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ type: 'GAME_ENDED', result: engine.result(game.state) });
    const { result: _result, ...old } = ended[0] as Extract<CarsonEvent, { type: 'GAME_ENDED' }>;
    expect(upcast(engine, old as GameEvent, 1)).toEqual([{ ...old, result: null }]);
    expect(upcast(engine, ended[0] as GameEvent, 2)).toEqual([ended[0]]);
  });
});

/**
 * Agenda rules 3 (agenda-resolve.ts): the resolution after the parcel purchases and the building
 * choices move the flow on from facts; none of these decisions needs a FLOW.
 */
describe('agenda rules 3: the resolution and the building choices', () => {
  const SETS: [unknown, number][] = [
    [{}, 4],
    [{}, 2],
    [{ personalitySet: 'RANDOM' }, 3],
    [{ personalitySet: 'RANDOM' }, 5],
    [{ modules: ['HORSES'] }, 3],
    [{ modules: ['KIT_CARSON', 'HORSES'] }, 3],
    [{ modules: ['A_NEW_BEGINNING'] }, 3],
    [{ modules: ['CARSON_RIVER'] }, 3],
    [{ modules: ['OUTLAWS'] }, 3],
    [{ modules: ['MIGHT_IS_RIGHT'] }, 3],
    [{ modules: ['A_NEW_BEGINNING', 'OUTLAWS', 'MIGHT_IS_RIGHT', 'CARSON_RIVER'] }, 4],
    [{ solo: { strategy: 'URBAN' } }, 1],
  ];
  /** Prompts of the resolution after the parcel purchases and of a construction. */
  const RESOLUTION: readonly string[] = [
    'BUY_BUILDING',
    'BUY_VP',
    'PLACE_BUILDING',
    'PLACE_HOUSE',
    'CONSENT',
    'BUY_HORSE',
  ];
  /** Facts of the cases left to a FLOW (README, Model): module duels, outlaws, Standish, the end of a round. */
  const LEFT = new Set([
    'DUEL_TILES_CHOSEN',
    'DUEL_TILES_REVEALED',
    'DUEL_DIE_KEPT',
    'OUTLAW_FIGHT',
    'OUTLAWS_ARRIVED',
    'SOLO_CARD_DRAWN',
    'SOLO_INCOME_CONVERTED',
    'ROUND_ENDED',
    'BUILDING_DRAWN',
    'COWBOY_MOVED',
  ]);
  const marksman = (e: CarsonEvent) => e.type === 'DICE_ROLLED' && e.purpose === 'MARKSMAN';

  it.each(SETS)(
    'a decision in the resolution or a construction appends no FLOW (%j, %i seats)',
    (options, seats) => {
      const seen: Record<string, number> = {};
      for (const [policy, tag] of [
        [uniform, 'u'],
        [builder, 'b'],
      ] as const) {
        const seed = `r3-${JSON.stringify(options)}-${seats}-${tag}`;
        let before = startGame(options, seats, seed).state;
        const game = randomGame(
          options,
          seats,
          seed,
          (after, events) => {
            const was = before.flow.prompt;
            const now = after.flow.prompt;
            before = after;
            if (!was || !now || events.some((e) => LEFT.has(e.type) || marksman(e))) return;
            const into =
              RESOLUTION.includes(now.kind) || (now.kind === 'BUY_PARCEL' && was.kind !== 'BUY_PARCEL');
            if (
              !(
                RESOLUTION.includes(was.kind) ||
                was.kind === 'BUY_PARCEL' ||
                after.flow.phase === 'RESOLVE'
              ) ||
              !into
            )
              return;
            seen[now.kind] = (seen[now.kind] ?? 0) + 1;
            expect({ was: was.kind, now: now.kind, flow: events.some((e) => e.type === 'FLOW') }).toEqual({
              was: was.kind,
              now: now.kind,
              flow: false,
            });
          },
          20000,
          policy,
        );
        expect(game.state.agenda).toBe(4);
        expect(replayAll(game.events)).toEqual(game.state);
      }
      expect(seen.BUY_BUILDING ?? 0).toBeGreaterThan(0);
    },
  );

  it('the Doctor, the Undertaker, the red Banker, auctions and building takes append no FLOW (random tiles)', () => {
    const seen: Record<string, number> = {};
    const kindOf = (p: { kind: string; purpose?: string } | null) =>
      p === null ? null : p.kind === 'CHOOSE_OPTION' ? `${p.kind}:${p.purpose}` : p.kind;
    const MINE = ['BID', 'MOVE_COWBOY', 'TAKE_BUILDING', 'CHOOSE_OPTION:BANKER', 'CHOOSE_OPTION:UNDERTAKER'];
    for (let g = 0; g < 16; g++) {
      const seed = `r3-tiles-${g}`;
      let before = startGame({ personalitySet: 'RANDOM' }, 3 + (g % 3), seed).state;
      randomGame(
        { personalitySet: 'RANDOM' },
        3 + (g % 3),
        seed,
        (after, events) => {
          const was = kindOf(before.flow.prompt as { kind: string; purpose?: string } | null);
          const now = kindOf(after.flow.prompt as { kind: string; purpose?: string } | null);
          before = after;
          const mine = MINE.find((k) => k === was || k === now);
          if (!mine) return;
          seen[mine] = (seen[mine] ?? 0) + 1;
          expect({ was, now, flow: events.some((e) => e.type === 'FLOW') }).toEqual({
            was,
            now,
            flow: false,
          });
        },
        20000,
        g % 2 === 0 ? uniform : builder,
      );
    }
    for (const k of MINE) expect([k, (seen[k] ?? 0) > 0]).toEqual([k, true]);
  });

  it('the choices of a construction are facts: BUILD_STARTED, HOUSE_CHOSEN, CONSENT, BUILD_CANCELLED, PENDING_KEPT, ACTION_DECLINED', () => {
    const types = new Set<string>();
    for (let g = 0; g < 6; g++) {
      const game = randomGame({}, 4, `r3-facts-${g}`, undefined, 20000, builder);
      for (const e of game.events) types.add(e.type);
      expect(replayAll(game.events)).toEqual(game.state);
    }
    for (const t of ['BUILD_STARTED', 'HOUSE_CHOSEN', 'CONSENT_ANSWERED', 'PENDING_KEPT', 'ACTION_DECLINED'])
      expect([t, types.has(t)]).toEqual([t, true]);
  });

  it('a game that declared agenda rules 2 keeps them: no new fact, its resolution still ends with FLOWs', () => {
    const start = startGame({}, 3, 'agenda-rules-2');
    // The setup as an engine of those rules stored it: its facts, then the FLOW of the first prompt.
    const declared: CarsonEvent[] = [
      ...start.events.map((e) => (e.type === 'GAME_STARTED' ? { ...e, agenda: 2 } : e)),
      { type: 'FLOW', flow: start.state.flow },
    ];
    let state = replayAll(declared);
    const events = [...declared];
    let resolutionFlows = 0;
    for (let n = 0; n < 4000 && engine.result(state) === null; n++) {
      const prompt = engine.pending(state)[0];
      const legal = engine.legalCommands(state, prompt.seat).filter((c) => c.type !== 'PLACE_ROAD');
      const r = play(state, prompt.seat, legal[n % legal.length], createRng(`r2#${n}`));
      const fresh = ['BUILD_STARTED', 'HOUSE_CHOSEN', 'BUILD_CANCELLED', 'PENDING_KEPT', 'ACTION_DECLINED'];
      expect(r.events.filter((e) => fresh.includes(e.type))).toEqual([]);
      if (prompt.kind === 'BUY_BUILDING' && r.events.some((e) => e.type === 'FLOW')) resolutionFlows += 1;
      events.push(...r.events);
      state = r.state;
    }
    expect(state.agenda).toBe(2);
    expect(resolutionFlows).toBeGreaterThan(0);
    expect(replayAll(events)).toEqual(state);
  });
});
