/**
 * Random legal play (a seeded loop, 2,000 games over every player count, with and without
 * characterChoice): every game ends by the rules with the right winners, invariants hold after
 * every event, random play reaches every event and end, legalCommands is complete (what it leaves
 * out is refused, exhaustively on 60 games) and no view or redacted event leaks a living player's
 * hidden role. The engine contract (every listed command accepted and in parsed form, unprompted
 * seats refused, timeouts accepted, purity and determinism, replay = live through JSON) is checked
 * for every Bang! option set by src/games/contract.spec.ts.
 */
import { isViolation } from '../engine';
import { createRng, rngFor } from '../random';
import { bangDiceEngine as engine, type BangCommand, type BangEvent, type BangState } from './index';

const GAMES = Number(process.env.BANG_PROPERTY_GAMES ?? 2000);

interface Played {
  state: BangState;
  events: BangEvent[];
  decisions: number;
}

function checkInvariants(state: BangState): void {
  let held = 0;
  for (const p of state.players) {
    if (p.life < 0 || p.life > p.maxLife) throw new Error(`seat ${p.seat} life ${p.life}/${p.maxLife}`);
    if (!p.alive && (p.life !== 0 || p.arrows !== 0))
      throw new Error(`dead seat ${p.seat} keeps life or arrows`);
    held += p.arrows;
  }
  if (held + state.pile !== 9) throw new Error(`arrows not conserved: ${held} + ${state.pile}`);
}

function checkViews(state: BangState): void {
  if (state.phase === 'OVER' || state.threePlayer) return;
  const hidden = (seat: number) => state.players[seat].alive && state.players[seat].role !== 'SHERIFF';
  for (const viewer of [...state.players.map((p) => p.seat), 'spectator' as const]) {
    const v = engine.view(state, viewer);
    for (const p of v.players) {
      if (p.seat !== viewer && hidden(p.seat) && p.role !== null)
        throw new Error(`view of ${viewer} leaks seat ${p.seat}`);
    }
  }
}

function checkOutcome(state: BangState): void {
  const r = engine.result(state);
  if (!r) throw new Error('over without a result');
  const alive = state.players.filter((p) => p.alive);
  if (state.threePlayer) {
    if (r.winners.length > 1) throw new Error('3 players: more than one winner');
    if (r.reason === 'LAST_SURVIVOR' && (alive.length !== 1 || alive[0].seat !== r.winners[0]))
      throw new Error('bad survivor');
    if (r.reason === 'NO_SURVIVORS' && alive.length !== 0) throw new Error('draw with survivors');
    return;
  }
  const sheriff = state.players.find((p) => p.role === 'SHERIFF')!;
  const seatsOf = (...roles: string[]) =>
    state.players.filter((p) => roles.includes(p.role)).map((p) => p.seat);
  let expected: number[];
  if (!sheriff.alive) {
    expected = alive.length === 1 && alive[0].role === 'RENEGADE' ? [alive[0].seat] : seatsOf('OUTLAW');
  } else {
    if (alive.some((p) => p.role === 'OUTLAW' || p.role === 'RENEGADE'))
      throw new Error('ended with enemies alive');
    expected = seatsOf('SHERIFF', 'DEPUTY');
  }
  expect(r.winners).toEqual(expected);
}

/** Candidate commands outside the list must be rejected: legalCommands is complete, not just sound. */
function checkComplete(
  state: BangState,
  seat: number,
  kind: string,
  legal: BangCommand[],
  detail: unknown,
): void {
  const listed = new Set(legal.map((c) => JSON.stringify(c)));
  let candidates: BangCommand[] = [];
  const n = state.seatCount;
  if (kind === 'REROLL_OR_KEEP') {
    for (let mask = 1; mask < 32; mask++) {
      candidates.push({ type: 'REROLL_DICE', dice: [0, 1, 2, 3, 4].filter((i) => mask & (1 << i)) });
    }
  } else if (kind === 'RESOLVE_SHOTS' || kind === 'RESOLVE_BEERS') {
    const dice = (detail as { dice: number[] }).dice;
    if (n ** dice.length > 4096) return;
    let combos: number[][] = [[]];
    for (let k = 0; k < dice.length; k++)
      combos = combos.flatMap((c) => Array.from({ length: n }, (_, t) => [...c, t]));
    candidates = combos.map((targets) => ({
      type: 'RESOLVE_DICE',
      assignments: dice.map((die, i) => ({ die, target: targets[i] })),
    }));
  } else if (kind === 'BART_CASSIDY_SUBSTITUTE') {
    candidates = Array.from({ length: 12 }, (_, i) => ({ type: 'BART_CASSIDY_TAKE_ARROWS', count: i - 1 }));
  } else if (kind === 'PEDRO_RAMIREZ_DISCARD') {
    candidates = Array.from({ length: 12 }, (_, i) => ({ type: 'PEDRO_RAMIREZ_DISCARD', count: i - 1 }));
  } else if (kind === 'SID_KETCHUM_HEAL') {
    candidates = Array.from({ length: n + 2 }, (_, i) => ({ type: 'SID_KETCHUM_HEAL', target: i - 1 }));
  }
  for (const c of candidates) {
    const accepted = !isViolation(engine.decide(state, seat, c, rngFor('complete', 0)));
    if (accepted !== listed.has(JSON.stringify(c)))
      throw new Error(
        `${JSON.stringify(c)} accepted=${accepted} but listed=${listed.has(JSON.stringify(c))}`,
      );
  }
}

