/**
 * Kit Carson (§10.4): simultaneous placement, online model — the first player's opening
 * placement, then every unlocked seat prompted at once; place / move / withdraw / lock applied in
 * arrival order with sequence numbers; the pass order from the locks; +1 VP per player behind on
 * the final round's pass-order track (§8 item 6).
 */
import { isViolation, type RuleViolation } from '../../../engine';
import { createRng } from '../../../random';
import type { CarsonCommand, Target } from '../../commands';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import { finalScores } from '../../score';
import type { CarsonState } from '../../state';
import { drive, ofType, send } from '../../testing/fixtures';
import { startGame } from '../../testing/harness';

const KIT = { modules: ['KIT_CARSON'] };
const TILES = [
  { id: 1, side: 'YELLOW' as const },
  { id: 2, side: 'YELLOW' as const },
  { id: 3, side: 'YELLOW' as const },
  { id: 4, side: 'YELLOW' as const },
  { id: 9, side: 'RED' as const },
  { id: 11, side: 'YELLOW' as const },
  { id: 12, side: 'YELLOW' as const },
];

/** A Kit Carson game at round 1's opening placement; `picks[seat]` = personality taken. */
function atOpening(picks: number[]): CarsonState {
  const { state } = startGame({ ...KIT, personalitySet: 'LIST', tiles: TILES }, picks.length, 'kit');
  const run = drive(state, createRng('kit-drive'), (p) => {
    if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
      return { type: 'PICK_CHARACTER', personality: picks[p.seat] };
    if (p.kind === 'PLACE_COWBOY' || p.kind === 'KIT_PLACEMENT') return undefined;
    return null;
  });
  return run.state;
}

const action = (a: string): Target => ({ kind: 'ACTION', action: a }) as Target;
const place = (
  a: string,
  flags: Partial<Record<'white' | 'noDuel' | 'dynamite' | 'extra', true>> = {},
): CarsonCommand => ({
  type: 'PLACE_COWBOY',
  target: action(a),
  ...flags,
});
const LOCK: CarsonCommand = { type: 'LOCK' };

function refused(s: CarsonState, seat: number, cmd: CarsonCommand): RuleViolation {
  const r = engine.decide(s, seat, cmd, createRng('x'));
  if (!isViolation(r)) throw new Error(`accepted ${JSON.stringify(cmd)}`);
  return r;
}

/** Seats 0, 1, 2 hold the Sheriff (1), the red Prospector (9: 2 dynamite), the Singer (11). */
function opened(): CarsonState {
  const s = atOpening([1, 9, 11]);
  return send(s, 0, place('WAGES')).state;
}

