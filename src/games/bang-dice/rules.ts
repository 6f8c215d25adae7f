/** Pure rule helpers shared by decide, pending, legal and view. Nothing here changes state. */
import type { CharacterId } from './data/characters';
import { countFaces, isShotFace, type Face } from './data/dice';
import { THREE_PLAYER_TARGET } from './data/roles';
import type { BangState, DamageSource, Outcome, Task } from './state';

export function livingSeats(state: BangState): number[] {
  return state.players.filter((p) => p.alive).map((p) => p.seat);
}

export function characterAt(state: BangState, seat: number): CharacterId | null {
  return state.players[seat]?.character ?? null;
}

/** The living seat holding `character`, if any (each character exists once). */
export function livingSeatOf(state: BangState, character: CharacterId): number | null {
  const p = state.players.find((x) => x.alive && x.character === character);
  return p ? p.seat : null;
}

export function maxRollsFor(character: CharacterId | null): number {
  return character === 'LUCKY_DUKE' ? 4 : 3;
}

export function gatlingThresholdFor(character: CharacterId | null): number {
  return character === 'WILLY_THE_KID' ? 2 : 3;
}

/** The next living seat clockwise after `seat` (which may itself be dead). */
export function nextLivingSeat(state: BangState, seat: number): number {
  for (let step = 1; step <= state.seatCount; step++) {
    const s = (seat + step) % state.seatCount;
    if (state.players[s].alive) return s;
  }
  return seat;
}

/**
 * Legal targets of a shot of `type` by `roller` (spec §3.5 R3, Ambiguity #4): seats counted among
 * living players in one direction, k seats clockwise or counter-clockwise; with 3 or fewer living
 * players a TWO acts as a ONE; Rose Doolan reaches one seat further.
 */
export function shotTargets(state: BangState, roller: number, type: 'ONE' | 'TWO'): number[] {
  const circle = livingSeats(state);
  const n = circle.length;
  const at = circle.indexOf(roller);
  if (at < 0 || n < 2) return [];
  const effective = n <= 3 ? 'ONE' : type;
  const rose = characterAt(state, roller) === 'ROSE_DOOLAN';
  const reach = effective === 'ONE' ? (rose ? [1, 2] : [1]) : rose ? [2, 3] : [2];
  const targets = new Set<number>();
  for (const k of reach) {
    targets.add(circle[(at + k) % n]);
    targets.add(circle[(((at - k) % n) + n) % n]);
  }
  targets.delete(roller);
  return [...targets].sort((a, b) => a - b);
}

/** The shot type a ONE/TWO die is used as (Calamity Janet's swap), before the 2-3 players rule. */
export function usedAs(face: 'ONE' | 'TWO', swap: boolean): 'ONE' | 'TWO' {
  if (!swap) return face;
  return face === 'ONE' ? 'TWO' : 'ONE';
}

export function shotDice(dice: readonly Face[]): number[] {
  return dice.flatMap((f, i) => (isShotFace(f) ? [i] : []));
}

/** BEER dice still to resolve in R4 (Slab's spent beer excluded). */
export function beerDice(state: BangState): number[] {
  const turn = state.turn;
  if (!turn) return [];
  return turn.dice.flatMap((f, i) => (f === 'BEER' && i !== turn.slabBeerDie ? [i] : []));
}

/** What resolution has to do with the final faces, in rule order (spec §3.5). */
export function resolutionAgenda(dice: readonly Face[], character: CharacterId | null): Task[] {
  const agenda: Task[] = [];
  if (countFaces(dice, 'DYNAMITE') >= 3) agenda.push('DYNAMITE');
  if (shotDice(dice).length > 0) agenda.push('SHOTS');
  if (countFaces(dice, 'BEER') > 0) agenda.push('BEERS');
  const gatlings = countFaces(dice, 'GATLING');
  if (gatlings >= gatlingThresholdFor(character)) agenda.push('GATLING', 'GATLING_DISCARD');
  if (character === 'KIT_CARLSON' && gatlings > 0) agenda.push('KIT');
  agenda.push('END');
  return agenda;
}

export function currentTask(state: BangState): Task | null {
  return state.turn?.agenda[0] ?? null;
}

/** The roller may still choose to reroll (spec §3.2 steps 3-5). */
export function canReroll(state: BangState): boolean {
  const turn = state.turn;
  if (!turn || currentTask(state) !== 'REROLL_OR_KEEP') return false;
  return turn.rolls < turn.maxRolls && countFaces(turn.dice, 'DYNAMITE') < 3;
}

