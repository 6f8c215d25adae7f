/** The GameEngine surface: options, commands, setup and deals, character choice, views, redaction, results. */
import { isViolation } from '../engine';
import { createRng } from '../random';
import { bangDiceEngine as engine, type BangEvent, type BangState } from './index';
import { ROLES_BY_PLAYER_COUNT } from './data/roles';
import { act, newGame, ofType, patch, replay, scriptedRng, startTurn } from './testing';

const codeOf = (out: unknown) => (isViolation(out) ? out.code : 'accepted');

describe('engine identity', () => {
  it('is bang-dice for 3 to 8 seats', () => {
    expect(engine.type).toBe('bang-dice');
    expect(engine.title).toBe('Bang! The Dice Game');
    expect(engine.seats).toEqual({ min: 3, max: 8 });
  });
});

describe('parseOptions', () => {
  it('fills defaults', () => {
    expect(engine.parseOptions(undefined, 5)).toEqual({
      characterChoice: false,
      characters: null,
      roles: null,
    });
    expect(engine.parseOptions({ characterChoice: true }, 8)).toEqual({
      characterChoice: true,
      characters: null,
      roles: null,
    });
  });

  it.each([
    ['unknown key', { foo: 1 }, 5],
    ['non-boolean characterChoice', { characterChoice: 'yes' }, 5],
    ['too few seats', {}, 2],
    ['too many seats', {}, 9],
    ['wrong character count', { characters: ['BART_CASSIDY'] }, 4],
    ['unknown character', { characters: ['BART_CASSIDY', 'X', 'EL_GRINGO', 'JOURDONNAIS'] }, 4],
    ['duplicate character', { characters: ['BART_CASSIDY', 'BART_CASSIDY', 'EL_GRINGO', 'JOURDONNAIS'] }, 4],
    [
      'characters with characterChoice',
      { characterChoice: true, characters: ['BART_CASSIDY', 'BLACK_JACK', 'EL_GRINGO', 'JOURDONNAIS'] },
      4,
    ],
    ['roles not the deal', { roles: ['SHERIFF', 'OUTLAW', 'OUTLAW', 'OUTLAW'] }, 4],
    ['a Sheriff with 3 players', { roles: ['SHERIFF', 'OUTLAW', 'RENEGADE'] }, 3],
    ['not an object', [1, 2], 4],
  ])('rejects %s with INVALID_OPTIONS', (_name, raw, seats) => {
    expect(codeOf(engine.parseOptions(raw, seats))).toBe('INVALID_OPTIONS');
  });
});

describe('parseCommand', () => {
  it('accepts and normalises well-formed commands', () => {
    expect(engine.parseCommand({ type: 'REROLL_DICE', dice: [3, 1] })).toEqual({
      type: 'REROLL_DICE',
      dice: [1, 3],
    });
    expect(
      engine.parseCommand({
        type: 'RESOLVE_DICE',
        assignments: [
          { die: 4, target: 1, swap: false },
          { die: 2, target: 0, swap: true },
        ],
        slabDouble: null,
      }),
    ).toEqual({
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 2, target: 0, swap: true },
        { die: 4, target: 1 },
      ],
    });
    expect(engine.parseCommand({ type: 'KIT_CARLSON_DISCARD', from: [3, 1, 3] })).toEqual({
      type: 'KIT_CARLSON_DISCARD',
      from: [1, 3, 3],
    });
    expect(engine.parseCommand({ type: 'CHOOSE_CHARACTER', character: 'EL_GRINGO' })).toEqual({
      type: 'CHOOSE_CHARACTER',
      character: 'EL_GRINGO',
    });
  });

  it.each([
    ['not an object', 'ROLL_DICE'],
    ['unknown type', { type: 'SHOOT' }],
    ['prototype key as type', { type: 'constructor' }],
    ['extra field', { type: 'ROLL_DICE', dice: [1] }],
    ['dice not integers', { type: 'REROLL_DICE', dice: [1.5] }],
    ['missing dice', { type: 'REROLL_DICE' }],
    ['assignment extra field', { type: 'RESOLVE_DICE', assignments: [{ die: 0, target: 1, points: 2 }] }],
    ['assignment bad swap', { type: 'RESOLVE_DICE', assignments: [{ die: 0, target: 1, swap: 'yes' }] }],
    ['bad slabDouble', { type: 'RESOLVE_DICE', assignments: [], slabDouble: { beerDie: 1 } }],
    ['unknown character', { type: 'CHOOSE_CHARACTER', character: 'JOHNNY' }],
    ['count not integer', { type: 'PEDRO_RAMIREZ_DISCARD', count: '2' }],
    ['target missing', { type: 'SID_KETCHUM_HEAL' }],
  ])('rejects %s with INVALID_COMMAND', (_name, raw) => {
    expect(codeOf(engine.parseCommand(raw))).toBe('INVALID_COMMAND');
  });
});