describe('Kit Carson: options and opening (§10.4 rule 1)', () => {
  test('KIT_CARSON is accepted and combines with the river', () => {
    expect(isViolation(engine.parseOptions(KIT, 3))).toBe(false);
    const both = engine.parseOptions({ modules: ['KIT_CARSON', 'CARSON_RIVER'] }, 2);
    expect(isViolation(both) ? both.message : both.modules).toEqual(['CARSON_RIVER', 'KIT_CARSON']);
  });

  test('the round starts with the first player (turn order) alone, a normal PLACE_COWBOY prompt', () => {
    const s = atOpening([1, 9, 11]);
    expect(s.turnOrder).toEqual([0, 1, 2]);
    expect(engine.pending(s)).toEqual([{ seat: 0, kind: 'PLACE_COWBOY', detail: { index: 0 } }]);
    expect(refused(s, 1, place('WAGES')).code).toBe('NOT_YOUR_TURN');
    expect(engine.legalCommands(s, 0).some((c) => c.type === 'LOCK' || c.type === 'RELOCATE_COWBOY')).toBe(
      false,
    );
  });

  test('after the first placement every seat is prompted at once; the opening is seq 1', () => {
    const s0 = atOpening([1, 9, 11]);
    const { state: s, events } = send(s0, 0, place('WAGES'));
    expect(ofType(events, 'COWBOY_PLACED')[0]).toMatchObject({ seat: 0, loc: 'A:WAGES', seq: 1 });
    const prompts = engine.pending(s);
    expect(prompts.map((p) => [p.seat, p.kind])).toEqual([
      [0, 'KIT_PLACEMENT'],
      [1, 'KIT_PLACEMENT'],
      [2, 'KIT_PLACEMENT'],
    ]);
    expect(prompts[0].detail).toEqual({ seats: [0, 1, 2], seq: 1 });
    expect(engine.view(s, 1).kitCarson).toEqual({ placing: [0, 1, 2], seq: 1, locked: [] });
  });

  test("the first player's PASS at the opening is their lock (pass-order space 1)", () => {
    const s0 = atOpening([1, 9, 11]);
    const { state: s, events } = send(s0, 0, { type: 'PASS' });
    expect(ofType(events, 'PASSED')[0]).toMatchObject({ seat: 0, position: 1, seq: 1 });
    expect(engine.pending(s).map((p) => p.seat)).toEqual([1, 2]);
    expect(refused(s, 0, place('WAGES')).code).toBe('NOT_YOUR_TURN');
  });

  test('without the module the placement alternates as in the base game', () => {
    const { state } = startGame({ personalitySet: 'LIST', tiles: TILES }, 3, 'kit');
    const run = drive(state, createRng('kit-drive'), (p) => {
      if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
        return { type: 'PICK_CHARACTER', personality: [1, 9, 11][p.seat] };
      if (p.kind === 'PLACE_COWBOY') return undefined;
      return null;
    });
    const s = send(run.state, 0, place('WAGES')).state;
    expect(engine.pending(s)).toEqual([{ seat: 1, kind: 'PLACE_COWBOY', detail: { index: 1 } }]);
    expect(engine.view(s, 0).kitCarson).toBeNull();
  });
});

describe('Kit Carson: place, move, withdraw, lock (§10.4 rules 2-3)', () => {
  test('any unlocked seat places in any order; each accepted command gets the next seq', () => {
    let s = opened();
    const seqs: number[] = [];
    for (const [seat, cmd] of [
      [2, place('GAMBLING')],
      [1, place('ROADS')],
      [2, place('VP_PARCELS')],
    ] as [number, CarsonCommand][]) {
      const r = send(s, seat, cmd);
      s = r.state;
      seqs.push(ofType(r.events, 'COWBOY_PLACED')[0].seq!);
    }
    expect(seqs).toEqual([2, 3, 4]);
    expect(s.players[2].reserve).toBe(1);
  });

  test('move: a placed cowboy goes elsewhere, checked like a placement; the reserve is unchanged', () => {
    let s = send(opened(), 1, place('ROADS')).state;
    const before = s.players[1].reserve;
    const r = send(s, 1, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: action('GAMBLING') });
    s = r.state;
    expect(ofType(r.events, 'COWBOY_RELOCATED')[0]).toMatchObject({
      seat: 1,
      from: 'A:ROADS',
      to: 'A:GAMBLING',
      seq: 3,
    });
    expect(s.placements.filter((p) => p.seat === 1).map((p) => p.loc)).toEqual(['A:GAMBLING']);
    expect(s.players[1].reserve).toBe(before);
    // Same square, a cowboy that is not there, a square already held by this seat.
    expect(
      refused(s, 1, { type: 'RELOCATE_COWBOY', from: action('GAMBLING'), to: action('GAMBLING') }).code,
    ).toBe('ILLEGAL_TARGET');
    expect(refused(s, 1, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: action('WAGES') }).code).toBe(
      'NO_COWBOY',
    );
    s = send(s, 1, place('ROADS')).state;
    expect(
      refused(s, 1, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: action('GAMBLING') }).code,
    ).toBe('ILLEGAL_TARGET');
    // Another player's cowboy cannot be moved.
    expect(
      refused(s, 2, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: action('VP_PARCELS') }).code,
    ).toBe('NO_COWBOY');
  });

  test('withdraw: the cowboy is back in the reserve', () => {
    let s = send(opened(), 2, place('GAMBLING')).state;
    const reserve = s.players[2].reserve;
    const r = send(s, 2, { type: 'WITHDRAW_COWBOY', from: action('GAMBLING') });
    s = r.state;
    expect(ofType(r.events, 'COWBOY_WITHDRAWN')[0]).toMatchObject({ seat: 2, loc: 'A:GAMBLING', seq: 3 });
    expect(s.players[2].reserve).toBe(reserve + 1);
    expect(s.placements.some((p) => p.seat === 2)).toBe(false);
  });

  test('lock takes the next free pass-order space; then nothing more this round', () => {
    let s = opened();
    s = send(s, 2, LOCK).state;
    expect(s.passed).toEqual([2]);
    expect(engine.pending(s).map((p) => p.seat)).toEqual([0, 1]);
    expect(refused(s, 2, place('ROADS')).code).toBe('NOT_YOUR_TURN');
    expect(refused(s, 0, { type: 'PASS' }).code).toBe('WRONG_PROMPT');
    expect(engine.timeoutCommand(s, 0)).toEqual(LOCK);
    expect(engine.timeoutCommand(s, 2)).toBeNull();
  });

  test('all locked: Phase 2 ends, the pass track is the lock order, Phase 3 runs', () => {
    let s = opened();
    const events: CarsonEvent[] = [];
    for (const seat of [1, 0, 2]) {
      const r = send(s, seat, LOCK);
      s = r.state;
      events.push(...r.events);
    }
    expect(ofType(events, 'PLACEMENT_ENDED')[0].passTrack).toEqual([1, 0, 2]);
    expect(ofType(events, 'PASSED').map((e) => [e.seat, e.position, e.seq])).toEqual([
      [1, 1, 2],
      [0, 2, 3],
      [2, 3, 4],
    ]);
    expect(s.passTrack).toEqual([1, 0, 2]);
    expect(s.flow.phase).not.toBe('PLACEMENT');
  });

  test('roads may be placed by any prompted seat at any time, without a sequence number', () => {
    const s = opened();
    const road = engine.legalCommands(s, 2).find((c) => c.type === 'PLACE_ROAD');
    expect(road).toBeDefined();
    const r = send(s, 2, road!);
    expect(r.events.map((e) => e.type)).toEqual(['ROAD_PLACED']);
    expect(engine.pending(r.state).map((p) => p.seat)).toEqual([0, 1, 2]);
  });
});