/** Dice the roller may reroll: Dynamite is locked except for Black Jack (spec §3.2, §5). */
export function rerollableDice(state: BangState): number[] {
  const turn = state.turn;
  if (!turn) return [];
  const blackJack = characterAt(state, turn.seat) === 'BLACK_JACK';
  return turn.dice.flatMap((f, i) => (f !== 'DYNAMITE' || blackJack ? [i] : []));
}

/** Kit Carlson's allowance in R5 (spec §5.2, Ambiguity #11). */
export function kitAllowance(state: BangState): { limit: number; othersOnly: boolean } {
  const turn = state.turn;
  if (!turn) return { limit: 0, othersOnly: false };
  const gatlings = countFaces(turn.dice, 'GATLING');
  return { limit: gatlings, othersOnly: gatlings >= gatlingThresholdFor(characterAt(state, turn.seat)) };
}

/** Seats whose arrows Kit may return, with how many each holds. */
export function kitSources(state: BangState): { seat: number; arrows: number }[] {
  const turn = state.turn;
  if (!turn) return [];
  const { othersOnly } = kitAllowance(state);
  return state.players
    .filter((p) => p.alive && p.arrows > 0 && !(othersOnly && p.seat === turn.seat))
    .map((p) => ({ seat: p.seat, arrows: p.arrows }));
}

/** How many points Bart Cassidy may take as arrows in the pending batch (never the last arrow). */
export function bartAllowance(state: BangState): { seat: number; max: number } | null {
  const batch = state.turn?.batch;
  if (!batch || batch.bartDecided) return null;
  const bart = livingSeatOf(state, 'BART_CASSIDY');
  if (bart === null) return null;
  const hit = batch.hits.find((h) => h.seat === bart);
  const max = Math.min(hit?.amount ?? 0, state.pile - 1);
  return max > 0 ? { seat: bart, max } : null;
}

export function pedroOwed(state: BangState): { seat: number; max: number } | null {
  const turn = state.turn;
  if (!turn || turn.pedroOwed <= 0) return null;
  const pedro = livingSeatOf(state, 'PEDRO_RAMIREZ');
  if (pedro === null) return null;
  const max = Math.min(turn.pedroOwed, state.players[pedro].arrows);
  return max > 0 ? { seat: pedro, max } : null;
}

export interface EndCheck {
  outcome: Outcome | null;
  /** 3 players: the game leaves targets mode (spec §4.4). */
  enterLastSurvivor: boolean;
}

/**
 * The game-end check after a batch (spec §4.1-4.4, Ambiguities #1, #20-23). `dead` are the seats
 * eliminated by this batch; `state` already has them eliminated.
 */
export function checkEnd(state: BangState, source: DamageSource, dead: number[], roller: number): EndCheck {
  const alive = state.players.filter((p) => p.alive);
  if (state.threePlayer) {
    if (dead.length === 0) return { outcome: null, enterLastSurvivor: false };
    let enterLastSurvivor = false;
    if (state.mode === 'TARGETS') {
      const target = THREE_PLAYER_TARGET[state.players[roller].role];
      const personal = source === 'SHOT' || source === 'GATLING';
      if (personal && dead.some((s) => state.players[s].role === target)) {
        return { outcome: { winners: [roller], reason: 'TARGET_ELIMINATED' }, enterLastSurvivor: false };
      }
      enterLastSurvivor = true;
    }
    if (alive.length === 1) {
      return { outcome: { winners: [alive[0].seat], reason: 'LAST_SURVIVOR' }, enterLastSurvivor };
    }
    if (alive.length === 0) return { outcome: { winners: [], reason: 'NO_SURVIVORS' }, enterLastSurvivor };
    return { outcome: null, enterLastSurvivor };
  }

  const sheriff = state.players.find((p) => p.role === 'SHERIFF');
  if (sheriff && !sheriff.alive) {
    if (alive.length === 1 && alive[0].role === 'RENEGADE') {
      return {
        outcome: { winners: [alive[0].seat], reason: 'RENEGADE_LAST_SURVIVOR' },
        enterLastSurvivor: false,
      };
    }
    const outlaws = state.players.filter((p) => p.role === 'OUTLAW').map((p) => p.seat);
    return { outcome: { winners: outlaws, reason: 'SHERIFF_ELIMINATED' }, enterLastSurvivor: false };
  }
  if (!alive.some((p) => p.role === 'OUTLAW' || p.role === 'RENEGADE')) {
    const team = state.players.filter((p) => p.role === 'SHERIFF' || p.role === 'DEPUTY').map((p) => p.seat);
    return {
      outcome: { winners: team, reason: 'OUTLAWS_AND_RENEGADES_ELIMINATED' },
      enterLastSurvivor: false,
    };
  }
  return { outcome: null, enterLastSurvivor: false };
}