function start(raw: unknown, seats: number, seed: string): { events: BangEvent[]; state: BangState } {
  const options = engine.parseOptions(raw, seats);
  if (isViolation(options)) throw new Error(options.message);
  const events = engine.setup(options, seats, createRng(seed));
  return { events, state: replay(events) };
}

describe('setup (spec §2)', () => {
  it.each([4, 5, 6, 7, 8])(
    'deals the role table for %i players, Sheriff +2 and first, 9 arrows in the pile',
    (seats) => {
      const { events, state } = start({}, seats, `setup-${seats}`);
      expect(state.players.map((p) => p.role).sort()).toEqual([...ROLES_BY_PLAYER_COUNT[seats]].sort());
      const sheriff = state.players.find((p) => p.role === 'SHERIFF')!;
      expect(state.turn!.seat).toBe(sheriff.seat);
      for (const p of state.players) {
        expect(p.maxLife).toBe(engine.view(state, 'spectator').players[p.seat].maxLife);
        expect(p.life).toBe(p.maxLife);
      }
      expect(new Set(state.players.map((p) => p.character)).size).toBe(seats);
      expect(state.pile).toBe(9);
      expect(ofType(events, 'ROLE_DEALT').map((e) => e.faceUp)).toEqual(
        state.players.map((p) => p.role === 'SHERIFF'),
      );
      expect(engine.pending(state)).toEqual([
        { seat: sheriff.seat, kind: expect.stringMatching(/^(ROLL|SID_KETCHUM_HEAL)$/) },
      ]);
    },
  );

  it('gives the Sheriff printed life + 2', () => {
    const s = newGame(
      ['OUTLAW', 'SHERIFF', 'OUTLAW', 'RENEGADE'],
      ['EL_GRINGO', 'JESSE_JONES', 'KIT_CARLSON', 'PAUL_REGRET'],
    );
    expect(s.players.map((p) => p.maxLife)).toEqual([7, 11, 7, 9]);
    expect(s.turn!.seat).toBe(1);
  });

  it('is reproducible from the seed', () => {
    expect(start({}, 6, 'same').events).toEqual(start({}, 6, 'same').events);
    expect(start({}, 6, 'same').events).not.toEqual(start({}, 6, 'other').events);
  });
});

