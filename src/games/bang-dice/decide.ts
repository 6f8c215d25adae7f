/**
 * decide and setup: validate a command, then run the game forward through every automatic step
 * (arrows, Indian attacks, batches, eliminations, end checks, turn passing) until the next prompt.
 * Each step emits an event and folds it into a working state with `evolve`, so the events are the
 * single source of truth and decide never mutates its input.
 */
import { CommonViolations, violation, type RuleViolation } from '../engine';
import type { Rng } from '../random';
import { CHARACTER_IDS, startingLife } from './data/characters';
import { countFaces, DICE_COUNT, faceOf, isShotFace, type Face } from './data/dice';
import { ROLES_BY_PLAYER_COUNT } from './data/roles';
import type { BangCommand, DieAssignment } from './commands';
import type { BangEvent, BeerRecord, LifeLoss, ShotRecord } from './events';
import { evolve } from './evolve';
import type { BangOptions } from './options';
import { pending, type PromptKind } from './pending';
import {
  bartAllowance,
  beerDice,
  characterAt,
  checkEnd,
  kitAllowance,
  kitSources,
  livingSeatOf,
  livingSeats,
  nextLivingSeat,
  pedroOwed,
  rerollableDice,
  shotDice,
  shotTargets,
  usedAs,
} from './rules';
import type { BangState, DamageSource, Hit } from './state';

/** Stable rule-violation codes of this engine (besides the common ones). */
export const BangViolations = {
  WRONG_STEP: 'WRONG_STEP',
  ROLL_LIMIT: 'ROLL_LIMIT',
  THREE_DYNAMITE: 'THREE_DYNAMITE',
  DYNAMITE_LOCKED: 'DYNAMITE_LOCKED',
  ILLEGAL_DIE: 'ILLEGAL_DIE',
  UNASSIGNED_DIE: 'UNASSIGNED_DIE',
  ILLEGAL_TARGET: 'ILLEGAL_TARGET',
  ABILITY_NOT_AVAILABLE: 'ABILITY_NOT_AVAILABLE',
  ILLEGAL_CHARACTER: 'ILLEGAL_CHARACTER',
  ILLEGAL_COUNT: 'ILLEGAL_COUNT',
} as const;

interface Ctx {
  state: BangState;
  events: BangEvent[];
  rng: Rng;
}

function emit(ctx: Ctx, event: BangEvent): void {
  ctx.events.push(event);
  ctx.state = evolve(ctx.state, event);
}

// ---------------------------------------------------------------------------------------------
// Setup

export function setup(options: BangOptions, seatCount: number, rng: Rng): BangEvent[] {
  const threePlayer = seatCount === 3;
  const first: BangEvent = {
    type: 'GAME_STARTED',
    seatCount,
    threePlayer,
    characterChoice: options.characterChoice,
  };
  const ctx: Ctx = { state: evolve(null, first), events: [first], rng };
  // Fixed RNG order (spec §0): roles, then characters, then each roll.
  const roles = options.roles ?? rng.shuffle(ROLES_BY_PLAYER_COUNT[seatCount]);
  roles.forEach((role, seat) =>
    emit(ctx, { type: 'ROLE_DEALT', seat, role, faceUp: threePlayer || role === 'SHERIFF' }),
  );
  if (options.characterChoice) {
    const deck = rng.shuffle(CHARACTER_IDS);
    for (let seat = 0; seat < seatCount; seat++) {
      emit(ctx, { type: 'CHARACTERS_OFFERED', seat, characters: [deck[2 * seat], deck[2 * seat + 1]] });
    }
  } else {
    const characters = options.characters ?? rng.shuffle(CHARACTER_IDS).slice(0, seatCount);
    characters.forEach((character, seat) =>
      emit(ctx, {
        type: 'CHARACTER_DEALT',
        seat,
        character,
        life: startingLife(character, roles[seat] === 'SHERIFF'),
      }),
    );
  }
  advance(ctx);
  return ctx.events;
}