describe("Kit Carson: conflicts and markers (the Sheriff's exclusivity, Singer, dynamite)", () => {
  test("two players racing for a spot the Sheriff's white cowboy wants: the first command wins", () => {
    const s = opened();
    // The Sheriff's white cowboy arrives first: the Singer's plain cowboy is refused.
    const a = send(s, 0, place('VP_PARCELS', { white: true })).state;
    expect(refused(a, 1, place('VP_PARCELS')).code).toBe('ILLEGAL_TARGET');
    expect(
      refused(a, 1, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: action('VP_PARCELS') }).code,
    ).toBe('NO_COWBOY');
    // The other cowboy arrives first: the white cowboy is refused (it needs an empty location).
    const b = send(s, 1, place('VP_PARCELS')).state;
    expect(refused(b, 0, place('VP_PARCELS', { white: true })).code).toBe('ILLEGAL_TARGET');
    // ... until that cowboy moves away.
    const c = send(b, 1, {
      type: 'RELOCATE_COWBOY',
      from: action('VP_PARCELS'),
      to: action('GAMBLING'),
    }).state;
    expect(send(c, 0, place('VP_PARCELS', { white: true })).state.players[0].white).toBe('PLACED');
    // A move onto the white cowboy's spot is a placement there: refused.
    const d = send(send(a, 1, place('GAMBLING')).state, 1, {
      type: 'RELOCATE_COWBOY',
      from: action('GAMBLING'),
      to: action('ROADS'),
    }).state;
    expect(
      refused(d, 1, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: action('VP_PARCELS') }).code,
    ).toBe('ILLEGAL_TARGET');
  });

  test('the white cowboy moves and withdraws as the white cowboy', () => {
    let s = send(opened(), 0, place('GAMBLING', { white: true })).state;
    expect(refused(s, 0, { type: 'WITHDRAW_COWBOY', from: action('GAMBLING') }).code).toBe('NO_COWBOY');
    s = send(s, 0, {
      type: 'RELOCATE_COWBOY',
      from: action('GAMBLING'),
      to: action('ROADS'),
      white: true,
    }).state;
    expect(s.placements.find((p) => p.seat === 0 && p.white)!.loc).toBe('A:ROADS');
    s = send(s, 0, { type: 'WITHDRAW_COWBOY', from: action('ROADS'), white: true }).state;
    expect(s.players[0].white).toBe('RESERVE');
  });

  test("Singer's no-duel marker rides with its cowboy (Singer squares only) and comes back on withdraw", () => {
    let s = send(opened(), 2, place('GAMBLING', { noDuel: true })).state;
    expect(s.players[2].noDuel).toBe(1);
    expect(
      refused(s, 2, { type: 'RELOCATE_COWBOY', from: action('GAMBLING'), to: action('AMMUNITION') }).code,
    ).toBe('ILLEGAL_TARGET');
    s = send(s, 2, { type: 'RELOCATE_COWBOY', from: action('GAMBLING'), to: action('VP_COWBOYS') }).state;
    expect(s.placements.find((p) => p.seat === 2)).toMatchObject({ loc: 'A:VP_COWBOYS', noDuel: true });
    s = send(s, 2, { type: 'WITHDRAW_COWBOY', from: action('VP_COWBOYS') }).state;
    expect(s.players[2].noDuel).toBe(2);
  });

  test('dynamite rides with its cowboy and is given back (with the supply) on withdraw', () => {
    let s = opened();
    expect(s.players[1].dynamite).toBe(2);
    const supply = s.dynamiteSupply;
    s = send(s, 1, place('GAMBLING', { dynamite: true })).state;
    expect(s.players[1].dynamite).toBe(1);
    s = send(s, 1, {
      type: 'RELOCATE_COWBOY',
      from: action('GAMBLING'),
      to: action('ROADS'),
      dynamite: true,
    }).state;
    expect(s.placements.find((p) => p.seat === 1)).toMatchObject({ loc: 'A:ROADS', dynamite: true });
    s = send(s, 1, { type: 'WITHDRAW_COWBOY', from: action('ROADS'), dynamite: true }).state;
    expect(s.players[1].dynamite).toBe(2);
    expect(s.dynamiteSupply).toBe(supply);
  });

  test("the red Singer's extra cowboy: Gambling only, never moved; withdrawn to the general reserve and usable again", () => {
    const base = atOpening([1, 9, 11]);
    const s0 = JSON.parse(JSON.stringify(base)) as CarsonState;
    s0.players[2].held = [{ id: 11, side: 'RED' }];
    s0.players[2].noDuel = 0;
    let s = send(s0, 0, place('WAGES')).state;
    const reserve = s.players[2].reserve;
    s = send(s, 2, place('GAMBLING', { extra: true })).state;
    expect(s.players[2].reserve).toBe(reserve);
    expect(engine.legalCommands(s, 2).some((c) => c.type === 'RELOCATE_COWBOY')).toBe(false);
    expect(refused(s, 2, place('GAMBLING', { extra: true })).code).toBe('NO_COWBOY');
    s = send(s, 2, { type: 'WITHDRAW_COWBOY', from: action('GAMBLING') }).state;
    expect(s.players[2].reserve).toBe(reserve);
    expect(s.players[2].flags).not.toContain('SINGER_EXTRA:USED');
    expect(engine.legalCommands(s, 2)).toContainEqual(place('GAMBLING', { extra: true }));
  });
});