describe('characterChoice: a simultaneous, hidden pick between two dealt characters', () => {
  it('offers two distinct characters per seat, hides picks until everyone chose, then reveals and starts', () => {
    const { events, state } = start({ characterChoice: true }, 4, 'choice');
    const offers = ofType(events, 'CHARACTERS_OFFERED');
    expect(offers).toHaveLength(4);
    expect(new Set(offers.flatMap((o) => o.characters)).size).toBe(8);
    const prompts = engine.pending(state);
    expect(prompts.map((p) => p.kind)).toEqual(Array(4).fill('CHOOSE_CHARACTER'));
    expect(engine.legalCommands(state, 2)).toHaveLength(2);

    const notOffered = ['BART_CASSIDY', 'BLACK_JACK', 'CALAMITY_JANET'].find(
      (c) => !state.players[0].offers.includes(c as never),
    )!;
    expect(
      codeOf(
        engine.decide(state, 0, { type: 'CHOOSE_CHARACTER', character: notOffered as never }, scriptedRng()),
      ),
    ).toBe('ILLEGAL_CHARACTER');

    let s = state;
    const chosen: BangEvent[] = [];
    for (const seat of [2, 0, 3]) {
      const out = act(s, seat, { type: 'CHOOSE_CHARACTER', character: s.players[seat].offers[1] });
      chosen.push(...out.events);
      s = out.state;
    }
    expect(s.phase).toBe('CHOOSING');
    expect(
      codeOf(
        engine.decide(s, 2, { type: 'CHOOSE_CHARACTER', character: s.players[2].offers[0] }, scriptedRng()),
      ),
    ).toBe('NOT_YOUR_TURN');
    // Seat 1 cannot see what the others picked, neither in the view nor in the events.
    const v1 = engine.view(s, 1);
    expect(v1.players[2]).toMatchObject({ character: null, chosen: true, life: 0 });
    expect(engine.view(s, 2).players[2].character).toBe(s.players[2].offers[1]);
    expect(chosen.map((e) => engine.redact(e, 1, null))).toEqual(
      chosen.map((e) => ({ ...e, character: null })),
    );
    expect(engine.redact(chosen[0], 2, null)).toEqual(chosen[0]);

    const last = act(s, 1, { type: 'CHOOSE_CHARACTER', character: s.players[1].offers[0] });
    expect(last.events.map((e) => e.type)).toEqual([
      'CHARACTER_CHOSEN',
      'CHARACTERS_REVEALED',
      'TURN_STARTED',
    ]);
    const sheriff = last.state.players.find((p) => p.role === 'SHERIFF')!;
    expect(sheriff.maxLife).toBeGreaterThanOrEqual(9);
    expect(
      engine.view(last.state, 'spectator').players.every((p) => p.character !== null && p.life === p.maxLife),
    ).toBe(true);
  });

  it('the timeout picks the first offered character', () => {
    const { state } = start({ characterChoice: true }, 3, 'choice-3');
    expect(engine.timeoutCommand(state, 1)).toEqual({
      type: 'CHOOSE_CHARACTER',
      character: state.players[1].offers[0],
    });
  });
});

describe('views and redaction (hidden roles)', () => {
  const game = () =>
    newGame(
      ['OUTLAW', 'SHERIFF', 'DEPUTY', 'RENEGADE', 'OUTLAW'],
      ['EL_GRINGO', 'JESSE_JONES', 'KIT_CARLSON', 'PAUL_REGRET', 'ROSE_DOOLAN'],
    );

  it("a living seat sees its own role and the Sheriff's; spectators only the Sheriff's; dead roles are public", () => {
    const s = patch(game(), { dead: [3] });
    expect(engine.view(s, 0).players.map((p) => p.role)).toEqual([
      'OUTLAW',
      'SHERIFF',
      null,
      'RENEGADE',
      null,
    ]);
    expect(engine.view(s, 2).players.map((p) => p.role)).toEqual([
      null,
      'SHERIFF',
      'DEPUTY',
      'RENEGADE',
      null,
    ]);
    expect(engine.view(s, 'spectator').players.map((p) => p.role)).toEqual([
      null,
      'SHERIFF',
      null,
      'RENEGADE',
      null,
    ]);
    const v = engine.view(s, 'spectator');
    expect(v.players[0]).toMatchObject({
      character: 'EL_GRINGO',
      life: 7,
      maxLife: 7,
      arrows: 0,
      alive: true,
    });
    expect(v.turn).toMatchObject({ seat: 1, step: 'ROLL', dice: [] });
    expect(v.prompts).toEqual([{ seat: 1, kind: 'ROLL' }]);
  });

  it('ROLE_DEALT is redacted for everyone but its owner unless face up', () => {
    const options = engine.parseOptions({}, 5);
    if (isViolation(options)) throw new Error();
    const events = engine.setup(options, 5, createRng('redact'));
    const dealt = ofType(events, 'ROLE_DEALT');
    for (const e of dealt) {
      for (const viewer of [0, 1, 2, 3, 4, 'spectator' as const]) {
        const r = engine.redact(e, viewer, null) as typeof e;
        expect(r.role).toBe(e.role === 'SHERIFF' || viewer === e.seat ? e.role : null);
      }
    }
  });

  it('3-player roles are public; the elimination event and the end reveal roles', () => {
    const s3 = newGame(['DEPUTY', 'OUTLAW', 'RENEGADE'], ['EL_GRINGO', 'JESSE_JONES', 'KIT_CARLSON']);
    expect(engine.view(s3, 'spectator').players.map((p) => p.role)).toEqual(['DEPUTY', 'OUTLAW', 'RENEGADE']);
    const s = startTurn(patch(game(), { dead: [4], life: { 1: 1 } }), 0);
    let st = act(s, 0, { type: 'ROLL_DICE' }, ['ONE', 'BEER', 'DYNAMITE', 'DYNAMITE', 'GATLING']).state;
    st = act(st, 0, { type: 'KEEP_DICE' }).state;
    const out = act(st, 0, { type: 'RESOLVE_DICE', assignments: [{ die: 0, target: 1 }] });
    const end = ofType(out.events, 'GAME_ENDED')[0];
    expect(end.roles).toEqual(['OUTLAW', 'SHERIFF', 'DEPUTY', 'RENEGADE', 'OUTLAW']);
    expect(engine.redact(end, 'spectator', st)).toEqual(end);
    expect(engine.view(out.state, 'spectator').players.map((p) => p.role)).toEqual(end.roles);
    expect(engine.pending(out.state)).toEqual([]);
    expect(engine.legalCommands(out.state, 0)).toEqual([]);
    expect(engine.timeoutCommand(out.state, 0)).toBeNull();
  });
});