/** The Sheriff starts; with 3 players the Deputy does (spec §2.6, §4.4). */
function firstSeat(state: BangState): number {
  const role = state.threePlayer ? 'DEPUTY' : 'SHERIFF';
  return state.players.find((p) => p.role === role)?.seat ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The automatic driver

function advance(ctx: Ctx): void {
  for (;;) {
    const s = ctx.state;
    if (s.phase === 'OVER') return;
    if (s.phase === 'CHOOSING') {
      if (!s.players.every((p) => p.character !== null)) return;
      if (s.characterChoice) {
        emit(ctx, {
          type: 'CHARACTERS_REVEALED',
          characters: s.players.map((p) => ({ seat: p.seat, character: p.character!, life: p.maxLife })),
        });
      }
      emit(ctx, { type: 'TURN_STARTED', seat: firstSeat(s), turn: 1 });
      continue;
    }
    if (pending(s).length > 0) return;
    const turn = s.turn!;
    if (turn.batch) {
      applyBatch(ctx);
      continue;
    }
    // A roller eliminated mid-turn ends the turn at once: nothing more resolves (spec §3.1).
    if (!s.players[turn.seat].alive) {
      endTurn(ctx, false);
      continue;
    }
    const task = turn.agenda[0];
    switch (task) {
      case 'REROLL_OR_KEEP': {
        const reason = countFaces(turn.dice, 'DYNAMITE') >= 3 ? 'THREE_DYNAMITE' : 'ROLL_LIMIT';
        emit(ctx, { type: 'ROLLING_ENDED', seat: turn.seat, reason, dice: [...turn.dice] });
        break;
      }
      case 'DYNAMITE': {
        const roller = s.players[turn.seat];
        emit(ctx, { type: 'DYNAMITE_EXPLODED', seat: turn.seat, lost: 1, life: roller.life - 1 });
        settle(ctx, 'DYNAMITE');
        break;
      }
      case 'GATLING': {
        // Every other living player loses 1; Paul Regret is immune (spec §3.5 R5).
        const hits: Hit[] = livingSeats(s)
          .filter((seat) => seat !== turn.seat)
          .map((seat) => ({ seat, amount: characterAt(s, seat) === 'PAUL_REGRET' ? 0 : 1 }));
        emit(ctx, {
          type: 'GATLING_FIRED',
          seat: turn.seat,
          gatlings: countFaces(turn.dice, 'GATLING'),
          hits,
        });
        break;
      }
      case 'GATLING_DISCARD': {
        const count = s.players[turn.seat].arrows;
        emit(ctx, { type: 'GATLING_ARROWS_RETURNED', seat: turn.seat, count, pile: s.pile + count });
        break;
      }
      case 'KIT':
        // Reached only when no arrow can be returned (otherwise Kit is prompted).
        emit(ctx, { type: 'KIT_CARLSON_DISCARDED', seat: turn.seat, from: [], pile: s.pile });
        break;
      case 'EL_GRINGO':
        takeArrow(ctx, turn.seat, 'EL_GRINGO');
        break;
      case 'END':
        endTurn(ctx, true);
        break;
      default:
        throw new Error(`bang-dice: no prompt and no automatic step for task ${String(task)}`);
    }
  }
}

function endTurn(ctx: Ctx, completed: boolean): void {
  const s = ctx.state;
  const turn = s.turn!;
  const roller = s.players[turn.seat];
  // Suzy Lafayette: judged on the final faces only, and only if her turn completed (Ambiguity #15).
  if (completed && roller.character === 'SUZY_LAFAYETTE' && !turn.dice.some(isShotFace)) {
    const amount = Math.min(2, roller.maxLife - roller.life);
    emit(ctx, {
      type: 'LIFE_GAINED',
      seat: roller.seat,
      amount,
      life: roller.life + amount,
      reason: 'SUZY_LAFAYETTE',
    });
  }
  emit(ctx, { type: 'TURN_ENDED', seat: turn.seat });
  emit(ctx, { type: 'TURN_STARTED', seat: nextLivingSeat(ctx.state, turn.seat), turn: turn.number + 1 });
}

function rollDice(ctx: Ctx, indices: number[]): void {
  const turn = ctx.state.turn!;
  const dice: Face[] =
    turn.dice.length === DICE_COUNT ? [...turn.dice] : Array<Face>(DICE_COUNT).fill('ARROW');
  const sorted = [...indices].sort((a, b) => a - b);
  for (const i of sorted) dice[i] = faceOf(ctx.rng.die(6));
  emit(ctx, { type: 'DICE_ROLLED', seat: turn.seat, roll: turn.rolls + 1, rerolled: sorted, dice });
  // Only dice thrown in this roll give arrows, one token at a time (spec §3.2 step 1, §3.3).
  for (const i of sorted) {
    if (dice[i] !== 'ARROW') continue;
    if (ctx.state.phase === 'OVER' || !ctx.state.players[turn.seat].alive) return;
    takeArrow(ctx, turn.seat, 'DIE');
  }
}

function takeArrow(ctx: Ctx, seat: number, reason: 'DIE' | 'EL_GRINGO'): void {
  const s = ctx.state;
  // The pile refills the instant it empties, so it always holds an arrow here (spec §3.3).
  if (s.pile <= 0) throw new Error('bang-dice: arrow pile empty outside an Indian attack');
  emit(ctx, { type: 'ARROW_TAKEN', seat, reason, arrows: s.players[seat].arrows + 1, pile: s.pile - 1 });
  if (ctx.state.pile === 0) indianAttack(ctx);
}

function indianAttack(ctx: Ctx): void {
  const losses = ctx.state.players
    .filter((p) => p.alive)
    .map((p) => {
      const amount = p.character === 'JOURDONNAIS' ? Math.min(1, p.arrows) : p.arrows;
      const lost = Math.min(p.life, amount);
      return { seat: p.seat, arrows: p.arrows, lost, life: p.life - lost };
    });
  emit(ctx, { type: 'INDIAN_ATTACK', losses });
  settle(ctx, 'INDIANS');
}

/** A declared SHOT/GATLING batch, after Bart Cassidy's choice (if any): apply it at once. */
function applyBatch(ctx: Ctx): void {
  const s = ctx.state;
  const batch = s.turn!.batch!;
  const bart = livingSeatOf(s, 'BART_CASSIDY');
  const losses: LifeLoss[] = batch.hits.map((h) => {
    const p = s.players[h.seat];
    const substituted = h.seat === bart ? batch.bartArrows : 0;
    const lost = Math.min(p.life, h.amount - substituted);
    return { seat: h.seat, hits: h.amount, substituted, lost, life: p.life - lost };
  });
  const seat = s.turn!.seat;
  emit(
    ctx,
    batch.source === 'SHOT'
      ? { type: 'SHOTS_RESOLVED', seat, losses }
      : { type: 'GATLING_RESOLVED', seat, losses },
  );
  settle(ctx, batch.source);
}

/** Steps 6-8 of every batch (spec §3.6): eliminations, the end check, Vulture Sam. */
function settle(ctx: Ctx, source: DamageSource): void {
  const dead = ctx.state.players.filter((p) => p.alive && p.life <= 0);
  for (const p of dead) {
    emit(ctx, {
      type: 'PLAYER_ELIMINATED',
      seat: p.seat,
      role: p.role,
      character: p.character!,
      cause: source,
      arrowsReturned: p.arrows,
    });
  }
  const deadSeats = dead.map((p) => p.seat);
  const check = checkEnd(ctx.state, source, deadSeats, ctx.state.turn!.seat);
  if (check.enterLastSurvivor) emit(ctx, { type: 'MODE_CHANGED', mode: 'LAST_SURVIVOR' });
  if (check.outcome) {
    emit(ctx, {
      type: 'GAME_ENDED',
      winners: check.outcome.winners,
      reason: check.outcome.reason,
      roles: ctx.state.players.map((p) => p.role),
    });
    return;
  }
  if (deadSeats.length === 0) return;
  const sam = livingSeatOf(ctx.state, 'VULTURE_SAM');
  if (sam !== null) {
    const p = ctx.state.players[sam];
    const amount = Math.min(2 * deadSeats.length, p.maxLife - p.life);
    emit(ctx, { type: 'LIFE_GAINED', seat: sam, amount, life: p.life + amount, reason: 'VULTURE_SAM' });
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

function wrongStep(state: BangState, seat: number, command: BangCommand, kind: PromptKind): RuleViolation {
  const turn = state.turn;
  const rolling = command.type === 'REROLL_DICE' || command.type === 'KEEP_DICE';
  if (rolling && turn && turn.seat === seat && turn.rolls > 0) {
    if (countFaces(turn.dice, 'DYNAMITE') >= 3) {
      return violation(BangViolations.THREE_DYNAMITE, 'three or more Dynamite ended the rolling phase');
    }
    if (turn.rolls >= turn.maxRolls)
      return violation(BangViolations.ROLL_LIMIT, `all ${turn.maxRolls} rolls are used`);
  }
  return violation(BangViolations.WRONG_STEP, `${command.type} does not answer the current prompt ${kind}`);
}

function validateShots(
  state: BangState,
  command: Extract<BangCommand, { type: 'RESOLVE_DICE' }>,
): ShotRecord[] | RuleViolation {
  const turn = state.turn!;
  const roller = turn.seat;
  const character = characterAt(state, roller);
  const shots = shotDice(turn.dice);
  const seen = new Set<number>();
  const few = livingSeats(state).length <= 3;
  const double = command.slabDouble;
  if (double) {
    if (character !== 'SLAB_THE_KILLER')
      return violation(BangViolations.ABILITY_NOT_AVAILABLE, 'only Slab the Killer can double a shot');
    if (turn.dice[double.beerDie] !== 'BEER')
      return violation(BangViolations.ILLEGAL_DIE, 'the double must spend a BEER die');
    if (!shots.includes(double.shotDie))
      return violation(BangViolations.ILLEGAL_DIE, 'the double must use a ONE or TWO die');
  }
  const records: ShotRecord[] = [];
  for (const a of command.assignments) {
    if (!shots.includes(a.die) || seen.has(a.die)) {
      return violation(BangViolations.ILLEGAL_DIE, `die ${a.die} is not an unassigned ONE or TWO`);
    }
    seen.add(a.die);
    if (a.swap && character !== 'CALAMITY_JANET') {
      return violation(
        BangViolations.ABILITY_NOT_AVAILABLE,
        'only Calamity Janet can use a ONE as a TWO or a TWO as a ONE',
      );
    }
    const face = turn.dice[a.die] as 'ONE' | 'TWO';
    const type = usedAs(face, a.swap === true);
    if (!shotTargets(state, roller, type).includes(a.target)) {
      return violation(BangViolations.ILLEGAL_TARGET, `seat ${a.target} is not in range of die ${a.die}`);
    }
    const points = double && double.shotDie === a.die ? 2 : 1;
    records.push({ die: a.die, face, as: few ? 'ONE' : type, target: a.target, points });
  }
  if (seen.size !== shots.length)
    return violation(BangViolations.UNASSIGNED_DIE, 'every ONE and TWO die must be assigned');
  return records;
}

function validateBeers(state: BangState, assignments: DieAssignment[]): BeerRecord[] | RuleViolation {
  const turn = state.turn!;
  const beers = beerDice(state);
  const roller = state.players[turn.seat];
  // Jesse Jones: "4 life or less" is tested once, at the start of R4 (Ambiguity #13).
  const jesse = roller.character === 'JESSE_JONES' && roller.life <= 4;
  const life = state.players.map((p) => p.life);
  const seen = new Set<number>();
  const records: BeerRecord[] = [];
  for (const a of assignments) {
    if (!beers.includes(a.die) || seen.has(a.die))
      return violation(BangViolations.ILLEGAL_DIE, `die ${a.die} is not an unassigned BEER`);
    seen.add(a.die);
    if (a.swap) return violation(BangViolations.ABILITY_NOT_AVAILABLE, 'a BEER cannot be swapped');
    const target = state.players[a.target];
    if (!target || !target.alive)
      return violation(BangViolations.ILLEGAL_TARGET, `seat ${a.target} cannot receive a beer`);
    const amount = jesse && a.target === roller.seat ? 2 : 1;
    const gained = Math.min(amount, target.maxLife - life[a.target]);
    life[a.target] += gained;
    records.push({ die: a.die, target: a.target, gained, life: life[a.target] });
  }
  if (seen.size !== beers.length)
    return violation(BangViolations.UNASSIGNED_DIE, 'every BEER die must be assigned');
  return records;
}

function hitsOf(records: ShotRecord[]): Hit[] {
  const bySeat = new Map<number, number>();
  for (const r of records) bySeat.set(r.target, (bySeat.get(r.target) ?? 0) + r.points);
  return [...bySeat.entries()].sort((a, b) => a[0] - b[0]).map(([seat, amount]) => ({ seat, amount }));
}

function apply(ctx: Ctx, seat: number, kind: PromptKind, command: BangCommand): RuleViolation | null {
  const s = ctx.state;
  const turn = s.turn;
  const expected: Record<BangCommand['type'], PromptKind[]> = {
    CHOOSE_CHARACTER: ['CHOOSE_CHARACTER'],
    SID_KETCHUM_HEAL: ['SID_KETCHUM_HEAL'],
    ROLL_DICE: ['ROLL'],
    REROLL_DICE: ['REROLL_OR_KEEP'],
    KEEP_DICE: ['REROLL_OR_KEEP'],
    RESOLVE_DICE: ['RESOLVE_SHOTS', 'RESOLVE_BEERS'],
    BART_CASSIDY_TAKE_ARROWS: ['BART_CASSIDY_SUBSTITUTE'],
    PEDRO_RAMIREZ_DISCARD: ['PEDRO_RAMIREZ_DISCARD'],
    KIT_CARLSON_DISCARD: ['KIT_CARLSON_DISCARD'],
  };
  if (!expected[command.type]?.includes(kind)) return wrongStep(s, seat, command, kind);

  switch (command.type) {
    case 'CHOOSE_CHARACTER': {
      if (!s.players[seat].offers.includes(command.character)) {
        return violation(BangViolations.ILLEGAL_CHARACTER, 'choose one of the two characters you were dealt');
      }
      emit(ctx, { type: 'CHARACTER_CHOSEN', seat, character: command.character });
      return null;
    }
    case 'SID_KETCHUM_HEAL': {
      const target = s.players[command.target];
      if (!target || !target.alive)
        return violation(BangViolations.ILLEGAL_TARGET, 'Sid Ketchum must name a living player');
      const gained = Math.min(1, target.maxLife - target.life);
      emit(ctx, {
        type: 'SID_KETCHUM_HEALED',
        seat,
        target: target.seat,
        gained,
        life: target.life + gained,
      });
      return null;
    }
    case 'ROLL_DICE':
      rollDice(ctx, [0, 1, 2, 3, 4]);
      return null;
    case 'REROLL_DICE': {
      const dice = command.dice;
      if (dice.length === 0)
        return violation(BangViolations.ILLEGAL_DIE, 'choose at least one die to reroll, or keep');
      if (new Set(dice).size !== dice.length || dice.some((d) => d < 0 || d >= DICE_COUNT)) {
        return violation(BangViolations.ILLEGAL_DIE, 'dice are distinct indices 0-4');
      }
      const allowed = rerollableDice(s);
      if (dice.some((d) => !allowed.includes(d))) {
        return violation(BangViolations.DYNAMITE_LOCKED, 'Dynamite dice cannot be rerolled');
      }
      rollDice(ctx, dice);
      return null;
    }
    case 'KEEP_DICE':
      emit(ctx, { type: 'ROLLING_ENDED', seat, reason: 'KEPT', dice: [...turn!.dice] });
      return null;
    case 'RESOLVE_DICE': {
      if (kind === 'RESOLVE_SHOTS') {
        const records = validateShots(s, command);
        if (!Array.isArray(records)) return records;
        emit(ctx, {
          type: 'SHOTS_ASSIGNED',
          seat,
          shots: records,
          slabDouble: command.slabDouble ?? null,
          hits: hitsOf(records),
        });
        return null;
      }
      if (command.slabDouble)
        return violation(BangViolations.ABILITY_NOT_AVAILABLE, 'Slab doubles a shot when shots are assigned');
      const beers = validateBeers(s, command.assignments);
      if (!Array.isArray(beers)) return beers;
      const roller = s.players[seat];
      const jesseDoubled = roller.character === 'JESSE_JONES' && roller.life <= 4;
      emit(ctx, { type: 'BEERS_RESOLVED', seat, jesseDoubled, beers });
      return null;
    }
    case 'BART_CASSIDY_TAKE_ARROWS': {
      const allowance = bartAllowance(s)!;
      if (command.count < 0 || command.count > allowance.max) {
        return violation(
          BangViolations.ILLEGAL_COUNT,
          `Bart may take 0 to ${allowance.max} arrows (never the last one)`,
        );
      }
      const arrows = s.players[seat].arrows + command.count;
      emit(ctx, {
        type: 'BART_CASSIDY_TOOK_ARROWS',
        seat,
        count: command.count,
        arrows,
        pile: s.pile - command.count,
      });
      return null;
    }
    case 'PEDRO_RAMIREZ_DISCARD': {
      const owed = pedroOwed(s)!;
      if (command.count < 0 || command.count > owed.max) {
        return violation(BangViolations.ILLEGAL_COUNT, `Pedro may return 0 to ${owed.max} arrows`);
      }
      const arrows = s.players[seat].arrows - command.count;
      emit(ctx, {
        type: 'PEDRO_RAMIREZ_DISCARDED',
        seat,
        count: command.count,
        arrows,
        pile: s.pile + command.count,
      });
      return null;
    }
    case 'KIT_CARLSON_DISCARD': {
      const { limit } = kitAllowance(s);
      if (command.from.length > limit)
        return violation(BangViolations.ILLEGAL_COUNT, `Kit may return at most ${limit} arrows`);
      const holdings = new Map(kitSources(s).map((x) => [x.seat, x.arrows]));
      for (const from of command.from) {
        const left = holdings.get(from) ?? 0;
        if (left <= 0)
          return violation(BangViolations.ILLEGAL_TARGET, `seat ${from} has no arrow Kit may return`);
        holdings.set(from, left - 1);
      }
      const from = [...command.from].sort((a, b) => a - b);
      emit(ctx, { type: 'KIT_CARLSON_DISCARDED', seat, from, pile: s.pile + from.length });
      return null;
    }
  }
}

export function decide(
  state: BangState,
  seat: number,
  command: BangCommand,
  rng: Rng,
): BangEvent[] | RuleViolation {
  if (state.phase === 'OVER') return violation(CommonViolations.GAME_OVER, 'the game is over');
  const prompt = pending(state).find((p) => p.seat === seat);
  if (!prompt) return violation(CommonViolations.NOT_YOUR_TURN, `seat ${seat} has nothing to decide now`);
  const ctx: Ctx = { state, events: [], rng };
  const problem = apply(ctx, seat, prompt.kind, command);
  if (problem) return problem;
  advance(ctx);
  return ctx.events;
}