describe('Kit Carson: prompts, legal commands, commands', () => {
  test('every legal command of every prompted seat is accepted; withdraws and moves are listed', () => {
    let s = opened();
    s = send(s, 1, place('ROADS', { dynamite: true })).state;
    s = send(s, 2, place('GAMBLING', { noDuel: true })).state;
    for (const p of engine.pending(s)) {
      const legal = engine.legalCommands(s, p.seat);
      expect(legal).toContainEqual(LOCK);
      for (const c of legal) {
        const r = engine.decide(s, p.seat, c, createRng('all'));
        if (isViolation(r)) throw new Error(`${JSON.stringify(c)} refused: ${r.code}`);
        expect(isViolation(engine.parseCommand(JSON.parse(JSON.stringify(c))))).toBe(false);
      }
    }
    const mine = engine.legalCommands(s, 1);
    expect(mine).toContainEqual({ type: 'WITHDRAW_COWBOY', from: action('ROADS'), dynamite: true });
    expect(mine).toContainEqual({
      type: 'RELOCATE_COWBOY',
      from: action('ROADS'),
      to: action('AMMUNITION'),
      dynamite: true,
    });
  });

  test('parseCommand: malformed Kit commands are INVALID_COMMAND, never a throw', () => {
    const bad: unknown[] = [
      { type: 'LOCK', now: true },
      { type: 'RELOCATE_COWBOY', from: { kind: 'ACTION', action: 'WAGES' } },
      {
        type: 'RELOCATE_COWBOY',
        from: { kind: 'ACTION', action: 'NOPE' },
        to: { kind: 'ACTION', action: 'WAGES' },
      },
      { type: 'WITHDRAW_COWBOY' },
      { type: 'WITHDRAW_COWBOY', from: { kind: 'PARCEL', parcel: { c: 9, r: 1 } } },
      { type: 'WITHDRAW_COWBOY', from: { kind: 'ACTION', action: 'WAGES' }, white: 'yes' },
      { type: 'WITHDRAW_COWBOY', from: null },
      { type: 'RELOCATE_COWBOY', from: [], to: 3 },
    ];
    for (const raw of bad) {
      const r = engine.parseCommand(raw);
      expect(isViolation(r) && r.code).toBe('INVALID_COMMAND');
    }
    expect(
      engine.parseCommand({
        type: 'WITHDRAW_COWBOY',
        from: { kind: 'ACTION', action: 'WAGES' },
        white: false,
      }),
    ).toEqual({
      type: 'WITHDRAW_COWBOY',
      from: { kind: 'ACTION', action: 'WAGES' },
    });
  });

  test('Kit commands outside the simultaneous placement are WRONG_PROMPT', () => {
    const s = atOpening([1, 9, 11]);
    expect(refused(s, 0, LOCK).code).toBe('WRONG_PROMPT');
    expect(refused(s, 0, { type: 'WITHDRAW_COWBOY', from: action('WAGES') }).code).toBe('WRONG_PROMPT');
  });

  test('replaying the events rebuilds the live state', () => {
    const { state, events } = startGame({ ...KIT, personalitySet: 'LIST', tiles: TILES }, 3, 'kit');
    const all = [...events];
    const run = drive(state, createRng('kit-drive'), (p) => {
      if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
        return { type: 'PICK_CHARACTER', personality: [1, 9, 11][p.seat] };
      if (p.kind === 'PLACE_COWBOY') return place('WAGES');
      if (p.kind === 'KIT_PLACEMENT') return undefined;
      return null;
    });
    all.push(...run.events);
    let s = run.state;
    for (const [seat, cmd] of [
      [1, place('GAMBLING', { dynamite: true })],
      [2, place('ROADS', { noDuel: true })],
      [1, { type: 'RELOCATE_COWBOY', from: action('GAMBLING'), to: action('AMMUNITION'), dynamite: true }],
      [2, { type: 'WITHDRAW_COWBOY', from: action('ROADS') }],
      [2, LOCK],
      [0, LOCK],
    ] as [number, CarsonCommand][]) {
      const r = send(s, seat, cmd);
      s = r.state;
      all.push(...r.events);
    }
    let replay: CarsonState | null = null;
    for (const e of all) replay = engine.evolve(replay, e);
    expect(replay).toEqual(s);
  });
});