describe('prompts, legal commands and errors', () => {
  const s = () =>
    newGame(
      ['SHERIFF', 'OUTLAW', 'OUTLAW', 'RENEGADE'],
      ['EL_GRINGO', 'JESSE_JONES', 'KIT_CARLSON', 'PAUL_REGRET'],
    );

  it('NOT_YOUR_TURN for a seat without a prompt, WRONG_STEP for the wrong command', () => {
    expect(codeOf(engine.decide(s(), 1, { type: 'ROLL_DICE' }, scriptedRng()))).toBe('NOT_YOUR_TURN');
    expect(codeOf(engine.decide(s(), 0, { type: 'KEEP_DICE' }, scriptedRng()))).toBe('WRONG_STEP');
    expect(codeOf(engine.decide(s(), 0, { type: 'RESOLVE_DICE', assignments: [] }, scriptedRng()))).toBe(
      'WRONG_STEP',
    );
    expect(engine.legalCommands(s(), 1)).toEqual([]);
    expect(engine.timeoutCommand(s(), 1)).toBeNull();
  });

  it('enumerates every shot assignment and every beer assignment', () => {
    let st = act(s(), 0, { type: 'ROLL_DICE' }, ['ONE', 'TWO', 'BEER', 'BEER', 'DYNAMITE']).state;
    expect(engine.pending(st)).toEqual([
      { seat: 0, kind: 'REROLL_OR_KEEP', detail: { rolls: 1, maxRolls: 3 } },
    ]);
    expect(engine.timeoutCommand(st, 0)).toEqual({ type: 'KEEP_DICE' });
    st = act(st, 0, { type: 'KEEP_DICE' }).state;
    // ONE: seats 1 or 3; TWO with 4 players: seat 2 only (2 seats either way).
    expect(engine.legalCommands(st, 0)).toEqual([
      {
        type: 'RESOLVE_DICE',
        assignments: [
          { die: 0, target: 1 },
          { die: 1, target: 2 },
        ],
      },
      {
        type: 'RESOLVE_DICE',
        assignments: [
          { die: 0, target: 3 },
          { die: 1, target: 2 },
        ],
      },
    ]);
    expect(engine.timeoutCommand(st, 0)).toEqual(engine.legalCommands(st, 0)[0]);
    st = act(st, 0, engine.legalCommands(st, 0)[0]).state;
    const beers = engine.legalCommands(st, 0);
    expect(beers).toHaveLength(16);
    for (const c of beers) expect(isViolation(engine.decide(st, 0, c, scriptedRng()))).toBe(false);
    expect(engine.timeoutCommand(st, 0)).toEqual({
      type: 'RESOLVE_DICE',
      assignments: [
        { die: 2, target: 0 },
        { die: 3, target: 0 },
      ],
    });
  });
});
