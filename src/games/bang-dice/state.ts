/**
 * The game state: plain JSON, rebuilt from events by `evolve`. Control flow lives in the turn's
 * `agenda` (what is left to do this turn, in rule order), so a decision that interrupts a turn
 * (Bart Cassidy's or Pedro Ramirez's choice during someone else's turn, Kit Carlson's discards)
 * resumes exactly where it stopped.
 */
import type { CharacterId } from './data/characters';
import type { Face } from './data/dice';
import type { Role } from './data/roles';

export interface PlayerState {
  seat: number;
  /** Set by ROLE_DEALT right after GAME_STARTED (a placeholder before it). */
  role: Role;
  /** Sheriff, every 3-player role, and every eliminated player's role are public. */
  roleFaceUp: boolean;
  /** Null while the player is still choosing (characterChoice). */
  character: CharacterId | null;
  /** The two characters offered with characterChoice; empty otherwise. */
  offers: CharacterId[];
  life: number;
  maxLife: number;
  arrows: number;
  alive: boolean;
}

/**
 * Work left in the current turn, front first. Rolling: SID_HEAL, ROLL, REROLL_OR_KEEP. Resolution
 * (computed when rolling ends, spec §3.5): DYNAMITE, SHOTS, BEERS, GATLING, GATLING_DISCARD, KIT,
 * END. EL_GRINGO is inserted when El Gringo lost life to the roller's shots or Gatling.
 */
export type Task =
  | 'SID_HEAL'
  | 'ROLL'
  | 'REROLL_OR_KEEP'
  | 'DYNAMITE'
  | 'SHOTS'
  | 'BEERS'
  | 'GATLING'
  | 'GATLING_DISCARD'
  | 'KIT'
  | 'EL_GRINGO'
  | 'END';

export type DamageSource = 'SHOT' | 'GATLING' | 'DYNAMITE' | 'INDIANS';

export interface Hit {
  seat: number;
  /** Points this batch would take after immunities (Paul Regret: 0 to the Gatling). */
  amount: number;
}

/** A SHOT or GATLING batch declared but not yet applied: Bart Cassidy may still substitute. */
export interface PendingBatch {
  source: 'SHOT' | 'GATLING';
  hits: Hit[];
  bartDecided: boolean;
  bartArrows: number;
}

export interface TurnState {
  seat: number;
  /** 1-based count of turns in the game. */
  number: number;
  rolls: number;
  maxRolls: number;
  /** The five faces; empty before the first roll. */
  dice: Face[];
  agenda: Task[];
  batch: PendingBatch | null;
  /** Arrows Pedro Ramirez may still return after the last batch (0 = no prompt). */
  pedroOwed: number;
  /** The BEER die Slab the Killer spent on a double this turn. */
  slabBeerDie: number | null;
}

export type Phase = 'CHOOSING' | 'PLAYING' | 'OVER';

export interface Outcome {
  winners: number[];
  reason: string;
}

/**
 * What everyone at the table has seen players choose to do to each other, kept because roles are
 * read from it: who aimed shots at whom and who gave beer to whom (Sid Ketchum's heal counts as a
 * beer). Only chosen acts are counted; Gatling, Dynamite and Indian attacks hit without a choice.
 * Rows are replaced, never mutated, so `evolve` can share the ledger between states.
 */
export interface Ledger {
  /** shots[a][b]: points seat a aimed at seat b with BANG! dice (Slab's double counts 2). */
  shots: number[][];
  /** beers[a][b]: beers seat a gave to seat b (a == b: to himself), healing or not. */
  beers: number[][];
}

export interface BangState {
  seatCount: number;
  threePlayer: boolean;
  characterChoice: boolean;
  phase: Phase;
  players: PlayerState[];
  pile: number;
  turn: TurnState | null;
  /** 3-player objective mode (spec §4.4); null with 4-8 players. */
  mode: 'TARGETS' | 'LAST_SURVIVOR' | null;
  outcome: Outcome | null;
  ledger: Ledger;
}
