/**
 * What a viewer may see. Hidden information is only the roles of living non-Sheriff players (4-8
 * players) and, while characters are being chosen, the other players' picks. Everything else is
 * public: life, arrows, dice, characters, and who aimed shots or gave beer to whom so far (what
 * everyone at a real table sees, and what roles are guessed from).
 */
import type { Prompt, Viewer } from '../engine';
import type { CharacterId } from './data/characters';
import type { Face } from './data/dice';
import type { Role } from './data/roles';
import type { BangEvent } from './events';
import { pending } from './pending';
import type { BangState, Outcome, Phase, Task } from './state';

export interface PlayerView {
  seat: number;
  /** Null when hidden from this viewer. */
  role: Role | null;
  /** Null while hidden (another player's pending pick). */
  character: CharacterId | null;
  offers: CharacterId[];
  chosen: boolean;
  life: number;
  maxLife: number;
  arrows: number;
  alive: boolean;
  /** Public history: points this seat aimed at each seat with BANG! dice (index = target seat). */
  shotsAt: number[];
  /** Public history: beers this seat gave to each seat, Sid Ketchum's heal included. */
  beersTo: number[];
}

export interface TurnView {
  seat: number;
  number: number;
  rolls: number;
  maxRolls: number;
  dice: Face[];
  /** The step the turn is at (ROLL, REROLL_OR_KEEP, SHOTS, BEERS, ...). */
  step: Task | null;
  slabBeerDie: number | null;
}

export interface BangView {
  viewer: Viewer;
  phase: Phase;
  seatCount: number;
  threePlayer: boolean;
  mode: 'TARGETS' | 'LAST_SURVIVOR' | null;
  pile: number;
  players: PlayerView[];
  turn: TurnView | null;
  prompts: Prompt[];
  outcome: Outcome | null;
}

/**
 * The setup deals every role, then the characters (dealt or offered). Before the first character
 * a view of a past version is in the middle of the deal, where a hidden role is only the state's
 * placeholder: it is shown to nobody, not even its seat (a face-up role is shown once dealt).
 */
function rolesDealt(state: BangState): boolean {
  return state.players.some((p) => p.character !== null || p.offers.length > 0);
}

export function view(state: BangState, viewer: Viewer): BangView {
  const dealt = rolesDealt(state);
  const players = state.players.map((p): PlayerView => {
    const own = viewer === p.seat;
    const characterVisible = own || state.phase !== 'CHOOSING';
    return {
      seat: p.seat,
      role: p.roleFaceUp || (own && dealt) ? p.role : null,
      character: characterVisible ? p.character : null,
      offers: [...p.offers],
      chosen: p.character !== null,
      life: characterVisible ? p.life : 0,
      maxLife: characterVisible ? p.maxLife : 0,
      arrows: p.arrows,
      alive: p.alive,
      shotsAt: [...state.ledger.shots[p.seat]],
      beersTo: [...state.ledger.beers[p.seat]],
    };
  });
  const t = state.turn;
  return {
    viewer,
    phase: state.phase,
    seatCount: state.seatCount,
    threePlayer: state.threePlayer,
    mode: state.mode,
    pile: state.pile,
    players,
    turn: t
      ? {
          seat: t.seat,
          number: t.number,
          rolls: t.rolls,
          maxRolls: t.maxRolls,
          dice: [...t.dice],
          step: t.agenda[0] ?? null,
          slabBeerDie: t.slabBeerDie,
        }
      : null,
    prompts: pending(state),
    outcome: state.outcome ? { winners: [...state.outcome.winners], reason: state.outcome.reason } : null,
  };
}

export function redact(event: BangEvent, viewer: Viewer, _stateBefore: BangState | null): BangEvent | null {
  if (event.type === 'ROLE_DEALT' && !event.faceUp && viewer !== event.seat) return { ...event, role: null };
  if (event.type === 'CHARACTER_CHOSEN' && viewer !== event.seat) return { ...event, character: null };
  return event;
}
