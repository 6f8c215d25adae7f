/**
 * Events: facts, each carrying what an auditor needs (faces rolled, points lost per seat, life
 * after, arrows and pile after). `evolve` applies them without drawing or recomputing rules.
 */
import type { CharacterId } from './data/characters';
import type { Face } from './data/dice';
import type { Role } from './data/roles';
import type { DamageSource, Hit } from './state';

export interface LifeLoss {
  seat: number;
  /** Points the batch aimed at this seat (after immunities). */
  hits: number;
  /** Points Bart Cassidy took as arrows instead. */
  substituted: number;
  /** Points actually lost (overkill is wasted). */
  lost: number;
  life: number;
}

export interface IndianLoss {
  seat: number;
  /** Arrows held when the attack struck (all returned to the pile). */
  arrows: number;
  lost: number;
  life: number;
}

export interface ShotRecord {
  die: number;
  face: 'ONE' | 'TWO';
  /** The shot type after Calamity Janet's swap and the 2-3 players rule. */
  as: 'ONE' | 'TWO';
  target: number;
  /** 2 for Slab the Killer's doubled die. */
  points: number;
}

export interface BeerRecord {
  die: number;
  target: number;
  gained: number;
  life: number;
}

export type BangEvent =
  | { type: 'GAME_STARTED'; seatCount: number; threePlayer: boolean; characterChoice: boolean }
  /** Role null = redacted for this viewer. */
  | { type: 'ROLE_DEALT'; seat: number; role: Role | null; faceUp: boolean }
  | { type: 'CHARACTER_DEALT'; seat: number; character: CharacterId; life: number }
  | { type: 'CHARACTERS_OFFERED'; seat: number; characters: CharacterId[] }
  /** Character null = redacted: others learn the choice only when everyone has chosen. */
  | { type: 'CHARACTER_CHOSEN'; seat: number; character: CharacterId | null }
  | { type: 'CHARACTERS_REVEALED'; characters: { seat: number; character: CharacterId; life: number }[] }
  | { type: 'TURN_STARTED'; seat: number; turn: number }
  | { type: 'SID_KETCHUM_HEALED'; seat: number; target: number; gained: number; life: number }
  | { type: 'DICE_ROLLED'; seat: number; roll: number; rerolled: number[]; dice: Face[] }
  | { type: 'ARROW_TAKEN'; seat: number; reason: 'DIE' | 'EL_GRINGO'; arrows: number; pile: number }
  | { type: 'INDIAN_ATTACK'; losses: IndianLoss[] }
  | { type: 'ROLLING_ENDED'; seat: number; reason: 'KEPT' | 'THREE_DYNAMITE' | 'ROLL_LIMIT'; dice: Face[] }
  | { type: 'DYNAMITE_EXPLODED'; seat: number; lost: number; life: number }
  | {
      type: 'SHOTS_ASSIGNED';
      seat: number;
      shots: ShotRecord[];
      slabDouble: { beerDie: number; shotDie: number } | null;
      hits: Hit[];
    }
  | { type: 'GATLING_FIRED'; seat: number; gatlings: number; hits: Hit[] }
  | { type: 'BART_CASSIDY_TOOK_ARROWS'; seat: number; count: number; arrows: number; pile: number }
  | { type: 'SHOTS_RESOLVED'; seat: number; losses: LifeLoss[] }
  | { type: 'GATLING_RESOLVED'; seat: number; losses: LifeLoss[] }
  | { type: 'PEDRO_RAMIREZ_DISCARDED'; seat: number; count: number; arrows: number; pile: number }
  | {
      type: 'PLAYER_ELIMINATED';
      seat: number;
      role: Role;
      character: CharacterId;
      cause: DamageSource;
      arrowsReturned: number;
    }
  | { type: 'MODE_CHANGED'; mode: 'LAST_SURVIVOR' }
  | {
      type: 'LIFE_GAINED';
      seat: number;
      amount: number;
      life: number;
      reason: 'VULTURE_SAM' | 'SUZY_LAFAYETTE';
    }
  | { type: 'BEERS_RESOLVED'; seat: number; jesseDoubled: boolean; beers: BeerRecord[] }
  | { type: 'GATLING_ARROWS_RETURNED'; seat: number; count: number; pile: number }
  | { type: 'KIT_CARLSON_DISCARDED'; seat: number; from: number[]; pile: number }
  | { type: 'TURN_ENDED'; seat: number }
  | { type: 'GAME_ENDED'; winners: number[]; reason: string; roles: Role[] };

export type BangEventType = BangEvent['type'];