function playGame(index: number, checkAll: boolean): Played {
  const pick = createRng(`bang-property-${index}`);
  const seats = 3 + (index % 6);
  const options = engine.parseOptions({ characterChoice: index % 3 === 0 }, seats);
  if (isViolation(options)) throw new Error(options.message);
  const seed = `game-${index}`;
  const events = engine.setup(options, seats, rngFor(seed, 0));
  let state = events.reduce<BangState | null>((s, e) => engine.evolve(s, e), null)!;
  let decisions = 0;
  while (state.phase !== 'OVER') {
    if (++decisions > 20000) throw new Error('game does not end');
    const prompts = engine.pending(state);
    if (prompts.length === 0) throw new Error('no prompt in a running game');
    const prompt = pick.pick(prompts);
    const legal = engine.legalCommands(state, prompt.seat);
    if (legal.length === 0) throw new Error(`no legal command for prompt ${prompt.kind}`);
    if (checkAll) checkComplete(state, prompt.seat, prompt.kind, legal, prompt.detail);
    const command = pick.pick(legal);
    const out = engine.decide(state, prompt.seat, command, rngFor(seed, events.length));
    if (isViolation(out)) throw new Error(`${out.code}: ${out.message}`);
    if (out.length === 0) throw new Error('a command produced no event');
    for (const e of out) {
      state = engine.evolve(state, e);
      checkInvariants(state);
      events.push(e);
    }
    if (state.phase !== 'CHOOSING' && state.players.some((p) => p.alive && p.life === 0))
      throw new Error('a player at 0 life was not eliminated');
    checkViews(state);
  }
  checkOutcome(state);
  return { state, events, decisions };
}

describe('bang-dice random legal play (property)', () => {
  it(`plays ${GAMES} random games to a rule-conform end with every invariant intact`, () => {
    let totalDecisions = 0;
    const seenEvents = new Set<string>();
    const seenReasons = new Set<string>();
    for (let i = 0; i < GAMES; i++) {
      const { state, events, decisions } = playGame(i, false);
      totalDecisions += decisions;
      for (const e of events) seenEvents.add(e.type);
      seenReasons.add(state.outcome!.reason);
    }
    expect(totalDecisions).toBeGreaterThan(GAMES * 10);
    if (GAMES >= 2000) {
      // Random play must actually reach every rule path, or the invariants above prove little.
      expect([...seenEvents].sort()).toEqual(
        [
          'ARROW_TAKEN',
          'BART_CASSIDY_TOOK_ARROWS',
          'BEERS_RESOLVED',
          'CHARACTERS_OFFERED',
          'CHARACTERS_REVEALED',
          'CHARACTER_CHOSEN',
          'CHARACTER_DEALT',
          'DICE_ROLLED',
          'DYNAMITE_EXPLODED',
          'GAME_ENDED',
          'GAME_STARTED',
          'GATLING_ARROWS_RETURNED',
          'GATLING_FIRED',
          'GATLING_RESOLVED',
          'INDIAN_ATTACK',
          'KIT_CARLSON_DISCARDED',
          'LIFE_GAINED',
          'MODE_CHANGED',
          'PEDRO_RAMIREZ_DISCARDED',
          'PLAYER_ELIMINATED',
          'ROLE_DEALT',
          'ROLLING_ENDED',
          'SHOTS_ASSIGNED',
          'SHOTS_RESOLVED',
          'SID_KETCHUM_HEALED',
          'TURN_ENDED',
          'TURN_STARTED',
        ].sort(),
      );
      expect([...seenReasons].sort()).toEqual(
        [
          'LAST_SURVIVOR',
          'NO_SURVIVORS',
          'OUTLAWS_AND_RENEGADES_ELIMINATED',
          'RENEGADE_LAST_SURVIVOR',
          'SHERIFF_ELIMINATED',
          'TARGET_ELIMINATED',
        ].sort(),
      );
    }
  });

  it('rejects what legalCommands leaves out (exhaustive on 60 games)', () => {
    for (let i = 0; i < 60; i++) playGame(100000 + i, true);
  });

  it("redacted events never carry another living seat's hidden role", () => {
    for (let i = 0; i < 50; i++) {
      const { events } = playGame(200000 + i, false);
      const seats = 3 + ((200000 + i) % 6);
      for (const viewer of [...Array.from({ length: seats }, (_, s) => s), 'spectator' as const]) {
        for (const e of events) {
          const r = engine.redact(e, viewer, null);
          if (r?.type === 'ROLE_DEALT' && r.seat !== viewer && !r.faceUp) expect(r.role).toBeNull();
          if (r?.type === 'CHARACTER_CHOSEN' && r.seat !== viewer) expect(r.character).toBeNull();
        }
      }
    }
  });
});