describe('Kit Carson: end of game (§8 item 6)', () => {
  test('+1 VP per player behind on the final pass-order track, in the total; ties as usual', () => {
    const s = atOpening([1, 9, 11]);
    s.passTrack = [2, 0, 1];
    const { scores, ranking } = finalScores(s);
    expect(scores.map((f) => f.kitCarson)).toEqual([1, 0, 2]);
    for (const f of scores)
      expect(f.total).toBe(
        f.vpDuringPlay +
          f.money +
          f.possessions +
          f.bridges +
          f.teacher +
          f.trainStation +
          f.horses +
          f.kitCarson,
      );
    expect(ranking[0]).toBe(2);
  });

  test('no bonus without the module', () => {
    const { state } = startGame({ personalitySet: 'LIST', tiles: TILES }, 3, 'kit');
    expect(finalScores(state).scores.every((f) => f.kitCarson === 0)).toBe(true);
  });
});

describe('Kit Carson with Horses (§10.4: stable 2 is not used)', () => {
  function horsesOpening(): CarsonState {
    const { state } = startGame(
      { modules: ['KIT_CARSON', 'HORSES'], personalitySet: 'LIST', tiles: TILES },
      3,
      'kit-h',
    );
    return drive(state, createRng('kit-h'), (p) => {
      if (p.kind === 'PICK_CHARACTER' && !p.paperboy)
        return { type: 'PICK_CHARACTER', personality: [1, 9, 11][p.seat] };
      if (p.kind === 'PLACE_COWBOY' || p.kind === 'KIT_PLACEMENT') return undefined;
      return null;
    }).state;
  }

  test('a placement offers a horse; stable 2 is refused; then the session resumes', () => {
    let s = send(horsesOpening(), 0, place('WAGES')).state;
    expect(engine.pending(s)).toEqual([{ seat: 0, kind: 'STABLE_HORSE', detail: { index: 0 } }]);
    expect(refused(s, 0, { type: 'STABLE_HORSE', stable: 2 }).code).toBe('ILLEGAL_TARGET');
    expect(engine.legalCommands(s, 0)).not.toContainEqual({ type: 'STABLE_HORSE', stable: 2 });
    s = send(s, 0, { type: 'STABLE_HORSE', stable: 1 }).state;
    expect(engine.pending(s).map((p) => [p.seat, p.kind])).toEqual([
      [0, 'KIT_PLACEMENT'],
      [1, 'KIT_PLACEMENT'],
      [2, 'KIT_PLACEMENT'],
    ]);
  });

  test('withdraw and place again never brings more horses than cowboys placed', () => {
    let s = send(horsesOpening(), 0, place('WAGES')).state;
    s = send(s, 0, { type: 'STABLE_HORSE', stable: 1 }).state;
    s = send(s, 0, { type: 'WITHDRAW_COWBOY', from: action('WAGES') }).state;
    s = send(s, 0, place('WAGES')).state;
    expect(s.flow.prompt!.kind).toBe('KIT_PLACEMENT');
  });

  test('a cowboy in a stable is placed from the reserve, never moved or withdrawn', () => {
    let s = send(horsesOpening(), 0, { type: 'PASS' }).state;
    s = send(s, 1, { type: 'PLACE_COWBOY', target: { kind: 'STABLE', stable: 5 } }).state;
    if (s.flow.prompt!.kind === 'STABLE_HORSE') s = send(s, 1, { type: 'DECLINE_ACTION' }).state;
    expect(refused(s, 1, { type: 'WITHDRAW_COWBOY', from: { kind: 'STABLE', stable: 5 } }).code).toBe(
      'NO_COWBOY',
    );
    expect(
      refused(s, 1, { type: 'RELOCATE_COWBOY', from: { kind: 'STABLE', stable: 5 }, to: action('WAGES') })
        .code,
    ).toBe('NO_COWBOY');
    s = send(s, 1, place('ROADS')).state;
    if (s.flow.prompt!.kind === 'STABLE_HORSE') s = send(s, 1, { type: 'DECLINE_ACTION' }).state;
    expect(
      refused(s, 1, { type: 'RELOCATE_COWBOY', from: action('ROADS'), to: { kind: 'STABLE', stable: 4 } })
        .code,
    ).toBe('ILLEGAL_TARGET');
    expect(
      engine
        .legalCommands(s, 1)
        .some((c) => c.type === 'RELOCATE_COWBOY' && (c.from.kind === 'STABLE' || c.to.kind === 'STABLE')),
    ).toBe(false);
  });
});
